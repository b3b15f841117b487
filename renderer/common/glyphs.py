"""Texts drawn once: a font that keeps the masks FreeType renders.

Most of a picture's texts are the same from one post to the next (a map's place names and
numbers, a key's headings, the players' names), and FreeType rendering them again was a
third of a Taj Mahal picture (8 ms of 25) and most of drawing its board (16 of 39 ms).
Pillow draws a text by asking the font for its mask at the text's sub-pixel start and
pasting that mask in the ink; ``KeptFont`` answers a question it has answered before with
the same mask, so the pixels are exactly the ones FreeType would have drawn.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from PIL import ImageFont

# What the kept masks may hold in all (one byte a pixel): a phone-sized picture's texts
# are a few hundred masks of a few KB; texts that change with every post (scores, the
# changes since a move) push out the oldest.
MASK_BYTES = 6 * 1024 * 1024
SIZES = 8192  # kept text widths and boxes (a few numbers each)

_masks: OrderedDict[Hashable, tuple[Any, tuple[int, int], int]] = OrderedDict()
_sizes: OrderedDict[Hashable, Any] = OrderedDict()
_held = 0
_lock = threading.Lock()  # two render threads draw at once


def _key(font: KeptFont, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
         ) -> Hashable | None:
    """The question asked, as a key; None where an argument cannot be one (a list of
    features: asked so rarely that it is simply not kept)."""
    key = (font.path, font.index, font.size, name, args, tuple(sorted(kwargs.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


class KeptFont(ImageFont.FreeTypeFont):
    def getmask2(self, text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        global _held
        key = _key(self, "mask", (text, mode, *args), kwargs)
        if key is None or mode == "RGBA":  # Pillow colours an RGBA mask in place
            return super().getmask2(text, mode, *args, **kwargs)
        with _lock:
            if (found := _masks.get(key)) is not None:
                _masks.move_to_end(key)
                return found[0], found[1]
        mask, offset = super().getmask2(text, mode, *args, **kwargs)
        size = mask.size[0] * mask.size[1]
        with _lock:
            if key not in _masks:
                _masks[key] = (mask, offset, size)
                _held += size
                while _held > MASK_BYTES and _masks:
                    _held -= _masks.popitem(last=False)[1][2]
        return mask, offset

    def getbbox(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        return self._kept("bbox", super().getbbox, text, args, kwargs)

    def getlength(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        return self._kept("length", super().getlength, text, args, kwargs)

    def _kept(self, name: str, ask: Any, text: Any, args: tuple[Any, ...],
              kwargs: dict[str, Any]) -> Any:
        key = _key(self, name, (text, *args), kwargs)
        if key is None:
            return ask(text, *args, **kwargs)
        with _lock:
            if key in _sizes:
                _sizes.move_to_end(key)
                return _sizes[key]
        found = ask(text, *args, **kwargs)
        with _lock:
            _sizes[key] = found
            if len(_sizes) > SIZES:
                _sizes.popitem(last=False)
        return found


def kept_bytes() -> int:
    """What the kept masks hold, for the memory bench."""
    return _held
