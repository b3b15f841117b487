"""The repository's session core: the engine, sessions, the write transaction and its
queue, the version bump every write starts with, and opening and closing the database.

Every write is one transaction that starts by bumping ``Game.version`` with
``WHERE version = expected``. If another click, user or process wrote first,
that UPDATE matches no row and the whole transaction is rolled back with
``VersionConflict``: correctness never depends on in-process locks.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self, TypeVar, cast

from sqlalchemy import Connection, Engine, Result, bindparam, create_engine, event, text, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import configure_mappers
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.sql import FromClause
from sqlmodel import Session, SQLModel, col
from sqlmodel.ext.asyncio.session import AsyncSession

from db import migrations
from db.location import normalise_url
from db.models import Game, utcnow
from db.outage import StoreUnavailable, unavailable
from db.repository.sqlite_loop import began, checkpoint_wal, locked

# The statements of every move, built once: building one costs about as much CPU as
# running it. The bump's SET clause follows the keys it is executed with.
BUMP = update(Game).where(
    col(Game.id) == bindparam("_id"), col(Game.version) == bindparam("_expected")
)


class VersionConflict(Exception):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has a game being set up or played."""


# How long a write waits for SQLite's write lock when another connection holds it (a
# backup, an admin command), and again for this process's own queue of writes: a lock
# shorter than this is ridden out; a longer one is told "try again in a moment" within
# Discord's 3 s (see docs/architecture.md, "When the database does not answer").
LOCK_WAIT = 1.5
# PostgreSQL: how long opening a connection may take before the server counts as down
# (asyncpg's own default is a minute, for which nobody waits).
CONNECT_TIMEOUT = 5.0
READ_POOL = 4  # PostgreSQL connections kept for reads (and as many more at a peak)
# Threads that run the hot reads of a SQLite file (see RepositoryCore.read): two, as many
# as the cores this bot is sized for; WAL lets them read while the writer writes.
SQLITE_READERS = 2
# Writes made on the event loop's thread between two checkpoints of SQLite's WAL (made on
# the writer thread; see write_now): a move writes a few pages, and SQLite's own
# checkpoint comes every 1,000.
WAL_CHECKPOINT_EVERY = 100
T = TypeVar("T")


def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers (autocomplete, /board) run while a move is written.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={int(LOCK_WAIT * 1000)}")
    cur.close()


