"""Async repository over the Game / Seat / Step tables.

Every write is one transaction that starts by bumping ``Game.version`` with
``WHERE version = expected``. If another click, user or process wrote first,
that UPDATE matches no row and the whole transaction is rolled back with
``VersionConflict``: correctness never depends on in-process locks.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    null,
    text,
    tuple_,
    update,
)
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from db import migrations
from db.location import normalise_url
from db.models import (
    ASIDE,
    LIVE_STATUSES,
    Checkpoint,
    Game,
    Handover,
    Player,
    Rated,
    RatedSeat,
    Rating,
    RematchPing,
    Reminder,
    Seat,
    SeatOffer,
    Server,
    Step,
    UndoRequest,
    id_of,
    table_of,
    utcnow,
)
from db.outage import StoreUnavailable, unavailable

RatingKey = tuple[str, str, str]  # (guild or "*", game, user)


# One step of the log. Run once per step (executemany), each row numbers itself one past
# the game's last step, so appending needs no round trip to read that number first.
log = logging.getLogger("darbar.db")
_STEP = table_of(Step)
_STEP_FIELDS = ["game_id", "role", "user_id", "action", "arg", "created_at", "undone"]
APPEND_STEP = insert(Step).from_select(
    ["seq", *_STEP_FIELDS],
    sa_select(
        func.coalesce(func.max(_STEP.c.seq), 0) + 1,
        *(bindparam(f, type_=_STEP.c[f].type) for f in _STEP_FIELDS),
    ).where(_STEP.c.game_id == bindparam("game_id")),
)


# The statements of every move, built once: building one costs about as much CPU as
# running it. The bump's SET clause follows the keys it is executed with.
_BUMP = update(Game).where(
    col(Game.id) == bindparam("_id"), col(Game.version) == bindparam("_expected")
)
_G, _S = table_of(Game), table_of(Seat)
_LIVE_GAME_SEATS = (
    sa_select(_G, _S)
    .select_from(_G.outerjoin(_S, _S.c.game_id == _G.c.id))
    .where(_G.c.channel_id == bindparam("channel_id"), _G.c.status.in_(LIVE_STATUSES))
    .order_by(_S.c.position)
)
_STEP_LOG = (
    sa_select(_STEP.c.seq, _STEP.c.role, _STEP.c.user_id, _STEP.c.action, _STEP.c.arg)
    .where(_STEP.c.game_id == bindparam("game_id"), _STEP.c.undone.is_(False))
    .order_by(_STEP.c.seq)
)
# A checkpoint of the state a write just stored: the live steps are counted in the same
# statement, and nothing is saved if another write came in between (the version moved on).
_CHECKPOINT = text(
    f"""
    INSERT INTO {Checkpoint.__tablename__} (game_id, seq, count, state)
    SELECT :game_id, max(seq), count(*), :state FROM {Step.__tablename__}
    WHERE game_id = :game_id AND undone = false
        AND EXISTS (SELECT 1 FROM {Game.__tablename__} WHERE id = :game_id
                    AND version = :version)
    HAVING count(*) > 0
    ON CONFLICT DO NOTHING
    """
)
# PostgreSQL: append_steps as one statement, so one round trip with no BEGIN/COMMIT.
# The bump's row lock orders writers of a game; a lost race bumps and inserts nothing.
_APPEND_PG = text(
    f"""
    WITH bump AS (
        UPDATE {Game.__tablename__}
        SET version = :expected + 1, updated_at = :now, state = :state,
            public_state = :public_state, status = coalesce(:status, status),
            result = coalesce(:result, result), pace = coalesce(:pace, pace),
            due_at = CASE WHEN :pace IS NULL THEN due_at ELSE :due_at END,
            awaiting = CASE WHEN :pace IS NULL THEN awaiting ELSE :awaiting END
        WHERE id = :game_id AND version = :expected
        RETURNING id
    ), ins AS (
        INSERT INTO {Step.__tablename__}
            (game_id, seq, role, user_id, action, arg, created_at, undone)
        SELECT bump.id, top.n + v.i, v.role, v.user_id, v.action, v.arg, :now, false
        FROM bump,
             (SELECT coalesce(max(seq), 0) AS n FROM {Step.__tablename__}
              WHERE game_id = :game_id) AS top,
             unnest(:roles, :users, :actions, :args)
                 WITH ORDINALITY AS v(role, user_id, action, arg, i)
        RETURNING 1
    )
    SELECT count(*) FROM bump
    """
).bindparams(
    bindparam("now", type_=_G.c.updated_at.type),
    bindparam("due_at", type_=_G.c.due_at.type),
    bindparam("pace", type_=Text), bindparam("awaiting", type_=Text),
    *(bindparam(name, type_=ARRAY(Text)) for name in ("roles", "users", "actions", "args")),
)


class VersionConflict(Exception):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has a game being set up or played."""


@dataclass(frozen=True, slots=True)
class LogStep:
    """A live step as undo reads it (``step_arg`` reads its ``arg`` as a Step's)."""

    seq: int
    role: str
    user_id: str | None
    action: str
    arg: str | None


@dataclass(frozen=True)
class Sched:
    """What a write stores of a game's pace (bot/pace.py): the pace (JSON), the next
    instant anything falls due, and whom the public position awaits."""

    pace: str
    due_at: datetime | None
    awaiting: str | None

    def values(self) -> dict:
        return {"pace": self.pace, "due_at": self.due_at, "awaiting": self.awaiting}


@dataclass(frozen=True)
class Due:
    """A game something falls due in, as the scheduler finds it."""

    id: int
    version: int
    due_at: datetime
    guild_id: str | None


