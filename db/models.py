"""SQLModel tables: Game, Seat, Step (the replay log).

The step log is the source of truth; ``Game.state`` is a cache of the engine
state after the last live step, and ``Game.version`` is the optimistic-lock
counter that every write checks and bumps.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import BigInteger, Column, Index, Text, UniqueConstraint, inspect, text
from sqlalchemy.sql import FromClause
from sqlmodel import Field, SQLModel

from db.columns import UTCDateTime, utcnow

if TYPE_CHECKING:
    from db.community_models import Substitute

# A channel holds at most one game that is being set up or played. A partial
# unique index makes the database itself refuse a second one, so two racing
# `/game new` commands (even in two processes) cannot both succeed.
LIVE_STATUSES = ("setup", "active")
# Every status a game is stored with. "aside": set aside, its channel or thread deleted
# under it; not live (nothing falls due, it frees its channel and its players' counts)
# but not over either: its log is whole, for an export that brings it back elsewhere.
STATUSES = (*LIVE_STATUSES, "finished", "aborted", "aside", "tiebreak")
ASIDE = "aside"
# "tiebreak": over on the board but tied, waiting on a game of another kind opened for it
# in its channel (``Game.side_game_of``: Vijayanagara's Goat-Tiger tiebreak, 5.5). Not
# live, so that its channel holds the side game; it finishes when the side game ends.
TIEBREAK = "tiebreak"
_LIVE_WHERE = text("status IN ('setup', 'active')")


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
    # The seed (engine/rng.py) is read and written as ``Game.seed``, whatever its size. A
    # 256-bit secret fits no integer column of SQLite or PostgreSQL, so a seed outside the
    # 64-bit ``seed`` column's range (every new game's) is kept as hexadecimal in
    # ``seed_hex`` with 0 in ``seed``; games made before secrets have their seed in ``seed``
    # and no hex. That column's attribute is ``seed_int`` so that ``game.seed`` cannot mean
    # it alone. Neither is in repr(), nor is the snapshot (it holds the generator's key):
    # a Game in a log line or a traceback shows no secret.
    seed_int: int = Field(
        default=0, repr=False,
        sa_column=Column("seed", BigInteger, key="seed_int", nullable=False, default=0),
    )
    seed_hex: str | None = Field(default=None, repr=False, sa_column=Column(Text))
    status: str = Field(default="setup", index=True)  # one of STATUSES
    created_by: str
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    version: int = 0
    state: str | None = Field(default=None, repr=False, sa_column=Column(Text))  # JSON snapshot
    # While a move is in progress, the position everyone else sees: the state after the
    # last completed move (JSON). NULL when ``state`` is itself that position, which is
    # the case between moves, so an ordinary move writes no second snapshot.
    public_state: str | None = Field(default=None, repr=False, sa_column=Column(Text))
    result: str | None = Field(default=None, sa_column=Column(Text))  # JSON
    # The game's clocks and reminders (bot/pace.py, JSON), and the next instant anything
    # of them falls due: the scheduler reads only games whose ``due_at`` has come (an
    # index), so its cost does not grow with the games stored. NULL: nothing to look at.
    pace: str | None = Field(default=None, sa_column=Column(Text))
    due_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # Whom the public position waits for (its active roles, comma-separated), kept with
    # each write so that /mygames lists a player's games without reading their states.
    awaiting: str | None = Field(default=None, sa_column=Column(Text))
    # Since when it has waited for them (the earliest of their clocks' waits), kept with
    # ``awaiting``: the "next game waiting on you" button orders a player's games by it in
    # the query itself. NULL: waiting on nobody (or stored before it was kept: 0009).
    waiting_since: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # A rematch being set up: the game it follows and each invited person's side (JSON
    # ``{"from": id, "seats": {user id: role}}``); only they may join it.
    plan: str | None = Field(default=None, sa_column=Column(Text))
    # A game loaded by ``darbar import``: the SHA-256 of the export it was made from, so
    # that the same export is never loaded twice (unique: not even by two at once).
    imported: str | None = Field(default=None, unique=True, index=True)
    # The delivery ledger (bot/table/deliveries.py): how much of the public log the
    # channel has been shown (its length, as of the write ``posted_version``): NULL for a
    # game whose posts went out before the ledger; while a post could not be made, why
    # (JSON: ``{"why": …, "missing": […], "tries": n}``) and when to try it again
    # (NULL: at the next move, ``/board`` or restart only, e.g. a missing permission).
    posted: int | None = None
    posted_version: int | None = None
    undelivered: str | None = Field(default=None, sa_column=Column(Text))
    redeliver_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    # A game opened for another, whose outcome it decides (a tiebreak): that game's id.
    side_game_of: int | None = Field(default=None, index=True)

    def __init__(self, **data) -> None:
        if "seed" in data:
            data.update(seed_columns(data.pop("seed")))
        super().__init__(**data)

    @property
    def seed(self) -> int:
        return int(self.seed_hex, 16) if self.seed_hex is not None else self.seed_int


_INT64 = range(-(2**63), 2**63)


def seed_columns(seed: int) -> dict:
    """The column values that store ``seed`` (for inserts that bypass ``Game(seed=…)``)."""
    if seed in _INT64:
        return {"seed_int": seed, "seed_hex": None}
    return {"seed_int": 0, "seed_hex": format(seed, "x")}


class Seat(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "position", name="uq_seat_position"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    position: int  # join order; decides nothing about the rules
    role: str | None = None  # chosen at join, or dealt at start
    user_id: str | None = Field(default=None, index=True)  # None for a computer player
    name: str  # display name at the time of joining
    is_bot: bool = False
    # The people who held this seat before (JSON list of user ids, oldest first): in a game
    # of hidden hands, whoever has seen a side's hand may never hold another side.
    held_by: str | None = Field(default=None, sa_column=Column(Text))
    # When the person holding it was found to have left the server (None: present, as far
    # as anyone knows). Never pinged or messaged about the game while set; cleared when
    # they act in the server again or the side changes hands.
    left_at: datetime | None = Field(default=None, sa_type=UTCDateTime)

    def holders(self) -> list[str]:
        """Everyone who holds or has held this seat."""
        past = json.loads(self.held_by) if self.held_by else []
        return [*past, self.user_id] if self.user_id else past


class Step(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_step_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int  # 1, 2, 3 … per game, never reused
    role: str
    user_id: str | None = None  # None for a computer player
    action: str
    arg: str | None = Field(default=None, sa_column=Column(Text))  # JSON
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    # Undone steps stay in the table for the record; replay skips them.
    undone: bool = False


class Checkpoint(SQLModel, table=True):
    """The state after the live steps up to ``seq`` (``count`` of them), saved every few
    writes so that undo replays a few steps instead of the whole game. A cache, never the
    truth: it is used only while the live steps up to ``seq`` are still exactly ``count``
    (an undo past it makes it stale). Like ``Game.state`` it holds the generator's key,
    so it is never in repr()."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seq: int = Field(primary_key=True)
    count: int
    state: str = Field(repr=False, sa_column=Column(Text, nullable=False))  # JSON


