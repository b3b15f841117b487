"""A GIF frame's LZW data written band by band: the rows that changed by Pillow's encoder,
the stretches of unchanged rows between them here, as runs of the transparent index.

A frame of a replay is the rectangle that changed since the frame before; on a board that
changes at the top (the header) and in one region of the map, that rectangle spans most of
the picture though a few per cent of its pixels changed, and LZW costs the same few
nanoseconds a pixel for a transparent run as for the picture (Pillow's encoder and giflib
alike: 4 ms of a Vijayanagara frame). A run of one index from an empty dictionary is coded
by a formula (strings of 1, 2, 3, … pixels: a square root of its length in codes), so the
unchanged bands cost nothing, and Pillow's encoder sees only the bands that changed.

LZW streams join where a clear code empties the decoder's dictionary: a band of Pillow's
ends with its end code (257), which becomes a clear code (256: one bit less) of the
width a decoder reads next — found from the stream's length, as Pillow's encoder grows
its codes from 9 to 12 bits and clears at 4,096, and a bit wider than the end code where
the decoder's dictionary reaches the next power of two on the last code — and a run
ends with a clear of its own. A GIF decoder
reads the frame as one image: the same pixels as one stream of the whole rectangle.
``joins`` checks the join against Pillow's decoder once a process, so an encoder that
grows its codes otherwise writes whole rectangles (``None``) rather than a broken frame.

A band is a rectangle of the picture itself, handed to Pillow's encoder as its GIF writer
hands it a frame, with no crop copied and no file written around it (3 µs a call where
``GifImagePlugin.getdata`` took 21): so a stretch of a few unchanged rows is worth a run
(issue 40, turn 8: ``animation.GAP_PIXELS`` 32,768 → 4,096 pixels). Its bits are joined
in pairs, then pairs of pairs, so a frame of many bands costs a few passes over its bits.
A Pillow whose private encoder call fails the check writes frames whole, by its public
writer.
"""

from __future__ import annotations

import io
import random
import struct
from bisect import bisect_left
from functools import cache
from itertools import accumulate
from math import isqrt

from PIL import Image

BITS = 8  # the code size Pillow writes for a palette image: 256 literals
CLEAR, END = 1 << BITS, (1 << BITS) + 1
FIRST = END + 1  # the first code a dictionary adds
LIMIT = 4096  # 12-bit codes: a full dictionary is cleared


@cache
def _epoch() -> tuple[list[int], list[int]]:
    """The widths of the codes Pillow's encoder writes between two clear codes (after a
    clear: 9 bits until code 512 is added, …, 12 bits; at 4,096 a clear, 12 bits, ends it),
    and their running sums."""
    widths, next_code, width = [], FIRST, BITS + 1
    while next_code < LIMIT:
        widths.append(width)
        if next_code >= 1 << width:
            width += 1
        next_code += 1
    widths.append(width)  # the code written as the dictionary fills
    widths.append(width)  # the clear code that ends the epoch
    return widths, list(accumulate(widths))


def _next_width(bits: int) -> int | None:
    """The width a decoder reads the code after Pillow's stream of ``bits`` bits (its
    first clear code and codes, its end code not counted) with: the width of its next
    code, had it gone on. A decoder adds a string on reading the last code, the encoder
    had not on writing it, so a code after it may be a bit wider than the end code Pillow
    writes (which a decoder with every pixel never reads). None for a length Pillow's
    stream cannot have."""
    widths, sums = _epoch()
    left = (bits - (BITS + 1)) % sums[-1]
    at = bisect_left(sums, left)
    if left == 0 or at >= len(sums) - 1 or sums[at] != left:
        return None
    return widths[at + 1]


Box = tuple[int, int, int, int]  # a rectangle of a picture: left, top, right, bottom
# A band of a frame: a rectangle of a palette image (encoded by Pillow), or an index and a
# count of pixels (a run of it).
Band = tuple[Image.Image, Box] | tuple[int, int]
BUFFER = 1 << 16  # what Pillow's encoder is asked for at a time


def whole(im: Image.Image) -> tuple[Image.Image, Box]:
    """The band of all of ``im``."""
    return im, (0, 0, *im.size)


def _stream(im: Image.Image, box: Box) -> bytes:
    """Pillow's LZW data of ``box`` of ``im`` (a palette image), its sub-blocks joined.
    Its encoder is handed the rectangle itself, as its GIF writer hands it a whole frame,
    but with no crop copied and no file written around it: 3 µs a call where
    ``GifImagePlugin.getdata`` took 21, so that a band of a few rows is worth its call."""
    encoder = Image._getencoder(im.mode, "gif", (im.mode,), (BITS, False))
    try:
        encoder.setimage(im.im, box)
        chunks = []
        while True:
            _, status, data = encoder.encode(BUFFER)
            chunks.append(data)
            if status:
                break
    finally:
        encoder.cleanup()
    if status < 0:
        raise OSError(f"Pillow's GIF encoder failed ({status})")
    data = b"".join(chunks)
    # Sub-blocks of at most 255 bytes, each after its length.
    out, at = [], 0
    while at < len(data) and (size := data[at]):
        out.append(data[at + 1:at + 1 + size])
        at += 1 + size
    return b"".join(out)


def _cleared(stream: bytes) -> tuple[int, int] | None:
    """Pillow's stream as (bits, length) with its end code made a clear code of the same
    width; None where the width is not known."""
    value = int.from_bytes(stream, "little")
    # The end code's ninth bit is the stream's last set one (its wider bits and the
    # padding after it are 0).
    end_at = value.bit_length() - (BITS + 1)
    width = _next_width(end_at)
    if width is None or (value >> end_at) != END:
        return None
    return value ^ (1 << end_at), end_at + width


