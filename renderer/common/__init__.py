"""Drawing helpers shared by the per-game renderers: fonts, smooth shapes, PNG encoding.

Everything here is pure and deterministic: the same calls give the same pixels, so the
same view always encodes to the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.grammar import agree
from renderer.common.glyphs import KeptFont
from renderer.common.png import png_file
from renderer.common.prebuilt import prebuilt

Font = ImageFont.FreeTypeFont
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]
# The players' names by role, as the table passes them (renderers only read them).
Names = Mapping[str, str | None] | None

# DejaVu Sans ships inside the package (renderer/fonts/, with its licence): a server
# without fonts installed draws the very same pictures, and nothing falls back to Pillow's
# bitmap font, which lacks glyphs such as → and ✕.
FONT_DIR = Path(__file__).parent.parent / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
for _file in FONT_FILES.values():
    if not (FONT_DIR / _file).is_file():
        raise FileNotFoundError(f"{FONT_DIR / _file} is missing: the pictures' fonts ship "
                                "with Darbar, so reinstall it from a full copy")


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px, loaded once from the package's own copy."""
    # Not ImageFont.truetype: a file it cannot open, it looks for by name in the system's
    # font folders, which would hide a missing file on a server that has DejaVu.
    # KeptFont: a text drawn again is pasted from the mask FreeType drew it as the first time
    return KeptFont(str(FONT_DIR / FONT_FILES[bold]), size)


def text_width(text: str, f: Font) -> float:
    return f.getlength(text)


def fit(text: str, f: Font, max_width: float) -> str:
    """``text`` cut short with an ellipsis so that it fits in ``max_width`` pixels."""
    if text_width(text, f) <= max_width:
        return text
    while text and text_width(text + "…", f) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, f: Font, width: float, max_lines: int = 99) -> list[str]:
    """Greedy word wrap to ``max_lines`` lines; the last one ends in … if cut. A word
    longer than a line (a long name) is broken where the line ends."""
    words = [piece for word in text.split() for piece in _pieces(word, f, width)]
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and f.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines[-1] = fit(lines[-1] + " " + " ".join(words), f, width)
    return [fit(line, f, width) for line in lines]


def _pieces(word: str, f: Font, width: float) -> list[str]:
    """``word`` cut into pieces that each fit in ``width`` pixels."""
    out = []
    while len(word) > 1 and f.getlength(word) > width:
        n = len(word) - 1
        while n > 1 and f.getlength(word[:n]) > width:
            n -= 1
        out.append(word[:n])
        word = word[n:]
    return out + [word]


def winners_title(names: list[str]) -> str:
    """A finished game's header: ``Game over: Red wins``, ``… Red & Blue win``."""
    return f"Game over: {' & '.join(names)} {agree(len(names), 'wins')}"


def outcome_title(result: dict, names: list[str]) -> str:
    """The header of a game that is over, whatever ended it: the winners (``names``), no
    winner (the last player resigned), a draw, or an aborted game (``abandoned``)."""
    if result.get("abandoned"):
        return "Game abandoned"
    if names:
        return winners_title(names)
    return "Game over: no winner" if "resigned" in result else "Game over: a draw"


def first(items: Sequence[str] | None) -> str | None:
    """The first of ``items`` (whose turn: the first active role), None for none."""
    return items[0] if items else None


def last_line(log: Sequence[str] | None) -> str | None:
    """The log's last line, None for an empty log."""
    return log[-1] if log else None


def outcome_line(result: dict, last: str | None) -> str | None:
    """The line under an ended game's header: why it ended where the table ended it (a
    resignation, an abort), else the last log line."""
    return result.get("reason") or last


def draw_header(img: Image.Image, title: str, last: str | None, *, title_fill: RGB,
                log_fill: RGB, log_y: int = 50) -> None:
    """A picture's top lines: the title (whose turn, or the result) and the last log line,
    each cut to the picture's width."""
    d = ImageDraw.Draw(img)
    room = img.width - 40
    label(d, (20, 12), fit(title, font(28, bold=True), room), font(28, bold=True),
          fill=title_fill)
    if last:
        # The log marks typed names as inline code for Discord; a picture shows them plain.
        last = last.replace("`", "")
        label(d, (20, log_y), fit(last, font(17), room), font(17), fill=log_fill)


