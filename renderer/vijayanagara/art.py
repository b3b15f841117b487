"""The look of the Vijayanagara picture: colours, the sprites drawn once and cached
(piece icons, Control and Tributary markers, Prosperity coins, highlight frames,
mountain peaks).

Every piece kind has its own silhouette as well as its faction's colour, so nothing
depends on colour alone: Delhi's Troops are squares and Governors shields, Amirs and
Rajas are discs when Obedient and spiky bursts flying a red pennant when Rebelling
(each with its letter, A or R), Mongol Invaders are triangles, and the three kinds of
Structure are little buildings (a domed Qasbah, a battlemented Fort, a tiered Temple).
Markers carry the faction's letter: D, B, V; the Tributary marker a rupee sign.

Sprites are drawn supersampled and scaled down (Pillow's shapes are not
anti-aliased). Cached images are shared between renders: paste them, never draw on them.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.common import (
    RGB,
    RGBA,
    Font,
    Point,
    Smooth,
    font,
    is_recording,
    note,
    text_sprite,
)

# --- colours -------------------------------------------------------------------------
# The house frame of the Goat-Tiger picture, a parchment map on a grey-blue sea, and
# the game's faction colours. Highlights use the Okabe-Ito blue, as Goat-Tiger does.

FRAME = (46, 33, 25)
CREAM = (248, 238, 214)
MUTED_CREAM = (205, 184, 148)
GOLD = (232, 182, 70)
BANNER = (232, 182, 70)

SEA = (170, 196, 200)
SEA_INK = (84, 116, 124)
LAND = (226, 211, 172)
LAND_EDGE = (160, 134, 94)
NORTH_LAND = (214, 202, 176)  # Delhi, Punjab and the Passes: Delhi and Mongols only
SPACE_FILL = (251, 246, 233)
NORTH_FILL = (236, 232, 224)
SPACE_EDGE = (120, 94, 64)
LINK = (132, 100, 64)
INK = (56, 37, 22)
MUTED_INK = (122, 94, 64)
MOUNTAIN = (122, 88, 56)
MOUNTAIN_LIGHT = (238, 226, 200)

DELHI = (46, 46, 52)  # black / dark grey
DELHI_LIGHT = (150, 150, 158)
BAHMANI = (22, 166, 156)  # turquoise
VIJAYANAGARA = (240, 190, 30)  # yellow
MONGOLS = (204, 44, 36)  # red
REBEL_FLAG = (200, 22, 110)  # a Rebelling Unit's pennant: crimson, not the Mongols' red
LIGHT_GLYPH = (246, 244, 238)
DARK_GLYPH = (30, 26, 22)
COIN = (236, 196, 92)
COIN_EDGE = (150, 110, 40)

LAST = (0, 104, 178, 255)
HALO = (255, 250, 236, 230)

FACTION_COLOUR: dict[str, RGB] = {
    "delhi": DELHI,
    "bahmani": BAHMANI,
    "vijayanagara": VIJAYANAGARA,
    "mongols": MONGOLS,
}
GLYPH_ON: dict[str, RGB] = {  # letter colour on a faction's fill
    "delhi": LIGHT_GLYPH,
    "bahmani": DARK_GLYPH,
    "vijayanagara": DARK_GLYPH,
    "mongols": LIGHT_GLYPH,
}
LETTER = {"delhi": "D", "bahmani": "B", "vijayanagara": "V", "mongols": "M"}

# Flat fills that the palette must reproduce exactly.
FLAT_COLOURS = [
    FRAME,
    CREAM,
    MUTED_CREAM,
    GOLD,
    SEA,
    SEA_INK,
    LAND,
    LAND_EDGE,
    NORTH_LAND,
    SPACE_FILL,
    NORTH_FILL,
    SPACE_EDGE,
    LINK,
    INK,
    MUTED_INK,
    MOUNTAIN,
    MOUNTAIN_LIGHT,
    DELHI,
    DELHI_LIGHT,
    BAHMANI,
    VIJAYANAGARA,
    MONGOLS,
    REBEL_FLAG,
    LIGHT_GLYPH,
    DARK_GLYPH,
    COIN,
    COIN_EDGE,
    LAST[:3],
    HALO[:3],
]

# piece kind -> (faction, silhouette, letter)
PIECES: dict[str, tuple[str, str, str]] = {
    "troop": ("delhi", "square", "T"),
    "governor": ("delhi", "shield", "G"),
    "qasbah": ("delhi", "dome", ""),
    "amir_o": ("bahmani", "disc", "A"),
    "amir_r": ("bahmani", "burst", "A"),
    "fort": ("bahmani", "fort", ""),
    "raja_o": ("vijayanagara", "disc", "R"),
    "raja_r": ("vijayanagara", "burst", "R"),
    "temple": ("vijayanagara", "temple", ""),
    "invader": ("mongols", "triangle", "M"),
}


def rgba(c: RGB, a: int = 255) -> RGBA:
    return (c[0], c[1], c[2], a)


def _star(c: Point, r_out: float, r_in: float, points: int, turn: float = 0) -> list[Point]:
    out = []
    for i in range(2 * points):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / points - math.pi / 2 + turn
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def _letter(s: Smooth, c: Point, text: str, size: float, fill: RGB) -> None:
    """A bold letter centred on ``c``, drawn on the supersampled layer."""
    f = font(round(size * s.scale), bold=True)
    s.draw.text(s.p(*c), text, font=f, fill=rgba(fill), anchor="mm")


def _draw_piece(s: Smooth, kind: str, c: Point, r: float) -> None:
    """Piece ``kind`` of half-size ``r`` centred on ``c``: a dark outline around the
    faction's fill, so light pieces (yellow) show on the cream boxes too."""
    faction, shape, letter = PIECES[kind]
    fill, edge = rgba(FACTION_COLOUR[faction]), rgba(DARK_GLYPH)
    glyph = GLYPH_ON[faction]
    x, y = c
    w = max(1.0, r * 0.16)
    if shape == "square":
        q = r * 0.84
        s.rounded((x - q, y - q, x + q, y + q), r * 0.2, fill=fill, outline=edge, width=w)
    elif shape == "shield":
        q = r * 0.86
        pts = [
            (x - q, y - q),
            (x + q, y - q),
            (x + q, y + q * 0.2),
            (x, y + q * 1.1),
            (x - q, y + q * 0.2),
        ]
        s.polygon([(px, py) for px, py in _grow(pts, (x, y), w)], edge)
        s.polygon(pts, fill)
    elif shape == "disc":
        s.circle(c, r * 0.9, fill=fill, outline=edge, width=w)
    elif shape == "burst":
        s.polygon(_star(c, r * 1.04, r * 0.7, 8, math.pi / 8), edge)
        s.polygon(_star(c, r * 1.04 - w * 1.4, r * 0.7 - w, 8, math.pi / 8), fill)
    elif shape == "triangle":
        pts = [(x, y - r * 0.98), (x + r * 0.98, y + r * 0.8), (x - r * 0.98, y + r * 0.8)]
        s.polygon(_grow(pts, (x, y + r * 0.2), w * 1.4), edge)
        s.polygon(pts, fill)
    elif shape == "dome":  # Qasbah: a domed hall with a finial
        s.rounded(
            (x - r * 0.9, y - r * 0.05, x + r * 0.9, y + r * 0.9),
            r * 0.1,
            fill=fill,
            outline=edge,
            width=w,
        )
        s.circle((x, y - r * 0.05), r * 0.62, fill=fill, outline=edge, width=w)
        s.rounded((x - r * 0.8, y + r * 0.05, x + r * 0.8, y + r * 0.8), r * 0.08, fill=fill)
        s.line([(x, y - r * 0.66), (x, y - r * 0.98)], edge, w * 1.2)
        s.rounded(
            (x - r * 0.22, y + r * 0.35, x + r * 0.22, y + r * 0.9), r * 0.2, fill=rgba(glyph)
        )
    elif shape == "fort":  # Fort: a wall with battlements
        top = y - r * 0.45
        s.rounded(
            (x - r * 0.95, top, x + r * 0.95, y + r * 0.9),
            r * 0.08,
            fill=fill,
            outline=edge,
            width=w,
        )
        for i in (-1, 0, 1):
            cx = x + i * r * 0.66
            s.rounded(
                (cx - r * 0.26, y - r * 0.95, cx + r * 0.26, top + w),
                r * 0.05,
                fill=fill,
                outline=edge,
                width=w,
            )
            s.rounded((cx - r * 0.26 + w, top - w, cx + r * 0.26 - w, top + w * 1.5), 0, fill=fill)
        s.rounded(
            (x - r * 0.24, y + r * 0.3, x + r * 0.24, y + r * 0.9), r * 0.22, fill=rgba(glyph)
        )
    elif shape == "temple":  # Temple: a tiered spire (shikhara) on a plinth
        tiers = [(0.95, 0.9, 0.3), (0.7, 0.3, -0.3), (0.44, -0.3, -0.8)]
        for half, bottom, top in tiers:
            s.rounded(
                (x - r * half, y + r * top, x + r * half, y + r * bottom),
                r * 0.06,
                fill=fill,
                outline=edge,
                width=w,
            )
        s.circle((x, y - r * 0.86), r * 0.16, fill=edge)
    if letter:
        dy = r * 0.2 if shape == "triangle" else (-r * 0.05 if shape == "shield" else 0)
        _letter(s, (x, y + dy), letter, r * (1.05 if shape == "triangle" else 1.2), glyph)


