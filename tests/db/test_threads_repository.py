"""Issue 41's tables on SQLite and PostgreSQL: a game's thread (its parent channel, the
archiving scheduled once and claimed once, even by two repositories at the same time) and
its followers (followed anew, unfollowed, their DMs stopped once)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from db import Repository

T0 = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)


async def new_game(repo: Repository, channel: str = "t1") -> int:
    game = await repo.create_game(guild_id="g", channel_id=channel, game="goat_tiger",
                                  options={}, seed=1, created_by="u1", now=T0)
    assert game.id is not None
    return game.id


async def test_a_thread_is_archived_once_after_its_time(repo, db_url):
    gid = await new_game(repo)
    await repo.add_game_thread(gid, "t1", "c1")
    assert (await repo.game_thread(gid)).parent_id == "c1"
    assert await repo.threads_due(T0 + timedelta(days=9)) == []  # not over: never due
    at = T0 + timedelta(hours=24)
    assert (await repo.schedule_archive(gid, at)).thread_id == "t1"
    assert await repo.schedule_archive(gid, at + timedelta(hours=1)) is None  # said once
    assert await repo.threads_due(at - timedelta(seconds=1)) == []
    (due,) = await repo.threads_due(at)
    assert due.archive_at == at
    # Two processes claim it at once: one wins.
    other = await Repository.open(db_url)
    try:
        won = await asyncio.gather(repo.claim_archive(gid, at), other.claim_archive(gid, at))
    finally:
        await other.close()
    assert sorted(won) == [False, True]
    assert await repo.threads_due(at + timedelta(days=1)) == []


async def test_followers_follow_anew_unfollow_and_are_stopped_once(repo):
    gid = await new_game(repo)
    await repo.follow(gid, "u2", "thread", T0)
    await repo.follow(gid, "u2", "dm", T0 + timedelta(minutes=1))  # changed their mind
    await repo.follow(gid, "u3", "dm", T0 + timedelta(minutes=2))
    assert (await repo.follower(gid, "u2")).how == "dm"
    assert await repo.dm_followers(gid) == ["u2", "u3"]
    assert await repo.stop_follower(gid, "u2", T0)
    assert not await repo.stop_follower(gid, "u2", T0)
    assert await repo.dm_followers(gid) == ["u3"]
    assert await repo.unfollow(gid, "u3") and not await repo.unfollow(gid, "u3")
    assert await repo.dm_followers(gid) == []
