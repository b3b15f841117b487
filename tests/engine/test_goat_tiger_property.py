"""Random games: always end with a correct result, never at a dead end."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import games
from engine.games.goat_tiger import rules
from engine.replay import replay

pytestmark = pytest.mark.slow  # every test here takes seconds

g = games.get("goat_tiger")
MAX_STEPS = 5000


def random_game(seed: int, goats: int):
    rng = random.Random(seed)
    state = g.setup(seed, {"goats": goats})
    log = []
    for _ in range(MAX_STEPS):
        if g.result(state) is not None:
            return state, log
        view = g.view(state, None)
        assert len(view["active"]) == 1
        role = view["active"][0]
        steps = games.legal_steps(g, g.view(state, role))
        assert steps, f"dead end: {role} has no legal step in a game that is not over"
        action, arg = rng.choice(steps)
        state = g.act(state, role, action, arg)
        log.append((role, action, arg))
        board = state["board"]
        assert board.count("T") == 3
        assert board.count("G") + state["in_hand"] + state["captured"] == goats
    raise AssertionError("a random game did not end")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), goats=st.sampled_from([15, 15, 12, 20]))
def test_random_games_end_with_a_correct_result(seed, goats):
    state, log = random_game(seed, goats)
    res = g.result(state)
    assert json.loads(json.dumps(state)) == state
    assert g.view(state, None)["active"] == []
    if res["winners"] == ["tigers"]:
        goats_stuck = state["to_move"] == "goats" and not rules.legal_moves(
            dict(state, result=None))
        assert state["captured"] >= 5 or goats_stuck
    elif res["winners"] == ["goats"]:
        assert state["to_move"] == "tigers"
        assert rules.legal_moves(dict(state, result=None)) == []
        assert state["captured"] < 5
    else:
        assert res["winners"] == []
        assert state["positions"].count(state["positions"][-1]) >= 3
    # The log is the source of truth: replaying it gives the same state.
    assert replay("goat_tiger", seed, {"goats": goats}, log) == state
