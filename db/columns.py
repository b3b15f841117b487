"""The column types every table shares: a UTC instant, aware on every backend."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """A UTC instant, tz-aware in Python on every backend.

    PostgreSQL stores ``timestamptz`` (asyncpg refuses aware values in a plain
    ``timestamp``). SQLite keeps the text it always kept, naive UTC, so older
    database files read the same; naive values read back are taken as UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None:
            value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value

    def process_result_value(self, value, dialect):
        if value is not None:
            value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value