class RepositoryCore:
    """What every part of the repository writes and reads through (see the package)."""

    def __init__(self, engine: AsyncEngine):
        self.engine = engine
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
        # SQLite has one writer at a time and its busy handler backs off in sleeps of up to
        # 100 ms, which wrecks tail latency when many games write at once. Queueing this
        # process's writes here is only for speed: the version check is what keeps two
        # writers (or two processes) from both applying.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._locked_out = False  # the last write found the database locked elsewhere
        # SQLite file databases write moves on a thread of their own (see append_steps) and
        # read what every move reads on threads of their own (see read): a synchronous
        # engine on the same file, made on first use, and its threads.
        self._sync_engine: Engine | None = None
        self._sync_writer: tuple[Engine, ThreadPoolExecutor] | None = None
        self._sync_reader: tuple[Engine, ThreadPoolExecutor] | None = None
        # ... and first on the event loop's own thread, through one connection it keeps for
        # both (the thread's id, the connection; see read and write_now), and how many
        # writes were made there
        self._on_loop: tuple[int, Connection] | None = None
        self._loop_writes = 0
        self._checkpointing: asyncio.Future[None] | None = None  # the WAL's, under way
        # PostgreSQL's reads take their connections from a pool of their own that does not
        # check a connection when it is taken (see read).
        self._reads: AsyncEngine | None = None

    @classmethod
    async def open(cls, url: str | None = None) -> Self:
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
        repo = cls(engine)
        if url.startswith("postgresql"):
            # reads run outside a transaction: the engine's connections are in autocommit
            # (set per read, it cost a set and a reset at every checkout)
            repo._reads = create_async_engine(url, pool_size=READ_POOL, max_overflow=READ_POOL,
                                              isolation_level="AUTOCOMMIT",
                                              connect_args={"timeout": CONNECT_TIMEOUT})
        return repo

    async def close(self) -> None:
        if self._on_loop is not None:
            self._on_loop[1].close()
            self._on_loop = None
        for held in (self._sync_writer, self._sync_reader):
            if held is not None:
                held[1].shutdown(wait=True)
        self._sync_writer = self._sync_reader = None
        if self._sync_engine is not None:
            self._sync_engine.dispose()
            self._sync_engine = None
        if self._reads is not None:
            await self._reads.dispose()
        await self.engine.dispose()

    def _sqlite_sync_engine(self) -> Engine | None:
        """A synchronous engine on the same SQLite file, made on first use; None for other
        databases (and for an in-memory one, which a second engine would not share)."""
        if self._sync_engine is None:
            url = self.engine.url
            if self.engine.dialect.name != "sqlite" or url.database in (None, "", ":memory:"):
                return None
            # the writer, the reader threads and the event loop's two
            self._sync_engine = create_engine(url.set(drivername="sqlite+pysqlite"),
                                              pool_size=3 + SQLITE_READERS)
            event.listen(self._sync_engine, "connect", _sqlite_pragmas)
        return self._sync_engine

    def _sqlite_writer(self) -> tuple[Engine, ThreadPoolExecutor] | None:
        """The synchronous engine and the one thread that writes moves through it."""
        if self._sync_writer is None and (engine := self._sqlite_sync_engine()) is not None:
            self._sync_writer = (
                engine, ThreadPoolExecutor(1, thread_name_prefix="darbar-sqlite-write"))
        return self._sync_writer

    async def read(self, query: Callable[[Connection], T]) -> T:
        """``query(connection)``: a read of one statement or a few, as every move makes.

        On a SQLite file it runs on the event loop's thread itself, through the
        synchronous driver on a connection the loop keeps: in WAL mode a read is never
        held up by the writer, and a move's read is tens of microseconds of SQLite's work,
        where handing it to a thread and back cost more than the read (a Goat-Tiger move's
        three reads: 1.6 ms of CPU on the reader threads). That connection does not wait
        for a lock (busy_timeout 0): in the rare case a read finds the database locked (a
        tool holding it exclusively, a crashed process's log being recovered), it is read
        again on a reader thread, which waits as every connection does, the loop free
        meanwhile. Through aiosqlite a statement was several round trips through the
        event loop (about 2 ms of CPU for the game's read).

        On PostgreSQL it runs outside a transaction (one statement needs none: no BEGIN
        and ROLLBACK round trips), on a pool of its own whose connections are not checked
        when taken (that check, pool_pre_ping, was a round trip before every read: the
        next-game button took 1.5 ms instead of 1); a read that finds its connection
        dropped is tried again once on a fresh one."""
        if (on_loop := self._loop_connection()) is not None:
            try:
                return _fetched(query(on_loop))
            except OperationalError as e:
                if not locked(e):
                    raise
            finally:
                if on_loop.in_transaction():  # nothing was written: the driver's is a no-op
                    on_loop.rollback()
        if self._sync_reader is not None:
            engine, threads = self._sync_reader

            def run() -> T:
                with engine.connect() as conn:
                    return _fetched(query(conn))
            return await asyncio.get_running_loop().run_in_executor(threads, run)
        if self._reads is None:
            async with self.engine.connect() as conn:
                return _fetched(await conn.run_sync(query))
        try:
            return await self._read_pg(query)
        except DBAPIError as e:
            # A connection the server dropped (a restart): the pool has now let go of every
            # connection it held from before, so a second try has a live one. A read is
            # safe to try twice; writes keep their check when taken (pool_pre_ping).
            if not e.connection_invalidated:
                raise
            return await self._read_pg(query)

    def _loop_connection(self) -> Connection | None:
        """The connection the event loop's thread reads and writes a SQLite file through,
        made on first use, that never waits for a lock (the reader threads and the
        writer's are its fallback); None for other databases, or on a thread other than
        the one it was made on.

        One connection for both: SQLite drops a connection's whole page cache when it
        finds that another connection has written since its last transaction, so a
        second connection that only read re-read the pages of every move's reads from
        the files after each move's write, and kept a page cache of its own (up to 2 MB)
        for it. The loop's reads and writes never interleave: each runs whole, without
        an await, and a read leaves no transaction open (``read`` rolls back whatever one
        began)."""
        if self._on_loop is None:
            engine = self._sqlite_sync_engine()
            if engine is None:
                return None
            if self._sync_reader is None:
                self._sync_reader = (engine, ThreadPoolExecutor(
                    SQLITE_READERS, thread_name_prefix="darbar-sqlite-read"))
            conn = engine.connect()
            conn.exec_driver_sql("PRAGMA busy_timeout=0")  # never wait on the loop
            # a checkpoint syncs the files to the disk: never on the loop (write_now)
            conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            conn.rollback()
            self._on_loop = (threading.get_ident(), conn)
        thread, conn = self._on_loop
        if thread != threading.get_ident():
            return None
        if conn.invalidated or conn.closed:  # the driver's connection was lost
            self._on_loop = None
            conn.close()
            return self._loop_connection()
        return conn

    async def write_now(self, work: Callable[[Connection], T]) -> T:
        """``work(connection)`` as one transaction on a SQLite file (a move's write: the
        caller holds this process's turn to write, ``_writer``).

        It runs on the event loop's thread: SQLite's part of a move's write is a few
        hundred microseconds, and handing it to the writer thread and back cost about as
        much again. The transaction begins by taking the write lock (BEGIN IMMEDIATE)
        without waiting: if another connection holds it (another process, a tool), the
        write is made on the writer thread instead, which waits for it as every connection
        does (busy_timeout), the loop free meanwhile. The loop's connection never
        checkpoints the WAL (that syncs the files to the disk); the writer thread does,
        every WAL_CHECKPOINT_EVERY writes made on the loop, and the next write waits for
        it to end (as SQLite's own checkpoint holds up the write that makes it)."""
        writer = self._sqlite_writer()
        assert writer is not None
        engine, thread = writer
        if self._checkpointing is not None:
            # the WAL is written from its start again only after a whole checkpoint:
            # a write made while it ran would have it go on growing
            await self._checkpointing
            self._checkpointing = None
        if (on_loop := self._loop_connection()) is not None:
            with on_loop.begin():  # its end commits or rolls back the driver's transaction
                if ours := began(on_loop):
                    out = work(on_loop)
            if ours:
                self._loop_writes += 1
                if self._loop_writes % WAL_CHECKPOINT_EVERY == 0:
                    self._checkpointing = asyncio.get_running_loop().run_in_executor(
                        thread, checkpoint_wal, engine)
                return out

        def run() -> T:
            with engine.begin() as conn:
                return work(conn)
        return await asyncio.get_running_loop().run_in_executor(thread, run)

    async def _read_pg(self, query: Callable[[Connection], T]) -> T:
        assert self._reads is not None
        async with self._reads.connect() as conn:
            return _fetched(await conn.run_sync(query))

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

    async def _bump(self, s: AsyncSession, game_id: int, expected: int, **values: object) -> None:
        conn = await s.connection()
        res = await conn.execute(
            BUMP,
            {"updated_at": utcnow(), **values, "version": expected + 1, "_id": game_id,
             "_expected": expected},
        )
        if res.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected}")

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


