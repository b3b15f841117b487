"""Nim's sample positions, for the render tests and the bench."""

from __future__ import annotations

from engine import games

PLAYERS = {"first": "ravi", "second": "Computer"}


def views() -> dict[str, dict]:
    g = games.get("nim")
    start = g.setup(1, {})
    later = g.act(g.act(start, "first", "take", 3), "second", "take", 2)
    return {"start": g.view(start, None), "mid": g.view(later, None)}
