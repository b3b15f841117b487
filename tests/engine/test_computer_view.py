"""Every computer player decides from its own view only (issue 35): the same view with
everything hidden from it dealt anew (the deck's or stacks' order, face-down tiles, the dice
to come and the generator itself, the other roles' hands: what the game's own ``redeal``
deals anew for ``keep=[role]``) gets the same decision, step for step, until a step shows
something new. Otherwise anyone who reads the code could learn the hidden order from the
computer's choices.

The positions are those of seeded games in which each turn is the computer's or a random
player's; every computer turn is checked against its twin. Goat-Tiger hides nothing: its
twin is the position itself, so there it checks that the same position gets the same
decision again (nothing is kept between calls)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from engine import games
from engine.contract import Game
from tests.support.soak import sample
from tests.support.views import same_while_alike
from tools import arena

Step = tuple[str, object]
# The options each game is played with: its default, and where a variant hides more (Rajas'
# Mango Village stack, its Navaratnas brown tiles) that too.
OPTIONS: dict[str, list[dict]] = {
    "goat_tiger": [{}],
    "vijayanagara": [{}],
    "taj_mahal": [{"players": 3}, {"players": 5}],
    "rajas": [{"players": 3}, {"players": 4, "mango": True},
              {"players": 2, "variant": "navaratnas"}],
    "maharaja": [{}],
}
CASES = [(gid, i) for gid in games.ids() for i in range(len(OPTIONS[gid]))]
# Computer turns checked in a game: in the fast slice, and in each game of the slow test.
# Goat-Tiger's search takes most of a second, and its twin is the position itself.
CHECKS = {"goat_tiger": (1, 3)}
USUAL_CHECKS = (8, 40)


def twin(g: Game, state: dict, role: str, seed: int) -> dict:
    """``state`` with everything ``role`` cannot see dealt anew by the game's own redeal
    (a copy where the game hides nothing)."""
    if g.redeal is None:
        return json.loads(json.dumps(state))
    return games.redealt(g, state, seed, keep=[role])


def same_decision(g: Game, state: dict, role: str, seed: int) -> tuple[list[Step], int]:
    """The computer's steps from ``state``, checked against those from its twin for as
    long as the two look the same to ``role``, and how many steps that was."""
    other = twin(g, state, role, seed)
    mine = g.bot_steps(state, role)
    return mine, same_while_alike(g, role, state, mine, other, g.bot_steps(other, role))


def decisions(g: Game, options: dict, seed: int, checks: int,
              max_turns: int) -> Iterator[int]:
    """A seeded game in which each turn is, at random, the computer's (checked against its
    twin first) or a random player's single step, so that positions inside a move come up
    too; yields the steps compared at each of the first ``checks`` computer turns."""
    rng = random.Random(seed)
    randomly = arena.random_opponents(g)(seed)
    done = 0
    state = g.setup(seed, options)
    for _ in range(max_turns):
        if g.result(state) is not None or done >= checks:
            return
        role = g.view(state, None)["active"][0]
        if rng.random() < 0.5:
            steps, compared = same_decision(g, state, role, seed * 1000 + done)
            yield compared
            done += 1
        else:
            steps = list(randomly(state, role))
        for action, arg in steps:
            state = g.act(state, role, action, arg)


@pytest.mark.parametrize("game_id,which", CASES)
@pytest.mark.slow
def test_the_same_view_gets_the_same_decision(game_id, which):
    """The fast slice: a few computer turns early in one game of each."""
    g = games.get(game_id)
    checks, _ = CHECKS.get(game_id, USUAL_CHECKS)
    compared = list(decisions(g, OPTIONS[game_id][which], seed=4, checks=checks,
                              max_turns=80))
    assert compared and sum(compared) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", sample(range(10, 14)))
@pytest.mark.parametrize("game_id,which", CASES)
def test_the_same_view_gets_the_same_decision_throughout_games(game_id, which, seed):
    """Whole games (bounded), several seeds: late positions hide other things."""
    g = games.get(game_id)
    _, checks = CHECKS.get(game_id, USUAL_CHECKS)
    compared = list(decisions(g, OPTIONS[game_id][which], seed, checks, max_turns=400))
    assert compared
