"""Under the Taj Mahal map, the key to what its pieces do not explain themselves: the crown
beside this visit's crown palace and, on a picture that marks what changed since a
player's last move, the ring round each palace placed since, then the changes that are no
piece on the map (cards laid, withdrawals, a visit ended) in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.common import Smooth, font, label, marker, paste, smooth, wrap
from renderer.taj_mahal import map as geo
from renderer.taj_mahal.style import CREAM, EDGE, GOLD, INK, MUTED, PANEL

NEW = (0, 104, 178)  # the ring round a palace placed since: a colour no player has
LINE_H = 32  # a line of the key, at 22 px (11 px when shown 400 px wide)
KEY_H = LINE_H + 12  # the key's panel with its one line, as every picture has it
TEXT_F = 22
CROWN_WORDS = "crown: this visit's Grand Mogul palace"
RING_WORDS = "ringed: a palace placed since your last move"


@lru_cache(maxsize=1)
def crown() -> Image.Image:
    s = Smooth((0, 0, geo.CROWN_W, geo.CROWN_H), scale=4)
    x, y = geo.CROWN_W / 2, geo.CROWN_H / 2 + 1
    s.polygon([(x - 12, y + 8), (x - 12, y - 7), (x - 5, y + 1), (x, y - 10), (x + 5, y + 1),
               (x + 12, y - 7), (x + 12, y + 8)], (*GOLD, 255))
    s.line([(x - 12, y + 8), (x + 12, y + 8)], (*INK, 255), 1.5)
    return s.shrink()


RING_R = geo.CITY_R + 4


@lru_cache(maxsize=1)
def _ring() -> Image.Image:
    c = RING_R + 5
    s = Smooth((0, 0, 2 * c, 2 * c), scale=3)
    s.circle((c, c), RING_R, outline=(*CREAM, 255), width=7)
    s.circle((c, c), RING_R, outline=(*NEW, 255), width=4)
    return s.shrink()


def ring_placed(img: Image.Image, palaces: Iterable[tuple[str, str]]) -> None:
    """A ring round each city that got a palace since (noted as a marker, "ringed")."""
    for cid in sorted({c for c, _ in palaces if c in geo.CITY_XY}):
        x, y = geo.CITY_XY[cid]
        paste(img, _ring(), (x, y))
        marker("ringed", (x - RING_R, y - RING_R, x + RING_R, y + RING_R))


def since_words(lines: Sequence[str], width: int) -> list[str]:
    """What changed since, in words, wrapped to the key's lines."""
    return wrap("Since your last move: " + ("; ".join(lines) if lines else
                                            "no card laid, no withdrawal") + ".",
                font(TEXT_F), width - 36)


def room(said: Sequence[str] | None) -> int:
    """The rows a picture needs under its board for the ring's key and the ``said``
    lines, where there are any: the board is unpacked straight into a picture this much
    taller (``PackedCache.fresh``), not copied onto it."""
    return 0 if said is None else (1 + len(said)) * LINE_H


def bottom_key(img: Image.Image, said: Sequence[str] | None, height: int) -> Image.Image:
    """``img`` (a board ``height`` tall with ``room`` under it, whose last ``KEY_H`` pixels are
    left for it) with the key at its foot; with ``said`` (``since_words``), the ring's key
    and those lines under it."""
    f = font(TEXT_F)
    room = img.width - 60
    top = height - KEY_H
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, top, img.width - 7, img.height - 7), 10, fill=PANEL, outline=EDGE,
                        width=2)
    y = top + 6 + LINE_H / 2
    paste(img, crown(), (30, y))
    label(d, (52, y), CROWN_WORDS, f, fill=CREAM, anchor="lm")
    if said is None:
        return img
    y += LINE_H
    with smooth(img, (10, y - 16, 50, y + 16), scale=3) as s:
        s.circle((30, y), 12, outline=(*NEW, 255), width=4)
    label(d, (52, y), RING_WORDS[:room], f, fill=CREAM, anchor="lm")
    for line in said:
        y += LINE_H
        label(d, (18, y), line, f, fill=MUTED, anchor="lm")
    return img
