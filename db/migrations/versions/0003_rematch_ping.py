"""rematchping: when each person was last pinged about a finished game's rematches, so a
rematch opened, left and opened again pings them once a day (bot/table/invitations.py).

Revision ID: 0003_rematch_ping
Revises: 0002_player_remind
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_rematch_ping"
down_revision = "0002_player_remind"
branch_labels = None
depends_on = None
# Adds a table: nothing stored changes.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the table already (see 0002).
    if sa.inspect(op.get_bind()).has_table("rematchping"):
        return
    op.create_table(
        "rematchping",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("pinged_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("rematchping")
