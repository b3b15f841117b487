"""Nothing clipped in any picture the bot posts (issue 36), with the longest real names: a
Discord display name is at most 32 characters, and W is the widest letter. Boards keep
every text inside the picture and no information over another (a name may be shortened
with an ellipsis where its box is fixed); the result banner, which grows with its words,
writes every word out. The charts have their own tests (test_charts.py)."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image

import renderer
from engine import games
from renderer.common import Drawn, recording
from tools.samples import SAMPLES, taj_mahal_hand_view

pytestmark = pytest.mark.slow


def _names(game: str) -> dict[str, str]:
    """Each side held by a distinct 32-character name."""
    return {role: f"{'W' * 30}{i:02d}" for i, role in enumerate(games.get(game).ROLES)}


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def _outside(drawn: list[Drawn], size: tuple[int, int]) -> list[str]:
    width, height = size
    return [d.text for d in drawn
            if d.box[0] < 0 or d.box[1] < 0 or d.box[2] > width or d.box[3] > height]


def _overlap(a: Drawn, b: Drawn) -> bool:
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    return ax0 < bx1 - 1 and bx0 < ax1 - 1 and ay0 < by1 - 1 and by0 < ay1 - 1


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
        assert _outside(drawn, _size(png)) == [], f"{name}: cut at the edge"
        info = [d for d in drawn if d.info]
        clash = [(a.text, b.text) for a, b in combinations(info, 2) if _overlap(a, b)]
        assert clash == [], f"{name}: information texts overlap"


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_result_banner_writes_every_word(game):
    views, _ = SAMPLES[game]
    board = renderer.render(game, list(views().values())[-1], players=_names(game))
    title, lines = _ending(game, _names(game))
    with recording() as drawn:
        png = renderer.with_banner(board, title, lines)
    assert _outside(drawn, _size(png)) == []
    said = "".join("".join(d.text.split()) for d in drawn)
    cut = [text for text in [title, *lines] if "".join(text.split()) not in said]
    assert cut == [], "not written out in full"


def test_the_hidden_hand_keeps_long_names_inside():
    with recording() as drawn:
        png = renderer.hand("taj_mahal", taj_mahal_hand_view(), _names("taj_mahal"))
    assert png is not None
    assert _outside(drawn, _size(png)) == []
