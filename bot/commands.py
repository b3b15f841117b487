"""The commands, once, for every face: each command's name, group, description, parameters
and the table call it makes.

The Discord face builds its slash commands from this catalogue (discord_face/commands.py)
and the sandbox reads typed lines against it (sandbox.py), so a command is added here and
both faces have it. A command's parameters are the fields of a frozen dataclass of its own
(its *arguments*): a field's name is the option's name, its type the kind its value
arrives as (``str``, ``int``, ``bool``, ``Actor`` for a member of the server, ``Role``,
``Channel``; a face turns its own idea of a member into one), its default the option's,
and ``option`` says the rest (description, choices, autocomplete, range, how the sandbox
reads it). A command's ``run(table, place, actor, arguments)`` reads the fields by name,
so a parameter renamed in one place and not the other is a type error. It returns the
table's call, not yet awaited; it raises ``BadInput`` first when what was typed cannot be
used, which each face tells the caller as it is, without asking the table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot import clicks
from bot.clicks import Click
from bot.command_kit import (
    BadInput,
    Channel,
    Command,
    NoArgs,
    Role,
    option,
)
from bot.pace import PRESETS, TIMEOUTS
from bot.reminders import MAX_IDLE_HOURS, MODES, YOUR_WAYS
from bot.replies import Actor, Place, Reply
from bot.table import LOG_TAIL, Table, parse_options, playable_ids
from bot.table.rematch import HOW
from bot.table.server_options import MAX_ARCHIVE_HOURS, MAX_SUBSTITUTE_HOURS
from engine import games

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# ``command()``'s own, not command_kit's: mypy checks each ``run`` against its arguments
# here even when it reads this module alone (tests/test_commands.py).
A = TypeVar("A", bound="DataclassInstance")

GROUPS = {"game": "Set up a game here", "server": "This server's settings for games",
          "seek": "Open seats: games anyone on this server may join"}


def _game_choices() -> list[tuple[str, str]]:
    return [(games.get(g).NAME[:100], g) for g in playable_ids()]


def _sides(table: Table, place: Place, actor: Actor, typed: str,
           given: Mapping[str, Any]) -> Awaitable[list[tuple[str, str]]]:
    """Sides of the game being opened (``/game new game:``), or of the channel's game."""
    return table.side_choices(place, given.get("game"), typed)


def _steps(table: Table, place: Place, actor: Actor, typed: str,
           given: Mapping[str, Any]) -> Awaitable[list[tuple[str, str]]]:
    """The legal continuations of a partly typed move."""
    return table.autocomplete(place, actor, typed)


def _paces(table: Table, place: Place, actor: Actor, typed: str,
           given: Mapping[str, Any]) -> Awaitable[list[tuple[str, str]]]:
    """The pace presets, and what is typed as a clock of one's own."""
    async def choices() -> list[tuple[str, str]]:
        out = [("none: no clock, only reminders", "none")] + [
            (f"{name}: {control.text()}", name) for name, control in PRESETS.items()]
        word = typed.strip()
        if word and all(word.lower() != v for _, v in out):
            out.append((f"your own: {word}"[:100], word[:100]))
        return [(n, v) for n, v in out if word.lower() in n.lower() or n.startswith("your")]
    return choices()


def _ended(table: Table, place: Place, actor: Actor, typed: str,
           given: Mapping[str, Any]) -> Awaitable[list[tuple[str, str]]]:
    """The channel's games that are over (nothing of one in progress)."""
    return table.replay_choices(place, typed)


def _zones(table: Table, place: Place, actor: Actor, typed: str,
           given: Mapping[str, Any]) -> Awaitable[list[tuple[str, str]]]:
    return table.zone_choices(typed)


async def _now(reply: Reply) -> Reply:
    """A reply worked out already, as the awaitable a command's ``run`` returns."""
    return reply


def _game() -> Any:
    return option("Which game", required=True, choices=_game_choices, example="goat_tiger")


def _side() -> Any:
    return option("The side you want (default: dealt at random)", suggest=_sides)


