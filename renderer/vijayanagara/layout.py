"""Where everything lies in the Vijayanagara picture: the frame's regions (the header,
the map, the key under it), each space's box, the road between every two adjacent spaces
and the Vindhya Range, and the free corners of the map. All of it is worked out once, at
import, from the game's published map (engine/games/vijayanagara/data.py), but for the
roads, whose search is kept in roads.json (renderer/common/prebuilt.py); the drawing
modules read it from here.

The picture is made to be read in a phone's chat column, where it is shown about 400 px
wide: at 800 px wide every information text is at least 22 px (11 px there) and every
place or player name 24 px (12 px), so the map fills the width and the spaces stand on a
schematic grid that keeps the map's order (north stays north, west stays west) rather
than its distances."""

from __future__ import annotations

import math

from engine.games.vijayanagara import data as geo
from renderer.common import Point, quad_bezier
from renderer.common.prebuilt import prebuilt

# --- the frame's regions, and the boxes of the spaces -------------------------------------

WIDTH = 800
HEADER_H = 146  # whose turn, then up to three lines of what the last move did
MAP_BOX = (6, HEADER_H, WIDTH - 6, HEADER_H + 932)
KEY_BOX = (6, MAP_BOX[3] + 6, WIDTH - 6, MAP_BOX[3] + 6 + 76)  # the markers' key
HEIGHT = KEY_BOX[3] + 6
BOX_W, BOX_H = 166, 128  # a space: its name under the corner badges, then its chips
BOX_R = 10
GAP = 20  # the least room left between two boxes (roads show in it)

# --- where each space's box lies ---------------------------------------------------------

XY: dict[str, Point] = {s["id"]: (s["xy"][0], s["xy"][1]) for s in geo.MAP["spaces"]}

# Each space on a grid of columns (196 px apart) and rows (146 px apart): a space lies
# a whole row below any space its box shares columns with and that map.json puts
# north of it, and the columns follow map.json's west-to-east order.
COL_W, ROW_H = 196, 146
GRID: dict[str, Point] = {
    "passes": (0, 0), "punjab": (1, 0), "delhi": (2, 0.5),
    "sindh": (0, 1), "rajput": (1, 1), "jaunpur": (2.6, 1.5),
    "gujarat": (0, 2), "malwa": (1, 2), "gondwana": (2.12, 2.5), "orissa": (3.1, 2.5),
    "madhyadesh": (1.05, 3), "maharashtra": (0.1, 3.2), "andhra": (2.4, 3.6),
    "karnataka": (1.2, 4.25), "tamilakam": (2.05, 5.25),
}
GRID_ORIGIN = (MAP_BOX[0] + 10 + BOX_W / 2, MAP_BOX[1] + 10 + BOX_H / 2)


def _placed() -> dict[str, tuple[int, int]]:
    ox, oy = GRID_ORIGIN
    return {s: (round(ox + c * COL_W), round(oy + r * ROW_H)) for s, (c, r) in GRID.items()}


POS: dict[str, tuple[int, int]] = _placed()


def _fit() -> tuple[float, float, float, float]:
    """The affine map (x scale and offset, y scale and offset) that best takes map.json's
    coordinates to the boxes' centres: what the coastline and other map coordinates are
    drawn with."""

    def axis(k: int) -> tuple[float, float]:
        us = [XY[s][k] for s in geo.SPACES]
        vs = [POS[s][k] for s in geo.SPACES]
        mu, mv = sum(us) / len(us), sum(vs) / len(vs)
        a = sum((u - mu) * (v - mv) for u, v in zip(us, vs, strict=True)) / sum(
            (u - mu) ** 2 for u in us)
        return a, mv - a * mu

    (ax, bx), (ay, by) = axis(0), axis(1)
    return ax, bx, ay, by


_FIT = _fit()


def project(x: float, y: float) -> Point:
    """Map coordinates (0..1 in map.json) to image pixels, as near the grid as a straight
    stretch gets."""
    ax, bx, ay, by = _FIT
    return (ax * x + bx, ay * y + by)


EDGES: list[tuple[str, str]] = sorted(
    {(a, b) if a < b else (b, a) for a in geo.SPACES for b in geo.ADJ[a]}
)


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every space's box, by space id."""
    return dict(POS)