@dataclass(frozen=True)
class MyGame:
    """One of a player's games, as /mygames lists it (no state is read)."""

    id: int
    guild_id: str | None
    channel_id: str
    game: str
    status: str
    updated_at: datetime
    awaiting: str | None
    pace: str | None
    roles: tuple[str, ...]
    invited: bool = False  # a rematch being set up, the player's seat in it not yet taken
    # Who holds each side, (role, user id, name), so a list names whom a game awaits.
    holders: tuple[tuple[str, str | None, str], ...] = ()
    # The sides whose person left the server: open to be handed on.
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewStep:
    role: str
    user_id: str | None
    action: str
    arg: object


# How long a write waits for SQLite's write lock when another connection holds it (a
# backup, an admin command), and again for this process's own queue of writes: a lock
# shorter than this is ridden out; a longer one is told "try again in a moment" within
# Discord's 3 s (see docs/architecture.md, "When the database does not answer").
LOCK_WAIT = 1.5
# PostgreSQL: how long opening a connection may take before the server counts as down
# (asyncpg's own default is a minute, for which nobody waits).
CONNECT_TIMEOUT = 5.0


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers (autocomplete, /board) run while a move is written.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={int(LOCK_WAIT * 1000)}")
    cur.close()


class Repository:
    def __init__(self, engine: AsyncEngine):
        self.engine = engine
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
        # SQLite has one writer at a time and its busy handler backs off in sleeps of up to
        # 100 ms, which wrecks tail latency when many games write at once. Queueing this
        # process's writes here is only for speed: the version check is what keeps two
        # writers (or two processes) from both applying.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._locked_out = False  # the last write found the database locked elsewhere
        # SQLite file databases write moves on a thread of their own (see append_steps):
        # a synchronous engine and that thread, made together on first use.
        self._sync_writer: tuple[Engine, ThreadPoolExecutor] | None = None

    @classmethod
    async def open(cls, url: str | None = None) -> Repository:
        url = normalise_url(url)
        if url.startswith("sqlite+aiosqlite:///"):
            path = url[len("sqlite+aiosqlite:///") :]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        if url.startswith("postgresql"):
            # A restart leaves the pool's connections dead: each is checked (one round
            # trip) when taken, and replaced, so the first command after a restart works.
            engine = create_async_engine(url, pool_pre_ping=True,
                                         connect_args={"timeout": CONNECT_TIMEOUT})
        else:
            engine = create_async_engine(url)
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        await migrations.upgrade(engine, automatic=True)  # creates or upgrades the schema
        return cls(engine)

    async def close(self) -> None:
        if self._sync_writer is not None:
            sync_engine, thread = self._sync_writer
            thread.shutdown(wait=True)
            sync_engine.dispose()
            self._sync_writer = None
        await self.engine.dispose()

    def _sqlite_writer(self) -> tuple[Engine, ThreadPoolExecutor] | None:
        """A synchronous engine on the same SQLite file and the one thread that uses it,
        made on first use; None for other databases (and for an in-memory one, which a
        second engine would not share)."""
        if self._sync_writer is None:
            url = self.engine.url
            if self.engine.dialect.name != "sqlite" or url.database in (None, "", ":memory:"):
                return None
            sync_engine = create_engine(url.set(drivername="sqlite+pysqlite"))
            event.listen(sync_engine, "connect", _sqlite_pragmas)
            self._sync_writer = (
                sync_engine, ThreadPoolExecutor(1, thread_name_prefix="darbar-sqlite-write"))
        return self._sync_writer

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncSession]:
        async with self._writer(), self._sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def _writer(self) -> AsyncIterator[None]:
        """This process's turn to write (SQLite: one writer at a time). While writes find
        the database locked by another connection, each queued write would wait its own
        busy timeout in turn; so then a turn not had within LOCK_WAIT is given up (the
        database is not answering). Under load alone the queue is never cut short."""
        if self._write_lock is None:
            yield
            return
        try:
            await asyncio.wait_for(self._write_lock.acquire(),
                                   LOCK_WAIT if self._locked_out else None)
        except TimeoutError:
            raise StoreUnavailable("the database is locked") from None
        try:
            yield
            self._locked_out = False
        except Exception as e:
            self._locked_out = unavailable(e)
            raise
        finally:
            self._write_lock.release()

    async def _bump(self, s: AsyncSession, game_id: int, expected: int, **values) -> None:
        conn = await s.connection()
        res = await conn.execute(
            _BUMP,
            {"updated_at": utcnow(), **values, "version": expected + 1, "_id": game_id,
             "_expected": expected},
        )
        if res.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected}")

    # --- games ---------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        game: str,
        options: dict,
        seed: int,
        created_by: str,
        seats: Sequence[Seat] = (),
        sched: Sched | None = None,
        now: datetime | None = None,
        plan: dict | None = None,
        imported: str | None = None,
    ) -> Game:
        now = now or utcnow()
        row = Game(
            imported=imported,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=json.dumps(options, sort_keys=True),
            seed=seed,
            created_by=created_by,
            created_at=now,
            updated_at=now,
            plan=None if plan is None else json.dumps(plan),
            # A new game's channel has seen nothing yet (the ledger counts from here); an
            # imported one's history was shown, or not, where it was played.
            posted=None if imported else 0, posted_version=None if imported else 0,
            **(sched.values() if sched else {}),
        )
        try:
            async with self._tx() as s:
                s.add(row)
                await s.flush()
                for i, seat in enumerate(seats):
                    seat.game_id = id_of(row)
                    seat.position = i
                    s.add(seat)
        except IntegrityError as e:
            raise ChannelBusy(channel_id) from e
        return row

    async def imported_as(self, digest: str) -> int | None:
        """The game made from the export whose SHA-256 is ``digest``, if one was."""
        async with self.engine.connect() as conn:
            return (await conn.execute(
                sa_select(_G.c.id).where(_G.c.imported == digest))).scalar()

    async def get_game(self, game_id: int) -> Game | None:
        async with self._sessions() as s:
            return await s.get(Game, game_id)

    async def live_game(self, channel_id: str) -> Game | None:
        async with self._sessions() as s:
            q = select(Game).where(
                Game.channel_id == channel_id, col(Game.status).in_(LIVE_STATUSES)
            )
            return (await s.exec(q)).first()

    async def live_game_seats(self, channel_id: str) -> tuple[Game, list[Seat]] | None:
        """The channel's live game and its seats (by position), in one query. Read with
        Core rather than the ORM (half the CPU time of every move's read); the rows
        become plain, unattached Game and Seat objects."""
        async with self.engine.connect() as conn:
            if self.engine.dialect.name == "postgresql":
                # One statement needs no transaction: skips a BEGIN and a ROLLBACK round trip.
                await conn.execution_options(isolation_level="AUTOCOMMIT")
            rows = (await conn.execute(_LIVE_GAME_SEATS, {"channel_id": channel_id})).all()
        if not rows:
            return None
        n = len(_G.c)
        game = Game(**dict(zip(_G.c.keys(), rows[0][:n], strict=True)))
        seats = [Seat(**dict(zip(_S.c.keys(), r[n:], strict=True)))
                 for r in rows if r[n] is not None]
        return game, seats

    async def latest_game(self, channel_id: str) -> Game | None:
        """The channel's live game, or else its most recent one (for /log after the end)."""
        async with self._sessions() as s:
            q = (
                select(Game)
                .where(Game.channel_id == channel_id)
                .order_by(col(Game.id).desc())
                .limit(1)
            )
            return (await s.exec(q)).first()

    async def ended_games(self, channel_id: str, limit: int = 25
                          ) -> list[tuple[int, str, str, datetime]]:
        """The channel's games that are over and had begun, newest first, as (id, game,
        status, updated_at): what ``/replay`` offers (nothing of a game in progress)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa_select(_G.c.id, _G.c.game, _G.c.status, _G.c.updated_at)
                .where(_G.c.channel_id == channel_id,
                       _G.c.status.in_(("finished", "aborted")), _G.c.state.is_not(None))
                .order_by(_G.c.id.desc()).limit(limit))
            return [(int(r[0]), r[1], r[2], r[3]) for r in rows]

    async def ping(self) -> None:
        """One round trip (``SELECT 1``): raises if the database does not answer. SQLite
        answers reads while another connection holds its write lock, but not moves: there
        the write lock is taken and given back at once (waiting at most LOCK_WAIT)."""
        async with self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":
                await conn.exec_driver_sql("BEGIN IMMEDIATE")
                await conn.exec_driver_sql("ROLLBACK")
            else:
                await conn.execute(text("SELECT 1"))

    async def open_games(self) -> dict[tuple[str, str], int]:
        """How many games are being set up or played, by (game, status): from the status
        index, never reading a state."""
        q = (sa_select(_G.c.game, _G.c.status, func.count())
             .where(_G.c.status.in_(LIVE_STATUSES)).group_by(_G.c.game, _G.c.status))
        async with self.engine.connect() as conn:
            return {(game, status): n for game, status, n in (await conn.execute(q)).all()}

    async def list_games(self, status: str | None = None) -> list[Game]:
        async with self._sessions() as s:
            q = select(Game).order_by(col(Game.id))
            if status:
                q = q.where(Game.status == status)
            return list((await s.exec(q)).all())

    async def set_status(
        self,
        game: Game,
        status: str,
        *,
        state: dict | None = None,
        result: dict | None = None,
        now: datetime | None = None,
        pace: str | None = None,
    ) -> int:
        values: dict = {"status": status, "updated_at": now or utcnow()}
        if pace is not None:
            values["pace"] = pace
        if status not in LIVE_STATUSES:
            values["due_at"] = None  # nothing falls due in a game that is over
        if state is not None:
            values["state"] = json.dumps(state)
        if result is not None:
            values["result"] = json.dumps(result)
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, **values)
        return game.version + 1

    # --- seats -----------------------------------------------------------------

    async def seats(self, game_id: int) -> list[Seat]:
        async with self._sessions() as s:
            q = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.position))
            return list((await s.exec(q)).all())

    async def mark_left(self, guild_id: str, user_id: str, now: datetime) -> list[int]:
        """``user_id`` left the server ``guild_id``: their seats in its games under way are
        marked (``left_at``). Returns the games marked by this call, each once however many
        processes find out at the same time (a seat already marked is left alone)."""
        q = (sa_select(_S.c.id, _S.c.game_id).select_from(_S.join(_G, _G.c.id == _S.c.game_id))
             .where(_S.c.user_id == user_id, _S.c.left_at.is_(None), _G.c.guild_id == guild_id,
                    _G.c.status == "active", _S.c.role.is_not(None)))
        marked: list[int] = []
        async with self._tx() as s:
            conn = await s.connection()
            for seat_id, game_id in (await conn.execute(q)).all():
                res = await conn.execute(update(Seat).where(
                    col(Seat.id) == seat_id, col(Seat.left_at).is_(None)).values(left_at=now))
                if res.rowcount and game_id not in marked:
                    marked.append(game_id)
        return marked

    async def mark_back(self, guild_id: str, user_id: str) -> int:
        """``user_id`` is in the server ``guild_id`` again: their seats there are theirs as
        before (how many were marked as left)."""
        games_here = sa_select(_G.c.id).where(_G.c.guild_id == guild_id,
                                               _G.c.status.in_(LIVE_STATUSES))
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(update(Seat).where(
                col(Seat.user_id) == user_id, col(Seat.left_at).is_not(None),
                col(Seat.game_id).in_(games_here)).values(left_at=None))
            return res.rowcount

    async def add_seat(self, game: Game, seat: Seat) -> int:
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version)
            await _seat_at_the_end(s, game, [seat])
        return game.version + 1

    async def remove_seats(self, game: Game, seat_ids: Sequence[int]) -> int:
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version)
            for sid in seat_ids:
                seat = await s.get(Seat, sid)
                if seat is not None and seat.game_id == game.id:
                    await s.delete(seat)
        return game.version + 1

    async def start_game(self, game: Game, roles: dict[int, str], state: dict,
                         new_seats: Sequence[Seat] = (), options: dict | None = None,
                         sched: Sched | None = None, now: datetime | None = None) -> int:
        """Deal roles to seats (seat id → role), add the seats the deal needs (the
        computer's, shared sides) and store the opening state (and ``options``, when the
        start settled one, such as the number of players): one transaction, so a crash
        cannot leave a game half dealt."""
        extra: dict[str, object] = {"updated_at": now or utcnow()}
        if options is not None:
            extra["options"] = json.dumps(options)
        extra |= sched.values() if sched else {}
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, status="active", state=json.dumps(state),
                             **extra)
            for sid, role in roles.items():
                seat = await s.get(Seat, sid)
                assert seat is not None  # seats change only with a version bump, checked above
                seat.role = role
                s.add(seat)
            if new_seats:
                await _seat_at_the_end(s, game, new_seats)
        return game.version + 1

    # --- the step log ------------------------------------------------------------

    async def steps(self, game_id: int, *, include_undone: bool = False) -> list[Step]:
        async with self._sessions() as s:
            q = select(Step).where(Step.game_id == game_id)
            if not include_undone:
                q = q.where(col(Step.undone).is_(False))
            return list((await s.exec(q.order_by(col(Step.seq)))).all())

    async def step_log(self, game_id: int) -> list[LogStep]:
        """The live steps, in order, as plain rows: a long game's log is read this way
        several times faster than as ORM objects (undo reads it whole)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(_STEP_LOG, {"game_id": game_id})
            return [LogStep(*row) for row in rows]

    async def append_steps(
        self,
        game: Game,
        steps: Sequence[NewStep],
        state: dict,
        *,
        status: str | None = None,
        result: dict | None = None,
        now: datetime | None = None,
        public_state: str | None = None,
        sched: Sched | None = None,
    ) -> int:
        """Append steps and the snapshot they lead to, in one transaction. ``now`` (default:
        the current time) is stored as the steps' time and the game's ``updated_at``;
        ``public_state`` (JSON) is what others see while the move is in progress, None when
        the new state is itself public.

        On SQLite (a file) the whole transaction runs as one call on a writer thread: the
        database is locked from the bump to the commit, and through the async driver that
        span is about ten round trips through a busy event loop, which under load made the
        lock the bottleneck (p99 of a move ~550 ms at 100 moves/s; ~140 ms this way). On
        PostgreSQL it is one statement (``_APPEND_PG``), one round trip."""
        now = now or utcnow()
        values: dict = {"state": json.dumps(state), "updated_at": now,
                        "public_state": public_state}
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = json.dumps(result)
        if sched is not None:
            values |= sched.values()
        rows = [
            {
                "game_id": game.id,
                "role": st.role,
                "user_id": st.user_id,
                "action": st.action,
                "arg": None if st.arg is None else json.dumps(st.arg),
                "created_at": now,
                "undone": False,
            }
            for st in steps
        ]
        if self.engine.dialect.name == "postgresql":
            async with self.engine.connect() as conn:
                await conn.execution_options(isolation_level="AUTOCOMMIT")
                res = await conn.execute(_APPEND_PG, {
                    "game_id": game.id, "expected": game.version, "now": now,
                    "state": values["state"], "public_state": public_state, "status": status,
                    "result": values.get("result"), "pace": values.get("pace"),
                    "due_at": values.get("due_at"), "awaiting": values.get("awaiting"),
                    **{k: [r[f] for r in rows] for k, f in (
                        ("roles", "role"), ("users", "user_id"), ("actions", "action"),
                        ("args", "arg"))},
                })
                if res.scalar_one() != 1:
                    raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
            return game.version + 1
        writer = self._sqlite_writer()
        if writer is not None:
            engine, thread = writer
            async with self._writer():
                await asyncio.get_running_loop().run_in_executor(
                    thread, _append_sync, engine, id_of(game), game.version, values, rows
                )
            return game.version + 1
        async with self._tx() as s:
            # The version bump comes first: it takes the write lock before any read.
            await self._bump(s, id_of(game), game.version, **values)
            if rows:
                conn = await s.connection()
                await conn.execute(APPEND_STEP, rows)
        return game.version + 1

    async def undo_steps(self, game: Game, seqs: Sequence[int], state: dict,
                         public_state: str | None = None,
                         then: Sequence[NewStep] = (), sched: Sched | None = None,
                         now: datetime | None = None) -> int:
        """Mark steps undone and store the snapshot of the shortened log (and what others
        see, as in ``append_steps``), with the steps ``then`` appended after it (a redeal
        of the hidden future) in the same transaction. Checkpoints that include an undone
        step go."""
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, state=json.dumps(state),
                             public_state=public_state, updated_at=now or utcnow(),
                             **(sched.values() if sched else {}))
            conn = await s.connection()
            await conn.execute(
                update(Step)
                .where(col(Step.game_id) == game.id, col(Step.seq).in_(list(seqs)))
                .values(undone=True)
            )
            if seqs:
                await conn.execute(delete(Checkpoint).where(
                    col(Checkpoint.game_id) == game.id, col(Checkpoint.seq) >= min(seqs)))
            for st in then:
                await conn.execute(APPEND_STEP, {
                    "game_id": game.id, "role": st.role, "user_id": st.user_id,
                    "action": st.action, "arg": None if st.arg is None else json.dumps(st.arg),
                    "created_at": utcnow(), "undone": False})
        return game.version + 1

    async def save_checkpoint(self, game_id: int, version: int, state: str) -> None:
        """Keep ``state`` (JSON), the state of ``game_id`` at ``version``, as a checkpoint
        of the live steps it follows; nothing if the game has moved on since. A checkpoint
        is a cache, so a database error here is logged, not raised: the move it follows
        is already stored, and undo just replays further back."""
        try:
            async with self._tx() as s:
                conn = await s.connection()
                await conn.execute(_CHECKPOINT, {"game_id": game_id, "version": version,
                                                 "state": state})
        except SQLAlchemyError:
            log.warning("game %s: no checkpoint at version %s", game_id, version,
                        exc_info=True)

    async def checkpoint_before(self, game_id: int, steps: Sequence[Step | LogStep],
                                index: int) -> tuple[int, dict] | None:
        """The latest checkpoint still valid for the live ``steps`` (in order) that is the
        state before ``steps[index]`` or earlier: (how many steps it follows, the state)."""
        try:
            async with self._sessions() as s:
                q = (select(Checkpoint.seq, Checkpoint.count)
                     .where(Checkpoint.game_id == game_id, Checkpoint.count <= index)
                     .order_by(col(Checkpoint.count).desc()).limit(8))
                for seq, count in (await s.exec(q)).all():
                    if 0 < count <= len(steps) and steps[count - 1].seq == seq:
                        row = await s.get(Checkpoint, (game_id, seq))
                        if row is not None:
                            return count, json.loads(row.state)
        except SQLAlchemyError:  # a cache: without it, the caller replays from the start
            log.warning("game %s: checkpoints unreadable", game_id, exc_info=True)
        return None


    # --- seats changing hands ---------------------------------------------------------

    async def reassign_seat(self, game: Game, seat_id: int, *, user_id: str | None, name: str,
                            is_bot: bool, sched: Sched | None = None,
                            now: datetime | None = None, why: str = "reassigned") -> int:
        """Give a seat to another user or to the computer; version-checked like a move. The
        person who held it is added to its ``held_by``, and the change to the game's
        handovers (``why``: resigned, timeout or reassigned)."""
        now = now or utcnow()
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, updated_at=now,
                             **(sched.values() if sched else {}))
            seat = await s.get(Seat, seat_id)
            if seat is None or seat.game_id != game.id:
                return game.version + 1
            if seat.role is not None:
                s.add(Handover(game_id=id_of(game), role=seat.role,
                               from_user=None if seat.is_bot else seat.user_id,
                               from_name=seat.name, to_user=user_id, to_name=name, why=why,
                               at=now))
            held = seat.holders()
            if user_id is not None and user_id in held:
                held.remove(user_id)  # holding it again: one entry, the newest
            conn = await s.connection()
            await conn.execute(
                update(Seat)
                .where(col(Seat.id) == seat_id, col(Seat.game_id) == game.id)
                .values(user_id=user_id, name=name, is_bot=is_bot, left_at=None,
                        held_by=json.dumps(held) if held else None)
            )
        return game.version + 1

    async def offer_seat(self, offer: SeatOffer) -> SeatOffer:
        """Store an offer of a side (it replaces any earlier offer of that side)."""
        async with self._tx() as s:
            s.add(offer)
        return offer

    async def seat_offer(self, offer_id: int) -> tuple[SeatOffer, bool] | None:
        """An offer of a side, and whether it is still the newest offer of that side."""
        async with self._sessions() as s:
            offer = await s.get(SeatOffer, offer_id)
            if offer is None:
                return None
            newest = (await s.exec(select(func.max(SeatOffer.id)).where(
                SeatOffer.game_id == offer.game_id, SeatOffer.role == offer.role))).one()
            return offer, newest == offer.id

    async def handovers(self, game_id: int) -> list[Handover]:
        """The sides of a game that changed hands, in order."""
        async with self._sessions() as s:
            q = select(Handover).where(Handover.game_id == game_id).order_by(col(Handover.id))
            return list((await s.exec(q)).all())

    async def open_games_of(self, user_id: str, guild_id: str | None) -> int:
        """How many games being set up or played in this guild the user sits at or opened."""
        async with self._sessions() as s:
            seated = select(Seat.game_id).where(Seat.user_id == user_id)
            q = select(func.count()).select_from(Game).where(
                col(Game.status).in_(LIVE_STATUSES),
                Game.guild_id == guild_id,
                (col(Game.created_by) == user_id) | col(Game.id).in_(seated),
            )
            return (await s.exec(q)).one()

    # --- undo requests -------------------------------------------------------------------

    async def undo_request(self, request_id: int) -> UndoRequest | None:
        async with self._sessions() as s:
            return await s.get(UndoRequest, request_id)

    async def ask_undo(self, game: Game, requester: str) -> tuple[UndoRequest, bool]:
        """The requester's request at the game's current version, made now (True) or the
        one already standing (False)."""
        try:
            async with self._tx() as s:
                row = UndoRequest(game_id=id_of(game), version=game.version, requester=requester)
                s.add(row)
            return row, True
        except IntegrityError:
            async with self._sessions() as s:
                q = select(UndoRequest).where(UndoRequest.game_id == game.id,
                                              UndoRequest.version == game.version,
                                              UndoRequest.requester == requester)
                return (await s.exec(q)).one(), False

    async def answer_undo(self, request: UndoRequest, *, agreed: Collection[str] | None = None,
                          refused_by: str | None = None) -> bool:
        """Record an answer, only if the request still reads as the caller saw it (two
        voters clicking at once cannot overwrite each other). False: it changed; re-read."""
        values: dict = {}
        if agreed is not None:
            values["agreed"] = json.dumps(sorted(agreed))
        if refused_by is not None:
            values["refused_by"] = refused_by
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(UndoRequest)
                .where(col(UndoRequest.id) == request.id,
                       col(UndoRequest.agreed) == request.agreed,
                       col(UndoRequest.refused_by).is_(None))
                .values(**values)
            )
            return res.rowcount == 1

    # --- reminders ---------------------------------------------------------------------

    async def reminder(self, game_id: int) -> Reminder | None:
        """A game's reminder row from before paces (``Game.pace`` holds the setting now):
        read once, when the scheduler first works out such a game's pace."""
        async with self._sessions() as s:
            return await s.get(Reminder, game_id)

    # --- the scheduler ------------------------------------------------------------------

    async def due_games(self, now: datetime, limit: int = 200,
                        after: tuple[datetime, int] | None = None) -> list[Due]:
        """Games something falls due in by ``now``, soonest first (then by id), from
        the ``due_at`` index; ``after``: the (due_at, id) a previous page ended at."""
        q = sa_select(_G.c.id, _G.c.version, _G.c.due_at, _G.c.guild_id).where(
            _G.c.due_at <= now)
        if after is not None:
            q = q.where((_G.c.due_at > after[0])
                        | ((_G.c.due_at == after[0]) & (_G.c.id > after[1])))
        async with self.engine.connect() as conn:
            rows = await conn.execute(q.order_by(_G.c.due_at, _G.c.id).limit(limit))
            return [Due(*row) for row in rows]

    async def claim(self, game_id: int, version: int, seen_due: datetime | None,
                    sched: Sched) -> bool:
        """Take what fell due in a game for this process, storing its pace after it:
        only if the game is still at ``version`` and still due at ``seen_due``. Exactly
        one of several processes looking at once wins (the others' update matches no
        row), and a move made meanwhile (a new version) makes every claim fail."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(Game).where(
                    col(Game.id) == game_id, col(Game.version) == version,
                    col(Game.due_at).is_(None) if seen_due is None
                    else col(Game.due_at) == seen_due).values(**sched.values()))
            return res.rowcount == 1

    # --- the delivery ledger (bot/table/deliveries.py) ----------------------------------

    async def delivered(self, game_id: int, version: int, seen: int) -> None:
        """The channel was shown game ``game_id``'s public log up to ``seen`` lines, in a
        post made at ``version``: nothing is owed any more, unless a later write's post
        has already been recorded (the newer word wins; posts can finish out of order)."""
        async with self._tx() as s:
            conn = await s.connection()
            await conn.execute(update(Game).where(
                col(Game.id) == game_id,
                col(Game.posted_version).is_(None) | (col(Game.posted_version) <= version),
            ).values(posted=seen, posted_version=version, undelivered=None, redeliver_at=None))

    async def undelivered(self, game_id: int, version: int, shown: int, why: dict,
                          retry_at: datetime | None) -> None:
        """A post made at ``version`` could not be made (``why``, JSON); the channel has
        been shown the public log up to ``shown`` lines, unless the ledger knows it was
        shown less (an earlier post that failed too). Nothing is noted if a later post was
        delivered meanwhile: it showed the channel the game as it now is."""
        async with self._tx() as s:
            conn = await s.connection()
            await conn.execute(update(Game).where(
                col(Game.id) == game_id,
                col(Game.posted_version).is_(None) | (col(Game.posted_version) < version),
            ).values(posted=func.coalesce(col(Game.posted), shown),
                     posted_version=func.coalesce(col(Game.posted_version), version - 1),
                     undelivered=json.dumps(why), redeliver_at=retry_at))

    async def owed(self, now: datetime | None = None) -> list[Game]:
        """Games being played or just finished that owe their channel a post: with
        ``now``, those whose retry has come (``redeliver_at``); without, every game whose
        post is recorded as not delivered or whose log has lines past what was shown (a
        crash between a write and its post: only a restart asks that)."""
        async with self._sessions() as s:
            q = select(Game).where(col(Game.status).in_((*LIVE_STATUSES, "finished")))
            if now is not None:
                q = q.where(col(Game.redeliver_at) <= now)
            else:
                q = q.where(col(Game.posted).is_not(None)
                            & (col(Game.undelivered).is_not(None)
                               | (col(Game.posted_version) < col(Game.version))))
            return list((await s.exec(q.order_by(col(Game.id)))).all())
    async def set_aside(self, channel_ids: Collection[str], now: datetime) -> list[int]:
        """The games being set up or played in these channels (deleted), set aside:
        nothing falls due in them any more. Their ids; none if another process (or an
        earlier event) set them aside already."""
        if not channel_ids:
            return []
        async with self._tx() as s:
            conn = await s.connection()
            rows = await conn.execute(
                update(Game).where(col(Game.channel_id).in_(list(channel_ids)),
                                   col(Game.status).in_(LIVE_STATUSES))
                .values(status=ASIDE, due_at=None, updated_at=now,
                        version=col(Game.version) + 1)
                .returning(col(Game.id)))
            return sorted(row[0] for row in rows if row[0] is not None)

    async def schedule_unscheduled(self, now: datetime) -> int:
        """Games being set up or played that have no due time (made before the
        scheduler, or by an import) are due now, so the scheduler works theirs out."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(Game).where(col(Game.due_at).is_(None),
                                   col(Game.status).in_(LIVE_STATUSES)).values(due_at=now))
            return res.rowcount

    # --- players and servers -------------------------------------------------------------

    async def players(self, user_ids: Collection[str]) -> dict[str, Player]:
        if not user_ids:
            return {}
        async with self._sessions() as s:
            q = select(Player).where(col(Player.user_id).in_(list(user_ids)))
            return {p.user_id: p for p in (await s.exec(q)).all()}

    async def save_player(self, player: Player) -> None:
        async with self._tx() as s:
            await s.merge(player)

    async def server(self, guild_id: str | None) -> Server | None:
        if guild_id is None:
            return None
        async with self._sessions() as s:
            return await s.get(Server, guild_id)

    async def save_server(self, server: Server) -> None:
        async with self._tx() as s:
            await s.merge(server)

    async def games_of(self, user_id: str) -> list[MyGame]:
        """Every game being set up or played that ``user_id`` sits at, with their sides,
        and every rematch being set up that plans a seat for them they have not taken."""
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.status,
                       _G.c.updated_at, _G.c.awaiting, _G.c.pace, _S.c.role)
             .select_from(_S.join(_G, _G.c.id == _S.c.game_id))
             .where(_S.c.user_id == user_id, _G.c.status.in_(LIVE_STATUSES))
             .order_by(_G.c.id, _S.c.position))
        seated = await self._my_games(q)
        taken = {g.id for g in seated}
        # The plan is JSON text; the LIKE only narrows the few games being set up, the
        # plan itself says whether the seat is theirs.
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.updated_at,
                       _G.c.pace, _G.c.plan)
             .where(_G.c.status == "setup", _G.c.plan.like(f'%{json.dumps(str(user_id))}%')))
        async with self.engine.connect() as conn:
            rows: list[Any] = list(await conn.execute(q))
        invited = [MyGame(row.id, row.guild_id, row.channel_id, row.game, "setup",
                          row.updated_at, None, row.pace,
                          tuple(side for who, side in json.loads(row.plan)["seats"]
                                if who == user_id), invited=True)
                   for row in rows if row.id not in taken]
        return seated + [g for g in invited if g.roles]

    async def games_in(self, guild_id: str, limit: int = 500,
                       aside_since: datetime | None = None) -> list[MyGame]:
        """The server's games being set up or played, and those set aside since
        ``aside_since``, newest first (sides left empty)."""
        shown: Any = _G.c.status.in_(LIVE_STATUSES)
        if aside_since is not None:
            shown = shown | ((_G.c.status == ASIDE) & (_G.c.updated_at >= aside_since))
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.status,
                       _G.c.updated_at, _G.c.awaiting, _G.c.pace, null())
             .where(_G.c.guild_id == guild_id, shown)
             .order_by(_G.c.id.desc()).limit(limit))
        return await self._my_games(q)

    async def _my_games(self, q) -> list[MyGame]:
        out: dict[int, MyGame] = {}
        async with self.engine.connect() as conn:
            for (game_id, guild_id, channel_id, game, status, updated_at, awaiting, pace,
                 role) in await conn.execute(q):
                had = out.get(game_id)
                roles = tuple(r for r in (*(had.roles if had else ()), role) if r)
                out[game_id] = MyGame(game_id, guild_id, channel_id, game, status, updated_at,
                                      awaiting, pace, roles)
            held: dict[int, list[tuple[str, str | None, str]]] = {}
            left: dict[int, list[str]] = {}
            if out:
                q = (sa_select(_S.c.game_id, _S.c.role, _S.c.user_id, _S.c.name, _S.c.left_at)
                     .where(_S.c.game_id.in_(list(out)), _S.c.role.is_not(None))
                     .order_by(_S.c.game_id, _S.c.position))
                for game_id, role, user_id, name, left_at in await conn.execute(q):
                    held.setdefault(game_id, []).append((role, user_id, name))
                    if left_at is not None:
                        left.setdefault(game_id, []).append(role)
        return [replace(g, holders=tuple(held.get(g.id, ())), left=tuple(left.get(g.id, ())))
                for g in out.values()]


    # --- ratings ------------------------------------------------------------------------

    async def rated(self, game_id: int) -> tuple[Rated, list[RatedSeat]] | None:
        async with self._sessions() as s:
            row = await s.get(Rated, game_id)
            if row is None:
                return None
            q = select(RatedSeat).where(RatedSeat.game_id == game_id)
            return row, list((await s.exec(q)).all())

    async def record_result(self, row: Rated, seats: Sequence[RatedSeat],
                            keys: Collection[RatingKey],
                            rate: Callable[[dict[RatingKey, Rating]], Sequence[Rating]]
                            ) -> bool:
        """Store how a finished game was rated and the players' new ratings, in one
        transaction; False if it was recorded already (by another process). ``rate`` works
        the new ratings out from the current ones of ``keys``, read inside the transaction
        while those players' ratings are locked (PostgreSQL: an advisory lock per player,
        taken in one order; SQLite: the write lock, taken by the first insert), so two
        games ending at once, in one process or two, never lose each other's change."""
        try:
            async with self._tx() as s:
                s.add(row)
                try:
                    await s.flush()  # the primary key decides, before any rating changes
                except IntegrityError:
                    raise _Recorded from None
                conn = await s.connection()
                if self.engine.dialect.name == "postgresql":
                    for lock in sorted({_player_lock(user) for _, _, user in keys}):
                        await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"),
                                           {"k": lock})
                for rating in rate(await self._ratings(s, keys)):
                    await s.merge(rating)
                for seat in seats:
                    s.add(seat)
                rated = table_of(Rated).alias("earlier")  # never correlated to the row
                await conn.execute(update(Rated).where(col(Rated.game_id) == row.game_id)
                                   .values(applied=sa_select(
                                       func.coalesce(func.max(rated.c.applied), 0) + 1)
                                           .scalar_subquery()))
            return True
        except _Recorded:
            return False

    async def ratings(self, keys: Collection[RatingKey]) -> dict[RatingKey, Rating]:
        """The ratings (guild, game, user) that exist among ``keys``."""
        async with self._sessions() as s:
            return await self._ratings(s, keys)

    @staticmethod
    async def _ratings(s: AsyncSession, keys: Collection[RatingKey]
                       ) -> dict[RatingKey, Rating]:
        if not keys:
            return {}
        q = select(Rating).where(tuple_(col(Rating.guild_id), col(Rating.game),
                                        col(Rating.user_id)).in_(list(keys)))
        return {(r.guild_id, r.game, r.user_id): r for r in (await s.exec(q)).all()}

    async def leaderboard(self, guild_id: str, game: str, limit: int = 25) -> list[Rating]:
        """The best ratings in ``game`` here, by mu − 3 sigma (openskill's ordinal)."""
        async with self._sessions() as s:
            q = (select(Rating).where(Rating.guild_id == guild_id, Rating.game == game)
                 .order_by((col(Rating.mu) - 3 * col(Rating.sigma)).desc(),
                           col(Rating.user_id)).limit(limit))
            return list((await s.exec(q)).all())

    async def place_on_board(self, rating: Rating) -> int:
        """Where ``rating`` stands on its leaderboard (1: first)."""
        mine = rating.mu - 3 * rating.sigma
        async with self._sessions() as s:
            q = select(func.count()).select_from(Rating).where(
                Rating.guild_id == rating.guild_id, Rating.game == rating.game,
                (col(Rating.mu) - 3 * col(Rating.sigma) > mine)
                | ((col(Rating.mu) - 3 * col(Rating.sigma) == mine)
                   & (col(Rating.user_id) < rating.user_id)))
            return (await s.exec(q)).one() + 1

    async def seats_rated(self, *, user_id: str | None = None, guild_id: str | None = None,
                          game: str | None = None) -> list[tuple[Rated, RatedSeat]]:
        """Rated games and their sides, oldest first: one person's, or one server's."""
        async with self._sessions() as s:
            q = select(Rated, RatedSeat).where(col(RatedSeat.game_id) == col(Rated.game_id))
            if user_id is not None:
                q = q.where(RatedSeat.user_id == user_id)
            if guild_id is not None:
                q = q.where(Rated.guild_id == guild_id)
            if game is not None:
                q = q.where(Rated.game == game)
            q = q.order_by(col(Rated.ended_at), col(Rated.game_id), col(RatedSeat.role))
            return [(r, seat) for r, seat in (await s.exec(q)).all()]

    async def all_ratings(self) -> list[Rating]:
        async with self._sessions() as s:
            q = select(Rating).order_by(col(Rating.guild_id), col(Rating.game),
                                        (col(Rating.mu) - 3 * col(Rating.sigma)).desc(),
                                        col(Rating.user_id))
            return list((await s.exec(q)).all())

    async def forget_ratings(self) -> None:
        """Every rating and rated game gone (``darbar ratings --recompute`` starts so)."""
        async with self._tx() as s:
            conn = await s.connection()
            for model in (RatedSeat, Rated, Rating):
                await conn.execute(delete(model))

    async def finished_games(self) -> list[Game]:
        """Every finished game: those rated in the order their ratings were applied, then
        the others in the order they ended (what a recompute replays)."""
        async with self._sessions() as s:
            applied = col(Rated.applied)
            q = (select(Game).outerjoin(Rated, col(Rated.game_id) == col(Game.id))
                 .where(Game.status == "finished")
                 .order_by(applied.is_(None), applied, col(Game.updated_at), col(Game.id)))
            return list((await s.exec(q)).all())

    async def unconcluded(self, since: datetime) -> list[Game]:
        """Games that finished at ``since`` or later without a ``rated`` row, in the order
        they ended: a crash came between their final write and their conclusion (the
        rating and the result post)."""
        async with self._sessions() as s:
            done = select(Rated.game_id).where(col(Rated.game_id) == col(Game.id))
            q = (select(Game).where(Game.status == "finished", col(Game.updated_at) >= since,
                                    ~done.exists())
                 .order_by(col(Game.updated_at), col(Game.id)))
            return list((await s.exec(q)).all())

    # --- rematches -----------------------------------------------------------------------

    async def rematch_of(self, channel_id: str) -> Game | None:
        """The channel's game being set up, if it is a rematch (has a plan)."""
        game = await self.live_game(channel_id)
        return game if game is not None and game.plan else None

    async def note_pings(self, game_id: int, user_ids: Collection[str], now: datetime,
                         window: timedelta) -> set[str]:
        """Of ``user_ids``, those a post about the rematches of finished game ``game_id``
        may ping: the ones not pinged about them since ``now - window``, noted as pinged
        ``now``. One statement (an upsert that updates only a ping older than the window),
        so of several processes asking at once, one gets each person."""
        if not user_ids:
            return set()
        table = table_of(RematchPing)
        upsert_into = (postgresql.insert if self.engine.dialect.name == "postgresql"
                       else sqlite.insert)
        rows = upsert_into(RematchPing).values(
            [{"game_id": game_id, "user_id": u, "pinged_at": now} for u in sorted(user_ids)])
        upsert = rows.on_conflict_do_update(
            index_elements=[table.c.game_id, table.c.user_id],
            set_={"pinged_at": rows.excluded.pinged_at},
            where=table.c.pinged_at <= now - window,
        ).returning(table.c.user_id)
        async with self._tx() as s:
            conn = await s.connection()
            return set((await conn.execute(upsert)).scalars())


