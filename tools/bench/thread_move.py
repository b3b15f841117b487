"""Section ``threads``: a move in a game's own thread against the same move in a channel
(issue 41: they should cost the same).

One process, SQLite, the same recorded moves played through ``Table.play`` in games opened
the two ways: in a channel as before, and from a channel that gives each game a thread of
its own (a stand-in for the face's opener, which returns a new thread's id), so the game
lives in the thread with its ``gamethread`` row. Rounds alternate which goes first, so a
machine's drift falls on both. Printed side by side: CPU per move, the p50 and p99 of a
move's time, and the difference. What differs on Discord (the post goes to the thread's
id instead of the channel's) is the same request either way; renaming and adding members
happen when seats change, never on a move."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from engine import games
from tools.bench.common import pct, play
from tools.bench.load import open_game

WHERE = ("channel", "thread")


class _Opener:
    """The face's thread opener as the table sees it: a new thread's id each time."""

    def __init__(self) -> None:
        self.made = 0

    async def open(self, name: str) -> str:
        self.made += 1
        return f"bench-thread-{self.made}"


@dataclass
class Where:
    moves: int = 0
    cpu: float = 0.0  # seconds
    times: list[float] = field(default_factory=list)  # each move's wall time, seconds

    @property
    def cpu_ms(self) -> float:
        return self.cpu / max(1, self.moves) * 1000


async def _measure(game_id: str, moves: int, rounds: int, url: str) -> dict[str, Where]:
    g = games.get(game_id)
    actors = {role: Actor(f"tm{i}", f"player {i}") for i, role in enumerate(games.sides(g, {}))}
    recorded = play(game_id, 41_000, moves)
    out = {w: Where() for w in WHERE}
    repo = await Repository.open(url)
    opener = _Opener()
    try:
        table = Table(repo)
        for n in range(rounds):
            for where in WHERE if n % 2 == 0 else WHERE[::-1]:
                parent = Place(f"{where}-{n}", "bench",
                               opener=opener if where == "thread" else None)
                lives = Place(f"bench-thread-{opener.made + 1}", "bench") \
                    if where == "thread" else parent
                await open_game(table, parent, actors, game_id, recorded.seed, lives)
                if await repo.live_game(lives.channel_id) is None:
                    raise RuntimeError(f"bench: the {where} game is not where it should be")
                tally = out[where]
                t0 = time.process_time()
                for role, lines in recorded.moves:
                    w0 = time.perf_counter()
                    for line in lines:
                        if (reply := await table.play(lives, actors[role], line)).error:
                            raise RuntimeError(f"bench move refused: {reply.private}")
                    tally.times.append(time.perf_counter() - w0)
                    tally.moves += 1
                tally.cpu += time.process_time() - t0
    finally:
        await repo.close()
    return out


def thread_costs(game_id: str = "goat_tiger", moves: int = 30,
                 rounds: int = 4) -> dict[str, Where]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'threads.sqlite3'}"
        return asyncio.run(_measure(game_id, moves, rounds, url))


def thread_figures(moves: int = 30, rounds: int = 4, game_id: str = "goat_tiger") -> None:
    got = thread_costs(game_id, moves, rounds)
    print(f"\na move in a game's own thread against one in its channel (SQLite, {game_id}, "
          f"the same {moves} moves, {rounds} rounds each; goal: the same):")
    print(f"  {'where':<8} {'moves':>6} {'CPU ms':>7} {'p50 ms':>7} {'p99 ms':>7}")
    for where, w in got.items():
        print(f"  {where:<8} {w.moves:>6} {w.cpu_ms:>7.2f} "
              f"{statistics.median(w.times) * 1000:>7.2f} {pct(w.times, 0.99) * 1000:>7.2f}")
    channel, thread = got["channel"], got["thread"]
    diff = (thread.cpu_ms - channel.cpu_ms) / channel.cpu_ms if channel.cpu_ms else 0.0
    print(f"  thread against channel: {diff:+.1%} CPU per move", flush=True)


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", type=int, default=30, help="moves a game")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--game", default="goat_tiger")
    a = ap.parse_args()
    thread_figures(a.n, a.rounds, a.game)
