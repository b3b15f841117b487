"""Counting the errors the database driver raises (``darbar_database_errors``, defined
with the other metrics in bot/metrics.py): a listener on every SQLAlchemy engine,
registered when the table (bot/table/core.py) is imported. Apart from bot/metrics.py so
that processes that record metrics but never open a database (the computer's workers)
do not import SQLAlchemy."""

from __future__ import annotations

from sqlalchemy import Engine, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import DBAPIError, IntegrityError

from bot.metrics import DATABASE_ERRORS


@event.listens_for(Engine, "handle_error")
def _database_error(context: ExceptionContext) -> None:
    error = context.sqlalchemy_exception  # the driver's error, as SQLAlchemy names it
    # a unique key's refusal is the table's own check (a double click), not a fault
    if isinstance(error, DBAPIError) and not isinstance(error, IntegrityError):
        DATABASE_ERRORS.labels(type(error).__name__).inc()