def in_session(work: Callable[..., T], *args: Any) -> Callable[[Connection], T]:
    """``work(session, *args)`` with an ORM session on a connection, in its transaction
    (the session flushes what it added, and leaves the transaction to the caller)."""
    def run(conn: Connection) -> T:
        with Session(bind=conn, expire_on_commit=False) as s:
            out = work(s, *args)
            s.flush()
            return out
    return run


def _fetched(out: T) -> T:
    """What a read returns, once its connection is given back: rows, never a cursor still
    open. A SQLite connection with a statement unfinished keeps its snapshot of the
    database, and when the pool next lends it to the writer, its write is refused
    ("database is locked") once another connection has committed since."""
    if isinstance(out, Result):
        out.close()
        raise TypeError("a read must return its rows (.all(), .first()), not the open result")
    return out


M = TypeVar("M", bound=SQLModel)


def from_row(model: type[M], values: Mapping[str, Any]) -> M:
    """A table model made from a row read with Core, unattached to any session: its values
    are already what the columns' types make of them, so it skips the constructor's
    validation and per-attribute instrumentation (about 5× faster; every move reads its
    game, seats and players this way). A row of every field (all a read gets) is made as
    ``model_construct`` makes it, without its per-field work, and given its ORM state
    without asking whether it has one (pydantic answers that slowly): 5 µs, not 30."""
    manager = sa_inspect(model).class_manager
    if values.keys() != model.model_fields.keys() or model.__private_attributes__:
        obj = cast(M, model.model_construct(**values))  # sqlmodel's own type is its base
        manager._new_state_if_none(obj)
        return obj
    obj = object.__new__(model)
    _set = object.__setattr__
    _set(obj, "__dict__", dict(values))
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    manager._state_setter(obj, manager._state_constructor(obj, manager))
    return obj


def from_columns(model: type[M], table: FromClause, row: Sequence[Any]) -> M:
    """``from_row`` of a row read as ``table``'s columns, in their order."""
    return from_row(model, dict(zip(table.c.keys(), row, strict=True)))


# Mapped now, so that a model made by from_row has its attributes' instrumentation.
configure_mappers()
