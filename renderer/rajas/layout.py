"""Where everything lies on the Rajas of the Ganges picture (renderer/rajas/board.py), and its
static layers: the river with its spaces and earnings (one for each river: the Ganga
module lays tiles on it), and the worker spaces with their costs, the display's frame and
the province's empty grid (one for each board side and modules), each drawn once and
pasted under every picture.

The picture is 880 px wide, so that its smallest text (20 px) is 9 px on a phone that
shows it 400 px wide; top to bottom: the header (whose turn, the last log line), the
river (two rows, a bend between them), the worker spaces, the display, the province
beside the players' dice, and the key."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.rajas import data
from renderer.common import Drawn, font, recording
from renderer.rajas.art import (
    BOLD,
    CREAM,
    DIE,
    EDGE,
    FRAME,
    GOLD,
    INITIAL,
    INK,
    LAND,
    MUTED,
    PANEL,
    ROAD,
    SMALL,
    STREAM,
    WATER,
    Sprite,
    code_text,
    sprite,
    stamp,
)

WIDTH = 880
HEADER = 100  # the header's height with a one-line title and up to two log lines
MARGIN = 12
RIVER = (MARGIN, 102, WIDTH - MARGIN, 324)
RIVER_ROW = (176, 276)  # the rows' centres
RIVER_STEP = 84
SPACE_R = 20
SPACES_TOP = RIVER[3] + 6
BOX_H = 52
TILE = 112  # a display tile
CELL = 94  # a province cell
COLUMN = 212  # a display column (one colour)
PLAYERS_X = 648  # the players' dice, right of the province
DIE_SIZE, DIE_STEP = 32, 36

Box = tuple[int, int, int, int]


def river_xy(i: int) -> tuple[int, int]:
    """The centre of river space ``i`` (0 the start): the first row runs right, the
    second comes back left below it."""
    per = (data.FINAL + 2) // 2
    row, k = divmod(i, per)
    x = MARGIN + 48 + k * RIVER_STEP
    return (x if row == 0 else MARGIN + 48 + (per - 1 - k) * RIVER_STEP, RIVER_ROW[row])


@dataclass(frozen=True)
class Space:
    """One worker space: the key ``view["used"]`` counts it under, its place in that
    list, its box and what is written on it."""

    kind: str
    index: int
    box: Box
    text: str
    fill: tuple[int, int, int] = PANEL
    fill2: tuple[int, int, int] | None = None  # an exchange: the colour taken


@dataclass(frozen=True)
class Board:
    """The picture's geometry for one set-up (below the header), and its static layer."""

    spaces: tuple[Space, ...]
    village: tuple[int, int] | None  # where Mango Village's display tile lies
    display_top: int
    province_top: int
    key_top: int
    layer: Sprite = field(compare=False)

    def tile_xy(self, colour: int, back: int) -> tuple[int, int]:
        return (MARGIN + 12 + colour * COLUMN, self.display_top + 34 + back * 122)

    def grid(self) -> tuple[int, int]:
        """The province grid's top left corner."""
        return MARGIN + 76, self.province_top + 66

    def cell_box(self, cell: str) -> Box:
        r, c = data.cell_position(cell)
        gx, gy = self.grid()
        return (gx + c * CELL, gy + r * CELL, gx + (c + 1) * CELL - 2, gy + (r + 1) * CELL - 2)


