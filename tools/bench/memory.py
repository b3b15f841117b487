"""Section ``memory``: the resident memory of one bot process that plays all five games.

A clean process (spawned: its memory is the bot's, not the bench's) plays each game in
turn through the table on SQLite, several channels at once, with random legal whole moves
typed as a player types them, the board drawn after each and, in Taj Mahal, the hand
looked at now and then. After each game it prints what the process holds (VmRSS), what it
still holds once the heap it freed is given back (``bot.memory.trim``, as the bot does
every scheduler tick), and the most it held so far (VmHWM). The computer plays no seat:
its searches run in worker processes of their own, not counted here.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing as mp
import random
import tempfile
from pathlib import Path
from typing import Any

ORDER = ("goat_tiger", "vijayanagara", "rajas", "maharaja", "taj_mahal")
GOAL_MB = 200.0


async def _game(table: Any, repo: Any, game_id: str, n: int, moves: int,
                rng: random.Random) -> int:
    from bot.replies import Actor, Place
    from engine import games

    g = games.get(game_id)
    place = Place(f"mem-{game_id}-{n}", "bench")
    sides = games.sides(g, {})
    people = {role: Actor(f"m{n}{i}", f"player {i}") for i, role in enumerate(sides)}
    await table.new(place, people[sides[0]], game_id, role=sides[0], seed=1000 + n)
    for role in sides[1:]:
        await table.join(place, people[role], role=role)
    await table.start(place, people[sides[0]])  # refused, harmlessly, if it started itself
    made = 0
    while made < moves:
        game = await repo.live_game(place.channel_id)
        if game is None or game.status != "active":
            break
        state = json.loads(game.state)
        role = g.view(state, None)["active"][0]
        move, _ = games.random_move(g, state, rng)
        for line in games.typed_lines(g, state, role, move):
            reply = await table.play(place, people[role], line)
            if reply.error:
                raise RuntimeError(f"memory bench: {game_id} refused {line!r}: {reply.private}")
            if g.ONE_SIDE_EACH and rng.random() < 0.3:
                await table.hand(place, people[role])
        made += 1
    return made


async def _play(channels: int, moves: int) -> list[tuple[str, float, float, float]]:
    from bot import memory
    from bot.table import Table
    from db import Repository

    def figures(what: str) -> tuple[str, float, float, float]:
        now = memory.rss_mb() or (0.0, 0.0)
        memory.trim()
        trimmed = memory.rss_mb() or (0.0, 0.0)
        return what, now[0], trimmed[0], max(now[1], trimmed[1])

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'memory.sqlite3'}")
        try:
            table = Table(repo)
            rows.append(figures("(started)"))
            rng = random.Random(30)
            for game_id in ORDER:
                await asyncio.gather(*(_game(table, repo, game_id, n, moves, rng)
                                       for n in range(channels)))
                rows.append(figures(game_id))
        finally:
            await repo.close()
    return rows


def _worker(channels: int, moves: int, out: mp.Queue) -> None:
    out.put(asyncio.run(_play(channels, moves)))


def memory_figures(channels: int = 4, moves: int = 60) -> list[tuple[str, float, float, float]]:
    ctx = mp.get_context("spawn")
    out: mp.Queue = ctx.Queue()
    proc = ctx.Process(target=_worker, args=(channels, moves, out))
    proc.start()
    rows = out.get(timeout=1800)
    proc.join()
    print(f"memory (one process plays each game in turn, {channels} channels at once, "
          f"{moves} moves each, through the table on SQLite; resident MB):")
    print(f"  {'after':<14} {'now':>5} {'trimmed':>8} {'at most':>8}")
    for what, now, trimmed, peak in rows:
        print(f"  {what:<14} {now:>5.0f} {trimmed:>8.0f} {peak:>8.0f}")
    peak = max(row[3] for row in rows)
    print(f"  goal           {'met' if peak <= GOAL_MB else 'NOT met'} "
          f"(at most {GOAL_MB:.0f} MB; {peak:.0f})\n", flush=True)
    return rows
