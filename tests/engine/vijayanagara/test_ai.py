"""Vijayanagara's computer player (issue 29): it plays every faction to the end in every mix
with people (random players stand in for them), never takes an illegal step, beats random
players, decides the same for the same view and never reads the hidden deck or dice."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine import games
from engine.games.vijayanagara import ai, rules
from engine.games.vijayanagara import machine as m
from engine.steps import offered
from tests.engine.vijayanagara.positions import position
from tests.support.soak import sample
from tools import arena

g = games.get("vijayanagara")


def checked(seen: Counter | None = None) -> arena.Player:
    """The computer, each of whose steps is checked legal where it is taken; ``seen``
    counts the frames it decided in and the steps it took."""

    def play(state: dict, role: str) -> list[arena.Step]:
        steps = ai.bot_steps(state, role)
        assert steps, "the computer always takes a step when asked"
        for action, arg in steps:
            assert offered(g.view(state, role)["actions"], action, arg), (action, arg)
            if seen is not None:
                seen[m.waiting(state)["t"]] += 1
                seen[f"{role}:{m.waiting(state)['t']}"] += 1
                seen[action] += 1
                f = m.waiting(state)
                if action == "choose":
                    seen[f"{f.get('on', f['t'])}:{arg}"] += 1
            state = g.act(state, role, action, arg)
        return steps

    return play


def random_people(seed: int) -> arena.Player:
    return arena.random_opponents(g)(seed)


@pytest.mark.slow
def test_the_computer_plays_a_whole_card_for_each_faction():
    turns = 0
    for _role, _steps, _after in arena.turns(g, g.setup(5, {}), {}, checked()):
        turns += 1
        if turns >= 12:
            break
    assert turns == 12


@pytest.mark.slow
@pytest.mark.parametrize("computers", sample([c for n in (1, 2, 3)
                                              for c in itertools.combinations(g.ROLES, n)],
                                             keep=3, unpack=False),
                         ids=lambda c: "+".join(c))
@pytest.mark.slow
def test_the_computer_plays_whole_games_in_every_mix_with_people(computers):
    seed = 40 + len(computers) * 7 + g.ROLES.index(computers[0])
    seats = {role: checked() for role in computers}
    options = {"timurs_shadow": len(computers) == 2}  # the variant too (one space a Command)
    final = arena.play(g, g.setup(seed, options), seats, random_people(seed))
    result = g.result(final)
    assert result is not None and set(result["scores"]) == set(g.ROLES)


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_the_computer_beats_random_players_from_every_seat():
    won = Counter()
    for seed in range(6):
        role = g.ROLES[seed % 3]
        final = arena.play(g, g.setup(seed, {}), {role: ai.bot_steps}, random_people(seed))
        won[role] += role in g.result(final)["winners"]
    assert sum(won.values()) >= 5, won  # the bench plays the full figure


@pytest.mark.slow
def test_three_computers_use_every_part_of_the_game():
    seen: Counter = Counter()
    for seed in (1, 2, 3):
        arena.play(g, g.setup(seed, {}), {}, checked(seen))
    # Commands and Decrees, full and limited; Events; battles with Cavalry; casualties,
    # refills, the Mongols' Commands, Succession and the Lords of the Deccan.
    for frame in ("choose", "cd", "cmd", "cmd_pick", "decree_pick", "event_side", "gather",
                  "battle", "mongol_card", "count", "choice"):
        assert seen[frame], (frame, seen)
    for action in ("cmd", "command", "limited", "event", "decree", "lose", "ready"):
        assert seen[action], (action, seen)
    assert seen["charge"] + seen["screen"], seen
    assert seen["unshaded"] and seen["shaded"], seen


def _positions(n: int) -> list[dict]:
    """Positions of random games, every one where a faction is to decide."""
    out = []
    r = random.Random(3)
    for seed in range(n):
        state = g.setup(100 + seed, {})
        for _ in range(r.randrange(20, 400)):
            if g.result(state) is not None:
                break
            role = g.view(state, None)["active"][0]
            legal = [s for s in games.legal_steps(g, g.view(state, role)) if s[0] != "give"]
            state = g.act(state, role, *r.choice(legal))
        if g.result(state) is None:
            out.append(state)
    return out


@pytest.mark.slow
def test_the_same_view_gets_the_same_decision_whatever_is_hidden():
    for i, state in enumerate(_positions(8)):
        role = g.view(state, None)["active"][0]
        other = games.redealt(g, state, 1000 + i, keep=[role])  # a deck and dice nobody saw
        assert other["deck"] != state["deck"] or other["rng"] != state["rng"]
        assert g.view(other, role) == g.view(state, role)
        step = ai.choose(state, role)
        assert ai.choose(other, role) == step
        assert ai.choose(state, role) == step  # and again: nothing kept between calls


def test_what_it_imagines_is_made_of_what_it_sees():
    state = _positions(1)[0]
    role = g.view(state, None)["active"][0]
    other = games.redealt(g, state, 77, keep=[role])
    seed = ai.seed_of(state, role)
    assert ai.seed_of(other, role) == seed
    a, b = ai.sample(state, role, seed), ai.sample(other, role, seed)
    assert a["deck"] == b["deck"] and a["rng"] == b["rng"]
    # Each stack keeps its public count of each kind of card; the cards themselves are
    # drawn from every card not yet seen (those left out of the game included).
    def stacks(deck: list[str]) -> list:
        out: list = [[]]
        for c in deck:
            if c[0] == "s":
                out += [c, []]
            else:
                out[-1].append(c[0] if c[0] in "em" else "t")
        return [sorted(x) if isinstance(x, list) else x for x in out]

    assert stacks(a["deck"]) == stacks(state["deck"])
    unseen = set(state["deck"]) | set(state["out"])
    assert set(a["deck"]) <= unseen and set(a["deck"]) | set(a["out"]) == unseen


def test_gifts_of_what_it_cannot_use_go_to_the_leaders_rival():
    # Vijayanagara holds 22 Resources while Delhi leads by far: the surplus goes to Bahmani.
    state = position(resources={"vijayanagara": 22, "bahmani": 2, "delhi": 10},
                     card=1, eligible={"delhi": False, "bahmani": False})
    assert g.view(state, None)["active"] == ["vijayanagara"]
    steps = ai.bot_steps(state, "vijayanagara")
    assert steps[:4] == [("give", None), ("to", "bahmani"), ("what", "resources"),
                         ("amount", "6")]
    # Cavalry beyond four tokens too, to the same faction.
    state = position(cavalry={"vijayanagara": 6, "delhi": 2}, card=1,
                     eligible={"delhi": False, "bahmani": False})
    assert ai.bot_steps(state, "vijayanagara")[:4] == [
        ("give", None), ("to", "bahmani"), ("what", "cavalry"), ("amount", "3")]
    # Never when it leads itself.
    state = position(resources={"delhi": 22}, card=1,
                     eligible={"bahmani": False, "vijayanagara": False})
    assert ai.bot_steps(state, "delhi")[0] != ("give", None)


def test_by_hand_events_are_never_its_choice():
    assert ai.refuses({}) is None and ai.refuses({"deck": "darbar"}) is None
    assert "by hand" in ai.refuses({"deck": "by_hand"})
    assert games.no_computer(g, {"deck": "by_hand"}) == ai.refuses({"deck": "by_hand"})
    state = g.setup(3, {"deck": "by_hand"})
    role = g.view(state, None)["active"][0]
    assert "event" in g.view(state, role)["actions"]
    assert ("event", None) not in ai.legal(state, role)


def test_value_ranks_a_won_game_first():
    state = g.setup(1, {})
    won = dict(state, result={"winners": ["bahmani"], "scores": {"delhi": 5, "bahmani": 9,
                                                                   "vijayanagara": 3}})
    assert ai.value(won, "bahmani") > ai.value(state, "bahmani") > ai.value(won, "delhi")
    assert list(ai.RIVAL) == rules.ROLES
