"""Section ``maharaja``: the pictures, the computer against random players, its think
time per decision, and the balance of colours in games it plays in every seat."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from functools import partial

import renderer
from engine import games
from engine.games.maharaja import ai
from engine.games.maharaja import rules as g
from tools import arena
from tools.bench.common import median_ms, seeds_split, timed_player


def _maharaja_games(seeds: list[int], options: dict) -> dict:
    """Games the computer plays in every seat: wins by colour (a shared win split), points
    by colour and by nation, and the think time of each decision (CPU seconds)."""
    m = games.get("maharaja")
    wins: defaultdict[str, float] = defaultdict(float)
    points: Counter = Counter()
    nations: Counter = Counter()
    think: list[float] = []

    timed = timed_player(lambda state, role: [ai.choose(state, role)], think)
    for seed in seeds:
        state = arena.play(m, m.setup(seed, options), {}, timed)
        result = arena.final_result(m, state)
        winners = result["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
        points.update(result["scores"])
        nations.update(state["nation_vp"])
    return {"wins": wins, "points": points, "nations": nations, "think": think}


def _maharaja_match(seeds: list[int], players: int) -> int:
    """The computer's wins against random players (``arena.random_opponents``)."""
    m = games.get("maharaja")
    return sum(arena.computer_wins(m, seed, {"players": players}, arena.random_opponents(m))
               for seed in seeds)


def maharaja_balance(n_games: int, options: dict) -> dict:
    parts = seeds_split(_maharaja_games, n_games, options)
    out: dict = {"think": []}
    for key in ("wins", "points", "nations"):
        out[key] = sum((Counter(p[key]) for p in parts), Counter())
    for p in parts:
        out["think"] += p["think"]
    return out


def maharaja_figures(n_games: int) -> None:
    print("maharaja:")
    names = {"yellow": "ravi", "blue": "meera", "red": "arjun", "green": "Computer"}
    mid = g.setup(7, {})
    while mid["turn"] < 12:  # the computer in every seat up to the colonial age
        role = g.active(mid)[0]
        mid = g.act(mid, role, *ai.choose(mid, role))
    for label, state in (("start", g.setup(1, {})), ("turn 12", mid)):
        view = g.view(state, None)
        ms, png = median_ms(partial(renderer.render, "maharaja", view, players=names), 10)
        print(f"  board {label:<9}     {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    matches = max(2, n_games // 5)
    won = sum(seeds_split(_maharaja_match, matches, 4))
    print(f"  against 3 random players: the computer wins {won} of {matches}", flush=True)
    for options, n in (({"players": 4}, n_games), ({"players": 3}, max(2, n_games * 3 // 5)),
                       ({"players": 5}, max(2, n_games * 3 // 5)),
                       ({"length": "short"}, max(2, n_games * 3 // 5))):
        b = maharaja_balance(n, options)
        colours = g.sides(options)
        fair = 100 / len(colours)
        label = "the short game" if options.get("length") else f"{options['players']} players"
        print(f"  {n} computer games, {label}: wins "
              + ", ".join(f"{c} {100 * b['wins'][c] / n:.0f}%" for c in colours)
              + f" (fair share {fair:.0f}%, at most twice that: "
              + ("met" if max(b["wins"].values()) / n * 100 <= 2 * fair else "NOT met") + ")")
        print("    points a game: " + ", ".join(f"{c} {b['points'][c] / n:.1f}"
                                                  for c in colours), flush=True)
        if options.get("players") == 4:
            think = b["think"]
            print(f"  computer think time  median {statistics.median(think) * 1000:.2f} ms, "
                  f"max {max(think) * 1000:.1f} ms CPU a decision ({len(think)} decisions)")
            top = sorted(b["nations"].items(), key=lambda x: -x[1])
            print("    points a game by nation: " + ", ".join(
                f"{k} {v / n:.1f}" for k, v in top))
    print(flush=True)

