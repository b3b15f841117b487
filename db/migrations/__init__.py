"""Schema migrations (Alembic): ``upgrade`` brings a database to the code's revision.

The bot runs it at start-up (``Repository.open``) when every pending migration is marked
safe to run unattended (``AUTOMATIC = True``); otherwise it stops and says to back up and
run ``darbar migrate``. Several processes starting at once migrate once: they queue on a
lock (PostgreSQL: an advisory lock held for the transaction; SQLite: a lock file beside
the database), and the ones after the first find nothing left to do. A database at a
revision this code does not know (made by a newer Darbar) is refused, never touched.

A new migration: change the models, then ``python -m db.migrations new "what changed"``
writes one (Alembic's autogenerate against a database at the current revision) to edit.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import sys
import tempfile
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from db.location import normalise_url
from engine import grammar

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

HERE = Path(__file__).parent
# The newest migration's revision: each is named for its file (0009_waiting_since), and
# tests/db/test_migrations.py holds Alembic's head to it. A database already there is
# opened without importing Alembic (11 MB held in every process, and its start-up time).
LATEST = max(p.stem for p in (HERE / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
log = logging.getLogger("darbar.db")
# Alembic says "Context impl SQLiteImpl." at every open; only what was migrated is news.
logging.getLogger("alembic").setLevel(logging.WARNING)
# Any 64-bit number that no other application on the server uses as an advisory lock.
PG_LOCK = 0x4461726261720001
REFUSED = 3  # a migrating child's exit status for a refusal (its words on its stdout)


class MigrationError(RuntimeError):
    """The database cannot be brought to this code's schema unattended (or at all)."""


def config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


@cache
def scripts() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config())


def head() -> str:
    found = scripts().get_current_head()
    assert found is not None  # the baseline at least
    return found


def current(conn: Connection) -> str | None:
    """The revision the database is at (None: made before migrations, or empty), read
    from Alembic's own table without Alembic."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    found = [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]
    if len(found) > 1:  # Darbar's migrations are one line, never branches
        raise MigrationError(f"The database is marked at several schema revisions at once "
                             f"({', '.join(found)}): restore a backup.")
    return found[0] if found else None


def pending(at: str | None) -> list[str]:
    """The revisions from ``at`` to the head, oldest first; MigrationError if ``at`` is not
    one of this code's (a newer Darbar made the database)."""
    s = scripts()
    if at is not None:
        try:
            s.get_revision(at)
        except Exception:  # alembic raises several kinds for an unknown revision
            raise MigrationError(
                f"The database is at schema revision {at}, which this Darbar does not know "
                f"(it knows up to {head()}): it was made by a newer Darbar. Run that "
                "version, or restore a backup made for this one.") from None
    upper = list(s.iterate_revisions(head(), at or "base"))
    return [r.revision for r in reversed(upper) if r is not None and r.revision != at]


def _automatic(revision: str) -> bool:
    module = scripts().get_revision(revision).module
    return bool(getattr(module, "AUTOMATIC", False))


def _upgrade(conn: Connection, automatic: bool) -> list[str]:
    if conn.dialect.name == "postgresql":
        # Held until the transaction ends: a second process waits here, then finds the
        # work done.
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_LOCK})
    todo = pending(current(conn))
    if not todo:
        return []
    if automatic and not all(_automatic(r) for r in todo):
        manual = [r for r in todo if not _automatic(r)]
        raise MigrationError(
            f"The database needs {grammar.count(len(manual), 'migration')} "
            f"{', '.join(manual)}, which are not run "
            "unattended: back it up (`darbar backup` or pg_dump), then run `darbar migrate`.")
    from alembic import command

    command.upgrade(config(conn), "head")
    log.info("database migrated: %s", ", ".join(todo))
    return todo


@contextlib.asynccontextmanager
async def _file_lock(engine: AsyncEngine) -> AsyncIterator[None]:
    """For a SQLite file: an exclusive lock on a file beside it, for the migration (taken
    on a thread: a second opener in this very process waits without stopping the loop)."""
    path = engine.url.database if engine.dialect.name == "sqlite" else None
    if not path or path == ":memory:":
        yield
        return
    with open(f"{path}.migrate.lock", "a") as lock:
        await asyncio.to_thread(fcntl.flock, lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


async def upgrade(engine: AsyncEngine, *, automatic: bool = False) -> list[str]:
    """Bring the database to the head revision; returns the revisions applied.
    ``automatic``: as at start-up, only migrations marked safe to run unattended."""
    if await _at_latest(engine):
        return []
    async with _file_lock(engine), engine.begin() as conn:
        return await conn.run_sync(_upgrade, automatic)


async def upgrade_apart(url: str | None) -> list[str]:
    """``upgrade`` unattended, as the bot does at start-up, without Alembic in this process
    (11 MB held for as long as the bot runs): a database at the head is left as it is; any
    other is migrated by a child process (``python -m db.migrations upgrade``, the URL on
    its stdin, so no password shows in the process list), which takes the same locks.
    A refusal is raised here as MigrationError, in the child's words. Anything else the
    child met (the server down, a folder missing) is left for ``Repository.open`` to meet
    again here and report as it does, migrating in this process; so is an in-memory
    database, which no child could see, and a process that holds Alembic already.
    Returns the revisions applied."""
    engine = create_async_engine(normalise_url(url))
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        Path(engine.url.database).parent.mkdir(parents=True, exist_ok=True)  # a first start
    try:
        if engine.url.database in (None, "", ":memory:") or await _at_latest(engine):
            return []
        if "alembic" in sys.modules:  # nothing to spare (a test run): no child's start-up
            return await upgrade(engine, automatic=True)
        whole = engine.url.render_as_string(hide_password=False)
    finally:
        await engine.dispose()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "db.migrations", "upgrade", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await child.communicate(whole.encode())
    said = out.decode().strip()
    if child.returncode == REFUSED:
        raise MigrationError(said)
    if child.returncode != 0:
        last = (err.decode().strip().splitlines() or ["no words"])[-1]
        log.warning("migrating in a child process failed (%s); opening here", last)
        return []
    applied: list[str] = json.loads(said)
    if applied:
        log.info("database migrated: %s", ", ".join(applied))
    return applied


def upgrade_as_child(url: str) -> int:
    """``upgrade_apart``'s child: migrate the database at ``url`` unattended; say what was
    applied (JSON) or why not on stdout. Returns the exit status."""
    async def run() -> list[str]:
        engine = create_async_engine(url)
        try:
            return await upgrade(engine, automatic=True)
        finally:
            await engine.dispose()

    try:
        applied = asyncio.run(run())
    except MigrationError as e:
        print(e)
        return REFUSED
    print(json.dumps(applied))
    return 0


async def _at_latest(engine: AsyncEngine) -> bool:
    """Whether the database is at this code's newest revision already, read without Alembic
    (none there, or another revision: the lock and Alembic decide)."""
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(current) == LATEST
    except (SQLAlchemyError, MigrationError):
        return False


async def revision_of(engine: AsyncEngine) -> str | None:
    async with engine.connect() as conn:
        return await conn.run_sync(current)


def new(message: str) -> None:
    """Write a migration for what the models changed since the head (autogenerate)."""
    from alembic import command
    from sqlalchemy import create_engine

    with tempfile.TemporaryDirectory() as tmp:
        engine = create_engine(f"sqlite:///{tmp}/head.sqlite3")
        with engine.begin() as conn:
            command.upgrade(config(conn), "head")
            command.revision(config(conn), message=message, autogenerate=True)