# --- what a picture says, for the legibility tests ----------------------------------------
# A phone shows a posted image about 400 px wide (PHONE_WIDTH). Issue 39's floors there,
# which every game's picture meets (tests/renderer/test_legibility.py): information text
# 11 px tall (iOS's smallest text is 11 pt, Material's smallest body text 12 sp), place
# and player names 12 px, markers that carry meaning 10 px across. `python -m
# tools.pictures_report` measures every sample picture against them.
PHONE_WIDTH = 400
PHONE_INFO_FLOOR_PX = 11
PHONE_NAME_FLOOR_PX = 12
PHONE_MARKER_FLOOR_PX = 10
PHONE_MIN_PX = PHONE_INFO_FLOOR_PX  # the floor of any information text (charts, banners)
# The box Discord's desktop client fits a single attached picture into before it is
# clicked (scaled down, never up, proportions kept), and the smaller one of an embed's
# image: docs/pictures_in_discord.md gives the sources and what is uncertain.
DESKTOP_ATTACHMENT_BOX = (550, 350)
DESKTOP_EMBED_BOX = (400, 300)


@dataclass(frozen=True)
class Drawn:
    """A text drawn on a picture, as the legibility tests read it."""

    text: str
    px: float  # its font size, in the final picture's pixels
    box: tuple[float, float, float, float]  # where it lies in the final picture
    info: bool  # carries game information (False: a title, a credit, an ornament)
    # A marker that carries meaning (a piece, a token, a palace), noted by ``marker``: not
    # text (``info`` False, so the text checks pass it by); ``px`` is its smaller side.
    marker: bool = False


