"""Whether an error means "the database is not answering" (a PostgreSQL restart, a lost
connection, SQLite write-locked by another connection), as opposed to a bug or a refusal.

Every path that meets a database error asks ``unavailable``: the table (a polite "try
again in a moment"), the Discord face (commands, clicks, autocomplete), the scheduler (a
tick skipped quietly) and ``/readyz``. Such an error is the database's state, not the
request's: the same request succeeds once the database answers again, and nothing was
written by a transaction it cut short.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from typing import Any

from sqlalchemy.exc import DBAPIError

# SQLite's words for a lock held elsewhere (SQLITE_BUSY, SQLITE_LOCKED) and for a file
# it cannot reach; its other OperationalErrors ("no such table") are bugs.
_SQLITE_UNAVAILABLE = ("database is locked", "database table is locked", "busy",
                       "unable to open database file", "disk i/o error")
# asyncpg: the server shutting down, starting up or out of connections, or a connection
# that broke (class 08, 57P, 53300).
_PG_UNAVAILABLE = ("PostgresConnectionError", "exceptions.OperatorInterventionError",
                   "exceptions.TooManyConnectionsError",
                   "exceptions.ConnectionDoesNotExistError")


def asyncpg_errors(*names: str) -> tuple[type[BaseException], ...]:
    """asyncpg's error classes of these names (below ``asyncpg.``), where this process
    has loaded asyncpg; none where it has not, as no error of asyncpg's can reach it then.
    A bot on SQLite never loads the PostgreSQL driver (3 MB held for nothing)."""
    module = sys.modules.get("asyncpg")
    if module is None:
        return ()
    found: list[type[BaseException]] = []
    for name in names:
        item: Any = module
        for part in name.split("."):
            item = getattr(item, part)
        found.append(item)
    return tuple(found)


class StoreUnavailable(Exception):
    """The database could not be reached in time (raised by the repository itself: a
    write waited too long for SQLite's lock behind this process's other writes)."""


def unavailable(error: BaseException) -> bool:
    """Whether ``error`` (or what caused it) says the database is not answering now."""
    return any(_says_unavailable(e) for e in _chain(error))


def _says_unavailable(error: BaseException) -> bool:
    if isinstance(error, (StoreUnavailable, *asyncpg_errors(*_PG_UNAVAILABLE))):
        return True
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, sqlite3.OperationalError):
        return any(words in str(error).lower() for words in _SQLITE_UNAVAILABLE)
    if isinstance(error, asyncpg_errors("InterfaceError")):  # "connection is closed"
        return "connection" in str(error).lower()
    # Reaching the server: refused, reset, unreachable, timed out (not a file's OSError).
    return isinstance(error, ConnectionError | TimeoutError)


def _chain(error: BaseException) -> Iterator[BaseException]:
    """``error``, the driver's error SQLAlchemy wraps, and what caused each."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        todo += [getattr(e, "orig", None), e.__cause__, e.__context__]
