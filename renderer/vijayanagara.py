"""Picture of a Vijayanagara position, from the spectator view.

The image is the dark house frame holding a header (whose turn, or the result, and
the last log line), the map on the left and a panel on the right.

- **Map.** Each of the 15 spaces is a box at its place in ``map.json`` (nudged apart
  where boxes would overlap), joined to its neighbours by roads. The Vindhya Range is
  a chain of peaks between the spaces it separates. A box shows the space's name, its
  Prosperity on a coin at the top-left corner, the Control marker (a square with the
  faction's letter) or the Tributary marker (a round grey ₹) at the top-right corner,
  and its pieces as icons with counts, one row per faction. Spaces touched by the
  action under way (or else by the last completed action) get a thick blue frame.
  The empty seas hold the legend (west) and the two Influence tracks (east).
- **Panel.** The factions (Resources, victory points, Cavalry; the faction to act is
  marked), the Cavalry pool and the Dynasty, the current card, the Sequence of Play
  on it, and the deck. When the game is over, the header turns gold and the final
  scores replace the card.

Everything that does not depend on the position (sea, land, roads, mountains, empty
boxes with their names and Prosperity, the legend, captions) is drawn once and
cached; a render draws the rest on a copy.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from renderer import vijayanagara_art as art
from renderer.common import (
    RGB,
    Point,
    clean,
    encode_png,
    fit,
    font,
    has_dejavu,
    make_palette,
    outcome_title,
    paste,
    quad_bezier,
    safe,
    smooth,
    text_sprite,
    wrap,
)

ID = "vijayanagara"

# --- geometry ----------------------------------------------------------------------------

WIDTH, HEIGHT = 1400, 1050
HEADER_H = 72
MAP_BOX = (10, HEADER_H + 8, 930, HEIGHT - 10)
PANEL_BOX = (942, HEADER_H + 8, WIDTH - 10, HEIGHT - 10)
BOX_W, BOX_H = 160, 110  # a space
BOX_R = 10
GAP = 20  # the least room left between two boxes (roads show in it)
EDGE_M = 16  # boxes keep this far inside the map
CHIP_W, ROW_H, ICON = 50, 26, 22  # one counted piece kind in a box
CHIP_GAP = 5  # at least this much room after a count, before the next icon
# A box with at most two kinds in each of at most two rows (most boxes) shows them large:
# what a phone's chat column shrinks most is the counts.
BIG = {"w": 74, "row": 36, "icon": 30, "count": 25}
NAME_SIZE = 19
COUNT_SIZE = 17
BADGE = 26  # Prosperity coin and Control / Tributary marker

FACTIONS = list(geo.FACTIONS)  # delhi, bahmani, vijayanagara
ROW_ORDER = ["delhi", "mongols", "bahmani", "vijayanagara"]  # piece rows in a box
KIND_ORDER = [
    "troop",
    "governor",
    "qasbah",
    "invader",
    "amir_o",
    "amir_r",
    "fort",
    "raja_o",
    "raja_r",
    "temple",
]
FACTION_NAME = {f: geo.FACTION_NAMES[f] for f in [*FACTIONS, "mongols"]}
SHORT = dict(geo.SHORT)
NORTH = set(geo.NORTH)
XY: dict[str, Point] = {s["id"]: (s["xy"][0], s["xy"][1]) for s in geo.MAP["spaces"]}
_X0, _X1 = min(x for x, _ in XY.values()), max(x for x, _ in XY.values())
_Y0, _Y1 = min(y for _, y in XY.values()), max(y for _, y in XY.values())


def _project(x: float, y: float) -> Point:
    """Map coordinates (0..1) to image pixels: the spaces' bounding box fills the map
    area less a margin, so a box never leaves it."""
    mx0, my0, mx1, my1 = MAP_BOX
    px = mx0 + EDGE_M + BOX_W / 2 + (x - _X0) / (_X1 - _X0) * (mx1 - mx0 - 2 * EDGE_M - BOX_W)
    py = my0 + EDGE_M + BOX_H / 2 + (y - _Y0) / (_Y1 - _Y0) * (my1 - my0 - 2 * EDGE_M - BOX_H)
    return (px, py)


GEO: dict[str, Point] = {s: _project(*XY[s]) for s in geo.SPACES}


def _clamp(p: Point) -> Point:
    x0, y0, x1, y1 = MAP_BOX
    hw, hh = BOX_W / 2 + EDGE_M, BOX_H / 2 + EDGE_M
    return (min(max(p[0], x0 + hw), x1 - hw), min(max(p[1], y0 + hh), y1 - hh))


def _settle() -> dict[str, Point]:
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
    centre = _project(*rng["xy"])
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


# --- the static background ---------------------------------------------------------------


def _rgba(c: RGB, a: int = 255) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], a)


def _draw_map(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(MAP_BOX, 14, fill=art.SEA)
    coast = [_project(x, y) for x, y in COAST]
    with smooth(img, MAP_BOX, scale=2) as s:
        s.polygon(coast, _rgba(art.LAND))
        s.line([*coast, coast[0]], _rgba(art.LAND_EDGE), 3)
    # round the map's corners again over the land
    mask = Image.new("L", img.size, 255)
    ImageDraw.Draw(mask).rounded_rectangle(MAP_BOX, 14, fill=0)
    img.paste(art.FRAME, (0, 0, *img.size), mask)
    sea = font(17)
    d.text((112, 650), "ARABIAN", font=sea, fill=art.SEA_INK, anchor="mm")
    d.text((112, 672), "SEA", font=sea, fill=art.SEA_INK, anchor="mm")
    d.text((820, 700), "BAY OF", font=sea, fill=art.SEA_INK, anchor="mm")
    d.text((820, 722), "BENGAL", font=sea, fill=art.SEA_INK, anchor="mm")


def _draw_roads(img: Image.Image) -> None:
    with smooth(img, MAP_BOX, scale=2) as s:
        for pts in ROADS.values():
            s.line(pts, _rgba(art.LAND, 255), 9)
        for pts in ROADS.values():
            s.line(pts, _rgba(art.LINK), 5)


def _draw_ridge(img: Image.Image) -> None:
    (ax, ay), (bx, by) = RIDGE
    length = math.dist(RIDGE[0], RIDGE[1])
    n = max(2, int(length // 17) + 1)
    box = (min(ax, bx) - 30, min(ay, by) - 30, max(ax, bx) + 30, max(ay, by) + 30)
    with smooth(img, box, scale=3) as s:
        for i in range(n):
            t = i / (n - 1)
            art.peak(s, (ax + (bx - ax) * t, ay + (by - ay) * t), 15 if i % 2 else 12)
    # the name runs along the ridge, on its western side
    angle = math.degrees(math.atan2(by - ay, bx - ax))
    if abs(angle) > 90:
        angle -= math.copysign(180, angle)
    label = text_sprite("VINDHYA RANGE", font(13, bold=True), art.MOUNTAIN, art.LAND, 2)
    label = label.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    if nx > 0:
        nx, ny = -nx, -ny
    paste(img, label, ((ax + bx) / 2 + 21 * nx, (ay + by) / 2 + 21 * ny))


def name_room(space: str) -> int:
    """The width a space's name may take: between the corner badges a Province has
    (its Prosperity coin, its Control or Tributary marker), else nearly the whole box."""
    badged = bool(geo.PROSPERITY.get(space)) or space in geo.PROVINCES
    return BOX_W - 2 * (BADGE // 2 + 5) if badged else BOX_W - 16


@lru_cache(maxsize=32)
def _name_sprite(name: str, room: int) -> Image.Image:
    """A space's name: a size smaller if it is too long for ``room``, then squeezed
    sideways like a condensed face if it still is, rather than cut short."""
    for size in range(NAME_SIZE, NAME_SIZE - 4, -1):
        tile = text_sprite(_safe(name), font(size, bold=True), art.INK)
        if tile.width <= room:
            return tile
    if tile.width > room:
        tile = tile.resize((room, tile.height), Image.Resampling.LANCZOS)
    return tile


def _draw_boxes(img: Image.Image) -> None:
    with smooth(img, MAP_BOX, scale=2) as s:
        for sp in geo.SPACES:
            x0, y0, x1, y1 = box_of(sp)
            fill = art.NORTH_FILL if sp in NORTH else art.SPACE_FILL
            s.rounded((x0 + 1.5, y0 + 2.5, x1 + 1.5, y1 + 2.5), BOX_R, fill=(40, 28, 16, 70))
            s.rounded(
                (x0, y0, x1, y1), BOX_R, fill=_rgba(fill), outline=_rgba(art.SPACE_EDGE), width=2
            )
            s.draw.line(
                [s.p(x0 + 8, y0 + 27), s.p(x1 - 8, y0 + 27)],
                fill=_rgba(art.SPACE_EDGE, 90),
                width=s.w(1),
            )
    for sp in geo.SPACES:
        x0, y0, x1, _ = box_of(sp)
        paste(img, _name_sprite(geo.NAMES[sp], name_room(sp)), ((x0 + x1) / 2, y0 + 14))
        if geo.PROSPERITY.get(sp):
            paste(img, art.coin_sprite(geo.PROSPERITY[sp], BADGE), (x0 + 6, y0 + 5))


def _draw_legend(img: Image.Image) -> None:
    x0, y0, x1, y1 = LEGEND_BOX
    with smooth(img, LEGEND_BOX, scale=2) as s:
        s.rounded(
            LEGEND_BOX, 10, fill=_rgba(art.SPACE_FILL, 225), outline=_rgba(art.SEA_INK), width=1.5
        )
    d = ImageDraw.Draw(img)
    f = font(15)
    rows = [
        [
            ("troop", "Troop"),
            ("governor", "Governor"),
            ("qasbah", "Qasbah"),
            ("invader", "Mongol Invader"),
            ("@control", "Control (D/B/V)"),
            ("@tributary", "Tributary"),
            ("@coin", "Prosperity"),
            ("@road", "road: adjacent"),
        ],
        [
            ("amir_o", "Amir, Obedient"),
            ("amir_r", "Amir, Rebelling"),
            ("fort", "Fort"),
            ("raja_o", "Raja, Obedient"),
            ("raja_r", "Raja, Rebelling"),
            ("temple", "Temple"),
            ("@touched", "last action"),
            ("@peak", "impassable"),
        ],
    ]
    for col, entries in enumerate(rows):
        cx = x0 + 20 + col * 156
        for i, (kind, label) in enumerate(entries):
            cy = y0 + 20 + i * 30
            if kind == "@control":
                tile = art.marker_sprite("bahmani", 22)
            elif kind == "@tributary":
                tile = art.tributary_sprite(22)
            elif kind == "@coin":
                tile = art.coin_sprite(2, 22)
            elif kind == "@road":
                with smooth(img, (cx - 14, cy - 6, cx + 14, cy + 6), scale=3) as s:
                    s.line([(cx - 10, cy), (cx + 10, cy)], _rgba(art.LINK), 5)
                tile = None
            elif kind == "@peak":
                with smooth(img, (cx - 14, cy - 12, cx + 14, cy + 12), scale=3) as s:
                    art.peak(s, (cx - 5, cy + 1), 10)
                    art.peak(s, (cx + 6, cy + 1), 12)
                tile = None
            elif kind == "@touched":
                with smooth(img, (cx - 14, cy - 12, cx + 14, cy + 12), scale=3) as s:
                    s.rounded(
                        (cx - 11, cy - 9, cx + 11, cy + 9),
                        4,
                        fill=_rgba(art.SPACE_FILL),
                        outline=art.LAST,
                        width=3.5,
                    )
                tile = None
            else:
                tile = art.piece_sprite(kind, ICON)
            if tile is not None:
                paste(img, tile, (cx, cy))
            d.text((cx + 17, cy), label, font=f, fill=art.INK, anchor="lm")


def _draw_title(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    x, y = TITLE_XY
    d.text((x, y), "VIJAYANAGARA", font=font(26, bold=True), fill=art.INK, anchor="ra")
    d.text(
        (x, y + 34),
        _safe("The Deccan Empires, 1290–1398"),
        font=font(15),
        fill=art.MUTED_INK,
        anchor="ra",
    )
    d.text((x, y + 56), "map: reconstruction", font=font(13), fill=art.MUTED_INK, anchor="ra")


def _draw_influence_frame(img: Image.Image) -> None:
    x0, y0, x1, y1 = INFLUENCE_BOX
    with smooth(img, INFLUENCE_BOX, scale=2) as s:
        s.rounded(
            INFLUENCE_BOX,
            10,
            fill=_rgba(art.SPACE_FILL, 225),
            outline=_rgba(art.SEA_INK),
            width=1.5,
        )
    d = ImageDraw.Draw(img)
    d.text(
        ((x0 + x1) / 2, y0 + 8),
        "INFLUENCE",
        font=font(15, bold=True),
        fill=art.MUTED_INK,
        anchor="ma",
    )
    for i, f in enumerate(("bahmani", "vijayanagara")):
        ty = _track_y(i)
        d.text((x0 + 12, ty - 22), SHORT[f], font=font(15, bold=True), fill=art.INK, anchor="ls")
        for lvl in range(5):
            cx0, cy0, cx1, cy1 = _cell(i, lvl)
            d.rounded_rectangle((cx0, cy0, cx1, cy1), 6, fill=art.LAND, outline=art.SPACE_EDGE)
            d.text((cx0 + 4, cy0 + 2), str(lvl), font=font(13, bold=True), fill=art.MUTED_INK)


def _track_y(i: int) -> int:
    return INFLUENCE_BOX[1] + 62 + i * 104


def _cell(i: int, lvl: int) -> tuple[int, int, int, int]:
    x0 = INFLUENCE_BOX[0] + 12 + lvl * 37
    y0 = _track_y(i) - 14
    return (x0, y0, x0 + 34, y0 + 62)


PANEL_CAPTIONS = {"factions": 88, "card": 352, "sop": 708, "deck": 900}


def _draw_panel_frame(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    cap = font(15, bold=True)
    x0, _, x1, _ = PANEL_BOX
    d.text((x0 + 4, PANEL_CAPTIONS["factions"]), "FACTIONS", font=cap, fill=art.MUTED_CREAM)
    small = font(14, bold=True)
    for label, cx in (("Resources", COL_RES), ("VP", COL_VP), ("Cavalry", COL_CAV)):
        d.text(
            (cx, PANEL_CAPTIONS["factions"] + 2),
            label,
            font=small,
            fill=art.MUTED_CREAM,
            anchor="ma",
        )
    d.text((x0 + 4, PANEL_CAPTIONS["sop"]), "SEQUENCE OF PLAY", font=cap, fill=art.MUTED_CREAM)
    d.text((x0 + 4, PANEL_CAPTIONS["deck"]), "DECK", font=cap, fill=art.MUTED_CREAM)


COL_RES, COL_VP, COL_CAV = 1218, 1290, 1352  # centres of the faction table's columns
FACTION_ROW_Y = [134, 190, 246]  # centre of each faction's row


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """Everything that never changes; never modified (renders draw on a copy)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
    _draw_map(img)
    _draw_roads(img)
    _draw_ridge(img)
    _draw_boxes(img)
    _draw_title(img)
    _draw_legend(img)
    _draw_influence_frame(img)
    _draw_panel_frame(img)
    return img


