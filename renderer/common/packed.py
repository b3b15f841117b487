"""A cache of drawn layers for many games at once, in little memory.

A renderer keeps a layer that stays the same for many posts of one game (Taj Mahal's board
for a visit, the board with its palaces) so that a post pastes it instead of drawing it.
One process serves many channels at once, though: with sixteen Taj Mahal games moving in
turn, a cache of two or four whole pictures (2.5 MB each) never hit, and every post drew
its board again (30–40 ms). ``packed_cache`` keeps the last few layers as they are and many
more packed with LZ4 (a board is 2.5 MB as pixels, about 170 KB packed): packing one costs
about 2 ms and unpacking it 3, a tenth of what drawing it did, and the pixels are the same
ones. (zlib's fastest level packed 15 % smaller but took 12 ms to pack and 6 to unpack.)
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


class PackedCache(Generic[Extra]):
    """``draw(*key)`` (a picture and what goes with it, e.g. the notes of its texts),
    kept: the last ``hot`` as pictures, the last ``packed`` also as packed pixels."""

    def __init__(self, draw: Callable[..., tuple[Image.Image, Extra]], hot: int,
                 packed: int) -> None:
        self._draw, self._hot_size, self._packed_size = draw, hot, packed
        self._hot: OrderedDict[Hashable, tuple[Image.Image, Extra]] = OrderedDict()
        self._packed: OrderedDict[Hashable, tuple[str, tuple[int, int], bytes, Extra]] = \
            OrderedDict()
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
            mode, size, pixels, extra = kept
            out = (Image.frombytes(mode, size, lz4.block.decompress(pixels)), extra)
            self.unpacked += 1
        else:
            out = self._draw(*key)
            img, extra = out
            packed = (img.mode, img.size, lz4.block.compress(img.tobytes()), extra)
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
            return sum(len(p[2]) for p in self._packed.values())


def packed_cache(hot: int, packed: int
                 ) -> Callable[[Callable[..., tuple[Image.Image, Extra]]], PackedCache[Extra]]:
    """Decorate a function of hashable arguments returning ``(picture, extra)``: see
    ``PackedCache``. Callers must not draw on the picture returned (copy it first), as
    with ``functools.lru_cache``."""
    def wrap(draw: Callable[..., tuple[Image.Image, Extra]]) -> PackedCache[Extra]:
        return PackedCache(draw, hot, packed)
    return wrap
