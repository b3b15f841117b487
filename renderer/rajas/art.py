"""The Rajas of the Ganges pictures' colours and sprites (renderer/rajas/board.py,
province.py): images drawn once and pasted — texts, tiles, dice — with the texts and
markers they carry noted for the legibility tests (``renderer.common.note``, ``marker``).

Pasting a cached sprite costs a few microseconds where drawing a text costs a tenth of a
millisecond: the pictures are mostly pasted (render time within twice the PNG encode)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.common import Drawn, Font, marker, note, recording

RGB = tuple[int, int, int]
FRAME, PANEL, EDGE = (38, 34, 40), (58, 52, 60), (96, 88, 100)
CREAM, MUTED, GOLD, INK = (246, 240, 226), (196, 186, 170), (230, 180, 60), (40, 32, 28)
WATER, LAND, ROAD = (70, 122, 166), (214, 200, 160), (150, 110, 70)
STREAM = (104, 160, 204)  # the river's course across its panel
DIE = {"violet": (132, 74, 178), "blue": (46, 108, 200), "orange": (232, 128, 32),
       "green": (52, 150, 72), "village": (150, 120, 40)}  # village: Mango Village tiles
PLAYER = {"red": (206, 44, 44), "yellow": (244, 206, 40), "white": (250, 250, 250),
          "black": (20, 20, 20)}
SLOT = {"brown": (176, 124, 80), "yellow": (236, 200, 70), "red": (226, 86, 70)}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, WATER, STREAM, LAND, ROAD,
        *DIE.values(), *PLAYER.values(), *SLOT.values()]

# --- sprites ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sprite:
    """An image drawn once, with the texts on it (boxes relative to its corner)."""

    image: Image.Image
    notes: tuple[Drawn, ...] = ()

    def put(self, base: Image.Image, xy: tuple[float, float]) -> None:
        x, y = round(xy[0]), round(xy[1])
        if self.image.mode == "RGBA":
            base.paste(self.image, (x, y), self.image)
        else:
            base.paste(self.image, (x, y))
        for d in self.notes:
            x0, y0, x1, y1 = d.box
            if d.marker:
                marker(d.text, (x + x0, y + y0, x + x1, y + y1))
            else:
                note(d.text, d.px, (x + x0, y + y0, x + x1, y + y1), info=d.info)


def sprite(draw: Callable[[], Image.Image]) -> Sprite:
    """Draw a sprite, noting the texts ``draw`` labels on it."""
    with recording() as drawn:
        image = draw()
    return Sprite(image, tuple(drawn))


@lru_cache(maxsize=4096)
def _mask(text: str, f: Font, anchor: str) -> tuple[Image.Image, tuple[int, int, int, int]]:
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)))
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
    return mask, (x0, y0, x1, y1)


def stamp(img: Image.Image, xy: tuple[float, float], text: str, f: Font, fill: RGB,
          anchor: str = "la", info: bool = True) -> tuple[int, int, int, int]:
    """``label`` for a text drawn again and again: its glyphs rendered once, then pasted
    in ``fill`` (the same pixels as ``ImageDraw.text``). Returns the text's box."""
    mask, (x0, y0, x1, y1) = _mask(text, f, anchor)
    x, y = round(xy[0]), round(xy[1])
    img.paste(fill, (x + x0, y + y0), mask)
    box = (x + x0, y + y0, x + x1, y + y1)
    note(text, getattr(f, "size", 0), box, info=info)
    return box


def write(img: Image.Image, xy: tuple[float, float], text: str, f: Font, fill: RGB) -> None:
    """A text drawn afresh (``ImageDraw.text``), as the header's are: they change with
    every move, and a picture's title is read back from what Pillow is asked to draw."""
    ImageDraw.Draw(img).text(xy, text, font=f, fill=fill)
    x0, y0, x1, y1 = f.getbbox(text)
    note(text, getattr(f, "size", 0), (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1))


__all__ = ["CREAM", "DIE", "EDGE", "FLAT", "FRAME", "GOLD", "INK", "LAND", "MUTED", "PANEL",
           "PLAYER", "ROAD", "SLOT", "STREAM", "WATER", "Sprite", "sprite", "stamp", "write"]
