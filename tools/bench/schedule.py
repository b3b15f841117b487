"""Section ``schedule``: /mygames for a player in 50 games among 100,000 stored, the
"Next game waiting on you" button every move's confirmation carries (issue 40: one
indexed query), and the scheduler's tick over the same 100,000 games (nothing due, and a
batch of reminders due), on SQLite and PostgreSQL.

The games are written straight into the tables (a bulk insert: the table would take
minutes to open 100,000 games), each as the table stores one: an active Goat-Tiger game
with two seats, its pace and its next due time."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, text

from bot.pace import Pace
from bot.replies import Actor, Place
from bot.scheduler import tick
from bot.table import Table
from db import Game, Repository, Seat
from engine import games

PLAYER = Actor("42", "bench")
NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


async def _store(repo: Repository, total: int, mine: int, due: int) -> None:
    g = games.get("goat_tiger")
    state = json.dumps(g.setup(1, {}))
    rng = random.Random(1)
    chosen = set(rng.sample(range(total), mine))
    pace = Pace().settled(["goats"], NOW - timedelta(days=2), {})
    pace_json = json.dumps(pace.to_json())
    batch = 5000
    async with repo.engine.begin() as conn:
        for start in range(0, total, batch):
            rows, seats = [], []
            for i in range(start, min(total, start + batch)):
                # A few games are due now (a reminder); the rest at their next reminder.
                at = NOW - timedelta(minutes=1) if i < due else NOW + timedelta(
                    minutes=rng.randrange(1, 60 * 24 * 30))
                rows.append({"id": i + 1, "guild_id": str(1000 + i % 500),
                             "channel_id": str(10_000 + i), "game": "goat_tiger",
                             "options": "{}", "seed_int": i, "status": "active",
                             "created_by": "1", "created_at": NOW - timedelta(days=2),
                             "updated_at": NOW - timedelta(days=2), "version": 2,
                             "state": state, "pace": pace_json, "due_at": at,
                             "awaiting": "goats",
                             "waiting_since": NOW - timedelta(days=2, minutes=i % 997)})
                first = PLAYER.user_id if i in chosen else str(100 + rng.randrange(5000))
                seats += [{"game_id": i + 1, "position": 0, "role": "goats",
                           "user_id": first, "name": "goat", "is_bot": False},
                          {"game_id": i + 1, "position": 1, "role": "tigers",
                           "user_id": str(100 + rng.randrange(5000)), "name": "tiger",
                           "is_bot": False}]
            await conn.execute(insert(Game), rows)
            await conn.execute(insert(Seat), seats)
        if repo.engine.dialect.name == "postgresql":
            await conn.execute(text(f"SELECT setval('game_id_seq', {total + 1})"))
        # The planner's statistics, as a database in service has them (PostgreSQL's
        # autovacuum): straight after a bulk insert it has none, and joins the seats to
        # all 100,000 games instead of the player's 50 (80 ms instead of 2).
        await conn.execute(text("ANALYZE"))


async def _figures(url: str, total: int, mine: int, due: int) -> dict[str, float]:
    repo = await Repository.open(url)
    try:
        t = time.perf_counter()
        await _store(repo, total, mine, due)
        stored = time.perf_counter() - t
        table = Table(repo, now=lambda: NOW)
        here = Place("1", None)
        mygames = []
        for _ in range(20):
            t = time.perf_counter()
            reply = await table.my_games(here, PLAYER)
            mygames.append((time.perf_counter() - t) * 1000)
        assert f"{mine} in all" in (reply.private or ""), reply.private
        nexts = []
        for _ in range(50):
            t = time.perf_counter()
            link = await table.next_game_link(PLAYER, after_game=1)
            nexts.append((time.perf_counter() - t) * 1000)
        assert link is not None
        idle = []
        for _ in range(20):
            t = time.perf_counter()
            assert await tick(table, NOW - timedelta(hours=1)) == []
            idle.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        done = await tick(table, NOW)
        busy = (time.perf_counter() - t) * 1000
        assert len(done) == due, len(done)
        return {"stored_s": stored, "mygames_ms": statistics.median(mygames),
                "next_ms": statistics.median(nexts), "next_max_ms": max(nexts),
                "mygames_max_ms": max(mygames), "idle_ms": statistics.median(idle),
                "busy_ms": busy}
    finally:
        await repo.close()


def schedule_figures(total: int = 100_000, mine: int = 50, due: int = 200,
                     backends: tuple[str, ...] = ("sqlite", "postgresql")) -> None:
    print(f"\n## Your games and the scheduler: {total:,} active games stored, a player in "
          f"{mine}, {due} reminders due at once")
    print(f"{'backend':<12} {'/mygames ms (p50 / max)':>24} {'next game ms (p50 / max)':>25} "
          f"{'tick, nothing due ms':>21} "
          f"{'tick, ' + str(due) + ' due ms':>17} {'per due game ms':>16}")
    for name in backends:
        with ExitStack() as stack:
            if name == "sqlite":
                tmp = stack.enter_context(tempfile.TemporaryDirectory())
                url = f"sqlite+aiosqlite:///{Path(tmp) / 'schedule.sqlite3'}"
            else:
                from tools.pg_cluster import PgCluster, PostgresNotFound

                try:
                    url = stack.enter_context(PgCluster()).url
                except (PostgresNotFound, RuntimeError, OSError) as e:
                    print(f"{name:<12} skipped: no server could be started here ({e})")
                    continue
            f = asyncio.run(_figures(url, total, mine, due))
            print(f"{name:<12} {f['mygames_ms']:>13.1f} / {f['mygames_max_ms']:<8.1f} "
                  f"{f['next_ms']:>14.2f} / {f['next_max_ms']:<8.2f} "
                  f"{f['idle_ms']:>21.2f} {f['busy_ms']:>17.0f} {f['busy_ms'] / due:>16.2f}"
                  f"   (stored in {f['stored_s']:.0f} s)")


if __name__ == "__main__":
    schedule_figures()
