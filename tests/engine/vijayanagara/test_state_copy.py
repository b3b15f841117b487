"""act() copies the state with engine.jsontree instead of copy.deepcopy (issue 13: the
copy was two thirds of the engine's time). The copy must change nothing a player sees."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import games, jsontree
from engine.games.vijayanagara import rules
from tests.engine.vijayanagara import fuzz

g = games.get("vijayanagara")


def _game(seed: int, steps: int = 400) -> list[str]:
    """Every state of a random game, as JSON; random choices include giving."""
    r = random.Random(seed)
    state = g.setup(seed, {})
    out = [json.dumps(state, sort_keys=True)]
    for _ in range(steps):
        if state["result"] is not None:
            break
        role = g.view(state, None)["active"][0]
        state = g.act(state, role, *r.choice(games.legal_steps(g, g.view(state, role))))
        out.append(json.dumps(state, sort_keys=True))
    return out


@pytest.mark.slow
def test_the_fast_copy_plays_the_same_game_as_deepcopy(monkeypatch):
    fast = [_game(seed) for seed in (1, 2)]
    monkeypatch.setattr(rules, "_copy", copy.deepcopy)
    assert fast == [_game(seed) for seed in (1, 2)]


def test_act_leaves_the_state_it_was_given_untouched():
    r = random.Random(5)
    state = g.setup(5, {})
    for _ in range(300):
        if state["result"] is not None:
            break
        role = g.view(state, None)["active"][0]
        before = json.dumps(state, sort_keys=True)
        new = g.act(state, role, *r.choice(games.legal_steps(g, g.view(state, role))))
        assert json.dumps(state, sort_keys=True) == before
        state = new


def test_the_parts_copied_shallow_hold_only_plain_values():
    state, _ = fuzz.play(11, checked=False)
    assert jsontree.plain(state, rules.FLAT, rules.FLAT_INSIDE) == []
    broken = copy.deepcopy(state)
    broken["resources"]["delhi"] = [1]
    assert jsontree.plain(broken, rules.FLAT, rules.FLAT_INSIDE) == ["resources"]


def test_clone_shares_nothing_mutable():
    tree = {"a": [1, {"b": [2, 3]}], "c": {"d": {}}, "e": "x"}
    copied = jsontree.clone(tree)
    assert copied == tree
    copied["a"][1]["b"].append(4)
    copied["c"]["d"]["f"] = 1
    assert tree == {"a": [1, {"b": [2, 3]}], "c": {"d": {}}, "e": "x"}
