"""The table a game sits on: transport-agnostic orchestration for one channel.

Every command loads the channel's game from the database, applies the engine, writes
back in one version-checked transaction and returns a ``Reply``. Nothing is kept in
memory between calls, so a restart, a second process or a double click cannot change
the outcome. This package never imports discord.

``Table`` is one class made of the commands of each concern, each in its own module:

    seating.py      /game new, join, leave, start (and the options typed)
    moves.py        /play, panel clicks, the panel, autocomplete
    undo.py         /undo and the votes on it
    endings.py      /resign, its question, /game abort
    looking.py      /game status, /log, /board, /card, /score, /hand, /rules
    replaying.py    /replay: a finished game's story, its animation and its log
    stewardship.py  /game reassign, resuming after a restart
    substitutes.py  /game substitute: a seat put up, its card's Take the seat, the
                    others' consent (seat_cards.py: the card, shared with a timeout)
    deliveries.py   the delivery ledger: what a channel was shown of its game, what it
                    missed when a post failed, and the post that makes it up
    places.py       a deleted channel's or thread's games, set aside
    clocks.py       /game remind, /game vote, and what the scheduler finds due in a game
                    (reminders, timeouts, the clean-up of stale games)
    departures.py   a player who left the server (their sides open, the others told once),
                    and who came back
    community.py    /mygames, /me, /game list, /server settings
    following.py    /game follow and unfollow; finished games' threads to archive
    board.py        /server board: the server's games in one message, edited in place
                    (its pages drawn by board_lines.py)
    rematch.py      the Rematch buttons (it builds on seating: Rematch(Seating))
    lobby.py        open seats: /seek, /game new open:true, the invitation card and its
                    Join button, /seek list, the looking-for-a-game role
    standings.py    /leaderboard, /profile, /stats

They share ``core.TableCore`` (loading a game, storing steps, the computer's turn, the
``refusals`` decorator) and plain functions of a loaded game: ``turns`` (whose turn, the
panel), ``posts`` (the public post, the board's picture and words) and ``wording``. A
finished game's positions are replayed and pictured by ``bot.story``, in a worker process.
"""

from __future__ import annotations

from bot.table.board import ServerBoard
from bot.table.clocks import Clocks
from bot.table.community import Community
from bot.table.core import (
    CHECKPOINT_EVERY,
    UNAVAILABLE,
    TableCore,
    check_role,
    outage_reply,
    playable_ids,
    refusals,
)
from bot.table.deliveries import Deliveries, Failed, delivery_key, not_posted
from bot.table.departures import Departures
from bot.table.endings import Endings, resignation
from bot.table.following import Following
from bot.table.loaded import Loaded, Refusal
from bot.table.lobby import Lobby
from bot.table.looking import LOG_TAIL, Looking
from bot.table.moves import CHOICE_MAX, MAX_CHOICES, MAX_LINE, Moves
from bot.table.places import Places
from bot.table.posts import RENDER_THREADS
from bot.table.rematch import Rematch
from bot.table.replaying import Replaying
from bot.table.seating import (
    MAX_OPEN_GAMES,
    MAX_OPTION,
    open_games_limit,
    parse_options,
)
from bot.table.side_games import SideGames
from bot.table.standings import Standings
from bot.table.stewardship import Stewardship
from bot.table.substitutes import Substitutes
from bot.table.undo import REDEALT, Undo
from bot.table.wording import COMPUTER


class Table(Lobby, Rematch, Moves, Undo, Endings, Looking, Replaying, Stewardship, Clocks,
            Departures, Community, Standings, Deliveries, Places, Substitutes, Following,
            ServerBoard, SideGames):
    """Every command a face can give a channel's game (see the modules above)."""


__all__ = [
    "CHECKPOINT_EVERY",
    "CHOICE_MAX",
    "Deliveries",
    "Failed",
    "delivery_key",
    "not_posted",
    "COMPUTER",
    "LOG_TAIL",
    "MAX_CHOICES",
    "MAX_LINE",
    "MAX_OPEN_GAMES",
    "MAX_OPTION",
    "REDEALT",
    "RENDER_THREADS",
    "UNAVAILABLE",
    "Loaded",
    "Refusal",
    "Table",
    "TableCore",
    "check_role",
    "open_games_limit",
    "outage_reply",
    "parse_options",
    "playable_ids",
    "refusals",
    "resignation",
]
