"""The Taj Mahal map's roads: every road, smoothed, on a clear layer the map's size.

Drawn on a supersampled layer (twice the map's size each way) that took 28 MB at once at
a process's first Taj Mahal picture: the bot's peak, as ten Taj Mahal games started in
the memory bench (``darbar bench --only memory``). The layer is kept as data instead
(roads.png, 23 KB; renderer/common/prebuilt.py), held to the drawing pixel for pixel by
tests/renderer/test_prebuilt.py, and read once.
"""

from __future__ import annotations

from PIL import Image

from renderer.common import Smooth
from renderer.common.prebuilt import prebuilt_image
from renderer.taj_mahal import map as geo
from renderer.taj_mahal.style import ROAD


def draw() -> Image.Image:
    s = Smooth(geo.MAP_BOX, scale=2)
    for a, b in geo.ROADS:
        s.line([a, b], (*ROAD, 255), geo.ROAD_W)
    return s.shrink()


layer = prebuilt_image(__file__, "roads", draw)
