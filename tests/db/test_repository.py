"""The repository on both backends: every test taking ``repo`` runs on SQLite and on
PostgreSQL (the ``db_url`` fixture in tests/conftest.py)."""

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from db import ChannelBusy, NewStep, Repository, Seat, VersionConflict


async def new_game(repo, channel="c1"):
    return await repo.create_game(
        guild_id="g", channel_id=channel, game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="ravi")])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
async def test_checkpoints_follow_the_live_log_and_go_stale_on_undo(repo):
    game = await new_game(repo)
    steps = [NewStep("goats", "u1", "place", f"c{i}") for i in range(3)]
    v = await repo.append_steps(game, steps, {"n": 3})
    await repo.save_checkpoint(game.id, v, json.dumps({"n": 3}))
    await repo.save_checkpoint(game.id, v - 1, json.dumps({"stale": True}))  # moved on: none
    log = await repo.step_log(game.id)
    assert [s.seq for s in log] == [1, 2, 3]
    assert await repo.checkpoint_before(game.id, log, 3) == (3, {"n": 3})
    assert await repo.checkpoint_before(game.id, log, 2) is None  # none that early
    game = await repo.get_game(game.id)
    await repo.undo_steps(game, [3], {"n": 2})
    log = await repo.step_log(game.id)
    assert await repo.checkpoint_before(game.id, log, 2) is None
    game = await repo.get_game(game.id)
    await repo.append_steps(game, [NewStep("goats", "u1", "place", "d1")], {"n": 3})
    # Three live steps again, but not the same three: the old checkpoint is gone.
    assert await repo.checkpoint_before(game.id, await repo.step_log(game.id), 3) is None


async def test_a_move_keeps_its_checkpoint_with_it(repo):
    """``checkpoint=True`` keeps the state a move leads to as a checkpoint in that move's
    own write (an undo later replays from it); a move refused keeps none."""
    game = await new_game(repo)
    v = await repo.append_steps(game, [NewStep("goats", "u1", "place", "c1")], {"n": 1},
                                checkpoint=True)
    log = await repo.step_log(game.id)
    assert await repo.checkpoint_before(game.id, log, 1) == (1, {"n": 1})
    with pytest.raises(VersionConflict):  # the game is at v now: this write is refused
        await repo.append_steps(game, [NewStep("goats", "u1", "place", "c2")], {"n": 9},
                                checkpoint=True)
    game = await repo.get_game(game.id)
    assert game.version == v
    assert await repo.checkpoint_before(game.id, await repo.step_log(game.id), 1) == (
        1, {"n": 1})


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