# --- text helpers --------------------------------------------------------------------------


_PLAIN = str.maketrans({"✓": "+", "▶": ">", "–": "-", "·": "-"})


def _safe(text: str) -> str:
    """``safe`` for this picture's symbols too (Pillow's fallback font lacks them)."""
    return safe(text) if has_dejavu() else safe(text).translate(_PLAIN)


def _name(players: dict[str, str | None] | None, role: str) -> str:
    return clean(str((players or {}).get(role) or ""))


# --- header -------------------------------------------------------------------------------


def _draw_header(img: Image.Image, view: dict, players: dict | None) -> None:
    d = ImageDraw.Draw(img)
    result = view.get("result")
    big, mid, small = font(30, bold=True), font(26), font(19)
    if result:
        d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=art.BANNER)
        winners = [w for w in (result.get("winners") or []) if isinstance(w, str)]
        x = 20
        for w in winners[:3]:
            if w in art.FACTION_COLOUR:
                paste(img, art.marker_sprite(w, 34), (x + 17, 26))
                x += 40
        title = " & ".join(SHORT.get(w, str(w).capitalize()) for w in winners)
        title = _safe(
            f"★ {title} win{'s' if len(winners) == 1 else ''}" if winners
            else outcome_title(result, [])
        )
        d.text((x + 4, 26), title, font=big, fill=art.INK, anchor="lm")
        names = ", ".join(n for n in (_name(players, w) for w in winners) if n)
        if names:
            nx = x + 4 + big.getlength(title)
            d.text(
                (nx, 28),
                fit(f" — {names}", mid, WIDTH - 20 - nx),
                font=mid,
                fill=art.INK,
                anchor="lm",
            )
        scores = _final_scores(view)
        ranked = _ranked(view)
        line = "Final score: " + _safe("  ·  ").join(
            f"{SHORT.get(f, f)} {scores[f]} VP" for f in ranked
        )
        if result.get("reason") and (result.get("abandoned") or "resigned" in result):
            line = f"{result['reason']}  ·  {line}"
        d.text((20, 58), fit(line, small, WIDTH - 40), font=small, fill=art.INK, anchor="lm")
        return
    active = [a for a in (view.get("active") or []) if isinstance(a, str)]
    x = 20
    for a in active[:3]:
        if a in art.FACTION_COLOUR:
            paste(img, art.marker_sprite(a, 34), (x + 17, 26))
            x += 40
    who = " & ".join(FACTION_NAME.get(a, str(a)) for a in active) or "Waiting"
    title = _safe(f"{who} to act" if active else who)
    d.text((x + 4, 26), title, font=big, fill=art.CREAM, anchor="lm")
    names = ", ".join(n for n in (_name(players, a) for a in active) if n)
    if names:
        nx = x + 4 + big.getlength(title)
        d.text(
            (nx, 28), fit(f" — {names}", mid, WIDTH - 20 - nx), font=mid, fill=art.GOLD, anchor="lm"
        )
    log = [str(line) for line in (view.get("log") or [])]
    move = int(view.get("move") or 0)
    last = log[-1] if log else ""
    sub = _safe(f"Move {move}  ·  ") + last if move else (last or "New game")
    d.text((20, 58), fit(sub, small, WIDTH - 40), font=small, fill=art.MUTED_CREAM, anchor="lm")


