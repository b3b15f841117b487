"""`darbar bench`: load figures, not a test.

For each backend (SQLite in a temp file; PostgreSQL on a throwaway server from
``db/pg_cluster.py``, or ``--db URL``):

1. stores ``--stored`` games (default 1,000): a mix of finished and active
   Goat-Tiger and Vijayanagara games with their real engine-generated step logs
   and snapshots, written straight into the tables;
2. plays ``--channels`` channels (default 50) of random legal whole moves
   concurrently through the real table layer (``Table.play`` with typed lines:
   load, engine, one version-checked write, PNG render), in ``--procs`` worker
   processes that each own a Table and a Repository and play disjoint channels;
   paced at ``--rate`` moves per second offered in total (each channel waits for
   its previous reply, as a player waits for the post), or as fast as the replies
   come with rate 0;
3. prints completed moves, moves per second, p50 / p99 latency of one move
   (typed line to reply, the image included), peak RSS per process and in total,
   and the number of stored games.

The moves are worked out before the clock starts (the engine is deterministic, so
the table reaches the same positions), so the figures measure the bot, not the
load generator. ``--quick`` leaves out the extra figures (renderer, computer
opponent, Vijayanagara per-move latency).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import multiprocessing as mp
import os
import random
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import renderer
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from engine import games
from renderer.__main__ import median_ms

GOAL_RATE, GOAL_P99_MS = 100.0, 500.0  # issue 7: twice Discord's global limit for one bot
# (processes, offered moves/s; 0 = flat out). The paced run offers 5 % over the goal so
# that the ramp-down at its end cannot hide a shortfall: it passes at >= 100 completed/s.
DEFAULT_RUNS = [(2, 105.0), (2, 0.0), (1, 0.0)]
WORDS_PER_LINE = 60  # a long random Vijayanagara turn is typed as several lines
# The stored mix: (game, finished?, share). Most stored games are over; Vijayanagara
# games are long and fewer.
STORED_MIX = [("goat_tiger", True, 0.55), ("goat_tiger", False, 0.15),
              ("vijayanagara", True, 0.20), ("vijayanagara", False, 0.10)]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def _cpu_ticks() -> tuple[int, int, int] | None:
    """(busy, stolen, total) CPU ticks of the whole machine so far (Linux): how busy it
    was, and how much time a virtual machine's host gave to others (steal)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    fields += [0] * (8 - len(fields))
    total = sum(fields[:8])  # guest time is already counted in user time
    return total - fields[3] - fields[4] - fields[7], fields[7], total


# --- the stored games ---------------------------------------------------------------------


@dataclass
class Played:
    """A game played with random legal moves: its log and where it stands."""

    game: str
    seed: int
    steps: list[tuple[str, str, object]]  # (role, action, arg)
    moves: list[tuple[str, list[str]]]  # (role to move, typed lines) per whole move
    state: dict


def _play(game_id: str, seed: int, max_moves: int) -> Played:
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


def _templates(stored: int) -> dict[tuple[str, bool], list[Played]]:
    """Distinct engine-played games to store (copies of them fill up ``stored``)."""
    kinds: dict[tuple[str, bool], list[Played]] = {}
    for game_id, finished, share in STORED_MIX:
        want = max(1, round(stored * share))
        distinct = min(want, 80 if game_id == "goat_tiger" else 8)  # a VJ game takes ~0.3 s
        rng = random.Random(f"{game_id}-{finished}")
        kinds[(game_id, finished)] = [
            _play(game_id, (1000 if finished else 2000) + i,
                  10_000 if finished else rng.randint(5, 40))
            for i in range(distinct)
        ]
    return kinds


async def _store_games(repo: Repository, stored: int,
                       templates: dict[tuple[str, bool], list[Played]], tag: str = "") -> None:
    """Insert ``stored`` games, their seats and logs in a few big statements (in channels
    named with ``tag``, so that a second bench on one database finds them free)."""
    from sqlalchemy import insert, select

    from db.models import Game, Seat, Step, seed_columns, utcnow

    now = utcnow()
    counts = [round(stored * share) for _, _, share in STORED_MIX]
    counts[0] = max(0, counts[0] + stored - sum(counts))
    plan: list[tuple[str, Played]] = []
    for (game_id, finished, _), n in zip(STORED_MIX, counts, strict=True):
        pool = templates[(game_id, finished)]
        plan += [(f"stored{tag}-{len(plan) + i}", pool[i % len(pool)]) for i in range(n)]
    if not plan:
        return
    g_rows, mods = [], {}
    for channel, p in plan:
        g = mods.setdefault(p.game, games.get(p.game))
        res = g.result(p.state)
        g_rows.append({
            "guild_id": f"bench{tag}", "channel_id": channel, "game": p.game, "options": "{}",
            **seed_columns(p.seed), "status": "finished" if res is not None else "active",
            "created_by": f"{channel}-a", "created_at": now, "updated_at": now,
            "version": 2 + len(p.moves), "state": json.dumps(p.state),
            "result": None if res is None else json.dumps(res),
        })
    async with repo.engine.begin() as conn:
        await conn.execute(insert(Game), g_rows)
        ids = dict((await conn.execute(
            select(Game.channel_id, Game.id).where(Game.guild_id == f"bench{tag}"))).all())
        seats, steps = [], []
        for n, (channel, p) in enumerate(plan):
            gid = ids[channel]
            if p.game == "goat_tiger":  # every third one against the computer
                bot = n % 3 == 0
                users = {"goats": f"{channel}-a", "tigers": None if bot else f"{channel}-b"}
                seats += [{"game_id": gid, "position": i, "role": role, "user_id": user,
                           "name": user or "Computer", "is_bot": user is None}
                          for i, (role, user) in enumerate(users.items())]
            else:  # one person holding all three factions
                users = dict.fromkeys(games.get(p.game).ROLES, f"{channel}-a")
                seats += [{"game_id": gid, "position": i, "role": role, "user_id": user,
                           "name": user, "is_bot": False}
                          for i, (role, user) in enumerate(users.items())]
            steps += [{"game_id": gid, "seq": i, "role": role, "user_id": users[role],
                       "action": action, "arg": None if arg is None else json.dumps(arg),
                       "created_at": now, "undone": False}
                      for i, (role, action, arg) in enumerate(p.steps, 1)]
        await conn.execute(insert(Seat), seats)
        for i in range(0, len(steps), 20_000):
            await conn.execute(insert(Step), steps[i:i + 20_000])


