"""What Rajas reveals (issue 23, point 1): every tile drawn from hidden stock (a face-down
stack refilling the display, a white yield tile for the dancer) and every roll is a
reveal, so a typed line stops there and undo past it needs consent."""

from __future__ import annotations

import random

import pytest

from engine import games
from engine.games.rajas import rules as R
from tests.engine.rajas.test_rules import random_step


def _hidden(state: dict) -> tuple:
    """The hidden stock: the stacks' orders and the white yield tiles still to draw."""
    return (tuple(tuple(s) for s in state["stacks"].values()), tuple(state["white"]))


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"rules": "printed"},
                                     {"variant": "navaratnas", "players": 2},
                                     {"mango": True, "ganga": True, "players": 4}])
@pytest.mark.slow
def test_every_draw_from_hidden_stock_changes_the_reveal_mark(options):
    rng = random.Random(7)
    drew = 0
    for seed in range(6):
        state = R.setup(seed, options)
        for _ in range(600):
            if state["result"] is not None:
                break
            after = random_step(state, rng)
            if _hidden(after) != _hidden(state):
                drew += 1
                assert games.reveal_mark(R, after) != games.reveal_mark(R, state)
            state = after
    assert drew >= 10


def test_the_dancer_s_white_tile_is_a_reveal():
    """Palace, the Dancer: a white yield tile is drawn (Actions at the palace)."""
    rng = random.Random(3)
    for seed in range(40):
        state = R.setup(seed, {})
        for _ in range(400):
            if state["result"] is not None:
                break
            white = len(state["white"])
            after = random_step(state, rng)
            if len(after["white"]) < white:
                assert games.reveal_mark(R, after) != games.reveal_mark(R, state)
                return
            state = after
    pytest.fail("the dancer never drew a white tile")
