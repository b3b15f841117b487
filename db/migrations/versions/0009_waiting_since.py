"""Since when a game has waited for whom it awaits (``game.waiting_since``), kept with
``awaiting`` by every write that stores a pace: the "next game waiting on you" button
finds a player's longest-waiting game in one query that returns one row.

Revision ID: 0009_waiting_since
Revises: 0008_public_moves
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_waiting_since"
down_revision = "0008_public_moves"
branch_labels = None
depends_on = None
# Adds a nullable column, filled for the games awaiting someone from their last write (the
# next write that settles their clocks stores the exact instant).
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the column already (see 0002).
    if "waiting_since" not in {c["name"]
                               for c in sa.inspect(op.get_bind()).get_columns("game")}:
        with op.batch_alter_table("game") as batch:
            batch.add_column(sa.Column("waiting_since", sa.DateTime(timezone=True),
                                       nullable=True))
    op.execute("UPDATE game SET waiting_since = updated_at "
               "WHERE awaiting IS NOT NULL AND waiting_since IS NULL")


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("waiting_since")
