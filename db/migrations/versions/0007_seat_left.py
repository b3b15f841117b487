"""A seat whose person left the server (``seat.left_at``): the others are told once, and
the leaver is never pinged or messaged about the game again.

Revision ID: 0007_seat_left
Revises: 0006_delivery_ledger
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_seat_left"
down_revision = "0006_delivery_ledger"
branch_labels = None
depends_on = None
# Adds a nullable column: every stored seat keeps its meaning (NULL: its person is there).
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the column already (see 0002).
    if "left_at" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seat")}:
        return
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("left_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("left_at")
