import asyncio
import json

import pytest
from sqlalchemy import text

from db import ChannelBusy, NewStep, Repository, Seat, VersionConflict


@pytest.fixture
async def repo(tmp_path):
    r = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'test.sqlite3'}")
    yield r
    await r.close()


async def new_game(repo, channel="c1"):
    return await repo.create_game(
        guild_id="g", channel_id=channel, game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="ravi")])


async def test_sqlite_runs_in_wal_mode(repo):
    async with repo.engine.connect() as conn:
        mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
    assert mode == "wal"


async def test_one_live_game_per_channel_enforced_by_the_database(repo):
    game = await new_game(repo)
    with pytest.raises(ChannelBusy):
        await new_game(repo)
    await new_game(repo, channel="c2")  # another channel is fine
    await repo.set_status(game, "aborted")
    again = await new_game(repo)  # once the first is over, the channel is free
    assert again.id != game.id
    assert (await repo.live_game("c1")).id == again.id


async def test_two_racing_creates_give_exactly_one_game(repo):
    results = await asyncio.gather(new_game(repo, "race"), new_game(repo, "race"),
                                   return_exceptions=True)
    assert sum(isinstance(r, ChannelBusy) for r in results) == 1
    assert len([g for g in await repo.list_games() if g.channel_id == "race"]) == 1


async def test_append_is_version_checked_and_atomic(repo):
    game = await new_game(repo)
    v1 = await repo.append_steps(game, [NewStep("goats", "u1", "place", "c3")], {"n": 1})
    assert v1 == game.version + 1
    # A second writer still holding the old version is refused and writes nothing.
    with pytest.raises(VersionConflict):
        await repo.append_steps(game, [NewStep("goats", "u1", "place", "d3")], {"n": 2})
    fresh = await repo.get_game(game.id)
    assert fresh.version == v1
    assert json.loads(fresh.state) == {"n": 1}
    steps = await repo.steps(game.id)
    assert [(s.seq, s.action, json.loads(s.arg)) for s in steps] == [(1, "place", "c3")]


async def test_concurrent_appends_on_one_version_apply_once(repo):
    game = await new_game(repo)
    attempts = [repo.append_steps(game, [NewStep("goats", "u1", "place", f"c{i}")], {"i": i})
                for i in range(1, 6)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, VersionConflict) for r in results if isinstance(r, Exception))
    assert len(await repo.steps(game.id)) == 1


async def test_undone_steps_stay_on_record_but_leave_the_live_log(repo):
    game = await new_game(repo)
    await repo.append_steps(game, [NewStep("goats", "u1", "place", "c3"),
                                   NewStep("tigers", None, "select", "a")], {"s": 2})
    game = await repo.get_game(game.id)
    await repo.undo_steps(game, [2], {"s": 1})
    assert [s.seq for s in await repo.steps(game.id)] == [1]
    assert [s.seq for s in await repo.steps(game.id, include_undone=True)] == [1, 2]
    game = await repo.get_game(game.id)
    await repo.append_steps(game, [NewStep("tigers", None, "select", "b3")], {"s": 2})
    assert [s.seq for s in await repo.steps(game.id)] == [1, 3]  # seq numbers are never reused


async def test_seats_and_start(repo):
    game = await new_game(repo)
    await repo.add_seat(game, Seat(position=0, user_id="u2", name="meera"))
    game = await repo.get_game(game.id)
    seats = await repo.seats(game.id)
    assert [(s.position, s.name) for s in seats] == [(0, "ravi"), (1, "meera")]
    await repo.start_game(game, {seats[1].id: "tigers", seats[0].id: "goats"}, {"go": True})
    game = await repo.get_game(game.id)
    assert game.status == "active"
    assert [s.role for s in await repo.seats(game.id)] == ["goats", "tigers"]


async def test_a_plain_sqlite_url_is_accepted(tmp_path):
    r = await Repository.open(f"sqlite:///{tmp_path / 'plain.sqlite3'}")
    try:
        assert r.engine.dialect.driver == "aiosqlite"
    finally:
        await r.close()
