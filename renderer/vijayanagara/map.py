"""The map of the Vijayanagara picture: what never changes (sea, land, roads, the Vindhya
Range, the boxes of the spaces with their names and Prosperity), drawn once into the
background, and the position on it: each space's pieces as chips (an icon and its count,
all at one legible size however crowded the space), its Control or Tributary marker, and
the spaces the action under way touched."""

from __future__ import annotations

import math
from collections.abc import Collection
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.shown import SpaceShown, VijayanagaraView
from renderer.common import font, is_recording, marker, note, paste, smooth, text_sprite
from renderer.common.prebuilt import prebuilt_image
from renderer.vijayanagara import art as art
from renderer.vijayanagara.layout import (
    BOX_H,
    BOX_R,
    BOX_W,
    COAST,
    HEIGHT,
    MAP_BOX,
    POS,
    RIDGE,
    ROADS,
    WIDTH,
    box_of,
    project,
)

# --- a space's box -----------------------------------------------------------------------

NAME_PX = 24  # a space's name (12 px when shown 400 px wide: PHONE_NAME_FLOOR_PX)
MIN_PX = 22  # the least size of any information text (11 px: PHONE_INFO_FLOOR_PX)
BADGE = 30  # Prosperity coin and Control / Tributary marker, centred on the top corners
BADGE_IN = 3  # how far inside the box's corner a badge's centre lies
PAD = 3  # the chips keep this far inside the box's sides


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


def badged(space: str) -> bool:
    """Whether a space's box carries corner badges (a Prosperity coin, a Control or
    Tributary marker): the Provinces do."""
    return bool(geo.PROSPERITY.get(space)) or space in geo.PROVINCES


def name_room(space: str) -> int:
    """The width a line of a space's name may take under the corner badges: nearly the
    whole box."""
    return BOX_W - 2 * PAD


def badge_room(space: str) -> int:
    """The width between a box's corner badges (where a two-line name's first line goes)."""
    half = BADGE // 2 + BADGE_IN + 2
    return BOX_W - 2 * half if badged(space) else BOX_W - 2 * PAD