# --- the map -------------------------------------------------------------------------------


def _touched(view: dict) -> list[str]:
    now = [s for s in (view.get("touched") or []) if s in POS]
    return now or [s for s in (view.get("last_touched") or []) if s in POS]


def _rows(pieces: dict) -> list[list[tuple[str, int]]]:
    """A box's pieces as rows of (kind, count), one row per faction."""
    rows = []
    for faction in ROW_ORDER:
        row = [
            (k, int(pieces.get(k) or 0))
            for k in KIND_ORDER
            if art.PIECES[k][0] == faction and int(pieces.get(k) or 0) > 0
        ]
        if row:
            rows.append(row)
    return rows


@lru_cache(maxsize=1024)
def chip_sprite(kind: str, n: int, big: bool = False) -> Image.Image:
    """An icon and its count, left-aligned in a CHIP_W×ROW_H tile (larger when ``big``)."""
    w, h, size, count = (BIG["w"], BIG["row"], BIG["icon"], BIG["count"]) if big else (
        CHIP_W, ROW_H, ICON, COUNT_SIZE)
    tile = Image.new("RGBA", (w, h))
    icon = art.piece_sprite(kind, size)
    tile.alpha_composite(icon, (1, (h - size) // 2))
    text = str(n)
    room = w - size - 3 - CHIP_GAP
    f = font(count, bold=True)
    if f.getlength(text) > room:
        f = font(count - 3, bold=True)
    ImageDraw.Draw(tile).text((size + 3, h / 2 + 1), text, font=f, fill=art.INK, anchor="lm")
    return tile


def is_big(rows: list[list[tuple[str, int]]]) -> bool:
    return len(rows) <= 2 and all(len(r) <= 2 for r in rows)


def _draw_space(img: Image.Image, sp: str, info: dict) -> None:
    x0, y0, x1, _ = box_of(sp)
    pieces = info.get("pieces") or {}
    rows = _rows(pieces)
    if len(rows) > 3 or any(len(r) > 3 for r in rows):  # never in play; keep it inside
        flat = [c for r in rows for c in r]
        rows = [flat[i : i + 3] for i in range(0, min(len(flat), 9), 3)]
    big = is_big(rows)
    w, h = (BIG["w"], BIG["row"]) if big else (CHIP_W, ROW_H)
    for r, row in enumerate(rows):
        y = y0 + 29 + r * h
        for c, (kind, n) in enumerate(row):
            tile = chip_sprite(kind, n, big)
            img.paste(tile, (round(x0 + 5 + c * w), round(y)), tile)
    control = info.get("control")
    if control in art.FACTION_COLOUR:
        paste(img, art.marker_sprite(control, BADGE), (x1 - 6, y0 + 5))
    elif info.get("tributary"):
        paste(img, art.tributary_sprite(BADGE), (x1 - 6, y0 + 5))


def _draw_spaces(img: Image.Image, view: dict) -> None:
    spaces = view.get("spaces") or {}
    frame = art.frame_sprite(BOX_W, BOX_H, BOX_R)
    for sp in _touched(view):
        paste(img, frame, POS[sp])
        if geo.PROSPERITY.get(sp):  # the frame runs under the coin, not over it
            x0, y0, _, _ = box_of(sp)
            paste(img, art.coin_sprite(geo.PROSPERITY[sp], BADGE), (x0 + 6, y0 + 5))
    for sp in geo.SPACES:
        info = spaces.get(sp)
        if isinstance(info, dict):
            _draw_space(img, sp, info)


def _draw_influence(img: Image.Image, view: dict) -> None:
    influence = view.get("influence") or {}
    slots = view.get("influence_slots") or {}
    d = ImageDraw.Draw(img)
    for i, f in enumerate(("bahmani", "vijayanagara")):
        level = max(0, min(4, int(influence.get(f) or 0)))
        unit = "amir_o" if f == "bahmani" else "raja_o"
        caps = geo.SLOTS.get(f, {})
        waiting = {int(k): int(v or 0) for k, v in (slots.get(f) or {}).items()}
        for lvl in range(5):
            cx0, cy0, cx1, cy1 = _cell(i, lvl)
            cx = (cx0 + cx1) / 2
            if lvl in caps or lvl in waiting:
                n = waiting.get(lvl, 0)
                if n:
                    paste(img, art.piece_sprite(unit, 18), (cx - 6, cy1 - 14))
                    d.text(
                        (cx + 5, cy1 - 13),
                        str(n),
                        font=font(14, bold=True),
                        fill=art.INK,
                        anchor="lm",
                    )
                else:
                    d.ellipse((cx - 8, cy1 - 22, cx + 8, cy1 - 6), outline=art.MUTED_INK, width=1)
            if lvl == level:
                paste(img, art.marker_sprite(f, 26), (cx + 2, cy0 + 29))
        d.text(
            (INFLUENCE_BOX[2] - 12, _track_y(i) - 22),
            f"{level}/4",
            font=font(15, bold=True),
            fill=art.INK,
            anchor="rs",
        )


# --- the panel -------------------------------------------------------------------------------

CHOICE = {
    "cmd": "Command + Decree",
    "command": "Command",
    "event": "Event",
    "limited": "Limited Command",
    "pass": "Pass",
}


def _draw_factions(img: Image.Image, view: dict, players: dict | None) -> None:
    d = ImageDraw.Draw(img)
    factions = view.get("factions") or {}
    active = set(view.get("active") or [])
    x0, _, x1, _ = PANEL_BOX
    num = font(24, bold=True)
    for f, cy in zip(FACTIONS, FACTION_ROW_Y, strict=True):
        info = factions.get(f) or {}
        if f in active and not view.get("result"):
            d.rounded_rectangle(
                (x0, cy - 26, x1, cy + 26), 8, fill=art.PANEL, outline=art.GOLD, width=2
            )
        paste(img, art.marker_sprite(f, 40), (x0 + 26, cy))
        d.text((x0 + 54, cy - 11), SHORT[f], font=font(20, bold=True), fill=art.CREAM, anchor="lm")
        who = _name(players, f)
        room = COL_RES - 34 - (x0 + 54)
        d.text(
            (x0 + 54, cy + 13),
            fit(who or "—", font(16), room),
            font=font(16),
            fill=art.GOLD if who else art.MUTED_CREAM,
            anchor="lm",
        )
        res, vp, cav = (int(info.get(k) or 0) for k in ("resources", "vp", "cavalry"))
        paste(img, art.resource_sprite(22), (COL_RES - 16, cy + 1))
        d.text((COL_RES - 2, cy + 2), str(res), font=num, fill=art.CREAM, anchor="lm")
        d.text((COL_VP, cy + 2), str(vp), font=num, fill=art.GOLD, anchor="mm")
        paste(img, art.cavalry_sprite(22), (COL_CAV - 16, cy + 1))
        d.text((COL_CAV - 2, cy + 2), str(cav), font=num, fill=art.CREAM, anchor="lm")
    y = POOL_Y
    pool = int(view.get("cavalry_pool") or 0)
    paste(img, art.cavalry_sprite(22), (x0 + 16, y))
    d.text((x0 + 32, y), f"Cavalry pool: {pool}", font=font(17), fill=art.CREAM, anchor="lm")
    dynasty = str(view.get("dynasty") or "").capitalize() or "—"
    d.text((x1 - 4, y), f"{dynasty} Dynasty", font=font(17, bold=True), fill=art.GOLD, anchor="rm")
    avail = view.get("available") or {}
    ay = y + 30
    d.rounded_rectangle((x0, ay - 14, x1, ay + 14), 7, fill=art.LAND)
    d.text((x0 + 8, ay), "Available", font=font(15, bold=True), fill=art.INK, anchor="lm")
    # spread the eight counts evenly over the strip
    nf = font(16, bold=True)
    counts = [str(int(avail.get(key) or 0)) for _, key in AVAILABLE]
    widths = [22 + nf.getlength(c) for c in counts]
    x, room = x0 + 88, x1 - 8 - (x0 + 88)
    gap = (room - sum(widths)) / (len(widths) - 1)
    for (icon, _), text, w in zip(AVAILABLE, counts, widths, strict=True):
        paste(img, art.piece_sprite(icon, 20), (x + 10, ay))
        d.text((x + 22, ay), text, font=nf, fill=art.INK, anchor="lm")
        x += w + gap


AVAILABLE = [
    ("troop", "troop"),
    ("governor", "governor"),
    ("qasbah", "qasbah"),
    ("amir_o", "amir"),
    ("fort", "fort"),
    ("raja_o", "raja"),
    ("temple", "temple"),
    ("invader", "invader"),
]
POOL_Y = 296


def _card_text(card: dict) -> list[tuple[str, str]]:
    """(label, text) pairs describing a card's effects, in short."""
    kind = card.get("kind")
    if kind == "event":
        text = card.get("text") or {}
        return [
            ("Unshaded", str(text.get("unshaded") or "") or "by hand: read your card"),
            ("Shaded", str(text.get("shaded") or "") or "by hand: read your card"),
        ]
    if kind == "mongol":
        who = SHORT.get(card.get("faction") or "", "The named faction")
        return [
            (
                "",
                f"{who} commands the Mongol Invaders: two Mongol Commands (Amass, "
                "Advance, Attack and Plunder), then Compromising Gifts or not (2.4).",
            )
        ]
    if kind == "succession":
        return [("", SUCCESSION.get(card.get("id") or "", "Succession (2.5)."))]
    if kind == "timurid":
        return [("", TIMURID.get(card.get("id") or "", "The Timurid Empire (2.6)."))]
    return []


SUCCESSION = {
    "s1": "The Tughlaq Dynasty takes Delhi: Rebel is allowed from now on (2.5).",
    "s2": "Rebel Sultans rise: free Limited Commands and gains (2.5).",
    "s3": "Pay 3 Resources to shift Influence, up to 3 times each (2.5).",
}
TIMURID = {
    "t1": "Half the Available Invaders enter the Mountain Passes (2.6).",
    "t2": "Timur invades: battles in the Passes, in Punjab, then in Delhi. Then the game "
    "ends (2.6).",
}
CARD_BOX = (PANEL_BOX[0], 374, PANEL_BOX[2], 696)
# Everything _paint_card touches (its caption included), and nothing drawn before it does.
CARD_TILE = (PANEL_BOX[0], PANEL_CAPTIONS["card"] - 6, PANEL_BOX[2] + 1, CARD_BOX[3] + 4)


def _draw_card(img: Image.Image, view: dict) -> None:
    """The current card's panel: the same for every position on that card, so it is
    painted once per card (~15 ms of wrapped text and a smoothed box) and pasted."""
    card = view.get("card") or None
    key = json.dumps(card, sort_keys=True) if isinstance(card, dict) else ""
    img.paste(_card_tile(key), CARD_TILE[:2])


@lru_cache(maxsize=32)  # ~0.5 MB each; a deck has ~45 distinct cards
def _card_tile(key: str) -> Image.Image:
    img = background().copy()
    _paint_card(img, {"card": json.loads(key)} if key else {})
    return img.crop(CARD_TILE)


def _paint_card(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    card = view.get("card") or None
    x0, y0, x1, y1 = CARD_BOX
    d.text(
        (x0 + 4, PANEL_CAPTIONS["card"]),
        "CURRENT CARD",
        font=font(15, bold=True),
        fill=art.MUTED_CREAM,
    )
    if not isinstance(card, dict):
        d.text((x0 + 4, y0 + 20), "No card yet", font=font(20), fill=art.CREAM)
        return
    with smooth(img, CARD_BOX, scale=2) as s:
        s.rounded(CARD_BOX, 12, fill=_rgba(art.SPACE_FILL), outline=_rgba(art.GOLD), width=2)
    kind = card.get("kind")
    tx = x0 + 72
    if kind == "event" and card.get("number") is not None:
        with smooth(img, (x0 + 8, y0 + 8, x0 + 62, y0 + 62), scale=3) as s:
            s.circle((x0 + 36, y0 + 36), 26, fill=_rgba(art.INK))
        d.text(
            (x0 + 36, y0 + 37),
            str(card["number"]),
            font=font(25, bold=True),
            fill=art.CREAM,
            anchor="mm",
        )
    else:
        icon = {"mongol": "invader", "timurid": "invader"}.get(kind or "", "governor")
        paste(img, art.piece_sprite(icon, 42), (x0 + 36, y0 + 36))
    title = str(card.get("title") or "")
    tf = font(23, bold=True)
    if tf.getlength(title) > x1 - tx - 12:
        tf = font(19, bold=True)
    d.text((tx, y0 + 24), fit(title, tf, x1 - tx - 12), font=tf, fill=art.INK, anchor="lm")
    sub = {
        "event": "Event",
        "mongol": "Mongol Invasion",
        "succession": "Succession",
        "timurid": "Timurid Empire",
    }.get(kind or "", "")
    if card.get("year"):
        sub = _safe(f"{sub}  ·  {card['year']}")
    d.text((tx, y0 + 53), sub, font=font(16), fill=art.MUTED_INK, anchor="lm")
    order = [f for f in (card.get("order") or []) if f in art.FACTION_COLOUR]
    x = x1 - 14 - 30 * len(order)
    if order:
        d.text((x - 6, y0 + 53), "Order", font=font(15, bold=True), fill=art.INK, anchor="rm")
    for f in order:
        paste(img, art.marker_sprite(f, 26), (x + 13, y0 + 53))
        x += 30
    y = y0 + 72
    if card.get("stay_eligible"):
        label = _safe("★ Stay Eligible: Event player stays Eligible")
        d.rounded_rectangle(
            (x0 + 12, y, x0 + 24 + font(15, bold=True).getlength(label), y + 24), 6, fill=art.GOLD
        )
        d.text((x0 + 18, y + 12), label, font=font(15, bold=True), fill=art.INK, anchor="lm")
        y += 30
    size = card_body_size(card, y1 - y)
    body = font(size)
    for label, text in _card_text(card):
        lines = wrap(_safe(text), body, x1 - x0 - 32, 99 if size > BODY_SIZES[-1] else
                     (4 if label else 7))
        if label:
            shaded = label == "Shaded"
            d.rounded_rectangle(
                (x0 + 12, y + 2, x0 + 104, y + 23), 5, fill=art.INK if shaded else art.LAND
            )
            d.text(
                (x0 + 58, y + 12),
                label,
                font=font(14, bold=True),
                fill=art.CREAM if shaded else art.INK,
                anchor="mm",
            )
            y += 26
        for line in lines:
            d.text((x0 + 16, y + size // 2 + 2), line, font=body, fill=art.INK, anchor="lm")
            y += size + 4
        y += 5


# The card's text is set as large as its box allows (read small on a phone, it is what a
# player most needs); 16 px, cut short, only for a text too long for that.
BODY_SIZES = (21, 20, 19, 18, 17, 16)


def card_body_size(card: dict, room: float | None = None) -> int:
    """The largest body size at which all of ``card``'s text fits ``room`` pixels of the
    card box (by default the room under the title, with no Stay Eligible banner)."""
    x0, y0, x1, y1 = CARD_BOX
    room = y1 - (y0 + 72) - 6 if room is None else room - 6
    sections = _card_text(card)
    for size in BODY_SIZES:
        f = font(size)
        need = sum((26 if label else 0)
                   + len(wrap(_safe(text), f, x1 - x0 - 32, 99)) * (size + 4) + 5
                   for label, text in sections)
        if need <= room:
            return size
    return BODY_SIZES[-1]


def _final_scores(view: dict) -> dict[str, int]:
    """Each faction's VP at the end: the result's, or where the table ended the game (a
    resignation, an abort: its result counts no points) the VP on the track."""
    result = view.get("result") or {}
    if result.get("abandoned") or "resigned" in result or not result.get("scores"):
        return {f: int(v.get("vp") or 0) for f, v in (view.get("factions") or {}).items()
                if f in FACTIONS}
    return result["scores"]


def _ranked(view: dict) -> list[str]:
    """Factions by final standing: winners first, then VP, then Resources."""
    result = view.get("result") or {}
    scores = _final_scores(view)
    winners = result.get("winners") or []
    factions = view.get("factions") or {}

    def key(f: str) -> tuple:
        res = int((factions.get(f) or {}).get("resources") or 0)
        return (
            f not in winners,
            -int(scores.get(f) or 0),
            -res,
            FACTIONS.index(f) if f in FACTIONS else 9,
        )

    return sorted(scores, key=key)


def _draw_result(img: Image.Image, view: dict, players: dict | None) -> None:
    """The final score table, where the card goes while the game runs."""
    d = ImageDraw.Draw(img)
    result = view["result"]
    x0, y0, x1, y1 = CARD_BOX
    d.text((x0 + 4, PANEL_CAPTIONS["card"]), "FINAL SCORE", font=font(15, bold=True), fill=art.GOLD)
    with smooth(img, CARD_BOX, scale=2) as s:
        s.rounded(CARD_BOX, 12, fill=_rgba(art.BANNER), outline=_rgba(art.CREAM), width=2)
    scores = _final_scores(view)
    factions = view.get("factions") or {}
    winners = set(result.get("winners") or [])
    y = y0 + 44
    for rank, f in enumerate(_ranked(view), 1):
        if f in art.FACTION_COLOUR:
            paste(img, art.marker_sprite(f, 38), (x0 + 62, y))
        d.text((x0 + 18, y), f"{rank}.", font=font(24, bold=True), fill=art.INK, anchor="lm")
        name = FACTION_NAME.get(f, str(f))
        if f in winners:
            name = _safe(f"★ {name}")
        d.text(
            (x0 + 92, y - 10),
            fit(name, font(20, bold=True), x1 - x0 - 200),
            font=font(20, bold=True),
            fill=art.INK,
            anchor="lm",
        )
        who = _name(players, f)
        res = int((factions.get(f) or {}).get("resources") or 0)
        line = _safe(f"{who}  ·  {res} Resources") if who else f"{res} Resources"
        d.text(
            (x0 + 92, y + 14),
            fit(line, font(16), x1 - x0 - 200),
            font=font(16),
            fill=art.INK,
            anchor="lm",
        )
        d.text((x1 - 18, y), f"{scores[f]} VP", font=font(28, bold=True), fill=art.INK, anchor="rm")
        y += 66
    y += 4
    reason = str(result.get("reason") or "")
    for line in wrap(_safe(reason), font(16), x1 - x0 - 32, 4):
        d.text((x0 + 16, y), line, font=font(16), fill=art.INK, anchor="lm")
        y += 21


def _draw_sop(img: Image.Image, view: dict) -> None:
    """Who may act on this card, who has (and how), and which forked options are taken."""
    d = ImageDraw.Draw(img)
    x0, _, x1, _ = PANEL_BOX
    card = view.get("card") or {}
    eligible = view.get("eligible") or {}
    turn = view.get("turn") or {}
    over = bool(view.get("result"))
    on_event = isinstance(card, dict) and card.get("kind") == "event" and not over
    acted = list(turn.get("acted") or []) if on_event else []
    choices = dict(turn.get("choices") or {}) if on_event else {}
    active = set(view.get("active") or [])
    order = [f for f in (card.get("order") or []) if f in FACTIONS] if on_event else []
    order += [f for f in FACTIONS if f not in order]
    y = PANEL_CAPTIONS["sop"] + 34
    f17, b17 = font(17), font(17, bold=True)
    for i, f in enumerate(order):
        cy = y + i * 31
        ok = bool(eligible.get(f, True))
        paste(img, art.marker_sprite(f, 26, faded=not ok), (x0 + 16, cy))
        if on_event:
            d.text(
                (x0 + 36, cy),
                ("1st", "2nd", "3rd")[i] if i < 3 else "",
                font=font(14),
                fill=art.MUTED_CREAM,
                anchor="lm",
            )
        d.text(
            (x0 + 72, cy),
            SHORT[f],
            font=b17 if ok else f17,
            fill=art.CREAM if ok else art.MUTED_CREAM,
            anchor="lm",
        )
        if f in acted:
            status, ink = _safe(f"✓ {CHOICE.get(choices.get(f), 'acted')}"), art.CREAM
        elif f in active and not over:
            status, ink = _safe("▶ to act now"), art.GOLD
        elif ok:
            status, ink = "Eligible", art.CREAM
        else:
            status, ink = "Ineligible", art.MUTED_CREAM
        d.text((x0 + 218, cy), status, font=b17 if ink == art.GOLD else f17, fill=ink, anchor="lm")
    if not on_event:
        return
    # the two forked options of an Event card (2.3.3): open, or taken by whom
    top = y + 3 * 31 - 8
    forks = [
        ("Command + Decree", turn.get("cmd_decree")),
        ("Event or Command", turn.get("event_or_command")),
    ]
    w = (x1 - x0 - 10) / 2
    for j, (label, who) in enumerate(forks):
        bx0 = x0 + j * (w + 10)
        taken = who in art.FACTION_COLOUR
        d.rounded_rectangle(
            (bx0, top, bx0 + w, top + 52),
            7,
            fill=art.PANEL,
            outline=art.GOLD if taken else art.PANEL_EDGE,
            width=2,
        )
        d.text((bx0 + 10, top + 14), label, font=font(15, bold=True), fill=art.CREAM, anchor="lm")
        if taken:
            paste(img, art.marker_sprite(who, 20), (bx0 + 20, top + 37))
            d.text((bx0 + 36, top + 37), fork_text(who, choices.get(who)), font=font(15),
                   fill=art.GOLD, anchor="lm")
        else:
            d.text((bx0 + 10, top + 37), "open", font=font(15), fill=art.MUTED_CREAM, anchor="lm")


def fork_text(who: str, choice: str | None) -> str:
    """What a faction took on a forked option, beside its marker: the marker names the
    faction, so the words need only say the choice (a long name cut it short)."""
    return CHOICE.get(choice, "") or SHORT.get(who, who)


def _draw_deck(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    x0 = PANEL_BOX[0]
    y = PANEL_CAPTIONS["deck"] + 62
    n = int(view.get("deck_size") or 0)
    with smooth(img, (x0, y - 40, x0 + 64, y + 40), scale=2) as s:
        for k in range(3):
            s.rounded(
                (x0 + 6 + 4 * k, y - 30 - 3 * k, x0 + 50 + 4 * k, y + 30 - 3 * k),
                5,
                fill=_rgba(art.PANEL),
                outline=_rgba(art.MUTED_CREAM),
                width=1.5,
            )
    d.text((x0 + 36, y - 3), str(n), font=font(24, bold=True), fill=art.CREAM, anchor="mm")
    tx = x0 + 76
    d.text(
        (tx, y - 16),
        f"{'card' if n == 1 else 'cards'} left in the deck",
        font=font(17),
        fill=art.CREAM,
        anchor="lm",
    )
    left = [c for c in (view.get("successions_left") or []) if isinstance(c, str)]
    label = f"Succession cards to come: {len(left)}"
    d.text((tx, y + 16), label, font=font(17), fill=art.CREAM, anchor="lm")
    x = tx + font(17).getlength(label) + 10
    for sid, numeral in (("s1", "I"), ("s2", "II"), ("s3", "III")):
        on = sid in left
        d.rounded_rectangle(
            (x, y + 3, x + 36, y + 29),
            5,
            fill=art.GOLD if on else art.FRAME,
            outline=art.GOLD if on else art.PANEL_EDGE,
            width=2,
        )
        d.text(
            (x + 18, y + 16),
            numeral,
            font=font(15, bold=True),
            fill=art.INK if on else art.PANEL_EDGE,
            anchor="mm",
        )
        x += 42


# --- rendering ---------------------------------------------------------------------------------


def draw(view: dict, players: dict[str, str | None] | None = None) -> Image.Image:
    """The position as an RGB image (``render`` encodes it)."""
    img = background().copy()
    _draw_header(img, view, players)
    _draw_spaces(img, view)
    _draw_influence(img, view)
    _draw_factions(img, view, players)
    if view.get("result"):
        _draw_result(img, view, players)
    else:
        _draw_card(img, view)
    _draw_sop(img, view)
    _draw_deck(img, view)
    return img


def _specimens() -> list[dict]:
    """Made-up views that between them show every colour the renderer can draw: every
    piece, marker and highlight, every card kind, the header and the end banner."""
    provinces = {k: 3 for k in KIND_ORDER if k != "invader"}
    north = {"troop": 12, "governor": 1, "qasbah": 1, "invader": 7}
    spaces = {}
    for i, sp in enumerate(geo.SPACES):
        control = [None, "delhi", "bahmani", "vijayanagara"][i % 4]
        spaces[sp] = {
            "name": geo.NAMES[sp],
            "pieces": north if sp in NORTH else provinces,
            "control": control,
            "tributary": control is None,
        }
    card = {
        "id": "e1",
        "title": "Specimen",
        "number": 1,
        "kind": "event",
        "order": list(FACTIONS),
        "stay_eligible": True,
        "year": 1300,
        "text": {"unshaded": "Specimen text " * 8, "shaded": "Specimen text " * 8},
    }
    playing = {
        "spaces": spaces,
        "factions": {f: {"resources": 12, "cavalry": 2, "vp": 9} for f in FACTIONS},
        "available": {"troop": 3, "governor": 1, "amir": 2, "raja": 2, "invader": 4},
        "cavalry_pool": 4,
        "influence": {"bahmani": 2, "vijayanagara": 4},
        "influence_slots": {"bahmani": {"2": 0, "4": 2}, "vijayanagara": {"1": 2, "2": 0}},
        "dynasty": "khalji",
        "card": card,
        "deck_size": 20,
        "successions_left": ["s2", "s3"],
        "eligible": {"delhi": True, "bahmani": False, "vijayanagara": True},
        "turn": {
            "acted": ["delhi"],
            "cmd_decree": "delhi",
            "event_or_command": None,
            "choices": {"delhi": "cmd"},
        },
        "result": None,
        "active": ["vijayanagara"],
        "move": 5,
        "log": ["Specimen."],
        "touched": list(geo.SPACES[::2]),
        "last_touched": [],
    }
    mongol = {
        **playing,
        "card": {"id": "m1", "title": "Mongol Invasion", "kind": "mongol", "faction": "bahmani"},
    }
    end = {
        **playing,
        "result": {
            "winners": ["delhi", "bahmani"],
            "reason": "Specimen.",
            "scores": {"delhi": 9, "bahmani": 9, "vijayanagara": 1},
        },
    }
    return [playing, mongol, end]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    players = {f: "Specimen" for f in FACTIONS}
    playing, mongol, end = [draw(v, players) for v in _specimens()]
    # the other two differ from the first only in the header and the panel
    panel = (PANEL_BOX[0], 0, WIDTH, HEIGHT)
    extra = [mongol.crop(panel), end.crop(panel), end.crop((0, 0, WIDTH, HEADER_H))]
    return make_palette([playing, *extra], art.FLAT_COLOURS)


def warm() -> None:
    """Build the cached background, sprites and palette now rather than on the first
    render; optional, for a bot to call at start-up."""
    render(_specimens()[0])


def render(view: dict, players: dict[str, str | None] | None = None) -> bytes:
    return encode_png(draw(view, players), palette())


__all__ = ["ID", "draw", "layout", "palette", "render", "warm"]
