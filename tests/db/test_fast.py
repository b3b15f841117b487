"""A move's statements on SQLite run on the driver's cursor (db/repository/fast.py): what
they store must be what SQLAlchemy's execution stored, to the character, and their errors
must be SQLAlchemy's."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, event, insert, text
from sqlalchemy.exc import IntegrityError

from db import NewStep, Player, Repository, Seat
from db.models import Step
from db.repository import fast
from db.repository.clocks import Sched
from db.repository.shown import Shown

T0 = datetime(2026, 11, 29, 16, 0, 0, tzinfo=UTC)  # no microseconds: a case SQLite's
# own conversion of a time would write differently


@contextmanager
def _through_sqlalchemy():
    """A listener on the statements makes ``fast.execute`` go through SQLAlchemy."""
    def note(*_: object) -> None:
        pass
    event.listen(Engine, "before_cursor_execute", note)
    try:
        yield
    finally:
        event.remove(Engine, "before_cursor_execute", note)


async def _stored(tmp_path, name: str) -> list[tuple]:
    repo = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / name}")
    try:
        game = await repo.create_game(
            guild_id="g", channel_id="c", game="goat_tiger", options={}, seed=7,
            created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="Ravi"),
                                    Seat(position=1, role="tigers", user_id="u2", name="Meera")])
        seats = await repo.seats(game.id)
        await repo.start_game(game, {s.id: s.role for s in seats}, {"n": 0}, now=T0)
        game = await repo.get_game(game.id)
        sched = Sched('{"clock": 1}', T0 + timedelta(days=2), "tigers", T0)
        await repo.append_steps(game, [NewStep("goats", "u1", "place", "c1"),
                                       NewStep("goats", "u1", "confirm", None)],
                                {"n": 1}, now=T0, sched=sched, checkpoint=True)
        engine = repo._sqlite_sync_engine()
        assert engine is not None
        with engine.connect() as conn:
            return [[dict(r) for r in conn.execute(
                text(f"SELECT * FROM {t} ORDER BY 1, 2")).mappings()]
                for t in ("game", "step", "checkpoint", "publicmove")]
    finally:
        await repo.close()


async def test_a_move_stored_on_the_cursor_is_stored_as_sqlalchemy_stored_it(tmp_path):
    with _through_sqlalchemy():
        by_sqlalchemy = await _stored(tmp_path, "a.sqlite3")
    fast._prepared.cache_clear()
    on_the_cursor = await _stored(tmp_path, "b.sqlite3")
    assert fast._prepared.cache_info().misses >= 3  # the write's statements took this way
    for a, b in zip(by_sqlalchemy, on_the_cursor, strict=True):
        for x, y in zip(a, b, strict=True):
            # the game's creation is the clock's, not the move's: only it may differ
            assert {k: v for k, v in x.items() if k != "created_at"} == \
                {k: v for k, v in y.items() if k != "created_at"}
    assert len(on_the_cursor[1]) == 2 and len(on_the_cursor[2]) == 1  # steps, checkpoint
    assert on_the_cursor[0][0]["due_at"] == "2026-12-01 16:00:00.000000"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_refused_statement_is_sqlalchemy_s_error_and_counted(repo):
    seen = []

    def counted(context) -> None:
        seen.append(type(context.sqlalchemy_exception).__name__)
    event.listen(Engine, "handle_error", counted)
    engine = repo._sqlite_sync_engine()
    row = {"id": 1, "game_id": 999, "seq": 1, "role": "goats", "user_id": None,
           "action": "x", "arg": None, "created_at": T0, "undone": False}
    try:
        with pytest.raises(IntegrityError), engine.begin() as conn:  # no game 999
            fast.execute(conn, insert(Step), row)
    finally:
        event.remove(Engine, "handle_error", counted)
    assert seen == ["IntegrityError"]


async def test_a_read_on_the_cursor_returns_what_sqlalchemy_returns_types_included(tmp_path):
    """A move's reads (its game, seats and players; what a pinged person missed, with an
    expanding IN) on the cursor: the same rows as SQLAlchemy's, each value of the same
    type (aware times, booleans, None), so nothing a player is shown can differ."""
    from db.repository.games import _LIVE_GAME_SEATS
    from db.repository.shown import _SINCE

    await _stored(tmp_path, "a.sqlite3")
    repo = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'a.sqlite3'}")
    try:
        await repo.save_player(Player(user_id="u2", tz="Asia/Kolkata", hours_start=9,
                                      hours_end=21))
        game = await repo.get_game(1)
        await repo.append_steps(game, [NewStep("tigers", "u2", "move", "a1")], {"n": 2},
                                now=T0, shown=Shown("tigers", "u2", 1, 2, '{"v": 1}'))
        engine = repo._sqlite_sync_engine()
        assert engine is not None
        reads = [(_LIVE_GAME_SEATS, {"channel_id": "c"}),
                 (_SINCE, {"game_id": 1, "users": ["u1", "u2"], "n": 2}),
                 (_SINCE, {"game_id": 1, "users": ["u2"], "n": 1})]
        kinds: set[type] = set()
        with engine.connect() as conn:
            for stmt, values in reads:
                want = [tuple(r) for r in conn.execute(stmt, values).all()]
                got = fast.rows(conn, stmt, values)
                assert want and got == want
                assert [[type(v) for v in r] for r in got] == \
                    [[type(v) for v in r] for r in want]
                kinds.update(type(v) for r in got for v in r)
        assert {datetime, bool, type(None), int, str} <= kinds  # the conversions were made
    finally:
        await repo.close()
