"""Nim's picture: the pile as a row of discs, and a header saying whose turn it is."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.games.nim.shown import NimView
from renderer.common import Names, encode_png, font, label, make_palette

WIDTH, HEIGHT, DISC = 800, 240, 40
INK, PAPER, COUNTER = (40, 30, 20), (250, 244, 230), (190, 120, 40)


def layout() -> dict[str, tuple[int, int]]:
    """Where each counter lies: two rows of fifteen."""
    return {f"c{i + 1}": (50 + (i % 15) * 48, 120 + (i // 15) * 56) for i in range(30)}


def warm() -> None:
    font(28, bold=True)


def render(view: NimView, players: Names = None) -> bytes:
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    d = ImageDraw.Draw(img)
    label(d, (20, 20), describe(view, players or {}).split("\n")[0], font(28, bold=True),
          fill=INK)
    for x, y in list(layout().values())[: view["pile"]]:
        d.ellipse((x - DISC // 2, y - DISC // 2, x + DISC // 2, y + DISC // 2), fill=COUNTER)
    return encode_png(img, make_palette([img], exact=[INK, PAPER, COUNTER]))


def describe(view: NimView, players: Mapping[str, str | None]) -> str:
    if view["result"]:
        return f"Nim: game over, {view['result'].get('reason', '')}"
    return f"Nim: {view['pile']} counters left. {view['prompt']}"
