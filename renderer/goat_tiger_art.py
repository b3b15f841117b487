"""The look of the Goat-Tiger picture: colours, and the sprites drawn once and cached
(pieces, highlight rings, the capture cross, last-move arrows).

Sprites are drawn large or supersampled and scaled down, because Pillow's shapes
are not anti-aliased; caching them keeps each render to a few pastes. Cached images
are shared between renders: paste them, never draw on them.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from renderer.common import RGBA, Point, Smooth, quad_bezier

# --- colours -------------------------------------------------------------------------
# Dark frame and header, sandstone slab, carved grooves. Highlights use the
# Okabe-Ito colour-blind-safe blue; the capture cross is red but also a shape (✕).

FRAME = (46, 33, 25)
SLAB_FILL = (224, 204, 163)
SLAB_EDGE = (168, 138, 96)
GROOVE = (96, 70, 47)
GROOVE_LIGHT = (246, 234, 207)
INK = (56, 37, 22)
MUTED_INK = (122, 94, 64)
CREAM = (248, 238, 214)
MUTED_CREAM = (205, 184, 148)
GOLD = (232, 182, 70)
BANNER = (232, 182, 70)  # the result banner replaces the dark header
BANNER_DRAW = (176, 196, 214)
LAST = (0, 104, 178, 255)
SELECT = (170, 51, 119, 255)
CAPTURE = (200, 30, 30, 255)
HALO = (255, 250, 236, 220)

GOAT_FILL = (251, 248, 238)
GOAT_INK = (40, 30, 22)
TIGER_FILL = (236, 132, 28)
TIGER_INK = (24, 16, 10)

# Flat fills that the palette must reproduce exactly.
FLAT_COLOURS = [
    FRAME,
    SLAB_FILL,
    SLAB_EDGE,
    GROOVE,
    GROOVE_LIGHT,
    INK,
    MUTED_INK,
    CREAM,
    MUTED_CREAM,
    GOLD,
    BANNER,
    BANNER_DRAW,
    LAST[:3],
    SELECT[:3],
    CAPTURE[:3],
    HALO[:3],
    GOAT_FILL,
    GOAT_INK,
    TIGER_FILL,
    TIGER_INK,
]

# --- cached sprites --------------------------------------------------------------------

MASTER = 256  # pieces are drawn once at this size and scaled down
MASTER_R = 92  # disc radius on the master; the rest is room for ears and shadow


def _goat_master() -> Image.Image:
    """A light disc with a dark rim holding a dark goat's head: long face, swept-back
    horns, floppy ears and a beard. The round outline (no ears poking out) and the
    light fill both set it apart from a tiger."""
    img = Image.new("RGBA", (MASTER, MASTER))
    d = ImageDraw.Draw(img)
    c, r = MASTER / 2, MASTER_R
    d.ellipse((c - r, c - r, c + r, c + r), fill=GOAT_FILL, outline=GOAT_INK, width=12)
    for sx in (-1, 1):
        # a horn tapers from the crown, up and back: a chain of shrinking dots
        horn = quad_bezier((c + sx * 12, c - 30), (c + sx * 18, c - 76), (c + sx * 60, c - 64))
        for i, (x, y) in enumerate(horn):
            w = 11 - 7 * i / len(horn)
            d.ellipse((x - w, y - w, x + w, y + w), fill=GOAT_INK)
        ear = [
            (c + sx * 18, c - 22),
            (c + sx * 66, c - 6),
            (c + sx * 60, c + 8),
            (c + sx * 18, c - 2),
        ]
        d.polygon(ear, fill=GOAT_INK)
    d.rounded_rectangle((c - 24, c - 36, c + 24, c + 44), 22, fill=GOAT_INK)  # face
    d.polygon([(c - 12, c + 36), (c + 12, c + 36), (c, c + 70)], fill=GOAT_INK)  # beard
    for sx in (-1, 1):
        d.ellipse((c + sx * 11 - 6, c - 12, c + sx * 11 + 6, c), fill=GOAT_FILL)  # eyes
    return img


def _tiger_master() -> Image.Image:
    """An orange disc with pointed ears and black stripes: a different outline and a
    strong pattern, so it never depends on colour to tell it from a goat."""
    img = Image.new("RGBA", (MASTER, MASTER))
    d = ImageDraw.Draw(img)
    c, r = MASTER / 2, MASTER_R
    for sx in (-1, 1):  # ears poke out of the disc: a silhouette goats do not have
        ear = [(c + sx * 22, c - 82), (c + sx * 86, c - 104), (c + sx * 86, c - 40)]
        d.polygon(ear, fill=TIGER_FILL, outline=TIGER_INK, width=12)
    d.ellipse((c - r, c - r, c + r, c + r), fill=TIGER_FILL, outline=TIGER_INK, width=12)
    for sx in (-1, 1):
        for dy, length in ((-26, 52), (6, 60), (38, 46)):  # cheek stripes from the rim
            x0 = c + sx * (r - 4)
            x1 = c + sx * (r - length)
            d.polygon([(x0, c + dy - 11), (x1, c + dy), (x0, c + dy + 11)], fill=TIGER_INK)
    for dx, length in ((-26, 40), (0, 56), (26, 40)):  # forehead stripes
        y0 = c - r + 4
        d.polygon([(c + dx - 10, y0), (c + dx, y0 + length), (c + dx + 10, y0)], fill=TIGER_INK)
    # muzzle
    d.ellipse((c - 26, c + 18, c + 26, c + 62), fill=GOAT_FILL)
    d.polygon([(c - 11, c + 18), (c + 11, c + 18), (c, c + 32)], fill=TIGER_INK)
    return img


def _with_shadow(master: Image.Image) -> Image.Image:
    """Drop a soft shadow under the piece so it stands off the stone."""
    alpha = master.getchannel("A")
    shadow = Image.new("RGBA", master.size, (30, 18, 8, 0))
    shadow.putalpha(alpha.point(lambda a: a * 90 // 255).filter(ImageFilter.GaussianBlur(6)))
    out = Image.new("RGBA", master.size)
    out.alpha_composite(shadow, (5, 9))
    out.alpha_composite(master)
    return out


@lru_cache(maxsize=16)
def piece_sprite(kind: str, radius: int, shadow: bool = True) -> Image.Image:
    """A goat or tiger whose disc has ``radius`` pixels, as an RGBA tile."""
    master = _goat_master() if kind == "goat" else _tiger_master()
    if shadow:
        master = _with_shadow(master)
    side = round(MASTER * radius / MASTER_R)
    return master.resize((side, side), Image.Resampling.LANCZOS)


# --- highlights ------------------------------------------------------------------------


@lru_cache(maxsize=8)
def ring_sprite(radius: int, colour: RGBA, dashed: bool) -> Image.Image:
    """A ring around a piece: solid with a pale halo for the last move, dashed for the
    piece picked up mid-move (the dashes tell the two apart without colour)."""
    side = 2 * (radius + 8)
    c = (side / 2, side / 2)
    s = Smooth((0, 0, side, side))
    if dashed:
        for start in range(0, 360, 30):
            s.arc(c, radius, start, start + 18, colour, 6)
    else:
        s.circle(c, radius, outline=HALO, width=9)
        s.circle(c, radius, outline=colour, width=5)
    return s.shrink()


def _cross(s: Smooth, c: Point, half: float, width: float) -> None:
    """A red ✕ with a pale halo so it shows on dark grooves and light pieces alike."""
    (x, y) = c
    arms = [
        ((x - half, y - half), (x + half, y + half)),
        ((x - half, y + half), (x + half, y - half)),
    ]
    for a, b in arms:
        s.line([a, b], HALO, width + 4)
    for a, b in arms:
        s.line([a, b], CAPTURE, width)


@lru_cache(maxsize=8)
def cross_sprite(half: int, width: int) -> Image.Image:
    side = 2 * (half + width + 4)
    s = Smooth((0, 0, side, side))
    _cross(s, (side / 2, side / 2), half, width)
    return s.shrink()


@lru_cache(maxsize=4)
def captured_sprite(radius: int) -> Image.Image:
    """A small goat crossed out: one filled slot of the capture tally."""
    tile = piece_sprite("goat", radius, shadow=False).copy()
    cross = cross_sprite(round(radius * 0.6), 5)
    x, y = (tile.width - cross.width) // 2, (tile.height - cross.height) // 2
    tile.alpha_composite(cross, (x, y))
    return tile


CROSS_HALF, CROSS_WIDTH = 15, 7  # the ✕ on a captured goat's point


@lru_cache(maxsize=256)
def arrow_sprite(
    a: Point, b: Point, trim: float, over: Point | None = None
) -> tuple[Image.Image, tuple[int, int]]:
    """An arrow from ``a`` (a small hollow circle marks where the piece came from) to
    ``trim`` pixels short of ``b``, with the ✕ of a captured goat at ``over``; as a
    tile and the tile's top-left position.

    The ✕ goes over the shaft but under the head: on a short leap the captured
    point sits right behind the arrowhead, and both must stay whole.
    """
    (ax, ay), (bx, by) = a, b
    pad = 24
    box = (
        int(min(ax, bx) - pad),
        int(min(ay, by) - pad),
        int(max(ax, bx) + pad) + 1,
        int(max(ay, by) + pad) + 1,
    )
    s = Smooth(box, scale=3)
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * trim, by - uy * trim)
    head_len, head_w = 26, 15
    base = (tip[0] - ux * head_len, tip[1] - uy * head_len)
    head = [
        tip,
        (base[0] - uy * head_w, base[1] + ux * head_w),
        (base[0] + uy * head_w, base[1] - ux * head_w),
    ]
    s.circle(a, 13, outline=HALO, width=9)
    s.line([a, base], HALO, 11)
    s.circle(a, 13, outline=LAST, width=5)
    s.line([(ax + ux * 13, ay + uy * 13), base], LAST, 6)
    if over is not None:
        _cross(s, over, CROSS_HALF, CROSS_WIDTH)
    s.polygon([(x + ux * 3, y + uy * 3) for x, y in head], HALO)
    s.polygon(head, LAST)
    return s.shrink(), (box[0], box[1])