def _grow(pts: list[Point], c: Point, by: float) -> list[Point]:
    """``pts`` pushed ``by`` pixels away from ``c``: an outline for a polygon."""
    out = []
    for px, py in pts:
        dx, dy = px - c[0], py - c[1]
        d = math.hypot(dx, dy) or 1
        out.append((px + dx / d * by, py + dy / d * by))
    return out




@lru_cache(maxsize=64)
def piece_sprite(kind: str, size: int) -> Image.Image:
    """Piece ``kind`` in a ``size``×``size`` RGBA tile. A Rebelling Amir or Raja also
    flies a red pennant at its top-right, so that it differs from an Obedient one by more
    than its outline when the picture is small."""
    s = Smooth((0, 0, size, size), scale=4)
    rebel = kind.endswith("_r")
    r = size / 2 - 1
    _draw_piece(s, kind, (size / 2, size / 2 + (size * 0.06 if rebel else 0)),
                r * (0.88 if rebel else 1))
    if rebel:
        x, top = size * 0.74, size * 0.02
        s.polygon([(x, top), (size - 0.5, top + size * 0.16), (x, top + size * 0.32)],
                  rgba(REBEL_FLAG))
        s.polygon([(x - size * 0.06, top), (x, top), (x, top + size * 0.5),
                   (x - size * 0.06, top + size * 0.5)], rgba(DARK_GLYPH))
    return s.shrink()


