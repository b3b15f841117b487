"""A move's own statements on SQLite, run on the driver's cursor, and its reads.

SQLAlchemy compiles a statement once and caches it, but every execution still builds its
parameters, an execution context and a result around the driver's call: about 90 µs for a
one-row read whose SQLite work is 14 µs, and a move makes seven statements (its write's
four, its checkpoint, the reads of what the pinged player missed and of their next game).
On the writer and reader threads that was most of a move's database time, all of it
holding the GIL that the pictures' threads and the event loop need.

``execute`` runs a statement that SQLAlchemy compiled, with SQLAlchemy's own conversions
of the values (a time to the text SQLite stores), as one call of the ``sqlite3`` cursor,
its errors raised as SQLAlchemy raises them; on any other database, or with a listener
on the statements run, it is ``Connection.execute``. (It reads three of SQLAlchemy's
internals: the compiled statement's conversions, the connection's event listeners and
its error handling; tests/db/test_fast.py holds it to what ``Connection.execute`` does.)
What it is given must be what a SQLAlchemy execution would be given (plain values, no
expanding lists), and the rows it returns are the driver's: only for columns stored as
the driver reads them (numbers, text), never a time or a boolean that SQLAlchemy would
convert back.

``rows`` is a read's: a SELECT's rows as tuples, each value converted back as SQLAlchemy
converts it (its result processors: a time, a boolean), an expanding IN expanded as
SQLAlchemy expands it; on another database, or with a listener, ``.all()`` of
``Connection.execute``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class _Prepared:
    sql: str
    compiled: SQLCompiler
    order: tuple[str, ...]
    convert: Mapping[str, Callable[[Any], Any]]

    def args(self, values: Mapping[str, Any]) -> list[Any]:
        full = self.compiled.construct_params(values)
        return [f(full[k]) if (f := self.convert.get(k)) else full[k] for k in self.order]


Source = tuple[str, int, Callable[[Any], Any] | None]


@dataclass(frozen=True)
class _Read:
    prepared: _Prepared
    expanding: tuple[str, ...]  # its expanding INs, whose SQL depends on their lengths
    results: tuple[Callable[[Any], Any] | None, ...]  # SQLAlchemy's, by column
    # by the lengths of its expanding INs: the statement as SQLAlchemy expands it, and
    # where each parameter comes from (name, index in that list or -1, conversion)
    expanded: dict[tuple[int, ...], tuple[str, tuple[Source, ...]]] = field(
        default_factory=dict)

    def statement(self, values: Mapping[str, Any]) -> tuple[str, list[Any]]:
        if not self.expanding:
            return self.prepared.sql, self.prepared.args(values)
        # the values given and the statement's own (an IN of constants is expanding too)
        full = self.prepared.compiled.construct_params(values, _no_postcompile=True)
        lengths = tuple(len(full[k]) for k in self.expanding)
        if (known := self.expanded.get(lengths)) is None:
            state = self.prepared.compiled.construct_expanded_state(values)
            assert state.positiontup is not None
            source = {name: (k, i) for k, names in state.parameter_expansion.items()
                      for i, name in enumerate(names)}
            known = self.expanded[lengths] = (state.statement, tuple(
                (*source.get(name, (name, -1)), state.processors.get(name))
                for name in state.positiontup))
        sql, order = known
        return sql, [f(full[k] if i < 0 else full[k][i]) if f else
                     (full[k] if i < 0 else full[k][i]) for k, i, f in order]


@lru_cache(maxsize=64)
def _read(stmt: ClauseElement, dialect: Dialect, keys: tuple[str, ...]) -> _Read:
    prepared = _prepared(stmt, dialect, keys)
    compiled = prepared.compiled
    assert not compiled.literal_execute_params  # none of the reads renders a value
    # the columns' conversions as SQLAlchemy makes them for SQLite (whose cursor names
    # no column types)
    results = tuple(c.type._cached_result_processor(dialect, None)
                    for c in compiled._result_columns)
    expanding = tuple(name for bind, name in compiled.bind_names.items() if bind.expanding)
    return _Read(prepared, expanding, results)


@lru_cache(maxsize=64)
def _prepared(stmt: ClauseElement, dialect: Dialect, keys: tuple[str, ...]) -> _Prepared:
    # column_keys: for an UPDATE or INSERT, the columns it sets are the values given
    compiled = stmt.compile(dialect=dialect, column_keys=list(keys))
    assert isinstance(compiled, SQLCompiler) and compiled.positiontup is not None
    # SQLAlchemy's conversions of the values, by parameter (its own table of them)
    convert = {k: f for k, f in compiled._bind_processors.items() if callable(f)}
    return _Prepared(compiled.string, compiled, tuple(compiled.positiontup), convert)


def sqlite_driver(conn: Connection) -> sqlite3.Connection:
    """The ``sqlite3`` connection under ``conn`` (a SQLite one)."""
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)
    return driver


def _on_cursor(conn: Connection) -> bool:
    """Whether ``conn``'s statements may go to the driver's cursor: not on another
    database, nor with someone listening to the statements run (a test, a tracer), who
    must see them through SQLAlchemy."""
    return conn.dialect.name == "sqlite" and not conn.dispatch.before_cursor_execute


def execute(conn: Connection, stmt: ClauseElement,
            values: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> sqlite3.Cursor | Any:
    """``stmt`` with ``values`` (a list: once for each) in ``conn``'s transaction: on SQLite
    the driver's cursor after the call (``rowcount``, ``fetchall``, ``fetchone``), else
    SQLAlchemy's result, which answers the same."""
    if not _on_cursor(conn):
        return conn.execute(stmt, values)  # type: ignore[call-overload]
    rows: Sequence[Mapping[str, Any]] = [values] if isinstance(values, Mapping) else values
    prepared = _prepared(stmt, conn.dialect, tuple(sorted(rows[0])))
    cursor = sqlite_driver(conn).cursor()
    try:
        if isinstance(values, Mapping):
            cursor.execute(prepared.sql, prepared.args(values))
        else:
            cursor.executemany(prepared.sql, [prepared.args(v) for v in rows])
    except sqlite3.Error as e:
        # raised as SQLAlchemy raises a driver's error (an IntegrityError, ...), its
        # "handle_error" listeners told (the database errors' metric)
        conn._handle_dbapi_exception(e, prepared.sql, None, None, None)
    return cursor


