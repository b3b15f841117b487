"""Rebuild a state from its seed, options and step log (the source of truth)."""

from __future__ import annotations

from collections.abc import Iterable

from engine import games

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