_drawn: ContextVar[list[Drawn] | None] = ContextVar("drawn", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text the pictures drawn inside the block note (see ``label``)."""
    drawn: list[Drawn] = []
    token = _drawn.set(drawn)
    try:
        yield drawn
    finally:
        _drawn.reset(token)


def is_recording() -> bool:
    """Whether a test is collecting what pictures say (see ``recording``): a renderer may
    skip measuring its texts otherwise."""
    return _drawn.get() is not None


def note(text: str, px: float, box: tuple[float, float, float, float], *,
         info: bool = True) -> None:
    """Note a text drawn some other way (a sprite pasted, a cached layer reused): its size
    and box in the final picture's pixels. Nothing happens unless a test records."""
    drawn = _drawn.get()
    if drawn is not None and text.strip():
        drawn.append(Drawn(text, px, box, info))


def marker(what: str, box: tuple[float, float, float, float]) -> None:
    """Note a marker that carries meaning (``what`` it shows, e.g. "palace Agra") and its
    box in the final picture's pixels, for the floor of markers' size on a phone
    (``PHONE_MARKER_FLOOR_PX``). Nothing happens unless a test records."""
    drawn = _drawn.get()
    if drawn is not None:
        x0, y0, x1, y1 = box
        drawn.append(Drawn(what, min(x1 - x0, y1 - y0), box, False, marker=True))


def label(d: ImageDraw.ImageDraw, xy: Point, text: str, f: Font, *, info: bool = True,
          scale: float = 1.0, offset: Point = (0, 0), **kwargs: object) -> None:
    """``d.text`` that notes what it drew. ``scale``/``offset``: how the drawing surface
    maps onto the final picture (a supersampled tile: scale 4 and the tile's corner)."""
    d.text(xy, text, font=f, **kwargs)  # type: ignore[arg-type]
    if _drawn.get() is None:
        return
    # the colours are d.text's alone: textbbox takes the rest (anchor, stroke_width...)
    shape = {k: v for k, v in kwargs.items() if k not in ("fill", "stroke_fill")}
    x0, y0, x1, y1 = d.textbbox(xy, text, font=f, **shape)  # type: ignore[arg-type]
    ox, oy = offset
    size = getattr(f, "size", 10)
    note(text, size / scale, (ox + x0 / scale, oy + y0 / scale, ox + x1 / scale,
                              oy + y1 / scale), info=info)


def clean(name: str) -> str:
    """A display name fit to draw: no control characters, and no characters beyond the
    Basic Multilingual Plane (emoji, mostly), which no bundled font has a glyph for."""
    kept = "".join(ch for ch in name if ch.isprintable() and ord(ch) < 0x10000)
    return " ".join(kept.replace("\ufe0f", "").replace("\u200d", "").split())


class Smooth:
    """A transparent layer drawn at ``scale``× and shrunk onto the base image.

    Pillow's ellipses, lines and polygons are not anti-aliased; drawing them
    supersampled inside a small box and averaging down is the cheap way to get
    smooth rings and arrows. Coordinates passed to the helpers are base-image pixels.
    """

    def __init__(self, box: tuple[int, int, int, int], scale: int = 4) -> None:
        self.x0, self.y0, x1, y1 = box
        self.size = (x1 - self.x0, y1 - self.y0)
        self.scale = scale
        self.layer = Image.new("RGBA", (self.size[0] * scale, self.size[1] * scale))
        self.draw = ImageDraw.Draw(self.layer)

    def p(self, x: float, y: float) -> Point:
        return ((x - self.x0) * self.scale, (y - self.y0) * self.scale)

    def w(self, width: float) -> int:
        return max(1, round(width * self.scale))

    def circle(
        self,
        c: Point,
        r: float,
        fill: RGBA | None = None,
        outline: RGBA | None = None,
        width: float = 0,
    ) -> None:
        (x, y), s = self.p(*c), self.scale
        box = (x - r * s, y - r * s, x + r * s, y + r * s)
        self.draw.ellipse(box, fill=fill, outline=outline, width=self.w(width) if width else 0)

    def line(self, pts: Sequence[Point], fill: RGBA, width: float) -> None:
        """A polyline with round caps (Pillow's own caps are square)."""
        scaled = [self.p(*q) for q in pts]
        self.draw.line(scaled, fill=fill, width=self.w(width), joint="curve")
        for q in pts:
            self.circle(q, width / 2, fill=fill)

    def polygon(self, pts: Iterable[Point], fill: RGBA) -> None:
        self.draw.polygon([self.p(*q) for q in pts], fill=fill)

    def arc(self, c: Point, r: float, start: float, end: float, fill: RGBA, width: float) -> None:
        (x, y), s = self.p(*c), self.scale
        box = (x - r * s, y - r * s, x + r * s, y + r * s)
        self.draw.arc(box, start, end, fill=fill, width=self.w(width))

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: RGBA | None = None,
        outline: RGBA | None = None,
        width: float = 0,
    ) -> None:
        a, b = self.p(box[0], box[1]), self.p(box[2], box[3])
        self.draw.rounded_rectangle(
            (*a, *b),
            radius * self.scale,
            fill=fill,
            outline=outline,
            width=self.w(width) if width else 0,
        )

    def shrink(self) -> Image.Image:
        """The layer at base size: use it as a sprite, or let ``smooth`` paste it."""
        # BOX averages each scale×scale block exactly: the cheapest correct downsample.
        return self.layer.resize(self.size, Image.Resampling.BOX)


@contextmanager
def smooth(base: Image.Image, box: tuple[float, ...], scale: int = 4) -> Iterator[Smooth]:
    """Draw anti-aliased shapes inside ``box`` of ``base`` (clipped to the image)."""
    clip = smooth_box(box, base.size)
    if clip is None:
        yield Smooth((0, 0, 1, 1), scale)  # nothing visible: draw into a throwaway layer
        return
    s = Smooth(clip, scale)
    yield s
    small = s.shrink()
    base.paste(small, clip[:2], small)


def smooth_box(box: tuple[float, ...], size: tuple[int, int]
               ) -> tuple[int, int, int, int] | None:
    """The whole pixels ``smooth`` draws ``box`` on, within an image of ``size`` (None:
    none of it is inside): a layer kept to paste later must be laid on the same ones."""
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    x1, y1 = min(size[0], int(box[2]) + 1), min(size[1], int(box[3]) + 1)
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1, y1)