def _groups(lay: dict, mango: bool) -> list[list[tuple[str, list[Space], int]]]:
    """The worker spaces by row: (title, spaces with boxes at x 0, step) per group."""
    def space(kind: str, i: int, text: str, w: int, **kw: object) -> Space:
        return Space(kind, i, (0, 0, w, BOX_H), text, **kw)  # type: ignore[arg-type]

    market = [space(f"market-{g}", lay["market"][:k].count(g), text, 46)
              for k, (g, text) in enumerate((g, {"assorted": "Mix", "silk": "Si", "tea": "Te",
                                                 "spices": "Sp"}[g]) for g in lay["market"])]
    terrace = [space(f"terrace-{c}", lay["terrace"][:k].count(c), INITIAL[c], 32,
                     fill=DIE[c]) for k, c in enumerate(lay["terrace"])]
    swaps = [space(f"swap-{ex['give']}", 0, f"{INITIAL[ex['give']]}>{INITIAL[ex['take']]}",
                   48, fill=DIE[ex["give"]], fill2=DIE[ex["take"]])
             for ex in data.BOARD["exchange"]]
    rows = [
        [("QUARRY $", [space("quarry", i, str(c), 38) for i, c in enumerate(lay["quarry"])],
          41),
         ("HARBOR $", [space("harbor", i, str(c), 38) for i, c in enumerate(lay["harbor"])],
          41),
         ("MARKET", market, 50)],
        [("PALACE: die 1-6", [space(n, 0, str(f), 40) for n, f in data.CHAMBERS.items()], 43),
         ("EXCHANGE", swaps, 52), ("TERRACE", terrace, 35),
         ("2$", [space("two_money", i, "2$", 44) for i in range(lay.get("two_money", 1))],
          48)],
    ]
    if mango:
        rows.append([("MANGO TREE", [space("mango", i, "V", 44)
                                     for i in range(lay.get("mango", 1))], 48)])
    return rows


def _place(rows: list[list[tuple[str, list[Space], int]]]) -> tuple[
        list[tuple[str, int, int]], list[Space]]:
    """Titles (text, x, y) and spaces with their boxes on the picture."""
    titles, spaces = [], []
    y = SPACES_TOP + 4
    for row in rows:
        x = MARGIN + 12
        for title, group, step in row:
            titles.append((title, x, y))
            for k, s in enumerate(group):
                x0, y0 = x + k * step, y + 24
                spaces.append(Space(s.kind, s.index, (x0, y0, x0 + s.box[2], y0 + BOX_H),
                                    s.text, s.fill, s.fill2))
            x += max(len(group) * step, int(BOLD.getlength(title)) + 8) + 14
        y += 24 + BOX_H + 8
    return titles, spaces


@lru_cache(maxsize=8)
def board(layout: str, mango: bool) -> Board:
    """The geometry and static layer of a game with this board side (``view["layout"]``
    as JSON) and, or not, Mango Village; the river is left to ``river_layer``."""
    lay = json.loads(layout)
    titles, spaces = _place(_groups(lay, mango))
    spaces_bottom = max(s.box[3] for s in spaces) + 8
    village = None
    if mango:
        mango_box = next(s.box for s in spaces if s.kind == "mango")
        village = (max(mango_box[2] + 30, MARGIN + 180), mango_box[1] - 22)
        spaces_bottom = max(spaces_bottom, village[1] + CELL + 8)
    display_top = spaces_bottom + 6
    province_top = display_top + 34 + 3 * 122 + 6
    key_top = province_top + 66 + 4 * CELL + 36
    geometry = Board(tuple(spaces), village, display_top, province_top, key_top,
                     Sprite(Image.new("RGB", (1, 1))))

    def draw() -> Image.Image:
        img = Image.new("RGB", (WIDTH, key_top), FRAME)
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((MARGIN, SPACES_TOP, WIDTH - MARGIN, spaces_bottom), 10,
                            fill=(48, 44, 50))
        for text, x, y in titles:
            stamp(img, (x, y), text, BOLD, MUTED)
        for s in spaces:
            _space(img, s)
        _display(img, geometry)
        _province(img, geometry)
        return img
    return Board(tuple(spaces), village, display_top, province_top, key_top, sprite(draw))


@lru_cache(maxsize=32)
def river_layer(river: tuple[str, ...]) -> Sprite:
    """The river panel with these earnings on its spaces, to paste at ``RIVER``'s corner."""
    top = RIVER[1]
    with recording() as drawn:
        img = Image.new("RGB", (WIDTH, RIVER[3] + 1), FRAME)
        _river(img, river)
    return Sprite(img.crop((0, top, WIDTH, RIVER[3] + 1)), tuple(
        Drawn(d.text, d.px, (d.box[0], d.box[1] - top, d.box[2], d.box[3] - top), d.info)
        for d in drawn))


