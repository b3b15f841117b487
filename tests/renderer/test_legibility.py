"""Every picture readable on a phone (issue 26): shown 400 px wide in a chat column, each
text that carries game information (names, counts, scores, whose turn, card text, costs)
is at least 9 px tall, lies inside the picture and overlaps no other information text.
Renderers note what they draw (``renderer.common.label`` / ``note``); titles, credits and
ornaments are noted ``info=False`` and exempt."""

from __future__ import annotations

import pytest
from PIL import Image

from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, recording
from tests.renderer.drawn import clashes, outside
from tools import pictures_report
from tools.samples import SAMPLES


@pytest.mark.parametrize("game", sorted(SAMPLES))
@pytest.mark.slow
def test_information_text_is_legible_on_a_phone(game):
    for name, width, height, drawn in pictures_report.drawn(game):
        info = [d for d in drawn if d.info]
        assert info, f"{name}: no information text noted"
        small = [(d.text, round(d.px * PHONE_WIDTH / width, 1)) for d in info
                 if d.px * PHONE_WIDTH / width < PHONE_MIN_PX]
        assert small == [], f"{name}: under {PHONE_MIN_PX} px at {PHONE_WIDTH} px wide"
        assert outside(info, (width, height)) == [], f"{name}: cut at the edge"
        assert clashes(info) == [], f"{name}: information texts overlap"


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
