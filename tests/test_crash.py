"""Crash safety: a real process playing moves is killed with SIGKILL at random
moments; afterwards every stored game's snapshot is exactly the replay of its log,
and SQLite reports an intact database (issue 7)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from db import Repository
from engine.replay import replay

pytestmark = pytest.mark.slow  # every test here takes seconds

ROOT = Path(__file__).resolve().parents[1]

CHILD = r'''
import asyncio, json, random, sys
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from engine import games

async def main(url, run):
    repo = await Repository.open(url)
    table = Table(repo)
    rng = random.Random(run)
    a, b = Actor("1", "a"), Actor("2", "b")
    places = [Place(channel_id=f"c{run}-{i}") for i in range(3)]
    for i, p in enumerate(places):
        game_id = "vijayanagara" if i % 2 else "goat_tiger"
        await table.new(p, a, game_id, seed=run * 10 + i)
        await table.join(p, b)
        if game_id == "vijayanagara":
            await table.start(p, a)
    while True:
        p = rng.choice(places)
        game = await repo.live_game(p.channel_id)
        if game is None:
            continue
        state = json.loads(game.state)
        g = games.get(game.game)
        role = g.view(state, None)["active"][0]
        actor = next(Actor(s.user_id, s.name) for s in await repo.seats(game.id)
                     if s.role == role)
        steps, _ = games.random_move(g, state, rng)
        line = " ".join(g.token(x, y) for x, y in steps)[:900]
        await table.play(p, actor, line)
        print("moved", flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
'''


def check_database(path: Path) -> int:
    with sqlite3.connect(path) as c:
        assert c.execute("pragma integrity_check").fetchone()[0] == "ok"

    async def replays() -> int:
        repo = await Repository.open(f"sqlite+aiosqlite:///{path}")
        checked = 0
        try:
            for game in await repo.list_games():
                if game.state is None:
                    continue
                steps = [(s.role, s.action, json.loads(s.arg) if s.arg else None)
                         for s in await repo.steps(game.id)]
                state = replay(game.game, game.seed, json.loads(game.options), steps)
                assert state == json.loads(game.state), f"game #{game.id} disagrees"
                checked += 1
        finally:
            await repo.close()
        return checked

    return asyncio.run(replays())


def test_sigkill_mid_play_never_leaves_a_half_applied_move(tmp_path):
    path = tmp_path / "crash.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(1)
    moves = 0
    for run in range(4):
        child = subprocess.Popen([sys.executable, "-c", CHILD, url, str(run)], cwd=ROOT,
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        want = rng.randint(5, 25)
        deadline = time.monotonic() + 60
        seen = 0
        while seen < want and time.monotonic() < deadline:
            if child.stdout.readline().startswith("moved"):
                seen += 1
        time.sleep(rng.random() * 0.05)  # land anywhere inside the next write
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        assert child.returncode == -signal.SIGKILL, child.stderr.read()[-2000:]
        assert seen == want, child.stderr.read()[-2000:]
        moves += seen
        assert check_database(path) >= 3
    print(f"\n  [crash] {moves} moves over 4 killed processes; every game replays")