def _pace() -> Any:
    return option("A clock: none, live, standard, slow or e.g. 48h+6h/96h", suggest=_paces)


def _on_timeout() -> Any:
    return option("When a player's time runs out",
                  choices=lambda: [(text[:100], word) for word, text in TIMEOUTS.items()])


def _page(high: int) -> Any:
    return option("Which page", default=1, low=1, high=high)


def _text_page() -> Any:
    """Which page of a long help text: the sandbox's stand-in for the ◀ ▶ buttons in
    Discord."""
    return option("Which page", default=1, low=1, high=100, discord=False,
                  accepts=lambda w: False)


def _public() -> Any:
    return option("Post it for everyone (default: only you)", default=False)


def command(name: str, description: str, args: type[A],
            run: Callable[[Table, Place, Actor, A], Awaitable[Reply]], *,
            group: str | None = None, gathers: str | None = None,
            buttons: tuple[Click[Any], ...] = ()) -> Command[Any]:
    """A command of the catalogue, its ``run`` checked against its own arguments (written
    as ``Command(...)`` inside a tuple of ``Command[Any]``, the tuple's type would stand
    for the arguments' and nothing would be checked)."""
    return Command(name, description, args, run, group, gathers, buttons)


@dataclass(frozen=True, kw_only=True)
class New:
    game: str = _game()
    side: str | None = _side()
    opponent: str | None = option("Play against the computer",
                                  choices=lambda: [("another player", "none"),
                                                   ("the computer", "computer")])
    options: str | None = option("Game options, e.g. goats=12")
    pace: str | None = _pace()
    on_timeout: str | None = _on_timeout()
    open: bool = option("Open its seats to anyone, with a card in the server's lobby",
                        default=False)


def _typed_options(text: str | None) -> dict[str, str]:
    try:
        return parse_options(text or "")
    except ValueError as e:
        raise BadInput(str(e)) from None


def _new(table: Table, place: Place, actor: Actor, v: New) -> Awaitable[Reply]:
    return table.new(place, actor, v.game, role=v.side, opponent=v.opponent,
                     options=_typed_options(v.options), pace=v.pace,
                     on_timeout=v.on_timeout, open=v.open)


@dataclass(frozen=True, kw_only=True)
class Seek:
    game: str = _game()
    players: int | None = option("How many play, you included (default: the game's usual)",
                                 low=1, high=8)
    pace: str | None = _pace()
    options: str | None = option("Game options, e.g. goats=12")


@dataclass(frozen=True, kw_only=True)
class Join:
    side: str | None = _side()


@dataclass(frozen=True, kw_only=True)
class Start:
    fill_with_computer: bool = option("Seat the computer in any empty seat", default=False,
                                      aliases=("fill",))


@dataclass(frozen=True, kw_only=True)
class Remind:
    mode: str | None = option("How to remind (empty: show the setting)",
                              choices=lambda: [(label, mode) for mode, label in MODES.items()])
    after_hours: int | None = option("Hours without a move before each reminder", low=1,
                                     high=MAX_IDLE_HOURS, aliases=("after",),
                                     example="dm after:12")


@dataclass(frozen=True, kw_only=True)
class Follow:
    how: str | None = option("In the game's thread, or each move's public post by DM",
                             choices=lambda: [
                                 ("Add me to the game's thread", "thread"),
                                 ("Send me each move's public post by DM", "dm")],
                             example="dm")


@dataclass(frozen=True, kw_only=True)
class Reassign:
    side: str = option("The side that changes hands", required=True, suggest=_sides,
                       example="tigers @meera")
    player: Actor | None = option("Who is offered it (they take it with a button)")
    computer: bool = option("Let the computer play it", default=False)


def _reassign(table: Table, place: Place, actor: Actor, v: Reassign) -> Awaitable[Reply]:
    if v.computer and v.player is not None:
        raise BadInput("Choose a player or the computer, not both.")
    if not v.computer and v.player is None:
        raise BadInput("Name the member who takes the seat, or choose `computer: True`.")
    return table.reassign(place, actor, v.side, None if v.computer else v.player)


