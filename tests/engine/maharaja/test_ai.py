"""The Maharaja computer player: a fair fight for a person learning the game. It takes
undefended areas, keeps to stacking, submits or allies when a much stronger foe attacks,
declines a hopeless fight, and beats players who move at random."""

from __future__ import annotations

import pytest

from engine import games
from engine.games.maharaja import ai
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position
from tools import arena


def _movement_of(state: dict) -> dict:
    """Play the computer's movement (every step up to the end of the movement)."""
    role = R.active(state)[0]
    while R.active(state) == [role] and state["phase"] == "movement" and not state["battle"]:
        state = R.act(state, role, *ai.choose(state, role))
    return state


def test_it_takes_undefended_areas_next_to_it():
    s = position({"delhi": {"mughals": 3}}, turn=12)
    s = _movement_of(s)
    held = f.areas_of(s, "mughals")
    assert len(held) >= 2 and f.count(s, "delhi", "mughals") < 3


def test_it_keeps_to_stacking_when_armies_arrive_in_a_crowd():
    """New armies beyond the stacking limit move out rather than being lost."""
    s = position({"maharashtra": {"marathas": 4}}, nation="marathas", turn=6)
    s = _movement_of(s)
    assert f.on_map(s, "marathas") == 4 and all(
        f.count(s, a, "marathas") <= f.limit(s, a, "marathas") for a in f.areas_of(s, "marathas"))


def test_it_submits_to_a_much_stronger_attacker_and_fights_an_even_one():
    strong = do(position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}}),
                "punjab", "lahore", "3")
    assert R.active(strong) == ["red"] and ai.choose(strong, "red") == ("submit", "rajputs")
    even = do(position({"punjab": {"mughals": 1}, "lahore": {"rajputs": 1}}),
              "punjab", "lahore", "1")
    assert ai.choose(even, "red") == ("fight", None)


def test_it_allies_with_the_british_rather_than_lose_to_them():
    """R: submitting to the British is an alliance with them."""
    s = do(position({"bengal": {"british": 3}, "orissa": {"marathas": 1}}, nation="british",
                    turn=14), "bengal", "orissa", "3")
    who = R.active(s)[0]
    assert s["control"]["marathas"] == who
    s = R.act(s, who, *ai.choose(s, who))
    assert "marathas" in s["allies"] and f.count(s, "orissa", "british") == 0


def test_it_attacks_a_lone_factory_and_skips_a_sea_battle_it_would_lose():
    """A factory alone defends like an army (the errata): a British one hits an Indian army
    on 4 or more, so one army against it is a poor bet and two are worth a try (a factory
    cannot attack). Three French ships against one British: not."""
    for n, choice in ((1, "skip"), (2, "fight")):
        s = do(position({"punjab": {"mughals": n}}, factories={"sind": "british"}),
               "punjab", "sind", str(n))
        assert R.view(s, "green")["actions"].keys() == {"fight", "skip"}
        assert ai.choose(s, "green") == (choice, None)
    s = do(position({"bengal": {"british": 1}, "bay": {"french": 3}}, nation="british",
                    turn=14), "bengal", "bay", "1")
    who = R.active(s)[0]
    assert R.view(s, who)["actions"].keys() == {"fight", "skip"}
    assert ai.choose(s, who) == ("skip", None)


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_it_beats_players_who_move_at_random():
    """Seeded 4-player games, the computer on one colour (a different one each game): it
    wins at least 3 of 4."""
    g = games.get("maharaja")
    opponents = arena.random_opponents(g)
    assert sum(arena.computer_wins(g, seed, {"players": 4}, opponents) for seed in range(4)) >= 3
