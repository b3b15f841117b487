"""The Maharaja picture's colours, type sizes and symbols (a leader's star, a factory, arms,
a submission's flag, a British ally's ring, a hiland's peak), drawn alike on the map and
in its key.

Sizes are for the 640-px-wide picture a phone shows 400 px wide (× 0.625): every text that
carries information is 18 px or more (11.25 px on the phone), every name 20 px (12.5), every
symbol that carries meaning 16 px across or more (10): issue 39's floors."""

from __future__ import annotations

import math

from PIL import ImageDraw

from engine.games.maharaja.shown import MaharajaView
from renderer.common import RGB, Font, font

FRAME, PANEL, EDGE = (40, 34, 30), (62, 52, 44), (104, 88, 72)
CREAM, MUTED, GOLD, INK = (246, 238, 220), (196, 182, 160), (234, 184, 64), (44, 32, 24)
SEA, SEA_INK = (150, 186, 200), (46, 78, 96)
SHORE = (200, 186, 150)
LAND = {"north": (232, 218, 180), "south": (222, 206, 160), "himalaya": (226, 226, 226),
        "ceylon": (214, 222, 170)}
OFFMAP = (196, 188, 176)
LINK = (150, 120, 84)
PEAK = (120, 96, 70)
# A nation's armies are drawn in the colour of the player who controls it: the players'
# colours are few and far apart, where seventeen nation colours could not be.
PLAYER = {"yellow": (240, 200, 40), "blue": (50, 110, 210), "red": (206, 48, 48),
          "green": (50, 150, 80), "purple": (140, 80, 180)}
NOBODY = (150, 146, 140)  # a nation no player controls
# What changed since an earlier view ("since your last move"): arrows, frames, lost chips;
# a colour no player has and the map does not use.
MARK = (222, 30, 150)
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, SEA, SEA_INK, SHORE, OFFMAP, LINK, PEAK,
        NOBODY, MARK, *LAND.values(), *PLAYER.values()]

TITLE_PX, LOG_PX, NAME_PX, CHIP_PX, KEY_PX = 26, 19, 20, 18, 18
SYMBOL = 16  # a badge's or a peak's size across: 10 px on a phone


def title_font() -> Font:
    return font(TITLE_PX, bold=True)


def log_font() -> Font:
    return font(LOG_PX)


def name_font() -> Font:
    return font(NAME_PX, bold=True)


def chip_font() -> Font:
    return font(CHIP_PX, bold=True)


def key_font() -> Font:
    return font(KEY_PX)


def ink_on(rgb: tuple) -> RGB:
    """Dark text on a light fill, light text on a dark one."""
    return INK if sum(rgb[:3]) > 420 else CREAM


def owner_colour(view: MaharajaView, nation: str) -> RGB:
    """The fill of a nation's pieces: its player's colour."""
    role = view.get("control", {}).get(nation)
    return PLAYER.get(role, NOBODY) if role else NOBODY


# --- symbols, each drawn centred on (x, y) within about 16 px ---------------------------


def star(d: ImageDraw.ImageDraw, x: float, y: float, r: float = 9.5) -> None:
    """A leader (its points span ``SYMBOL`` px from top to bottom)."""
    pts = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + radius * math.cos(a), y + 1 + radius * math.sin(a)))
    d.polygon(pts, fill=GOLD, outline=INK)


def swords(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """Arms given by a colonial nation: two crossed blades."""
    d.line((x - 7, y - 7, x + 7, y + 7), fill=INK, width=3)
    d.line((x - 7, y + 7, x + 7, y - 7), fill=INK, width=3)
    d.line((x - 8, y + 2, x - 2, y + 8), fill=INK, width=2)  # the hilts
    d.line((x + 8, y + 2, x + 2, y + 8), fill=INK, width=2)


def flag(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A nation that has submitted: a white flag."""
    d.line((x - 7, y - 8, x - 7, y + 8), fill=INK, width=2)
    d.polygon([(x - 6, y - 8), (x + 8, y - 4), (x - 6, y + 1)], fill=(255, 255, 255),
              outline=INK)


def ally(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """An ally of the British: two linked rings, one above the other's shoulder."""
    d.ellipse((x - 8, y - 8, x + 3, y + 3), outline=INK, width=2)
    d.ellipse((x - 3, y - 3, x + 8, y + 8), outline=INK, width=2)


def peak(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A hiland: a peak whose base is at ``y``."""
    d.polygon([(x - 10, y), (x, y - SYMBOL), (x + 10, y)], fill=PEAK, outline=INK)


def house(d: ImageDraw.ImageDraw, x: float, y: float, colour: RGB, line: RGB = INK,
          width: int = 1) -> None:
    """A factory: a house 24 px square whose top-left corner is (x, y)."""
    d.polygon([(x, y + 7), (x + 11.5, y), (x + 23, y + 7)], fill=colour, outline=line,
              width=width)
    d.rectangle((x + 2, y + 7, x + 21, y + 23), fill=colour, outline=line, width=width)


BADGES = {"leader": star, "arms": swords, "submitted": flag, "ally": ally}
BADGE_W = 19  # the room a badge takes in a chip
