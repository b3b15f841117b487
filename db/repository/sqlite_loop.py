"""SQLite as the event loop's thread uses it (see ``RepositoryCore.read`` and
``write_now``): a statement refused for a lock another connection holds, a write
transaction begun without waiting for that lock, and the WAL's checkpoint, made elsewhere."""

from __future__ import annotations

import logging
import sqlite3

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

from db.repository.fast import sqlite_driver

log = logging.getLogger("darbar.db")


def locked(error: OperationalError | sqlite3.Error) -> bool:
    """Whether SQLite refused a statement because another connection holds a lock."""
    code = getattr(getattr(error, "orig", error), "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def began(conn: Connection) -> bool:
    """Whether a transaction that holds SQLite's write lock began on ``conn`` (False: the
    lock is another connection's). The driver's own BEGIN, which SQLAlchemy's transaction
    then wraps (pysqlite's BEGIN is the driver's): a lock found held is no error to count."""
    try:
        sqlite_driver(conn).execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as e:
        if locked(e):
            return False
        conn._handle_dbapi_exception(e, "BEGIN IMMEDIATE", None, None, None)
    return True


def checkpoint_wal(engine: Engine) -> None:
    """Copy the WAL's pages into the database, as far as no reader still needs them (a
    passive checkpoint: it waits for nobody), so that the WAL is written from its start
    again; on the writer thread. A failure only leaves the WAL longer: logged."""
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").all()
    except Exception:
        log.warning("the WAL could not be checkpointed", exc_info=True)
