"""The main Rajas of the Ganges picture: the shared board and every player at a glance,
landscape (1000 px wide, about 5:4) so that Discord's desktop box and a phone's column both
show it at least 400 px wide, with every information text 28 px or more (11 px at 400 px
wide), names 30 px (12) and markers 26 px (10).

- **Header**: the round and whose turn, or the result. What happened is the post's
  text (its summary since the player's last move, the log).
- **River**: the start, the 19 spaces with their earnings in symbols and the boats; the
  key of the symbols in words below it.
- **Tiles for sale**: the display's 12 top tiles by colour and back, each with its cost in
  dice of its colour, its roads and its contents in words (a Mango village on the right);
  the tile the mover has taken, marked "in hand".
- **Players**: each one's province in small (a cell per tile, in the tile's colour), name
  and dice.

Fame, money, karma, workers left, building levels and the worker spaces taken are the
post's status lines (renderer/rajas/words.py); one player's province in full is
``/board side:`` (renderer/rajas/province.py). ``draw(..., marks=)`` draws what changed
since an earlier view (renderer/rajas/since.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from PIL import Image, ImageDraw

from engine.games.rajas import GAME as game
from engine.games.rajas import data
from engine.games.rajas.shown import RajasView
from renderer.common import (
    Names,
    encode_png,
    font,
    kept_palette,
    make_palette,
    marker,
    recording,
    wrap,
)
from renderer.common.animation import Painted
from renderer.rajas.art import (
    CREAM,
    DIE,
    EDGE,
    FLAT,
    FRAME,
    GOLD,
    INK,
    LAND,
    MUTED,
    PANEL,
    PLAYER,
    ROAD,
    SLOT,
    STREAM,
    WATER,
    Sprite,
    sprite,
    stamp,
    write,
)
from renderer.rajas.reading import held_tile, title
from renderer.rajas.since import changes
from renderer.rajas.symbols import key_text, keys, parts

WIDTH = 1000
INFO, NAME, MARK = 28, 30, 26  # 11.2, 12 and 10.4 px on a phone showing it 400 px wide
BOLD, PLAIN, TITLE = font(INFO, bold=True), font(INFO), font(NAME, bold=True)
M = 16  # the margin
LINE = 34
ROOM = WIDTH - 2 * M - 16
STEP = 98  # between river spaces
SPACE_R = 24
RIVER_H = 238  # two rows of spaces, boats above, earnings below
TILE, TILE_STEP = 126, 131
DIE_PX, DIE_STEP = 30, 32
CELL = 26  # a province cell in small
GREY = (150, 144, 150)
MARKED = (255, 120, 200)  # what changed since an earlier view


def river_xy(i: int, top: int) -> tuple[int, int]:
    """Space ``i``'s centre (0 the start): ten a row, the second row coming back."""
    row, k = divmod(i, 10)
    x = 64 + (k if row == 0 else 9 - k) * STEP
    return x, top + 62 + row * 118


def layout() -> dict[str, tuple[int, int]]:
    """The river spaces' centres under a one-line title."""
    return {f"river{i}": river_xy(i, _HEAD_ONE) for i in range(data.FINAL + 1)}


# --- the header ---------------------------------------------------------------------------

_HEAD_ONE = 10 + 44 + 6


@lru_cache(maxsize=64)
def title_fit(title: str) -> tuple[tuple[str, ...], int]:
    size = next((k for k in (36, 34, 32, NAME) if font(k, bold=True).getlength(title) <= ROOM),
                0)
    return ((title,), size) if size else (tuple(wrap(title, TITLE, ROOM)), NAME)


def _header(img: Image.Image | None, view: RajasView, players: Names) -> int:
    """Draws the header (when ``img``) and returns its height."""
    result = view.get("result")
    heads, size = title_fit(title(view, players, fits=lambda t: len(title_fit(t)[0]) == 1))
    y = 10
    for line in heads:
        if img is not None:
            write(img, (M + 8, y), line, font(size, bold=True), GOLD if result else CREAM)
        y += 44 if len(heads) == 1 else 38
    return y + 6


# --- the river ----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def die_sprite(colour: str, value: int, size: int) -> Sprite:
    """A die in its colour (grey: any colour) with its pips as a number, "?" unrolled."""
    def draw() -> Image.Image:
        im = Image.new("RGB", (size, size), FRAME)
        d = ImageDraw.Draw(im)
        d.rounded_rectangle((0, 0, size - 1, size - 1), 5, fill=DIE.get(colour, GREY),
                            outline=CREAM, width=1)
        if value >= 0:
            stamp(im, (size / 2, size / 2 + 1), str(value) if value else "?", BOLD, CREAM,
                  "mm")
        return im
    return sprite(draw)


