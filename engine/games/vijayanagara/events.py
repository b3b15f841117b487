"""Carrying out an Event (2.3.4). A side's effect is, in order of precedence: a
function registered here by card number and side (``effect(state, faction)``,
used by tests), the ops of the card data (effects.py), or "manual" (manual.py).
A side with none of these is not offered."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.vijayanagara import decks, effects, manual

SIDES = ("unshaded", "shaded")
EFFECTS: dict[int, dict[str, Callable[[dict, str], None]]] = {}


def register(number: int, side: str, fn: Callable[[dict, str], None]) -> None:
    if side not in SIDES:
        raise ValueError(side)
    EFFECTS.setdefault(number, {})[side] = fn


def _data(state: dict, number: int, side: str):
    return (decks.events(state)[number].get(side) or {}).get("effect")


def sides(state: dict, number: int) -> list[str]:
    return [s for s in SIDES if s in EFFECTS.get(number, {}) or _data(state, number, s)]


def text(state: dict, number: int, side: str) -> str:
    return (decks.events(state)[number].get(side) or {}).get("text", "")


def run(state: dict, number: int, side: str, faction: str) -> None:
    if side in EFFECTS.get(number, {}):
        EFFECTS[number][side](state, faction)
        return
    effect = _data(state, number, side)
    if effect == "manual":
        manual.start(state, faction)
    else:
        effects.start(state, effect, faction, f"card {number} {side}")