def rows(conn: Connection, stmt: ClauseElement, values: Mapping[str, Any]) -> list[tuple]:
    """The rows ``stmt`` (a SELECT) reads with ``values``, as tuples of the values
    SQLAlchemy's own execution returns (see the module)."""
    if not _on_cursor(conn):
        return [tuple(r) for r in conn.execute(stmt, values)]  # type: ignore[call-overload]
    read = _read(stmt, conn.dialect, tuple(sorted(values)))
    sql, args = read.statement(values)
    cursor = sqlite_driver(conn).cursor()
    try:
        found = cursor.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        conn._handle_dbapi_exception(e, sql, None, None, None)
    finally:
        cursor.close()
    if not any(read.results):
        return found
    return [tuple(v if f is None else f(v) for f, v in zip(read.results, row, strict=True))
            for row in found]


@contextmanager
def snapshot(conn: Connection) -> Iterator[None]:
    """The reads made inside it see the database as of one moment (SQLite: one read
    transaction, begun by the driver and ended at the exit, whatever SQLAlchemy knows of
    it; within a transaction already open, that one). Without it, SQLite's driver reads
    each statement in a transaction of its own, and a write made between two of them by
    another connection would show in the second only. Not for other databases: there a
    caller reads what must agree in one statement (a read runs in autocommit)."""
    if conn.dialect.name != "sqlite":
        raise TypeError("a snapshot of several statements is SQLite's (see fast.snapshot)")
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)
    if driver.in_transaction:
        yield
        return
    driver.execute("BEGIN")  # deferred: the first read takes the snapshot, no lock waited for
    try:
        yield
    finally:
        if driver.in_transaction:
            driver.rollback()