def paste(base: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA sprite centred on ``centre`` (rounded to whole pixels)."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    base.paste(sprite, (x, y), sprite)


def text_sprite(
    text: str, f: Font, fill: RGB, halo: RGB | None = None, halo_width: int = 0
) -> Image.Image:
    """Text on a transparent tile, optionally with a halo so it stays legible over lines."""
    left, top, right, bottom = f.getbbox(text, stroke_width=halo_width)
    pad = 2
    tile = Image.new("RGBA", (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad))
    ImageDraw.Draw(tile).text(
        (pad - left, pad - top),
        text,
        font=f,
        fill=fill,
        stroke_width=halo_width,
        stroke_fill=halo,
    )
    return tile


def make_palette(
    specimens: Sequence[Image.Image], exact: Sequence[RGB] = (), colors: int = 256
) -> Image.Image:
    """One palette for every render: the ``exact`` colours (flat fills, which must not
    drift: a red cross should stay red), then colours chosen from specimen pictures
    showing every anti-aliased blend the renderer draws.

    Mapping to a fixed palette takes ~1 ms where choosing a palette per image takes
    ~10 ms, and it keeps colours identical from one position to the next.
    """
    sheet = Image.new(
        "RGB", (max(im.width for im in specimens), sum(im.height for im in specimens))
    )
    y = 0
    for im in specimens:
        sheet.paste(im, (0, y))
        y += im.height
    fixed = list(dict.fromkeys(exact))
    chosen = sheet.quantize(colors=colors - len(fixed), method=Image.Quantize.MEDIANCUT)
    palette = chosen.getpalette()
    assert palette is not None  # quantize() makes a "P" image, which has one
    found = palette[: 3 * (colors - len(fixed))]
    flat = [v for rgb in fixed for v in rgb] + found
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


def kept_palette(beside: str, choose: Callable[[], Image.Image],
                 name: str = "palette") -> Callable[[], Image.Image]:
    """A renderer's palette as data: ``choose`` (drawing specimens for ``make_palette``)
    is a search like any other prebuilt one, kept in ``name``.json beside ``beside`` (pass
    ``__file__``) and held to it by tests/renderer/test_prebuilt.py. Choosing took a
    tenth to half a second of a process's first picture of each game and tens of MB at
    its peak (the specimens and the sheet they are sampled from), for 768 numbers."""
    def colours() -> list[list[int]]:
        flat = choose().getpalette() or []
        return [flat[i:i + 3] for i in range(0, len(flat), 3)]

    rgbs = prebuilt(beside, name, colours)  # one colour a line

    @lru_cache(maxsize=1)
    def palette() -> Image.Image:
        pal = Image.new("P", (1, 1))
        pal.putpalette([v for rgb in rgbs for v in rgb])
        return pal

    return palette


def to_palette(img: Image.Image, palette: Image.Image) -> Image.Image:
    """``img`` mapped to ``palette`` without dithering, so flat areas stay flat: what
    ``encode_png`` encodes, and an animation's frame (``renderer.drawn``)."""
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_png(img: Image.Image, palette: Image.Image, *, optimize: bool = False) -> bytes:
    """Palette PNG, mapped to ``palette`` without dithering so flat areas stay flat,
    written by ``renderer/common/png.py`` (ISA-L's level 1: Goat-Tiger ~0.8 ms where
    Pillow's zlib level 3 took ~5, for the same size within 2 %). ``optimize=True``
    (Pillow's level 9) is for the docs: ~15 % smaller and twenty times as slow.
    """
    q = to_palette(img, palette)
    if not optimize:
        return png_file(q)
    buf = io.BytesIO()
    q.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def quad_bezier(p0: Point, p1: Point, p2: Point, steps: int = 24) -> list[Point]:
    """Points along the quadratic Bezier curve from p0 to p2 pulled towards p1."""
    pts = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        pts.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return pts
