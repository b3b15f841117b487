"""substitute: a seat put up for a substitute (``/game substitute``, or a timed-out seat
offered first where the server sets ``substitute_hours``), its candidate, the others'
consent, when the scheduler acts on it and where its card was posted.

Revision ID: 0013_substitutes
Revises: 0012_open_seats
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_substitutes"
down_revision = "0012_open_seats"
branch_labels = None
depends_on = None
# Adds a table: nothing stored changes.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the table already (see 0002).
    if sa.inspect(op.get_bind()).has_table("substitute"):
        return
    op.create_table(
        "substitute",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("from_user", sa.String(), nullable=False),
        sa.Column("from_name", sa.String(), nullable=False),
        sa.Column("by", sa.String(), nullable=True),
        sa.Column("by_name", sa.String(), nullable=False),
        sa.Column("why", sa.String(), nullable=False),
        sa.Column("state", sa.String(), nullable=False),
        sa.Column("candidate", sa.String(), nullable=True),
        sa.Column("candidate_name", sa.String(), nullable=False),
        sa.Column("agreed", sa.String(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("posts", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_substitute_game_id", "substitute", ["game_id"])
    op.create_index("ix_substitute_due_at", "substitute", ["due_at"])
    # One seat up a side at a time (db/models.py's PENDING_SQL, written out: a migration
    # keeps the schema it made whatever the models become).
    pending = sa.text("state IN ('open', 'asking')")
    op.create_index("uq_substitute_pending", "substitute", ["game_id", "role"], unique=True,
                    sqlite_where=pending, postgresql_where=pending)


def downgrade() -> None:
    op.drop_index("uq_substitute_pending", "substitute")
    op.drop_index("ix_substitute_due_at", "substitute")
    op.drop_index("ix_substitute_game_id", "substitute")
    op.drop_table("substitute")
