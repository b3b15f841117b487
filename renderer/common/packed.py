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


def unpack(packed: Packed, below: int = 0, fill: Any = 0) -> Image.Image:
    """The picture ``pack`` packed, the same pixels, each band decoded into its rows of the
    picture (as ``Image.frombytes`` decodes a whole picture: no copy of a band's rows);
    ``below`` rows of ``fill`` under them."""
    mode, (w, h), bands = packed
    img = Image.new(mode, (w, h + below), fill if below else 0)
    for i, band in enumerate(bands):
        y = i * BAND_ROWS
        decoder = Image._getdecoder(mode, "raw", (mode, 0, 1))
        decoder.setimage(img.im, (0, y, w, min(h, y + BAND_ROWS)))
        ended, error = decoder.decode(lz4.block.decompress(band))
        if ended >= 0 or error != 0:
            raise ValueError(f"a packed band of a {w}×{h} picture does not decode")
    return img


def taller(img: Image.Image, below: int, fill: Any) -> Image.Image:
    """A copy of ``img`` with ``below`` rows of ``fill`` under it."""
    if not below:
        return img.copy()
    out = Image.new(img.mode, (img.width, img.height + below), fill)
    out.paste(img, (0, 0))
    return out


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
        self._last: Hashable = None  # the key asked for last
        self.__wrapped__ = draw
        self.__doc__ = draw.__doc__

    def __call__(self, *key: Any) -> tuple[Image.Image, Extra]:
        with self._lock:
            self._last = key
            if (found := self._hot.get(key)) is not None:
                self._hot.move_to_end(key)
                self.hits += 1
                return found
        out = self._unpacked_or_drawn(key)
        self._keep_hot(key, out)
        return out

    def _unpacked_or_drawn(self, key: tuple[Any, ...], below: int = 0, fill: Any = 0
                           ) -> tuple[Image.Image, Extra]:
        """The layer of ``key`` unpacked, ``below`` rows taller; or drawn (and packed)."""
        with self._lock:
            if (kept := self._packed.get(key)) is not None:
                self._packed.move_to_end(key)
        if kept is not None:
            pixels, extra = kept
            self.unpacked += 1
            return unpack(pixels, below, fill), extra
        img, extra = self._draw(*key)
        packed = (pack(img), extra)
        self.misses += 1
        with self._lock:
            self._packed[key] = packed
            while len(self._packed) > self._packed_size:
                self._packed.popitem(last=False)
        return (taller(img, below, fill) if below else img), extra

    def _keep_hot(self, key: Hashable, out: tuple[Image.Image, Extra]) -> None:
        with self._lock:
            self._hot[key] = out
            while len(self._hot) > self._hot_size:
                self._hot.popitem(last=False)

    def fresh(self, *key: Any, below: int = 0, fill: Any = 0) -> tuple[Image.Image, Extra]:
        """As calling it, but a picture the caller may draw on, ``below`` rows taller
        (of ``fill``): the layer unpacked (or drawn) straight into it, or a hot layer
        copied. A layer drawn on by every post (a board under its pieces, a map under a
        post's words) is then made once a post, never also copied.

        The layer is kept hot (a copy) only when asked for twice in a row: one game's
        posts then paste it (a copy, 0.5 ms, where unpacking takes 1.5), while posts of
        many games in turn, which never found it hot (ten Taj Mahal channels: 450 of 600
        maps unpacked, none hot), no longer hold a hot copy (3.2 MB) nor make one each."""
        with self._lock:
            again, self._last = key == self._last, key
            if (found := self._hot.get(key)) is not None:
                self._hot.move_to_end(key)
                self.hits += 1
            elif not again:
                self._hot.clear()  # another game's layer, whose next post is far off
        if found is not None:
            img, extra = found
            return taller(img, below, fill), extra
        img, extra = self._unpacked_or_drawn(key, below, fill)
        if again and self._hot_size:
            self._keep_hot(key, (img.crop((0, 0, img.width, img.height - below)), extra))
        return img, extra

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