# The longest run written as one (3,000 codes: 4.5 million pixels, more than a picture
# holds); a longer one is cut in runs of this many pixels, each ending with its clear.
RUN_CODES = 3000
RUN_MOST = RUN_CODES * (RUN_CODES + 1) // 2


@cache
def _counting() -> int:
    """The codes of the strings of 2, 3, 4, … pixels of one index (258, 259, …): the 2nd,
    3rd, … codes of a run after a clear, at their widths, packed from bit 0: every run's
    codes but its first (its index) and its last, whatever its index."""
    widths, _ = _epoch()
    # Written most significant first, the last code's bits first: one int of them all.
    return int("".join(format(FIRST + i - 2, f"0{widths[i - 1]}b")
                       for i in range(RUN_CODES + 1, 1, -1)), 2)


def _run(index: int, count: int) -> tuple[int, int]:
    """``count`` pixels of ``index`` (at most RUN_MOST), after a clear: (bits, length),
    ending with a clear. Greedy LZW of one index writes the strings of 1, 2, 3, … pixels in
    turn (the first as the literal, each next one added by the code before), then what is
    left, which is one of them."""
    widths, sums = _epoch()
    codes = (isqrt(8 * count + 1) - 1) // 2  # the most whose strings 1 + 2 + … fit
    left = count - codes * (codes + 1) // 2
    end = sums[codes - 1]
    value = index | (_counting() & ((1 << (end - sums[0])) - 1)) << sums[0]
    if left:
        value |= (index if left == 1 else FIRST + left - 2) << end
        end, codes = sums[codes], codes + 1
    # The clear is read at the width the code after the last one would have (see
    # ``_next_width``).
    return value | CLEAR << end, end + widths[codes]


def lzw(bands: list[Band]) -> bytes | None:
    """The LZW data (its code size byte, sub-blocks and terminator) of one image made of
    ``bands`` in order (``Band``). The last band is a rectangle. None where a band of
    Pillow's could not be joined."""
    pieces: list[tuple[int, int]] = []  # (bits, length), in order
    last = len(bands) - 1
    for i, band in enumerate(bands):
        if isinstance(band[0], int):
            index, count = band
            assert isinstance(count, int)
            pieces += [_run(index, min(RUN_MOST, count - part))
                       for part in range(0, count, RUN_MOST)]
            continue
        im, box = band
        assert isinstance(box, tuple)
        stream = _stream(im, box)
        if i == last:
            pieces.append((int.from_bytes(stream, "little"), 8 * len(stream)))
        elif (cleared := _cleared(stream)) is not None:
            pieces.append(cleared)
        else:
            return None
    bits, length = _joined(pieces)
    data = bits.to_bytes((length + 7) // 8, "little")
    blocks = (bytes((len(b),)) + b for b in (data[i:i + 255] for i in range(0, len(data), 255)))
    return bytes((BITS,)) + b"".join(blocks) + b"\0"


def _joined(pieces: list[tuple[int, int]]) -> tuple[int, int]:
    """The bits of ``pieces`` one after another, joined in pairs, then pairs of pairs: a
    frame of many bands costs a few passes over its bits, not one a band."""
    while len(pieces) > 1:
        pairs = [(a | b << n, n + m) for (a, n), (b, m) in zip(pieces[::2], pieces[1::2],
                                                                strict=False)]
        pieces = pairs + pieces[len(pairs) * 2:]
    return pieces[0] if pieces else (0, 0)


def frame(bands: list[Band], at: tuple[int, int],
          size: tuple[int, int], transparency: int, ms: int) -> bytes | None:
    """A GIF frame (graphic control extension, image descriptor, data) of ``bands`` (see
    ``lzw``) as one image of ``size`` at ``at``, ``transparency`` its transparent index, as
    Pillow writes one; None where ``lzw`` is."""
    data = lzw(bands) if joins() else None
    if data is None:
        return None
    control = b"!\xf9\x04" + struct.pack("<BHBB", 1, ms // 10, transparency, 0)
    descriptor = b"," + struct.pack("<HHHHB", *at, *size, 0)
    return control + descriptor + data


@cache
def joins() -> bool:
    """Whether Pillow's decoder reads bands joined here as the image they make, over a
    dictionary filled more than once (so that the width found for a band's end is
    checked where it is 12 bits and where it is less)."""
    rng = random.Random(40)
    width = 255
    # A rectangle inside a wider picture: the encoder is handed its box, not a crop.
    sheet = Image.frombytes("P", (width + 40, 40), rng.randbytes((width + 40) * 40))
    small = Image.frombytes("P", (width, 3), bytes(rng.randrange(4) for _ in range(width * 3)))
    # 255 codes, one a pixel: the decoder reads the code after them a bit wider (10).
    literals = Image.frombytes("P", (width, 1), bytes(range(width)))
    bands: list[Band] = [(sheet, (20, 2, 20 + width, 38)), (7, width * 2), whole(literals),
                         (0, width * 128), whole(small)]
    try:
        data = lzw(bands)
    except (AttributeError, OSError, TypeError, ValueError):  # Pillow's encoder otherwise
        return False
    if data is None:
        return False
    want = b"".join(bytes((b[0],)) * b[1] if isinstance(b[0], int)
                    else b[0].crop(b[1]).tobytes() for b in bands)
    height = len(want) // width
    header = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x87, 0, 0) + bytes(768)
    descriptor = b"," + struct.pack("<HHHHB", 0, 0, width, height, 0)
    try:
        with Image.open(io.BytesIO(header + descriptor + data + b";")) as read:
            got = read.tobytes() if read.mode == "P" else read.convert("P").tobytes()
    except (OSError, ValueError):
        return False
    return got == want
