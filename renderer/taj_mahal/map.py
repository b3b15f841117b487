"""Where everything of the Taj Mahal map lies in the picture: pure geometry, computed once
from the published board (``data.BOARD``), so the picture and its tests share it.

The board's coordinates (0..1) are scaled to the picture; each province's cities are
spread a little around its centre (Agra's five most), so that a city is a ring large
enough to hold two palaces, with its number inside the province, between the cities.
Roads stop at the rings they join, so nothing drawn in a ring lies on a road.
"""

from __future__ import annotations

import math

from engine.games.taj_mahal import data
from renderer.common import Font, font
from renderer.common.prebuilt import prebuilt

Point = tuple[float, float]
Box = tuple[float, float, float, float]

WIDTH = 800
HEADER_H = 84
SCALE = 800  # pixels per unit of the board's coordinates
ORIGIN = (0.0, HEADER_H + 30.0)
SPREAD = {"agra": 1.15}  # how far each province's cities move out from its centre
SPREAD_DEFAULT = 1.08
CITY_R = 23  # a city's ring: its palaces lie inside it, roads stop at its edge
ROAD_W = 3
PROVINCE_PAD = 4  # the province disc reaches this far beyond its outermost ring
DIGIT_IN = 34  # a city's number: this far from the city's centre, towards the province's

BOARD = data.BOARD
MAP_BOTTOM = 912
MAP_BOX = (6, HEADER_H, WIDTH - 6, MAP_BOTTOM)  # the map's land, inside the frame
# The bonus tiles' key, in the map's empty bottom right corner: crowns and chips keep out.
BONUS_BOX = (494.0, MAP_BOTTOM - 138.0, WIDTH - 14.0, MAP_BOTTOM - 8.0)


# Provinces moved a little from the board's places (in its units), to make room for a
# name between two of them.
NUDGE = {"lahore": (0.0, 0.036), "agra": (0.01, 0.03)}


def _px(x: float, y: float) -> Point:
    return (ORIGIN[0] + x * SCALE, ORIGIN[1] + y * SCALE)


def _province(p: dict) -> Point:
    dx, dy = NUDGE.get(p["id"], (0.0, 0.0))
    return _px(p["xy"][0] + dx, p["xy"][1] + dy)


PROVINCE_XY: dict[str, Point] = {p["id"]: _province(p) for p in BOARD["provinces"]}


def _city(c: dict) -> Point:
    """The city's place relative to its province's centre, spread, around the centre as
    drawn."""
    p = next(q for q in BOARD["provinces"] if q["id"] == c["province"])
    bx, by = _px(*p["xy"])
    x, y = _px(*c["xy"])
    cx, cy = PROVINCE_XY[c["province"]]
    k = SPREAD.get(c["province"], SPREAD_DEFAULT)
    return (cx + (x - bx) * k, cy + (y - by) * k)


CITY_XY: dict[str, Point] = {c["id"]: _city(c) for c in BOARD["cities"]}
PROVINCE_OF = data.PROVINCE_OF
FORTRESS = set(data.FORTRESSES)
PROVINCE_R: dict[str, float] = {
    pid: max(math.dist(CITY_XY[c], PROVINCE_XY[pid]) for c in cities) + CITY_R + PROVINCE_PAD
    for pid, cities in data.CITIES_OF.items()}


def _clip(a: Point, b: Point, r: float) -> tuple[Point, Point]:
    """The segment a-b without its first and last ``r`` pixels."""
    d = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    return (a[0] + ux * r, a[1] + uy * r), (b[0] - ux * r, b[1] - uy * r)


# Each road as drawn (its round caps included): from just outside one ring to just
# outside the other.
ROADS: list[tuple[Point, Point]] = [_clip(CITY_XY[a], CITY_XY[b], CITY_R + ROAD_W)
                                    for a, b in data.ROADS]


def city_number(cid: str) -> str:
    """What a city's label says: its number in the province (``malwa3`` -> ``3``); Agra's
    own city, typed ``agra``, has none."""
    return cid[len(PROVINCE_OF[cid]):]


def _digit(cid: str) -> Point:
    x, y = CITY_XY[cid]
    cx, cy = PROVINCE_XY[PROVINCE_OF[cid]]
    d = math.dist((x, y), (cx, cy))
    return (x + (cx - x) / d * DIGIT_IN, y + (cy - y) / d * DIGIT_IN)


DIGIT_XY: dict[str, Point] = {c: _digit(c) for c in CITY_XY if city_number(c)}


def palace_spots(n: int) -> list[tuple[float, float, float]]:
    """Where a city's palaces go, as offsets from its centre and a radius: one fills the
    ring, two share it side by side; each lies wholly inside the ring."""
    if n <= 1:
        return [(0.0, 0.0, CITY_R - 5.0)]
    # at least 10 px across when the picture is shown 400 px wide
    r = CITY_R / 2 - 1.01  # a hair inside the ring, against rounding
    return [(-r, 0.0, r), (r, 0.0, r)]


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def into_disc(box: Box, centre: Point, r: float) -> float:
    """How deep ``box`` reaches into the disc (0 if it stays out)."""
    x = min(max(centre[0], box[0]), box[2])
    y = min(max(centre[1], box[1]), box[3])
    return max(0.0, r - math.dist((x, y), centre))


