"""Where everything lies in the Vijayanagara picture: the frame's regions (header, map,
panel), each space's box (at its place in the game's map, nudged apart where boxes would
overlap), the road between every two adjacent spaces and the Vindhya Range, and the free
corners of the map. All of it is worked out once, at import, from the game's published
map (engine/games/vijayanagara/data.py); the drawing modules read it from here."""

from __future__ import annotations

import math

from engine.games.vijayanagara import data as geo
from renderer.common import Point, quad_bezier

# --- the frame's regions, and the boxes of the spaces -------------------------------------

WIDTH, HEIGHT = 1400, 1050
HEADER_H = 72
MAP_BOX = (10, HEADER_H + 8, 930, HEIGHT - 10)
PANEL_BOX = (942, HEADER_H + 8, WIDTH - 10, HEIGHT - 10)
BOX_W, BOX_H = 160, 110  # a space
BOX_R = 10
GAP = 20  # the least room left between two boxes (roads show in it)
EDGE_M = 16  # boxes keep this far inside the map

# --- where each space's box lies ---------------------------------------------------------

XY: dict[str, Point] = {s["id"]: (s["xy"][0], s["xy"][1]) for s in geo.MAP["spaces"]}
_X0, _X1 = min(x for x, _ in XY.values()), max(x for x, _ in XY.values())
_Y0, _Y1 = min(y for _, y in XY.values()), max(y for _, y in XY.values())


def project(x: float, y: float) -> Point:
    """Map coordinates (0..1) to image pixels: the spaces' bounding box fills the map
    area less a margin, so a box never leaves it."""
    mx0, my0, mx1, my1 = MAP_BOX
    px = mx0 + EDGE_M + BOX_W / 2 + (x - _X0) / (_X1 - _X0) * (mx1 - mx0 - 2 * EDGE_M - BOX_W)
    py = my0 + EDGE_M + BOX_H / 2 + (y - _Y0) / (_Y1 - _Y0) * (my1 - my0 - 2 * EDGE_M - BOX_H)
    return (px, py)


GEO: dict[str, Point] = {s: project(*XY[s]) for s in geo.SPACES}


def _clamp(p: Point) -> Point:
    x0, y0, x1, y1 = MAP_BOX
    hw, hh = BOX_W / 2 + EDGE_M, BOX_H / 2 + EDGE_M
    return (min(max(p[0], x0 + hw), x1 - hw), min(max(p[1], y0 + hh), y1 - hh))


def _settle() -> dict[str, tuple[int, int]]:
    """Box centres: each space at its projected place, pushed apart where boxes would
    overlap. Rounds of pushing alternate with a pull back towards the true place, then
    pushing alone finishes; the result is deterministic and stays close to geography."""
    pos = dict(GEO)
    ids = list(geo.SPACES)
    for rnd in range(600):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                dx, dy = bx - ax, by - ay
                ox, oy = BOX_W + GAP - abs(dx), BOX_H + GAP - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox / BOX_W < oy / BOX_H:
                    s = math.copysign(ox / 2 + 0.5, dx or 1)
                    pos[a], pos[b] = (ax - s, ay), (bx + s, by)
                else:
                    s = math.copysign(oy / 2 + 0.5, dy or 1)
                    pos[a], pos[b] = (ax, ay - s), (bx, by + s)
        pos = {k: _clamp(p) for k, p in pos.items()}
        if rnd < 200:
            pos = {
                k: (x + 0.1 * (GEO[k][0] - x), y + 0.1 * (GEO[k][1] - y))
                for k, (x, y) in pos.items()
            }
        elif not moved:
            break
    return {k: (round(x), round(y)) for k, (x, y) in pos.items()}


POS: dict[str, tuple[int, int]] = _settle()
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


def _ridge_axis() -> tuple[Point, Point]:
    """The Vindhya Range's centre (its point in map.json) and its direction: across the
    lines joining the spaces it keeps apart."""
    rng = geo.MAP["vindhya_range"]
    touches = list(rng.get("touches") or [])
    centre = project(*rng["xy"])
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
    best: tuple[int, list[Point]] | None = None
    for bend, shift in tries:
        c = (mid[0] - uy * bend * 2 + ux * shift * 2, mid[1] + ux * bend * 2 + uy * shift * 2)
        pts = quad_bezier(pa, c, pb, 40)
        if any(_inside(p, box) for p in pts for box in tight):
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


def _lay_roads() -> dict[tuple[str, str], list[Point]]:
    """Every road, the straightest first so that the others bend around them."""
    laid: dict[tuple[int, int], list[Point]] = {}
    roads = {}
    for e in sorted(EDGES, key=lambda e: math.dist(POS[e[0]], POS[e[1]])):
        roads[e] = _road(*e, laid)
        for p in roads[e]:
            laid.setdefault((int(p[0] // ROAD_APART), int(p[1] // ROAD_APART)), []).append(p)
    return {e: roads[e] for e in EDGES}


ROADS: dict[tuple[str, str], list[Point]] = _lay_roads()


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


# Free corners of the map: the legend in the Arabian Sea, Influence in the Bay of Bengal.
LEGEND_BOX = (24, 780, 342, 1028)
INFLUENCE_BOX = (712, 790, 918, 1028)
TITLE_XY = (918, 96)  # the game's name, top right of the map (right-aligned)

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


# The panel's parts: the tops of their captions, and the box the card (or, once the game is
# over, the final score) is drawn in.
PANEL_CAPTIONS = {"factions": 88, "card": 352, "sop": 708, "deck": 900}
CARD_BOX = (PANEL_BOX[0], 374, PANEL_BOX[2], 696)
