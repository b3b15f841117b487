"""Section ``engine``: random legal games through the engine contract alone, in games and
steps per second of CPU."""

from __future__ import annotations

import random
import time

from engine import games
from tools import arena

# Giving and taking it back (Vijayanagara) are detours that undo themselves.
DETOURS = ("give", "cancel")


def engine_games(game_id: str, seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Random legal games played through the engine contract only (setup, view, act,
    result), as a computer player searching positions would: (games, steps, CPU seconds).
    Plays whole games until ``seconds`` of CPU time have gone."""
    g = games.get(game_id)
    n_games = n_steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        # As the fuzzer does: no detours that undo themselves, unless nothing else is legal.
        player = arena.random_player(g, random.Random(first_seed + n_games), DETOURS)
        for _turn in arena.turns(g, g.setup(first_seed + n_games, {}), {}, player):
            n_steps += 1
        n_games += 1
    return n_games, n_steps, time.process_time() - t0


def engine_figures(seconds: float) -> None:
    print("engine alone (random legal games, one process; setup, view, act, result):")
    for game_id in games.ids():
        n, steps, cpu = engine_games(game_id, seconds)
        print(f"  {game_id:<13} {n / cpu:7.1f} games/s {steps / cpu:8.0f} steps/s "
              f"({steps / n:.0f} steps a game, {n} games)", flush=True)
    print(flush=True)

