"""Reading what a picture said, as ``renderer.common.recording`` notes it: texts cut at the
picture's edge, texts drawn over each other, and texts not written out in full."""

from __future__ import annotations

import io
from collections.abc import Iterable
from itertools import combinations

from PIL import Image

from renderer.common import Drawn


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def outside(drawn: Iterable[Drawn], size: tuple[int, int]) -> list[str]:
    """The texts that do not lie wholly inside a picture of ``size``."""
    width, height = size
    return [d.text for d in drawn
            if d.box[0] < 0 or d.box[1] < 0 or d.box[2] > width or d.box[3] > height]


def overlap(a: Drawn, b: Drawn) -> bool:
    ax0, ay0, ax1, ay1 = a.box
    bx0, by0, bx1, by1 = b.box
    return ax0 < bx1 - 1 and bx0 < ax1 - 1 and ay0 < by1 - 1 and by0 < ay1 - 1


def clashes(drawn: list[Drawn]) -> list[tuple[str, str]]:
    """The pairs of texts drawn over each other."""
    return [(a.text, b.text) for a, b in combinations(drawn, 2) if overlap(a, b)]


def unwritten(drawn: Iterable[Drawn], texts: Iterable[str]) -> list[str]:
    """Those of ``texts`` the picture does not write out in full. Read in drawing order
    with the spaces left out: a text may wrap, and a long word break where a line ends."""
    said = "".join("".join(d.text.split()) for d in drawn)
    return [text for text in texts if "".join(text.split()) not in said]


class Reading(dict):
    """A view that notes each key read (``Reading.read``): a picture of it shows what the
    renderer looked at, so a test can hold it to a spectator view's keys."""

    read: set[str] = set()

    def get(self, key, default=None):  # noqa: ANN001, ANN201
        Reading.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):  # noqa: ANN001, ANN204
        Reading.read.add(key)
        return super().__getitem__(key)
