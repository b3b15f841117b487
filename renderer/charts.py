"""Small charts for the profile and the statistics: a rating history (lines) and shares
(bars), 800 px wide with type a phone reads (at least 9 px when shown 400 px wide)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from renderer.common import font, label

WIDTH, HEIGHT = 800, 420
BACK, INK, GRID = (250, 246, 236), (40, 32, 24), (215, 205, 185)
COLOURS = [(196, 64, 48), (40, 104, 170), (60, 140, 70), (200, 150, 30), (120, 70, 150)]
PAD_L, PAD_R, PAD_T, PAD_B = 90, 30, 70, 60
F = 22  # px: 11 px at 400 wide


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.quantize(colors=64, dither=Image.Dither.NONE).save(buf, format="PNG",
                                                           compress_level=6)
    return buf.getvalue()


def _frame(title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (WIDTH, HEIGHT), BACK)
    d = ImageDraw.Draw(img)
    label(d, (PAD_L, 18), title, font(F + 4, bold=True), fill=INK)
    return img, d


def lines(title: str, series: Mapping[str, Sequence[float]]) -> bytes:
    """One line per series (values in order, one per game), with its name in the key."""
    img, d = _frame(title)
    values = [v for vs in series.values() for v in vs] or [0.0]
    low, high = min(values + [0.0]), max(values + [1.0])
    span = (high - low) or 1.0
    x0, x1, y0, y1 = PAD_L, WIDTH - PAD_R, PAD_T, HEIGHT - PAD_B
    for i in range(5):
        v = low + span * i / 4
        y = y1 - (y1 - y0) * i / 4
        d.line([(x0, y), (x1, y)], fill=GRID, width=1)
        label(d, (x0 - 10, y), f"{v:.0f}", font(F), fill=INK, anchor="rm")
    longest = max((len(v) for v in series.values()), default=1)
    for k, (name, vs) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        pts = [(x0 + (x1 - x0) * (i / max(1, longest - 1)), y1 - (y1 - y0) * (v - low) / span)
               for i, v in enumerate(vs)]
        if len(pts) > 1:
            d.line(pts, fill=colour, width=4)
        for x, y in pts:
            d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=colour)
        label(d, (x0 + 10 + 200 * k, HEIGHT - PAD_B + 16), name[:16], font(F),
              fill=colour)
    return _png(img)


def bars(title: str, shares: Sequence[tuple[str, float]]) -> bytes:
    """Horizontal bars, one per name, for shares from 0 to 1 (e.g. wins by side)."""
    img, d = _frame(title)
    n = max(1, len(shares))
    row = (HEIGHT - PAD_T - 20) / n
    left = 230
    for i, (name, share) in enumerate(shares):
        y = PAD_T + i * row
        label(d, (20, y + row / 2), name[:14], font(F), fill=INK, anchor="lm")
        width = (WIDTH - left - 110) * max(0.0, min(1.0, share))
        d.rectangle([left, y + row * 0.2, left + width, y + row * 0.8],
                    fill=COLOURS[i % len(COLOURS)])
        label(d, (left + width + 10, y + row / 2), f"{share * 100:.0f} %", font(F),
              fill=INK, anchor="lm")
    return _png(img)