@lru_cache(maxsize=32)
def name_lines(name: str, room: int) -> tuple[bool, tuple[str, ...]]:
    """(bold?, lines) of a space's name, always NAME_PX tall: one line, bold where it
    fits ``room``, else the regular face (Maharashtra); a name that fits neither takes
    two lines, bold (Mountain / Passes)."""
    for bold in (True, False):
        if font(NAME_PX, bold=bold).getlength(name) <= room:
            return bold, (name,)
    words = name.split()
    half = max(1, len(words) // 2)
    return True, (" ".join(words[:half]), " ".join(words[half:]))


NAME_LINE = 26  # between two lines of a name
NAME_TOP = 34  # a one-line name's centre, below the box's top (clear of the badges)
NAME_TOP_TWO = 17  # a two-line name's first line, between the badges


def name_centres(space: str) -> list[float]:
    """The centre of each line of a space's name, below its box's top."""
    _, lines = name_lines(geo.NAMES[space], name_room(space))
    if len(lines) == 1:
        return [NAME_TOP]
    return [NAME_TOP_TWO + i * NAME_LINE for i in range(len(lines))]


def chips_top(space: str) -> int:
    """Where a box's chips begin, below its name (and the rule under it)."""
    return round(name_centres(space)[-1]) + 17


# --- the map that never changes ------------------------------------------------------------


def draw_background(img: Image.Image) -> None:
    """Sea, land, roads, the Vindhya Range, the empty boxes with their names and
    Prosperity, on a picture of the whole size: all but the names and Prosperity (texts
    the legibility tests read) from landscape.png."""
    img.paste(_landscape(), (0, 0))
    for sp in geo.SPACES:
        draw_name(img, sp)
        draw_coin(img, sp)


def _draw_landscape() -> Image.Image:
    """The background but the boxes' names and Prosperity: drawn on supersampled layers
    of the map's size, which took 36 MB at once at a process's first Vijayanagara
    picture, so kept as data (landscape.png, renderer/common/prebuilt.py)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
    _draw_map(img)
    _draw_roads(img)
    _draw_ridge(img)
    _draw_boxes(img)
    return img


_landscape = prebuilt_image(__file__, "landscape", _draw_landscape)


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


@lru_cache(maxsize=32)
def _name_sprite(text: str, bold: bool, room: int) -> Image.Image:
    """One line of a space's name, squeezed sideways (like a condensed face) only if it
    is still too long for ``room``."""
    tile = text_sprite(text, font(NAME_PX, bold=bold), art.INK)
    if tile.width > room + 4:
        tile = tile.resize((room + 4, tile.height), Image.Resampling.LANCZOS)
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
            rule = y0 + chips_top(sp) - 3
            s.draw.line(
                [s.p(x0 + 8, rule), s.p(x1 - 8, rule)],
                fill=art.rgba(art.SPACE_EDGE, 90),
                width=s.w(1),
            )


def draw_name(img: Image.Image, sp: str) -> None:
    x0, y0, x1, _ = box_of(sp)
    room = name_room(sp)
    bold, lines = name_lines(geo.NAMES[sp], room)
    for line, top in zip(lines, name_centres(sp), strict=True):
        tile = _name_sprite(line, bold, room)
        cx, cy = (x0 + x1) / 2, y0 + top
        paste(img, tile, (cx, cy))
        note(line, NAME_PX, _tile_box(tile, (cx, cy), pad=2))


def draw_coin(img: Image.Image, sp: str) -> None:
    """A Province's Prosperity coin on its box's top-left corner."""
    value = geo.PROSPERITY.get(sp)
    if not value:
        return
    x0, y0, _, _ = box_of(sp)
    centre = (x0 + BADGE_IN, y0 + BADGE_IN)
    paste(img, art.coin_sprite(value, BADGE, MIN_PX), centre)
    note_glyph(str(value), centre)


def _tile_box(tile: Image.Image, centre: tuple[float, float],
              pad: int = 0) -> tuple[float, float, float, float]:
    """Where a pasted text tile's ink lies (less its ``pad``), in the picture."""
    x = round(centre[0] - tile.width / 2)
    y = round(centre[1] - tile.height / 2)
    return (x + pad, y + pad, x + tile.width - pad, y + tile.height - pad)


def note_glyph(text: str, centre: tuple[float, float], px: int = MIN_PX) -> None:
    """Note a bold glyph drawn centred in a sprite (a coin's value, a marker's letter)."""
    if not is_recording():
        return
    x0, y0, x1, y1 = font(px, bold=True).getbbox(text, anchor="mm")
    note(text, px, (centre[0] + x0, centre[1] + y0, centre[0] + x1, centre[1] + y1))


# --- the position on the map ---------------------------------------------------------------


def framed(view: VijayanagaraView) -> list[str]:
    """The spaces framed as touched: those of every action of the current card so far,
    the one under way included; on a card nobody has acted on yet, the last action's (on
    the card before), so a new card does not hide what just happened."""
    card = [*(view.get("card_touched") or []), *(view.get("touched") or [])]
    now = [s for s in dict.fromkeys(card) if s in POS]
    return now or [s for s in (view.get("last_touched") or []) if s in POS]


def counted(pieces: dict) -> list[list[tuple[str, int]]]:
    """A box's pieces as (kind, count), one list per faction that has any."""
    rows = []
    for faction in ROW_ORDER:
        row = []
        for k in KIND_ORDER:
            try:
                n = int(pieces.get(k) or 0)
            except (TypeError, ValueError):
                n = 0
            if art.PIECES[k][0] == faction and n > 0:
                row.append((k, n))
        if row:
            rows.append(row)
    return rows


# Chip sizes: (icon px, gap after a chip, row height). The count is always COUNT_PX bold;
# a box too full for the regular chips takes the compact ones, whose icons are smaller.
COUNT_PX = MIN_PX
REGULAR = (24, 5, 27)
COMPACT = (20, 2, 24)


@lru_cache(maxsize=512)
def chip_sprite(kind: str, n: int, compact: bool = False) -> tuple[Image.Image,
                                                                  tuple[int, int, int, int]]:
    """An icon and its count on a transparent tile, and where the count's ink lies in it."""
    icon_px, _, row = COMPACT if compact else REGULAR
    f = font(COUNT_PX, bold=True)
    text = str(n)
    left, top, right, bottom = f.getbbox(text, anchor="lm")
    # compact: tight, so that three "20"s fit a row (twenty of every kind in one box)
    tx = icon_px + (1 if compact else 2) - left
    w = int(math.ceil(tx + right)) + (0 if compact else 1)
    tile = Image.new("RGBA", (w, row))
    tile.alpha_composite(art.piece_sprite(kind, icon_px), (0, (row - icon_px) // 2))
    cy = row / 2 + 1
    ImageDraw.Draw(tile).text((tx, cy), text, font=f, fill=art.INK, anchor="lm")
    return tile, (round(tx + left), math.floor(cy + top), math.ceil(tx + right),
                  math.ceil(cy + bottom))


def chip_width(kind: str, n: int, compact: bool) -> int:
    return chip_sprite(kind, n, compact)[0].width


def arrange(space: str, pieces: dict) -> tuple[bool, list[list[tuple[str, int, int]]]]:
    """How a box's chips lie: (compact?, rows of (kind, count, x offset)). One row per
    faction where that fits, else the chips flow from row to row; regular chips where
    they fit, else compact ones. Each row fits the box's width and the rows its height."""
    try:
        key = tuple(sorted(pieces.items()))
        hash(key)
    except TypeError:  # not a view the engine makes; counted() copes with anything
        key = tuple(sorted((k, v) for row in counted(pieces) for k, v in row))
    return _arrange(space, key)


@lru_cache(maxsize=1024)
def _arrange(space: str, pieces: tuple) -> tuple[bool, list[list[tuple[str, int, int]]]]:
    groups = counted(dict(pieces))
    top = chips_top(space)
    room = BOX_W - 2 * PAD
    for compact in (False, True):
        _, gap, row_h = COMPACT if compact else REGULAR
        rows_fit = (BOX_H - 2 - top) // row_h
        by_faction = [[(k, n) for k, n in g] for g in groups]
        flat = [c for g in groups for c in g]
        for rows in (by_faction, _flow(flat, room, gap, compact)):
            if len(rows) <= rows_fit and all(_row_width(r, gap, compact) <= room for r in rows):
                return compact, [_offsets(r, gap, compact) for r in rows]
    # never in play (more than nine kinds, or three-digit counts): the compact flow, cut
    _, gap, row_h = COMPACT
    rows = _flow([c for g in groups for c in g], room, gap, True)
    return True, [_offsets(r, gap, True) for r in rows[: (BOX_H - 2 - top) // row_h]]


def _row_width(row: list[tuple[str, int]], gap: int, compact: bool) -> int:
    return sum(chip_width(k, n, compact) for k, n in row) + gap * (len(row) - 1)


def _flow(chips: list[tuple[str, int]], room: int, gap: int,
          compact: bool) -> list[list[tuple[str, int]]]:
    rows: list[list[tuple[str, int]]] = []
    for c in chips:
        if rows and _row_width([*rows[-1], c], gap, compact) <= room:
            rows[-1].append(c)
        else:
            rows.append([c])
    return rows


def _offsets(row: list[tuple[str, int]], gap: int,
             compact: bool) -> list[tuple[str, int, int]]:
    out, x = [], 0
    for k, n in row:
        out.append((k, n, x))
        x += chip_width(k, n, compact) + gap
    return out


def _draw_space(img: Image.Image, sp: str, info: SpaceShown) -> None:
    x0, y0, x1, _ = box_of(sp)
    compact, rows = arrange(sp, info.get("pieces") or {})
    row_h = (COMPACT if compact else REGULAR)[2]
    top = y0 + chips_top(sp)
    for r, row in enumerate(rows):
        y = round(top + r * row_h)
        for kind, n, dx in row:
            tile, (tx0, ty0, tx1, ty1) = chip_sprite(kind, n, compact)
            x = round(x0 + PAD + dx)
            img.paste(tile, (x, y), tile)
            note(str(n), COUNT_PX, (x + tx0, y + ty0, x + tx1, y + ty1))
    control = info.get("control")
    centre = (x1 - BADGE_IN, y0 + BADGE_IN)
    if control in art.FACTION_COLOUR:
        paste(img, art.marker_sprite(control, BADGE, glyph=MIN_PX), centre)
        note_glyph(art.LETTER[control], centre)
    elif info.get("tributary"):
        paste(img, art.tributary_sprite(BADGE, MIN_PX), centre)
        note_glyph(art.TRIBUTARY_GLYPH, centre)


def draw_spaces(img: Image.Image, view: VijayanagaraView, changed: list[str] | None = None,
                why: str = "this card", only: Collection[str] | None = None) -> None:
    """The position on the map, with ``changed`` framed (default: the spaces this card's
    actions touched); ``why`` the frames' meaning, noted for the tests. ``only``: those
    spaces alone, in the same order (the frames under every space's pieces), for a
    picture redrawn where only a few spaces changed (renderer/vijayanagara/over.py)."""
    spaces = view.get("spaces") or {}
    for sp in framed(view) if changed is None else changed:
        if only is None or sp in only:
            draw_frame(img, sp, why)
    for sp in geo.SPACES:
        info = spaces.get(sp)
        if isinstance(info, dict) and (only is None or sp in only):
            _draw_space(img, sp, info)


# How far past its box a space's drawing reaches, (left, top, right, bottom): the badges
# centred BADGE_IN inside its top corners (the coin, drawn again over a frame, to the left;
# the Control marker, its edge included, to the right), the frame 4 px below. Measured,
# and checked (tests/renderer/test_vijayanagara_over.py): each space's drawing lies within
# its reach. A picture redrawn where a space changed restores its reach from the
# background and draws it again (renderer/vijayanagara/over.py).
REACH = (11, 11, 12, 4)


def reach(sp: str) -> tuple[int, int, int, int]:
    """The rectangle a space's drawing (frame, badges, chips) lies in, in whole pixels."""
    x0, y0, x1, y1 = box_of(sp)
    left, top, right, bottom = REACH
    return (math.floor(x0) - left, math.floor(y0) - top, math.ceil(x1) + right,
            math.ceil(y1) + bottom)


def draw_frame(img: Image.Image, sp: str, why: str) -> None:
    paste(img, art.frame_sprite(BOX_W, BOX_H, BOX_R), POS[sp])
    marker(f"{why}: {sp}", box_of(sp, 4))
    if geo.PROSPERITY.get(sp):  # the frame runs under the coin, not over it
        x0, y0, _, _ = box_of(sp)
        paste(img, art.coin_sprite(geo.PROSPERITY[sp], BADGE, MIN_PX),
              (x0 + BADGE_IN, y0 + BADGE_IN))


def draw_moves(img: Image.Image, moves: list[tuple[str, str, str]]) -> None:
    """An arrow from space to space for each kind of piece that moved, with the piece's
    icon at its middle (several kinds along one way lie side by side)."""
    along: dict[tuple[str, str], int] = {}
    for kind, a, b in moves:
        (ax, ay), (bx, by) = POS[a], POS[b]
        d = math.dist((ax, ay), (bx, by)) or 1
        ux, uy = (bx - ax) / d, (by - ay) / d
        n = along.get((a, b), 0)
        along[(a, b)] = n + 1
        sx, sy = -uy * 12 * n, ux * 12 * n  # beside an earlier arrow on the same way
        # from the edge of one box to the edge of the other, off the names and chips
        edge = min(BOX_W / 2 / (abs(ux) or 1e-9), BOX_H / 2 / (abs(uy) or 1e-9)) + 6
        start = (ax + ux * edge + sx, ay + uy * edge + sy)
        end = (bx - ux * edge + sx, by - uy * edge + sy)
        head = [end, (end[0] - ux * 18 - uy * 10, end[1] - uy * 18 + ux * 10),
                (end[0] - ux * 18 + uy * 10, end[1] - uy * 18 - ux * 10)]
        box = (min(ax, bx) - 60, min(ay, by) - 60, max(ax, bx) + 60, max(ay, by) + 60)
        with smooth(img, box, scale=2) as s:
            s.line([start, end], art.HALO, 9)
            s.line([start, (end[0] - ux * 14, end[1] - uy * 14)], art.LAST, 5)
            s.polygon(head, art.LAST)
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        paste(img, art.piece_sprite(kind, REGULAR[0]), mid)
        half = REGULAR[0] / 2
        marker(f"moved: {kind} {a}→{b}", (mid[0] - half, mid[1] - half, mid[0] + half,
                                            mid[1] + half))