@pytest.mark.slow
async def test_a_plain_postgresql_url_is_accepted(pg_db_url):
    r = await Repository.open(pg_db_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        assert r.engine.dialect.driver == "asyncpg"
        assert await r.list_games() == []
    finally:
        await r.close()


async def test_a_plain_sqlite_url_is_accepted(tmp_path):
    r = await Repository.open(f"sqlite:///{tmp_path / 'plain.sqlite3'}")
    try:
        assert r.engine.dialect.driver == "aiosqlite"
    finally:
        await r.close()


async def test_timestamps_are_tz_aware_utc_after_a_round_trip(repo):
    before = datetime.now(UTC)
    game = await new_game(repo)
    await repo.append_steps(game, [NewStep("goats", "u1", "place", "c3")], {"n": 1})
    game = await repo.get_game(game.id)
    (step,) = await repo.steps(game.id)
    for t in (game.created_at, game.updated_at, step.created_at):
        assert t.tzinfo is not None and t.utcoffset() == timedelta(0)
        assert before - timedelta(seconds=1) <= t <= datetime.now(UTC)
    assert game.updated_at > game.created_at  # the write bumped it


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_sqlite_timestamps_written_by_older_code_read_as_utc(repo):
    game = await new_game(repo)
    async with repo.engine.begin() as conn:  # naive UTC text, as the old columns stored it
        await conn.execute(text("UPDATE game SET updated_at = '2024-01-02 03:04:05.000006'"))
    game = await repo.get_game(game.id)
    assert game.updated_at == datetime(2024, 1, 2, 3, 4, 5, 6, tzinfo=UTC)


@pytest.mark.slow
async def test_large_seeds_are_stored(repo):
    game = await repo.create_game(guild_id=None, channel_id="big", game="goat_tiger",
                                  options={}, seed=2**40 + 3, created_by="u1")
    assert (await repo.get_game(game.id)).seed == 2**40 + 3


@pytest.mark.slow
async def test_what_falls_due_is_claimed_once_across_two_repositories(repo, db_url):
    from db import Sched

    game = await new_game(repo)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    await repo.start_game(game, {}, {"n": 0}, sched=Sched("{}", t0, "a"))
    other = await Repository.open(db_url)  # another connection pool: another process
    try:
        assert await repo.due_games(t0 - timedelta(seconds=1)) == []
        [due] = await repo.due_games(t0)
        assert (due.id, due.version, due.due_at) == (game.id, game.version + 1, t0)
        # Two schedulers saw the same due time: exactly one may act on it.
        later = Sched('{"sent": {"a": 1}}', t0 + timedelta(hours=1), "a")
        a, b = await asyncio.gather(repo.claim(game.id, due.version, due.due_at, later),
                                    other.claim(game.id, due.version, due.due_at, later))
        assert sorted([a, b]) == [False, True]
        stored = await other.get_game(game.id)
        assert (stored.pace, stored.due_at) == (later.pace, later.due_at)
        assert await repo.due_games(t0 + timedelta(minutes=59)) == []
        # A move (a new version) makes a claim read before it fail.
        await repo.append_steps(stored, [], {"n": 1})
        assert not await repo.claim(game.id, due.version, later.due_at, later)
        # Pages of due games follow (due_at, id); a game that is over is never due.
        [again] = await repo.due_games(t0 + timedelta(hours=2))
        assert await repo.due_games(t0 + timedelta(hours=2), after=(again.due_at, again.id)) == []
        await repo.set_status(await repo.get_game(game.id), "finished")
        assert await repo.due_games(t0 + timedelta(days=999)) == []
        assert await repo.schedule_unscheduled(t0) == 0  # only live games are scheduled
    finally:
        await other.close()


@pytest.mark.slow
async def test_a_seat_changes_hands_with_a_version_check(repo):
    game = await new_game(repo)
    [seat] = await repo.seats(game.id)
    version = await repo.reassign_seat(game, seat.id, user_id="u2", name="meera", is_bot=False)
    [seat] = await repo.seats(game.id)
    assert (seat.user_id, seat.name, version) == ("u2", "meera", game.version + 1)
    with pytest.raises(VersionConflict):  # a second steward working from the old version
        await repo.reassign_seat(game, seat.id, user_id=None, name="Computer", is_bot=True)
    [seat] = await repo.seats(game.id)
    assert seat.user_id == "u2" and not seat.is_bot


async def test_starting_is_one_transaction(repo):
    """The deal, the seats it adds and the opening state are written together or not at
    all (a seat that cannot be stored undoes the start)."""
    game = await new_game(repo)
    bad = Seat(position=0, role="tigers", user_id=None, name=None, is_bot=True)
    with pytest.raises(Exception):  # noqa: B017  (the driver's own integrity error)
        await repo.start_game(game, {}, {"x": 1}, [bad])
    again = await repo.get_game(game.id)
    assert again.status == "setup" and again.version == game.version
    assert len(await repo.seats(game.id)) == 1
    ok = Seat(position=0, role="tigers", user_id=None, name="Computer", is_bot=True)
    await repo.start_game(game, {}, {"x": 1}, [ok])
    assert (await repo.get_game(game.id)).status == "active"
    assert [s.role for s in await repo.seats(game.id)] == ["goats", "tigers"]


async def test_a_players_games_include_the_rematches_inviting_them(repo):
    """/mygames reads seats and, for a rematch being set up, the plan of its seats: a
    person it plans a seat for is invited until they take it (the plan is JSON text, so
    an id that is only a prefix of another's must not match)."""
    plan = {"from": 1, "how": "rotate", "seats": [["u1", "tigers"], ["u22", "goats"]],
            "names": {"u1": "ravi", "u22": "meera"}}
    game = await repo.create_game(
        guild_id="g", channel_id="c1", game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="tigers", user_id="u1", name="ravi")],
        plan=plan)
    [mine] = await repo.games_of("u1")
    assert (mine.id, mine.roles, mine.invited) == (game.id, ("tigers",), False)
    [invite] = await repo.games_of("u22")
    assert (invite.id, invite.roles, invite.invited) == (game.id, ("goats",), True)
    assert await repo.games_of("u2") == []
    await repo.add_seat(game, Seat(position=1, role="goats", user_id="u22", name="meera"))
    [taken] = await repo.games_of("u22")
    assert not taken.invited