def _count_games(url: str) -> int:
    from sqlalchemy import func, select

    from db.models import Game

    async def go() -> int:
        repo = await Repository.open(url)
        try:
            async with repo.engine.connect() as conn:
                return (await conn.execute(select(func.count()).select_from(Game))).scalar_one()
        finally:
            await repo.close()

    return asyncio.run(go())


# --- the load: one worker process ------------------------------------------------------------


@dataclass
class Channel:
    place: Place
    actors: dict[str, Actor]  # role -> who types for it
    games: list[Played]  # played one after another; each opened when the last one ends


@dataclass
class WorkerSpec:
    url: str
    game: str
    channels: list[int]  # global channel numbers (they name the channels and seed the games)
    moves_per_channel: int
    rate: float  # moves per second offered by all channels of all workers together (0: flat out)
    total_channels: int
    run: int = 0  # seeds the arrivals
    tag: str = ""  # runs on one database play in channels of their own


def _channel(spec: WorkerSpec, n: int) -> Channel:
    place = Place(channel_id=f"load{spec.tag}-{spec.game}-{n}", guild_id="bench")
    g = games.get(spec.game)
    if spec.game == "goat_tiger":
        actors = {"goats": Actor(f"l{n}a", f"player-{n}a"),
                  "tigers": Actor(f"l{n}b", f"player-{n}b")}
    else:
        solo = Actor(f"l{n}a", f"player-{n}a")
        actors = dict.fromkeys(g.ROLES, solo)
    played, left, k = [], spec.moves_per_channel, 0
    while left > 0:
        p = _play(spec.game, 100_000 + 1000 * n + k, left)
        if not p.moves:
            break
        played.append(p)
        left -= len(p.moves)
        k += 1
    return Channel(place, actors, played)


async def _open(table: Table, ch: Channel, p: Played) -> None:
    first = next(iter(ch.actors.values()))
    if p.game == "goat_tiger":
        replies = [await table.new(ch.place, ch.actors["goats"], p.game, role="goats",
                                   seed=p.seed),
                   await table.join(ch.place, ch.actors["tigers"])]
    else:
        replies = [await table.new(ch.place, first, p.game, seed=p.seed),
                   await table.start(ch.place, first)]
    for r in replies:
        if r.error:
            raise RuntimeError(f"bench could not open a game in {ch.place.channel_id}: "
                               f"{r.private}")


@dataclass
class Tally:
    moves: int = 0
    opened: int = 0
    latencies: list[float] = field(default_factory=list)


def _arrivals(spec: WorkerSpec, t0: float) -> dict[int, list[float]]:
    """When each of the worker's channels may make its moves: one Poisson stream of
    ``rate`` moves per second for all channels of all workers (every worker draws the
    same one), dealt to the channels in turn."""
    rng = random.Random(f"arrivals-{spec.run}")
    times, t = [], t0
    for _ in range(spec.moves_per_channel * spec.total_channels):
        t += rng.expovariate(spec.rate)
        times.append(t)
    return {n: times[n::spec.total_channels] for n in spec.channels}


async def _drive(table: Table, ch: Channel, tally: Tally, due: list[float] | None) -> None:
    """Play the channel's planned moves, each when it is due (if a schedule is given)
    and never before the reply to the previous one."""
    k = 0
    for i, p in enumerate(ch.games):
        if i:
            await _open(table, ch, p)
            tally.opened += 1
        for role, lines in p.moves:
            if due:
                wait = due[k] - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                k += 1
            for line in lines:
                t = time.perf_counter()
                reply = await table.play(ch.place, ch.actors[role], line)
                tally.latencies.append(time.perf_counter() - t)
                if reply.error:
                    raise RuntimeError(f"bench move refused in {ch.place.channel_id}: "
                                       f"{reply.private}")
            tally.moves += 1


async def _worker_main(spec: WorkerSpec, ready, go, start, results) -> None:
    repo = await Repository.open(spec.url)
    try:
        table = Table(repo)
        renderer.warm()
        chans = [_channel(spec, n) for n in spec.channels]
        for ch in chans:  # untimed: every channel's first game is open before the clock starts
            await _open(table, ch, ch.games[0])
        ready.put(os.getpid())
        await asyncio.to_thread(go.wait)
        t0 = start.value  # the same instant for every worker (CLOCK_MONOTONIC)
        due = _arrivals(spec, t0) if spec.rate > 0 else {}
        await asyncio.sleep(max(0.0, t0 - time.monotonic()))
        tally = Tally()
        cpu0 = time.process_time()
        await asyncio.gather(*(_drive(table, ch, tally, due.get(n))
                               for n, ch in zip(spec.channels, chans, strict=True)))
        t1 = time.monotonic()
        results.put({"pid": os.getpid(), "moves": tally.moves, "opened": tally.opened,
                     "latencies": tally.latencies, "start": t0, "end": t1,
                     "cpu": time.process_time() - cpu0, "rss_mb": _maxrss_mb()})
    finally:
        await repo.close()


def _worker(spec: WorkerSpec, ready, go, start, results) -> None:
    try:
        asyncio.run(_worker_main(spec, ready, go, start, results))
    except BaseException:
        results.put({"error": traceback.format_exc()})
        ready.put(-1)


@dataclass
class LoadResult:
    game: str
    procs: int
    channels: int
    rate: float
    moves: int
    opened: int
    seconds: float
    latencies: list[float]
    rss_mb: list[float]
    cpu: float
    busy: tuple[float, float] | None = None  # machine CPU share: (busy, stolen by the host)

    @property
    def per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def met(self) -> bool:
        return self.per_second >= GOAL_RATE and _pct(self.latencies, 0.99) * 1000 < GOAL_P99_MS


