"""The Maharaja fuzzer: random games of 3, 4 and 5 players and the short game (and of
games stored before issue 24's rules), checked after every step (counter mix never
exceeded, stacking after movement, no army where none may be, a legal step always there)
and ending with a result after turn 16."""

from __future__ import annotations

import random

import pytest

from engine.games.maharaja import rules as R
from tests.engine.maharaja.play import check, random_step
from tests.support.soak import sample

pytestmark = pytest.mark.slow  # every test here takes seconds


@pytest.mark.parametrize("seed,options,revision", sample([
    (1, {"players": 3}, 2),
    # games stored before issue 24 (no revision) play on with the rules they began under
    (6, {"length": "short"}, 1),
    (2, {"players": 4}, 2), (3, {"players": 5}, 2), (4, {"length": "short"}, 2),
    (5, {"players": 4}, 1),
], keep=2))
def test_random_games_keep_every_invariant_and_end_after_turn_16(seed, options, revision):
    rng = random.Random(seed)
    state = R.setup(seed, options)
    if revision == 1:
        del state["revision"]
    check(state)
    steps = 0
    while not state["result"]:
        state = random_step(state, rng)
        check(state)
        steps += 1
        assert steps < R.MAX_STEPS
    assert state["turn"] == 16
    assert set(state["result"]["winners"]) <= set(state["roles"])
    assert state["result"]["scores"] == state["vp"]
