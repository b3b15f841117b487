"""The engine contract (engine/contract.py), held for every game id: the registry gives a
typed ``Game`` whose capabilities are data that agree with what the game does."""

from __future__ import annotations

import json
import random

import pytest

from engine import games
from engine.contract import Game

IDS = games.ids()


@pytest.mark.parametrize("game_id", IDS)
def test_the_registry_gives_each_game_its_typed_description(game_id):
    g = games.get(game_id)
    assert isinstance(g, Game) and game_id == g.ID and g.NAME
    assert set(g.ROLES) <= set(g.ROLE_NAMES) and len(set(g.ROLES)) == len(g.ROLES)
    lo, hi = g.PLAYERS
    assert 1 <= lo <= hi <= len(g.ROLES)
    assert all(spec["type"] in ("int", "bool", "choice", "set") and "default" in spec
               and spec.get("help") for spec in g.OPTIONS.values())
    assert g.RULES_SUMMARY and g.REVISION >= 1
    assert g.FILES is None or g.FILES.problems() == []


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.slow
def test_the_functions_keep_the_contract_over_random_steps(game_id):
    g = games.get(game_id)
    rng = random.Random(3)
    state = g.setup(5, {})
    assert json.loads(json.dumps(state)) == state and g.result(state) is None
    for _ in range(120):
        if g.result(state) is not None:
            break
        view = g.view(state, None)
        assert {"prompt", "actions", "active", "log", "move"} <= set(view)
        role = view["active"][0]
        before = json.dumps(state, sort_keys=True)
        action, arg = rng.choice(games.legal_steps(g, g.view(state, role)))
        assert games.step_for_token(g, state, role, g.token(action, arg)) == (action, arg)
        assert g.describe(action, arg)
        after = g.act(state, role, action, arg)
        assert json.dumps(state, sort_keys=True) == before  # act returns a new state
        assert json.loads(json.dumps(after)) == after
        state = after
    assert isinstance(g.summary(state), dict)


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.slow
def test_capabilities_are_data_that_agree_with_the_game(game_id):
    g = games.get(game_id)
    state = g.setup(7, {})
    role = g.view(state, None)["active"][0]
    if g.computer:  # a computer player gives legal steps for the side to act
        for action, arg in g.bot_steps(state, role)[:1]:
            assert (action, arg) in games.legal_steps(g, g.view(state, role))
    if g.ONE_SIDE_EACH:  # a game of hidden hands shows each its own, and deals anew
        assert g.hand_text is not None and g.redeal is not None
        assert "hand" in g.view(state, role) and "hand" not in g.view(state, None)
    if g.redeal is not None:
        again = games.redealt(g, state, 99, keep=g.ROLES)
        assert g.view(again, None)["log"] == g.view(state, None)["log"]
    if g.sides is not None:
        assert set(g.sides({})) <= set(g.ROLES)
    assert games.side_name(g, g.ROLES[0]).endswith(g.ROLE_NAMES[g.ROLES[0]])