def run_load(url: str, *, game: str = "goat_tiger", channels: int, moves: int, procs: int,
             rate: float, run: int = 0, tag: str = "", timeout: float = 900) -> LoadResult:
    """``moves`` whole moves (in total) over ``channels`` channels in ``procs`` fresh
    worker processes on the database at ``url``; returns the merged figures."""
    procs = max(1, min(procs, channels))
    per_channel = -(-moves // channels)
    ctx = mp.get_context("spawn")  # clean workers: their RSS is the bot's, not the bench's
    ready, results, go, start = ctx.Queue(), ctx.Queue(), ctx.Event(), ctx.Value("d", 0.0)
    workers = []
    for w in range(procs):
        spec = WorkerSpec(url, game, list(range(w, channels, procs)), per_channel, rate,
                          channels, run, tag or f"-{run}")
        p = ctx.Process(target=_worker, args=(spec, ready, go, start, results), daemon=True)
        p.start()
        workers.append(p)
    try:
        for _ in workers:
            if ready.get(timeout=timeout) == -1:
                raise RuntimeError(results.get(timeout=10)["error"])
        start.value = time.monotonic() + 0.1
        go.set()
        ticks0 = _cpu_ticks()
        got = [results.get(timeout=timeout) for _ in workers]
        ticks1 = _cpu_ticks()
    finally:
        for p in workers:
            p.join(timeout=10)
            if p.is_alive():
                p.kill()
    for r in got:
        if "error" in r:
            raise RuntimeError(f"bench worker failed:\n{r['error']}")
    seconds = max(r["end"] for r in got) - min(r["start"] for r in got)
    busy = None
    if ticks0 and ticks1 and ticks1[2] > ticks0[2]:
        total = ticks1[2] - ticks0[2]
        busy = ((ticks1[0] - ticks0[0]) / total, (ticks1[1] - ticks0[1]) / total)
    return LoadResult(game, procs, channels, rate, sum(r["moves"] for r in got),
                      sum(r["opened"] for r in got), seconds,
                      [x for r in got for x in r["latencies"]], [r["rss_mb"] for r in got],
                      sum(r["cpu"] for r in got), busy)


def _print_load(backend: str, r: LoadResult, stored: int, now: int) -> None:
    pace = f"paced at {r.rate:g} moves/s offered" if r.rate > 0 else "flat out (closed loop)"
    procs = f"{r.procs} process{'es' if r.procs > 1 else ''}"
    print(f"{backend} · {procs} · {r.channels} {r.game} channels · {pace}:")
    print(f"  moves completed      {r.moves} in {r.seconds:.1f} s"
          + (f" (+{r.opened} games opened on the way)" if r.opened else ""))
    print(f"  moves per second     {r.per_second:.1f}")
    print(f"  latency p50          {statistics.median(r.latencies) * 1000:.1f} ms"
          "   (typed line to reply, PNG included)")
    print(f"  latency p99          {_pct(r.latencies, 0.99) * 1000:.1f} ms")
    each = ", ".join(f"{m:.0f}" for m in r.rss_mb)
    print(f"  peak RSS             {sum(r.rss_mb):.0f} MB"
          + (f" ({each} per process)" if len(r.rss_mb) > 1 else ""))
    busy = ""
    if r.busy is not None:
        busy = f"; machine {r.busy[0]:.0%} busy"
        if r.busy[1] >= 0.01:
            busy += f", {r.busy[1]:.0%} taken by the host (steal)"
    print(f"  CPU per move         {r.cpu / max(1, r.moves) * 1000:.1f} ms in the bot processes"
          f"{busy}")
    print(f"  stored games         {stored} before the runs, {now} now")
    if r.game == "goat_tiger":
        verdict = "met" if r.met() else "NOT met"
        print(f"  goal                 {verdict} (>= {GOAL_RATE:.0f} moves/s, "
              f"p99 < {GOAL_P99_MS:.0f} ms)")


# --- the engine alone ---------------------------------------------------------------------


DETOURS = ("give", "cancel")


def engine_games(game_id: str, seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Random legal games played through the engine contract only (setup, view, act,
    result), as a computer player searching positions would: (games, steps, CPU seconds).
    Plays whole games until ``seconds`` of CPU time have gone."""
    g = games.get(game_id)
    n_games = n_steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        r = random.Random(first_seed + n_games)
        state = g.setup(first_seed + n_games, {})
        while g.result(state) is None:
            role = g.view(state, None)["active"][0]
            legal = games.legal_steps(g, g.view(state, role))
            # As the fuzzer does: no detours that undo themselves, unless nothing else is legal.
            action, arg = r.choice([s for s in legal if s[0] not in DETOURS] or legal)
            state = g.act(state, role, action, arg)
            n_steps += 1
        n_games += 1
    return n_games, n_steps, time.process_time() - t0


def engine_figures(seconds: float) -> None:
    print("engine alone (random legal games, one process; setup, view, act, result):")
    for game_id in ("goat_tiger", "vijayanagara", "taj_mahal", "rajas", "maharaja"):
        n, steps, cpu = engine_games(game_id, seconds)
        print(f"  {game_id:<13} {n / cpu:7.1f} games/s {steps / cpu:8.0f} steps/s "
              f"({steps / n:.0f} steps a game, {n} games)", flush=True)
    print(flush=True)


# --- undo late in a game ---------------------------------------------------------------------


def _long_log(length: int, seed: int = 1) -> list[tuple[str, str, object]]:
    """``length`` random legal Vijayanagara steps, from the start of a game. Giving and
    taking it back (`give`, `cancel`) are legal detours: they make a log as long as a long
    game's without ending it."""
    g = games.get("vijayanagara")
    r = random.Random(seed)
    state, log = g.setup(seed, {}), []
    while len(log) < length and g.result(state) is None:
        role = g.view(state, None)["active"][0]
        legal = games.legal_steps(g, g.view(state, role))
        detour = [x for x in legal if x[0] in DETOURS]
        action, arg = r.choice(detour if detour and r.random() < 0.6 else legal)
        state = g.act(state, role, action, arg)
        log.append((role, action, arg))
    return log


async def _undo_at(length: int, checkpoints: bool) -> float:
    """ms of one /undo through the table, after ``length`` steps by one player holding
    every side (written as the table writes them: a typed move, or a click, a write, with
    a checkpoint every CHECKPOINT_EVERY writes)."""
    from bot.table import CHECKPOINT_EVERY
    from db.repository import NewStep

    g = games.get("vijayanagara")
    user, place = Actor("1", "bench"), Place(channel_id=f"undo-{length}", guild_id="1")
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'undo.sqlite3'}")
        try:
            table = Table(repo)
            await table.new(place, user, "vijayanagara", role="delhi", seed=1)
            for role in ("bahmani", "vijayanagara"):
                await table.join(place, user, role)
            await table.start(place, user)
            game = await repo.latest_game(place.channel_id)
            state, move = json.loads(game.state), []
            for role, action, arg in _long_log(length):
                before = g.view(state, None)["move"]
                state = g.act(state, role, action, arg)
                move.append(NewStep(role, user.user_id, action, arg))
                # A completed move is one write, and so is each click of a detour.
                if action in DETOURS or g.view(state, None)["move"] != before:
                    game.version = await repo.append_steps(game, move, state)
                    move = []
                    if checkpoints and game.version % CHECKPOINT_EVERY == 0:
                        await repo.save_checkpoint(game.id, game.version, json.dumps(state))
            t0 = time.perf_counter()
            reply = await table.undo(place, user)
            ms = (time.perf_counter() - t0) * 1000
            assert not reply.error, reply.private
            return ms
        finally:
            await repo.close()


def undo_figures(lengths: tuple[int, ...]) -> None:
    print("undo of the last move, Vijayanagara, one player on every side (SQLite):")
    for n in lengths:
        before = asyncio.run(_undo_at(n, checkpoints=False))
        after = asyncio.run(_undo_at(n, checkpoints=True))
        print(f"  at step {n:>5}: {after:6.1f} ms from a checkpoint, {before:6.1f} ms "
              "replaying the whole log", flush=True)
    print(flush=True)


# --- extra figures ---------------------------------------------------------------------------


def _render_figures() -> None:
    from renderer import samples

    g = games.get("goat_tiger")
    mid = _play("goat_tiger", 7, 30).state
    view = g.view(mid, None)
    start_png = renderer.render("goat_tiger", g.view(g.setup(1, {}), None))
    times = []
    for _ in range(30):
        t0 = time.perf_counter()
        png = renderer.render("goat_tiger", view, players={"goats": "ravi", "tigers": "meera"})
        times.append(time.perf_counter() - t0)
    print("renderer (one thread, nothing else running):")
    print(f"  goat_tiger           {statistics.median(times) * 1000:.1f} ms, "
          f"{len(start_png) / 1024:.1f} KB at the start, {len(png) / 1024:.1f} KB mid-game")
    for name, v in samples.vijayanagara_views().items():
        times = []
        for _ in range(10):
            t0 = time.perf_counter()
            png = renderer.render("vijayanagara", v, players=samples.VIJAYANAGARA_PLAYERS)
            times.append(time.perf_counter() - t0)
        print(f"  vijayanagara {name:<8}{statistics.median(times) * 1000:.1f} ms, "
              f"{len(png) / 1024:.1f} KB")


def _think_times(game_id: str, seed: int, moves: int | None = None) -> list[float]:
    """CPU seconds of each computer move of a game the computer plays in every seat (the
    first ``moves`` of it, or the whole game)."""
    g = games.get(game_id)
    state = g.setup(seed, {})
    times: list[float] = []
    while g.result(state) is None and (moves is None or len(times) < moves):
        role = g.view(state, None)["active"][0]
        t0 = time.process_time()
        steps = g.bot_steps(state, role)
        times.append(time.process_time() - t0)
        for action, arg in steps:
            state = g.act(state, role, action, arg)
    return times


def _ai_figures(moves: int = 12) -> None:
    times = _think_times("goat_tiger", 3, moves)
    print(f"computer opponent (goat_tiger, first {len(times)} moves):")
    print(f"  think time           median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms")


# --- first acknowledgement under load: the real discord.py client ----------------------------
#
# The bot runs as `python -m bot` (its own process, as in production) against the fake Discord
# of tests/fake_discord.py on 127.0.0.1, which runs here, in the bench's process; so the clock
# that times an interaction (sent -> first callback) is not the bot's.

GOAL_ACK_MS, GOAL_AUTOCOMPLETE_MS = 1000.0, 300.0  # Discord drops what is not acked in 3 s
ACK_GAMES, ACK_ROUNDS, ACK_TYPERS = 32, 3, 8
ROOT = Path(__file__).resolve().parents[1]  # the checkout: `make bench` runs from it
BOT_TOKEN = "MTAxMDEwMTAxMDEw.bench.fake-token"  # shaped like a token; only the fake sees it


def _fake_discord() -> ModuleType | None:
    """The fake Discord of the tests, loaded from this checkout by path (``tests`` is not an
    installed package); None from an installed copy without the tests."""
    path = ROOT / "tests" / "fake_discord.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("darbar_bench_fake_discord", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@dataclass
class AckResult:
    games: int
    rounds: int
    typers: int
    acks: list[float] = field(default_factory=list)  # interaction sent -> first callback
    deferred: int = 0  # first callbacks that were a deferral (type 5 or 6)
    replies: list[float] = field(default_factory=list)  # sent -> the computer's move posted
    autocompletes: list[float] = field(default_factory=list)

    def met(self) -> bool:
        return (_pct(self.acks, 0.99) * 1000 < GOAL_ACK_MS
                and _pct(self.autocompletes, 0.99) * 1000 < GOAL_AUTOCOMPLETE_MS)


def _bot_env(fake, url: str) -> dict[str, str]:
    """The bench's environment without the developer's Discord, shard, reminder and database
    settings (`darbar` loads .env), pointed at the fake and a database of its own."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DISCORD_", "SHARD_", "REMINDER_", "DATABASE_URL"))}
    path = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return {**env, **fake.env, "DISCORD_TOKEN": BOT_TOKEN, "DATABASE_URL": url,
            "PYTHONPATH": path, "LOG_LEVEL": "WARNING"}


async def _until_synced(fake, proc: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the bot exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path,
                                timeout=0.5)
            return
        except TimeoutError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bot did not connect:\n{log.read_text()[-3000:]}") from None


async def _settled(handle, what: str) -> list:
    """An interaction's requests once it is answered in full (a deferral, its edit, followups)."""
    try:
        return await handle.wait_done(quiet=0.05, timeout=120)
    except TimeoutError:
        raise RuntimeError(f"no answer to {what}") from None


def _typers(n_games: int, n_typers: int) -> list[tuple[str, int]]:
    """Who types /play while the computers think, and in which channel: every other one in a
    game of their own (both sides, so always their turn), the rest are players waiting for
    the computer in theirs."""
    return [(f"t{j}", 2000 + n_games + j) if j % 2 == 0 else (f"p{j}", 2000 + j)
            for j in range(n_typers)]


async def _seat(fake, n_games: int, n_typers: int) -> None:
    """Player i opens a game against the computer in channel 2000 + i (Goats to move)."""
    async def vs_computer(i: int) -> None:
        await _settled(await fake.slash(
            f"p{i}", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new", channel_id=2000 + i), "/game new")

    async def both_sides(user: str, channel: int) -> None:
        await _settled(await fake.slash(user, "game", {"game": "goat_tiger", "side": "goats"},
                                        subcommand="new", channel_id=channel), "/game new")
        await _settled(await fake.slash(user, "game", {"side": "tigers"}, subcommand="join",
                                        channel_id=channel), "/game join")

    await asyncio.gather(*(vs_computer(i) for i in range(n_games)),
                         *(both_sides(user, channel)
                           for user, channel in _typers(n_games, n_typers)
                           if user.startswith("t")))


async def _next_lines(url: str, n_games: int, rnd: int) -> dict[int, str]:
    """A random legal Goat move for every game that waits for its player (read from the bot's
    database, so it works whatever the computer answered)."""
    g = games.get("goat_tiger")
    repo = await Repository.open(url)
    try:
        lines = {}
        for i in range(n_games):
            game = await repo.live_game(str(2000 + i))
            if game is None or game.status != "active":
                continue
            state = json.loads(game.state)
            if g.view(state, None)["active"] != ["goats"]:
                continue
            steps, _ = games.random_move(g, state, random.Random(f"ack-{rnd}-{i}"))
            lines[i] = " ".join(g.token(a, arg) for a, arg in steps)
        return lines
    finally:
        await repo.close()


async def _round(fake, lines: dict[int, str], n_games: int, n_typers: int, rnd: int,
                 out: AckResult) -> None:
    """Every player sends /play at once; typers ask autocomplete until the last reply."""
    done = asyncio.Event()

    async def play(i: int, line: str) -> None:
        t0 = time.monotonic()
        handle = await fake.slash(f"p{i}", "play", {"move": line}, channel_id=2000 + i)
        first = await handle.wait_response(timeout=120)
        out.acks.append(first.time - t0)
        out.deferred += first.json.get("type") in (5, 6)
        posted = [r.time for r in await _settled(handle, "/play")
                  if r.method == "POST" and "**Computer**" in json.dumps(r.json)]
        if posted:
            out.replies.append(posted[0] - t0)

    async def typer(user: str, channel: int) -> None:
        rng = random.Random(f"typer-{rnd}-{user}")
        while not done.is_set():
            typed = rng.choice(["", "a", "b", "c", "d", "e", "c3", "d4"])
            t0 = time.perf_counter()
            await fake.autocomplete(user, "play", {"move": typed}, "move", channel_id=channel,
                                    timeout=60)
            out.autocompletes.append(time.perf_counter() - t0)
            await asyncio.sleep(rng.uniform(0.05, 0.25))  # between keystrokes

    typing = [asyncio.create_task(typer(user, channel))
              for user, channel in _typers(n_games, n_typers)]
    try:
        await asyncio.gather(*(play(i, line) for i, line in lines.items()))
    finally:
        done.set()
        await asyncio.gather(*typing)


async def _ack_main(fd, n_games: int, rounds: int, n_typers: int) -> AckResult:
    out = AckResult(n_games, rounds, n_typers)
    users = {**{f"p{i}": 5000 + i for i in range(n_games)},
             **{user: 6000 + n for n, (user, _) in enumerate(_typers(n_games, n_typers))
                if user.startswith("t")}}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'ack.sqlite3'}"
        log = Path(tmp) / "bot.log"
        async with fd.FakeDiscord(users=users,
                                  channel_ids=range(2000, 2000 + n_games + n_typers)) as fake:
            with log.open("w") as sink:
                proc = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=tmp,
                                        env=_bot_env(fake, url), stdout=sink,
                                        stderr=subprocess.STDOUT)
            try:
                await _until_synced(fake, proc, log)
                await _seat(fake, n_games, n_typers)
                for rnd in range(rounds):
                    lines = await _next_lines(url, n_games, rnd)
                    await _round(fake, lines, n_games, n_typers, rnd, out)
                    await asyncio.sleep(0.5)  # let the last posts settle
            finally:
                # SIGTERM: a service manager's stop. Waited for off this loop, so the fake
                # keeps answering while the bot closes.
                proc.terminate()
                try:
                    await asyncio.to_thread(proc.wait, 30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    return out


def ack_figures(games_: int = ACK_GAMES, rounds: int = ACK_ROUNDS,
                typers: int = ACK_TYPERS) -> AckResult | None:
    fd = _fake_discord()
    if fd is None:
        print("discord acknowledgement: skipped, tests/fake_discord.py is not in this copy "
              "(run the bench from a checkout).\n")
        return None
    r = asyncio.run(_ack_main(fd, games_, rounds, typers))
    print(f"discord acknowledgement ({games_} goat_tiger games against the computer, all "
          f"sending /play at once, {rounds} round{'s' if rounds > 1 else ''}; meanwhile {typers} "
          "people type /play (autocomplete), in games of their own or waiting for the "
          "computer; `python -m bot` against the fake Discord on 127.0.0.1):")
    print(f"  first answer p50     {statistics.median(r.acks) * 1000:.0f} ms   "
          f"p99 {_pct(r.acks, 0.99) * 1000:.0f} ms   (interaction sent to its first callback; "
          f"{r.deferred} of {len(r.acks)} deferred)")
    print(f"  autocomplete p50     {statistics.median(r.autocompletes) * 1000:.0f} ms   "
          f"p99 {_pct(r.autocompletes, 0.99) * 1000:.0f} ms   ({len(r.autocompletes)} asked)")
    if r.replies:
        print(f"  computer's reply p50 {statistics.median(r.replies) * 1000:.0f} ms   "
              f"p99 {_pct(r.replies, 0.99) * 1000:.0f} ms   (sent to the post with its move)")
    verdict = "met" if r.met() else "NOT met"
    print(f"  goal                 {verdict} (first answer p99 < {GOAL_ACK_MS:.0f} ms, "
          f"autocomplete p99 < {GOAL_AUTOCOMPLETE_MS:.0f} ms)\n", flush=True)
    return r


# --- a Vijayanagara move by clicks versus typed -----------------------------------------------


async def _clicks_vs_typed(moves: int) -> tuple[list[float], list[float], list[int]]:
    """CPU seconds per whole move through the Table, the same moves played twice: by
    ``Table.click`` per step, and by ``Table.play`` lines."""
    played = _play("vijayanagara", 4242, moves)
    solo = Actor("vj-solo", "solo")
    typed, clicked = [], []
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}")
        try:
            table = Table(repo)
            renderer.warm()
            for name, cpu in (("typed", typed), ("clicked", clicked)):
                place = Place(channel_id=f"vj-{name}", guild_id="bench")
                await table.new(place, solo, "vijayanagara", seed=played.seed)
                reply = await table.start(place, solo)
                for _role, lines in played.moves:
                    t0 = time.process_time()
                    if name == "typed":
                        for line in lines:
                            reply = await table.play(place, solo, line)
                            _check(reply, place)
                    else:
                        for token in " ".join(lines).split():
                            reply = await table.click(place, solo, reply.game_id, reply.version,
                                                      token)
                            _check(reply, place)
                    cpu.append(time.process_time() - t0)
        finally:
            await repo.close()
    steps = [len(" ".join(lines).split()) for _role, lines in played.moves]
    return typed, clicked, steps


def _check(reply, place: Place) -> None:
    if reply.error:
        raise RuntimeError(f"bench move refused in {place.channel_id}: {reply.private}")


def click_figures(moves: int = 12) -> None:
    typed, clicked, steps = asyncio.run(_clicks_vs_typed(moves))
    per_step = sum(clicked) / sum(steps)
    print(f"vijayanagara, one whole move through the Table ({len(steps)} moves, "
          f"{statistics.mean(steps):.1f} steps a move on average; CPU of the bot process):")
    print(f"  by clicks            {statistics.mean(clicked) * 1000:.0f} ms CPU a move "
          f"({per_step * 1000:.0f} ms a click: Table.click per step)")
    print(f"  typed                {statistics.mean(typed) * 1000:.0f} ms CPU a move "
          "(Table.play, one line)\n", flush=True)


# --- the whole run ------------------------------------------------------------------------------


def _backends(backend: str, db: str | None) -> list[str]:
    if db:
        return ["postgresql" if db.startswith("postgres") else "sqlite"]
    return ["sqlite", "postgresql"] if backend == "both" else [backend]


def _summary_line(label: str, r: LoadResult) -> str:
    pace = f"{r.rate:g}/s" if r.rate > 0 else "max"
    goal = ("met" if r.met() else "not met") if r.game == "goat_tiger" else "-"
    return (f"  {label:<11} {r.procs:>5} {pace:>7} {r.per_second:>8.1f} "
            f"{statistics.median(r.latencies) * 1000:>7.0f} {_pct(r.latencies, 0.99) * 1000:>7.0f} "
            f"{sum(r.rss_mb):>8.0f}  {goal}")


# --- Taj Mahal: the picture, the hand, the computer, a move through the table ----------------


async def _taj_moves(moves: int) -> tuple[list[float], list[float]]:
    """Wall time of whole moves through the Table on SQLite: three people typing (store,
    picture), and one person against three computers (their turns included)."""
    g = games.get("taj_mahal")
    people = [Actor(f"b{i}", f"bench{i}") for i in range(3)]
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'taj.sqlite3'}")
        try:
            table = Table(repo)
            out: list[list[float]] = [[], []]
            for k, place in enumerate((Place("taj-3"), Place("taj-c"))):
                if k == 0:
                    await table.new(place, people[0], "taj_mahal", seed=5,
                                    options={"players": 3})
                    for person in people[1:]:
                        await table.join(place, person)
                else:
                    await table.new(place, people[0], "taj_mahal", seed=5, opponent="computer")
                seats = {s.role: s.user_id for s in await repo.seats(
                    (await repo.live_game(place.channel_id)).id)}
                by_id = {p.user_id: p for p in people}
                while len(out[k]) < moves:
                    game = await repo.latest_game(place.channel_id)
                    if game.status != "active":  # the computers finished the game
                        break
                    state = json.loads(game.state)
                    role = g.view(state, None)["active"][0]
                    line = " ".join(g.token(a, arg) for a, arg in g.bot_steps(state, role))
                    t0 = time.perf_counter()
                    r = await table.play(place, by_id[seats[role]], line)
                    assert not r.error or "stopped there" in (r.private or ""), r.private
                    out[k].append(time.perf_counter() - t0)
            return out[0], out[1]
        finally:
            await repo.close()


