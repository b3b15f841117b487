"""The renderer's benchmark: ``python -m tools.bench.render [-n 50]``.

Prints, for each game's sample positions (``tools.samples``), the median render time (draw
+ PNG encode) over ``-n`` renders and the PNG size, plus what ``optimize=True`` would cost.
Not a test: timings depend on the machine. ``python -m tools.samples DIR`` saves the
pictures.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping
from functools import partial

from renderer import render
from renderer.common import encode_png
from tools.bench.common import median_ms
from tools.samples import SAMPLES


def _bench(game: str, views: dict[str, dict], players: Mapping[str, str | None],
           n: int) -> None:
    # The game's picture module: its draw and palette are timed apart from render.
    module = importlib.import_module(f"renderer.{game}.board")
    shown = dict(players)
    # The first render builds the background, sprites and palette: timed once, apart.
    first_ms, _ = median_ms(lambda: render(game, next(iter(views.values())), players=shown), 1)
    print(f"{game}: first render (builds background, sprites, palette): {first_ms:.0f} ms")
    print(
        f"{'position':<10} {'render ms':>9} {'draw ms':>8} {'PNG KB':>7} "
        f"{'optimize=True ms':>17} {'KB':>6}"
    )
    pal = module.palette()
    for name, view in views.items():
        total, png = median_ms(partial(render, game, view, players=shown), n)
        draw_ms, drawn = median_ms(partial(module.draw, view, shown), n)
        opt_ms, optimized = median_ms(partial(encode_png, drawn, pal, optimize=True),
                                      max(5, n // 5))
        print(
            f"{name:<10} {total:9.1f} {draw_ms:8.1f} {len(png) / 1024:7.1f} "
            f"{opt_ms + draw_ms:17.1f} {len(optimized) / 1024:6.1f}"
        )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.bench.render", description=__doc__)
    ap.add_argument("-n", type=int, default=50, help="renders per position (default 50)")
    args = ap.parse_args(argv)
    for game, (views_of, players) in SAMPLES.items():
        _bench(game, views_of(), players, args.n)


if __name__ == "__main__":
    main()
