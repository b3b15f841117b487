"""The export a game was loaded from by ``darbar import`` (``game.imported``, its SHA-256),
so that the same export is refused the second time instead of becoming a second game.

Revision ID: 0005_import_digest
Revises: 0004_ratings_earned
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_import_digest"
down_revision = "0004_ratings_earned"
branch_labels = None
depends_on = None
# Adds a nullable column and its index: every stored row keeps its meaning (NULL: a game
# not imported, or imported before this, which no later import is compared with).
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the column already (see 0002).
    if "imported" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("game")}:
        return
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("imported", sa.String(), nullable=True))
        batch.create_index("ix_game_imported", ["imported"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_imported")
        batch.drop_column("imported")
