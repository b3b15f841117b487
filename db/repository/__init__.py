"""The async repository over the game tables: one ``Repository``, made like the table it
serves (``bot/table/``) of a part per concern, each a subclass of ``core.RepositoryCore``
(the engine, sessions, the write transaction and its queue on SQLite, the version bump,
``open``/``close``/``ping``):

    games.py       games made, found and listed, their status, set aside, rematch pings
    seats.py       seats taken and left, roles dealt at the start, sides handed on
    steps.py       the step log: read, appended to (a move), its checkpoints
    shown.py       what each public move showed (recorded with it): "since your last
                   move"
    undo.py        steps taken back, and the undo requests the other players vote on
    clocks.py      what falls due: a write's pace (``Sched``), the scheduler's finds and
                   claims, the reminder rows from before paces
    deliveries.py  the delivery ledger: what a channel was shown of its game
    people.py      players' and servers' settings, the games each sits at or holds
    ratings.py     finished games rated, ratings, leaderboards
    lobby.py       open games' invitation cards, the server's open seats
    substitutes.py seats put up for substitutes, their candidates, consent and cards
    threads.py     games' own threads (their parent channel, archiving) and followers
    board.py       the servers' boards: where, their messages, the games they list
    side_games.py  games opened for another (a tiebreak), and found from it

The parts never call each other's methods: what they share is in the core.
"""

from __future__ import annotations

from db.repository.board import BoardGame, Boards, BoardSeat
from db.repository.clocks import Clocks, Due, Sched
from db.repository.core import (
    CONNECT_TIMEOUT,
    LOCK_WAIT,
    ChannelBusy,
    RepositoryCore,
    VersionConflict,
)
from db.repository.deliveries import Deliveries
from db.repository.games import Games
from db.repository.lobby import Lobby, OpenGame
from db.repository.people import MyGame, People
from db.repository.ratings import RatingKey, Ratings
from db.repository.seats import Seats
from db.repository.shown import PublicMoves, Recorded, Shown, Since
from db.repository.side_games import SideGames
from db.repository.steps import LogStep, MoveReads, NewStep, StepLog, step_arg
from db.repository.substitutes import Substitutes
from db.repository.threads import Threads
from db.repository.undo import Undo


class Repository(Games, Seats, StepLog, PublicMoves, Undo, Clocks, Deliveries, People,
                 Ratings, Lobby, Substitutes, Threads, Boards, SideGames):
    """Every read and write of the game tables (see the modules above)."""


__all__ = [
    "BoardGame",
    "BoardSeat",
    "CONNECT_TIMEOUT",
    "LOCK_WAIT",
    "ChannelBusy",
    "Due",
    "LogStep",
    "MyGame",
    "MoveReads",
    "NewStep",
    "OpenGame",
    "RatingKey",
    "Recorded",
    "Repository",
    "RepositoryCore",
    "Sched",
    "Shown",
    "Since",
    "VersionConflict",
    "step_arg",
]
