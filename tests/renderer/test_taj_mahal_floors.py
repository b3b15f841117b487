"""Taj Mahal at issue 39's floors: at a 400-px-wide picture every information text is at
least 11 px tall, every place and player name 12 px, every palace and the crown 10 px
across, in the sample positions and in random ones; nothing is cut at the edges and no
information text lies over another; every symbol drawn is keyed in words."""

from __future__ import annotations

import pytest

import renderer
from engine.games.taj_mahal import data
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


def missing(view: dict) -> list[str]:
    """The items of the whole position (docs/taj_mahal.md, "What the post shows") neither
    drawn at the floor nor in the post's text."""
    drawn, (w, _h) = drawn_of(view)
    said = [d.text for d in drawn if d.info and d.px * 400 / w >= 11]
    text = renderer.status("taj_mahal", view, PLAYERS)
    table = view["players"]
    over = bool(view.get("result"))
    names = {r: f"{r.capitalize()} ({PLAYERS[r]})" for r in table}
    items = {
        "whose turn": any(t.startswith(("Game over", "Visit")) for t in said),
        "visit and province": over or any(
            f"Visit {view['visit']}/12 {data.PROVINCE_NAMES[view['province']]}" in t
            for t in said),
        "every score": all(str(p["score"]) in said for p in table.values()),
        "every player": all(any(t.startswith(names[r][:10]) for t in said) for r in table),
        "prizes to win": over or "to win:" in text,
        "cards laid": over or all(data.KIND[c] in text for r, p in table.items()
                                  for c in p["played"]),
        "who withdrew": over or all(f"{r.capitalize()} ({PLAYERS[r]}) {p['score']} pt" in
                                    text.split("Out: ")[-1] for r, p in table.items()
                                    if p["out"]),
        "cards in hand": over or all(f"{p['hand']} card" in text for p in table.values()),
        "supply": over or "Supply: " in text,
        "tiles and commodities won": over or all(
            g in text for p in table.values() for g in p["goods"]),
        "palaces": sorted(d.text for d in drawn if d.marker and d.text not in ("crown",)
                          and d.box[1] < 912) == sorted(
            r.capitalize() for owners in view["palaces"].values() for r in owners[:2]),
        "final scores": not over or all(str(p["score"]) in text for p in table.values()),
    }
    return [k for k, ok in items.items() if not ok]


def test_the_whole_position_is_in_the_picture_or_the_text():
    for name, view in SAMPLES["taj_mahal"][0]().items():
        assert missing(view) == [], name


@pytest.mark.slow
def test_the_whole_position_of_random_positions():
    for view in _positions(6, 5, every=25):
        assert missing(view) == []
