"""A whole game as one animated picture: the pictures of its positions, in order, within
an upload limit (Discord's 8 MB).

An animated GIF, not an APNG: every renderer maps its pictures to one fixed 256-colour
palette (``common.make_palette``), so a GIF holds each picture exactly as drawn, and Pillow
stores each frame as the rectangle that changed since the one before. Measured on 35
positions of a Vijayanagara game (1400×1050): GIF 1.2 MB in 0.4 s, APNG 2.8 MB in 0.7 s
(7.1 MB from RGB frames); on 32 of Maharaja: GIF 0.7 MB, APNG 1.7 MB. Every Discord client
animates a GIF; an APNG only some. Pure and deterministic: the same frames give the same
bytes.

Too big for the limit, the animation keeps fewer positions (spread evenly, the first and
the last always kept); with few enough left, it scales the pictures down instead; and it
measures again after each change.

What a frame costs (issue 40: a replay's picture at most its board post's CPU). A frame is
the rows that changed since the frame before, written as the picture has them (their
unchanged pixels too: no mask is made or cut out), the unchanged rows between them as runs
of the transparent index (``gif_rows``). A renderer may give its drawing before it is
mapped to its palette (``Painted``): two drawings are told apart as drawn, and only the
rows that changed are mapped (mapping a whole Vijayanagara picture took 1.2 ms). Every
frame is drawn and encoded in one process, as it comes, the picture before it alone kept.
Measured side by side with main before this turn (``darbar bench --only replay``, load
1.8–3.9): a Vijayanagara frame 6.6–8.8 → 4.8–5.6 ms of CPU against its post's 4.4–4.6
(1.09–1.20×), a Maharaja one 3.4–4.5 → 2.2–2.9 against 3.8–4.1 (0.54–0.76×); the GIFs are
1.5–3× larger (2.1 MB for 88 Vijayanagara positions, 2.0 MB for 150 of Maharaja's, 3.1 MB
for 150 of Rajas'), still far under the limit. What is left of a Vijayanagara frame's cost
above its post's: Pillow's LZW (6–7 ns a pixel) over the rows that changed (its header's
lines change at every move) costs about what the post's deflate of the whole picture
does, and telling two drawings apart, their rows found with it, 0.9 ms more. A renderer
that draws a frame in place over the one before (``Painted.changed``: Vijayanagara's)
says which boxes it redrew, and only those are told apart: 0.8 ms of comparison and 0.3
of copying a picture to draw on become 0.2 or so (the longest Vijayanagara game's frame
4.9–5.0 → 4.1 ms, 0.90–0.92× its post; docs/benchmarks.md, "replay, part 3").
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import GifImagePlugin, Image
from PIL.Image import core

from renderer.common import gif_rows, to_palette

UPLOAD_LIMIT = 8 * 1024 * 1024  # Discord's upload limit for a bot's message, in bytes
FRAME_MS = 700  # each position: long enough to see what moved
FIRST_MS = 1500  # the setup
LAST_MS = 4000  # the end, before the animation starts again
MIN_FRAMES = 24  # fewer positions than this tell no story: scale the pictures down instead
MIN_SCALE = 0.3  # smaller than this, a board is unreadable
MARGIN = 0.95  # aim a little under the limit: the size of a GIF is not linear in its frames
TRIES = 24


class TooLarge(ValueError):
    """Not even two pictures at the smallest scale fit the limit."""


@dataclass(frozen=True)
class Animation:
    name: str  # the attachment's file name
    data: bytes
    kept: tuple[int, ...]  # the frames it shows, by their index in what it was given
    scale: float  # 1.0: the pictures as drawn


def sample(count: int, keep: int) -> list[int]:
    """``keep`` of the indices ``0 … count - 1``, spread evenly, the first and the last
    always among them (all of them when ``keep >= count``)."""
    if count <= 0:
        return []
    keep = max(2, keep)
    if keep >= count:
        return list(range(count))
    # Rounded in integers (floor of x + 1/2): steps of at least 1 never meet.
    step, den = count - 1, keep - 1
    return [(2 * i * step + den) // (2 * den) for i in range(keep)]


@dataclass(frozen=True)
class Painted:
    """A picture before it is mapped to its palette: a renderer's drawing and the palette
    its PNG maps it to (``to_palette``). An animation maps only the rows of it that
    changed since the picture before (a fifth of a Vijayanagara picture, on average):
    mapping a whole picture took 1.3 ms of a Vijayanagara frame's 6."""

    image: Image.Image  # RGB
    palette: Image.Image
    # Where the renderer drew it in place over the frame before's picture (the same
    # ``image``), redrawing only what changed: each box it redrew, and what the box held
    # before (outside them the picture is as it was). An animation then tells the two
    # apart in those boxes alone (a whole Vijayanagara picture compared took 0.8 ms, and
    # copying it to draw on 0.3). None: a picture of its own, compared whole.
    changed: tuple[tuple[gif_rows.Box, Image.Image], ...] | None = None

    def mapped(self, box: gif_rows.Box | None = None) -> Image.Image:
        """The palette image (of ``box`` alone where given) its PNG holds."""
        return to_palette(self.image if box is None else self.image.crop(box), self.palette)


