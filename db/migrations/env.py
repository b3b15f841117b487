"""Alembic's environment for Darbar: the connection comes from ``db.migrations`` (which
holds the lock); the models' metadata is what ``revision --autogenerate`` compares to."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import db.community_models  # noqa: F401  (the community tables, issue 41)
import db.models  # noqa: F401  (the tables, for autogenerate)

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