@pytest.mark.slow
async def test_a_rematch_ping_is_noted_once_a_window_across_two_repositories(repo, db_url):
    """Whom a rematch's post may ping: each person once per window per finished game,
    whichever process (connection pool) asks first, even when two ask at once."""
    game, other_game = await new_game(repo), await new_game(repo, "c2")
    t0, day = datetime(2026, 1, 1, tzinfo=UTC), timedelta(hours=24)
    people = {"u1", "u2", "u3"}
    other = await Repository.open(db_url)  # another process
    try:
        a, b = await asyncio.gather(repo.note_pings(game.id, people, t0, day),
                                    other.note_pings(game.id, people, t0, day))
        assert a | b == people and not a & b
        later = t0 + day - timedelta(seconds=1)
        assert await other.note_pings(game.id, people | {"u4"}, later, day) == {"u4"}
        assert await repo.note_pings(other_game.id, {"u1"}, later, day) == {"u1"}
        assert await repo.note_pings(game.id, set(), later, day) == set()
        # A window after the first ping, everyone may be pinged again (u4: not yet).
        assert await repo.note_pings(game.id, people | {"u4"}, t0 + day, day) == people
    finally:
        await other.close()


async def test_a_deleted_channels_live_games_are_set_aside_once(repo):
    game, other = await new_game(repo, "c1"), await new_game(repo, "c2")
    now = datetime(2026, 3, 2, tzinfo=UTC)
    assert await repo.set_aside(["c1", "c9"], now) == [game.id]
    assert await repo.set_aside(["c1"], now) == []  # a second event, another process
    aside = await repo.get_game(game.id)
    assert (aside.status, aside.due_at, aside.version) == ("aside", None, game.version + 1)
    assert (await repo.get_game(other.id)).status == "setup"
    await new_game(repo, "c1")  # the channel id is free again (an import brings it back)


@pytest.mark.slow  # two repositories
async def test_a_member_who_left_is_marked_once_in_that_servers_games_under_way(repo, db_url):
    """Two processes finding out at once tell each game once; a game of another server,
    one being set up and one that is over keep their seats as they were; coming back and
    a side changing hands clear the mark."""
    here, there, over = [await new_game(repo, c) for c in ("c1", "c2", "c3")]
    await repo.set_status(here, "active")
    await repo.set_status(over, "finished")
    other = await repo.create_game(
        guild_id="h", channel_id="c4", game="goat_tiger", options={}, seed=7, created_by="u1",
        seats=[Seat(position=0, role="goats", user_id="u1", name="ravi")])
    await repo.set_status(other, "active")
    second = await Repository.open(db_url)  # another process
    try:
        now = datetime.now(UTC)
        marked = await asyncio.gather(repo.mark_left("g", "u1", now),
                                      second.mark_left("g", "u1", now))
    finally:
        await second.close()
    assert sorted(marked, key=len) == [[], [here.id]]  # "there" is being set up
    left = {g.id: [s.left_at is not None for s in await repo.seats(g.id)]
            for g in (here, there, over, other)}
    assert left == {here.id: [True], there.id: [False], over.id: [False], other.id: [False]}
    assert await repo.mark_back("h", "u1") == 0
    assert await repo.mark_back("g", "u1") == 1
    assert not (await repo.seats(here.id))[0].left_at
    await repo.mark_left("g", "u1", now)
    game = await repo.get_game(here.id)
    seat = (await repo.seats(here.id))[0]
    await repo.reassign_seat(game, seat.id, user_id="u2", name="meera", is_bot=False)
    assert (await repo.seats(here.id))[0].left_at is None


async def test_a_read_hands_back_rows_never_an_open_cursor(db_url):
    """A read's connection goes back to the pool at once: a cursor still open on it would
    keep a SQLite snapshot that later makes the writer's move fail as 'database is locked'
    (16 Rajas channels at once did, one move in a few hundred)."""
    repo = await Repository.open(db_url)
    try:
        assert await repo.read(lambda conn: conn.execute(text("SELECT 1")).all()) == [(1,)]
        with pytest.raises(TypeError, match="rows"):
            await repo.read(lambda conn: conn.execute(text("SELECT 1")))
    finally:
        await repo.close()


@pytest.mark.slow
async def test_a_read_after_postgresql_dropped_every_connection_answers(pg_db_url):
    """Reads take connections unchecked (no round trip before each): where the server
    dropped them (a restart), the read is made again on a fresh connection, and answers."""
    repo = await Repository.open(pg_db_url)
    try:
        ask = lambda conn: conn.execute(text("SELECT pg_backend_pid()")).scalar_one()  # noqa: E731
        before = await repo.read(ask)
        async with repo.engine.connect() as admin:
            await admin.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE datname = current_database() "
                                     "AND pid <> pg_backend_pid()"))
        after = await repo.read(ask)  # the pooled connection is dead: no error shown
        assert after != before
        assert await repo.read(ask) == after
    finally:
        await repo.close()