def _earning(img: Image.Image, centre: tuple[float, float], code: str,
             fill: tuple[int, int, int] = CREAM) -> tuple[float, float, float, float]:
    """An earning's symbols, centred at ``centre`` (top), its texts in ``fill``; returns
    the box they take."""
    return symbols_line(img, centre, parts(code), fill)


def piece_width(kind: str, what: str) -> float:
    return BOLD.getlength(what) if kind == "text" else MARK + 2


def symbols_line(img: Image.Image, centre: tuple[float, float],
                 pieces: Iterable[tuple[str, str]],
                 fill: tuple[int, int, int] = CREAM) -> tuple[float, float, float, float]:
    """Symbols side by side, centred at ``centre`` (top): texts, dice as squares in their
    colour, a yield tile's space as a square in its colour; returns their box."""
    pieces = list(pieces)
    widths = [piece_width(k, t) for k, t in pieces]
    x = left = centre[0] - (sum(widths) + 2 * (len(widths) - 1)) / 2
    for (kind, what), w in zip(pieces, widths, strict=True):
        if kind == "text":
            stamp(img, (x, centre[1]), what, BOLD, fill)
        else:
            box = (x + 1, centre[1] + 2, x + 1 + MARK, centre[1] + 2 + MARK)
            colour = SLOT.get(what, GREY) if kind == "slot" else DIE.get(what, GREY)
            ImageDraw.Draw(img).rounded_rectangle(box, 4, fill=colour, outline=CREAM)
            marker(f"{kind} {what}", box)
        x += w + 2
    return left, centre[1], x - 2, centre[1] + MARK + 4


@lru_cache(maxsize=32)
def _river(river: tuple[str, ...], top: int) -> Sprite:
    def draw() -> Image.Image:
        im = Image.new("RGB", (WIDTH, RIVER_H + _key_height(river)), FRAME)
        d = ImageDraw.Draw(im)
        d.rounded_rectangle((M, 0, WIDTH - M, im.height - 4), 12, fill=WATER)
        course = [river_xy(i, 0) for i in range(data.FINAL + 1)]
        d.line([*course[:10], (course[9][0] + 40, course[9][1] + 30),
                (course[10][0] + 40, course[10][1] - 30), *course[10:]], fill=STREAM,
               width=14, joint="curve")
        (ax, ay), (bx, _) = course[data.RIVER["bridge_after"]], course[
            data.RIVER["bridge_after"] + 1]
        d.rectangle(((ax + bx) / 2 - 5, ay - 30, (ax + bx) / 2 + 5, ay + 30), fill=ROAD)
        for i, code in enumerate(("start", *river)):
            x, y = course[i]
            d.ellipse((x - SPACE_R, y - SPACE_R, x + SPACE_R, y + SPACE_R), fill=LAND,
                      outline=CREAM, width=2)
            stamp(im, (x, y + 1), "S" if i == 0 else str(i), TITLE, INK, "mm")
            if i:
                _earning(im, (x, y + SPACE_R + 4), code)
        for k, line in enumerate(_key_lines(river)):
            stamp(im, (M + 12, RIVER_H - 2 + k * LINE), line, PLAIN, CREAM)
        return im
    return sprite(draw)


@lru_cache(maxsize=32)
def _key_lines(river: tuple[str, ...]) -> tuple[str, ...]:
    entries = frozenset(k for c in river for k in keys(c)) | {"die"}
    return tuple(wrap("Key: " + key_text(entries), PLAIN, ROOM))


def _key_height(river: tuple[str, ...]) -> int:
    return len(_key_lines(river)) * LINE + 4


def _boats(img: Image.Image, view: RajasView, top: int) -> None:
    at: dict[int, list[str]] = {}
    for r, p in (view.get("players") or {}).items():
        at.setdefault(p["boat"], []).append(r)
    d = ImageDraw.Draw(img)
    for pos, roles in at.items():
        x, y = river_xy(pos, top)
        x0 = x - 14 * len(roles)
        for k, role in enumerate(roles):
            box = (x0 + 28 * k, y - SPACE_R - MARK - 4, x0 + 28 * k + MARK, y - SPACE_R - 4)
            d.rectangle(box, fill=PLAYER[role], outline=EDGE if role != "black" else CREAM)
            marker(f"boat {role} on {pos}", box)


# --- tiles for sale -----------------------------------------------------------------------

CONTENTS = {"silk": "silk", "tea": "tea", "spices": "spice"}


def contents(tid: str) -> tuple[str, ...]:
    """A tile's contents in words, a line each: ``silk 2``, ``temple``; a village's bonus."""
    t = data.TILES[tid]
    return (*(f"{CONTENTS[m['good']]} {m['value']}" for m in t["markets"]), *t["buildings"])