# Each province's name line (its visit number in a badge, then its name) lies beside its
# disc, at this angle from its centre (degrees clockwise from east; -90 is above): where
# it covers no other disc, city or name (tests/renderer/test_taj_mahal_render.py).
NAME_ANGLE = {"kabul": -90, "kashmir": 0, "lahore": -90, "multan": -90, "thatta": -90,
              "ajmer": -90, "delhi": -90, "awadh": -90, "gujarat": -140, "malwa": 0,
              "agra": -90, "allahabad": -90}
NAME_PX = 24  # the names' font, bold: 12 px at 400
NAME_H = 30  # the line's height: the badge's
NAME_GAP = 3
BADGE_R = 15


def name_font() -> Font:
    return font(NAME_PX, bold=True)


def name_width(pid: str) -> float:
    return 2 * BADGE_R + 6 + name_font().getlength(data.PROVINCE_NAMES[pid])


def touching(centre: Point, r: float, angle: float, w: float, h: float) -> Box:
    """The w×h box in the direction ``angle`` (radians) from ``centre``, as near as it
    may be without reaching into the disc of radius ``r``."""
    c, s = math.cos(angle), math.sin(angle)

    def box(reach: float) -> Box:
        mx, my = centre[0] + reach * c, centre[1] + reach * s
        return (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)

    near, far = 0.0, r + w + h
    for _ in range(30):
        mid = (near + far) / 2
        near, far = (mid, far) if into_disc(box(mid), centre, r) > 0 else (near, mid)
    return box(far)


def _name_box(pid: str) -> Box:
    """Where a province's name line lies: touching its disc at its angle."""
    return touching(PROVINCE_XY[pid], PROVINCE_R[pid] + NAME_GAP,
                    math.radians(NAME_ANGLE.get(pid, -90)), name_width(pid), NAME_H)


NAME_BOX: dict[str, Box] = {pid: _name_box(pid) for pid in PROVINCE_XY}

# This visit's crown palace wears a crown beside its ring: away from the province's
# centre, or turned as little as may be from there to clear every name, ring and number.
CROWN_W, CROWN_H = 28, 22
DIGIT_R = 12  # a city number's reach from its centre


TAG_R = 16  # a bonus tile left on a fortress that holds a palace: a chip beside it


def _beside(cid: str, turn: float, w: float, h: float, gap: float = 1) -> Box:
    """A w×h box ``gap`` from the city's ring, away from its province's centre turned by
    ``turn`` degrees."""
    x, y = CITY_XY[cid]
    cx, cy = PROVINCE_XY[PROVINCE_OF[cid]]
    return touching((x, y), CITY_R + gap, math.atan2(y - cy, x - cx) + math.radians(turn),
                    w, h)


def clear_of_the_map(box: Box, *others: Box) -> bool:
    """Whether ``box`` covers no name, city ring or city number (nor any of ``others``)."""
    return (all(overlap(box, n) == 0 for n in (*NAME_BOX.values(), *others))
            and all(into_disc(box, c, CITY_R + 1) == 0 for c in CITY_XY.values())
            and all(into_disc(box, d, DIGIT_R) == 0 for d in DIGIT_XY.values()))


def on_a_road(box: Box) -> bool:
    """Whether a road as drawn passes through ``box``."""
    pad = ROAD_W / 2
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    for a, b in ROADS:
        n = max(1, int(math.dist(a, b) / 2))
        if any(x0 <= a[0] + (b[0] - a[0]) * i / n <= x1 and y0 <= a[1] + (b[1] - a[1]) * i / n
               <= y1 for i in range(n + 1)):
            return True
    return False


def _place(cid: str, w: float, h: float, *others: Box) -> Box:
    """Beside the city: the first way round from outwards that is clear of the map and
    of every road, else the first clear of the map."""
    # Tried one at a time, in order, stopping at the first that will do: most cities
    # need one or two tries of the 48, and every process draws this layout at import.
    turns = sorted(range(-180, 180, 15), key=abs)
    first_clear: Box | None = None
    for gap in (1, 5):
        for turn in turns:
            box = _beside(cid, turn, w, h, gap)
            if not clear_of_the_map(box, *others):
                continue
            if not on_a_road(box):
                return box
            first_clear = first_clear or box
    return first_clear or _beside(cid, turns[0], w, h, 1)


def place_markers() -> dict[str, dict[str, list[float]]]:
    """Where each city's crown goes, and each fortress's tag: a tag stays from an earlier
    visit while a later visit's crown may sit beside a city of another province, so it
    keeps clear of their crowns' places (and of its own city's crown). A search of a third
    of a second: its result is kept in markers.json (renderer/common/prebuilt.py)."""
    crowns = {c: _place(c, CROWN_W, CROWN_H, BONUS_BOX) for c in CITY_XY}
    tags = {c: _place(c, 2 * TAG_R, 2 * TAG_R, BONUS_BOX, crowns[c], *(
        box for other, box in crowns.items() if PROVINCE_OF[other] != PROVINCE_OF[c]))
        for c in sorted(FORTRESS)}
    return {"crown": {c: list(b) for c, b in crowns.items()},
            "tag": {c: list(b) for c, b in tags.items()}}


_MARKERS = prebuilt(__file__, "markers", place_markers)
CROWN_BOX: dict[str, Box] = {c: (b[0], b[1], b[2], b[3]) for c, b in _MARKERS["crown"].items()}
TAG_BOX: dict[str, Box] = {c: (b[0], b[1], b[2], b[3]) for c, b in _MARKERS["tag"].items()}
