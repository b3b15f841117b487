"""What the bench's sections share: percentiles and timings, the machine's load, games
played with random legal whole moves (as a player types them), the computer's think time,
and seeds dealt over processes."""

from __future__ import annotations

import json
import random
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import Game, Repository
from engine import games
from engine.contract import State
from tools import arena

WORDS_PER_LINE = 60  # a long random Vijayanagara turn is typed as several lines


async def stored_game(repo: Repository, channel_id: str) -> Game:
    """The channel's latest game, which the bench made there."""
    game = await repo.latest_game(channel_id)
    if game is None:
        raise RuntimeError(f"the bench made no game in channel {channel_id}")
    return game


def snapshot(game: Game) -> State:
    """A started game's stored state."""
    if game.state is None:
        raise RuntimeError(f"game #{game.id} has not started")
    state: State = json.loads(game.state)
    return state


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def cpu_ticks() -> tuple[int, int, int] | None:
    """(busy, stolen, total) CPU ticks of the whole machine so far (Linux): how busy it
    was, and how much time a virtual machine's host gave to others (steal)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    fields += [0] * (8 - len(fields))
    total = sum(fields[:8])  # guest time is already counted in user time
    return total - fields[3] - fields[4] - fields[7], fields[7], total


@dataclass
class Played:
    """A game played with random legal moves: its log and where it stands."""

    game: str
    seed: int
    steps: list[tuple[str, str, object]]  # (role, action, arg)
    moves: list[tuple[str, list[str]]]  # (role to move, typed lines) per whole move
    state: dict


def play(game_id: str, seed: int, max_moves: int) -> Played:
    """Random legal whole moves from the start until the end or ``max_moves``."""
    g = games.get(game_id)
    rng = random.Random(seed)
    state = g.setup(seed, {})
    steps: list[tuple[str, str, object]] = []
    moves: list[tuple[str, list[str]]] = []
    while g.result(state) is None and len(moves) < max_moves:
        role = g.view(state, None)["active"][0]
        move, after = games.random_move(g, state, rng)
        steps += [(role, action, arg) for action, arg in move]
        # As a player types it: a line ends where a step reveals something (the table
        # stops a line there), and no line is longer than WORDS_PER_LINE words.
        lines = []
        for line in games.typed_lines(g, state, role, move):
            words = line.split()
            lines += [" ".join(words[i:i + WORDS_PER_LINE])
                      for i in range(0, len(words), WORDS_PER_LINE)]
        moves.append((role, lines))
        state = after
    return Played(game_id, seed, steps, moves, state)



def median_ms(fn: Callable[[], object], n: int) -> tuple[float, Any]:
    """The median wall time of ``n`` calls of ``fn``, in ms, and what the last returned."""
    times, out = [], None
    for _ in range(n):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, out


Player = Callable[[dict, str], list[arena.Step]]


def timed_player(player: Player, into: list[float]) -> Player:
    """``player``, noting the CPU seconds of each decision in ``into``."""
    def timed(state: dict, role: str) -> list[arena.Step]:
        t0 = time.process_time()
        steps = player(state, role)
        into.append(time.process_time() - t0)
        return steps
    return timed


def think_times(game_id: str, seed: int, moves: int | None = None) -> list[float]:
    """CPU seconds of each computer move of a game the computer plays in every seat (the
    first ``moves`` of it, or the whole game)."""
    g = games.get(game_id)
    times: list[float] = []
    bot = arena.computer(g)
    player = timed_player(lambda state, role: list(bot(state, role)), times)
    arena.play(g, g.setup(seed, {}), {}, player, max_turns=moves)
    return times


def seeds_split(fn: Callable[[list[int], Any], Any], n_games: int, arg: object,
                procs: int = 2) -> list:
    """``fn(seeds, arg)`` for seeds 0…n-1 dealt over ``procs`` processes: their answers."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = [list(range(k, n_games, procs)) for k in range(procs)]
    with ProcessPoolExecutor(procs) as pool:
        return list(pool.map(fn, chunks, [arg] * procs))
