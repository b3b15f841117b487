"""Texts drawn once: a font that keeps the masks FreeType renders.

Most of a picture's texts are the same from one post to the next (a map's place names and
numbers, a key's headings, the players' names), and FreeType rendering them again was a
third of a Taj Mahal picture (8 ms of 25) and most of drawing its board (16 of 39 ms).
Pillow draws a text by asking the font for its mask at the text's sub-pixel start and
pasting that mask in the ink; ``KeptFont`` answers a question it has answered before with
the same mask, so the pixels are exactly the ones FreeType would have drawn.

A question answered from what is kept needs no FreeType face, so only the ``FACES`` faces
asked last stay open (``_Faces``); the others are opened again when asked (0.1 ms). Each
open face maps the font file on its own, and the kernel counts the pages each mapping has
touched (some 300 KB a face, most of it read ahead around the tables a face reads as it
opens) as the process's resident memory once a mapping: the 41 sizes the five games draw
with counted 12 MB of the bot's resident memory (``darbar bench --only memory``), for
about 1.5 MB of font file really in memory. Pillow cannot share one mapping between faces
(a font given as bytes is copied into each face: 32 MB for 40 faces, tried at turn 6).
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
FACES = 8  # FreeType faces kept open: those of the texts a picture has not drawn before

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


class _Faces:
    """The FreeType faces open (Pillow's ``core.getfont`` objects), the last ``FACES``
    asked for; another is opened again as Pillow opened it. A face a thread still uses
    when it is dropped here stays open until that thread lets it go."""

    def __init__(self) -> None:
        self._open: OrderedDict[Hashable, Any] = OrderedDict()
        self.opened = 0  # faces opened again after they were closed (for the tests)

    @staticmethod
    def _key(f: KeptFont) -> Hashable:
        return (f.path, f.size, f.index, f.encoding, f.layout_engine)

    def get(self, f: KeptFont) -> Any:
        key = self._key(f)
        with _lock:
            if (face := self._open.get(key)) is not None:
                self._open.move_to_end(key)
                return face
        face = ImageFont.core.getfont(f.path, f.size, f.index, f.encoding,
                                      layout_engine=f.layout_engine)
        self.opened += 1
        self.put(f, face)
        return face

    def put(self, f: KeptFont, face: Any) -> None:
        with _lock:
            self._open[self._key(f)] = face
            self._open.move_to_end(self._key(f))
            while len(self._open) > FACES:
                self._open.popitem(last=False)

    def open_count(self) -> int:
        with _lock:
            return len(self._open)


_faces = _Faces()


class KeptFont(ImageFont.FreeTypeFont):
    """A font of a file on disk (its ``path``) that keeps the masks and sizes it gave,
    and holds its FreeType face only while it is among the ``FACES`` asked for last."""

    @property
    def font(self) -> Any:
        return _faces.get(self)

    @font.setter
    def font(self, face: Any) -> None:  # Pillow's __init__ opens the face
        _faces.put(self, face)

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