@lru_cache(maxsize=32)
def marker_sprite(faction: str, size: int, faded: bool = False,
                  glyph: float | None = None) -> Image.Image:
    """A faction's square marker with its letter (Control, order, Influence) in a
    ``glyph``-px font (by default 0.6 of the marker); faded for an Ineligible faction."""
    s = Smooth((0, 0, size, size), scale=4)
    m = size / 2
    fill = FACTION_COLOUR[faction]
    a = 110 if faded else 255
    s.rounded((1, 1, size - 1, size - 1), size * 0.18, fill=rgba(DARK_GLYPH, a))
    s.rounded((2.5, 2.5, size - 2.5, size - 2.5), size * 0.14, fill=rgba(fill, a))
    _letter(s, (m, m + size * 0.02), LETTER[faction], glyph or size * 0.6, GLYPH_ON[faction])
    tile = s.shrink()
    if faded:
        alpha = tile.getchannel("A").point(lambda v: v * 150 // 255)
        tile.putalpha(alpha)
    return tile


@lru_cache(maxsize=8)
def tributary_sprite(size: int, glyph: float | None = None) -> Image.Image:
    """The Tributary marker: a round grey Delhi token with a rupee sign (tribute), never
    square like a Control marker."""
    s = Smooth((0, 0, size, size), scale=4)
    m = size / 2
    s.circle((m, m), m - 1, fill=rgba(DARK_GLYPH))
    s.circle((m, m), m - 2.5, fill=rgba(DELHI_LIGHT))
    s.circle((m, m), m - 5, outline=rgba(DELHI), width=1.2)
    _letter(s, (m, m + 0.5), TRIBUTARY_GLYPH, glyph or size * 0.55, DELHI)
    return s.shrink()


# The Tributary marker's sign: the rupee of the tribute paid to Delhi, so that it never
# reads as a Troop's T.
TRIBUTARY_GLYPH = "₹"


@lru_cache(maxsize=8)
def coin_sprite(value: int, size: int, glyph: float | None = None) -> Image.Image:
    """A Prosperity coin with its value."""
    s = Smooth((0, 0, size, size), scale=4)
    m = size / 2
    s.circle((m, m), m - 1, fill=rgba(COIN_EDGE))
    s.circle((m, m), m - 2.5, fill=rgba(COIN))
    s.circle((m, m), m - 5, outline=rgba(COIN_EDGE), width=1)
    _letter(s, (m, m + 0.5), str(value), glyph or size * 0.55, INK)
    return s.shrink()


@lru_cache(maxsize=4)
def frame_sprite(w: int, h: int, radius: int, colour: RGBA = LAST) -> Image.Image:
    """A thick highlight frame around a space box (with a pale halo)."""
    pad = 8
    s = Smooth((0, 0, w + 2 * pad, h + 2 * pad), scale=3)
    box = (pad - 3, pad - 3, w + pad + 3, h + pad + 3)
    s.rounded(box, radius + 3, outline=HALO, width=9)
    s.rounded(box, radius + 3, outline=colour, width=5)
    return s.shrink()


def peak(s: Smooth, c: Point, h: float) -> None:
    """One mountain of the Vindhya Range: a brown triangle with a light flank."""
    x, y = c
    s.polygon(
        [(x - h * 0.9, y + h * 0.5), (x, y - h * 0.6), (x + h * 0.9, y + h * 0.5)], rgba(MOUNTAIN)
    )
    s.polygon(
        [(x, y - h * 0.6), (x + h * 0.9, y + h * 0.5), (x + h * 0.25, y + h * 0.5)],
        rgba(MOUNTAIN_LIGHT, 140),
    )


def text(d: ImageDraw.ImageDraw, xy: Point, words: str, f: Font, *, fill: RGB,
         anchor: str | None = None, info: bool = True) -> None:
    """``d.text`` that notes what it drew for the legibility tests (as ``common.label``
    does; that one hands ``fill`` on to ``textbbox``, which refuses it)."""
    d.text(xy, words, font=f, fill=fill, anchor=anchor)
    if is_recording():
        note(words, getattr(f, "size", 10), d.textbbox(xy, words, font=f, anchor=anchor),
             info=info)


@lru_cache(maxsize=256)
def _word_tile(words: str, px: int, bold: bool, fill: RGB) -> Image.Image:
    return text_sprite(words, font(px, bold), fill)


def stamp(img: Image.Image, xy: Point, words: str, px: int, *, fill: RGB, bold: bool = False,
          anchor: str = "mm", noted: bool = True) -> None:
    """A short text (a count, a level) pasted from a cached tile rather than typeset
    afresh, its ink placed by ``anchor`` (l/m/r, then m: centred on ``xy``'s y), and
    noted for the legibility tests (unless the render notes it: see ``stamp_note``)."""
    tile = _word_tile(words, px, bold, fill)
    x, y, w, h = _stamp_box(tile, xy, anchor)
    img.paste(tile, (x - 2, y - 2), tile)
    if noted and is_recording():
        note(words, px, (x, y, x + w, y + h))


def _stamp_box(tile: Image.Image, xy: Point, anchor: str) -> tuple[int, int, int, int]:
    w, h = tile.width - 4, tile.height - 4  # the ink, inside text_sprite's 2-px pad
    x = xy[0] - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    return round(x), round(xy[1] - h / 2), w, h


def stamp_note(xy: Point, words: str, px: int, *, bold: bool = False,
               anchor: str = "mm") -> None:
    """Note a text ``stamp`` drew into a cached layer, as if stamped now."""
    x, y, w, h = _stamp_box(_word_tile(words, px, bold, MUTED_INK), xy, anchor)
    note(words, px, (x, y, x + w, y + h))


# --- text set from cached glyphs -----------------------------------------------------------
# The header's log lines are new with every move: typeset from glyphs rasterized once (with
# the font's kerning between each pair), they cost a third less than Pillow typesetting
# the whole line afresh, which is what keeps a render near the time of its PNG encoding.


@lru_cache(maxsize=1024)
def _glyph(ch: str, f: Font) -> tuple[Image.Image, int, int]:
    """A character's coverage mask and its offset from the pen on the baseline."""
    left, top, right, bottom = (int(v) for v in f.getbbox(ch, anchor="ls"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), ch, font=f, fill=255, anchor="ls")
    return mask, left, top


@lru_cache(maxsize=4096)
def _advance(pair: str, f: Font) -> float:
    """How far the pen moves over ``pair``'s first character before the second (its
    advance, plus the pair's kerning); for one character, its advance."""
    if len(pair) == 1:
        return f.getlength(pair)
    return f.getlength(pair) - f.getlength(pair[1])


def typeset_width(words: str, f: Font) -> float:
    return sum(_advance(words[i:i + 2], f) for i in range(len(words)))


def typeset(img: Image.Image, xy: Point, words: str, f: Font, *, fill: RGB,
            info: bool = True) -> None:
    """``words`` with the top of the font's ascent at ``xy`` (Pillow's "la" anchor), set
    from cached glyphs, and noted for the legibility tests."""
    ascent, descent = f.getmetrics()
    width = typeset_width(words, f)
    mask = Image.new("L", (int(width) + 4, ascent + descent + 2))
    pen = 0.0
    for i, ch in enumerate(words):
        if not ch.isspace():
            glyph, left, top = _glyph(ch, f)
            mask.paste(glyph, (round(pen) + left, ascent + top), glyph)
        pen += _advance(words[i:i + 2], f)
    x, y = round(xy[0]), round(xy[1])
    img.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
    if is_recording():
        box = f.getbbox(words, anchor="la")
        note(words, getattr(f, "size", 10), (x + box[0], y + box[1], x + box[2], y + box[3]),
             info=info)
