"""Rajas of the Ganges' spectator view, as its picture and words read it
(engine/shown.py)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from engine.shown import Shown


class CellShown(TypedDict):
    tile: str
    roads: list[str]  # the tile's road edges, as placed: "N", "E", "S", "W"
    under: NotRequired[str]  # the tile an upgrade was built over


class PlayerShown(TypedDict):
    fame: int
    money: int
    margin: int  # money minus fame: how far the two markers are from meeting
    karma: int
    workers: int
    placed: int
    passed: bool
    boat: int  # river space; 0 at the start
    upgrades: dict[str, int]  # building -> upgrades made on it
    upgrades_made: int
    dice: list[list[Any]]  # [colour, pips]
    cells: dict[str, CellShown]  # the province: cell -> its tile
    yields: list[str]  # edge yields taken ("b1N")
    side: str  # the province board's side
    slots: dict[str, Any]


class RajasView(Shown):
    round: int
    roles: list[str]
    start: str  # who starts the round
    display: dict[str, str | None]  # stack -> its top tile
    stack_sizes: dict[str, int]
    supply: dict[str, int]
    river: list[str]  # the earnings of each river space
    yield_display: dict[str, Any]
    used: dict[str, list[str]]  # worker space -> the roles whose workers are on it
    layout: dict[str, Any]  # the worker spaces' costs and goods, as set up
    players: dict[str, PlayerShown]
    end: dict[str, str] | None  # the last stage, once triggered: {"trigger": ...}
