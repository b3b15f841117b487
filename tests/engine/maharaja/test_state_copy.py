"""act() copies the state with engine.jsontree's clone_state, told which parts hold only
plain values (issue 40: walking the log line by line was a sixth of replaying a long
game's log), and the movement prompt asks of each place only whether it may go anywhere.
Neither may change anything a player sees."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import jsontree
from engine.games.maharaja import decisions
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.play import random_step

pytestmark = pytest.mark.slow  # random games of a few hundred steps


def _game(seed: int, steps: int = 300, revision: int = 2) -> list[dict]:
    """Every state of a random game (declarations at any time among its steps)."""
    rng, state = random.Random(seed), R.setup(seed, {"players": 4})
    if revision == 1:
        del state["revision"]
    out = [state]
    for _ in range(steps):
        if state["result"]:
            break
        state = random_step(state, rng)
        out.append(state)
    return out


def test_the_fast_copy_plays_the_same_game_as_deepcopy(monkeypatch):
    fast = [json.dumps(s, sort_keys=True) for seed in (1, 2) for s in _game(seed)]
    monkeypatch.setattr(R, "copied", copy.deepcopy)
    assert fast == [json.dumps(s, sort_keys=True) for seed in (1, 2) for s in _game(seed)]


def test_act_leaves_the_state_it_was_given_untouched_and_flat_parts_stay_flat():
    rng, state = random.Random(7), R.setup(7, {"players": 5})
    for _ in range(300):
        if state["result"]:
            break
        before = json.dumps(state, sort_keys=True)
        new = random_step(state, rng)
        assert json.dumps(state, sort_keys=True) == before
        assert jsontree.plain(new, R.FLAT, R.FLAT_INSIDE) == []
        state = new
    broken = copy.deepcopy(state)
    broken["moved"]["delhi"] = [1]
    assert jsontree.plain(broken, R.FLAT, R.FLAT_INSIDE) == ["moved"]


@pytest.mark.parametrize("revision", [2, 1])
def test_the_places_offered_to_move_from_are_those_with_somewhere_to_go(revision):
    """Whether a place may move is asked without listing its destinations: the same
    places, at every position of random games under either rules revision."""
    for state in _game(3, 400, revision):
        nation = state["nation"]
        if not nation or state["phase"] != "movement":
            continue
        every = [p for p in f.places_of(state, nation)
                 if decisions.destinations(state, nation, p)]
        assert decisions.movable(state, nation) == every
        assert decisions.may_move(state, nation) == bool(every)