@dataclass(frozen=True, kw_only=True)
class Vote:
    choice: str = option("end: they lose; wait: they get more time", required=True,
                         choices=lambda: [("end the game", "end"), ("wait", "wait")])


@dataclass(frozen=True, kw_only=True)
class Listed:
    page: int = _page(1000)


@dataclass(frozen=True, kw_only=True)
class Rematch:
    how: str | None = option("The seats: rotated (default), kept or shuffled",
                             choices=lambda: [(label, how) for how, label in HOW.items()])


@dataclass(frozen=True, kw_only=True)
class Settings:
    pace: str | None = _pace()
    on_timeout: str | None = _on_timeout()
    setup_days: int | None = option("Close a game never started after this many days",
                                    low=1, high=365)
    idle_days: int | None = option("Warn, then abandon, a game nobody moves in after this "
                                   "many days", low=1, high=365)
    mod_role: Role | None = option("A role whose members act as moderators")
    threads: str | None = option("Where each new game lives", choices=lambda: [
        ("A thread of its own (the default)", "thread"),
        ("The channel where it was opened", "channel")])
    archive_hours: int | None = option("Archive a finished game's thread after this many "
                                       "hours", low=0, high=MAX_ARCHIVE_HOURS)
    lobby: Channel | None = option("The channel where open seats and substitutes are posted")
    lfg_role: Role | None = option("A looking-for-a-game role open seats mention")
    substitute_hours: int | None = option("Offer a timed-out seat to substitutes this many "
                                          "hours before the computer takes it", low=0,
                                          high=MAX_SUBSTITUTE_HOURS)


@dataclass(frozen=True, kw_only=True)
class BoardArgs:
    channel: Channel | None = option("The channel where the board of the server's games is "
                                     "kept")
    off: bool = option("Take the board away", default=False)


@dataclass(frozen=True, kw_only=True)
class Me:
    timezone: str | None = option("e.g. Asia/Kolkata", suggest=_zones)
    hours: str | None = option("When you play, e.g. 09:00-23:00 (your time), or any")
    away_until: str | None = option("Back on a date (YYYY-MM-DD) or after a span (3d)",
                                    aliases=("away",))
    back: bool = option("You are back early", default=False)
    reminders: str | None = option("How you are reminded in every game",
                                   choices=lambda: [(label, way)
                                                    for way, label in YOUR_WAYS.items()])


@dataclass(frozen=True, kw_only=True)
class OfAGame:
    game: str = _game()


@dataclass(frozen=True, kw_only=True)
class Profile:
    user: Actor | None = option("Whose (default: yours)")
    public: bool = _public()


@dataclass(frozen=True, kw_only=True)
class Play:
    move: str | None = option("Steps separated by spaces, e.g. `c3 d3`", suggest=_steps,
                              line=True)


@dataclass(frozen=True, kw_only=True)
class Board:
    public: bool = _public()
    text: bool = option("The position in words instead of the image", default=False)
    side: str | None = option("Whose own board to show, where the picture shows one "
                              "(Rajas: a province)", suggest=_sides)
    since: str | None = option("Mark what changed since your last move",
                               choices=lambda: [("my last move", "me")], example="me")


@dataclass(frozen=True, kw_only=True)
class Log:
    lines: int = option("How many lines (1–100)", default=LOG_TAIL, low=1, high=100,
                        example="20")
    since: str | None = option("Every action since your last move, instead",
                               choices=lambda: [("my last move", "me")], example="me")


@dataclass(frozen=True, kw_only=True)
class PutUp:
    side: str = option("The side a substitute may take", required=True, suggest=_sides,
                       example="tigers")


@dataclass(frozen=True, kw_only=True)
class Replay:
    game: int | None = option("Which game (default: this channel's last)", suggest=_ended,
                              low=1, example="12")
    move: int | None = option("Which position: 0 is the start (default: the end)", low=0,
                              high=100_000, example="12 move:5")
    whole: bool = option("Attach the whole game as an animation and its log (JSON)",
                         default=False)


