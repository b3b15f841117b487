"""Complete random games: every step keeps the invariants of the rules, every game
ends right after Timur with a result, and the log replays to the same state.
`python -m tests.engine.vijayanagara.fuzz_many N` runs thousands of games."""

from __future__ import annotations

import json

import pytest

from engine.replay import replay
from tests.engine.vijayanagara.fuzz import play

GAMES = 120


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_every_invariant_and_end_after_timur(block):
    endings = set()
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        options = {"timurs_shadow": seed % 3 == 0}
        state, steps = play(seed, options=options)  # check() runs after every step
        assert state["current"] == "t2"
        assert state["result"]["winners"]
        endings.add(tuple(state["result"]["winners"]))
        assert len(steps) > 50
    assert endings  # at least one decided game per block


def test_a_game_replays_from_its_log_and_survives_json():
    state, steps = play(4242, checked=False)
    again = replay("vijayanagara", 4242, {}, steps)
    assert again == state
    assert json.loads(json.dumps(state)) == state
