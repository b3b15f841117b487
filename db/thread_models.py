"""The tables of games' own threads and their followers (issue 41), beside db/models.py
(which holds the rest, and is at its length limit)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from db.models import UTCDateTime, utcnow


class GameThread(SQLModel, table=True):
    """A game that lives in a thread the bot opened for it (issue 41): the game's own
    ``channel_id`` is the thread, so every command works there; this keeps the channel it
    was opened from (its notice and result go there) and when the thread is archived once
    the game is over (the scheduler's, like ``Game.due_at``: a time stored, never a timer
    kept in memory)."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    thread_id: str
    parent_id: str
    archive_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    archived_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Follower(SQLModel, table=True):
    """A spectator following a game (``/game follow``): added to its thread (``how`` =
    ``thread``) or sent its public post by DM after each move (``dm``). ``stopped_at``: their
    DMs were found closed (Discord's 50007), so nothing more is sent."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    user_id: str = Field(primary_key=True)
    how: str
    since: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    stopped_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
