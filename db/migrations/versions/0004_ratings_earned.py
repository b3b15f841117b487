"""Ratings earned by playing (issue 35): the sides that changed hands in a game, and why
(``handover``), so a person who left a side is placed last and one whose side a steward
handed on is not rated for it; and the order conclusions changed the ratings in
(``rated.applied``), so a recompute replays them in that order (the games rated before
are numbered in the order they ended, the order they were rated in); and sides offered to
a member who has not taken them yet (``seatoffer``): nobody is seated without consent.

Revision ID: 0004_ratings_earned
Revises: 0003_rematch_ping
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_ratings_earned"
down_revision = "0003_rematch_ping"
branch_labels = None
depends_on = None
# Only adds tables and a column: every stored row keeps its meaning (a game without
# handovers rates its sides as the step log says who played them).
AUTOMATIC = True

TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "handover" not in tables:
        op.create_table(
            "handover",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
            sa.Column("role", sa.String, nullable=False),
            sa.Column("from_user", sa.String),
            sa.Column("from_name", sa.String, nullable=False),
            sa.Column("to_user", sa.String),
            sa.Column("to_name", sa.String, nullable=False),
            sa.Column("why", sa.String, nullable=False),
            sa.Column("at", TIME, nullable=False),
        )
        op.create_index("ix_handover_game_id", "handover", ["game_id"])
    if "seatoffer" not in tables:
        op.create_table(
            "seatoffer",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
            sa.Column("role", sa.String, nullable=False),
            sa.Column("user_id", sa.String, nullable=False),
            sa.Column("name", sa.String, nullable=False),
            sa.Column("from_user", sa.String),
            sa.Column("by", sa.String, nullable=False),
            sa.Column("by_name", sa.String, nullable=False),
            sa.Column("why", sa.String, nullable=False),
            sa.Column("created_at", TIME, nullable=False),
        )
        op.create_index("ix_seatoffer_game_id", "seatoffer", ["game_id"])
    if "applied" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("rated")}:
        with op.batch_alter_table("rated") as batch:
            batch.add_column(sa.Column("applied", sa.Integer, nullable=True))
            batch.create_index("ix_rated_applied", ["applied"])
        bind = op.get_bind()
        done = bind.execute(sa.text("SELECT game_id FROM rated ORDER BY ended_at, game_id"))
        numbered = [{"n": n, "id": game_id} for n, (game_id,) in enumerate(done, 1)]
        if numbered:
            bind.execute(sa.text("UPDATE rated SET applied = :n WHERE game_id = :id"),
                         numbered)


def downgrade() -> None:
    op.drop_index("ix_seatoffer_game_id", "seatoffer")
    op.drop_table("seatoffer")
    with op.batch_alter_table("rated") as batch:
        batch.drop_index("ix_rated_applied")
        batch.drop_column("applied")
    op.drop_index("ix_handover_game_id", "handover")
    op.drop_table("handover")
