"""gamethread and follower: a game's own thread (the channel it was opened from, when the
thread is archived after the game) and the spectators following a game, in its thread or
by DM (issue 41).

Revision ID: 0011_game_threads
Revises: 0010_server_community
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_game_threads"
down_revision = "0010_server_community"
branch_labels = None
depends_on = None
# Adds two tables: nothing stored changes (games made before live in their channel).
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the tables already (see 0002).
    have = sa.inspect(op.get_bind())
    if not have.has_table("gamethread"):
        op.create_table(
            "gamethread",
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("thread_id", sa.String(), nullable=False),
            sa.Column("parent_id", sa.String(), nullable=False),
            sa.Column("archive_at", sa.DateTime(timezone=True), nullable=True),
            sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True),
            sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
            sa.PrimaryKeyConstraint("game_id"),
        )
        op.create_index("ix_gamethread_archive_at", "gamethread", ["archive_at"])
    if not have.has_table("follower"):
        op.create_table(
            "follower",
            sa.Column("game_id", sa.Integer(), nullable=False),
            sa.Column("user_id", sa.String(), nullable=False),
            sa.Column("how", sa.String(), nullable=False),
            sa.Column("since", sa.DateTime(timezone=True), nullable=False),
            sa.Column("stopped_at", sa.DateTime(timezone=True), nullable=True),
            sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
            sa.PrimaryKeyConstraint("game_id", "user_id"),
        )


def downgrade() -> None:
    op.drop_table("follower")
    op.drop_index("ix_gamethread_archive_at", "gamethread")
    op.drop_table("gamethread")