def box_of(space: str, grow: float = 0) -> tuple[float, float, float, float]:
    x, y = POS[space]
    return (x - BOX_W / 2 - grow, y - BOX_H / 2 - grow, x + BOX_W / 2 + grow, y + BOX_H / 2 + grow)


def _inside(p: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


# The Vindhya Range's centre: in the gap between Malwa and Gondwana, which it keeps apart
# (and Madhyadesh from Jaunpur).
RIDGE_CENTRE: Point = ((POS["madhyadesh"][0] + BOX_W / 2 + POS["gondwana"][0] - BOX_W / 2) / 2,
                       (POS["malwa"][1] + POS["madhyadesh"][1]) / 2)


def _ridge_axis() -> tuple[Point, Point]:
    """The Vindhya Range's centre and its direction: across the lines joining the spaces
    it keeps apart."""
    touches = list(geo.MAP["vindhya_range"].get("touches") or [])
    centre = RIDGE_CENTRE
    blocked = [
        (a, b)
        for i, a in enumerate(touches)
        for b in touches[i + 1 :]
        if b not in geo.ADJ.get(a, ()) and a in POS and b in POS
    ]
    sx = sy = 0.0
    for a, b in blocked:
        (ax, ay), (bx, by) = POS[a], POS[b]
        if bx < ax:  # add the directions pointing the same way round
            (ax, ay), (bx, by) = (bx, by), (ax, ay)
        d = math.dist((ax, ay), (bx, by)) or 1
        sx, sy = sx + (bx - ax) / d, sy + (by - ay) / d
    ux, uy = (-sy, sx) if (sx or sy) else (0.0, 1.0)  # across the blocked lines
    n = math.hypot(ux, uy)
    return centre, (ux / n, uy / n)


RIDGE_AXIS = _ridge_axis()
RIDGE_REACH = 60  # roads keep clear of the range this far either side of its centre
RIDGE_CLEAR = 22


def _near_ridge(p: Point) -> bool:
    """Whether ``p`` is close to where the Vindhya Range is drawn (a road running along
    the mountains reads as crossing them)."""
    (cx, cy), (ux, uy) = RIDGE_AXIS
    t = max(-RIDGE_REACH, min(RIDGE_REACH, (p[0] - cx) * ux + (p[1] - cy) * uy))
    return math.dist(p, (cx + t * ux, cy + t * uy)) < RIDGE_CLEAR


# Free corners of the map: the title in the north-east, the pieces' key in the Arabian Sea,
# Influence in the Bay of Bengal. Roads keep off them.
TITLE_XY = (MAP_BOX[2] - 14, MAP_BOX[1] + 10)  # the game's name (right-aligned)
LEGEND_BOX = (MAP_BOX[0] + 8, MAP_BOX[1] + 618, 238, MAP_BOX[3] - 8)
INFLUENCE_BOX = (600, MAP_BOX[1] + 680, MAP_BOX[2] - 8, MAP_BOX[3] - 8)
PANELS = (LEGEND_BOX, INFLUENCE_BOX)


ROAD_CLEAR = 8  # a road keeps this far from every box but its two ends
ROAD_APART = 11  # and this far from roads already laid, away from the boxes they share
END_ZONE = 40  # around a box, the roads leaving it may come together


def _near(p: Point, laid: dict[tuple[int, int], list[Point]]) -> bool:
    """Whether ``p`` comes within ROAD_APART of a point of a road already laid."""
    cx, cy = int(p[0] // ROAD_APART), int(p[1] // ROAD_APART)
    return any(math.dist(p, q) < ROAD_APART for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               for q in laid.get((cx + dx, cy + dy), ()))


def _road(a: str, b: str, laid: dict[tuple[int, int], list[Point]]) -> list[Point]:
    """The road between two adjacent spaces: straight, or bowed just enough (a quadratic
    curve whose bulge may also slide along the road to thread a gap) that it keeps clear
    of every other box, so it never seems to run under a space it does not reach, and
    away from the roads already laid, so that no two run side by side and each can be
    followed by eye. Where no curve manages both, the one that meets fewest other roads."""
    pa, pb = POS[a], POS[b]
    others = [box_of(s, ROAD_CLEAR) for s in geo.SPACES if s not in (a, b)]
    ends = [box_of(s, END_ZONE) for s in (a, b)]
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    length = math.dist(pa, pb)
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    tries = sorted(
        ((bend, shift) for bend in range(-240, 241, 10) for shift in range(-120, 121, 20)),
        key=lambda t: (abs(t[0]) + abs(t[1]) / 2, -t[0], -t[1]),
    )
    tight = [box_of(s, 4) for s in geo.SPACES if s not in (a, b)]
    tight += [(p[0] - 6, p[1] - 6, p[2] + 6, p[3] + 6) for p in PANELS]
    inner = (MAP_BOX[0] + 6, MAP_BOX[1] + 6, MAP_BOX[2] - 6, MAP_BOX[3] - 6)
    best: tuple[int, list[Point]] | None = None
    for bend, shift in tries:
        c = (mid[0] - uy * bend * 2 + ux * shift * 2, mid[1] + ux * bend * 2 + uy * shift * 2)
        pts = quad_bezier(pa, c, pb, 40)
        if any(_inside(p, box) for p in pts for box in tight) or not all(
                _inside(p, inner) for p in pts):
            continue
        # what a curve costs: points close to a third box weigh most, then closeness to
        # other roads; the first curve that costs nothing wins
        close = sum(10 for p in pts if any(_inside(p, box) for box in others)
                    or _near_ridge(p)) + sum(
            1 for p in pts if not any(_inside(p, e) for e in ends) and _near(p, laid))
        if close == 0:
            return pts
        if best is None or close < best[0]:
            best = (close, pts)
    return best[1] if best else [pa, mid, pb]


def lay_roads() -> list[list]:
    """Every road as ``[a, b, points]``, the straightest laid first so that the others
    bend around them (a search of half a second: its result is kept in roads.json)."""
    laid: dict[tuple[int, int], list[Point]] = {}
    roads = {}
    for e in sorted(EDGES, key=lambda e: math.dist(POS[e[0]], POS[e[1]])):
        roads[e] = _road(*e, laid)
        for p in roads[e]:
            laid.setdefault((int(p[0] // ROAD_APART), int(p[1] // ROAD_APART)), []).append(p)
    return [[a, b, [list(p) for p in roads[(a, b)]]] for a, b in EDGES]


ROADS: dict[tuple[str, str], list[Point]] = {
    (a, b): [(x, y) for x, y in pts] for a, b, pts in prebuilt(__file__, "roads", lay_roads)}


def _ridge() -> list[Point]:
    """Where the Vindhya Range runs: along its axis, stopping short of boxes and roads."""
    centre, (ux, uy) = RIDGE_AXIS
    road_pts = [p for e, pts in ROADS.items() for p in pts]
    boxes = [box_of(s, 18) for s in geo.SPACES]  # room for the corner markers

    def clear(p: Point) -> bool:
        return not any(_inside(p, b) for b in boxes) and all(math.dist(p, q) > 16 for q in road_pts)

    ends = []
    for sign in (-1, 1):
        t = 0.0
        while t < 160 and clear((centre[0] + sign * (t + 4) * ux, centre[1] + sign * (t + 4) * uy)):
            t += 4
        ends.append((centre[0] + sign * t * ux, centre[1] + sign * t * uy))
    return ends


RIDGE: list[Point] = _ridge()


# India, roughly, in map.json coordinates: our own schematic coastline.
COAST: list[Point] = [
    (-0.3, -0.3),
    (1.3, -0.3),
    (1.3, 0.29),
    (0.97, 0.31),
    (0.93, 0.36),
    (0.87, 0.40),
    (0.84, 0.47),
    (0.79, 0.53),
    (0.73, 0.58),
    (0.70, 0.64),
    (0.68, 0.72),
    (0.66, 0.80),
    (0.63, 0.88),
    (0.61, 0.95),
    (0.57, 1.01),
    (0.52, 1.05),
    (0.47, 1.01),
    (0.43, 0.94),
    (0.39, 0.86),
    (0.34, 0.78),
    (0.29, 0.70),
    (0.25, 0.62),
    (0.23, 0.56),
    (0.20, 0.52),
    (0.15, 0.555),
    (0.10, 0.53),
    (0.07, 0.48),
    (0.08, 0.43),
    (0.03, 0.40),
    (-0.3, 0.39),
]
