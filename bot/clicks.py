"""The buttons of the command catalogue: what each button (or menu) under a post carries in
its custom id and the table call a click makes, declared once beside the command it
belongs to (bot/commands.py attaches each to its command).

A custom id is ``darbar:<key>:<parts>``; the parts are read into the fields of the click's
own frozen dataclass (each a named group of ``parts``, of the field's name: an ``int``
field reads digits, a ``bool`` one ``y`` or ``n``), so ``run`` reads them by name and a
renamed field is a type error. The ids are those of every post ever made (a button under
an old post must keep working): change a key or a part's form and old buttons stop
working. Whatever a click carries is checked again by the table against the database.
The Discord face makes a persistent item of each (discord_face/buttons.py).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar, get_type_hints

from bot.replies import Actor, Place, Reply
from bot.table import Table
from bot.table.rematch import HOW

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

B = TypeVar("B", bound="DataclassInstance")

CUSTOM_ID_MAX = 100  # Discord's limit


@dataclass(frozen=True)
class Click(Generic[B]):
    name: str  # what a click on it is called in metrics and logs
    key: str  # ``darbar:<key>:``
    parts: str  # a pattern of the rest: a named group per field of ``args``
    args: type[B]
    make: Callable[[B], str]  # the rest of the custom id, for ``args``
    run: Callable[[Table, Place, Actor, B], Awaitable[Reply]]
    # ``from_panel`` and ``edits_public``: see discord_face/respond.run_and_respond.
    from_panel: bool = False
    edits_public: bool = False
    # A select menu: the value chosen goes into the field ``chosen``.
    menu: bool = False

    @property
    def template(self) -> str:
        return rf"darbar:{re.escape(self.key)}:{self.parts}"

    def custom_id(self, args: B) -> str:
        return f"darbar:{self.key}:{self.make(args)}"[:CUSTOM_ID_MAX]

    def read(self, parts: Mapping[str, str | None], chosen: str | None = None) -> B:
        """The arguments a custom id's ``parts`` (and a menu's ``chosen`` value) give."""
        hints = get_type_hints(self.args)
        values: dict[str, Any] = {"chosen": chosen} if self.menu else {}
        for f in fields(self.args):
            text = parts.get(f.name)
            if text is not None:
                kind = hints[f.name]
                values[f.name] = (int(text) if kind is int else text == "y" if kind is bool
                                  else text)
        return self.args(**values)


def click(name: str, key: str, parts: str, args: type[B], make: Callable[[B], str],
          run: Callable[[Table, Place, Actor, B], Awaitable[Reply]], *,
          from_panel: bool = False, edits_public: bool = False, menu: bool = False
          ) -> Click[B]:
    """A button, its ``make`` and ``run`` checked against its own arguments."""
    return Click(name, key, parts, args, make, run, from_panel, edits_public, menu)


def _yn(yes: bool) -> str:
    return "y" if yes else "n"


@dataclass(frozen=True)
class OnGame:
    game_id: int


@dataclass(frozen=True)
class Step:
    game_id: int
    version: int
    token: str


@dataclass(frozen=True)
class Chosen:
    game_id: int
    version: int
    page: int
    chosen: str | None = None


@dataclass(frozen=True)
class Vote:
    request_id: int
    yes: bool


@dataclass(frozen=True)
class Answer:
    game_id: int
    yes: bool
    asked: str | None = None  # whom the question asked (none on buttons made before)


@dataclass(frozen=True)
class PageOf:
    page: int
    subject: str | None = None


@dataclass(frozen=True)
class AtMove:
    game_id: int
    move: int


@dataclass(frozen=True)
class Again:
    game_id: int
    how: str


@dataclass(frozen=True)
class Offer:
    offer_id: int


_GAME = r"(?P<game_id>\d+)"


def _on_game(args: OnGame) -> str:
    return str(args.game_id)


# A step of the move being made, a button each (a short list of steps) ...
STEP = click("step", "s", rf"{_GAME}:(?P<version>\d+):(?P<token>.+)", Step,
             lambda s: f"{s.game_id}:{s.version}:{s.token}",
             lambda t, p, a, s: t.click(p, a, s.game_id, s.version, s.token), from_panel=True)
# ... or chosen in a menu (a long one; ``page``: which of its menus).
STEP_MENU = click("step menu", "sel", rf"{_GAME}:(?P<version>\d+):(?P<page>\d+)", Chosen,
                  lambda c: f"{c.game_id}:{c.version}:{c.page}",
                  lambda t, p, a, c: t.click(p, a, c.game_id, c.version, c.chosen or ""),
                  from_panel=True, menu=True)
# On every public post while someone must act: opens the clicker's own step panel.
PANEL = click("panel", "panel", _GAME, OnGame, _on_game, lambda t, p, a, _: t.panel(p, a))
UNDO = click("undo", "undo", _GAME, OnGame, _on_game,
             lambda t, p, a, g: t.undo(p, a, g.game_id))
# On a step panel: the clicker's board as it stands, their own move so far included, or
# in a game of hidden hands their hand: whose is read from the database, not the click.
BOARD = click("board", "board", _GAME, OnGame, _on_game, lambda t, p, a, _: t.board(p, a))
HAND = click("hand", "hand", _GAME, OnGame, _on_game, lambda t, p, a, _: t.hand(p, a))
# Agree / refuse under an undo request: who asked and who agreed so far are in the
# database, so neither can be forged by a client.
UNDO_VOTE = click("undo vote", "uv", r"(?P<request_id>\d+):(?P<yes>[yn])", Vote,
                  lambda v: f"{v.request_id}:{_yn(v.yes)}",
                  lambda t, p, a, v: t.undo_vote(p, a, v.request_id, v.yes),
                  from_panel=True, edits_public=True)
# Yes / no under "Resign game #3?": the table checks the game and whom it asked.
RESIGN = click("confirm", "cf:resign", rf"{_GAME}:(?:(?P<asked>\d+):)?(?P<yes>[yn])", Answer,
               lambda q: f"{q.game_id}:{q.asked + ':' if q.asked else ''}{_yn(q.yes)}",
               lambda t, p, a, q: (
                   t.resign(p, a, confirm=True, game_id=q.game_id, asked=q.asked) if q.yes
                   else t.decline(p, a, game_id=q.game_id, asked=q.asked)),
               from_panel=True)
# ◀ / ▶ under a list or a text shown a page at a time: the id names the list, the page
# and, for a help text, its subject; whose list comes from who clicks, and where.
_PAGE = r"(?P<page>\d+)(?::(?P<subject>[a-z0-9_.]+))?"


def _page(args: PageOf) -> str:
    return f"{args.page}:{args.subject}" if args.subject else str(args.page)


MY_GAMES_PAGE = click("page", "pg:my_games", _PAGE, PageOf, _page,
                      lambda t, p, a, g: t.my_games(p, a, g.page), from_panel=True)
LIST_PAGE = click("page", "pg:list_games", _PAGE, PageOf, _page,
                  lambda t, p, a, g: t.list_games(p, a, g.page), from_panel=True)
HELP_PAGE = click("page", "pg:help_page", _PAGE, PageOf, _page,
                  lambda t, p, a, g: t.help_page(p, a, g.page, g.subject or ""),
                  from_panel=True)
LOG_SINCE_PAGE = click("page", "pg:log_since", _PAGE, PageOf, _page,
                       lambda t, p, a, g: t.log_since(p, a, g.page), from_panel=True)
# ⏮ ◀ ▶ ⏭ under a finished game's replay: the table checks the game is over and was
# played where the button is pressed.
REPLAY = click("replay", "rp", rf"{_GAME}:(?P<move>\d+)", AtMove,
               lambda m: f"{m.game_id}:{m.move}",
               lambda t, p, a, m: t.replay(p, a, m.game_id, m.move), from_panel=True)
# Under a result post: the same game again, the same people, seated as ``how`` says.
REMATCH = click("rematch", "rm", rf"{_GAME}:(?P<how>{'|'.join(HOW)})", Again,
                lambda r: f"{r.game_id}:{r.how}",
                lambda t, p, a, r: t.rematch(p, a, r.game_id, r.how))
# Under a rematch being set up: take the seat planned for you.
JOIN = click("join", "jn", _GAME, OnGame, _on_game,
             lambda t, p, a, g: t.join(p, a, game_id=g.game_id))
# Under an offer of a side: take it (the table reads whom it is for).
TAKE = click("take", "tk", r"(?P<offer_id>\d+)", Offer, lambda o: str(o.offer_id),
             lambda t, p, a, o: t.take(p, a, o.offer_id))

# Under an open game's invitation card (bot/table/lobby.py): take a seat in it; the
# table checks the game is still open, its card is where the button was pressed, a seat
# is left and the clicker holds none.
LOBBY_JOIN = click("lobby join", "lj", _GAME, OnGame, _on_game,
                   lambda t, p, a, g: t.join_open(p, a, g.game_id))
OPEN_SEATS_PAGE = click("page", "pg:open_seats", _PAGE, PageOf, _page,
                        lambda t, p, a, g: t.open_seats(p, a, g.page), from_panel=True)

# Under an open game's card, where the server set a looking-for-a-game role: the
# clicker gets it, or has it taken off (the role is read from the database, not the id).
LFG = click("lfg role", "lfg", _GAME, OnGame, _on_game, lambda t, p, a, _: t.lfg(p, a))

# Under a seat put up for a substitute (its card, in the game's channel and the lobby):
# the table reads the seat, whether it is still up and who may take it.
@dataclass(frozen=True)
class OnSeat:
    sub_id: int


@dataclass(frozen=True)
class SeatVote:
    sub_id: int
    yes: bool


TAKE_SEAT = click("take seat", "sub", r"(?P<sub_id>\d+)", OnSeat, lambda o: str(o.sub_id),
                  lambda t, p, a, o: t.take_seat(p, a, o.sub_id))
@dataclass(frozen=True)
class SideOf:
    game_id: int
    role: str


# Under a timeout's notice: put the side up for a substitute (as `/game substitute`; the
# table checks the game is still the channel's and who presses).
PUT_UP = click("put up", "sup", rf"{_GAME}:(?P<role>[a-z0-9_]+)", SideOf,
               lambda s: f"{s.game_id}:{s.role}",
               lambda t, p, a, s: t.substitute(p, a, s.role, game_id=s.game_id))
# Agree / Refuse under a candidate's offer: only the other players seated count.
SEAT_VOTE = click("seat vote", "sv", r"(?P<sub_id>\d+):(?P<yes>[yn])", SeatVote,
                  lambda v: f"{v.sub_id}:{_yn(v.yes)}",
                  lambda t, p, a, v: t.seat_vote(p, a, v.sub_id, v.yes))
# Under a game's opening post and its notice in the channel: follow it as a spectator (in
# its thread where it has one, else by DM; the table checks the game and who presses).
FOLLOW = click("follow", "fl", _GAME, OnGame, _on_game,
               lambda t, p, a, g: t.follow(p, a, game_id=g.game_id))
