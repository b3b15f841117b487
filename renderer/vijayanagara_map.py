"""The map of the Vijayanagara picture: what never changes (sea, land, roads, the Vindhya
Range, the boxes of the spaces with their names and Prosperity, the legend, the
Influence tracks), drawn once into the background, and the position on it: each space's
pieces as icons with counts (one row per faction), its Control or Tributary marker, the
spaces the action under way touched, and the Influence markers and waiting units."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from renderer import vijayanagara_art as art
from renderer.common import font, paste, smooth, text_sprite
from renderer.vijayanagara_layout import (
    BOX_H,
    BOX_R,
    BOX_W,
    COAST,
    INFLUENCE_BOX,
    LEGEND_BOX,
    MAP_BOX,
    POS,
    RIDGE,
    ROADS,
    TITLE_XY,
    box_of,
    project,
)

# --- a space's box -----------------------------------------------------------------------

CHIP_W, ROW_H, ICON = 50, 26, 22  # one counted piece kind in a box
CHIP_GAP = 5  # at least this much room after a count, before the next icon
# A box with at most two kinds in each of at most two rows (most boxes) shows them large:
# what a phone's chat column shrinks most is the counts.
BIG = {"w": 74, "row": 36, "icon": 30, "count": 25}
NAME_SIZE = 19
COUNT_SIZE = 17
BADGE = 26  # Prosperity coin and Control / Tributary marker

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


# --- the map that never changes ------------------------------------------------------------


def draw_background(img: Image.Image) -> None:
    """Sea, land, roads, the Vindhya Range, the empty boxes with their names and
    Prosperity, the title, the legend and the empty Influence tracks."""
    _draw_map(img)
    _draw_roads(img)
    _draw_ridge(img)
    _draw_boxes(img)
    _draw_title(img)
    _draw_legend(img)
    _draw_influence_frame(img)


def _draw_map(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(MAP_BOX, 14, fill=art.SEA)
    coast = [project(x, y) for x, y in COAST]
    with smooth(img, MAP_BOX, scale=2) as s:
        s.polygon(coast, art.rgba(art.LAND))
        s.line([*coast, coast[0]], art.rgba(art.LAND_EDGE), 3)
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
            s.line(pts, art.rgba(art.LAND, 255), 9)
        for pts in ROADS.values():
            s.line(pts, art.rgba(art.LINK), 5)


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
        tile = text_sprite(art.safe_text(name), font(size, bold=True), art.INK)
        if tile.width <= room:
            return tile
    if tile.width > room:
        tile = tile.resize((room, tile.height), Image.Resampling.LANCZOS)
    return tile


def _draw_boxes(img: Image.Image) -> None:
    with smooth(img, MAP_BOX, scale=2) as s:
        for sp in geo.SPACES:
            x0, y0, x1, y1 = box_of(sp)
            fill = art.NORTH_FILL if sp in geo.NORTH else art.SPACE_FILL
            s.rounded((x0 + 1.5, y0 + 2.5, x1 + 1.5, y1 + 2.5), BOX_R, fill=(40, 28, 16, 70))
            s.rounded(
                (x0, y0, x1, y1), BOX_R, fill=art.rgba(fill), outline=art.rgba(art.SPACE_EDGE),
                width=2,
            )
            s.draw.line(
                [s.p(x0 + 8, y0 + 27), s.p(x1 - 8, y0 + 27)],
                fill=art.rgba(art.SPACE_EDGE, 90),
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
            LEGEND_BOX, 10, fill=art.rgba(art.SPACE_FILL, 225), outline=art.rgba(art.SEA_INK),
            width=1.5,
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
                    s.line([(cx - 10, cy), (cx + 10, cy)], art.rgba(art.LINK), 5)
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
                        fill=art.rgba(art.SPACE_FILL),
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
        art.safe_text("The Deccan Empires, 1290–1398"),
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
            fill=art.rgba(art.SPACE_FILL, 225),
            outline=art.rgba(art.SEA_INK),
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
        d.text((x0 + 12, ty - 22), geo.SHORT[f], font=font(15, bold=True), fill=art.INK,
               anchor="ls")
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


# --- the position on the map ---------------------------------------------------------------


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


def draw_spaces(img: Image.Image, view: dict) -> None:
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


def draw_influence(img: Image.Image, view: dict) -> None:
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

