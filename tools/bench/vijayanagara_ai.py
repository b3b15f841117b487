"""Section ``vijayanagara_ai``: Vijayanagara's engine speed as a search sees it, and its
computer player (Darbar's own): its wins against random players from each faction's seat,
the balance of games it plays in all three seats, and its think time per decision."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter, defaultdict

from engine import games
from engine.games.vijayanagara import ai
from tools import arena
from tools.bench.common import pct, seeds_split, timed_player

GAME = "vijayanagara"
# A faction wins between these shares of the computer's games against itself (issue 29).
FAIR = (20.0, 45.0)


def view_act_games(seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Random games as an outside harness plays them: at every step ``view(state, None)``
    (whose turn), ``view(state, role)`` (what it may do) and ``act`` with a random legal
    step, gifts included: (games, steps, CPU seconds) within ``seconds`` of CPU."""
    g = games.get(GAME)
    n_games = n_steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        rng = random.Random(first_seed + n_games)
        state = g.setup(first_seed + n_games, {})
        while g.result(state) is None:
            role = g.view(state, None)["active"][0]
            step = rng.choice(games.legal_steps(g, g.view(state, role)))
            state = g.act(state, role, *step)
            n_steps += 1
        n_games += 1
    return n_games, n_steps, time.process_time() - t0


def _against_random(seeds: list[int], role: str) -> list[bool]:
    """Whether the computer on ``role`` won each seeded game against two random players."""
    g = games.get(GAME)
    out = []
    for seed in seeds:
        final = arena.play(g, g.setup(seed, {}), {role: ai.bot_steps},
                           arena.random_opponents(g)(seed))
        out.append(role in arena.final_result(g, final)["winners"])
    return out


def _selfplay(seeds: list[int], _arg: object = None) -> dict:
    """Games with the computer in every seat: wins (a shared win split), points, and the
    CPU time of each decision (a call of ``bot_steps``)."""
    g = games.get(GAME)
    wins: defaultdict[str, float] = defaultdict(float)
    points: Counter = Counter()
    think: list[float] = []

    timed = timed_player(ai.bot_steps, think)
    for seed in seeds:
        result = arena.final_result(g, arena.play(g, g.setup(seed, {}), {}, timed))
        for w in result["winners"]:
            wins[w] += 1 / len(result["winners"])
        points.update(result["scores"])
    return {"wins": wins, "points": points, "think": think}


def balance(n_games: int) -> dict:
    parts = seeds_split(_selfplay, n_games, None)
    return {"wins": sum((Counter(p["wins"]) for p in parts), Counter()),
            "points": sum((Counter(p["points"]) for p in parts), Counter()),
            "think": [t for p in parts for t in p["think"]]}


def vijayanagara_ai_figures(vs_random: int, n_games: int, seconds: float) -> dict:
    """``vs_random`` games against random players from each seat, ``n_games`` of the
    computer against itself, ``seconds`` of CPU of random games through view and act."""
    g = games.get(GAME)
    print("vijayanagara_ai (Darbar's own computer player):")
    n, steps, cpu = view_act_games(seconds)
    print(f"  engine, random games through view(None), view(role) and act: "
          f"{n / cpu:.1f} games/s, {steps / cpu:.0f} steps/s ({steps / n:.0f} steps a game)",
          flush=True)
    against = {}
    for role in g.ROLES:
        won = sum(sum(part) for part in seeds_split(_against_random, vs_random, role))
        against[role] = won
        print(f"  from the {role} seat against 2 random players: the computer wins "
              f"{won} of {vs_random} ({100 * won / vs_random:.0f}%)", flush=True)
    b = balance(n_games)
    shares = {r: 100 * b["wins"][r] / n_games for r in g.ROLES}
    met = all(FAIR[0] <= s <= FAIR[1] for s in shares.values())
    print(f"  {n_games} games of the computer in all three seats: wins "
          + ", ".join(f"{r} {shares[r]:.0f}%" for r in g.ROLES)
          + f" (each {FAIR[0]:.0f}-{FAIR[1]:.0f}%: {'met' if met else 'NOT met'})")
    print("    points a game: " + ", ".join(f"{r} {b['points'][r] / n_games:.1f}"
                                             for r in g.ROLES))
    think = b["think"]
    print(f"  computer think time  median {statistics.median(think) * 1000:.1f} ms, "
          f"p99 {pct(think, 0.99) * 1000:.0f} ms, max {max(think) * 1000:.0f} ms CPU a "
          f"decision ({len(think)} decisions)\n", flush=True)
    return {"games_per_s": n / cpu, "against": against, "shares": shares, "think": think}