@lru_cache(maxsize=256)
def tile_sprite(tid: str, roads: tuple[str, ...], size: int, held: bool = False,
          priced: bool = True) -> Sprite:
    """A tile: its colour, roads, cost (``2=`` a village: a double; none once built:
    ``priced`` False) and contents; the tile the mover has taken says "in hand" where its
    cost was."""
    def draw() -> Image.Image:
        t = data.TILES[tid]
        im = Image.new("RGB", (size, size), LAND)
        d = ImageDraw.Draw(im)
        colour = DIE.get(t["colour"], GOLD)
        d.rectangle((0, 0, size - 1, size - 1), outline=colour, width=5)
        c = size / 2
        ends = {"N": (c, 0), "S": (c, size), "E": (size, c), "W": (0, c)}
        for side in roads:
            d.line((c, c, *ends[side]), fill=ROAD, width=7)
        cost = "in hand" if held else str(t["cost"]) if t["cost"] else "2="
        if priced:
            w = BOLD.getlength(cost) + 12
            d.rounded_rectangle((4, 4, 4 + w, 38), 5, fill=GOLD if held else colour)
            stamp(im, (4 + w / 2, 21), cost, BOLD, INK if held else CREAM, "mm")
        lines = contents(tid)
        y = size - 6 - LINE * len(lines)
        for line in lines:
            lw = PLAIN.getlength(line) + 8
            d.rounded_rectangle((c - lw / 2, y, c + lw / 2, y + LINE - 2), 5, fill=CREAM)
            stamp(im, (c, y + LINE / 2 - 1), line, PLAIN, INK, "mm")
            y += LINE
        if t.get("bonus"):
            _earning(im, (c + 10, size - 40), t["bonus"])
        return im
    return sprite(draw)


def _display(img: Image.Image, view: RajasView, top: int, held: str | None,
             marked: set[str]) -> None:
    shown = view.get("display") or {}
    stamp(img, (M + 8, top), "For sale: cost in dice of its colour", BOLD,
          MUTED)
    d = ImageDraw.Draw(img)
    for ci, colour in enumerate(data.COLOURS):
        for bi, back in enumerate(data.BACKS):
            key = f"{colour}-{back}"
            x, y = M + 8 + ci * TILE_STEP, top + LINE + 8 + bi * TILE_STEP
            tid = shown.get(key)
            d.rectangle((x, y, x + TILE - 1, y + TILE - 1), outline=EDGE, width=2)
            if tid is None and held and data.stack_of(held) == key:
                tile_sprite(held, tuple(data.TILES[held]["roads"]), TILE, True).put(img, (x, y))
                d.rectangle((x - 3, y - 3, x + TILE + 2, y + TILE + 2), outline=GOLD, width=4)
            elif tid:
                tile_sprite(tid, tuple(data.TILES[tid]["roads"]), TILE).put(img, (x, y))
            if key in marked:
                ring(d, (x, y, x + TILE - 1, y + TILE - 1), key)
    village = shown.get("village-mango") if "village-mango" in shown else None
    if "village-mango" in shown:
        x, y = M + 8 + 4 * TILE_STEP, top + LINE + 8
        tid = village or (held if held and data.TILES[held]["colour"] == "village" else None)
        if tid:
            tile_sprite(tid, tuple(data.TILES[tid]["roads"]), TILE, tid != village).put(img, (x, y))
        stamp(img, (x + TILE / 2, y + TILE + 4), "village", BOLD, MUTED, "mt")
        if "village-mango" in marked:
            ring(d, (x, y, x + TILE - 1, y + TILE - 1), "village-mango")


def ring(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], mark: str) -> None:
    """A ring round what changed (``mark``: since.py's key for it)."""
    x0, y0, x1, y1 = box
    d.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), outline=MARKED, width=5)
    marker(f"changed {mark}", (x0 - 5, y0 - 5, x1 + 5, y1 + 5))


# --- the players --------------------------------------------------------------------------


def _players_x(view: RajasView) -> int:
    return M + 8 + (5 if "village-mango" in (view.get("display") or {}) else 4) * TILE_STEP + 8


