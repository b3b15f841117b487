"""Every game's ``act`` opens the same way (engine/steps.py, opening): a finished game, a
role that is no side of the game and a step out of turn are refused in the same words
whatever the game, before anything about the step itself."""

from __future__ import annotations

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.jsontree import clone


def _opening(game_id: str):
    g = games.get(game_id)
    state = g.setup(1, {})
    mover = g.view(state, None)["active"][0]
    step = next((a, x) for a, xs in g.view(state, mover)["actions"].items()
                for x in (xs or [None]))
    return g, state, mover, step


def _refused(g, state, role, step) -> str:
    with pytest.raises(IllegalAction) as e:
        g.act(state, role, *step)
    return str(e.value)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_finished_game_refuses_every_step_in_one_text(game_id):
    g, state, mover, step = _opening(game_id)
    over = clone(state)
    over["result"] = {"winners": [mover], "scores": {}}
    assert _refused(g, over, mover, step) == "This game is over."


@pytest.mark.parametrize("game_id", games.ids())
def test_a_role_that_is_no_side_is_refused_in_one_text(game_id):
    g, state, _, step = _opening(game_id)
    assert _refused(g, state, "nobody", step) == "`nobody` is not a side in this game."


@pytest.mark.parametrize("game_id", games.ids())
def test_a_step_out_of_turn_names_whose_turn_it_is(game_id):
    g, state, mover, step = _opening(game_id)
    other = next(r for r in g.sides(state["options"]) if r != mover) \
        if g.sides else next(r for r in g.ROLES if r != mover)
    text = _refused(g, state, other, step)
    # A game with steps allowed out of turn words their refusal itself (Maharaja: who
    # decides, and what may be declared out of turn); the others in one text.
    assert text == f"It is not your turn: waiting for {g.ROLE_NAMES[mover]}." or (
        g.ROLE_NAMES[mover] in text and "out of turn" in text)
