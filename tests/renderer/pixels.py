"""Reading a rendered picture back in render tests: the PNG as RGB, and how many sampled
pixels around a point have a given colour."""

from __future__ import annotations

import io

from PIL import Image


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(im: Image.Image, centre, radius: int, colour, tol: int = 25) -> int:
    """Pixels within ``tol`` of ``colour`` on a 2-px grid of ``radius`` around ``centre``."""
    x, y = centre
    return sum(all(abs(a - b) <= tol for a, b in zip(im.getpixel((int(x + dx), int(y + dy))),
                                                     colour, strict=True))
               for dx in range(-radius, radius + 1, 2) for dy in range(-radius, radius + 1, 2))