# A PNG picture, the palette image it encodes, or its drawing before it is mapped.
Frame = bytes | Image.Image | Painted


def animate(frames: Sequence[Frame], *, limit: int = UPLOAD_LIMIT, name: str = "replay",
            frame_ms: int = FRAME_MS, first_ms: int = FIRST_MS,
            last_ms: int = LAST_MS) -> tuple[str, bytes]:
    """``frames`` (pictures, in order) as an animated GIF under ``limit`` bytes:
    (file name, bytes). See ``animation`` for what it keeps."""
    made = animation(frames, limit=limit, name=name, frame_ms=frame_ms, first_ms=first_ms,
                     last_ms=last_ms)
    return made.name, made.data


def animation(frames: Sequence[Frame], *, limit: int = UPLOAD_LIMIT, name: str = "replay",
              frame_ms: int = FRAME_MS, first_ms: int = FIRST_MS,
              last_ms: int = LAST_MS) -> Animation:
    """The animation of ``frames`` under ``limit`` bytes, and which frames it kept at what
    scale. Every frame first; then fewer (evenly, the first and last kept) down to
    MIN_FRAMES; then smaller pictures, down to MIN_SCALE, and fewer frames again.

    A frame may be given as the palette image a renderer encodes (``renderer.drawn``):
    then nothing is encoded as PNG only to be decoded again."""
    if not frames:
        raise ValueError("an animation needs at least one picture")
    pictures = _paletted(list(frames))
    keep, scale = len(pictures), 1.0
    for _ in range(TRIES):
        kept = sample(len(pictures), keep)
        data = _gif([pictures[i] for i in kept], scale, frame_ms, first_ms, last_ms)
        if len(data) <= limit:
            return Animation(f"{name}.gif", data, tuple(kept), scale)
        ratio = limit / len(data) * MARGIN
        fewer = min(len(kept) - 1, math.floor(len(kept) * ratio))
        if len(kept) > MIN_FRAMES:
            keep = max(MIN_FRAMES, fewer)
        elif scale > MIN_SCALE:
            # Bytes go with the area: a side shrinks with the ratio's square root.
            scale = max(MIN_SCALE, min(0.9 * scale, round(scale * math.sqrt(ratio), 3)))
        elif len(kept) > 2:
            keep = max(2, fewer)
        else:
            break
    raise TooLarge(f"{len(frames)} pictures do not fit in {limit} bytes")


