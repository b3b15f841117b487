"""The result banner: a game's final picture with a strip on top that says who won, by
how much and the scores, in type a phone reads (every line at least 9 px tall when the
picture is shown 400 px wide). Drawn over any game's picture, so every game has one."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, font, label, wrap

INK = (255, 248, 225)
GOLD = (245, 200, 80)
BACK = (46, 36, 28)
MARGIN = 0.03  # of the width


def with_banner(png: bytes, title: str, lines: list[str]) -> bytes:
    """``png`` with the banner on top: ``title`` (who won) and ``lines`` (scores, length,
    who played whom), each wrapped to the width and never cut: the banner grows instead.
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
    f_title, f_line = font(big, bold=True), font(small)
    used = {index for _, index in board.getcolors(256) or []}
    back, ink, gold = [i for i in range(256) if i not in used][:3]
    palette = board.getpalette() or []
    palette += [0] * (768 - len(palette))
    for index, rgb in ((back, BACK), (ink, INK), (gold, GOLD)):
        palette[3 * index: 3 * index + 3] = rgb
    rows = [(t, f_title, big, gold)
            for t in wrap(title, f_title, width - 2 * margin)]
    for line in lines:
        rows += [(t, f_line, small, ink)
                 for t in wrap(line, f_line, width - 2 * margin)]
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
    buf = io.BytesIO()
    out.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
