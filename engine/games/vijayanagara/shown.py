"""Vijayanagara's spectator view, as its picture and words read it (engine/shown.py)."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.shown import Shown


class SpaceShown(TypedDict):
    name: str
    pieces: dict[str, int]  # piece kind -> count
    tributary: bool | None  # None where a space cannot be Tributary
    control: str | None


class FactionShown(TypedDict):
    resources: int
    cavalry: int
    vp: int


class TurnShown(TypedDict):
    acted: list[str]
    cmd_decree: str | None
    event_or_command: str | None
    choices: dict[str, str]  # faction -> what it chose on this card


class VijayanagaraView(Shown):
    spaces: dict[str, SpaceShown]
    factions: dict[str, FactionShown]
    available: dict[str, int]
    cavalry_pool: int
    influence: dict[str, int]
    influence_slots: dict[str, dict[str, int]]
    dynasty: str
    # The current card: an Event (number, year, order, text by side), a Mongol Invasion
    # or a special card; the keys depend on its kind.
    card: dict[str, Any] | None
    played: list[str]
    deck_size: int
    successions_left: list[str]
    eligible: dict[str, bool]
    turn: TurnShown
    last_touched: list[str]
    touched: list[str]
    # the spaces touched by the completed actions of the current card (Sequence of Play)
    card_touched: list[str]
    waiting_for: list[str]
