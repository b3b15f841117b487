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
from renderer.common.packed import packed_cache

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
CROSS_REACH = CROSS_HALF * 2**0.5 + (CROSS_WIDTH + 4) / 2  # how far its halo reaches
HEAD_LEN, HEAD_W = 26, 15  # an arrowhead's length and half-width
SHAFT_HALF = 5.5  # half the width of an arrow's shaft, halo included


def arrow_path(a: Point, b: Point, control: Point | None = None) -> list[Point]:
    """The points an arrow from ``a`` to ``b`` follows: straight, or (a Tiger's leap)
    curved towards ``control`` so that it hops over the captured goat's point."""
    if control is None:
        return [a, b]
    return quad_bezier(a, control, b, steps=48)


def _trimmed(path: list[Point], trim: float) -> tuple[list[Point], Point, Point]:
    """The shaft, the tip and the unit direction of the head of an arrow along ``path``
    that stops ``trim`` pixels short of its end."""
    end = path[-1]

    def dist(p: Point) -> float:
        return ((p[0] - end[0]) ** 2 + (p[1] - end[1]) ** 2) ** 0.5

    i = len(path) - 1
    while i > 0 and dist(path[i - 1]) < trim:
        i -= 1
    # the tip: where the segment path[i-1] -> path[i] crosses the circle of radius trim
    (px, py), (qx, qy) = path[i - 1], path[i]
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if dist((px + (qx - px) * mid, py + (qy - py) * mid)) > trim:
            lo = mid
        else:
            hi = mid
    tip = (px + (qx - px) * lo, py + (qy - py) * lo)
    # the head points along the chord from where it starts to the tip
    j = i - 1
    while j > 0 and ((path[j][0] - tip[0]) ** 2 + (path[j][1] - tip[1]) ** 2) ** 0.5 < HEAD_LEN:
        j -= 1
    dx, dy = tip[0] - path[j][0], tip[1] - path[j][1]
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    u = (dx / n, dy / n)
    base = (tip[0] - u[0] * HEAD_LEN, tip[1] - u[1] * HEAD_LEN)
    shaft = [*path[: j + 1], base]
    return shaft, tip, u


def _head(shaft: list[Point], tip: Point, u: Point) -> list[Point]:
    """The arrowhead: a triangle from ``tip`` back to the end of the shaft."""
    (ux, uy), base = u, shaft[-1]
    return [
        tip,
        (base[0] - uy * HEAD_W, base[1] + ux * HEAD_W),
        (base[0] + uy * HEAD_W, base[1] - ux * HEAD_W),
    ]


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    """How far ``p`` lies from the segment ``a``-``b``."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1.0)
    t = min(1.0, max(0.0, t))
    return float(((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5)


def arrow_clearance(a: Point, b: Point, trim: float, control: Point | None, p: Point) -> float:
    """How far ``p`` lies from what ``arrow_sprite`` draws: its shaft (halo included) and
    its head (halo included; 0 inside it)."""
    shaft, tip, u = _trimmed(arrow_path(a, b, control), trim)
    head = _head(shaft, tip, u)
    edges = list(zip(head, [*head[1:], head[0]], strict=True))
    # inside the triangle: p lies on the same side of all three edges
    sides = {(q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]) > 0 for q, r in edges}
    to_head = 0.0 if len(sides) == 1 else min(_seg_dist(p, q, r) for q, r in edges) - 3
    to_shaft = min(_seg_dist(p, q, r) for q, r in zip(shaft, shaft[1:], strict=False))
    return min(to_head, to_shaft - SHAFT_HALF)


@packed_cache(hot=8, packed=256)  # the board's 100-odd arrows held 10 MB as RGBA
def arrow_sprite(
    a: Point, b: Point, trim: float, control: Point | None = None
) -> tuple[Image.Image, tuple[int, int]]:
    """An arrow from ``a`` (a small hollow circle marks where the piece came from) to
    ``trim`` pixels short of ``b``, straight or curved towards ``control``; as a tile and
    the tile's top-left position. A captured goat's ✕ is drawn apart, over it."""
    path = arrow_path(a, b, control)
    pad = 24
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    box = (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1,
           int(max(ys) + pad) + 1)
    s = Smooth(box, scale=3)
    shaft, tip, (ux, uy) = _trimmed(path, trim)
    head = _head(shaft, tip, (ux, uy))
    # the blue shaft leaves the start circle's rim (the circle stays hollow)
    ax, ay = a
    out = [p for p in shaft[1:] if ((p[0] - ax) ** 2 + (p[1] - ay) ** 2) ** 0.5 > 13]
    s.circle(a, 13, outline=HALO, width=9)
    s.line(shaft, HALO, 2 * SHAFT_HALF)
    s.circle(a, 13, outline=LAST, width=5)
    if out:
        (nx, ny) = out[0]
        n = ((nx - ax) ** 2 + (ny - ay) ** 2) ** 0.5
        s.line([(ax + (nx - ax) / n * 13, ay + (ny - ay) / n * 13), *out], LAST, 6)
    s.polygon([(x + ux * 3, y + uy * 3) for x, y in head], HALO)
    s.polygon(head, LAST)
    return s.shrink(), (box[0], box[1])