@dataclass(frozen=True, kw_only=True)
class Help:
    game: str | None = option(choices=_game_choices)
    topic: str | None = option("time: clocks and hours; ratings: after a game; community",
                               choices=lambda: [("time: clocks, playing hours, your games",
                                                 "time"),
                                                ("ratings: rematch, ratings, replay, "
                                                 "statistics", "ratings"),
                                                ("community: threads, open seats, "
                                                 "substitutes", "community")])
    page: int = _text_page()


@dataclass(frozen=True, kw_only=True)
class Rules:
    game: str | None = option(choices=_game_choices, accepts=lambda w: w in games.ids())
    topic: str | None = option("e.g. sequence, attack, victory (empty: the list)", rest=True)
    page: int = _text_page()


COMMANDS: tuple[Command[Any], ...] = (
    command("new", "Open a new game in this channel", New, _new, group="game",
            gathers="options"),
    command("join", "Take a seat in this channel's game", Join,
            lambda t, p, a, v: t.join(p, a, v.side), group="game",
            buttons=(clicks.JOIN,)),
    command("leave", "Give up your seat before the game starts", NoArgs,
            lambda t, p, a, _: t.leave(p, a), group="game"),
    command("start", "Deal the sides and begin", Start,
            lambda t, p, a, v: t.start(p, a, fill_with_computer=v.fill_with_computer),
            group="game"),
    command("status", "Who plays what, and whose turn it is", NoArgs,
            lambda t, p, a, _: t.status(p, a), group="game"),
    command("abort", "End this channel's game without a result", NoArgs,
            lambda t, p, a, _: t.abort(p, a), group="game"),
    command("remind", "How this game reminds whoever must move", Remind,
            lambda t, p, a, v: t.remind(p, a, v.mode, v.after_hours), group="game"),
    command("reassign", "Offer a side to another member, or hand it to the computer "
            "(creator or moderators)", Reassign, _reassign, group="game",
            buttons=(clicks.TAKE,)),
    command("substitute", "Put a stalled seat up for a substitute (players or moderators)",
            PutUp, lambda t, p, a, v: t.substitute(p, a, v.side), group="game",
            buttons=(clicks.TAKE_SEAT, clicks.SEAT_VOTE, clicks.PUT_UP)),
    command("vote", "After a player's time ran out: end the game or wait", Vote,
            lambda t, p, a, v: t.vote(p, a, v.choice), group="game"),
    command("follow", "Follow this game as a spectator: in its thread, or by DM", Follow,
            lambda t, p, a, v: t.follow(p, a, v.how), group="game",
            buttons=(clicks.FOLLOW,)),
    command("unfollow", "Stop following this game", NoArgs,
            lambda t, p, a, _: t.unfollow(p, a), group="game"),
    command("list", "Every game on this server (moderators)", Listed,
            lambda t, p, a, v: t.list_games(p, a, v.page), group="game",
            buttons=(clicks.LIST_PAGE,)),
    command("rematch", "Play this channel's last game again, with the same players", Rematch,
            lambda t, p, a, v: t.rematch_last(p, a, v.how or "rotate"), group="game",
            buttons=(clicks.REMATCH,)),
    command("settings", "This server's defaults for new games (moderators change them)",
            Settings,
            lambda t, p, a, v: t.server_settings(
                p, a, v.pace, v.on_timeout, v.setup_days, v.idle_days,
                None if v.mod_role is None else v.mod_role.id, v.threads, v.archive_hours,
                None if v.lobby is None else v.lobby.id,
                None if v.lfg_role is None else v.lfg_role.id, v.substitute_hours),
            group="server"),
    command("board", "One message listing the server's games, kept up to date "
            "(moderators set it)", BoardArgs,
            lambda t, p, a, v: t.server_board(p, a, None if v.channel is None
                                              else v.channel.id, v.off),
            group="server"),
    command("open", "Open a game whose seats anyone may take, from a card in the lobby",
            Seek, lambda t, p, a, v: t.seek(p, a, v.game, v.players, v.pace,
                                            _typed_options(v.options)),
            group="seek", gathers="options", buttons=(clicks.LOBBY_JOIN,)),
    command("list", "This server's games with open seats", Listed,
            lambda t, p, a, v: t.open_seats(p, a, v.page), group="seek",
            buttons=(clicks.OPEN_SEATS_PAGE,)),
    command("role", "Give yourself the looking-for-a-game role, or take it off", NoArgs,
            lambda t, p, a, _: t.lfg(p, a), group="seek", buttons=(clicks.LFG,)),
    command("mygames", "Your games in every server, those waiting on you first", Listed,
            lambda t, p, a, v: t.my_games(p, a, v.page),
            buttons=(clicks.MY_GAMES_PAGE,)),
    command("me", "Your time zone, playing hours, time away and reminders", Me,
            lambda t, p, a, v: t.me(p, a, v.timezone, v.hours, v.away_until, v.back,
                                    v.reminders)),
    command("leaderboard", "The best players of a game on this server", OfAGame,
            lambda t, p, a, v: t.leaderboard(p, a, v.game)),
    command("profile", "A player's games, wins, ratings and habits", Profile,
            lambda t, p, a, v: t.profile(p, a, v.user, v.public)),
    command("stats", "How a game has gone on this server: wins by side, length", OfAGame,
            lambda t, p, a, v: t.stats(p, a, v.game)),
    command("play", "Make your move (no move: open a panel)", Play,
            lambda t, p, a, v: t.play(p, a, v.move or ""),
            buttons=(clicks.STEP, clicks.STEP_MENU, clicks.PANEL)),
    command("board", "Show the current board", Board,
            lambda t, p, a, v: t.board(p, a, public=v.public, words=v.text, side=v.side,
                                       since=v.since),
            buttons=(clicks.BOARD,)),
    command("card", "The current card and the cards played", NoArgs,
            lambda t, p, a, _: t.card(p, a)),
    command("score", "Victory points as they stand", NoArgs,
            lambda t, p, a, _: t.score(p, a)),
    command("hand", "Your hidden cards (only you see them)", NoArgs,
            lambda t, p, a, _: t.hand(p, a),
            buttons=(clicks.HAND,)),
    command("undo", "Take back your last move", NoArgs, lambda t, p, a, _: t.undo(p, a),
            buttons=(clicks.UNDO, clicks.UNDO_VOTE)),
    # The table asks first; its question comes with yes / no (see replies.Confirmation).
    command("resign", "Concede the game", NoArgs, lambda t, p, a, _: t.resign(p, a),
            buttons=(clicks.RESIGN,)),
    command("log", "The game's recent log", Log, lambda t, p, a, v: t.log(p, a, v.lines, v.since),
            buttons=(clicks.LOG_SINCE_PAGE,)),
    command("replay", "A finished game move by move, as an animation, and its log", Replay,
            lambda t, p, a, v: t.replay(p, a, v.game, v.move, v.whole),
            buttons=(clicks.REPLAY,)),
    command("help", "How to play here, and each game's rules", Help,
            lambda t, p, a, v: _now(t.help(v.game, v.topic, v.page)),
            buttons=(clicks.HELP_PAGE,)),
    command("rules", "A short summary of one rule topic", Rules,
            lambda t, p, a, v: t.rules_here(p, v.game, v.topic, v.page)),
)


# Every button of the catalogue, each under the command it belongs to.
CLICKS: tuple[Click[Any], ...] = tuple(b for c in COMMANDS for b in c.buttons)
# The buttons of a list or a text shown a page at a time, by the table's name for it
# (``Page.command``), and the yes / no of a question, by its action
# (``Confirmation.action``).
PAGES = {c.key.removeprefix("pg:"): c for c in CLICKS if c.key.startswith("pg:")}
QUESTIONS = {c.key.removeprefix("cf:"): c for c in CLICKS if c.key.startswith("cf:")}


def find(group: str | None, name: str) -> Command[Any] | None:
    """The command ``/group name`` (or ``/name``), if there is one."""
    return next((c for c in COMMANDS if c.group == group and c.name == name), None)


def in_group(group: str) -> list[Command[Any]]:
    return [c for c in COMMANDS if c.group == group]
