"""A server's community settings (``/server settings``): whether a game gets a thread of
its own, when a finished game's thread is archived, the lobby channel for open seats and
substitutes, the "looking for a game" role, and how long a timed-out seat is offered to
substitutes before the computer takes it.

Revision ID: 0010_server_community
Revises: 0009_waiting_since
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_server_community"
down_revision = "0009_waiting_since"
branch_labels = None
depends_on = None
# Adds nullable columns (None: the bot's default), nothing to fill.
AUTOMATIC = True

COLUMNS = (("threads", sa.String()), ("archive_hours", sa.Integer()), ("lobby", sa.String()),
           ("lfg_role", sa.String()), ("substitute_hours", sa.Integer()))


def upgrade() -> None:
    # A database whose revision mark was lost may have the columns already (see 0002).
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("server")}
    with op.batch_alter_table("server") as batch:
        for name, kind in COLUMNS:
            if name not in have:
                batch.add_column(sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("server") as batch:
        for name, _ in reversed(COLUMNS):
            batch.drop_column(name)
