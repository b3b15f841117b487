"""Taj Mahal's computer player: it sees only its own view, plays legal steps, beats random
players and a simple greedy one in seeded self-play (4 players)."""

from __future__ import annotations

import random

import pytest

from engine import games
from engine.games.taj_mahal import ai, turn
from engine.games.taj_mahal import rules as tm
from tools import arena


def greedy(view: dict, role: str, r: random.Random) -> tuple[str, object]:
    """A simple greedy player: takes the first card offered, places on the first city,
    withdraws as soon as it would win a prize, else plays its first playable card."""
    acts = view["actions"]
    for key in ("take", "city"):
        if key in acts:
            return key, acts[key][0]
    if "done" in acts:
        return "done", None
    if ai._won(view, role, []) or not acts.get("play"):
        return "withdraw", None
    return "play", acts["play"][0]


def play(seed: int, seats: dict[str, str]) -> dict:
    g = games.get("taj_mahal")
    r = random.Random(seed)
    players: dict[str, arena.Player] = {
        "bot": arena.computer(g),
        "greedy": lambda state, role: [greedy(g.view(state, role), role, r)],
    }
    final = arena.play(g, g.setup(seed, {"players": 4}),
                       {role: players[kind] for role, kind in seats.items()},
                       arena.random_player(g, r))
    return final["result"]


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_the_computer_beats_random_players_in_nine_games_of_ten():
    wins = 0
    for seed in range(30):
        bot = tm.ROLES[seed % 4]
        wins += bot in play(seed, {bot: "bot"})["winners"]
    assert wins >= 27, wins


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_the_computer_outscores_a_simple_greedy_player_in_most_games():
    ahead = 0
    for seed in range(30):
        bot, other = tm.ROLES[seed % 4], tm.ROLES[(seed + 1) % 4]
        scores = play(100 + seed, {bot: "bot", other: "greedy"})["scores"]
        ahead += scores[bot] > scores[other]
    assert ahead >= 18, ahead


def test_the_computer_decides_from_its_own_view_only():
    """Its choice does not change when the deck and the other hands are redealt."""
    state = tm.setup(12, {"players": 4})
    r = random.Random(1)
    for _ in range(60):
        role = tm.active(state)[0]
        mine = ai.choose(tm.view(state, role), role)
        other = games.redealt(tm, state, 999, keep=[role])
        assert ai.choose(tm.view(other, role), role) == mine
        state = tm.act(state, role, *r.choice(games.legal_steps(tm, tm.view(state, role))))
        if state["result"]:
            break


def test_after_a_colour_change_the_computer_plays_the_card_it_asks_for():
    """A player who played the colour-change special card and then ran out of time owes a
    coloured card (withdrawing is not possible then): the computer finishing the move plays
    one, though it would rather withdraw (it leads in what it has played), and the move is
    legal to its end."""
    state = tm.setup(8, {"players": 3})
    role = tm.active(state)[0]
    state["hands"][role].append("sp_colour_change")  # as if won in an earlier visit
    for _ in range(3):  # each plays its first card
        r = tm.active(state)[0]
        state = tm.act(state, r, "play", tm.view(state, r)["actions"]["play"][0])
        if "done" in tm.view(state, r)["actions"]:
            state = tm.act(state, r, "done")
    state = tm.act(state, role, "special", turn.COLOUR_CHANGE)
    steps = ai.bot_steps(state, role)
    assert steps[0][0] == "play"
    for step in steps:
        state = tm.act(state, role, *step)
    assert tm.active(state) != [role]
