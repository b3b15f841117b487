"""The commands, once, for every face: each command's name, group, description, parameters
and the table call it makes.

The Discord face builds its slash commands from this catalogue (discord_face/commands.py)
and the sandbox reads typed lines against it (sandbox.py), so a command is added here and
both faces have it. A parameter's ``kind`` is the Python type its value arrives as: ``str``,
``int``, ``bool``, or ``Actor`` for a member of the server (a face turns its own idea of a
member into one). A command's ``run(table, place, actor, **values)`` returns the table's
call, not yet awaited; it raises ``BadInput`` first when what was typed cannot be used,
which each face tells the caller as it is, without asking the table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.pace import PRESETS, TIMEOUTS
from bot.reminders import MAX_IDLE_HOURS, MODES, YOUR_WAYS
from bot.replies import Actor, Place, Reply
from bot.table import LOG_TAIL, Table, parse_options, playable_ids
from bot.table.rematch import HOW
from engine import games


class BadInput(Exception):
    """What was typed cannot be used: said to the caller alone; the table was not asked."""


# Autocomplete: (table, place, actor, what is typed so far, the other values given) ->
# (shown name, value) pairs.
Suggest = Callable[[Table, Place, Actor, str, Mapping[str, Any]],
                   Awaitable[list[tuple[str, str]]]]


@dataclass(frozen=True)
class Role:
    """A role of the server, as a command names it (its id)."""

    id: str
    name: str = ""


@dataclass(frozen=True)
class Param:
    name: str
    kind: type = str  # str, int, bool, Actor (a member of the server) or Role
    description: str = ""  # none: Discord shows "…"
    required: bool = False
    default: Any = None
    # A fixed list to choose from, as (shown name, value) pairs; worked out when a face
    # builds its commands.
    choices: Callable[[], list[tuple[str, str]]] | None = None
    suggest: Suggest | None = None  # autocomplete
    low: int | None = None  # an int's range
    high: int | None = None
    # How the sandbox reads a typed line (``/game remind dm after:12``): a value is given
    # as ``name:value`` (or by one of its ``aliases``), or as a word on its own, which
    # goes to the next parameter that takes it. A bool is given by its name alone
    # (``/board text``).
    aliases: tuple[str, ...] = ()
    accepts: Callable[[str], bool] | None = None  # a word on its own comes here only if so
    rest: bool = False  # takes every word left (a rule topic of several words)
    line: bool = False  # the rest of the line as typed, quotes and all (a move)
    example: str = ""  # the command's words with this value, for the sandbox's hints
    discord: bool = True  # False: the sandbox's own extra, not a slash command option


@dataclass(frozen=True)
class Command:
    name: str
    description: str
    run: Callable[..., Awaitable[Reply]]
    params: tuple[Param, ...] = ()
    group: str | None = None
    # The sandbox gathers ``name:value`` words that no parameter takes into this one, as
    # ``name=value`` (``/game new goat_tiger goats=12``: the game's options).
    gathers: str | None = None

    @property
    def path(self) -> str:
        """``game new``, ``play``: the command as typed after the slash."""
        return f"{self.group} {self.name}" if self.group else self.name


GROUPS = {"game": "Set up a game here", "server": "This server's settings for games"}

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


def _new(table: Table, place: Place, actor: Actor, game: str, side: str | None = None,
         opponent: str | None = None, options: str | None = None, pace: str | None = None,
         on_timeout: str | None = None) -> Awaitable[Reply]:
    try:
        typed = parse_options(options or "")
    except ValueError as e:
        raise BadInput(str(e)) from None
    return table.new(place, actor, game, role=side, opponent=opponent, options=typed,
                     pace=pace, on_timeout=on_timeout)


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


PACE = Param("pace", description="A clock: none, live, standard, slow or e.g. 48h+6h/96h",
             suggest=_paces)
ON_TIMEOUT = Param("on_timeout", description="When a player's time runs out",
                   choices=lambda: [(text[:100], word) for word, text in TIMEOUTS.items()])


def _reassign(table: Table, place: Place, actor: Actor, side: str,
              player: Actor | None = None, computer: bool = False) -> Awaitable[Reply]:
    if computer and player is not None:
        raise BadInput("Choose a player or the computer, not both.")
    if not computer and player is None:
        raise BadInput("Name the member who takes the seat, or choose `computer: True`.")
    return table.reassign(place, actor, side, None if computer else player)


async def _now(reply: Reply) -> Reply:
    """A reply worked out already, as the awaitable a command's ``run`` returns."""
    return reply


