"""The metrics the table and the scheduler record (bot/metrics.py): moves by game, the
scheduler's lag, database errors (not a unique key's refusal, which the repository
expects in a race)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from prometheus_client import REGISTRY
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.scheduler import tick
from tests.support.table import HERE, MEERA, RAVI


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.mark.slow
async def test_moves_are_counted_by_game(table):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=5)
    await table.join(HERE, MEERA)
    moves = sample("darbar_moves_total", game="goat_tiger")
    steps = sample("darbar_steps_total", game="goat_tiger")
    assert not (await table.play(HERE, RAVI, "c3")).error
    assert (await table.play(HERE, RAVI, "c4")).error  # not their turn: nothing stored
    assert sample("darbar_moves_total", game="goat_tiger") == moves + 1
    assert sample("darbar_steps_total", game="goat_tiger") == steps + 1


async def test_the_scheduler_lag_is_how_late_the_oldest_business_it_handled_was(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=5)
    await table.join(HERE, MEERA)
    game = await repo.latest_game(HERE.channel_id)
    due = game.due_at  # the first idle reminder
    assert due is not None
    assert await tick(table, due - timedelta(minutes=1)) == []
    assert sample("darbar_scheduler_lag_seconds") == 0
    assert len(await tick(table, due + timedelta(seconds=90))) == 1
    assert sample("darbar_scheduler_lag_seconds") == pytest.approx(90)


async def test_database_errors_are_counted_but_not_a_unique_keys_refusal(repo):
    before = sample("darbar_database_errors_total", error="OperationalError")
    with pytest.raises(OperationalError):
        async with repo.engine.connect() as conn:
            await conn.execute(text("SELECT * FROM no_such_table"))
    assert sample("darbar_database_errors_total", error="OperationalError") == before + 1
    refused = sample("darbar_database_errors_total", error="IntegrityError")
    with pytest.raises(IntegrityError):
        async with repo.engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (k INTEGER PRIMARY KEY)"))
            await conn.execute(text("INSERT INTO t VALUES (1)"))
            await conn.execute(text("INSERT INTO t VALUES (1)"))
    assert sample("darbar_database_errors_total", error="IntegrityError") == refused
