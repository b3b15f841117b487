"""A player's own way of being reminded (``/me reminders:``), over each game's.

Revision ID: 0002_player_remind
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_player_remind"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None
# Adds a nullable column: every stored row keeps its meaning (NULL: as each game says).
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost (restored without it, or made by this code
    # and marked again as pre-Alembic) may have the column already: then nothing to do.
    if "remind" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("player")}:
        return
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("remind", sa.String, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("remind")
