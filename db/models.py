"""SQLModel tables: Game, Seat, Step (the replay log).

The step log is the source of truth; ``Game.state`` is a cache of the engine
state after the last live step, and ``Game.version`` is the optimistic-lock
counter that every write checks and bumps.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

# A channel holds at most one game that is being set up or played. A partial
# unique index makes the database itself refuse a second one, so two racing
# `/game new` commands (even in two processes) cannot both succeed.
LIVE_STATUSES = ("setup", "active")
_LIVE_WHERE = text("status IN ('setup', 'active')")


def utcnow() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    __table_args__ = (
        Index(
            "ix_game_one_live_per_channel",
            "channel_id",
            unique=True,
            sqlite_where=_LIVE_WHERE,
            postgresql_where=_LIVE_WHERE,
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    guild_id: str | None = Field(default=None, index=True)
    channel_id: str = Field(index=True)
    game: str
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))  # JSON
    seed: int
    status: str = Field(default="setup", index=True)  # setup | active | finished | aborted
    created_by: str
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    version: int = 0
    state: str | None = Field(default=None, sa_column=Column(Text))  # JSON snapshot
    result: str | None = Field(default=None, sa_column=Column(Text))  # JSON


class Seat(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "position", name="uq_seat_position"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    position: int  # join order; decides nothing about the rules
    role: str | None = None  # chosen at join, or dealt at start
    user_id: str | None = None  # None for a computer player
    name: str  # display name at the time of joining
    is_bot: bool = False


class Step(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_step_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int  # 1, 2, 3 … per game, never reused
    role: str
    user_id: str | None = None  # None for a computer player
    action: str
    arg: str | None = Field(default=None, sa_column=Column(Text))  # JSON
    created_at: datetime = Field(default_factory=utcnow)
    # Undone steps stay in the table for the record; replay skips them.
    undone: bool = False
