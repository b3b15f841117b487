"""Maharaja's spectator view, as its picture and words read it (engine/shown.py)."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.shown import Shown


class ArmsShown(TypedDict):
    nation: str  # the nation armed
    active: bool


class SubmittedShown(TypedDict):
    to: str  # the nation submitted to
    where: list[str]  # the territories given
    turn: int


class MaharajaView(Shown):
    turn: int
    year: str
    roles: list[str]
    control: dict[str, str]  # nation -> the role playing it
    order: list[str]  # this turn's order of play, by nation
    idx: int
    nation: str | None  # the nation acting
    phase: str
    round: int
    rounds: int  # 2 for a major invasion: it moves and fights twice
    armies: dict[str, dict[str, int]]  # place -> nation -> armies
    leaders: dict[str, str]  # leader -> place
    factories: dict[str, str]  # area -> colonial power
    arms: dict[str, ArmsShown]  # by the colonial power arming
    submitted: dict[str, SubmittedShown]  # by the nation that submitted
    allies: list[str]  # allies of the British
    alliance_box: dict[str, str]
    pool: dict[str, int]
    pop: dict[str, int]
    no_pop: list[str]
    vp: dict[str, int]  # by role
    nation_vp: dict[str, int]
    titles: dict[str, str | None]  # nation -> its Raj title
    battle: dict[str, Any] | None  # the battle being fought: place, att, def, stage ...
    dice: dict[str, Any] | None  # the last battle's dice
    sel: dict[str, str] | None  # a move being chosen: from, to
    options: dict[str, Any]
    acting_for: dict[str, str]  # role -> the nation it acts for now
