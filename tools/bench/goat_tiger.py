"""The Goat-Tiger computer against itself at each level: ``python -m tools.bench.goat_tiger
[games] [max moves]`` prints the moves, the median and longest time of a move, and how the
games ended. Not a test: timings depend on the machine."""

from __future__ import annotations

import random
import statistics
import sys
import time

from engine import games
from engine.games.goat_tiger import ai, rules
from engine.games.goat_tiger.data import LABELS
from tools import arena


def _bench_player(level: str, role: str, randoms: int, timings: list[float]) -> arena.Player:
    """The computer, timed, except that the Goats' first ``randoms`` placements are
    picked by a seeded generator, so that games between equal computers differ."""
    rng = random.Random(randoms)

    def play(state: dict, _role: str) -> list[arena.Step]:
        if role == "goats" and state["moves"] < 2 * randoms:
            return [("place", LABELS[rng.choice(rules.legal_moves(state))[1]])]
        start = time.perf_counter()
        steps = ai.bot_steps(state, role, level=level)
        timings.append(time.perf_counter() - start)
        return steps

    return play


def bench(n_games: int, max_moves: int) -> None:
    g = games.get("goat_tiger")
    print(f"{n_games} games per level, bot against itself, at most {max_moves} moves each")
    for level in ai.LEVELS:
        times: list[float] = []
        tally = {"goats": 0, "tigers": 0, "draw": 0, "unfinished": 0}
        for n in range(n_games):
            seats = {role: _bench_player(level, role, n, times) for role in ("goats", "tigers")}
            res = arena.play(g, g.setup(n, {}), seats, max_turns=max_moves)["result"]
            if res is None:
                tally["unfinished"] += 1
            elif res["winners"]:
                tally[res["winners"][0]] += 1
            else:
                tally["draw"] += 1
        print(
            f"{level:>6}: {len(times)} moves, median {statistics.median(times):.3f} s, "
            f"max {max(times):.3f} s; {tally}",
            flush=True,
        )


if __name__ == "__main__":
    bench(
        int(sys.argv[1]) if len(sys.argv) > 1 else 3,
        int(sys.argv[2]) if len(sys.argv) > 2 else 200,
    )