class _Recorded(Exception):
    """The game's result was recorded already (its ``rated`` row exists)."""


def _player_lock(user_id: str) -> int:
    """The PostgreSQL advisory lock (a signed 64-bit number) that serialises one player's
    rating changes; derived from a name no other lock of Darbar's uses."""
    digest = hashlib.sha256(f"darbar rating {user_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _append_sync(engine: Engine, game_id: int, expected: int, values: dict,
                 rows: list[dict]) -> None:
    """``append_steps`` as one synchronous transaction (the same statements)."""
    with engine.begin() as conn:
        res = conn.execute(
            _BUMP, {**values, "version": expected + 1, "_id": game_id, "_expected": expected}
        )
        if res.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected}")
        if rows:
            conn.execute(APPEND_STEP, rows)


async def _seat_at_the_end(s: AsyncSession, game: Game, seats: Sequence[Seat]) -> None:
    """Add ``seats`` to ``game`` after the seats it has, in order (inside a transaction)."""
    top = await s.exec(select(func.max(Seat.position)).where(Seat.game_id == game.id))
    first = (top.one() or 0) + 1
    for i, seat in enumerate(seats):
        seat.game_id, seat.position = id_of(game), first + i
        s.add(seat)


def step_arg(step: Step | LogStep) -> object:
    return None if step.arg is None else json.loads(step.arg)
