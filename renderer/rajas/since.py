"""What changed on the Rajas picture between two spectator views (a player's "since your
last move"): boats moved, tiles for sale replaced, provinces built on, dice changed. Pure:
it reads the two views only, and only what both show everyone, so nothing hidden (a
stack's order, dice to come) can be marked. The picture draws each mark
(renderer/rajas/board.py): an arrow for a boat, a ring round the rest. Fame, money,
karma and the worker spaces are the post's text, where the summary tells their changes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def changes(before: Mapping[str, Any], now: Mapping[str, Any]) -> frozenset[str]:
    """The marks, as keys the picture reads: ``boat red 3 5`` (from space 3 to 5),
    ``violet-snake`` (a stack's top tile), ``province red``, ``dice red``."""
    out: set[str] = set()
    was = before.get("players") or {}
    for role, p in (now.get("players") or {}).items():
        q = was.get(role)
        if q is None:
            continue
        if q["boat"] != p["boat"]:
            out.add(f"boat {role} {q['boat']} {p['boat']}")
        if q["cells"] != p["cells"]:
            out.add(f"province {role}")
        if q["dice"] != p["dice"]:
            out.add(f"dice {role}")
    shown, old = now.get("display") or {}, before.get("display") or {}
    out |= {k for k in shown if shown.get(k) != old.get(k)}
    return frozenset(out)


def province_changes(before: Mapping[str, Any], now: Mapping[str, Any],
                     role: str) -> frozenset[str]:
    """What changed in ``role``'s province, as keys the province view reads: ``cell c2``
    (a tile placed or built over), ``yield b1N`` (an edge yield earned), ``dice``."""
    p = (now.get("players") or {}).get(role)
    q = (before.get("players") or {}).get(role)
    if p is None or q is None:
        return frozenset()
    cells = {c for c in {*p["cells"], *q["cells"]} if p["cells"].get(c) != q["cells"].get(c)}
    earned = set(p.get("yields") or []) - set(q.get("yields") or [])
    return frozenset({*(f"cell {c}" for c in cells), *(f"yield {y}" for y in earned),
                      *(["dice"] if p["dice"] != q["dice"] else [])})


__all__ = ["changes", "province_changes"]
