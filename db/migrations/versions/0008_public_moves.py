"""publicmove: what each write that made a move public showed (whose move, the public log
lines it made public, and on each person's latest one the spectator view it left), so
that "since your last move" reads a few rows instead of replaying the step log.

Revision ID: 0008_public_moves
Revises: 0007_seat_left
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_public_moves"
down_revision = "0007_seat_left"
branch_labels = None
depends_on = None
# Adds a table: nothing stored changes. Games stored before it have no rows until their
# next public move, and say so where a summary would need them.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the table already (see 0002).
    if sa.inspect(op.get_bind()).has_table("publicmove"):
        return
    op.create_table(
        "publicmove",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("log_from", sa.Integer(), nullable=False),
        sa.Column("log_to", sa.Integer(), nullable=False),
        sa.Column("view", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id", "seq"),
    )
    op.create_index("ix_publicmove_user", "publicmove", ["game_id", "user_id"])


def downgrade() -> None:
    op.drop_index("ix_publicmove_user", "publicmove")
    op.drop_table("publicmove")
