"""Taj Mahal's status lines beside the picture (renderer/taj_mahal/words.py, ``status``):
what the picture left to words, short, and nothing hidden."""

from __future__ import annotations

import random

import pytest

from engine import games
from engine.games.taj_mahal import data
from renderer import status
from renderer.taj_mahal import PICTURE
from renderer.taj_mahal.words import status as taj_mahal_status
from tools import arena
from tools.samples import SAMPLES

TM = games.get("taj_mahal")
NAMES = {"red": "ravi", "blue": "Meena", "green": "arjun", "yellow": "Computer"}


def _mid() -> dict:
    return SAMPLES["taj_mahal"][0]()["mid"]


def test_the_status_is_registered_for_the_public_post():
    assert PICTURE.status is taj_mahal_status
    view = _mid()
    assert status("taj_mahal", view, NAMES) == taj_mahal_status(view, NAMES)


@pytest.mark.slow
def test_the_visit_what_is_left_to_win_and_the_players_in_turn_order():
    view = _mid()  # visit 7, Ajmer; Yellow to play, then Red; Blue and Green withdrew
    lines = status("taj_mahal", view, NAMES).split("\n")
    assert lines[0].startswith("**Ajmer**, visit 7/12 · to win: ")
    goods = ", ".join(data.TILES["province_tiles"]["7"])
    assert f"Elephant (tile: {goods})" in lines[0]
    playing = next(line for line in lines if line.startswith("Playing"))
    yellow, red = playing.split(": ", 1)[1].split(" → ")
    # the cards each has laid, by the names they are typed by, then the symbols' tally
    assert yellow.startswith("Yellow (Computer) 17 pts, 9 cards, laid green-general-elephant: ")
    assert red.startswith("Red (ravi) 11 pts, 10 cards, laid red-monk-elephant, "
                          "white-elephant: ")
    assert "**2 Elephant**" in red and "**1 General**" in yellow  # each symbol's leader
    assert "Out: Blue (Meena) 16 pts, 14 cards; Green (arjun) 12 pts, 17 cards" in lines
    assert "Supply: green-elephant-elephant, white-elephant, white-general" in lines
    assert any(line.startswith("Won: Red tea; Blue Vizier tile, 2 tea") for line in lines)


@pytest.mark.slow
def test_a_finished_game_gives_the_scores_best_first():
    view = SAMPLES["taj_mahal"][0]()["end"]
    text = status("taj_mahal", view, NAMES)
    assert text.startswith("Scores: Yellow (Computer) 55, Red (ravi) 51")


@pytest.mark.slow
def test_the_status_is_short_and_names_nothing_hidden():
    """A few lines (five players, each with the cards laid, and a supply of nine cards
    make the longest), every bold mark closed on its line; a redealt game (other hands,
    other deck) reads alike."""
    g = TM
    for seed in range(3):
        state = g.setup(seed, {"players": 5})
        names = {r: f"player{r}" for r in g.ROLES}
        rnd = arena.random_player(g, random.Random(seed))
        for i, (_role, _steps, after) in enumerate(arena.turns(g, state, {}, rnd)):
            if i % 7:
                continue
            text = status("taj_mahal", g.view(after, None), names)
            assert len(text) <= 1_200 and len(text.split("\n")) <= 5, text
            assert all(line.count("**") % 2 == 0 for line in text.split("\n"))
            if g.result(after) is None:
                other = games.redealt(g, after, seed + 50)
                assert status("taj_mahal", g.view(other, None), names) == text
    assert len(status("taj_mahal", _mid(), NAMES)) <= 550
