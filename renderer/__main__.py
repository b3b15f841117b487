"""Benchmark: ``python -m renderer [-n 50] [--save DIR]``.

Prints, for each game's sample positions, the median render time (draw + PNG encode) over
``-n`` renders and the PNG size, plus what ``optimize=True`` would cost, and with
``--save`` writes the PNGs to DIR. Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from renderer import goat_tiger, maharaja, rajas, render, taj_mahal, vijayanagara
from renderer.common import encode_png
from renderer.samples import (
    MAHARAJA_PLAYERS,
    PLAYERS,
    RAJAS_PLAYERS,
    TAJ_MAHAL_PLAYERS,
    VIJAYANAGARA_PLAYERS,
    goat_tiger_views,
    maharaja_views,
    rajas_views,
    taj_mahal_views,
    vijayanagara_views,
)

# game id -> (renderer module, sample views, players)
GAMES = {
    "goat_tiger": (goat_tiger, goat_tiger_views, PLAYERS),
    "vijayanagara": (vijayanagara, vijayanagara_views, VIJAYANAGARA_PLAYERS),
    "taj_mahal": (taj_mahal, taj_mahal_views, TAJ_MAHAL_PLAYERS),
    "rajas": (rajas, rajas_views, RAJAS_PLAYERS),
    "maharaja": (maharaja, maharaja_views, MAHARAJA_PLAYERS),
}


def median_ms(fn: Callable[[], object], n: int) -> tuple[float, object]:
    """The median wall time of ``n`` calls of ``fn``, in ms, and what the last returned
    (the bench's figures use it too)."""
    times, out = [], None
    for _ in range(n):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, out


def _bench(game: str, module: ModuleType, views: dict[str, dict], players: dict, args) -> None:
    t0 = time.perf_counter()
    render(game, next(iter(views.values())), players=players)
    print(
        f"{game}: first render (builds background, sprites, palette): "
        f"{(time.perf_counter() - t0) * 1000:.0f} ms"
    )
    print(
        f"{'position':<10} {'render ms':>9} {'draw ms':>8} {'PNG KB':>7} "
        f"{'optimize=True ms':>17} {'KB':>6}"
    )
    pal = module.palette()
    for name, view in views.items():
        png = render(game, view, players=players)
        total, _ = median_ms(lambda v=view: render(game, v, players=players), args.n)
        drawn = module.draw(view, players)
        draw_ms, _ = median_ms(lambda v=view: module.draw(v, players), args.n)
        opt_ms, _ = median_ms(
            lambda im=drawn: encode_png(im, pal, optimize=True), max(5, args.n // 5)
        )
        opt_kb = len(encode_png(drawn, pal, optimize=True)) / 1024
        print(
            f"{name:<10} {total:9.1f} {draw_ms:8.1f} {len(png) / 1024:7.1f} "
            f"{opt_ms + draw_ms:17.1f} {opt_kb:6.1f}"
        )
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{game}_{name}.png").write_bytes(png)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m renderer", description=__doc__)
    ap.add_argument("-n", type=int, default=50, help="renders per position (default 50)")
    ap.add_argument("--save", type=Path, help="directory to write the sample PNGs to")
    args = ap.parse_args(argv)

    for game, (module, views_of, players) in GAMES.items():
        _bench(game, module, views_of(), players, args)
    if args.save:
        print(f"saved to {args.save}/")


if __name__ == "__main__":
    main()
