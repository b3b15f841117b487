"""`darbar bench`: figures, not a test.

Plays many Goat-Tiger games concurrently through the real table layer (typed
moves, SQLite write, board image) and prints moves per second, the median and
p99 latency of one move, render time and PNG size, and the computer's think
time. Then the same for Vijayanagara (one player holding all three factions):
latency per move through the table layer, render time and PNG size.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import renderer
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from engine import games

GAME = "goat_tiger"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _random_line(g, state: dict, rng: random.Random) -> str:
    """A whole legal move for the side to move, as a typed line."""
    steps, _ = games.random_move(g, state, rng)
    return " ".join(g.token(action, arg) for action, arg in steps)


async def _play_random(table: Table, repo: Repository, place: Place, moves: int,
                       actor_for, rng: random.Random, latencies: list[float]) -> int:
    """Up to ``moves`` random whole moves, typed; ``actor_for(state)`` says who types."""
    played = 0
    for _ in range(moves):
        game = await repo.live_game(place.channel_id)
        if game is None:
            break
        state = json.loads(game.state)
        words = _random_line(games.get(game.game), state, rng).split()
        # A long random turn may exceed one typed line; part of a move is a legal line too.
        for i in range(0, len(words), 60):
            t0 = time.perf_counter()
            reply = await table.play(place, actor_for(state), " ".join(words[i:i + 60]))
            latencies.append(time.perf_counter() - t0)
            if reply.error:
                raise RuntimeError(f"bench move refused: {reply.private}")
        played += 1
    return played


async def _play_game(table: Table, repo: Repository, n: int, moves: int,
                     latencies: list[float]) -> int:
    place = Place(channel_id=f"bench-{n}", guild_id="bench")
    a, b = Actor(f"a{n}", f"player-a{n}"), Actor(f"b{n}", f"player-b{n}")
    await table.new(place, a, GAME, role="goats", seed=n)
    await table.join(place, b)
    return await _play_random(table, repo, place, moves,
                              lambda st: a if st["to_move"] == "goats" else b,
                              random.Random(n), latencies)


async def _play_vijayanagara(table: Table, repo: Repository, n: int, moves: int,
                             latencies: list[float]) -> int:
    place = Place(channel_id=f"bench-vj-{n}", guild_id="bench")
    solo = Actor(f"v{n}", f"player-v{n}")  # one player holds all three factions
    await table.new(place, solo, "vijayanagara", seed=n)
    await table.start(place, solo)
    return await _play_random(table, repo, place, moves, lambda st: solo,
                              random.Random(n), latencies)


def _vijayanagara_render() -> list[tuple[str, float, int]]:
    from renderer import samples

    out = []
    for name, view in samples.vijayanagara_views().items():
        times = []
        for _ in range(10):
            t0 = time.perf_counter()
            png = renderer.render("vijayanagara", view, players=samples.VIJAYANAGARA_PLAYERS)
            times.append(time.perf_counter() - t0)
        out.append((name, statistics.median(times), len(png)))
    return out


def _render_figures() -> tuple[float, int, int]:
    g = games.get(GAME)
    rng = random.Random(7)
    state = g.setup(7, {})
    for _ in range(30):  # a busy mid-game position
        if g.result(state) is not None:
            break
        role = g.view(state, None)["active"][0]
        for tok in _random_line(g, state, rng).split():
            action, arg = games.step_for_token(g, state, role, tok)
            state = g.act(state, role, action, arg)
    view = g.view(state, None)
    start_png = renderer.render(GAME, g.view(g.setup(1, {}), None))
    times = []
    for _ in range(30):
        t0 = time.perf_counter()
        png = renderer.render(GAME, view, players={"goats": "ravi", "tigers": "meera"})
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(start_png), len(png)


def _ai_figures() -> tuple[float, float]:
    g = games.get(GAME)
    state = g.setup(3, {})
    times = []
    while g.result(state) is None and state["moves"] < 60:
        role = g.view(state, None)["active"][0]
        t0 = time.perf_counter()
        steps = g.bot_steps(state, role)
        times.append(time.perf_counter() - t0)
        for action, arg in steps:
            state = g.act(state, role, action, arg)
    return statistics.median(times), max(times)


async def _bench(games_n: int, moves: int, db: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = db or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
        repo = await Repository.open(url)
        table = Table(repo)
        latencies: list[float] = []
        t0 = time.perf_counter()
        counts = await asyncio.gather(*(_play_game(table, repo, n, moves, latencies)
                                        for n in range(games_n)))
        wall = time.perf_counter() - t0
        await repo.close()
    total = sum(counts)
    print(f"table layer, {games_n} concurrent games on SQLite, typed moves incl. DB write + PNG:")
    print(f"  moves completed      {total}")
    print(f"  moves per second     {total / wall:.1f}")
    print(f"  latency median       {statistics.median(latencies) * 1000:.1f} ms")
    print(f"  latency p99          {_pct(latencies, 0.99) * 1000:.1f} ms")
    render_s, start_size, mid_size = _render_figures()
    print("renderer:")
    print(f"  render time median   {render_s * 1000:.1f} ms")
    print(f"  PNG size start / mid {start_size / 1024:.1f} KB / {mid_size / 1024:.1f} KB")
    med, worst = _ai_figures()
    print("computer opponent (normal):")
    print(f"  think time median    {med * 1000:.0f} ms, max {worst * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(db or f"sqlite+aiosqlite:///{Path(tmp) / 'vj.sqlite3'}")
        table = Table(repo)
        vj: list[float] = []
        t0 = time.perf_counter()
        vj_games = max(1, games_n // 2)
        counts = await asyncio.gather(*(_play_vijayanagara(table, repo, n, moves, vj)
                                        for n in range(vj_games)))
        wall = time.perf_counter() - t0
        await repo.close()
    print(f"Vijayanagara, {vj_games} concurrent games, typed moves incl. DB write + PNG:")
    print(f"  moves completed      {sum(counts)} ({sum(counts) / wall:.1f} per second)")
    print(f"  latency median       {statistics.median(vj) * 1000:.1f} ms")
    print(f"  latency p99          {_pct(vj, 0.99) * 1000:.1f} ms")
    for name, secs, size in _vijayanagara_render():
        print(f"  render {name:<8}      {secs * 1000:.1f} ms, {size / 1024:.1f} KB")


def run_bench(*, games: int, moves: int, db: str | None) -> int:
    asyncio.run(_bench(games, moves, db))
    return 0
