"""Small charts for the profile and the statistics: a rating history (lines) and shares
(bars), 800 px wide with type a phone reads (at least 9 px when shown 400 px wide).

Nothing is ever cut: titles, side names and the key wrap to the width, and the picture
grows as tall as its words need. Axes take their ticks from ``renderer.common.axis``."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from renderer.common import axis, font, label, wrap

WIDTH = 800
BACK, INK, GRID = (250, 246, 236), (40, 32, 24), (215, 205, 185)
COLOURS = [(196, 64, 48), (40, 104, 170), (60, 140, 70), (200, 150, 30), (120, 70, 150)]
MARGIN = 24
F, TITLE = 22, 26  # px: 11 and 13 px at 400 wide
LINE, TITLE_LINE = 28, 34  # a line of each, with its leading
PLOT_H = 260  # the rating chart's plot area
SWATCH = 34  # a key entry's colour sample, with its gap to the name
BAR_H, ROW_GAP = 34, 14


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.quantize(colors=64, dither=Image.Dither.NONE).save(buf, format="PNG",
                                                           compress_level=6)
    return buf.getvalue()


def _title_lines(title: str) -> list[str]:
    return wrap(title, font(TITLE, bold=True), WIDTH - 2 * MARGIN)


def _draw_title(d: ImageDraw.ImageDraw, heading: list[str]) -> float:
    """The title's lines from the top; returns the height they take."""
    for i, text in enumerate(heading):
        label(d, (MARGIN, MARGIN + i * TITLE_LINE), text, font(TITLE, bold=True), fill=INK)
    return MARGIN + len(heading) * TITLE_LINE


def _key(names: Sequence[str]) -> list[tuple[float, float, list[str]]]:
    """Where each key entry goes, as (x, y from the key's top, the name's lines): entries
    flow along rows, and a name too long for a whole row wraps."""
    f, room = font(F), WIDTH - 2 * MARGIN
    out: list[tuple[float, float, list[str]]] = []
    x, y, row = 0.0, 0.0, 1
    for name in names:
        text = wrap(name, f, room - SWATCH)
        width = SWATCH + max(f.getlength(t) for t in text) + 24
        if x and x + width > room:
            x, y, row = 0.0, y + row * LINE, 1
        out.append((x, y, text))
        x, row = x + width, max(row, len(text))
    return out


def lines(title: str, series: Mapping[str, Sequence[float]]) -> bytes:
    """One line per series (values in order, one per game), with its name in the key."""
    f = font(F)
    heading = _title_lines(title)
    values = [v for vs in series.values() for v in vs] or [0.0]
    ys = axis.ticks(min(values), max(values))
    longest = max((len(vs) for vs in series.values()), default=1)
    xs = axis.ticks(1, longest, whole=True)
    y_text, x_text = axis.labels(ys), axis.labels(xs)
    x0 = MARGIN + max(f.getlength(t) for t in y_text) + 12
    x1 = WIDTH - MARGIN - f.getlength(x_text[-1]) / 2
    y0 = MARGIN + len(heading) * TITLE_LINE + LINE
    y1 = y0 + PLOT_H
    key = _key(list(series))
    key_top = y1 + 12 + LINE + 8
    height = key_top + max((y + len(t) * LINE for _, y, t in key), default=0) + MARGIN

    img = Image.new("RGB", (WIDTH, round(height)), BACK)
    d = ImageDraw.Draw(img)
    _draw_title(d, heading)

    def at(i: float, v: float) -> tuple[float, float]:
        return (x0 + (x1 - x0) * (i - xs[0]) / (xs[-1] - xs[0]),
                y1 - (y1 - y0) * (v - ys[0]) / (ys[-1] - ys[0]))

    for v, text in zip(ys, y_text, strict=True):
        y = at(xs[0], v)[1]
        d.line([(x0, y), (x1, y)], fill=GRID, width=1)
        label(d, (x0 - 12, y), text, f, fill=INK, anchor="rm")
    for i, text in zip(xs, x_text, strict=True):
        x = at(i, ys[0])[0]
        d.line([(x, y1), (x, y1 + 6)], fill=INK, width=1)
        label(d, (x, y1 + 12), text, f, fill=INK, anchor="ma")
    for k, vs in enumerate(series.values()):
        colour = COLOURS[k % len(COLOURS)]
        pts = [at(i + 1, v) for i, v in enumerate(vs)]
        if len(pts) > 1:
            d.line(pts, fill=colour, width=4)
        for x, y in pts:
            d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=colour)
    for k, (x, y, name) in enumerate(key):
        colour, top = COLOURS[k % len(COLOURS)], key_top + y
        mid = top + LINE / 2 - 2
        d.line([(MARGIN + x, mid), (MARGIN + x + SWATCH - 10, mid)], fill=colour, width=4)
        d.ellipse([MARGIN + x + 7, mid - 5, MARGIN + x + 17, mid + 5], fill=colour)
        for j, part in enumerate(name):
            label(d, (MARGIN + x + SWATCH, top + j * LINE), part, f, fill=INK)
    return _png(img)


def bars(title: str, shares: Sequence[tuple[str, float]]) -> bytes:
    """Horizontal bars, one per name, for shares from 0 to 1 (e.g. wins by side)."""
    f = font(F)
    heading = _title_lines(title)
    inner = WIDTH - 2 * MARGIN
    # The names' column: as wide as the longest name, up to two fifths of the picture.
    column = min(max((f.getlength(n) for n, _ in shares), default=0), inner * 0.4)
    names = [wrap(name, f, column) for name, _ in shares]
    left = MARGIN + column + 16
    right = WIDTH - MARGIN - f.getlength("100 %") - 12
    rows = [max(len(n) * LINE, BAR_H) for n in names]
    top = MARGIN + len(heading) * TITLE_LINE + ROW_GAP
    height = top + sum(r + ROW_GAP for r in rows) + MARGIN - ROW_GAP

    img = Image.new("RGB", (WIDTH, round(height)), BACK)
    d = ImageDraw.Draw(img)
    _draw_title(d, heading)
    y = top
    for i, ((_, share), text, row) in enumerate(zip(shares, names, rows, strict=True)):
        for j, part in enumerate(text):
            label(d, (MARGIN, y + (row - len(text) * LINE) / 2 + j * LINE), part, f,
                  fill=INK)
        bar = y + (row - BAR_H) / 2
        # The track shows where 100 % would end, so a bar reads as a share at a glance.
        d.rectangle([left, bar, right, bar + BAR_H], fill=GRID)
        if share > 0:
            end = left + (right - left) * min(1.0, share)
            d.rectangle([left, bar, end, bar + BAR_H], fill=COLOURS[i % len(COLOURS)])
        label(d, (right + 12, y + row / 2), f"{share * 100:.0f} %", f, fill=INK,
              anchor="lm")
        y += row + ROW_GAP
    return _png(img)
