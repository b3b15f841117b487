"""Taj Mahal's spectator view, as its picture and words read it (engine/shown.py): the
public table only; a player's own view adds the cards in their hand."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine.shown import Shown


class PlayerShown(TypedDict):
    score: int
    hand: int  # how many cards, never which
    played: list[str]
    symbols: dict[str, int]  # symbol -> how many played this visit
    colour: str | None  # the colour played this visit
    out: bool  # withdrawn from the visit
    influence: dict[str, int]
    goods: list[str]
    tiles: list[int]  # the province tiles won, by visit


class HandView(TypedDict):
    """What the picture of a hand reads of its owner's own view."""

    hand: list[str]  # the cards held


class TajMahalView(Shown):
    visit: int
    province: str
    order: list[str]
    court: dict[str, bool | str]  # prize -> still to win; "crown_city" where the crown went
    bonus: dict[str, str]  # city -> bonus tile kind
    palaces: dict[str, list[str]]  # city -> roles with a palace there
    supply: list[str]
    deck_size: int
    discard: list[str]
    specials: dict[str, str | None]
    players: dict[str, PlayerShown]
    hand: NotRequired[list[str]]  # in a player's own view only: the cards they hold
