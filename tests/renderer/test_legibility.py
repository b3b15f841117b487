"""Every picture readable on a phone (issues 26 and 39): shown 400 px wide in a chat
column, each text that carries game information (names, counts, scores, whose turn, card
text, costs) is at least 11 px tall, each place or player name 12 px, each marker that
carries meaning 10 px across; information lies inside the picture and overlaps no other
information text. Renderers note what they draw (``renderer.common.label`` / ``note`` /
``marker``); titles, credits and ornaments are noted ``info=False`` and exempt. Each
game's own tests sweep more positions (``make soak``)."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping

import pytest
from PIL import Image

import renderer
from engine import games
from engine.matches import random_player, turns
from renderer.common import (
    PHONE_MARKER_FLOOR_PX,
    PHONE_MIN_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    Drawn,
    recording,
)
from tests.renderer.drawn import clashes, outside
from tools import pictures_report
from tools.samples import SAMPLES


def _check(game: str, name: str, width: int, height: int, drawn: list[Drawn],
           players: Mapping[str, str | None]) -> None:
    info = [d for d in drawn if d.info]
    assert info, f"{name}: no information text noted"
    small = [(d.text, round(d.px * PHONE_WIDTH / width, 1)) for d in info
             if d.px * PHONE_WIDTH / width < PHONE_MIN_PX]
    assert small == [], f"{name}: under {PHONE_MIN_PX} px at {PHONE_WIDTH} px wide"
    row = pictures_report.measure(game, name, width, height, drawn,
                                  pictures_report.names_of(game, players))
    assert row.names_ok, f"{name}: a name {row.smallest_name_text!r} under " \
        f"{PHONE_NAME_FLOOR_PX} px"
    assert row.markers is not None and row.markers >= PHONE_MARKER_FLOOR_PX, \
        f"{name}: a marker under {PHONE_MARKER_FLOOR_PX} px ({row.markers})"
    assert outside(info, (width, height)) == [], f"{name}: cut at the edge"
    assert clashes(info) == [], f"{name}: information texts overlap"


@pytest.mark.parametrize("game", sorted(SAMPLES))
@pytest.mark.slow
def test_information_text_is_legible_on_a_phone(game):
    for name, width, height, drawn in pictures_report.drawn(game):
        _check(game, name, width, height, drawn, SAMPLES[game][1])


@pytest.mark.parametrize("game", sorted(SAMPLES))
@pytest.mark.slow
def test_random_positions_are_legible_on_a_phone(game):
    """Three positions of a random game of each, with its samples' names."""
    g = games.get(game)
    players = SAMPLES[game][1]
    rng = random.Random(39)
    play = random_player(g, rng, g.RANDOM_PLAY.avoid, g.RANDOM_PLAY.keep)
    for turn, (_, _, after) in enumerate(turns(g, g.setup(39, {}), {}, others=play)):
        if turn in (4, 12, 24):
            with recording() as noted:
                png = renderer.render(game, g.view(after, None), players=dict(players))
            width, height = Image.open(io.BytesIO(png)).size
            _check(game, f"turn {turn}", width, height, list(noted), players)
        if turn >= 24:
            break


def test_the_recorder_reads_what_a_label_draws():
    from PIL import ImageDraw

    from renderer.common import font, label

    img = Image.new("RGB", (800, 200))
    with recording() as drawn:
        label(ImageDraw.Draw(img), (10, 10), "Delhi 3", font(20))
        label(ImageDraw.Draw(img), (10, 60), "credits", font(12), info=False)
    assert [(d.text, d.px, d.info) for d in drawn] == [("Delhi 3", 20, True),
                                                       ("credits", 12, False)]
    assert drawn[0].box[0] >= 10 and drawn[0].box[2] > 60


def test_a_label_may_give_its_colours():
    """``fill`` and ``stroke_fill`` go to the drawing, not to the box it measures."""
    from PIL import ImageDraw

    from renderer.common import font, label

    img = Image.new("RGB", (400, 100))
    with recording() as drawn:
        label(ImageDraw.Draw(img), (10, 10), "c3", font(24), fill=(255, 0, 0),
              stroke_width=2, stroke_fill=(0, 0, 0))
    assert [d.text for d in drawn] == ["c3"] and drawn[0].box[0] < 10  # the stroke widens it
