"""Maharaja's status lines (renderer/maharaja/words.py, ``status``): what moved out of the
picture into the post beside it: the turn, what the acting nation does, the order of
play, each player's points and nations, and who arms, submitted to or allied with whom."""

from __future__ import annotations

import pytest

from engine import games
from engine.games.maharaja import rules as R
from renderer import status
from tests.renderer.test_maharaja_phone import positions
from tools.samples import SAMPLES


@pytest.mark.slow
def test_the_turn_the_acting_nation_and_the_order_of_play():
    views, players = SAMPLES["maharaja"]
    text = status("maharaja", views()["mid"], dict(players))
    head = text.split("\n")[0]
    assert head.startswith("**Turn 12**/16 (AD 1500) · Pandyas: movement · order: **Pa** Ch")
    assert head.endswith("Po Du")


@pytest.mark.slow
def test_every_player_with_points_nations_and_colour():
    views, players = SAMPLES["maharaja"]
    lines = status("maharaja", views()["mid"], dict(players)).split("\n")
    assert "🟡 **Yellow** (ravi) 20 VP: Ma Gu Si Du" in lines
    assert "🟢 **Green** (Asha) 7 VP: Ch Mg Po Fr" in lines  # the Cholas are Green's


def test_a_battle_titles_arms_submissions_and_allies_are_said():
    view = R.view(R.setup(1, {}), None)
    view["battle"] = {"place": "delhi", "att": "guptas", "def": "mauryans"}
    view["nation"] = "guptas"
    view["titles"]["mauryans"] = "Raja"
    view["arms"] = {"dutch": {"nation": "marathas", "active": True}}
    view["submitted"] = {"sikhs": {"to": "mughals", "where": ["north"], "turn": 1}}
    view["allies"] = ["rajputs"]
    text = status("maharaja", view, {})
    assert "Guptas: battle in Delhi (Gu v Ma)" in text
    assert "Ma (Raja)" in text
    assert text.split("\n")[-1] == ("Arms: Du → Mr; Sk submitted to Mg (North India); "
                                    "British allies: Ra.")


@pytest.mark.slow
def test_the_end_says_the_game_is_over():
    views, players = SAMPLES["maharaja"]
    assert "the game is over" in status("maharaja", views()["end"], dict(players))


@pytest.mark.slow
def test_short_enough_for_a_post_and_nothing_hidden():
    """A few lines: about 250 characters, under 380 at the most crowded (five 32-character
    names add their length); and the same for a game redealt: no die to come shows."""
    names = {r: "n" * 32 for r in R.ROLES}
    for view in positions(7, {"players": 5}, every=150):
        text = status("maharaja", view, names)
        assert len(text) - 5 * 32 <= 380, text
    state = R.setup(3, {})
    assert status("maharaja", R.view(state, None)) == \
        status("maharaja", R.view(games.redealt(R, state, 5), None))
