"""The tables of a server's community (issue 41): games' own threads and their
followers, open games' invitation cards, seats put up for substitutes and the server's
board; beside db/models.py, which holds the games' own tables."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, text
from sqlmodel import Field, SQLModel

from db.columns import UTCDateTime, utcnow


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


# A seat up for a substitute and not yet settled (open, or a candidate being asked about).
PENDING_SQL = "state IN ('open', 'asking')"


class Substitute(SQLModel, table=True):
    """A seat put up for a substitute (``/game substitute``, or a timeout when the server
    offers timed-out seats first: bot/table/substitutes.py). Its card's Take the seat
    button and the Agree / Refuse buttons carry only this row's id: the side, who held it,
    the candidate and who agreed are read from here. ``state``: open (anyone eligible may
    take it), asking (a candidate waits for the others' consent), taken, lapsed (its
    holder moved, it changed hands otherwise, or the game ended) or computer (nobody took
    a timed-out seat in time). Every change is conditional on ``version``."""

    # One seat up a side at a time, held by the database whoever puts it up at once.
    __table_args__ = (Index("uq_substitute_pending", "game_id", "role", unique=True,
                            sqlite_where=text(PENDING_SQL), postgresql_where=text(PENDING_SQL)),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    role: str
    from_user: str  # who held the side when it was put up: the one who leaves it
    from_name: str = ""
    by: str | None = None  # who put it up (None: the scheduler, after a timeout)
    by_name: str = ""
    why: str = "asked"  # asked | timeout
    state: str = "open"  # open | asking | taken | lapsed | computer
    candidate: str | None = None  # who pressed Take the seat first (while asking; taken)
    candidate_name: str = ""
    agreed: str = "[]"  # JSON list of the user ids who agreed
    # When the scheduler acts on it: the seat goes to the candidate (asking), or to the
    # computer (a timeout's, open); None: nothing is due.
    due_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # a timeout's
    posts: str = "[]"  # JSON list of [channel id, message id]: the card, edited as it changes
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Invitation(SQLModel, table=True):
    """An open game's invitation card (``/seek open``, ``/game new … open:true``): where
    it is posted (the server's lobby, or the channel the game was opened in) and, once
    posted, its message, which is edited in place as seats are taken. The Join button
    carries only the game id: the rest is read from here and from the game."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    guild_id: str | None = Field(default=None, index=True)
    channel_id: str  # where the card is (the lobby, or the game's own channel)
    message_id: str | None = None  # the card's message, once posted
    opened_by: str  # who opened the game
    opened_name: str = ""
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Board(SQLModel, table=True):
    """A server's board (``/server board``): one message, or a few when long, in a channel
    of the server, listing its games and edited in place (bot/table/board.py). The row
    outlives a restart; ``due_at`` is when it may next be redrawn (each redraw puts it
    ``BOARD_EVERY`` seconds on, so edits are coalesced), ``version`` the claim that lets
    one process of several redraw it."""

    guild_id: str = Field(primary_key=True)
    channel_id: str | None = Field(default=None, index=True)  # None: switched off
    # JSON lists, a page each, in order: the messages' ids (null: to be posted again) and
    # the text each was last given (an unchanged page is not edited).
    messages: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    shown: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    # The server's live games as last drawn (how many, their versions' sum, the newest id):
    # any change to one (a move, a join, a new game, an end) changes it.
    seen: str | None = None
    due_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    version: int = 0
    off_why: str | None = Field(default=None, sa_column=Column(Text))  # why it was switched off
    set_by: str | None = None  # the moderator who set it up (user id)