# Which page of a long help text: the sandbox's stand-in for the ◀ ▶ buttons in Discord.
PAGE = Param("page", int, "Which page", default=1, low=1, high=100, discord=False,
             accepts=lambda w: False)

SIDE = Param("side", description="The side you want (default: dealt at random)",
             suggest=_sides)

COMMANDS: tuple[Command, ...] = (
    Command("new", "Open a new game in this channel", _new, group="game", gathers="options",
            params=(Param("game", description="Which game", required=True,
                          choices=_game_choices, example="goat_tiger"),
                    SIDE,
                    Param("opponent", description="Play against the computer",
                          choices=lambda: [("another player", "none"),
                                           ("the computer", "computer")]),
                    Param("options", description="Game options, e.g. goats=12"),
                    PACE, ON_TIMEOUT)),
    Command("join", "Take a seat in this channel's game", group="game", params=(SIDE,),
            run=lambda t, p, a, side=None: t.join(p, a, side)),
    Command("leave", "Give up your seat before the game starts", group="game",
            run=lambda t, p, a: t.leave(p, a)),
    Command("start", "Deal the sides and begin", group="game",
            params=(Param("fill_with_computer", bool, "Seat the computer in any empty seat",
                          default=False, aliases=("fill",)),),
            run=lambda t, p, a, fill_with_computer=False: t.start(
                p, a, fill_with_computer=fill_with_computer)),
    Command("status", "Who plays what, and whose turn it is", group="game",
            run=lambda t, p, a: t.status(p, a)),
    Command("abort", "End this channel's game without a result", group="game",
            run=lambda t, p, a: t.abort(p, a)),
    Command("remind", "How this game reminds whoever must move", group="game",
            params=(Param("mode", description="How to remind (empty: show the setting)",
                          choices=lambda: [(label, mode) for mode, label in MODES.items()]),
                    Param("after_hours", int, "Hours without a move before each reminder",
                          low=1, high=MAX_IDLE_HOURS, aliases=("after",),
                          example="dm after:12")),
            run=lambda t, p, a, mode=None, after_hours=None: t.remind(p, a, mode, after_hours)),
    Command("reassign", "Offer a side to another member, or hand it to the computer "
            "(creator or moderators)", _reassign, group="game",
            params=(Param("side", description="The side that changes hands", required=True,
                          suggest=_sides, example="tigers @meera"),
                    Param("player", Actor, "Who is offered it (they take it with a button)"),
                    Param("computer", bool, "Let the computer play it", default=False))),
    Command("vote", "After a player's time ran out: end the game or wait", group="game",
            params=(Param("choice", description="end: they lose; wait: they get more time",
                          required=True, choices=lambda: [("end the game", "end"),
                                                          ("wait", "wait")]),),
            run=lambda t, p, a, choice: t.vote(p, a, choice)),
    Command("list", "Every game on this server (moderators)", group="game",
            params=(Param("page", int, "Which page", default=1, low=1, high=1000),),
            run=lambda t, p, a, page=1: t.list_games(p, a, page)),
    Command("rematch", "Play this channel's last game again, with the same players",
            group="game",
            params=(Param("how", description="The seats: rotated (default), kept or shuffled",
                          choices=lambda: [(label, how) for how, label in HOW.items()]),),
            run=lambda t, p, a, how=None: t.rematch_last(p, a, how or "rotate")),
    Command("settings", "This server's defaults for new games (moderators change them)",
            group="server",
            params=(PACE, ON_TIMEOUT,
                    Param("setup_days", int, "Close a game never started after this many "
                          "days", low=1, high=365),
                    Param("idle_days", int, "Warn, then abandon, a game nobody moves in "
                          "after this many days", low=1, high=365),
                    Param("mod_role", Role, "A role whose members act as moderators")),
            run=lambda t, p, a, pace=None, on_timeout=None, setup_days=None, idle_days=None,
            mod_role=None: t.server_settings(p, a, pace, on_timeout, setup_days, idle_days,
                                             None if mod_role is None else mod_role.id)),
    Command("mygames", "Your games in every server, those waiting on you first",
            params=(Param("page", int, "Which page", default=1, low=1, high=1000),),
            run=lambda t, p, a, page=1: t.my_games(p, a, page)),
    Command("me", "Your time zone, playing hours, time away and reminders",
            params=(Param("timezone", description="e.g. Asia/Kolkata", suggest=_zones),
                    Param("hours", description="When you play, e.g. 09:00-23:00 (your time), "
                          "or any"),
                    Param("away_until", description="Back on a date (YYYY-MM-DD) or after "
                          "a span (3d)", aliases=("away",)),
                    Param("back", bool, "You are back early", default=False),
                    Param("reminders", description="How you are reminded in every game",
                          choices=lambda: [(label, way) for way, label in YOUR_WAYS.items()])),
            run=lambda t, p, a, timezone=None, hours=None, away_until=None, back=False,
            reminders=None: t.me(p, a, timezone, hours, away_until, back, reminders)),
    Command("leaderboard", "The best players of a game on this server",
            params=(Param("game", description="Which game", required=True,
                          choices=_game_choices, example="goat_tiger"),),
            run=lambda t, p, a, game: t.leaderboard(p, a, game)),
    Command("profile", "A player's games, wins, ratings and habits",
            params=(Param("user", Actor, "Whose (default: yours)"),
                    Param("public", bool, "Post it for everyone (default: only you)",
                          default=False)),
            run=lambda t, p, a, user=None, public=False: t.profile(p, a, user, public)),
    Command("stats", "How a game has gone on this server: wins by side, length",
            params=(Param("game", description="Which game", required=True,
                          choices=_game_choices, example="goat_tiger"),),
            run=lambda t, p, a, game: t.stats(p, a, game)),
    Command("play", "Make your move (no move: open a panel)",
            params=(Param("move", description="Steps separated by spaces, e.g. `c3 d3`",
                          suggest=_steps, line=True),),
            run=lambda t, p, a, move=None: t.play(p, a, move or "")),
    Command("board", "Show the current board",
            params=(Param("public", bool, "Post it for everyone (default: only you)",
                          default=False),
                    Param("text", bool, "The position in words instead of the image",
                          default=False),
                    Param("side", description="Whose own board to show, where the picture "
                          "shows one (Rajas: a province)", suggest=_sides)),
            run=lambda t, p, a, public=False, text=False, side=None: t.board(
                p, a, public=public, words=text, side=side)),
    Command("card", "The current card and the cards played", run=lambda t, p, a: t.card(p, a)),
    Command("score", "Victory points as they stand", run=lambda t, p, a: t.score(p, a)),
    Command("hand", "Your hidden cards (only you see them)", run=lambda t, p, a: t.hand(p, a)),
    Command("undo", "Take back your last move", run=lambda t, p, a: t.undo(p, a)),
    # The table asks first; its question comes with yes / no (see replies.Confirmation).
    Command("resign", "Concede the game", run=lambda t, p, a: t.resign(p, a)),
    Command("log", "The game's recent log",
            params=(Param("lines", int, "How many lines (1–100)", default=LOG_TAIL, low=1,
                          high=100, example="20"),),
            run=lambda t, p, a, lines=LOG_TAIL: t.log(p, a, lines)),
    Command("replay", "A finished game move by move, as an animation, and its log",
            params=(Param("game", int, "Which game (default: this channel's last)",
                          suggest=_ended, low=1, example="12"),
                    Param("move", int, "Which position: 0 is the start (default: the end)",
                          low=0, high=100_000, example="12 move:5"),
                    Param("whole", bool, "Attach the whole game as an animation and its "
                          "log (JSON)", default=False)),
            run=lambda t, p, a, game=None, move=None, whole=False: t.replay(
                p, a, game, move, whole)),
    Command("help", "How to play here, and each game's rules",
            run=lambda t, p, a, game=None, topic=None, page=1: _now(t.help(game, topic, page)),
            params=(Param("game", choices=_game_choices),
                    Param("topic", description="time: clocks and hours; ratings: after a game",
                          choices=lambda: [("time: clocks, playing hours, your games",
                                            "time"),
                                           ("ratings: rematch, ratings, replay, statistics",
                                            "ratings")]),
                    PAGE)),
    Command("rules", "A short summary of one rule topic",
            params=(Param("game", choices=_game_choices, accepts=lambda w: w in games.ids()),
                    Param("topic", description="e.g. sequence, attack, victory (empty: the "
                          "list)", rest=True),
                    PAGE),
            run=lambda t, p, a, game=None, topic=None, page=1: t.rules_here(p, game, topic,
                                                                            page)),
)


def find(group: str | None, name: str) -> Command | None:
    """The command ``/group name`` (or ``/name``), if there is one."""
    return next((c for c in COMMANDS if c.group == group and c.name == name), None)


def in_group(group: str) -> list[Command]:
    return [c for c in COMMANDS if c.group == group]
