"""Complete random games: every step keeps the invariants of the rules, every game
ends right after Timur with a result, and the log replays to the same state.
`python -m tests.engine.vijayanagara.fuzz_many N` runs thousands of games."""

from __future__ import annotations

import json
import random

import pytest

from engine import games
from engine.games.vijayanagara import decks
from engine.replay import replay
from tests.engine.vijayanagara.fuzz import check, g, play
from tests.engine.vijayanagara.positions import active, position
from tests.support.soak import sample

GAMES = 120


@pytest.mark.slow
@pytest.mark.parametrize("block", sample(range(4)))
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


@pytest.mark.slow
def test_by_hand_games_keep_every_invariant():
    for seed in range(10):
        state, _ = play(seed, options={"deck": "by_hand"})
        assert state["result"]["winners"]


@pytest.mark.parametrize("number", sorted(decks.load("darbar")["events"]))
def test_every_card_side_runs_from_setup_with_random_choices(number):
    """Each side, with random answers to its prompts, from three opening positions:
    no error, the invariants hold after every step, and the faction's turn ends."""
    for side in ("unshaded", "shaded"):
        for seed in range(3):
            s = position(card=number, seed=seed)
            r = random.Random(seed)
            s = g.act(s, active(s), "event", None)
            s = g.act(s, active(s), side, None)
            card = s["current"]
            while s["current"] == card and s["turn"]["acted"] == [] and s["result"] is None:
                who = active(s)
                steps = [x for x in games.legal_steps(g, g.view(s, who)) if x[0] != "give"]
                s = g.act(s, who, *r.choice(steps))
                check(s)
            assert s["turn"]["acted"] or s["current"] != card


def test_a_game_replays_from_its_log_and_survives_json():
    state, steps = play(4242, checked=False)
    again = replay("vijayanagara", 4242, {}, steps)
    assert again == state
    assert json.loads(json.dumps(state)) == state
