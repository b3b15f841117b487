"""Section ``memory``: the resident memory of one bot process that plays all five games,
and how soon a process can draw and a computer's worker can answer (start-up).

A clean process (spawned: its memory is the bot's, not the bench's) loads the Discord face
(discord.py, the bot's client with every command and button registered, as ``python -m
bot`` holds them; nothing connects), then plays each game in turn through the table on
SQLite, ten channels at once (50 games in all), with random legal whole moves
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
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ORDER = ("goat_tiger", "vijayanagara", "rajas", "maharaja", "taj_mahal")
GOAL_MB = 200.0
# Issue 40's baseline: the same load before (turn 3) and at the issue (turn 4).
BASELINE = "turn 3: 266-316 MB; turn 4: 249 MB with the Discord face, 229 without"
GOAL_IMPORT_S = 0.2  # `import renderer`, CPU beyond a bare interpreter's start
GOAL_WORKER_S = 0.5  # from asking the pool to the first search's answer


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


def _load_face(database_url: str) -> Any:
    """The Discord face as the bot holds it: the client, every slash command on its tree
    and every button's dynamic item (``DarbarBot.setup_hook``'s registrations; the table
    is the bench's own, and nothing connects to Discord)."""
    from bot.discord_face.buttons import ITEMS
    from bot.discord_face.commands import add_commands
    from bot.discord_face.running import make_bot

    bot = make_bot({}, database_url=database_url)
    add_commands(bot.tree)
    bot.add_dynamic_items(*ITEMS.values())
    return bot


async def _play(channels: int, moves: int) -> list[tuple[str, float, float, float]]:
    from bot import memory
    from bot.table import Table
    from db import Repository, migrations

    def figures(what: str) -> tuple[str, float, float, float]:
        now = memory.rss_mb() or (0.0, 0.0)
        memory.trim()
        trimmed = memory.rss_mb() or (0.0, 0.0)
        return what, now[0], trimmed[0], max(now[1], trimmed[1])

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'memory.sqlite3'}"
        face = _load_face(url)
        await migrations.upgrade_apart(url)  # as the bot opens its database
        repo = await Repository.open(url)
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
            await face.close()
    return rows


def _worker(channels: int, moves: int, out: mp.Queue) -> None:
    from bot.memory import limit_arenas

    limit_arenas()  # as `darbar run` does
    out.put(asyncio.run(_play(channels, moves)))


def memory_figures(channels: int = 10, moves: int = 60) -> list[tuple[str, float, float, float]]:
    ctx = mp.get_context("spawn")
    out: mp.Queue = ctx.Queue()
    proc = ctx.Process(target=_worker, args=(channels, moves, out))
    proc.start()
    rows = out.get(timeout=1800)
    proc.join()
    print(f"memory (one process with the Discord face loaded plays each game in turn, "
          f"{channels} channels at once, {channels * len(ORDER)} games in all, {moves} moves "
          f"each, through the table on SQLite; resident MB):")
    print(f"  {'after':<14} {'now':>5} {'trimmed':>8} {'at most':>8}")
    for what, now, trimmed, peak in rows:
        print(f"  {what:<14} {now:>5.0f} {trimmed:>8.0f} {peak:>8.0f}")
    peak = max(row[3] for row in rows)
    print(f"  goal           {'met' if peak <= GOAL_MB else 'NOT met'} "
          f"(at most {GOAL_MB:.0f} MB; {peak:.0f}; {BASELINE})\n", flush=True)
    return rows


def _cpu_of(code: str, runs: int) -> float:
    """Median CPU seconds (user + system) of a fresh interpreter running ``code``, less a
    bare interpreter's start measured in turn with it."""
    def cpu(snippet: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", snippet], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    return statistics.median(cpu(code) - cpu("pass") for _ in range(runs))


def worker_ready() -> None:
    """Print how long a new pool takes from the first call to its first answer (the fork
    server started, what a worker imports loaded, a worker forked; the call itself is
    trivial), and whether the new worker's first search answers what the search answers
    here."""
    import asyncio

    from bot import in_worker, workers
    from engine import games

    g: Any = games.get("goat_tiger")
    state = g.setup(1)

    async def first_answers() -> tuple[float, object]:
        start = time.perf_counter()
        await pool.run(os.getpid)
        ready = time.perf_counter() - start
        steps, _ = await pool.run(in_worker.search, "goat_tiger", state, "goats")
        return ready, steps

    pool = workers.Pool(1)
    try:
        seconds, steps = asyncio.run(first_answers())
    finally:
        pool.shutdown()
    print(f"{seconds:.4f} {steps == g.bot_steps(state, 'goats')}")


def startup_figures(runs: int = 5) -> tuple[float, float, float]:
    """`import renderer` and the five games' pictures (CPU), and a worker's readiness."""
    renderer_s = _cpu_of("import renderer", runs)
    pictures = "; ".join(f"import renderer.{game}" for game in ORDER)
    pictures_s = _cpu_of(f"import renderer; {pictures}", runs)
    ready = []
    for _ in range(runs):
        said = subprocess.run([sys.executable, "-c", "from tools.bench.memory import "
                               "worker_ready; worker_ready()"], check=True,
                              capture_output=True, text=True).stdout.split()
        if said[1] != "True":
            raise RuntimeError("start-up bench: a new worker's first search answered wrong")
        ready.append(float(said[0]))
    worker_s = statistics.median(ready)
    load = os.getloadavg()[0]
    print(f"start-up (median of {runs} fresh processes; load {load:.1f}):")
    print(f"  import renderer          {renderer_s * 1000:5.0f} ms CPU   goal "
          f"{'met' if renderer_s < GOAL_IMPORT_S else 'NOT met'} (under "
          f"{GOAL_IMPORT_S * 1000:.0f} ms; beyond a bare interpreter's start)")
    print(f"  and the five pictures    {pictures_s * 1000:5.0f} ms CPU")
    print(f"  a worker's first answer  {worker_s * 1000:5.0f} ms        goal "
          f"{'met' if worker_s < GOAL_WORKER_S else 'NOT met'} (under "
          f"{GOAL_WORKER_S * 1000:.0f} ms; a new pool's first call, its wall time; its "
          "first search checked)\n", flush=True)
    return renderer_s, pictures_s, worker_s
