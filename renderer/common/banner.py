"""The result banner: a game's final picture with a strip on top that says who won, by
how much and the scores, in type a phone reads (every line at least 9 px tall when the
picture is shown 400 px wide). Drawn over any game's picture, so every game has one."""

from __future__ import annotations

import io
import re

from PIL import Image, ImageDraw

from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, Font, font, label, wrap
from renderer.common.png import png_file

INK = (255, 248, 225)
GOLD = (245, 200, 80)
BACK = (46, 36, 28)
MARGIN = 0.03  # of the width
# Where the result post's words divide into phrases ("Game over — Priya (Goats) win",
# "Scores: Red 40 · Blue 38", "A (Goats) v B (Tigers)"): after the punctuation that ends
# one, or before the "v", "and" or dash that starts one.
PHRASE_BREAK = re.compile(r"(?<=[—·:,;]) | (?=(?:v|and|—) )")


def wrap_phrases(text: str, f: Font, width: float) -> list[str]:
    """``text`` in lines of ``width`` pixels that break between phrases, a phrase too
    long for a line alone wrapped word by word."""
    lines: list[str] = []
    for phrase in PHRASE_BREAK.split(text):
        if lines and f.getlength(f"{lines[-1]} {phrase}") <= width:
            lines[-1] += f" {phrase}"
        else:
            lines += wrap(phrase, f, width)
    return lines


def _fitted(text: str, px: int, least: int, bold: bool, width: float
            ) -> tuple[list[str], Font, int]:
    """``text`` wrapped between phrases at ``px``, or at the largest size down to
    ``least`` at which its longest phrase fits a line (a long name in the title)."""
    longest = max(PHRASE_BREAK.split(text), key=font(px, bold).getlength)
    while px > least and font(px, bold).getlength(longest) > width:
        px -= 1
    f = font(px, bold)
    return wrap_phrases(text, f, width), f, px


def with_banner(png: bytes, title: str, lines: list[str]) -> bytes:
    """``png`` with the banner on top: ``title`` (who won) and ``lines`` (scores, length,
    who played whom), each wrapped to the width between phrases and never cut: the banner
    grows instead.
    The board below keeps its very pixels: the banner's three colours take palette
    entries the board does not use, and its text is drawn without smoothing, so it needs
    no more."""
    board: Image.Image = Image.open(io.BytesIO(png))
    board.load()
    if board.mode != "P":
        board = board.convert("RGB").quantize(colors=253, dither=Image.Dither.NONE)
    width = board.width
    # Sizes from the phone's column: the smallest line is 1.3 times the 9-px floor.
    small = max(14, round(PHONE_MIN_PX * 1.3 * width / PHONE_WIDTH))
    big = round(small * 1.4)
    margin = round(width * MARGIN)
    used = {index for _, index in board.getcolors(256) or []}
    back, ink, gold = [i for i in range(256) if i not in used][:3]
    palette = board.getpalette() or []
    palette += [0] * (768 - len(palette))
    for index, rgb in ((back, BACK), (ink, INK), (gold, GOLD)):
        palette[3 * index: 3 * index + 3] = rgb
    room = width - 2 * margin
    said, f, px = _fitted(title, big, small, True, room)
    rows = [(t, f, px, gold) for t in said]
    for line in lines:
        said, f, px = _fitted(line, small, small, False, room)
        rows += [(t, f, px, ink) for t in said]
    gap = round(small * 0.35)
    height = margin + sum(px + gap for _, _, px, _ in rows) + margin
    out = Image.new("P", (width, height + board.height), back)
    out.putpalette(palette)
    out.paste(board, (0, height))
    d = ImageDraw.Draw(out)
    d.fontmode = "1"  # no smoothing: the text's one colour, and the board's pixels kept
    y = margin
    for text, f, px, fill in rows:
        label(d, (margin, y), text, f, fill=fill)
        y += px + gap
    return png_file(out)
