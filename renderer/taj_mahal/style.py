"""The Taj Mahal pictures' colours and shapes, shared by the board and the hand."""

from __future__ import annotations

import math

from renderer.common import Smooth

FRAME, PANEL, EDGE = (46, 33, 25), (66, 50, 38), (104, 82, 62)
CREAM, MUTED, GOLD, INK = (248, 238, 214), (205, 184, 148), (232, 182, 70), (56, 37, 22)
LAND, PROVINCE, VISITED, ROAD = (226, 211, 172), (240, 229, 200), (200, 192, 176), (
    150, 116, 76)
CITY, FORT = (252, 248, 236), (118, 62, 140)
PLAYER = {"red": (204, 50, 40), "blue": (40, 96, 196), "green": (40, 150, 70),
          "yellow": (236, 190, 30), "black": (30, 30, 34)}
SHAPE = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond",
         "black": "hexagon"}
CARD = {"red": (204, 50, 40), "yellow": (236, 190, 30), "green": (40, 150, 70),
        "violet": (130, 70, 170), "white": (245, 245, 240), "special": (232, 182, 70)}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, LAND, PROVINCE, VISITED, ROAD, CITY,
        FORT, *PLAYER.values(), *CARD.values()]

# A bonus tile on a fortress, by the letter the map shows and the key explains.
BONUS_LETTER = {"taj": "+4", "points2": "+2", "card": "C", "rice": "R", "tea": "T",
                "spices": "S", "jewels": "J"}
BONUS_KEY = (("taj", "Taj Mahal"), ("points2", "2 points"), ("card", "a card"),
             ("rice", "rice"), ("tea", "tea"), ("spices", "spices"), ("jewels", "jewels"))


def palace_shape(s: Smooth, centre: tuple[float, float], r: float, player: str) -> None:
    """A palace in its player's colour and shape, with a cream edge, within ``r`` of
    ``centre`` (edge included)."""
    x, y = centre
    colour = (*PLAYER.get(player, INK), 255)
    edge = (*CREAM, 255)
    shape = SHAPE.get(player, "circle")
    if shape == "circle":
        s.circle((x, y), r, fill=edge)
        s.circle((x, y), r - 1.5, fill=colour)
    elif shape == "square":
        a = r * 0.78  # the square's corners, rounded, stay within r
        s.rounded((x - a, y - a, x + a, y + a), 3, fill=edge)
        s.rounded((x - a + 1.5, y - a + 1.5, x + a - 1.5, y + a - 1.5), 2, fill=colour)
    else:
        n = {"triangle": 3, "diamond": 4, "hexagon": 6}[shape]
        start = -math.pi / 2 if n != 6 else 0
        for rad, fill in ((r, edge), (r - 2.5 if n == 3 else r - 1.8, colour)):
            s.polygon([(x + rad * math.cos(start + 2 * math.pi * i / n),
                        y + rad * math.sin(start + 2 * math.pi * i / n))
                       for i in range(n)], fill)
