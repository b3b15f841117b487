"""PostgreSQL only: truly concurrent writers on separate connections (two engines, as two
bot processes would have) and the partial unique index. A third connection holds the
contested lock until both writers are queued behind it, so they really overlap."""

import asyncio
import json

import pytest
from sqlalchemy import text

from db import ChannelBusy, NewStep, Repository, Seat, VersionConflict


@pytest.fixture
async def two_repos(pg_db_url):
    a = await Repository.open(pg_db_url)
    b = await Repository.open(pg_db_url)
    yield a, b
    await a.close()
    await b.close()


async def new_game(repo, channel="c1"):
    return await repo.create_game(
        guild_id="g", channel_id=channel, game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="ravi")])


async def waiting_on_locks(repo) -> int:
    async with repo.engine.connect() as conn:
        q = text("SELECT count(*) FROM pg_stat_activity "
                 "WHERE datname = current_database() AND wait_event_type = 'Lock'")
        return (await conn.execute(q)).scalar()


async def until_waiting(repo, n: int, tasks) -> None:
    for _ in range(500):
        if await waiting_on_locks(repo) >= n:
            return
        done = [t for t in tasks if t.done()]
        assert not done, f"a writer finished before the lock was released: {done[0]}"
        await asyncio.sleep(0.01)
    raise AssertionError(f"{n} writers never queued on the lock")


@pytest.mark.slow
async def test_two_concurrent_appends_on_one_version_apply_once(two_repos):
    a, b = two_repos
    game = await new_game(a)
    async with a.engine.connect() as blocker:
        await blocker.execute(text("SELECT 1 FROM game WHERE id = :id FOR UPDATE"),
                              {"id": game.id})
        tasks = [asyncio.create_task(r.append_steps(
                     game, [NewStep("goats", "u1", "place", cell)], {"by": cell}))
                 for r, cell in ((a, "c3"), (b, "d3"))]
        await until_waiting(a, 2, tasks)
        await blocker.rollback()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert applied == [game.version + 1], results
    assert sum(isinstance(r, VersionConflict) for r in results) == 1, results
    steps = await b.steps(game.id)
    fresh = await b.get_game(game.id)
    assert fresh.version == game.version + 1
    assert len(steps) == 1 and json.loads(fresh.state) == {"by": json.loads(steps[0].arg)}


@pytest.mark.slow
async def test_two_racing_creates_on_one_channel_give_one_game(two_repos):
    a, b = two_repos
    async with a.engine.connect() as blocker:
        # an uncommitted live game on the channel: both creates wait on the unique index
        await blocker.execute(text(
            "INSERT INTO game (channel_id, game, options, seed, status, created_by, "
            "created_at, updated_at, version) VALUES ('race', 'goat_tiger', '{}', 1, "
            "'setup', 'x', now(), now(), 0)"))
        tasks = [asyncio.create_task(new_game(r, "race")) for r in (a, b)]
        await until_waiting(a, 2, tasks)
        await blocker.rollback()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert sum(isinstance(r, ChannelBusy) for r in results) == 1, results
    (winner,) = [r for r in results if not isinstance(r, BaseException)]
    games = [g for g in await b.list_games() if g.channel_id == "race"]
    assert [g.id for g in games] == [winner.id]
    assert [s.name for s in await b.seats(winner.id)] == ["ravi"]


@pytest.mark.slow
async def test_the_one_live_game_index_is_partial_and_timestamps_are_timestamptz(two_repos):
    a, _ = two_repos
    async with a.engine.connect() as conn:
        indexdef = (await conn.execute(text(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_game_one_live_per_channel'"
        ))).scalar()
        types = dict((await conn.execute(text(
            "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns "
            "WHERE column_name IN ('created_at', 'updated_at', 'due_at')"))).all())
    assert indexdef.startswith("CREATE UNIQUE INDEX") and "WHERE" in indexdef, indexdef
    assert "'setup'" in indexdef and "'active'" in indexdef
    assert types == {"game.created_at": "timestamp with time zone",
                     "game.updated_at": "timestamp with time zone",
                     "game.due_at": "timestamp with time zone",
                     "player.updated_at": "timestamp with time zone",
                     "rating.updated_at": "timestamp with time zone",
                     "seatoffer.created_at": "timestamp with time zone",
                     "step.created_at": "timestamp with time zone",
                     "undorequest.created_at": "timestamp with time zone",
                     "board.due_at": "timestamp with time zone",
                     "invitation.created_at": "timestamp with time zone",
                     "substitute.created_at": "timestamp with time zone",
                     "substitute.due_at": "timestamp with time zone"}