class PublicMove(SQLModel, table=True):
    """A write that made a move public (a completed move, the decision passing, the end),
    recorded in the same transaction as its steps: whose it was (``user_id`` None: the
    computer), the public log lines it made public (``log_from`` to ``log_to``) and, on
    each person's latest one only, the spectator view it left (JSON, without its log,
    which is ``log_to`` lines of the public log). "Since your last move" reads these
    instead of replaying the step log. ``seq`` is the write's last step (0: the game's
    start, whose view is the opening position); an undo drops the rows of the steps it
    takes back."""

    __table_args__ = (Index("ix_publicmove_user", "game_id", "user_id"),)

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    seq: int = Field(primary_key=True)
    role: str
    user_id: str | None = None
    log_from: int
    log_to: int
    view: str | None = Field(default=None, repr=False, sa_column=Column(Text))


class Reminder(SQLModel, table=True):
    """How a game nudges whoever it waits for, and what it has already sent.

    One row per game, made when someone changes the setting; a game without a row
    uses the server-wide default. ``sent_version`` and ``sent_count`` say which wait
    the reminders so far belong to: a move bumps the game's version, so a new wait
    starts at zero without this row being written on the hot path of every move.
    """

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    mode: str = "channel"  # channel | dm | off
    idle_minutes: int = 24 * 60
    sent_version: int = -1  # the game version the reminders so far were sent at
    sent_count: int = 0


class Player(SQLModel, table=True):
    """A person's own settings, the same in every server (``/me``): their time zone,
    playing hours, the spans they are away (bot/hours.py) and how they are reminded."""

    user_id: str = Field(primary_key=True)
    tz: str = "UTC"
    hours_start: int | None = None  # minutes after local midnight; None: any time
    hours_end: int | None = None
    away: str = "[]"  # JSON list of [start, end] ISO instants, UTC, oldest first
    remind: str | None = None  # channel | dm | off; None: as each game says
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Server(SQLModel, table=True):
    """A server's own defaults, set by its moderators (``/server settings``); a server
    without a row uses the bot's (the environment's)."""

    guild_id: str = Field(primary_key=True)
    pace: str | None = None  # the time control new games get: none, a preset or 48h+6h/96h
    on_timeout: str | None = None  # move | seat | lose
    setup_days: int | None = None  # a game never started is closed after this many days
    idle_days: int | None = None  # an active game nobody moves in is warned, then abandoned
    mod_role: str | None = None  # a role id whose members act as moderators of games
    # Where its games live and are found (bot/table/server_options.py; None: the default).
    threads: str | None = None  # thread (a thread per game) | channel (the channel itself)
    archive_hours: int | None = None  # a finished game's thread is archived after this
    lobby: str | None = None  # the channel id where open seats and substitutes are posted
    lfg_role: str | None = None  # a "looking for a game" role id members may give themselves
    substitute_hours: int | None = None  # a timed-out seat is offered this long first


