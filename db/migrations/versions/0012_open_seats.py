"""invitation: an open game's invitation card (``/seek open``, ``/game new … open:true``),
where it is posted and its message, edited in place as seats are taken
(bot/table/lobby.py).

Revision ID: 0012_open_seats
Revises: 0011_game_threads
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_open_seats"
down_revision = "0011_game_threads"
branch_labels = None
depends_on = None
# Adds a table: nothing stored changes.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the table already (see 0002).
    if sa.inspect(op.get_bind()).has_table("invitation"):
        return
    op.create_table(
        "invitation",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=True),
        sa.Column("channel_id", sa.String(), nullable=False),
        sa.Column("message_id", sa.String(), nullable=True),
        sa.Column("opened_by", sa.String(), nullable=False),
        sa.Column("opened_name", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index("ix_invitation_guild_id", "invitation", ["guild_id"])


def downgrade() -> None:
    op.drop_index("ix_invitation_guild_id", table_name="invitation")
    op.drop_table("invitation")
