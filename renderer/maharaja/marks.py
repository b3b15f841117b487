"""The marks of what changed since an earlier view, drawn over the Maharaja picture (the
changes themselves are ``renderer.maharaja.since``): an arrow from area to area for
armies that moved, a frame round each chip whose armies came, grew or changed (new
armies, a leader arrived, arms, a submission, an alliance) and round each factory built
or taken, a pale chip ("Pa −2") where a nation lost all its armies in an area (where
some are left, its chip is framed), a pale house for a factory lost; and
their key, in words, in the header's second line.

Every mark is in one colour (``MARK``) that no player and no part of the map has, so
that "what changed" reads at a glance; each is noted with ``renderer.common.marker`` (what
it marks and its box) for the tests."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from engine.games.maharaja import data
from engine.games.maharaja.shown import MaharajaView
from renderer.common import Point, label, marker, note
from renderer.maharaja.map import CHIP_H, Box, box, sea_chips_top, sea_name_xy
from renderer.maharaja.pieces import (
    Chip,
    Lost,
    Placed,
    chip_sprite,
    factory,
    factory_box,
    place_sea,
)
from renderer.maharaja.since import Changes
from renderer.maharaja.style import CHIP_PX, CREAM, FRAME, MARK, key_font

HEAD, HEAD_W, SHAFT = 24, 22, 6  # an arrow's head (long, wide) and shaft, in px
RING = 3  # a frame's gap round what it marks, and its width
KEY_Y = 58  # the middle of the header's second line, which keys the marks


def lost_by_place(ch: Changes, view: MaharajaView) -> dict[str, dict[str, int]]:
    """The pale chips: armies lost where their nation has none left (where it still has
    some, its chip is framed as changed instead: a crowded box has no room for both)."""
    out: dict[str, dict[str, int]] = {}
    for (place, nation), k in ch.lost.items():
        if not view["armies"].get(place, {}).get(nation):
            out.setdefault(place, {})[nation] = k
    return out


def _framed(view: MaharajaView, ch: Changes) -> set[tuple[str, str]]:
    """The (place, nation) chips framed: armies came, a leader came or went, badges."""
    out = ch.arrived()
    for lid, (was, _) in ch.leaders.items():
        if was is not None:
            out.add((was, data.LEADERS[lid]["nation"]))
    out |= {(p, n) for p, here in view["armies"].items() for n in here if n in ch.badges}
    out |= set(ch.lost)  # fewer armies: framed where the nation has a chip left
    return out


def _frame(d: ImageDraw.ImageDraw, b: Box, what: str) -> None:
    g = RING + 1
    outer = (b[0] - g, b[1] - g, b[2] + g, b[3] + g)
    d.rounded_rectangle(outer, 8, outline=MARK, width=RING)
    marker(what, outer)


def _chips(placed: list[Placed], view: MaharajaView,
           lost: Lost) -> Iterable[tuple[str, Chip, float, float]]:
    for p in placed:
        for c, x, y in p.chips:
            yield p.place, c, x, y
    for sea in data.SEAS:
        for c, x, y in place_sea(view, sea, lost.get(sea)):
            yield sea, c, x, y


def _area(place: str, boxes: dict[str, Box]) -> Box:
    """Where an arrow starts or ends: an area's box as drawn; a sea's name and chips."""
    if place in boxes:
        return boxes[place]
    if place in data.SEAS:
        x, y = sea_name_xy(place)
        return (x - 50, y - 12, x + 50, sea_chips_top(place) + CHIP_H)
    return box(place)


def _leave(c: Point, to: Point, b: Box) -> float:
    """How far along from ``c`` (inside ``b``) towards ``to`` the line leaves ``b`` (0..1)."""
    t = 1.0
    for i, (lo, hi) in enumerate(((b[0], b[2]), (b[1], b[3]))):
        step = to[i] - c[i]
        if step > 0:
            t = min(t, (hi - c[i]) / step)
        elif step < 0:
            t = min(t, (lo - c[i]) / step)
    return max(0.0, t)


def _centre(b: Box) -> Point:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _arrow(img: Image.Image, a: Box, b: Box, shift: float, what: str) -> None:
    """An arrow from box ``a`` to box ``b``, from edge to edge (over neither's chips);
    ``shift`` moves it sideways (two moves between the same areas)."""
    (x0, y0), (x1, y1) = _centre(a), _centre(b)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy * shift, ux * shift
    t0 = _leave((x0, y0), (x1, y1), a)
    t1 = 1 - _leave((x1, y1), (x0, y0), b)
    if (t1 - t0) * length < HEAD + 10:  # boxes side by side: let the arrow overlap both
        mid = (t0 + t1) / 2
        t0, t1 = mid - (HEAD + 10) / 2 / length, mid + (HEAD + 10) / 2 / length
    start = (x0 + ux * t0 * length + nx, y0 + uy * t0 * length + ny)
    tip = (x0 + ux * t1 * length + nx, y0 + uy * t1 * length + ny)
    base = (tip[0] - ux * HEAD, tip[1] - uy * HEAD)
    px, py = -uy * HEAD_W / 2, ux * HEAD_W / 2
    head = [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
    # Drawn straight, not supersampled (``smooth``): a long arrow's supersampled layer took
    # ~8 ms, more than the whole picture's encoding; a light edge keeps it clean enough.
    d = ImageDraw.Draw(img)
    d.line([start, base], fill=CREAM, width=SHAFT + 4)
    d.polygon([(tip[0] + ux * 3, tip[1] + uy * 3),
               (base[0] + px * 1.3 - ux * 2, base[1] + py * 1.3 - uy * 2),
               (base[0] - px * 1.3 - ux * 2, base[1] - py * 1.3 - uy * 2)], fill=CREAM)
    d.line([start, base], fill=MARK, width=SHAFT)
    d.polygon(head, fill=MARK)
    marker(what, (min(q[0] for q in head), min(q[1] for q in head),
                  max(q[0] for q in head), max(q[1] for q in head)))


def draw_marks(img: Image.Image, placed: list[Placed], view: MaharajaView,
               ch: Changes) -> None:
    """Every change of ``ch`` but the moves marked on the picture whose pieces ``placed``
    laid out (over the pieces)."""
    d = ImageDraw.Draw(img)
    framed = _framed(view, ch)
    for place, c, x, y in _chips(placed, view, lost_by_place(ch, view)):
        name = f"{data.NATION_NAMES[c.nation]} in {data.NAMES[place]}"
        if c.lost:
            marker(f"lost: {name}", (x, y, x + c.width, y + c.height))
        elif (place, c.nation) in framed:
            _frame(d, (x, y, x + c.width, y + c.height), f"changed: {name}")
    for p in placed:
        if p.place in ch.built and p.factory:
            _frame(d, factory_box(p.box), f"changed: factory in {data.NAMES[p.place]}")
        elif p.place in ch.razed and not p.factory:
            fb = factory(img, view, ch.razed[p.place], p.place, p.box, lost=True)
            marker(f"lost: factory in {data.NAMES[p.place]}", fb)


def draw_arrows(img: Image.Image, placed: list[Placed], ch: Changes) -> None:
    """An arrow for each move of ``ch``, drawn before the pieces so that no chip is
    hidden under one."""
    boxes = {p.place: p.box for p in placed}
    seen: dict[frozenset[str], int] = {}
    for m in ch.moves:
        pair = frozenset((m.src, m.dst))
        k = seen[pair] = seen.get(pair, -1) + 1
        shift = (k + 1) // 2 * 10 * (1 if k % 2 else -1) + (5 if m.src < m.dst else -5)
        _arrow(img, _area(m.src, boxes), _area(m.dst, boxes), shift,
               f"moved: {data.NATION_NAMES[m.nation]}, {data.NAMES[m.src]} to "
               f"{data.NAMES[m.dst]}")


# The words of the marks' key, as the header's second line says them.
KEY_WORDS = {"moved": "moved", "changed": "new or changed", "lost": "lost"}


def draw_key(img: Image.Image, x: float, before: MaharajaView) -> None:
    """The header's second line on a picture with marks: since when, and what each mark
    means, with a sample of each."""
    d = ImageDraw.Draw(img)
    f, y = key_font(), KEY_Y
    text = f"Since turn {before['turn']}:"
    label(d, (x, y), text, f, fill=CREAM, anchor="lm")
    x += f.getlength(text) + 10
    _arrow(img, (x, y - 4, x + 1, y + 4), (x + 40, y - 4, x + 41, y + 4), 0, "key: moved")
    x += 48
    label(d, (x, y), KEY_WORDS["moved"], f, fill=CREAM, anchor="lm")
    x += f.getlength(KEY_WORDS["moved"]) + 18
    _frame(d, (x, y - 8, x + 26, y + 8), "key: changed")
    x += 36
    label(d, (x, y), KEY_WORDS["changed"], f, fill=CREAM, anchor="lm")
    x += f.getlength(KEY_WORDS["changed"]) + 18
    tile, (tx0, ty0, tx1, ty1) = chip_sprite("−1", CREAM, (), FRAME, True)
    top = round(y - CHIP_H / 2)
    img.paste(tile, (round(x), top))
    note("−1", CHIP_PX, (round(x) + tx0, top + ty0, round(x) + tx1, top + ty1), info=False)
    marker("key: lost", (round(x), top, round(x) + tile.width, top + CHIP_H))
    x += tile.width + 8
    label(d, (x, y), KEY_WORDS["lost"], f, fill=CREAM, anchor="lm")


__all__ = ["KEY_WORDS", "draw_arrows", "draw_key", "draw_marks", "lost_by_place"]