class Handover(SQLModel, table=True):
    """A side changing hands in a game under way: from whom, to whom, and why. The ratings
    read it: a person who left a side (resigned, or the clock took it) is placed last; one
    whose side was handed on by the creator or a moderator is not rated for it."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    role: str
    from_user: str | None = None  # None: the computer
    from_name: str = ""
    to_user: str | None = None  # None: the computer
    to_name: str = ""
    why: str = "reassigned"  # resigned | timeout | reassigned | substituted
    at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class SeatOffer(SQLModel, table=True):
    """A side offered to a member (``/game reassign``), waiting for them to take it. The
    Take button carries only this row's id: whom it is for, which side and who held it
    then are read from here. It lapses when the side changes hands, the game ends, or a
    newer offer of the side replaces it (a later row of the same game and side)."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    role: str
    user_id: str  # the member it is offered to
    name: str
    from_user: str | None = None  # who held the side when it was offered (None: the computer)
    by: str  # who offered it
    by_name: str = ""
    why: str = "reassigned"  # reassigned | timeout (offered after its player's time ran out)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Rated(SQLModel, table=True):
    """A finished game as the ratings saw it, written once when it ends (the primary key
    makes that exactly once across processes): whether it counted, and each player's
    place, rating before and after, waits and timeouts. The profile, the statistics and a
    recompute read these."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    guild_id: str | None = Field(default=None, index=True)
    game: str = Field(index=True)
    ended_at: datetime = Field(sa_type=UTCDateTime, index=True)
    counted: bool = False
    reason: str = ""  # why it did not count
    moves: int = 0
    days: float = 0.0
    # The order the conclusions changed the ratings in (1, 2, …), given while its players'
    # ratings were locked: two games sharing a player always differ in it, in the order
    # they were applied, so a recompute replays them so and finds the same ratings.
    applied: int | None = Field(default=None, index=True)


class RatedSeat(SQLModel, table=True):
    """One side of a ``Rated`` game: who held it, their place, and their ratings (this
    server's and across servers) before and after it, when it counted."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    role: str = Field(primary_key=True)
    user_id: str | None = Field(default=None, index=True)
    name: str = ""
    place: int = 1
    winner: bool = False
    score: float | None = None
    mu: float | None = None
    sigma: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None
    all_mu: float | None = None
    all_sigma: float | None = None
    all_mu_after: float | None = None
    all_sigma_after: float | None = None
    moves: int = 0  # the moves this side made
    wait_minutes: float | None = None  # the median time it took to move
    timeouts: int = 0


class Rating(SQLModel, table=True):
    """A player's current rating in one game, in one server (or ``*``: across servers)."""

    guild_id: str = Field(primary_key=True)
    game: str = Field(primary_key=True)
    user_id: str = Field(primary_key=True)
    name: str = ""
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class UndoRequest(SQLModel, table=True):
    """A request to take back a move past dice or a revealed card, and the answers so far.

    Kept by the bot, not in the buttons: a vote button carries only the request id, and
    who asked, who agreed and whether it still stands are read from here. A request lapses
    as soon as the game's version moves on; one player has at most one request per
    position (the unique constraint), so repeating /undo cannot ping the table again.
    """

    __table_args__ = (
        UniqueConstraint("game_id", "version", "requester", name="uq_undo_request"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    version: int  # the game's version when asked
    requester: str  # user id
    agreed: str = "[]"  # JSON list of the user ids who agreed
    refused_by: str | None = None  # user id of a refusal, which ends the request
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class RematchPing(SQLModel, table=True):
    """When a person was last pinged about the rematches of finished game ``game_id``:
    a rematch opened, left and opened again pings each person once a day, not at every
    post (bot/table/invitations.py). In the database, so every process knows."""

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    user_id: str = Field(primary_key=True)
    pinged_at: datetime = Field(sa_type=UTCDateTime)


def id_of(row: Game | Seat | UndoRequest | SeatOffer | Substitute) -> int:
    """The id of a row read from the database, or just written: the one int the column's
    ``int | None`` (None only before the first insert) can be where ids are used."""
    if row.id is None:
        raise ValueError(f"this {type(row).__name__} has not been stored")
    return row.id


def table_of(model: type[SQLModel]) -> FromClause:
    """A table model's Core table, ``model.__table__`` (which sqlmodel's types leave out)."""
    return inspect(model).local_table
