"""Whom a game waits for, without its view (``games.active``): what the table asks of
every position a typed line passes through, which must be what the spectator view says."""

from __future__ import annotations

import random

import pytest

from engine import games

pytestmark = pytest.mark.slow  # a random game of every kind, a view at each step


@pytest.mark.parametrize("game_id", games.ids())
def test_whom_a_game_waits_for_is_what_its_view_says(game_id):
    g = games.get(game_id)
    rng = random.Random(40)
    state = g.setup(7, {})
    for _ in range(60):
        assert games.active(g, state) == g.view(state, None)["active"]
        if g.result(state) is not None:
            break
        role = games.active(g, state)[0]
        for action, arg in games.random_move(g, state, rng)[0]:
            state = g.act(state, role, action, arg)
            assert games.active(g, state) == g.view(state, None)["active"]
    assert games.active(g, state) == g.view(state, None)["active"]


def test_rajas_says_whom_it_waits_for_without_its_view():
    """Rajas' view is a tenth of a millisecond: the table asks ``active`` of its rules."""
    assert games.get("rajas").active is not None