def _river(img: Image.Image, river: tuple[str, ...]) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(RIVER, 12, fill=WATER)
    stamp(img, (MARGIN + 12, RIVER[1] + 2), "RIVER", BOLD, CREAM)
    # The river's course: along the first row, round the bend, back along the second.
    course = [river_xy(i) for i in range(data.FINAL + 1)]
    per = (data.FINAL + 2) // 2
    bend = [(course[per - 1][0] + 30, course[per - 1][1] + 20),
            (course[per][0] + 30, course[per][1] - 20)]
    d.line([*course[:per], *bend, *course[per:]], fill=STREAM, width=14, joint="curve")
    bridge = data.RIVER["bridge_after"]
    for i, code in enumerate(("start", *river)):
        x, y = river_xy(i)
        r = SPACE_R + (2 if i == data.FINAL else 0)
        d.ellipse((x - r, y - r, x + r, y + r), fill=LAND, outline=CREAM, width=2)
        stamp(img, (x, y), "S" if i == 0 else str(i), BOLD, INK, "mm")
        if i:
            stamp(img, (x, y + SPACE_R + 4), code_text(code), BOLD, CREAM, "mt")
    (ax, ay), (bx, by) = river_xy(bridge), river_xy(bridge + 1)
    if ay == by:  # the bridge: a bar across the river between its two spaces
        mx = (ax + bx) / 2
        d.rectangle((mx - 4, ay - 26, mx + 4, ay + 26), fill=ROAD)


def _space(img: Image.Image, s: Space) -> None:
    """A worker space: what it costs or gives on top, its worker's place below (in the
    colour of the die a terrace gives; an exchange's die given, then the dice taken)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = s.box
    d.rounded_rectangle(s.box, 6, fill=PANEL, outline=EDGE, width=2)
    if s.fill != PANEL:
        mid = (x0 + x1) / 2 if s.fill2 else x1 - 3
        d.rectangle((x0 + 3, y0 + 28, mid, y1 - 3), fill=s.fill)
        if s.fill2:
            d.rectangle((mid, y0 + 28, x1 - 3, y1 - 3), fill=s.fill2)
    stamp(img, ((x0 + x1) / 2, y0 + 15), s.text, BOLD, CREAM, "mm")
    d.ellipse(((x0 + x1) / 2 - 9, y1 - 23, (x0 + x1) / 2 + 9, y1 - 5), outline=EDGE, width=1)


def _display(img: Image.Image, g: Board) -> None:
    d = ImageDraw.Draw(img)
    top = g.display_top
    d.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, g.province_top - 6), 10, fill=PANEL,
                        outline=EDGE)
    stamp(img, (MARGIN + 12, top + 4), "DISPLAY (cost: dice of the tile's colour)", BOLD,
          MUTED)
    for ci in range(len(data.COLOURS)):
        for bi, back in enumerate(data.BACKS):
            x, y = g.tile_xy(ci, bi)
            d.rectangle((x, y, x + TILE - 1, y + TILE - 1), outline=EDGE, width=2)
            stamp(img, (x + TILE + 8, y + 8), back, BOLD, CREAM)


def _province(img: Image.Image, g: Board) -> None:
    d = ImageDraw.Draw(img)
    top = g.province_top
    d.rounded_rectangle((MARGIN, top, PLAYERS_X - 8, g.key_top - 6), 10, fill=PANEL,
                        outline=EDGE)
    d.rounded_rectangle((PLAYERS_X, top, WIDTH - MARGIN, g.key_top - 6), 10, fill=PANEL,
                        outline=EDGE)
    lay = data.PROVINCE
    for cell in [*lay["cells"], lay["residence"]]:
        box = g.cell_box(cell)
        if cell != lay["residence"]:
            d.rectangle(box, fill=(72, 66, 74), outline=EDGE)
            continue
        d.rectangle(box, fill=GOLD)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for side in lay["residence_roads"]:
            end = {"W": (box[0], cy), "E": (box[2], cy), "S": (cx, box[3]),
                   "N": (cx, box[1])}[side]
            d.line((cx, cy, *end), fill=ROAD, width=8)
        stamp(img, (cx, box[1] + 16), "Raja", font(SMALL, bold=True), INK, "mm", info=False)


__all__ = ["BOX_H", "CELL", "DIE_SIZE", "DIE_STEP", "HEADER", "MARGIN", "PLAYERS_X", "TILE",
           "WIDTH", "Board", "Space", "board", "river_layer", "river_xy"]