def taj_mahal_figures(moves: int = 30) -> None:
    g = games.get("taj_mahal")
    start = g.view(g.setup(1, {}), None)
    mid_state = _play("taj_mahal", 7, 40).state
    mid = g.view(mid_state, None)
    names = {"red": "ravi", "blue": "meera", "green": "arjun", "yellow": "Computer"}
    print("taj_mahal:")
    for label, view in (("start", start), ("mid-game", mid)):
        ms, png = median_ms(lambda v=view: renderer.render("taj_mahal", v, players=names), 15)
        print(f"  board {label:<9}     {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    role = g.view(mid_state, None)["active"][0]
    ms, png = median_ms(lambda: renderer.hand("taj_mahal", g.view(mid_state, role)), 15)
    print(f"  hand picture         {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    think = _think_times("taj_mahal", 3)
    print(f"  computer think time  median {statistics.median(think) * 1000:.1f} ms, "
          f"max {max(think) * 1000:.1f} ms CPU ({len(think)} turns of a 4-player game)")
    typed, computer = asyncio.run(_taj_moves(moves))
    print(f"  a typed turn         p50 {_pct(typed, 0.5) * 1000:.0f} ms, p99 "
          f"{_pct(typed, 0.99) * 1000:.0f} ms (three people; stored, drawn, {len(typed)} "
          "turns)")
    print(f"  against 3 computers  p50 {_pct(computer, 0.5) * 1000:.0f} ms, p99 "
          f"{_pct(computer, 0.99) * 1000:.0f} ms (the person's turn and the computers' "
          "replies)", flush=True)
    print(flush=True)


# --- Rajas: balance of computer games, pictures, think time -----------------------------------


def _rajas_games(seeds: list[int], players: int) -> dict:
    """Games the computer plays in every seat: rounds, wins by seat (the start player
    first), worker spaces and tiles used."""
    from collections import Counter

    g = games.get("rajas")
    rounds, by_seat, spaces, tiles = [], Counter(), Counter(), Counter()
    for seed in seeds:
        state = g.setup(seed, {"players": players})
        order = [state["roles"][(state["start"] + k) % players] for k in range(players)]
        while g.result(state) is None:
            role = g.view(state, None)["active"][0]
            for action, arg in g.bot_steps(state, role):
                if action == "place":
                    spaces[arg] += 1
                elif action == "tile":
                    tiles[arg] += 1
                state = g.act(state, role, action, arg)
        rounds.append(state["round"])
        for w in g.result(state)["winners"]:
            by_seat[order.index(w)] += 1
    return {"rounds": rounds, "wins_by_seat": dict(by_seat), "spaces": dict(spaces),
            "tiles": dict(tiles)}


def _rajas_match(seeds: list[int], opponent: str) -> int:
    """Games of 3 with the computer in one seat (a different one as the seed goes) and
    ``opponent`` players in the others: ``random`` (any legal step, rarely giving up a
    turn) or ``greedy`` (the step whose position is best straight away, judged by the
    computer's own measure, on a copy with the hidden future redrawn). The computer's
    wins."""
    import random

    from engine.games.rajas import ai
    from engine.games.rajas import rules as R

    wins = 0
    for seed in seeds:
        rnd = random.Random(seed)
        state = R.setup(seed, {"players": 3})
        me = state["roles"][seed % 3]
        while not state["result"]:
            role = R.active(state)[0]
            if role == me:
                for step in ai.bot_steps(state, role):
                    state = R.act(state, role, *step)
                continue
            legal = games.legal_steps(R, R.view(state, role))
            if opponent == "greedy":
                look = games.redealt(R, state, seed)
                step = max(legal, key=lambda s: ai.value(R.act(look, role, *s), role)
                           - (s[0] in ("pass", "skip", "stay")))
            else:
                step = rnd.choice([x for x in legal if x[0] not in ("pass", "skip", "stay")]
                                  or legal)
            state = R.act(state, role, *step)
        wins += me in state["result"]["winners"]
    return wins


def _seeds_split(fn, n_games: int, arg: object, procs: int = 2) -> list:
    """``fn(seeds, arg)`` for seeds 0…n-1 dealt over ``procs`` processes: their answers."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = [list(range(k, n_games, procs)) for k in range(procs)]
    with ProcessPoolExecutor(procs) as pool:
        return list(pool.map(fn, chunks, [arg] * procs))


def rajas_matches(n_games: int, opponent: str, procs: int = 2) -> int:
    return sum(_seeds_split(_rajas_match, n_games, opponent, procs))


def rajas_balance(n_games: int, players: int = 3, procs: int = 2) -> dict:
    """``_rajas_games`` for seeds 0…n-1, split over ``procs`` processes, added up."""
    from collections import Counter

    parts = _seeds_split(_rajas_games, n_games, players, procs)
    out: dict = {"games": n_games, "rounds": []}
    for key in ("wins_by_seat", "spaces", "tiles"):
        total: Counter = Counter()
        for part in parts:
            total.update(part[key])
        out[key] = dict(total)
    for part in parts:
        out["rounds"] += part["rounds"]
    return out


def rajas_figures(n_games: int) -> None:
    g = games.get("rajas")
    mid = _play("rajas", 7, 60).state
    view = g.view(mid, None)
    print("rajas:")
    ms, png = median_ms(lambda: renderer.render("rajas", view), 10)
    print(f"  board picture        {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    think = _think_times("rajas", 3, 40)
    print(f"  computer think time  median {statistics.median(think) * 1000:.0f} ms, "
          f"max {max(think) * 1000:.0f} ms CPU a turn")
    matches = max(2, n_games // 10)
    for opponent in ("random", "greedy"):
        won = rajas_matches(matches, opponent)
        print(f"  against 2 {opponent} players: the computer wins {won} of {matches}",
              flush=True)
    b = rajas_balance(n_games)
    r = b["rounds"]
    print(f"  {n_games} computer games of 3: {statistics.mean(r):.1f} rounds on average "
          f"({min(r)}–{max(r)}); wins by seat from the start player: "
          + ", ".join(f"{b['wins_by_seat'].get(k, 0)}" for k in range(3)))
    used = sorted(b["spaces"].items(), key=lambda x: -x[1])
    print("  worker spaces used: " + ", ".join(f"{k} {v}" for k, v in used))
    from engine.games.rajas.rules import TILES

    counts = [b["tiles"].get(t, 0) for t, x in TILES.items() if x["colour"] != "village"]
    print(f"  tiles built: {sum(c > 0 for c in counts)} of {len(counts)} different tiles, "
          f"each {min(counts)}–{max(counts)} times (median {statistics.median(counts):g})",
          flush=True)
    print(flush=True)


# --- Maharaja: the picture, think time, against random players, balance of colours ----------


def _maharaja_games(seeds: list[int], options: dict) -> dict:
    """Games the computer plays in every seat: wins by colour (a shared win split), points
    by colour and by nation, and the think time of each decision (CPU seconds)."""
    from collections import Counter

    from engine.games.maharaja import ai
    from engine.games.maharaja import rules as g

    wins: Counter = Counter()
    points: Counter = Counter()
    nations: Counter = Counter()
    think: list[float] = []
    for seed in seeds:
        state = g.setup(seed, options)
        while g.result(state) is None:
            role = g.view(state, None)["active"][0]
            while role in g.active(state) and g.result(state) is None:
                t0 = time.process_time()
                step = ai.choose(state, role)
                think.append(time.process_time() - t0)
                state = g.act(state, role, *step)
        winners = g.result(state)["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
        points.update(g.result(state)["scores"])
        nations.update(state["nation_vp"])
    return {"wins": wins, "points": points, "nations": nations, "think": think}


def _maharaja_match(seeds: list[int], players: int) -> int:
    """The computer's wins against random players (ai.wins_against_random)."""
    from engine.games.maharaja import ai

    return sum(ai.wins_against_random(seed, players) for seed in seeds)


def maharaja_balance(n_games: int, options: dict) -> dict:
    from collections import Counter

    parts = _seeds_split(_maharaja_games, n_games, options)
    out: dict = {"think": []}
    for key in ("wins", "points", "nations"):
        out[key] = sum((Counter(p[key]) for p in parts), Counter())
    for p in parts:
        out["think"] += p["think"]
    return out


def maharaja_figures(n_games: int) -> None:
    from engine.games.maharaja import ai
    from engine.games.maharaja import rules as g

    print("maharaja:")
    names = {"yellow": "ravi", "blue": "meera", "red": "arjun", "green": "Computer"}
    mid = g.setup(7, {})
    while mid["turn"] < 12:  # the computer in every seat up to the colonial age
        role = g.active(mid)[0]
        mid = g.act(mid, role, *ai.choose(mid, role))
    for label, state in (("start", g.setup(1, {})), ("turn 12", mid)):
        view = g.view(state, None)
        ms, png = median_ms(lambda v=view: renderer.render("maharaja", v, players=names), 10)
        print(f"  board {label:<9}     {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    matches = max(2, n_games // 5)
    won = sum(_seeds_split(_maharaja_match, matches, 4))
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


SECTIONS = ("engine", "undo", "load", "discord", "clicks", "taj_mahal", "rajas", "maharaja",
            "extra")


def run_bench(*, backend: str = "both", db: str | None = None, stored: int = 1000,
              channels: int = 50, moves: int = 2000,
              runs: list[tuple[int, float]] | None = None, vj_channels: int = 4,
              vj_moves: int = 40, quick: bool = False, pg_fsync: bool = True,
              only: list[str] | None = None, ack_games: int | None = None,
              ack_rounds: int | None = None) -> int:
    """``only``: some of SECTIONS. ``quick`` leaves out the extra figures and runs the Discord
    and click sections small."""
    sections = set(only or SECTIONS) - ({"extra"} if quick else set())
    t_start = time.monotonic()
    if "engine" in sections:
        engine_figures(2.0 if quick else 8.0)
    if "undo" in sections:
        undo_figures((1000,) if quick else (1000, 3000))
    if "load" in sections:
        _load_section(backend, db, stored, channels, moves, runs or DEFAULT_RUNS,
                      vj_channels if "extra" in sections else 0, vj_moves, pg_fsync)
    if "discord" in sections:
        n = ack_games or (4 if quick else ACK_GAMES)
        ack_figures(n, ack_rounds or (1 if quick else ACK_ROUNDS), max(1, n // 4))
    if "clicks" in sections:
        click_figures(2 if quick else 12)
    if "taj_mahal" in sections:
        taj_mahal_figures(6 if quick else 30)
    if "rajas" in sections:
        rajas_figures(2 if quick else 200)
    if "maharaja" in sections:
        maharaja_figures(2 if quick else 50)
    if "extra" in sections:
        _render_figures()
        _ai_figures()
    print(f"\n(bench took {time.monotonic() - t_start:.0f} s)")
    return 0


def _load_section(backend: str, db: str | None, stored: int, channels: int, moves: int,
                  runs: list[tuple[int, float]], vj_channels: int, vj_moves: int,
                  pg_fsync: bool) -> None:
    tag = "-" + secrets.token_hex(3)  # names this bench's channels
    templates = _templates(stored)
    shown = ", ".join(f"{p} process{'es' if p > 1 else ''} {f'at {r:g}/s' if r else 'flat out'}"
                      for p, r in runs)
    print(f"darbar bench: {stored} stored games; {channels} channels of goat_tiger, {moves} "
          f"moves a run ({shown}); {os.cpu_count()} CPUs\n", flush=True)
    summary = []
    for n, name in enumerate(_backends(backend, db)):
        with ExitStack() as stack:
            if db:
                url = db
            elif name == "sqlite":
                tmp = stack.enter_context(tempfile.TemporaryDirectory())
                url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
            else:
                from db.pg_cluster import PgCluster, PostgresNotFound

                try:
                    pg = stack.enter_context(PgCluster(fsync=pg_fsync))
                except (PostgresNotFound, RuntimeError, OSError) as e:
                    print(f"postgresql: skipped, no server could be started here ({e}).\n")
                    continue
                url = pg.url
            label = name if name == "sqlite" or db else (
                f"postgresql (fsync {'on' if pg_fsync else 'off'})")

            async def store(url: str = url) -> None:
                repo = await Repository.open(url)
                try:
                    await _store_games(repo, stored, templates, tag)
                finally:
                    await repo.close()

            t0 = time.monotonic()
            asyncio.run(store())
            before = _count_games(url)
            print(f"{label}: {stored} games stored in {time.monotonic() - t0:.1f} s", flush=True)
            for k, (p, rate) in enumerate(runs, 1):
                r = run_load(url, channels=channels, moves=moves, procs=p, rate=rate, run=k,
                             tag=f"{tag}-{k}")
                _print_load(label, r, before, _count_games(url))
                summary.append(_summary_line(name, r))
                print(flush=True)
            if n == 0 and vj_channels > 0:
                r = run_load(url, game="vijayanagara", channels=vj_channels, moves=vj_moves,
                             procs=1, rate=0, run=len(runs) + 1, tag=f"{tag}-vj")
                _print_load(label, r, before, _count_games(url))
                print(flush=True)
    if summary:
        print(f"summary ({channels} goat_tiger channels, {stored} stored games; "
              f"goal >= {GOAL_RATE:.0f} moves/s with p99 < {GOAL_P99_MS:.0f} ms):")
        print(f"  {'backend':<11} {'procs':>5} {'offered':>7} {'moves/s':>8} {'p50 ms':>7} "
              f"{'p99 ms':>7} {'RSS MB':>8}  goal")
        print("\n".join(summary), flush=True)
        print(flush=True)
