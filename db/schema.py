"""Make and upgrade the tables: ``Repository.open`` calls ``prepare``.

Tables the database lacks are created; tables made by older code get the columns
(and indexes) added to the models since. That is the whole migration story for
additions, on SQLite and PostgreSQL alike: add a nullable column (or one with a
``server_default``) to a model, and every existing database gains it on the next
start. Renames, drops and type changes need a migration of their own.
"""

from __future__ import annotations

from sqlalchemy import MetaData, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.schema import CreateColumn

ATTEMPTS = 3


async def prepare(engine: AsyncEngine, metadata: MetaData) -> None:
    for attempt in range(ATTEMPTS):
        try:
            async with engine.begin() as conn:
                await conn.run_sync(metadata.create_all)
                await conn.run_sync(add_missing_columns, metadata)
            return
        except DBAPIError:
            # Another process made the same table or column since this one looked (bot
            # processes starting together after an upgrade): look again.
            if attempt == ATTEMPTS - 1:
                raise


def add_missing_columns(conn: Connection, metadata: MetaData) -> list[str]:
    """Add each column and index that ``metadata`` has and the database's existing
    tables lack (``ALTER TABLE … ADD COLUMN``). Rows already there get NULL or the
    column's server default, so a new NOT NULL column without one is refused.
    Returns the columns added, as ``table.column``."""
    found = sa_inspect(conn)
    quote = conn.dialect.identifier_preparer
    added = []
    for table in metadata.sorted_tables:
        if not found.has_table(table.name):
            continue
        have = {c["name"] for c in found.get_columns(table.name)}
        for column in table.columns:
            if column.name in have:
                continue
            if not column.nullable and column.server_default is None:
                raise RuntimeError(
                    f"{table.name}.{column.name} is new and NOT NULL without a server_default: "
                    "the rows already stored would have no value for it."
                )
            spec = CreateColumn(column).compile(dialect=conn.dialect)
            conn.execute(text(f"ALTER TABLE {quote.format_table(table)} ADD COLUMN {spec}"))
            added.append(f"{table.name}.{column.name}")
        for index in table.indexes:
            index.create(conn, checkfirst=True)
    return added
