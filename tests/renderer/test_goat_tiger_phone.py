"""The Goat-Tiger picture stays readable on a phone (issue 26) in positions from real play:
computer Tigers against random Goats (captures and leaps), random against random (long
games, crowded boards), and the moves picked up halfway. In each, every text is at least
9 px tall when the picture is shown 400 px wide, lies inside it, overlaps no other text and
no piece, and a leap's arrow keeps clear of the captured goat's ✕."""

from __future__ import annotations

import io
import random
from functools import cache
from itertools import combinations

import pytest
from PIL import Image

import renderer
from engine import games
from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, recording
from renderer.goat_tiger import art as art
from renderer.goat_tiger import board as goat_tiger
from tests.renderer.test_goat_tiger_render import piece_covers
from tools import arena

GT = games.get("goat_tiger")
PLAYERS = {"goats": "a rather long display name", "tigers": "Computer"}


@cache
def positions() -> list[dict]:
    """Spectator views along seeded games, one every few turns, and a Tiger or a Goat
    picked up halfway through its move."""
    out = []
    for seed in range(4):
        rng = random.Random(seed)
        seats = {"goats": arena.random_player(GT, rng)}
        if seed % 2 == 0:
            seats["tigers"] = arena.computer(GT)
        state = GT.setup(seed, {})
        for n, (role, steps, after) in enumerate(
                arena.turns(GT, state, seats, arena.random_player(GT, rng))):
            if n > 90:
                break
            if len(steps) > 1 and n % 5 == 0:  # select, then move: the halfway view
                out.append(GT.view(GT.act(state, role, *steps[0]), None))
            if n % 3 == 0 or GT.result(after) is not None or (after["last"] or {}).get("over"):
                out.append(GT.view(after, None))
            state = after
    return out



@pytest.mark.slow  # the games are played when first asked for: seconds
def test_the_positions_cover_what_the_picture_can_show():
    assert len(positions()) > 60
    assert any(v["selected"] for v in positions())
    assert any(v["result"] for v in positions())
    assert any((v["last"] or {}).get("over") for v in positions())
    assert max(len(v["board"]) for v in positions()) >= 15


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.slow
def test_every_text_is_legible_whole_apart_and_off_the_pieces():
    for view in positions():
        with recording() as drawn:
            png = renderer.render("goat_tiger", view, players=PLAYERS)
        width, height = Image.open(io.BytesIO(png)).size
        info = [d for d in drawn if d.info]
        assert {d.text for d in info} >= set(goat_tiger.POS)  # every point's name
        assert [d.text for d in info if d.px * PHONE_WIDTH / width < PHONE_MIN_PX] == []
        assert [d.text for d in info if d.box[0] < 0 or d.box[1] < 0 or d.box[2] > width
                or d.box[3] > height] == []
        assert [(a.text, b.text) for a, b in combinations(info, 2) if _overlap(a.box, b.box)
                ] == []
        under = [(d.text, p) for d in info for p, kind in view["board"].items()
                 if piece_covers(d.box, p, kind)]
        assert under == [], view["move"]


@pytest.mark.slow
def test_a_leaps_cross_is_clear_of_its_arrow_and_of_every_label():
    leaps = {(v["last"]["from"], v["last"]["to"], v["last"]["over"]) for v in positions()
             if (v["last"] or {}).get("over")}
    # and every leap the board allows, not only those the games played
    for line in goat_tiger.geo.LINES:
        labels = [goat_tiger.geo.LABELS[i] for i in line]
        for a, b, c in zip(labels, labels[1:], labels[2:], strict=False):
            leaps |= {(a, c, b), (c, a, b)}
    assert len(leaps) > 40
    labels = {lab: goat_tiger._label_sprites()[lab][1] for lab in goat_tiger.POS}
    for src, dst, over in leaps:
        bend = goat_tiger._leap_bend(src, dst, over)
        clear = art.arrow_clearance(goat_tiger.POS[src], goat_tiger.POS[dst],
                                    goat_tiger.ARROW_TRIM, bend, goat_tiger.POS[over])
        assert clear >= art.CROSS_REACH, (src, dst, over)
        x, y = goat_tiger.POS[over]
        r = art.CROSS_REACH
        cross = (x - r, y - r, x + r, y + r)
        assert [lab for lab, box in labels.items() if _overlap(cross, box)] == []
