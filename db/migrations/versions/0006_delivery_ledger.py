"""The delivery ledger: how much of a game's public log its channel has been shown
(``posted`` at ``posted_version``), why its last post could not be made (``undelivered``)
and when to try again (``redeliver_at``), so that a post lost to a missing permission, a
Discord outage or a crash is delivered later instead of never.

Revision ID: 0006_delivery_ledger
Revises: 0005_import_digest
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_delivery_ledger"
down_revision = "0005_import_digest"
branch_labels = None
depends_on = None
# Adds nullable columns: NULL ``posted`` reads as "everything was shown", what a game
# stored before the ledger had (its posts were made or lost before anyone could know).
AUTOMATIC = True

COLUMNS = ("posted", "posted_version", "undelivered", "redeliver_at")


def upgrade() -> None:
    if "posted" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("game")}:
        return  # a database whose revision mark was lost (see 0002)
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("posted", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("posted_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("undelivered", sa.Text(), nullable=True))
        batch.add_column(sa.Column("redeliver_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_game_redeliver_at", ["redeliver_at"])


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_redeliver_at")
        for name in reversed(COLUMNS):
            batch.drop_column(name)
