"""The Rajas computer player: it wins against random players, decides a turn quickly,
and never uses the hidden future (its choice is the same whatever the stacks hold)."""

from __future__ import annotations

import random

import pytest

from engine import games
from engine.games.rajas import ai
from engine.games.rajas import rules as R
from tests.engine.rajas.test_rules import random_step
from tools import arena


def _game(seed: int, computer: str) -> dict:
    g = games.get("rajas")
    return arena.play(g, g.setup(seed, {"players": 3}), {computer: arena.computer(g)},
                      arena.random_opponents(g)(seed))


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_the_computer_beats_random_players():
    """In `darbar bench` it won 20 of 20 3-player games; two seats here keep CI quick."""
    for seed, seat in ((1, "red"), (2, "white")):
        state = _game(seed, seat)
        assert state["result"]["winners"] == [seat], state["result"]


def test_its_choice_does_not_depend_on_the_hidden_future():
    state = R.setup(4, {"players": 3})
    rng = random.Random(4)
    for _ in range(40):  # a position some turns in
        state = random_step(state, rng)
    role = R.active(state)[0]
    assert ai.choose(state, role) == ai.choose(games.redealt(R, state, 99), role)


def test_what_it_imagines_is_made_of_what_it_sees():
    """Issue 35: the copy it searches is the same for the same view, however the stacks,
    the white yield tiles and the generator really lie, and holds the same tiles."""
    state = R.setup(4, {"players": 3})
    rng = random.Random(4)
    for _ in range(40):
        state = random_step(state, rng)
    role = R.active(state)[0]
    other = games.redealt(R, state, 99, keep=[role])
    assert other["stacks"] != state["stacks"] and other["rng"] != state["rng"]
    seen = ai.imagined(state, role)
    assert ai.imagined(other, role) == seen
    assert {k: sorted(s) for k, s in seen["stacks"].items()} == {
        k: sorted(s) for k, s in state["stacks"].items()}
    assert sorted(seen["white"]) == sorted(state["white"])


def test_a_whole_turn_is_legal_and_ends_the_turn():
    state = R.setup(6, {"players": 4})
    role = R.active(state)[0]
    for step in ai.bot_steps(state, role):
        state = R.act(state, role, *step)
    assert R.active(state) != [role] or state["result"]
