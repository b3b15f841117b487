"""The per-card Event hook (2.3.4). Each Event card's two effects are functions
``effect(state, faction)`` registered by card number and side; they mutate the
state and may push frames for the choices they leave open. A card without a
registered effect cannot be chosen as an Event (the option is not offered)."""

from __future__ import annotations

from collections.abc import Callable

SIDES = ("unshaded", "shaded")
EFFECTS: dict[int, dict[str, Callable[[dict, str], None]]] = {}


def register(number: int, side: str, fn: Callable[[dict, str], None]) -> None:
    if side not in SIDES:
        raise ValueError(side)
    EFFECTS.setdefault(number, {})[side] = fn


def sides(number: int) -> list[str]:
    return [s for s in SIDES if s in EFFECTS.get(number, {})]


def run(state: dict, number: int, side: str, faction: str) -> None:
    EFFECTS[number][side](state, faction)
