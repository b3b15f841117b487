"""Where everything sits in the Goat-Tiger picture: its size and bands, the points of the
board (fan lines from the apex, two wing lines) and their labels, the corner panels and
the key's line (see board.py for the picture these place)."""

from __future__ import annotations

from itertools import pairwise

from engine.games.goat_tiger import data as geo
from renderer.common import Point

WIDTH = 1000
HEADER_H = 120  # dark band with the status lines
KEY_TOP = 842  # the key to the symbols, at the foot of the slab
HEIGHT = 910
SLAB = (10, HEADER_H, WIDTH - 10, HEIGHT - 10)  # the carved stone
CX = WIDTH // 2
APEX_Y = HEADER_H + 76
ROW_H = 140  # rows a..e are equally spaced
DX = 74  # a fan line moves 1 DX sideways per row per unit of (col - 3.5)
WING_X = 5.5 * DX  # wings sit one DX outside the outer fan point of row d
PIECE_R = 28
LABEL_SIZE = 28  # 11.2 px on a phone
TEXT_SIZE = 28  # the smallest text: captions and the key, 11.2 px on a phone (the floor: 11)


def _point_xy(row: int, col: int | None) -> Point:
    """Fan points lie on straight lines from the apex: their distance from the centre
    grows in proportion to the row. Columns 1 and 6 are the two vertical wing lines."""
    y = APEX_Y + row * ROW_H
    if col is None:
        return (CX, y)
    if col in (1, 6):
        return (CX - WING_X if col == 1 else CX + WING_X, y)
    return (CX + (col - 3.5) * row * DX, y)


POS: dict[str, Point] = {p["label"]: _point_xy(p["row"], p["col"]) for p in geo.POINTS}
EDGES: list[tuple[str, str]] = [
    (geo.LABELS[a], geo.LABELS[b]) for line in geo.LINES for a, b in pairwise(line)
]


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every point, by label."""
    return {label: (round(x), round(y)) for label, (x, y) in POS.items()}


def _label_offset(row: int, col: int | None) -> Point:
    """Where a point's label sits, relative to the point: in a wedge that no line
    passes through, and clear of whatever piece may stand on any point (a tiger's ears
    stick out up-left and up-right; a highlight ring may pass under a label's edge, and
    labels are pasted last so they stay whole).

    Fan points of rows c and d have lines going left and right, up towards the apex and
    down away from it, so the wedge below, on the side of the centre, is free. Row b is
    crowded (its fan points are one DX apart) and its wedges below are shared, so its
    labels sit above, b3 and b4 in the narrow wedges beside the apex's lines. Wings put
    labels outside the board, the base row below it, the apex to its right.
    """
    if col is None:
        return (48, 0)
    side = -1 if col <= 3 else 1  # the left or the right half of the board
    if col in (1, 6):
        return (side * 53, 0)
    if row == 4:
        return (0, 50)
    if row == 1:
        return (side * 11, -50) if col in (3, 4) else (side * 16, -49)
    return (-side * 24, 46)


def _label_xy(p: dict) -> Point:
    (x, y), (ox, oy) = POS[p["label"]], _label_offset(p["row"], p["col"])
    return (x + ox, y + oy)


LABEL_POS: dict[str, Point] = {p["label"]: _label_xy(p) for p in geo.POINTS}
LABEL_SIDE: dict[str, Point] = {p["label"]: _label_offset(p["row"], p["col"]) for p in geo.POINTS}

SUPPLY_BOX = (28, HEADER_H + 18, 300, HEADER_H + 150)
CAPTURE_BOX = (WIDTH - 300, HEADER_H + 18, WIDTH - 28, HEADER_H + 150)
SLOT_R = 19
KEY_Y = (KEY_TOP + SLAB[3]) // 2  # the key's middle line


def slot_centres() -> list[Point]:
    _, y0, x1, _ = CAPTURE_BOX
    step = 2 * SLOT_R + 12
    left = x1 - 5 * step + 6 + SLOT_R
    return [(left + i * step, y0 + 78) for i in range(geo.CAPTURES_TO_WIN)]
