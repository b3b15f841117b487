"""A cache of drawn layers for many games at once, in little memory.

A renderer keeps a layer that stays the same for many posts of one game (Taj Mahal's board
for a visit, the board with its palaces) so that a post pastes it instead of drawing it.
One process serves many channels at once, though: with sixteen Taj Mahal games moving in
turn, a cache of two or four whole pictures (2.5 MB each) never hit, and every post drew
its board again (30–40 ms). ``packed_cache`` keeps the last few layers as they are and many
more packed with LZ4 (a board is 2.5 MB as pixels, about 170 KB packed): packing one costs
about 2 ms and unpacking it 3, a tenth of what drawing it did, and the pixels are the same
ones. (zlib's fastest level packed 15 % smaller but took 12 ms to pack and 6 to unpack.)

A layer is packed in bands of ``BAND_ROWS`` rows, each on its own, and unpacked a band at a
time into the picture it becomes: packing a whole 800-px board at once first made its
pixels into one string (Pillow's ``tobytes`` gathers them in pieces and then joins them:
twice the 2.4 MB of its pixels) and unpacking made them a string again before the picture
(2.4 MB more), 5–7 MB at once beside the picture itself, on each of the two render threads;
a band is 150 KB. LZ4 looks back only 64 KB, so the bands pack as small as the whole did.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import lz4.block
from PIL import Image

Extra = TypeVar("Extra")
Drawn = tuple[Image.Image, Extra]
BAND_ROWS = 64  # rows packed together: 150 KB of an 800-px picture's pixels
Packed = tuple[str, tuple[int, int], tuple[bytes, ...]]


def pack(img: Image.Image) -> Packed:
    """``img``'s pixels packed, a band of ``BAND_ROWS`` rows at a time."""
    w, h = img.size
    return img.mode, img.size, tuple(
        lz4.block.compress(img.crop((0, y, w, min(h, y + BAND_ROWS))).tobytes())
        for y in range(0, h, BAND_ROWS))


def unpack(packed: Packed) -> Image.Image:
    """The picture ``pack`` packed, the same pixels, each band decoded into its rows of the
    picture (as ``Image.frombytes`` decodes a whole picture: no copy of a band's rows)."""
    mode, (w, h), bands = packed
    img = Image.new(mode, (w, h))
    for i, band in enumerate(bands):
        y = i * BAND_ROWS
        decoder = Image._getdecoder(mode, "raw", (mode, 0, 1))
        decoder.setimage(img.im, (0, y, w, min(h, y + BAND_ROWS)))
        ended, error = decoder.decode(lz4.block.decompress(band))
        if ended >= 0 or error != 0:
            raise ValueError(f"a packed band of a {w}×{h} picture does not decode")
    return img


class PackedCache(Generic[Extra]):
    """``draw(*key)`` (a picture and what goes with it, e.g. the notes of its texts),
    kept: the last ``hot`` as pictures, the last ``packed`` also as packed pixels."""

    def __init__(self, draw: Callable[..., tuple[Image.Image, Extra]], hot: int,
                 packed: int) -> None:
        self._draw, self._hot_size, self._packed_size = draw, hot, packed
        self._hot: OrderedDict[Hashable, tuple[Image.Image, Extra]] = OrderedDict()
        self._packed: OrderedDict[Hashable, tuple[Packed, Extra]] = OrderedDict()
        self._lock = threading.Lock()  # two render threads draw at once
        self.hits = self.unpacked = self.misses = 0
        self.__wrapped__ = draw
        self.__doc__ = draw.__doc__

    def __call__(self, *key: Any) -> tuple[Image.Image, Extra]:
        with self._lock:
            if (found := self._hot.get(key)) is not None:
                self._hot.move_to_end(key)
                self.hits += 1
                return found
            if (kept := self._packed.get(key)) is not None:
                self._packed.move_to_end(key)
        if kept is not None:
            pixels, extra = kept
            out = (unpack(pixels), extra)
            self.unpacked += 1
        else:
            out = self._draw(*key)
            img, extra = out
            packed = (pack(img), extra)
            self.misses += 1
            with self._lock:
                self._packed[key] = packed
                while len(self._packed) > self._packed_size:
                    self._packed.popitem(last=False)
        with self._lock:
            self._hot[key] = out
            while len(self._hot) > self._hot_size:
                self._hot.popitem(last=False)
        return out

    def fresh(self, *key: Any) -> tuple[Image.Image, Extra]:
        """As calling it, but a picture the caller may draw on: the one just unpacked or
        drawn where no picture is kept as it is (``hot=0``), else a copy. A layer only
        ever drawn on (a board under its pieces) is then unpacked once, not also copied:
        3.5 MB less a Taj Mahal picture at once, and the copy's time."""
        img, extra = self(*key)
        return (img if self._hot_size == 0 else img.copy()), extra

    def cache_clear(self) -> None:
        with self._lock:
            self._hot.clear()
            self._packed.clear()

    def packed_bytes(self) -> int:
        """What the packed layers hold (their pixels), for the memory bench."""
        with self._lock:
            return sum(len(band) for (_, _, bands), _ in self._packed.values()
                       for band in bands)


def packed_cache(hot: int, packed: int
                 ) -> Callable[[Callable[..., tuple[Image.Image, Extra]]], PackedCache[Extra]]:
    """Decorate a function of hashable arguments returning ``(picture, extra)``: see
    ``PackedCache``. Callers must not draw on the picture returned (copy it first), as
    with ``functools.lru_cache``."""
    def wrap(draw: Callable[..., tuple[Image.Image, Extra]]) -> PackedCache[Extra]:
        return PackedCache(draw, hot, packed)
    return wrap
