"""The baseline: every table as of the first Alembic release, created where missing and
completed where a database made before Alembic lacks a column or an index.

Databases made by Darbar before migrations (which added columns at start-up) are upgraded
by this one step: a table they lack is created, a column or index they lack is added
(nullable, so the rows already stored keep every value), nothing is dropped or changed.
The tables are written out here, frozen: later model changes are later migrations.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import CreateColumn

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None
AUTOMATIC = True

META = sa.MetaData()
LIVE = sa.text("status IN ('setup', 'active')")
TIME = sa.DateTime(timezone=True)


sa.Table(
    "game", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("guild_id", sa.String, index=True),
    sa.Column("channel_id", sa.String, nullable=False, index=True),
    sa.Column("game", sa.String, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seed_hex", sa.Text),
    sa.Column("status", sa.String, nullable=False, index=True),
    sa.Column("created_by", sa.String, nullable=False),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.Text),
    sa.Column("public_state", sa.Text),
    sa.Column("result", sa.Text),
    sa.Column("pace", sa.Text),
    sa.Column("due_at", TIME, index=True),
    sa.Column("awaiting", sa.Text),
    sa.Column("plan", sa.Text),
    sa.Index("ix_game_one_live_per_channel", "channel_id", unique=True, sqlite_where=LIVE,
             postgresql_where=LIVE),
)
sa.Table(
    "seat", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False, index=True),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("role", sa.String),
    sa.Column("user_id", sa.String, index=True),
    sa.Column("name", sa.String, nullable=False),
    sa.Column("is_bot", sa.Boolean, nullable=False),
    sa.Column("held_by", sa.Text),
    sa.UniqueConstraint("game_id", "position", name="uq_seat_position"),
)
sa.Table(
    "step", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False, index=True),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("role", sa.String, nullable=False),
    sa.Column("user_id", sa.String),
    sa.Column("action", sa.String, nullable=False),
    sa.Column("arg", sa.Text),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("undone", sa.Boolean, nullable=False),
    sa.UniqueConstraint("game_id", "seq", name="uq_step_seq"),
)
sa.Table(
    "checkpoint", META,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
)
sa.Table(
    "reminder", META,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("mode", sa.String, nullable=False),
    sa.Column("idle_minutes", sa.Integer, nullable=False),
    sa.Column("sent_version", sa.Integer, nullable=False),
    sa.Column("sent_count", sa.Integer, nullable=False),
)
sa.Table(
    "undorequest", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("requester", sa.String, nullable=False),
    sa.Column("agreed", sa.String, nullable=False),
    sa.Column("refused_by", sa.String),
    sa.Column("created_at", TIME, nullable=False),
    sa.UniqueConstraint("game_id", "version", "requester", name="uq_undo_request"),
)
sa.Table(
    "player", META,
    sa.Column("user_id", sa.String, primary_key=True),
    sa.Column("tz", sa.String, nullable=False),
    sa.Column("hours_start", sa.Integer),
    sa.Column("hours_end", sa.Integer),
    sa.Column("away", sa.String, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
)
sa.Table(
    "server", META,
    sa.Column("guild_id", sa.String, primary_key=True),
    sa.Column("pace", sa.String),
    sa.Column("on_timeout", sa.String),
    sa.Column("setup_days", sa.Integer),
    sa.Column("idle_days", sa.Integer),
    sa.Column("mod_role", sa.String),
)
sa.Table(
    "rated", META,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("guild_id", sa.String, index=True),
    sa.Column("game", sa.String, nullable=False, index=True),
    sa.Column("ended_at", TIME, nullable=False, index=True),
    sa.Column("counted", sa.Boolean, nullable=False),
    sa.Column("reason", sa.String, nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("days", sa.Float, nullable=False),
)
sa.Table(
    "ratedseat", META,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), primary_key=True),
    sa.Column("role", sa.String, primary_key=True),
    sa.Column("user_id", sa.String, index=True),
    sa.Column("name", sa.String, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("winner", sa.Boolean, nullable=False),
    *(sa.Column(name, sa.Float) for name in (
        "score", "mu", "sigma", "mu_after", "sigma_after", "all_mu", "all_sigma",
        "all_mu_after", "all_sigma_after")),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("wait_minutes", sa.Float),
    sa.Column("timeouts", sa.Integer, nullable=False),
)
sa.Table(
    "rating", META,
    sa.Column("guild_id", sa.String, primary_key=True),
    sa.Column("game", sa.String, primary_key=True),
    sa.Column("user_id", sa.String, primary_key=True),
    sa.Column("name", sa.String, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
)


def upgrade() -> None:
    conn = op.get_bind()
    found = sa.inspect(conn)
    quote = conn.dialect.identifier_preparer
    for table in META.sorted_tables:
        if not found.has_table(table.name):
            table.create(conn)
            continue
        have = {c["name"] for c in found.get_columns(table.name)}
        for column in table.columns:
            if column.name not in have:
                # A database made before this column: the rows stored get NULL.
                assert column.nullable, f"{table.name}.{column.name} must be nullable here"
                spec = CreateColumn(column).compile(dialect=conn.dialect)
                conn.execute(sa.text(f"ALTER TABLE {quote.format_table(table)} ADD COLUMN "
                                     f"{spec}"))
        for index in table.indexes:
            index.create(conn, checkfirst=True)


def downgrade() -> None:
    raise NotImplementedError("The baseline is not taken back: restore a backup instead.")
