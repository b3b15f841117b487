"""Nothing clipped in any picture the bot posts (issue 36), with the longest real names: a
Discord display name is at most 32 characters, and W is the widest letter. Boards keep
every text inside the picture and no information over another (a name may be shortened
with an ellipsis where its box is fixed); the result banner, which grows with its words,
writes every word out. The charts have their own tests (test_charts.py)."""

from __future__ import annotations

import pytest

import renderer
from engine import games
from engine.games.taj_mahal.samples import hand_view as taj_mahal_hand_view
from renderer.common import recording
from tests.renderer.drawn import clashes, outside, size, unwritten
from tools.samples import SAMPLES

pytestmark = pytest.mark.slow


def _names(game: str) -> dict[str, str]:
    """Each side held by a distinct 32-character name."""
    return {role: f"{'W' * 30}{i:02d}" for i, role in enumerate(games.get(game).ROLES)}


def _ending(game: str, names: dict[str, str]) -> tuple[str, list[str]]:
    """The banner's words as the result post writes them (bot/table/conclusion.py), every
    side a winner: the longest title there is."""
    g = games.get(game)
    held = [f"{names[r]} ({g.ROLE_NAMES[r]})" for r in g.ROLES]
    title = f"Game over — {' and '.join(held)} win"
    scores = " · ".join(f"{g.ROLE_NAMES[r]} {100 + i}" for i, r in enumerate(g.ROLES))
    return title, [f"Scores: {scores}", f"{g.NAME}, game #12345: 1234 moves over 365 days",
                   " v ".join(held)]


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_board_keeps_long_names_inside(game):
    views, _ = SAMPLES[game]
    for name, view in views().items():
        with recording() as drawn:
            png = renderer.render(game, view, players=_names(game))
        assert outside(drawn, size(png)) == [], f"{name}: cut at the edge"
        assert clashes([d for d in drawn if d.info]) == [], f"{name}: information overlaps"


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_result_banner_writes_every_word(game):
    views, _ = SAMPLES[game]
    board = renderer.render(game, list(views().values())[-1], players=_names(game))
    title, lines = _ending(game, _names(game))
    with recording() as drawn:
        png = renderer.with_banner(board, title, lines)
    assert outside(drawn, size(png)) == []
    assert unwritten(drawn, [title, *lines]) == []


def test_the_hidden_hand_keeps_long_names_inside():
    with recording() as drawn:
        png = renderer.hand("taj_mahal", taj_mahal_hand_view(), _names("taj_mahal"))
    assert png is not None
    assert outside(drawn, size(png)) == []
