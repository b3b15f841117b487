"""The Vijayanagara picture stays readable on a phone (issues 26, 39) in any position, not
only in the samples: over positions of whole games played by random legal steps (quicker
than the computer, and they reach odder positions), every information text is at least
11 px tall when the picture is shown 400 px wide, every place or player name 12 px, every
marker that carries meaning 10 px across; every text lies inside the picture, overlaps no other
information text and no piece's icon, and every count lies in its space's box; the PNG
stays under 400 KB."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image

import renderer
from engine import games
from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.samples import PLAYERS
from engine.games.vijayanagara.samples import game as vijayanagara_game
from renderer.common import (
    PHONE_INFO_FLOOR_PX,
    PHONE_MARKER_FLOOR_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    Drawn,
    recording,
)
from renderer.vijayanagara import layout as vlayout
from renderer.vijayanagara import map as vmap
from tools.pictures_report import _is_name, names_of

Box = tuple[float, float, float, float]


def positions(seeds: tuple[int, ...], every: int) -> list[dict]:
    g = games.get("vijayanagara")
    return [g.view(state, None) for seed in seeds for state in vijayanagara_game(seed)[::every]]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def _inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def icons(view: dict) -> list[tuple[str, Box]]:
    """Where each piece icon of the map lies: (space, box)."""
    out = []
    for sp, info in (view.get("spaces") or {}).items():
        x0, y0, _, _ = vlayout.box_of(sp)
        compact, rows = vmap.arrange(sp, info.get("pieces") or {})
        size, _, row_h = vmap.COMPACT if compact else vmap.REGULAR
        for r, row in enumerate(rows):
            top = round(y0 + vmap.chips_top(sp) + r * row_h) + (row_h - size) // 2
            for _, _, dx in row:
                left = round(x0 + vmap.PAD + dx)
                out.append((sp, (left, top, left + size, top + size)))
    return out


# the place, role and player names, and a line of a two-line place name
NAMES = [*names_of("vijayanagara", PLAYERS), *(w for n in geo.NAMES.values() for w in n.split())]


def is_name(text: str) -> bool:
    """Whether a drawn text labels a place, a faction or a player, as the pictures report
    counts them."""
    return _is_name(text, NAMES)


def problems(view: dict) -> list[str]:
    with recording() as drawn:
        png = renderer.render("vijayanagara", view, players=dict(PLAYERS))
    width, height = Image.open(io.BytesIO(png)).size
    info: list[Drawn] = [d for d in drawn if d.info]
    phone = PHONE_WIDTH / width
    found = [f"small: {d.text} {d.px * phone:.1f} px" for d in info
             if d.px * phone < PHONE_INFO_FLOOR_PX]
    found += [f"small name: {d.text} {d.px * phone:.1f} px" for d in info
              if is_name(d.text) and d.px * phone < PHONE_NAME_FLOOR_PX]
    markers = [d for d in drawn if d.marker]
    found += [f"small marker: {d.text} {d.px * phone:.1f} px" for d in markers
              if d.px * phone < PHONE_MARKER_FLOOR_PX]
    if not markers:
        found.append("no marker noted")
    found += [f"cut: {d.text}" for d in info if not _inside(d.box, (0, 0, width, height))]
    found += [f"overlap: {a.text} / {b.text}" for a, b in combinations(info, 2)
              if _overlap(a.box, b.box)]
    pieces = icons(view)
    found += [f"on a piece in {sp}: {d.text}" for d in info for sp, box in pieces
              if _overlap(d.box, box)]
    # each space's counts lie in its box, one per kind there
    for sp, info_sp in (view.get("spaces") or {}).items():
        box = vlayout.box_of(sp)
        counts = [d for d in info if d.text.isdigit() and d.px == vmap.COUNT_PX
                  and _inside(d.box, box)]
        kinds = [n for row in vmap.counted(info_sp.get("pieces") or {}) for _, n in row]
        if sorted(d.text for d in counts) != sorted(str(n) for n in kinds):
            found.append(f"counts of {sp}: {[d.text for d in counts]} for {kinds}")
    if len(png) > 400 * 1024:
        found.append(f"{len(png) // 1024} KB")
    return found


def test_the_samples_meet_the_phone_floors():
    from engine.games.vijayanagara.samples import views

    assert {name: problems(v) for name, v in views().items()} == {
        "start": [], "crowded": [], "end": []}


@pytest.mark.slow
def test_random_positions_stay_legible_on_a_phone():
    views = positions((3, 11), 15)
    assert len(views) >= 30
    bad = {v["move"]: p for v in views if (p := problems(v))}
    assert bad == {}


@pytest.mark.soak  # test_random_positions_stay_legible_on_a_phone samples every run
def test_many_random_positions_stay_legible_on_a_phone():
    views = positions((1, 2, 5, 7, 56, 101), 4)
    assert len(views) >= 300
    bad = {(v["move"], len(v["log"])): p for v in views if (p := problems(v))}
    assert bad == {}


def test_the_most_crowded_box_possible_stays_legible():
    """Never seen in play, but the rules allow it: every kind of every faction, twenty
    each, in a box with a one-line name (compact chips, three rows) and in the north."""
    g = games.get("vijayanagara")
    view = g.view(g.setup(1, {}), None)
    full = {k: 20 for k in vmap.KIND_ORDER if k != "invader"}
    spaces = {**view["spaces"], "malwa": {**view["spaces"]["malwa"], "pieces": full},
              "delhi": {**view["spaces"]["delhi"], "pieces": {"troop": 25, "governor": 3,
                                                              "qasbah": 2, "invader": 12}}}
    assert problems({**view, "spaces": spaces}) == []
    assert geo.NAMES["malwa"] == "Malwa"
