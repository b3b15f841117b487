"""Rebuild a state from its seed, options and step log (the source of truth)."""

from __future__ import annotations

from collections.abc import Iterable

from engine import games
from engine.contract import View

Steps = Iterable[tuple[str, str, object]]


def replay(game_id: str, seed: int, options: dict, steps: Steps,
           like: dict | None = None) -> dict:
    """Apply (role, action, arg) steps in order to a fresh setup; ``like``: the stored
    state, whose rules revision the setup keeps (see games.setup_options)."""
    g = games.get(game_id)
    state = g.setup(seed, games.setup_options(g, options, like))
    for role, action, arg in steps:
        state = games.apply_step(g, state, role, action, arg)
    return state


def shown(before: View | None, after: View) -> bool:
    """Whether the position ``after`` (a spectator view) is one the others get to see: the
    start of the game, or a move was completed, the decision passed to another role, or
    the game ended. Between such moments the mover's steps are private (the table shows
    them when the move is complete; a replay pictures these positions)."""
    return (before is None or not after["active"] or after["move"] != before["move"]
            or after["active"] != before["active"])