def _players(img: Image.Image, view: RajasView, top: int, marked: set[str]) -> None:
    x0 = _players_x(view)
    rows = list((view.get("players") or {}).items())
    active = set(view.get("active") or [])
    d = ImageDraw.Draw(img)
    step = 4 * CELL + 10
    for i, (r, p) in enumerate(rows):
        y = top + i * step
        if r in active:
            d.rounded_rectangle((x0 - 6, y - 4, WIDTH - M, y + step - 8), 8, outline=GOLD,
                                width=3)
        mini(img, p["cells"], (x0, y))
        if f"province {r}" in marked:
            ring(d, (x0, y, x0 + 5 * CELL, y + 4 * CELL), f"province {r}")
        nx = x0 + 5 * CELL + 12
        d.rectangle((nx, y + 4, nx + MARK, y + 4 + MARK), fill=PLAYER[r], outline=EDGE)
        marker(f"player {r}", (nx, y + 4, nx + MARK, y + 4 + MARK))
        stamp(img, (nx + MARK + 8, y + 17), data.ROLE_NAMES.get(r, r), TITLE, CREAM, "lm")
        per = (WIDTH - M - nx) // DIE_STEP
        for k, (c, v) in enumerate(p["dice"][:2 * per]):
            die_sprite(c, v, DIE_PX).put(img, (nx + (k % per) * DIE_STEP,
                                          y + 40 + (k // per) * (DIE_STEP + 2)))
        if f"dice {r}" in marked:
            ring(d, (nx, y + 40, WIDTH - M - 8, y + 40 + 2 * DIE_STEP), f"dice {r}")


def mini(img: Image.Image, cells: dict, xy: tuple[int, int]) -> None:
    """A province in small: the residence in gold, each tile a cell in its colour."""
    d = ImageDraw.Draw(img)
    x0, y0 = xy
    lay = data.PROVINCE
    for cell in [*lay["cells"], lay["residence"]]:
        r, c = data.cell_position(cell)
        box = (x0 + c * CELL, y0 + r * CELL, x0 + (c + 1) * CELL, y0 + (r + 1) * CELL)
        placed = cells.get(cell)
        if placed:
            marker(f"tile {cell}", box)
        fill = GOLD if cell == lay["residence"] else DIE.get(
            data.TILES[placed["tile"]]["colour"], (200, 170, 60)) if placed else PANEL
        d.rectangle(box, fill=fill, outline=EDGE)


# --- the picture ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """Where the bands lie for one view."""

    river_top: int
    lower_top: int
    height: int


def plan(view: RajasView, players: Names) -> Plan:
    river = tuple(view.get("river") or data.RIVER["spaces"])
    river_top = _header(None, view, players)
    lower = river_top + RIVER_H + _key_height(river) + 6
    rows = len(view.get("players") or {})
    height = lower + max(LINE + 8 + 3 * TILE_STEP + 6, rows * (4 * CELL + 10) + 4)
    return Plan(river_top, lower, height)


def draw(view: RajasView, players: Names = None, marks: Iterable[str] = ()) -> Image.Image:
    """The picture; ``marks``: what changed since an earlier view (since.py's keys)."""
    at = plan(view, players)
    marked = set(marks)
    img = Image.new("RGB", (WIDTH, at.height), FRAME)
    _header(img, view, players)
    river = tuple(view.get("river") or data.RIVER["spaces"])
    _river(river, 0).put(img, (0, at.river_top))
    _boats(img, view, at.river_top)
    _moves(img, view, at.river_top, marked)
    held = held_tile(view)
    _display(img, view, at.lower_top, held, marked)
    _players(img, view, at.lower_top, marked)
    return img


def _moves(img: Image.Image, view: RajasView, top: int, marked: set[str]) -> None:
    """Boats moved since the earlier view: an arrow from where each was."""
    d = ImageDraw.Draw(img)
    for m in marked:
        if not m.startswith("boat "):
            continue
        _, role, frm, to = m.split()
        (ax, ay), (bx, by) = river_xy(int(frm), top), river_xy(int(to), top)
        d.line((ax, ay - SPACE_R - 15, bx, by - SPACE_R - 15), fill=MARKED, width=5)
        d.polygon([(bx, by - SPACE_R - 4), (bx - 9, by - SPACE_R - 20),
                   (bx + 9, by - SPACE_R - 20)], fill=MARKED)
        marker(f"changed {m}", (min(ax, bx) - 9, min(ay, by) - SPACE_R - 20, max(ax, bx) + 9,
                   max(ay, by) - SPACE_R - 4))


def _choose_palette() -> Image.Image:
    sample = cast(RajasView, game.view(game.setup(1, {"players": 4}), None))
    with recording():  # a specimen: its texts are no picture's
        specimen = draw(sample, marks=[f"dice {r}" for r in sample["players"]])
    return make_palette([specimen], [*FLAT, GREY, MARKED])


palette = kept_palette(__file__, _choose_palette)  # palette.json


def warm() -> None:
    palette()


def painted(view: RajasView, players: Names = None) -> Painted:
    """What ``render`` encodes, before it is mapped to its palette (a replay's frame)."""
    return Painted(draw(view, players), palette())


def render(view: RajasView, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


def render_since(view: RajasView, players: Names, before: RajasView,
                 focus: str | None) -> bytes:
    """The picture with what changed since ``before`` marked; ``focus`` is for the
    province view, which the main picture does not draw."""
    return encode_png(draw(view, players, changes(before, view)), palette())


__all__ = ["WIDTH", "contents", "draw", "layout", "palette", "plan", "render", "render_since",
           "river_xy", "warm"]
