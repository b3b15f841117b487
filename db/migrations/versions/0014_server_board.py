"""board: a server's board (``/server board``), the messages in one channel listing its
games, edited in place: where, the messages' ids and texts, what it last drew, when it may
next be redrawn, and why it was switched off.

Revision ID: 0014_server_board
Revises: 0013_substitutes
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_server_board"
down_revision = "0013_substitutes"
branch_labels = None
depends_on = None
# Adds a table: nothing stored changes; a server has no board until a moderator sets one.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the table already (see 0002).
    if sa.inspect(op.get_bind()).has_table("board"):
        return
    op.create_table(
        "board",
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("channel_id", sa.String(), nullable=True),
        sa.Column("messages", sa.Text(), nullable=False),
        sa.Column("shown", sa.Text(), nullable=False),
        sa.Column("seen", sa.String(), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("off_why", sa.Text(), nullable=True),
        sa.Column("set_by", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_index("ix_board_channel_id", "board", ["channel_id"])
    op.create_index("ix_board_due_at", "board", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_board_due_at", "board")
    op.drop_index("ix_board_channel_id", "board")
    op.drop_table("board")