def animation_of(count: int, draw: Callable[[int], Frame], *, limit: int = UPLOAD_LIMIT,
                 name: str = "replay") -> Animation:
    """``animation([draw(0), …, draw(count - 1)])``, the same bytes, each picture encoded
    as soon as it is drawn: only the one before it is kept (a replay of 150 frames held
    140 MB of pictures at once). Too big for ``limit``: they are drawn again, and
    ``animation`` keeps fewer, as it does.

    In this process: a child forked to draw and encode the second half (issue 40's second
    stop) halved the wall time on a quiet machine, but cost 0.5–0.8 ms of CPU a frame (the
    fork, copy-on-write faults, the picture before the child's first drawn twice, the two
    processes slowing each other): a tenth of a frame's cost, and /replay whole of the
    longest game takes 1–1.5 s in one process, well under its 3 s."""
    if count <= 0:
        raise ValueError("an animation needs at least one picture")
    drawn = draw(0)
    first = _paletted([drawn])[0]
    colours = first.getpalette()
    # By id, whether a palette is the first picture's (each held, so no id is reused).
    alike: dict[int, tuple[Image.Image, bool]] = {}

    def kept(drawn: Frame) -> bool:
        """Whether a drawing is told apart from the one before as it is, and mapped where
        it changed (else it is mapped whole, as ``animation`` maps it)."""
        return isinstance(drawn, Painted) and drawn.image.size == first.size and \
            alike.setdefault(id(drawn.palette), (
                drawn.palette, drawn.palette.getpalette() == colours))[1]

    def picture(i: int) -> Image.Image | Painted:
        drawn = draw(i)
        return drawn if isinstance(drawn, Painted) and kept(drawn) else \
            _paletted([first, drawn])[1]

    pictures = (picture(i) for i in range(1, count))
    durations = _durations(count, FRAME_MS, FIRST_MS, LAST_MS)
    spare = _spare(first)
    before = drawn if isinstance(drawn, Painted) and kept(drawn) else first
    parts = [_part([first], durations[:1], None, spare),
             _part(pictures, durations[1:], before, spare)]
    data = _joined(first, count, parts)
    if len(data) <= limit:
        return Animation(f"{name}.gif", data, tuple(range(count)), 1.0)
    # Each mapped as it is drawn: a drawing (RGB) is four times its palette image.
    return animation([_flat(f) if isinstance(f, Painted) else f
                      for f in (draw(i) for i in range(count))], limit=limit, name=name)


def _paletted(frames: list[Frame]) -> list[Image.Image]:
    """The pictures as palette images of one size and one palette (the first picture's
    when it has one): what the renderers draw already, so this changes nothing for them."""
    images = [f.mapped() if isinstance(f, Painted) else f if isinstance(f, Image.Image)
              else Image.open(io.BytesIO(f)) for f in frames]
    first = images[0]
    size = first.size
    palette = first if first.mode == "P" else first.convert("RGB").quantize(256)
    colours = palette.getpalette()
    out = []
    for im in images:
        if im.size != size:  # never for one game's pictures; kept whole, top left
            canvas = Image.new("RGB", size, "white")
            canvas.paste(im.convert("RGB"), (0, 0))
            im = canvas
        if im.mode != "P" or im.getpalette() != colours:
            im = im.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
        out.append(im)
    return out


def _gif(pictures: list[Image.Image], scale: float, frame_ms: int, first_ms: int,
         last_ms: int) -> bytes:
    """The GIF, written a frame at a time: the first whole, each next one as the rectangle
    that changed, its unchanged pixels made transparent (long runs, which LZW packs well).
    What Pillow's own multi-frame writer makes of palette frames, but its transparent
    index is one the frame's changed pixels do not use (Pillow counts every pixel of the
    frame for it) and no frame is copied or held twice: half its time."""
    if scale < 1.0:
        palette = pictures[0]
        w, h = pictures[0].size
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        pictures = [im.convert("RGB").resize(size, Image.Resampling.LANCZOS).quantize(
            palette=palette, dither=Image.Dither.NONE) for im in pictures]
    durations = _durations(len(pictures), frame_ms, first_ms, last_ms)
    return _joined(pictures[0], len(pictures),
                   [_part(pictures, durations, None, _spare(pictures[0]))])


def _durations(count: int, frame_ms: int, first_ms: int, last_ms: int) -> list[int]:
    durations = [frame_ms] * count
    if count > 1:
        durations[0], durations[-1] = first_ms, last_ms
    return durations


# Part of a GIF's frames: the time of its first pictures alike to the picture before the
# part (shown as that one), and each frame's time and bytes, their time still to be set
# (a frame's time grows by the next pictures alike to it, maybe in the next part).
_Part = tuple[int, list[tuple[int, bytes]]]


def _part(pictures: Iterable[Image.Image | Painted], durations: list[int],
          before: Image.Image | Painted | None, spare: int) -> _Part:
    """The frames of ``pictures`` after ``before`` (None: the first, written whole);
    ``spare``: the transparent index tried first (``_spare``)."""
    lead, times, frames = 0, list[int](), list[bytes]()
    for im, ms in zip(pictures, durations, strict=True):
        if before is None:
            frames.append(_frame(_flat(im), (0, 0), ms))
        else:
            changed = _changed(im, before, ms, spare)
            if changed is None:  # alike: the frame before is shown for its time too
                if times:
                    times[-1] += ms
                else:
                    lead += ms
                # pixel for pixel the one before: the next drawing, drawn over this
                # one, is told apart from it in the boxes it redrew (``Painted.changed``)
                before = im
                continue
            frames.append(changed)
        times.append(ms)
        before = im
    return lead, list(zip(times, frames, strict=True))


