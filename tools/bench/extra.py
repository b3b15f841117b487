"""Section ``extra``: the renderer's time for Goat-Tiger and Vijayanagara pictures, and the
Goat-Tiger computer's think time."""

from __future__ import annotations

import statistics
from functools import partial

import renderer
from engine import games
from engine.games.vijayanagara import samples as vijayanagara_samples
from tools.bench.common import median_ms, play, think_times


def render_figures() -> None:
    g = games.get("goat_tiger")
    view = g.view(play("goat_tiger", 7, 30).state, None)
    start_png = renderer.render("goat_tiger", g.view(g.setup(1, {}), None))
    ms, png = median_ms(lambda: renderer.render(
        "goat_tiger", view, players={"goats": "ravi", "tigers": "meera"}), 30)
    print("renderer (one thread, nothing else running):")
    print(f"  goat_tiger           {ms:.1f} ms, "
          f"{len(start_png) / 1024:.1f} KB at the start, {len(png) / 1024:.1f} KB mid-game")
    for name, v in vijayanagara_samples.views().items():
        ms, png = median_ms(partial(renderer.render, "vijayanagara", v,
                                    players=vijayanagara_samples.PLAYERS), 10)
        print(f"  vijayanagara {name:<8}{ms:.1f} ms, {len(png) / 1024:.1f} KB")


def ai_figures(moves: int = 12) -> None:
    times = think_times("goat_tiger", 3, moves)
    print(f"computer opponent (goat_tiger, first {len(times)} moves):")
    print(f"  think time           median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms")