@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_read_that_finds_sqlite_locked_is_read_again_off_the_event_loop(repo):
    """A move's reads run on the event loop's thread (tens of µs in WAL mode), on a
    connection that never waits for a lock: where SQLite says the database is locked
    (another program holding it, a crashed process's log being recovered), the read is
    made again on a reader thread, which waits as every connection does, and the move
    reads its game all the same."""
    import sqlite3
    import threading

    from sqlalchemy import event
    from sqlalchemy.exc import OperationalError

    await new_game(repo)
    assert await repo.live_game_seats("c1") is not None  # the loop's connection is made
    engine = repo._sqlite_sync_engine()
    loop_thread, refused = threading.get_ident(), []

    def locked(conn, cursor, statement, *_: object) -> None:
        if threading.get_ident() == loop_thread:
            error = sqlite3.OperationalError("database is locked")
            error.sqlite_errorcode = sqlite3.SQLITE_BUSY
            refused.append(statement)
            raise OperationalError(statement, None, error)
    event.listen(engine, "before_cursor_execute", locked)
    try:
        found = await repo.live_game_seats("c1")
    finally:
        event.remove(engine, "before_cursor_execute", locked)
    assert refused  # the loop's read met the lock...
    assert found is not None and found.game.channel_id == "c1"  # ... and the game was read
    assert await repo.live_game_seats("c1") is not None  # the loop's connection still reads


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_the_event_loop_reads_each_write_whoever_made_it(repo, db_url):
    """The loop reads and writes a SQLite file through one connection, which keeps the
    pages it read: a move read back shows the position just written, and one written by
    another process (another connection, which this one's cached pages do not know of)
    shows that position, never the one read before it."""
    game = await new_game(repo)
    for i in range(3):  # this process's writes, each read back at once
        game.version = await repo.append_steps(
            game, [NewStep("goats", "u1", "place", f"c{i}")], {"n": i, "pad": "x" * 9000})
        found = await repo.live_game_seats("c1")
        assert (found.game.version, json.loads(found.game.state)["n"]) == (game.version, i)
    other = await Repository.open(db_url)  # another process on the same file
    try:
        theirs = await other.live_game_seats("c1")
        await other.append_steps(theirs.game, [NewStep("goats", "u1", "place", "d1")],
                                 {"n": 99, "pad": "y" * 9000})
    finally:
        await other.close()
    found = await repo.live_game_seats("c1")
    assert found.game.version == game.version + 1
    assert json.loads(found.game.state) == {"n": 99, "pad": "y" * 9000}
    assert [s.arg for s in await repo.steps(game.id)] == ['"c0"', '"c1"', '"c2"', '"d1"']


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_move_that_finds_sqlite_locked_is_written_off_the_event_loop(repo, db_url):
    """A move's write runs on the event loop's thread and does not wait for SQLite's write
    lock there: while another program holds it, the move is written on the writer thread
    once the lock is let go, the bot answering others meanwhile."""
    import sqlite3
    import threading

    game = await new_game(repo)
    v1 = await repo.append_steps(game, [NewStep("goats", "u1", "place", "c3")], {"n": 1})
    game.version = v1
    holder = sqlite3.connect(db_url.split("///", 1)[1], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held for 0.4 s
    threading.Timer(0.4, holder.commit).start()
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1
    ticker = asyncio.create_task(ticking())
    try:
        v2 = await repo.append_steps(game, [NewStep("goats", "u1", "place", "d3")], {"n": 2})
    finally:
        ticker.cancel()
        holder.close()
    assert v2 == v1 + 1
    assert [s.arg for s in await repo.steps(game.id)] == ['"c3"', '"d3"']
    assert ticks >= 3  # the loop went on while the write waited for the lock


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_moves_written_on_the_event_loop_keep_sqlite_s_wal_short(repo, db_url):
    """The event loop's connection never checkpoints the WAL (that syncs the files to the
    disk, on the loop): the writer thread does, every so many moves, so the WAL file does
    not grow with the game (SQLite's own bound: 1,000 pages, 4 MB)."""
    import os

    from db.repository.core import WAL_CHECKPOINT_EVERY

    game = await new_game(repo)
    state = {"board": "x" * 3000}  # a few pages a move, as a large game's state
    for i in range(4 * WAL_CHECKPOINT_EVERY):
        game.version = await repo.append_steps(
            game, [NewStep("goats", "u1", "place", f"c{i}")], {**state, "n": i})
        await asyncio.sleep(0)
    wal = os.path.getsize(db_url.split("///", 1)[1] + "-wal")  # its size at its longest
    assert 0 < wal < 4 * 1024 * 1024, wal