def _joined(first: Image.Image, count: int, parts: list[_Part]) -> bytes:
    """The GIF of ``count`` pictures from the frames of ``parts`` in order (``first``: the
    first picture, for the header)."""
    out = io.BytesIO()
    header, _ = GifImagePlugin.getheader(first.copy(), None, {"loop": 0, "duration": 1})
    out.write(b"".join(header))
    if count > 1:  # repeat for ever (the NETSCAPE extension, loop 0)
        out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
    times: list[int] = []
    frames: list[bytes] = []
    for lead, part in parts:
        if times:
            times[-1] += lead
        times.extend(ms for ms, _ in part)
        frames.extend(data for _, data in part)
    for ms, data in zip(times, frames, strict=True):
        # The graphic control extension each frame begins with: its delay (bytes 4–5, in
        # hundredths of a second, as Pillow writes it) set to the frame's whole time.
        assert data[:3] == b"!\xf9\x04"
        out.write(data[:4] + (ms // 10).to_bytes(2, "little") + data[6:])
    out.write(b";")
    return out.getvalue()


# Unchanged rows between two changed ones are written as a run of the transparent index
# (renderer/common/gif_rows.py) when there are at least this many of their pixels: fewer
# are not worth a join (a dictionary begun anew, a call to Pillow's encoder, the strips
# that find them); a gap is counted in rows of the picture's width. Measured on the
# fuzzer's longest Vijayanagara game (turn 8): 2,048, 4,096 and 8,192 pixels took 3.14,
# 3.12 and 3.14 ms of a frame, Maharaja's 1.85, 1.82 and 1.83; 32,768 (the turn before's,
# when a band was cut out with a mask) 0.3 ms more.
GAP_PIXELS = 4096


def _changed(im: Image.Image | Painted, before: Image.Image | Painted, ms: int,
             spare: int) -> bytes | None:
    """The frame of ``im`` after ``before``: the rectangle that changed, the stretches of
    unchanged rows in it written as runs of the transparent index (LZW over the rows that
    changed alone), where Pillow's encoder joins so. None: alike.

    The rows that changed are written as they are, their unchanged pixels too (they show
    what the frame before shows): no mask is made, nor cut out, and a transparent index is
    needed only for the runs, one the rows do not use. Two pictures not yet mapped to
    their palette (``Painted``) are told apart as drawn, and only the rows that changed
    are mapped."""
    palette = None
    if isinstance(im, Painted) and isinstance(before, Painted) and im.palette is before.palette:
        picture, palette = im.image, im.palette
        box, rows = _apart(picture.im, before.image.im,
                           im.changed if im.image is before.image else None)
    else:
        picture = _flat(im)
        box, rows = _apart(picture.im, _flat(before).im)
    if box is None:
        return None
    x0, top, x1, bottom = box
    width = x1 - x0
    boxes = [(x0, a, x1, b) for a, b in rows]
    areas = [(picture, b) if palette is None else gif_rows.whole(to_palette(
        picture.crop(b), palette)) for b in boxes]
    if len(rows) > 1 and gif_rows.joins():
        clear = _unused(areas, spare)
        if clear is not None:
            bands: list[gif_rows.Band] = [areas[0]]
            for (_, end), (a, _), area in zip(rows, rows[1:], areas[1:], strict=False):
                bands += [(clear, (a - end) * width), area]
            data = gif_rows.frame(bands, (x0, top), (width, bottom - top), clear, ms)
            if data is not None:
                return data
    whole = picture.crop(box) if palette is None else areas[0][0] if boxes == [box] \
        else to_palette(picture.crop(box), palette)
    return _frame(whole, (x0, top), ms)


def _flat(im: Image.Image | Painted) -> Image.Image:
    return im.mapped() if isinstance(im, Painted) else im


# Rows two pictures are told apart in at a time: a delta of the whole picture was a fresh
# block of 3.7 MB a Vijayanagara frame, which the C library may map and fault in anew each
# time (1.1 ms a frame more in the bench's process after other games); one of 32 rows
# is 100 KB, reused, and stays in the cache for the strips the rows are found in.
STRIP = 32


def _apart(im: core.ImagingCore, before: core.ImagingCore,
           only: Sequence[tuple[gif_rows.Box, Image.Image]] | None = None,
           ) -> tuple[gif_rows.Box | None, list[tuple[int, int]]]:
    """The rectangle in which ``im`` differs from ``before`` (None: alike), and the bands
    of its rows that hold a change, as (first, end) rows, top to bottom; an unchanged
    stretch of fewer than ``gap`` rows (``GAP_PIXELS`` of the picture's width) stays in
    the band around it, and so may one of fewer than ``2 * gap`` within a strip. Told
    apart ``STRIP`` rows at a time, each strip's changes found by its bounding box (a fast
    scan; a projection on the rows is not), and where they span more than two gaps, by the
    bounding boxes of its own strips of ``2 * gap`` rows: where each begins and ends.
    Halving the whole delta found the same rows, within 1 %, in three times the time (it
    copies the delta over and over: 0.51 ms of a Vijayanagara frame against 0.18).

    ``only``: ``im`` drawn in place over ``before`` (``Painted.changed``): the boxes it
    redrew and what each held, told apart from it alone, a strip at a time as well."""
    width, height = im.size
    gap = max(1, -(-GAP_PIXELS // width))
    spans: list[tuple[int, int]] = []
    x0, x1 = width, 0

    def scan(delta: core.ImagingCore, left: int, top: int) -> None:
        nonlocal x0, x1
        box = delta.getbbox(False)
        if box is None:
            return
        x0, x1 = min(x0, left + box[0]), max(x1, left + box[2])
        if box[3] - box[1] < 2 * gap + 2:
            spans.append((top + box[1], top + box[3]))
            return
        for a in range(box[1], box[3], 2 * gap):
            part = delta.crop((0, a, delta.size[0], min(box[3], a + 2 * gap))).getbbox(False)
            if part is not None:
                spans.append((top + a + part[1], top + a + part[3]))

    if only is None:
        for top in range(0, height, STRIP):
            strip = (0, top, width, min(height, top + STRIP))
            scan(im.crop(strip).chop_subtract_modulo(before.crop(strip)), 0, top)  # 0: alike
    else:
        for (left, y0, right, y1), was in only:
            for top in range(y0, y1, STRIP):
                end = min(y1, top + STRIP)
                scan(im.crop((left, top, right, end)).chop_subtract_modulo(
                    was.im.crop((0, top - y0, right - left, end - y0))), left, top)
        spans.sort()  # the boxes' in any order, side by side
    rows: list[tuple[int, int]] = []
    for first, end in spans:
        if rows and first - rows[-1][1] < gap:
            rows[-1] = (rows[-1][0], max(rows[-1][1], end))
        else:
            rows.append((first, end))
    if not rows:
        return None, rows
    return (x0, rows[0][0], x1, rows[-1][1]), rows


def _spare(first: Image.Image) -> int:
    """The highest index the first picture does not use (255 where it uses them all): the
    transparent index a frame tries first, and most keep (a picture's colours change
    little over a game)."""
    used = first.histogram()
    return next((i for i in range(255, -1, -1) if not used[i]), 255)


@cache
def _only(index: int) -> list[int]:
    return [255 if i == index else 0 for i in range(256)]


def _unused(areas: list[tuple[Image.Image, gif_rows.Box]], spare: int) -> int | None:
    """An index no pixel of ``areas`` (rectangles of palette images) uses: ``spare`` where
    none does (a fast pass an area), else the highest that none does (a histogram, which
    costs ten such passes); None where they use all 256."""
    only = _only(spare)
    crops = [im.im if box == (0, 0, *im.size) else im.im.crop(box) for im, box in areas]
    if all(c.point(only, "L").getbbox(False) is None for c in crops):
        return spare
    used = [sum(n) for n in zip(*(c.histogram() for c in crops), strict=True)]
    return next((i for i in range(255, -1, -1) if not used[i]), None)


def _frame(part: Image.Image, at: tuple[int, int], ms: int) -> bytes:
    """``part`` as one opaque frame at ``at``, as Pillow's GIF writer writes it."""
    return b"".join(GifImagePlugin.getdata(part, at, duration=ms))
