"""A game opened for another (``game.side_game_of``): Vijayanagara's Goat-Tiger tiebreak
(5.5) is a game of its own in the tied game's channel, linked to the game it decides,
which meanwhile waits with the status ``tiebreak`` (not live: its channel is free for the
side game).

Revision ID: 0015_side_games
Revises: 0014_server_board
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_side_games"
down_revision = "0014_server_board"
branch_labels = None
depends_on = None
# Adds a nullable column (no game was opened for another before) and its index.
AUTOMATIC = True


def upgrade() -> None:
    # A database whose revision mark was lost may have the column already (see 0002).
    if "side_game_of" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("game")}:
        with op.batch_alter_table("game") as batch:
            batch.add_column(sa.Column("side_game_of", sa.Integer(), nullable=True))
            batch.create_index("ix_game_side_game_of", ["side_game_of"])


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index("ix_game_side_game_of")
        batch.drop_column("side_game_of")
