"""Taj Mahal at issue 39's floors: at a 400-px-wide picture every information text is at
least 11 px tall, every place and player name 12 px, every palace and the crown 10 px
across, in the sample positions and in random ones; nothing is cut at the edges and no
information text lies over another; every symbol drawn is keyed in words."""

from __future__ import annotations

import pytest

import renderer
from renderer.common import PHONE_MARKER_FLOOR_PX, Drawn, recording
from tests.renderer.drawn import clashes, outside, size
from tests.renderer.test_taj_mahal_layout import _positions
from tools.pictures_report import measure, names_of
from tools.samples import SAMPLES

PLAYERS = {"red": "ravi", "blue": "Meena", "green": "arjun", "yellow": "Computer",
           "black": "a rather long display name"}


def drawn_of(view: dict, before: dict | None = None) -> tuple[list[Drawn], tuple[int, int]]:
    with recording() as drawn:
        png = renderer.render("taj_mahal", view, players=PLAYERS, before=before)
    return drawn, size(png)


def below_floors(view: dict, before: dict | None = None) -> list[str]:
    drawn, (w, h) = drawn_of(view, before)
    row = measure("taj_mahal", "", w, h, drawn, names_of("taj_mahal", PLAYERS))
    wrong = [] if row.info_ok else [f"information {row.smallest_info_text!r} "
                                    f"{row.smallest_info:.1f} px"]
    wrong += [] if row.names_ok else [f"name {row.smallest_name_text!r} "
                                      f"{row.smallest_name:.1f} px"]
    small = sorted({d.text for d in drawn if d.marker
                    and d.px * 400 / w < PHONE_MARKER_FLOOR_PX})
    wrong += [f"marker {t}" for t in small]
    if view.get("palaces") and not any(d.marker for d in drawn):
        wrong.append("no marker noted")
    wrong += [f"cut: {t}" for t in outside(drawn, (w, h))]
    wrong += [f"overlap: {a} / {b}" for a, b in clashes([d for d in drawn if d.info])]
    return wrong


def unkeyed(view: dict, before: dict | None = None) -> list[str]:
    """The kinds of marker drawn that no word on the picture names."""
    drawn, _ = drawn_of(view, before)
    said = " ".join(d.text.lower() for d in drawn if d.info)
    return sorted({d.text.split(":")[0] for d in drawn if d.marker
                   and d.text.split(":")[0].lower() not in said})


def test_the_samples_meet_the_floors_and_key_every_symbol():
    for name, view in SAMPLES["taj_mahal"][0]().items():
        assert below_floors(view) == [], name
        assert unkeyed(view) == [], name


@pytest.mark.slow
def test_a_random_game_meets_the_floors():
    for view in _positions(4, 5, every=40):
        assert below_floors(view) == []
        assert unkeyed(view) == []


@pytest.mark.soak
@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5), (5, 5)])
def test_many_random_positions_meet_the_floors(seed, players):
    views = _positions(seed, players, every=7)
    for before, view in zip(views, views[1:], strict=False):
        assert below_floors(view) == []
        assert below_floors(view, before) == []
        assert unkeyed(view, before) == []
