"""The table a game sits on: transport-agnostic orchestration for one channel.

Every method loads the channel's game from the database, applies the engine,
writes back in one version-checked transaction and returns a ``Reply``.
Nothing is kept in memory between calls, so a restart, a second process or a
double click cannot change the outcome. This module never imports discord.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable, Collection, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache, partial, wraps
from types import ModuleType

import renderer
from bot import workers
from bot.drafts import Drafts, UnknownDraft
from bot.ratelimit import RateLimiter
from bot.reminders import MAX_IDLE_HOURS, MODES, Policy, describe
from bot.replies import (
    Actor,
    Choice,
    Confirmation,
    Consent,
    Ping,
    Place,
    Reply,
    clip,
    echo,
    escape,
)
from db import (
    ChannelBusy,
    Game,
    LogStep,
    NewStep,
    Repository,
    Seat,
    VersionConflict,
    step_arg,
)
from db.models import utcnow
from engine import IllegalAction, games, rng
from engine.errors import possible
from engine.options import describe as describe_options
from engine.options import in_force as options_in_force
from engine.options import read as read_options


def playable_ids() -> list[str]:
    """Games a table can host: rules and a board image both exist (an engine may
    land before its renderer)."""
    return [g for g in games.ids() if g in renderer.ids()]

COMPUTER = "Computer"
MAX_OPEN_GAMES = 10  # per player and server, unless MAX_OPEN_GAMES says otherwise


def open_games_limit(env: Mapping[str, str] = os.environ) -> int | None:
    """``MAX_OPEN_GAMES``: games being set up or played one person may sit at in one
    server at once (0: no limit)."""
    text = env.get("MAX_OPEN_GAMES", "").strip()
    limit = int(text) if text else MAX_OPEN_GAMES
    return limit if limit > 0 else None

LOG_TAIL = 15
# Said when an agreed undo crossed a reveal (see games.REDEAL).
REDEALT = ("🔀 What was hidden is dealt anew: the cards or tiles still to draw are shuffled "
           "and the dice to come are new.")
# Every this many writes of a game, its state is kept as a checkpoint (db Checkpoint) for
# undo to replay from: a few KB each time, and undo replays at most a few moves' steps.
CHECKPOINT_EVERY = 8
MAX_LINE = 1000  # characters in a typed line; a long Vijayanagara turn needs ~300
MAX_CHOICES = 25  # Discord's cap on autocomplete and select options
CHOICE_MAX = 100  # Discord's cap on an autocomplete choice's name and value
# Board images are drawn off the event loop (Pillow releases the GIL while it encodes), on
# two threads of their own: more threads drawing at once only fight the loop for the GIL
# (under load the loop then stalls for tens of ms, and every database round trip with it).
RENDER_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="darbar-render")


def _shown(before: dict | None, after: dict) -> bool:
    """Whether the position ``after`` (a spectator view) is one the others get to see: the
    start of the game, or a move was completed, the decision passed to another role, or
    the game ended. Between such moments the mover's steps are private."""
    return (before is None or not after["active"] or after["move"] != before["move"]
            or after["active"] != before["active"])


class Refusal(Exception):
    """A polite no: shown only to the caller; nothing was written."""


@dataclass
class Loaded:
    """A game as read for one call. ``state`` is the latest position; ``public`` is the
    position everyone sees: the same object between moves, and the position after the
    last completed move while the mover's steps are still private."""

    game: Game
    seats: list[Seat]
    module: ModuleType
    state: dict | None
    public: dict | None = None
    _views: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.public is None:
            self.public = self.state

    @property
    def in_move(self) -> bool:
        """A move is under way: some of its steps are stored but not yet shown."""
        return self.public is not self.state

    def _view(self, key: str, state: dict) -> dict:
        # Worked out once per state: a Loaded never changes its states (a new one is made
        # for every new state), and nothing edits a view.
        if key not in self._views:
            self._views[key] = self.module.view(state, None)
        return self._views[key]

    def public_view(self) -> dict:
        """``module.view(public, None)``: what spectators and the other players see."""
        return self._view("public", self.public)

    def current_view(self) -> dict:
        """The spectator view of the latest state (the mover's own position mid-move)."""
        return self.public_view() if not self.in_move else self._view("current", self.state)

    def moved_to(self, game: Game, state: dict, view: dict, *, shown: bool) -> Loaded:
        """The game after a write of ``state`` (whose spectator view is ``view``): public
        if ``shown``, else the others keep this position's public one (and its view)."""
        new = Loaded(game, self.seats, self.module, state, None if shown else self.public)
        new._views["public" if shown else "current"] = view
        if not shown and "public" in self._views:
            new._views["public"] = self._views["public"]
        return new

    def roles_of(self, actor: Actor) -> list[str]:
        return [s.role for s in self.seats if s.user_id == actor.user_id and s.role]

    def seat_for(self, role: str) -> Seat | None:
        return next((s for s in self.seats if s.role == role), None)

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if not s.is_bot]


def resignation(roles: Collection[str], resigned: Collection[str], name: str,
                user_id: str | None = None) -> dict:
    """The result of a game among ``roles`` conceded by ``name`` (user ``user_id``), who
    played the sides ``resigned`` (``darbar import`` accepts a finished game's result only
    if it is one of these; games resigned before user ids were recorded have none)."""
    winners = [r for r in roles if r not in resigned]
    result = {"winners": winners, "scores": {r: int(r in winners) for r in roles},
              "reason": f"{name} resigned."}
    return result if user_id is None else result | {"resigned": user_id}


def _refusals(fn: Callable[..., Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
    """Turn a Refusal or a lost race into a private error reply."""

    @wraps(fn)
    async def wrapper(self: Table, *args, **kwargs) -> Reply:
        actor = next((a for a in args if isinstance(a, Actor)), None)
        if self.limiter is not None and actor is not None:
            wait = self.limiter.wait(actor.user_id)
            if wait > 0:
                return Reply(private=f"You are going a little fast: try again in {wait:.0f} s. "
                             "Nothing was changed.", error=True)
        try:
            return await fn(self, *args, **kwargs)
        except Refusal as e:
            return Reply(private=clip(str(e)), error=True)
        except VersionConflict:
            place = next((a for a in args if isinstance(a, Place)), None)
            note = "The game moved on while you were acting, so nothing was changed."
            if place is None or actor is None:
                return Reply(private=note, error=True)
            return await self._moved_on(place, actor, note)

    return wrapper


class Table:
    def __init__(self, repo: Repository, *, bot_delay: float = 0.0,
                 limiter: RateLimiter | None = None, reminders: Policy | None = None,
                 max_open_games: int | None = None):
        self.repo = repo
        # Games being set up or played that one user may sit at in one server (None: any).
        self.max_open_games = max_open_games
        # The reminder setting of games nobody configured (server-wide, from the env).
        self.reminders = reminders or Policy()
        # Commands per user per window (the bot sets one; tests and the bench do not).
        self.limiter = limiter
        # Seconds to wait before a computer move, so a watcher sees two posts apart.
        self.bot_delay = bot_delay
        # Heads of long typed lines that autocomplete shortened (see bot/drafts.py).
        self.drafts = Drafts()

    # --- loading -----------------------------------------------------------------

    async def _load(self, place: Place, *, run_bots: bool = True) -> Loaded:
        found = await self.repo.live_game_seats(place.channel_id)  # one query for both
        if found is None:
            raise Refusal(await self._no_live_game(place))
        lg = await self._loaded(*found)
        if run_bots:
            # A computer reply lost to a crash or restart is made now, before anything else.
            lg, _ = await self._run_bots(lg)
        return lg

    async def _no_live_game(self, place: Place) -> str:
        """Why a command that needs a game in progress cannot run: the channel's last game
        is over (said with its result, as /board and /log still show it), or there is none."""
        game = await self.repo.latest_game(place.channel_id)
        start = "Start a new one with `/game new`."
        if game is None:
            return "There is no game in this channel. Start one with `/game new`."
        name = games.get(game.game).NAME
        if game.status == "aborted":
            return f"Game #{game.id} ({name}) here was aborted. {start}"
        result = self._result_line(await self._loaded(game))
        return " ".join(filter(None, [f"Game #{game.id} ({name}) here is over.", result, start]))

    async def _loaded(self, game: Game, seats: list[Seat] | None = None) -> Loaded:
        if seats is None:
            seats = await self.repo.seats(game.id)
        state = json.loads(game.state) if game.state else None
        public = json.loads(game.public_state) if game.public_state else None
        return Loaded(game, seats, games.get(game.game), state, public)

    # --- seating -------------------------------------------------------------------

    @_refusals
    async def new(
        self,
        place: Place,
        actor: Actor,
        game_id: str,
        *,
        role: str | None = None,
        opponent: str | None = None,
        options: dict | None = None,
        seed: int | None = None,
    ) -> Reply:
        if game_id not in playable_ids():
            raise Refusal(
                f"I don't know the game {echo(game_id)}. Games: {', '.join(playable_ids())}."
            )
        g = games.get(game_id)
        seed = rng.new_seed() if seed is None else seed
        try:
            # The game's schema reads what was typed; setup checks what options say of
            # each other. Only typed values are stored.
            options = read_options(g.OPTIONS, options or {})
            g.setup(seed, options)
        except IllegalAction as e:
            raise Refusal(f"{e} (`/help game:{game_id}` lists the options.)") from None
        # With the computer in every other seat the game starts at once, its count settled.
        role = self._check_role(g, role, options if opponent != "computer"
                                else {"players": len(games.sides(g, options)), **options})
        await self._check_open_games(place, actor)
        seats = [Seat(position=0, role=role, user_id=actor.user_id, name=actor.name[:100])]
        if opponent == "computer":
            if not hasattr(g, "bot_steps"):
                raise Refusal(f"{g.NAME} has no computer player yet.")
            # Every other side in play (the game's usual count when it is left open).
            seats += [
                Seat(position=i + 1, user_id=None, name=COMPUTER, is_bot=True)
                for i in range(len(games.sides(g, options)) - 1)
            ]
        elif opponent not in (None, "", "none"):
            raise Refusal("The only opponent I can provide is `computer`.")
        try:
            game = await self.repo.create_game(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                game=game_id,
                options=options,
                seed=seed,
                created_by=actor.user_id,
                seats=seats,
            )
        except ChannelBusy:
            raise Refusal(
                "This channel already has a game. Finish or abort it first "
                "(`/game abort`), or start yours in another channel or thread."
            ) from None
        loaded = await self._loaded(game)
        if len(loaded.seats) >= self._seat_cap(g, options) or opponent == "computer":
            return await self._start(loaded,
                                     intro=f"{escape(actor.name)} starts a game of {g.NAME}.")
        need = g.PLAYERS[0] - len(loaded.seats)
        roles = games.sides(g, options) if not games.count_left_open(g, options) else g.ROLES
        sides = f" (sides: {', '.join(roles)})" if len(roles) > 1 else ""
        free = ("every seat needs a player or the computer" if getattr(g, "ONE_SIDE_EACH", False)
                else "free sides are shared among the players")
        seating = (f"{need} more player(s) needed: `/game join`{sides}." if need > 0 else
                   f"Others may `/game join`{sides}; `/game start` when ready ({free}).")
        return Reply(
            public=f"{escape(actor.name)} opens a game of **{g.NAME}** (game #{game.id}). "
            f"{seating}",
            game_id=game.id,
            version=game.version,
        )

    async def _check_open_games(self, place: Place, actor: Actor) -> None:
        """One person cannot fill a server with games (``MAX_OPEN_GAMES``)."""
        if self.max_open_games is None:
            return
        count = await self.repo.open_games_of(actor.user_id, place.guild_id)
        if count >= self.max_open_games:
            raise Refusal(f"You already have {count} games open on this server, the most one "
                          "player may have at once. Finish, leave or abort one first.")

    def _check_role(self, g: ModuleType, role: str | None, options: dict) -> str | None:
        if role in (None, "", "random", "any"):
            return None
        role = role.strip().lower()
        roles = g.ROLES if games.count_left_open(g, options) else games.sides(g, options)
        if role not in roles:
            raise Refusal(f"{echo(role)} is not a side in this game of {g.NAME}. Sides: "
                          f"{', '.join(roles)}.")
        return role

    @staticmethod
    def _seat_cap(g: ModuleType, options: dict) -> int:
        """How many may sit down: the sides in play, or the most the game allows while its
        number of players is left open."""
        return g.PLAYERS[1] if games.count_left_open(g, options) else len(games.sides(g, options))

    @_refusals
    async def join(self, place: Place, actor: Actor, role: str | None = None) -> Reply:
        lg = await self._load(place)
        g = lg.module
        if lg.game.status != "setup":
            raise Refusal("This game has already started; you can watch it here.")
        options = json.loads(lg.game.options)
        role = self._check_role(g, role, options)
        mine = [s for s in lg.seats if s.user_id == actor.user_id]
        if mine and getattr(g, "ONE_SIDE_EACH", False):
            raise Refusal(f"You already have a seat. In {g.NAME} each player keeps a hidden "
                          "hand, so one person plays one side.")
        if mine and role is None:
            raise Refusal("You already have a seat. To play another side too, name it: "
                          "`/game join side:<side>`.")
        if mine and any(s.role is None for s in mine):
            raise Refusal("Choose your first side before taking a second one.")
        if role and any(s.role == role for s in lg.seats):
            raise Refusal(f"Someone already plays {games.side_name(g, role)}: choose another "
                          f"side, or join without one.")
        if len(lg.seats) >= self._seat_cap(g, options):
            raise Refusal("Every seat is taken.")
        if not mine:
            await self._check_open_games(place, actor)
        await self.repo.add_seat(lg.game, Seat(position=0, role=role, user_id=actor.user_id,
                                               name=actor.name[:100]))
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        side = f" as {games.side_name(g, role)}" if role else ""
        if len(lg.seats) >= self._seat_cap(g, options):
            return await self._start(lg, intro=f"{escape(actor.name)} joins{side}.")
        return Reply(public=f"{escape(actor.name)} joins{side}. {self._seating(lg)}",
                     game_id=lg.game.id, version=lg.game.version)

    @_refusals
    async def leave(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        if lg.game.status != "setup":
            raise Refusal("The game has started: use `/resign` to concede instead.")
        mine = [s.id for s in lg.seats if s.user_id == actor.user_id]
        if not mine:
            raise Refusal("You have no seat in this game.")
        await self.repo.remove_seats(lg.game, mine)
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        if not any(not s.is_bot for s in lg.seats):
            await self.repo.set_status(lg.game, "aborted")
            return Reply(public=f"{escape(actor.name)} leaves; nobody is left, so the game is "
                         "closed.")
        return Reply(public=f"{escape(actor.name)} leaves. {self._seating(lg)}")

    @_refusals
    async def start(self, place: Place, actor: Actor, *, fill_with_computer: bool = False) -> Reply:
        lg = await self._load(place)
        g = lg.module
        if lg.game.status != "setup":
            raise Refusal("The game is already under way.")
        seated = any(s.user_id == actor.user_id for s in lg.seats)
        if not (seated or actor.user_id == lg.game.created_by or actor.is_admin):
            raise Refusal("Only a seated player can start the game.")
        options = self._final_options(lg, fill_with_computer)
        one_each = getattr(g, "ONE_SIDE_EACH", False)
        in_play = len(games.sides(g, options))
        # The computer fills every empty seat when asked; else the people seated share
        # the free sides, where the game allows it.
        empty = in_play - len(lg.seats)
        missing = (in_play if one_each else g.PLAYERS[0]) - len(lg.seats)
        if fill_with_computer and empty > 0 and not hasattr(g, "bot_steps"):
            raise Refusal(f"{g.NAME} has no computer player yet.")
        if not fill_with_computer and missing > 0:
            why = (f" (in {g.NAME} every side keeps a hidden hand, so nobody plays two)"
                   if one_each else "")
            raise Refusal(f"{missing} more player(s) needed{why}. Ask someone to "
                          "`/game join`, or start with `fill_with_computer: True`.")
        return await self._start(lg, intro=f"{escape(actor.name)} starts the game.",
                                 computers=max(empty, 0) if fill_with_computer else 0,
                                 options=options)

    @staticmethod
    def _final_options(lg: Loaded, fill: bool) -> dict:
        """The options the game starts with. A number of players left open becomes the
        number seated, or the game's usual number when the computer fills the table; a side
        someone chose must be in play."""
        g = lg.module
        options = json.loads(lg.game.options)
        if games.count_left_open(g, options):
            usual = int(g.OPTIONS["players"]["default"])
            seated = len(lg.seats)
            count = seated if seated >= g.PLAYERS[0] and not (fill and seated < usual) else usual
            options = {**options, "players": count}
        roles = games.sides(g, options)
        chosen = [s.role for s in lg.seats if s.role and s.role not in roles]
        if chosen:
            raise Refusal(f"A {len(roles)}-player game leaves out "
                          f"{games.side_name(g, chosen[0])} (sides: {', '.join(roles)}): that "
                          "player should `/game leave` and join again with another side.")
        return options

    async def _start(self, lg: Loaded, intro: str, computers: int = 0,
                     options: dict | None = None) -> Reply:
        """Seat ``computers`` computer players, deal the sides and store the opening
        position, all in one write."""
        g = lg.module
        game = lg.game
        if options is None:
            options = self._final_options(lg, fill=True)
        added = [Seat(position=0, name=COMPUTER, is_bot=True) for _ in range(computers)]
        # Deal the sides nobody asked for, at random but reproducibly from the seed (its
        # own stream: the deal says nothing of the engine's cards and dice).
        roles_in_play = games.sides(g, options)
        free = [r for r in roles_in_play if r not in {s.role for s in lg.seats}]
        free = rng.shuffle(rng.stream(game.seed, rng.DEAL), free)
        roles = {s.id: s.role or free.pop() for s in lg.seats}
        for seat in added:
            seat.role = free.pop()
        # Fewer players than sides (the game allows it): the players share the remaining
        # sides in turn, so every side has someone to act for it.
        humans = lg.humans()
        for i, role in enumerate(sorted(free, key=g.ROLES.index)):
            holder = humans[i % len(humans)]
            added.append(Seat(position=0, role=role, user_id=holder.user_id, name=holder.name))
        try:
            state = g.setup(game.seed, options)
        except IllegalAction as e:  # options that only the number seated contradicts
            raise Refusal(f"{e} Seat more players, or `/game abort` and open the game again "
                          "with other options.") from None
        changed = options if options != json.loads(game.options) else None
        await self.repo.start_game(game, roles, state, added, options=changed)
        lg = await self._loaded(await self.repo.get_game(game.id))
        lg, bot_lines = await self._run_bots(lg)
        lines = [intro, f"**{g.NAME}** — game #{game.id}. {self._seating(lg)}"]
        if bot_lines:
            lines.append("\n".join(bot_lines))
        return await self._public_update(lg, "\n".join(lines))

    # --- moves ---------------------------------------------------------------------

    def _acting_role(self, lg: Loaded, actor: Actor, state: dict) -> str:
        """The role the actor plays now, or a refusal that says who is awaited."""
        if lg.game.status != "active":
            raise Refusal("The game has not started yet." if lg.game.status == "setup"
                          else "This game is over.")
        g = lg.module
        view = lg.current_view() if state is lg.state else g.view(state, None)
        if not view["active"]:
            raise Refusal("This game is over.")
        mine = lg.roles_of(actor)
        if not mine:
            raise Refusal("You are not seated in this game: spectators can watch but not play.")
        for role in view["active"]:
            if role in mine:
                return role
        waiting = ", ".join(self._who(lg, r) for r in view["active"])
        # What a game lets a side it is not waiting for do (Vijayanagara: give, 1.5.2).
        offstage = [r for r in mine if g.view(state, r)["actions"]]
        if offstage and lg.in_move and state is lg.state:
            raise Refusal(f"{waiting} is in the middle of a move: you can act once it is "
                          "complete.")
        if offstage:
            return offstage[0]
        raise Refusal(f"It is not your turn: waiting for {waiting}.")

    @_refusals
    async def play(self, place: Place, actor: Actor, line: str) -> Reply:
        """Apply a typed line of step tokens, all or nothing, except that a step which rolls
        dice or reveals a card ends the line: what came before it is played (the outcome is
        then committed), and what follows is not tried, so no reply can show an outcome
        the player could still take back."""
        line = (line or "").strip()
        if not line:
            return await self.panel(place, actor)
        if len(line) > MAX_LINE:
            raise Refusal(f"That move is too long ({len(line)} characters).")
        lg = await self._load(place)
        tokens = self._expand(lg, actor, line).lower().split()
        state = lg.state
        mark = games.reveal_mark(lg.module, state)
        new_steps: list[NewStep] = []
        for i, tok in enumerate(tokens):
            try:
                role = self._acting_role(lg, actor, state)
            except Refusal:
                if not new_steps:
                    raise
                raise Refusal(self._line_reason(lg, new_steps, role, tokens)
                              or f"Your move was complete before {echo(' '.join(tokens[i:]))}; "
                              "nothing was played.") from None
            try:
                state, step = self._apply_token(lg, state, role, actor, tok)
            except Refusal as e:
                if len(tokens) == 1:
                    raise
                raise Refusal(self._line_reason(lg, new_steps, role, tokens)
                              or f"Step {i + 1} of {len(tokens)} ({echo(tok)}): {e} "
                              "Nothing was played.") from None
            new_steps.append(step)
            if i + 1 < len(tokens) and games.reveal_mark(lg.module, state) != mark:
                rest = " ".join(tokens[i + 1:])
                reply = await self._commit(lg, actor, state, new_steps, note=(
                    f"{echo(tok)} rolled dice or revealed a card, so your line stopped "
                    f"there: {echo(rest)} was not played. See the outcome, then go on."))
                reply.error = True  # part of what was asked was not done
                return reply
        return await self._commit(lg, actor, state, new_steps)

    @staticmethod
    def _line_reason(lg: Loaded, steps: list[NewStep], role: str,
                     tokens: list[str]) -> str | None:
        """The game's own reason for refusing the whole line (its optional
        ``explain_line``, given the state before the line and the role that began it),
        where token-by-token play would blame the wrong token; else None."""
        explain = getattr(lg.module, "explain_line", None)
        why = explain(lg.state, steps[0].role if steps else role, tokens) if explain else None
        return f"{why} Nothing was played." if why else None

    @_refusals
    async def click(self, place: Place, actor: Actor, game_id: int, version: int,
                    token: str) -> Reply:
        """One step from a panel button built at ``version`` of ``game_id``."""
        lg = await self._load(place)
        if lg.game.id != game_id:
            raise Refusal("That panel belongs to a game that has ended.")
        if lg.game.version != version:
            return await self._moved_on(place, actor, "That panel is out of date — the game "
                                        "has moved on, so nothing was changed.")
        role = self._acting_role(lg, actor, lg.state)
        state, step = self._apply_token(lg, lg.state, role, actor, token)
        return await self._commit(lg, actor, state, [step])

    def _apply_token(self, lg: Loaded, state: dict, role: str, actor: Actor,
                     tok: str) -> tuple[dict, NewStep]:
        g = lg.module
        waiting = g.view(state, None)["active"]
        if role not in waiting:  # a side the game is not waiting for: only what it offers
            offered = games.tokens(g, g.view(state, role))
            if tok.strip().lower() not in offered:
                head = (f"It is not your turn: waiting for "
                        f"{', '.join(self._who(lg, r) for r in waiting)}.")
                try:  # the game's own reason, where it has one (Maharaja: who may submit)
                    g.act(state, role, *games.step_for_token(g, state, role, tok))
                    why = ""
                except IllegalAction as e:
                    why = str(e)
                if why.startswith("It is not your turn"):  # said already, and no better
                    why = ""
                if "Possible:" not in why:
                    why = " ".join(x for x in (why, possible(offered)) if x)
                raise Refusal(f"{head} {why}")
        try:
            action, arg = games.step_for_token(g, state, role, tok)
            state = g.act(state, role, action, arg)
        except IllegalAction as e:
            raise Refusal(str(e)) from None
        return state, NewStep(role=role, user_id=actor.user_id, action=action, arg=arg)

    async def _commit(self, lg: Loaded, actor: Actor, state: dict, steps: list[NewStep],
                      note: str = "") -> Reply:
        new = await self._store(lg, steps, state)
        if new.in_move:
            # A step inside a move: only the mover sees it (with what it did, dice
            # included) until the move is complete; the board on request (/board).
            done = new.current_view()["log"][len(lg.current_view()["log"]):]
            return self._panel_reply(new, actor, note="\n".join(x for x in (
                " ".join(done), note) if x))
        # The whole move, however many lines or clicks it took: everything since the
        # position the others last saw.
        lines = new.public_view()["log"][len(lg.public_view()["log"]):]
        new, bot_lines = await self._run_bots(new)
        reply = await self._public_update(new, "\n".join([
            _said_by(f"**{escape(actor.name)}**", lines), *bot_lines]))
        reply.private = note or None
        reply.move_done = True
        return reply

    async def _store(self, lg: Loaded, steps: list[NewStep], state: dict) -> Loaded:
        """Write the steps; return the game as they leave it, without reading it back.
        The write was version-checked, so nothing (seats included) changed since ``lg`` was
        read, and any later write is again checked against the version known here.

        The new state is public when a move was completed, the decision passed to another
        role or the game ended; otherwise the others keep seeing ``lg.public``."""
        g = lg.module
        res = g.result(state)
        after = g.view(state, None)
        before = lg.current_view()
        # Steps a side takes when the game is not waiting for it (a gift, 1.5.2) make it
        # the one asked until they end: private until then, like a move under way.
        offstage = bool(steps) and steps[0].role not in before["active"] and \
            after["active"] == [steps[0].role]
        shown = res is not None or (_shown(before, after) and not offstage)
        public_json = None if shown else (lg.game.public_state or lg.game.state)
        now = utcnow()
        version = await self.repo.append_steps(
            lg.game, steps, state,
            status="finished" if res is not None else None,
            result=res,
            now=now,
            public_state=public_json,
        )
        game = lg.game  # an unattached copy of the row, read for this call: bring it up to date
        game.version, game.updated_at, game.state = version, now, json.dumps(state)
        if version % CHECKPOINT_EVERY == 0:
            await self.repo.save_checkpoint(game.id, version, game.state)
        game.public_state = public_json
        if res is not None:
            game.status, game.result = "finished", json.dumps(res)
        return lg.moved_to(game, state, after, shown=shown)

    async def _run_bots(self, lg: Loaded) -> tuple[Loaded, list[str]]:
        """Let computer seats play while one of them is to move. Only while a person sits
        at the table: computers alone would play each other without end."""
        g = lg.module
        lines: list[str] = []
        while lg.game.status == "active" and lg.humans():
            view = lg.current_view()
            bots = [r for r in view["active"] if (s := lg.seat_for(r)) and s.is_bot]
            if not bots:
                break
            role = bots[0]
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            # Search is CPU-bound: in a worker process, so the event loop stays free to
            # acknowledge interactions (a thread would hold the loop's GIL).
            steps = await workers.bot_steps(lg.game.game, lg.state, role)
            state = lg.state
            for action, arg in steps:
                state = g.act(state, role, action, arg)
            try:
                lg = await self._store(lg, [NewStep(role, None, a, arg) for a, arg in steps],
                                       state)
            except VersionConflict:
                # another request made this computer move first; take theirs
                lg = await self._loaded(await self.repo.get_game(lg.game.id))
            else:
                said = lg.public_view()["log"][len(view["log"]):]
                if said:  # a step that changes nothing others see is not worth a line
                    lines.append(_said_by(f"**{COMPUTER}**", said))
        return lg, lines

    async def _public_update(self, lg: Loaded, text: str) -> Reply:
        """The public post after a completed move: image, log, who is next."""
        view = lg.public_view()
        reply = Reply(public=text, **await self._board_image(lg), game_id=lg.game.id,
                      version=lg.game.version)
        if lg.game.status == "finished":
            reply.public += "\n" + self._result_line(lg, already_said=text)
            reply.pings = self._pings(lg, [s.role for s in lg.seats if s.role])
            reply.ping_note = "thanks for playing!"
        else:
            reply.pings = self._pings(lg, view["active"], view)
            reply.awaiting = bool(view["active"])
            # A Discord timestamp: every reader sees it in their own time zone.
            since = int(lg.game.updated_at.timestamp())  # stored and read as aware UTC
            reply.ping_note = f"your move (waiting since <t:{since}:R>)."
        return reply

    async def _board_image(self, lg: Loaded, *, mine: bool = False,
                           focus: str | None = None, mover: str | None = None) -> dict:
        """The board everyone sees, or (``mine``) the mover's own position mid-move, as
        Reply fields: the PNG and its alt text. ``mover``: the role whose own view (with
        its legal steps, e.g. the cells a tile may go on) the picture may preview; only
        ever for that role's player."""
        view = self._shown_view(lg, mine=mine)
        if mine and mover is not None:
            view = {**view, "actions": lg.module.view(lg.state, mover)["actions"]}
        players = {s.role: s.name for s in lg.seats if s.role}
        draw = partial(renderer.render, lg.game.game, view, players=players, focus=focus)
        png = await asyncio.get_running_loop().run_in_executor(RENDER_THREADS, draw)
        return {"image": png, "image_alt": renderer.alt_text(lg.game.game, view, players)}

    @staticmethod
    def _shown_view(lg: Loaded, *, mine: bool = False) -> dict:
        """The view a picture or its words show: the mover's own position mid-move, else the
        public one. A game that is over shows how it ended, never whose turn it was: the
        rules' result, a resignation (its points are the board's, not the result's 1 and
        0) or an abort."""
        view = lg.current_view() if mine else lg.public_view()
        if lg.game.status == "finished" and lg.game.result:
            result = json.loads(lg.game.result)
            if "resigned" in result or result.get("reason", "").endswith(" resigned."):
                result = {k: v for k, v in result.items() if k != "scores"} | {
                    "resigned": result.get("resigned", "")}
            return {**view, "active": [], "result": result}
        if lg.game.status == "aborted":
            return {**view, "active": [], "result": {
                "winners": [], "abandoned": True, "reason": "The game was aborted."}}
        return view

    def _board_text(self, lg: Loaded, *, mine: bool = False) -> str:
        view = self._shown_view(lg, mine=mine)
        players = {s.role: escape(s.name) for s in lg.seats if s.role}
        return renderer.describe(lg.game.game, view, players)

    # --- the panel ------------------------------------------------------------------

    async def _moved_on(self, place: Place, actor: Actor, note: str) -> Reply:
        """A lost race, told with the position as it is now: the last move and a fresh
        panel when it is the caller's turn, else whom the game waits for."""
        try:
            lg = await self._load(place)
            log = lg.public_view()["log"] if lg.state else []
            if log:
                note += f"\nLast: {log[-1]}"
            reply = self._panel_reply(lg, actor, note=note)
        except Refusal as e:
            return Reply(private=clip(f"{note}\n{e}"), error=True)
        reply.error = True
        return reply

    @_refusals
    async def panel(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        self._acting_role(lg, actor, lg.state)
        return self._panel_reply(lg, actor, note="")

    def _panel_reply(self, lg: Loaded, actor: Actor, note: str) -> Reply:
        g = lg.module
        role = self._acting_role(lg, actor, lg.state)
        view = g.view(lg.state, role)
        choices = [Choice(g.token(a, arg), g.describe(a, arg))
                   for a, arg in games.legal_steps(g, view)]
        hand_text = getattr(g, "hand_text", None)
        hand = hand_text(view) if hand_text else ""
        text = "\n".join(x for x in (note, view["prompt"], hand) if x)
        return Reply(private=text, prompt=view["prompt"], choices=choices,
                     game_id=lg.game.id, version=lg.game.version, hand=bool(hand_text))

    @_refusals
    async def hand(self, place: Place, actor: Actor) -> Reply:
        """The caller's hidden cards, in words and as a picture, for them alone."""
        lg = await self._load(place)
        g = lg.module
        hand_text = getattr(g, "hand_text", None)
        if hand_text is None:
            raise Refusal(f"{g.NAME} has no hidden hands: everything is on the board "
                          "(`/board`).")
        mine = lg.roles_of(actor)
        if not mine:
            raise Refusal("You are not seated in this game: a hand is shown only to its "
                          "player.")
        if lg.game.status != "active":
            raise Refusal("The cards are dealt when the game starts.")
        role = mine[0]
        # The mover sees their hand as their move leaves it; anyone else, as it stands.
        state = lg.state if role in lg.current_view()["active"] else lg.public
        view = g.view(state, role)
        draw = partial(renderer.hand, lg.game.game, view,
                       {s.role: s.name for s in lg.seats if s.role})
        png = await asyncio.get_running_loop().run_in_executor(RENDER_THREADS, draw)
        text = hand_text(view)
        return Reply(private=f"{g.ROLE_NAMES[role]} — {text}", image=png,
                     image_name="hand.png", image_alt=text, image_private=True)

    async def autocomplete(self, place: Place, actor: Actor, text: str) -> list[tuple[str, str]]:
        """Legal continuations of a partly typed line, as (shown name, value) pairs, each
        within Discord's 100 characters (a long line's head is kept in ``self.drafts``).
        A refusal becomes a single entry that explains it, keeping what was typed."""
        text = (text or "")[:MAX_LINE]
        try:
            return await self._continuations(place, actor, text)
        except Refusal as e:
            return [(clip(str(e), CHOICE_MAX), text.strip()[:CHOICE_MAX] or "?")]

    async def _continuations(self, place: Place, actor: Actor, text: str) -> list[tuple[str, str]]:
        # Never the computer's search: autocomplete must answer at once (it cannot be
        # deferred), and while the computer thinks it says so ("waiting for Computer").
        lg = await self._load(place, run_bots=False)
        g = lg.module
        full = self._expand(lg, actor, text)
        words = full.lower().split()
        partial = "" if (not full or full[-1].isspace()) else words.pop()
        state = lg.state
        mark = games.reveal_mark(g, state)
        for i, tok in enumerate(words):
            role = self._acting_role(lg, actor, state)
            state, _ = self._apply_token(lg, state, role, actor, tok)
            if games.reveal_mark(g, state) != mark:
                # Nothing past a roll or a reveal: what follows would show the outcome.
                return [self._choice(lg, actor, words[:i + 1],
                                     "rolls dice or reveals a card: send this much first")]
        try:
            role = self._acting_role(lg, actor, state)
        except Refusal:
            if not words:
                raise
            return [self._choice(lg, actor, words, "complete move")]
        out = []
        for action, arg in games.legal_steps(g, g.view(state, role)):
            tok = g.token(action, arg)
            if tok.startswith(partial):
                out.append(self._choice(lg, actor, [*words, tok], g.describe(action, arg)))
                if len(out) == MAX_CHOICES:
                    break
        if not out:
            return [(clip(f"`{partial}` is not a legal step here", CHOICE_MAX),
                     self.drafts.shorten(actor.user_id, lg.game.id, words) or partial[:100])]
        return out

    def _choice(self, lg: Loaded, actor: Actor, words: list[str], about: str) -> tuple[str, str]:
        """One autocomplete entry: the line's end and what the last step does, shown; the
        whole line, or a reference to its head plus its end, as the value."""
        value = self.drafts.shorten(actor.user_id, lg.game.id, words)
        line = " ".join(words)
        shown = f"{line}   ({about})"
        if len(shown) > CHOICE_MAX:
            shown = "…" + shown[len(shown) - CHOICE_MAX + 1:]
        return shown, value

    def _expand(self, lg: Loaded, actor: Actor, line: str) -> str:
        try:
            return self.drafts.expand(actor.user_id, lg.game.id, line)
        except UnknownDraft:
            raise Refusal("I no longer have the start of that shortened line (the bot "
                          "restarted since it was suggested): please type the move again."
                          ) from None

    # --- undo, resign, abort -----------------------------------------------------------

    @_refusals
    async def undo(self, place: Place, actor: Actor, game_id: int | None = None) -> Reply:
        """Take back the caller's last step while their move is under way, else their last
        completed move (and the computer's reply to it) while nobody else has moved.
        ``game_id``: the game a button was made for; a button from an older game is refused."""
        lg = await self._load(place)
        if game_id is not None and game_id != lg.game.id:
            raise Refusal("That Undo button belongs to a game that has ended.")
        if lg.game.status != "active":
            raise Refusal("Only a game in progress can be undone.")
        if not lg.roles_of(actor):
            raise Refusal("You are not seated in this game.")
        return await self._undo(lg, actor, agreed=False)

    def _voters(self, lg: Loaded, requester: str) -> set[str]:
        return {s.user_id for s in lg.seats if s.user_id and s.user_id != requester}

    async def _undo(self, lg: Loaded, actor: Actor, *, agreed: bool) -> Reply:
        g = lg.module
        steps = await self.repo.step_log(lg.game.id)
        n = len(steps)
        if lg.in_move:
            # A move under way, which nobody else has seen: one step back.
            if not steps or steps[-1].user_id != actor.user_id:
                raise Refusal(f"{self._named(lg, steps[-1].user_id if steps else None)} "
                              "is in the middle of a move.")
            j = k = n - 1
        else:
            j = n - 1
            while j >= 0 and steps[j].user_id is None:  # the computer's reply goes too
                j -= 1
            if j < 0:
                raise Refusal("There is nothing of yours to undo.")
            if steps[j].user_id != actor.user_id:
                raise Refusal(f"{self._named(lg, steps[j].user_id)} has moved since "
                              "your last move, so it can no longer be taken back.")
        # Only the last few states matter: replayed from a checkpoint, and further back
        # only when the move turns out to be longer.
        states = await self._states_from(lg, steps, max(0, j - 1))
        view_at = cache(lambda i: g.view(states[i], None))
        if not lg.in_move:
            # Back to the start of the move that step belongs to.
            k = j
            while k > 0 and steps[k - 1].user_id == actor.user_id:
                if k - 1 not in states:
                    states |= await self._states_from(lg, steps, k - 1, until=min(states))
                if view_at(k - 1)["move"] != view_at(j)["move"]:
                    break
                k -= 1
        # Dice or a revealed card make a move final; a game may name what it reveals.
        start = games.reveal_mark(g, states[k])
        crossed = any(games.reveal_mark(g, states[i]) != start for i in range(k, n + 1))
        voters = self._voters(lg, actor.user_id)
        if crossed and not voters:
            raise Refusal(self._no_consent(lg, one_step=lg.in_move))
        if crossed and not agreed:
            return await self._ask_undo(lg, actor, voters)
        target, then = states[k], []
        if crossed:
            # The players agreed to take back an outcome they saw: what was hidden comes
            # out differently now, drawn from generator outputs nobody has seen.
            then = [NewStep(steps[k].role, None, games.REDEAL, games.redeal_arg(states[n]))]
            target = games.apply_step(g, target, then[0].role, games.REDEAL, then[0].arg)
        # While a move is under way the others keep seeing its start, unless the undo goes
        # back to exactly there.
        one_step = lg.in_move
        public = lg.game.public_state if one_step and not _shown(
            view_at(k - 1) if k else None, view_at(k)) else None
        await self.repo.undo_steps(lg.game, [s.seq for s in steps[k:]], target, public, then)
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        redealt = f"\n{REDEALT}" if crossed else ""
        if one_step:
            step = steps[k]
            taken = f"{g.describe(step.action, step_arg(step))}."
            if not crossed:
                return self._panel_reply(lg, actor, note=f"↩ Step taken back: {taken}")
            # The others agreed (they were asked in public), so they are told in public;
            # the mover's panel opens from the post's button, never in a voter's reply.
            reply = await self._public_update(
                lg, f"↩ **{escape(actor.name)}** takes back a step of their move: "
                f"{taken}{redealt}")
            return reply
        text = f"↩ **{escape(actor.name)}** takes back their move"
        mine = " ".join(view_at(j + 1)["log"][len(view_at(k)["log"]):])
        text += f": {mine}" if mine else "."
        if j < n - 1:
            theirs = " ".join(view_at(n)["log"][len(view_at(j + 1)["log"]):])
            if theirs:
                text += f"\nThe computer's reply is taken back too: {theirs}"
        reply = await self._public_update(lg, text + redealt)
        reply.move_done = True
        return reply

    def _no_consent(self, lg: Loaded, *, one_step: bool) -> str:
        """Why an undo past a reveal is refused when no other person sits at the table:
        nobody can agree to it, and the player has seen what the dice or cards did."""
        what = "That step" if one_step else "Your move"
        others = "the computer plays every other side" if any(
            s.is_bot for s in lg.seats) else "nobody else sits at this table"
        return (f"{what} rolled dice or revealed something hidden, and {others}, so no one "
                "can agree to take it back: it stands. (Steps before a roll or a reveal can "
                "always be taken back.)")

    async def _ask_undo(self, lg: Loaded, actor: Actor, voters: set[str]) -> Reply:
        """Ask the other players, once: asking again while the request stands pings nobody."""
        request, made = await self.repo.ask_undo(lg.game, actor.user_id)
        if not made:
            if request.refused_by:
                raise Refusal(f"{self._named(lg, request.refused_by)} refused to take "
                              "back this move; it stands.")
            waiting = voters - set(json.loads(request.agreed))
            raise Refusal("Your request to take back this move is already waiting for "
                          + ", ".join(self._named(lg, u) for u in sorted(waiting)) + ".")
        names = ", ".join(self._named(lg, u) for u in sorted(voters))
        return Reply(
            public=f"↩ **{escape(actor.name)}** asks to take back their last move, although dice "
            f"were rolled or a card was revealed since. {names}: do you agree?",
            pings=[Ping(u, self._name_of(lg, u), "vote") for u in sorted(voters)],
            ping_note="agree or refuse with the buttons below.",
            consent=Consent(request.id),
            game_id=lg.game.id, version=lg.game.version,
        )

    @_refusals
    async def undo_vote(self, place: Place, actor: Actor, request_id: int, yes: bool) -> Reply:
        """One player's answer to an undo request (a button under the request). The button
        carries only the request's id: who asked and who agreed are read from the database."""
        lg = await self._load(place)
        for _attempt in range(3):
            request = await self.repo.undo_request(request_id)
            if request is None or request.game_id != lg.game.id:
                raise Refusal("That request belongs to a game that has ended.")
            if request.version != lg.game.version:
                raise Refusal("The game has moved on since this request, so it has lapsed.")
            asker = self._named(lg, request.requester)
            if request.refused_by:
                raise Refusal(f"{self._named(lg, request.refused_by)} already refused, "
                              f"so {asker}'s move stands.")
            voters = self._voters(lg, request.requester)
            if actor.user_id not in voters:
                raise Refusal("Only the other players decide on this undo.")
            if not yes:
                if await self.repo.answer_undo(request, refused_by=actor.user_id):
                    return Reply(private=f"{escape(actor.name)} refuses, so {asker}'s move stands.")
                continue
            agreed = set(json.loads(request.agreed)) | {actor.user_id}
            if agreed >= voters:
                reply = await self._undo(lg, Actor(request.requester,
                                                   self._name_of(lg, request.requester)),
                                         agreed=True)
                reply.private = "Everyone agreed: the move is taken back."
                return reply
            if await self.repo.answer_undo(request, agreed=agreed):
                names = ", ".join(self._named(lg, u) for u in sorted(agreed))
                return Reply(
                    private=f"↩ {asker} asks to take back their last move. Agreed so far: "
                    f"{names} ({len(agreed)} of {len(voters)}).",
                    consent=Consent(request.id),
                    game_id=lg.game.id, version=lg.game.version,
                )
        raise Refusal("Others were answering at the same moment: please try again.")

    async def _states_from(self, lg: Loaded, steps: list[LogStep], index: int,
                           until: int | None = None) -> dict[int, dict]:
        """{i: the state before steps[i]} for every i from ``index`` to ``until`` (default
        len(steps): the state after them all), replayed from the latest checkpoint at or
        before ``index`` (from setup without one): undo costs a few steps at any length."""
        g = lg.module
        saved = await self.repo.checkpoint_before(lg.game.id, steps, index)
        start, state = saved or (0, g.setup(lg.game.seed, games.setup_options(
            g, json.loads(lg.game.options), lg.state)))
        out = {start: state}
        for i in range(start, len(steps) if until is None else until):
            st = steps[i]
            state = games.apply_step(g, state, st.role, st.action, step_arg(st))
            out[i + 1] = state
        return out

    @_refusals
    async def resign(self, place: Place, actor: Actor, *, confirm: bool = False,
                     game_id: int | None = None, asked: str | None = None) -> Reply:
        """Concede. Without ``confirm`` only asks (a slip of the finger costs nothing); the
        answer comes back with ``confirm=True`` and the ``game_id`` the question was about,
        so an answer to a question about an earlier game changes nothing; ``asked``: whom
        the question was put to (only their answer counts)."""
        self._check_asked(actor, asked)
        try:
            lg = await self._load(place)
        except Refusal:
            latest = await self.repo.latest_game(place.channel_id)
            if game_id is None or (latest is not None and latest.id == game_id):
                raise  # this very game is over, or there is none: say so
            raise Refusal(self._stale(game_id)) from None
        if game_id is not None and lg.game.id != game_id:
            raise Refusal(self._stale(game_id))
        if lg.game.status != "active":
            raise Refusal("The game has not started: use `/game leave` instead.")
        g = lg.module
        mine = lg.roles_of(actor)
        if not mine:
            raise Refusal("You are not seated in this game.")
        takers, result = self._resignation_plan(lg, actor)
        then = self._resignation_said(lg, mine, takers, result)
        if not confirm:
            return Reply(private=f"Resign game #{lg.game.id} ({g.NAME})? {then}",
                         confirm=Confirmation("resign", lg.game.id, yes="Yes, resign",
                                              no="No, keep playing", asked=actor.user_id),
                         game_id=lg.game.id, version=lg.game.version)
        if result is None:
            for seat, taker in zip([lg.seat_for(r) for r in mine], takers, strict=True):
                lg.game.version = await self.repo.reassign_seat(
                    lg.game, seat.id, user_id=taker.user_id if taker else None,
                    name=taker.name if taker else COMPUTER, is_bot=taker is None)
            lg = await self._loaded(await self.repo.get_game(lg.game.id))
            lg, bot_lines = await self._run_bots(lg)
            text = f"🏳 **{escape(actor.name)}** resigns. {then}"
            return await self._public_update(lg, "\n".join([text, *bot_lines]))
        # The name stays raw in the database; _result_line escapes it when it is shown.
        await self.repo.set_status(lg.game, "finished", result=result)
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        return await self._public_update(lg, f"🏳 **{escape(actor.name)}** resigns.")

    def _resignation_plan(self, lg: Loaded, actor: Actor) -> tuple[list[Seat | None], dict | None]:
        """What a resignation does. In a game of three or more sides where another person
        still plays, the computer takes over each of the resigner's sides (a taker None)
        and the others play on; in a game without a computer player the other people share
        them in turn, if two or more are left. Returns the takers and None. Otherwise the
        game ends: returns [] and its result (the other sides win; nobody, when the
        resigner held them all)."""
        g = lg.module
        in_play = games.sides(g, json.loads(lg.game.options))
        mine = lg.roles_of(actor)
        others = list({s.user_id: s for s in lg.humans() if s.user_id != actor.user_id}.values())
        if hasattr(g, "bot_steps") and len(in_play) >= 3 and others:
            return [None] * len(mine), None
        if len(in_play) >= 3 and len(others) >= 2:
            # No computer to take over: the people still playing share the sides, as when
            # fewer people than sides sit down. One person alone would only play themself.
            return [others[i % len(others)] for i in range(len(mine))], None
        return [], resignation(in_play, mine, actor.name, actor.user_id)

    def _resignation_said(self, lg: Loaded, mine: list[str], takers: list[Seat | None],
                          result: dict | None) -> str:
        """What will happen, in the words the question and the post both use."""
        g = lg.module
        if result is None:
            parts = [f"{'the computer' if t is None else escape(t.name)} takes over "
                     f"{games.side_name(g, r)}" for r, t in zip(mine, takers, strict=True)]
            why = "" if all(t is None for t in takers) else f" ({g.NAME} has no computer player)"
            said = _and(parts)
            if takers[0] is None:
                said = _capital(said)
            return f"{said}{why}, and the others play on."
        if not result["winners"]:
            return "The game ends with no winner."
        return f"The game ends: {self._winners(lg, result['winners'])}."

    @staticmethod
    def _check_asked(actor: Actor, asked: str | None) -> None:
        if asked is not None and asked != actor.user_id:
            raise Refusal("That question was put to another player: only they can answer "
                          "it. Nothing was changed.")

    @_refusals
    async def decline(self, place: Place, actor: Actor, *, game_id: int,
                      asked: str | None = None) -> Reply:
        """"No" to a question (``/resign``): nothing happens, and it is said only to the
        one who was asked, a seated player of that game."""
        self._check_asked(actor, asked)
        game = await self.repo.get_game(game_id)
        if game is None or game.channel_id != place.channel_id:
            raise Refusal(self._stale(game_id))
        if not any(s.user_id == actor.user_id for s in await self.repo.seats(game.id)):
            raise Refusal("You are not seated in that game: the question was not yours.")
        return Reply(private="Carry on! Nothing was changed.")

    @staticmethod
    def _stale(game_id: int) -> str:
        return (f"That question was about game #{game_id}, which is no longer this channel's "
                "game, so nothing was changed.")

    @_refusals
    async def abort(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        self._check_steward(lg, actor, "abort it")
        await self.repo.set_status(lg.game, "aborted")
        text = f"Game #{lg.game.id} ({lg.module.NAME}) was aborted by {escape(actor.name)}."
        if lg.state is None:  # still seating: no board to show
            return Reply(public=text)
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        # The last picture says the game was abandoned, not whose turn it was.
        return Reply(public=text, **await self._board_image(lg))

    # --- looking -----------------------------------------------------------------------

    @_refusals
    async def status(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        g = lg.module
        lines = [f"**{g.NAME}** — game #{lg.game.id}, {lg.game.status}.", self._seating(lg),
                 "Options: " + options_in_force(g.OPTIONS, json.loads(lg.game.options))
                 + (" (the number of players is settled at the start)"
                    if lg.game.status == "setup" and games.count_left_open(
                        g, json.loads(lg.game.options)) else "") + "."]
        if lg.game.status == "active":
            view = lg.public_view()
            lines.append(f"Moves played: {view['move']}. Waiting for: "
                         + ", ".join(self._who(lg, r) for r in view["active"]) + ".")
            row = await self.repo.reminder(lg.game.id) or self.reminders.row(lg.game.id)
            lines.append(describe(row.mode, row.idle_minutes))
        return Reply(private="\n".join(lines))

    @_refusals
    async def log(self, place: Place, actor: Actor, lines: int = LOG_TAIL) -> Reply:
        game = await self.repo.latest_game(place.channel_id)
        if game is None or game.state is None:
            raise Refusal("There is no game log in this channel yet.")
        lg = await self._loaded(game)
        log = lg.public_view()["log"]
        lines = max(1, min(int(lines), 100))
        shown = log[-lines:]
        head = f"**{lg.module.NAME}** — game #{game.id}, last {len(shown)} of {len(log)} lines:"
        first = len(log) - len(shown) + 1
        numbered = [f"`{first + i:>3}` {t}" for i, t in enumerate(shown)]
        # Keep the newest lines when the message would exceed Discord's limit.
        while len(head) + sum(len(x) + 1 for x in numbered) > 2000 and len(numbered) > 1:
            numbered.pop(0)
        return Reply(private=clip("\n".join([head, *numbered])))

    @_refusals
    async def board(self, place: Place, actor: Actor, *, public: bool = False,
                    words: bool = False, side: str | None = None) -> Reply:
        """The board as an image, or (``words``) as text: every space's pieces and control,
        every faction's resources and points, for those who cannot see the image well.
        ``side``: whose part of the board a picture shows where it cannot show everyone's
        (a Rajas province); by default the side to act."""
        game = await self.repo.latest_game(place.channel_id)
        if game is None or game.state is None:
            raise Refusal("There is no game on the table in this channel.")
        lg = await self._loaded(game)
        if side:
            side = self._check_role(lg.module, side, json.loads(lg.game.options))
            if not renderer.focuses(lg.game.game):
                raise Refusal(f"{lg.module.NAME}'s picture already shows every side.")
            text = f"{_possessive(_capital(games.side_name(lg.module, side)))} part of the board."
            image = await self._board_image(lg, focus=side)
            return Reply(public=text, **image) if public else Reply(
                private=text, **image, image_private=True)
        view = lg.public_view()
        last = view["log"][-1] if view["log"] else lg.module.NAME
        if lg.game.status in ("finished", "aborted"):
            last = self._result_line(lg) or f"Game #{lg.game.id} was aborted."
        mine = lg.in_move and lg.game.status == "active" and \
            bool(set(lg.roles_of(actor)) & set(lg.current_view()["active"])) and not public
        if words:
            said = self._board_text(lg, mine=mine)
            if mine:
                said = "Your move so far (the others see the position before it):\n" + said
            return Reply(public=clip(said)) if public else Reply(private=clip(said))
        if public:
            return Reply(public=last, **await self._board_image(lg))
        if mine:
            # The mover's own position so far; everyone else still sees the move's start.
            done = " ".join(lg.current_view()["log"][len(view["log"]):])
            prompt = self._panel_reply(lg, actor, note="").prompt
            return Reply(private="\n".join(x for x in (
                "Your move so far (the others see the position before it):", done, prompt)
                if x), **await self._board_image(
                    lg, mine=True, mover=self._acting_role(lg, actor, lg.state)),
                image_private=True)
        return Reply(private=last, **await self._board_image(lg), image_private=True)

    async def _report(self, place: Place, name: str, missing: str) -> Reply:
        """A game's own text about the channel's game (``card_report``, ``score_report``)."""
        game = await self.repo.latest_game(place.channel_id)
        if game is None or game.state is None:
            raise Refusal("There is no game on the table in this channel.")
        lg = await self._loaded(game)
        report = getattr(lg.module, name, None)
        if report is None:
            raise Refusal(f"{lg.module.NAME} {missing}.")
        # The position everyone sees: a move under way stays its mover's until complete.
        return Reply(private=clip(report(lg.public)))

    @_refusals
    async def card(self, place: Place, actor: Actor) -> Reply:
        return await self._report(place, "card_report", "has no cards")

    @_refusals
    async def score(self, place: Place, actor: Actor) -> Reply:
        return await self._report(place, "score_report", "keeps no running score")

    @staticmethod
    def rules(game_id: str | None = None, topic: str | None = None) -> Reply:
        if game_id:
            if game_id not in games.ids():
                return Reply(private=f"I don't know {echo(game_id)}. "
                             f"Games: {', '.join(games.ids())}.", error=True)
            g = games.get(game_id)
            topics = getattr(g, "RULES_TOPICS", {})
            if topic:
                key = topic.strip().lower()
                if key not in topics:
                    listed = ", ".join(f"`{t}`" for t in topics) or "none"
                    return Reply(private=f"No topic {echo(key)} for {g.NAME}. Topics: {listed}.",
                                 error=True)
                return Reply(private=clip(topics[key]))
            more = ("\nTopics: " + ", ".join(f"`{t}`" for t in topics)) if topics else ""
            return Reply(private=clip(f"{g.RULES_SUMMARY}\n{describe_options(g.OPTIONS)}{more}"))
        lines = ["**Games on this table:**"]
        for gid in playable_ids():
            g = games.get(gid)
            lo, hi = g.PLAYERS
            players = f"{lo}" if lo == hi else f"{lo}–{hi}"
            lines.append(f"- `{gid}` — {g.NAME}, {players} players")
        return Reply(private="\n".join(lines))

    async def rules_here(self, place: Place, game_id: str | None = None,
                         topic: str | None = None) -> Reply:
        """``rules`` of the game named, or else of the channel's game (the latest, so a
        finished one still counts): both faces answer ``/rules topic:`` the same way."""
        if not game_id:
            game = await self.repo.latest_game(place.channel_id)
            if game is None:
                return Reply(private="No game here yet: name one, e.g. "
                             "`/rules game:vijayanagara topic:attack`.", error=True)
            game_id = game.game
        return self.rules(game_id, topic)

    # --- stewardship: reminders and seats changing hands --------------------------------

    def _check_steward(self, lg: Loaded, actor: Actor, what: str) -> None:
        if actor.user_id != lg.game.created_by and not actor.is_admin:
            raise Refusal(f"Only the player who created this game, or a member who can manage "
                          f"this channel, can {what}.")

    @_refusals
    async def remind(self, place: Place, actor: Actor, mode: str | None = None,
                     hours: float | None = None) -> Reply:
        """Show or change how this game nudges whoever it waits for."""
        lg = await self._load(place)
        row = await self.repo.reminder(lg.game.id) or self.reminders.row(lg.game.id)
        if mode is None and hours is None:
            return Reply(private=describe(row.mode, row.idle_minutes))
        if not (lg.roles_of(actor) or actor.user_id == lg.game.created_by or actor.is_admin):
            raise Refusal("Only the players, the game's creator or a moderator can change "
                          "its reminders.")
        mode = (mode or row.mode).strip().lower()
        if mode not in MODES:
            raise Refusal(f"Reminders can be {', '.join(f'`{m}`' for m in MODES)}.")
        minutes = row.idle_minutes
        if hours is not None:
            if not 1 <= hours <= MAX_IDLE_HOURS:
                raise Refusal(f"Choose between 1 and {MAX_IDLE_HOURS} hours.")
            minutes = round(hours * 60)
        await self.repo.set_reminder(lg.game.id, mode, minutes)
        return Reply(public=f"{escape(actor.name)} changes game #{lg.game.id}'s reminders. "
                     + describe(mode, minutes))

    @_refusals
    async def reassign(self, place: Place, actor: Actor, role: str | None,
                       to: Actor | None) -> Reply:
        """Hand a side to another person, or to the computer (``to`` is None)."""
        lg = await self._load(place)
        g = lg.module
        self._check_steward(lg, actor, "hand a seat to someone else")
        if lg.game.status != "active":
            raise Refusal("Seats change hands once the game is under way; before that, "
                          "players `/game leave` and `/game join`.")
        options = json.loads(lg.game.options)
        role = self._check_role(g, role, options)
        if role is None:
            raise Refusal(f"Name the side to hand over: {', '.join(games.sides(g, options))}.")
        seat = lg.seat_for(role)
        side = games.side_name(g, role)
        if to is None:
            if not hasattr(g, "bot_steps"):
                raise Refusal(f"{g.NAME} has no computer player, so a person must play {side}.")
            if seat.is_bot:
                raise Refusal(f"The computer already plays {side}.")
            if not any(s.user_id and s.id != seat.id for s in lg.humans()):
                raise Refusal(f"{_capital(side)} is the last side a person plays, and the "
                              "computer cannot play alone. Hand it to another member, or "
                              "`/game abort`.")
            user_id, name, is_bot = None, COMPUTER, True
        else:
            if seat.user_id == to.user_id:
                raise Refusal(f"{escape(to.name)} already plays {side}.")
            if getattr(g, "ONE_SIDE_EACH", False):
                self._check_one_side_each(lg, seat, to)
            user_id, name, is_bot = to.user_id, to.name[:100], False
        await self.repo.reassign_seat(lg.game, seat.id, user_id=user_id, name=name,
                                      is_bot=is_bot)
        lg = await self._loaded(await self.repo.get_game(lg.game.id))
        lg, bot_lines = await self._run_bots(lg)
        text = (f"🔁 {escape(actor.name)} hands {side} from {escape(seat.name)} "
                f"to **{escape(name)}**.")
        return await self._public_update(lg, "\n".join([text, *bot_lines]))

    @staticmethod
    def _check_one_side_each(lg: Loaded, seat: Seat, to: Actor) -> None:
        """In a game of hidden hands, a person who holds or has held a side (and so has
        seen its hand) may never hold another: they would know two hands."""
        g = lg.module
        other = next((s for s in lg.seats if s.id != seat.id and to.user_id in s.holders()),
                     None)
        if other is None:
            return
        now = "plays" if other.user_id == to.user_id else "has played"
        raise Refusal(f"{escape(to.name)} {now} {games.side_name(g, other.role)} in this "
                      f"game. In {g.NAME} each side keeps a hidden hand, so nobody who has "
                      f"seen one may take another side: hand {games.side_name(g, seat.role)} "
                      "to someone who has not played in this game, or to the computer.")

    async def resume(self, place: Place) -> Reply | None:
        """After a restart: the computer moves that a crash left unmade, as a public post
        (None when the game was not waiting for the computer)."""
        game = await self.repo.live_game(place.channel_id)
        if game is None or game.status != "active":
            return None
        lg, lines = await self._run_bots(await self._loaded(game))
        if not lines:
            return None
        reply = await self._public_update(lg, "\n".join(lines))
        reply.move_done = True
        return reply

    # --- wording helpers ---------------------------------------------------------------

    def _who(self, lg: Loaded, role: str) -> str:
        seat = lg.seat_for(role)
        name = escape(seat.name) if seat else "nobody"
        return f"{name} ({lg.module.ROLE_NAMES[role]})"

    def _name_of(self, lg: Loaded, user_id: str | None) -> str:
        seat = next((s for s in lg.seats if s.user_id == user_id), None)
        return seat.name if seat else COMPUTER

    def _named(self, lg: Loaded, user_id: str | None) -> str:
        """``_name_of`` as it goes into a message."""
        return escape(self._name_of(lg, user_id))

    def _seating(self, lg: Loaded) -> str:
        g = lg.module
        parts = [f"{g.ROLE_NAMES[s.role]}: {escape(s.name)}" if s.role
                 else f"{escape(s.name)} (side not chosen)" for s in lg.seats]
        return "Seats — " + " · ".join(parts) if parts else "No one is seated."

    def _pings(self, lg: Loaded, roles: list[str], view: dict | None = None) -> list[Ping]:
        """Who is pinged, with the side they play; a game whose sides act for others (a
        Maharaja colour for one of its nations) names that too (``view["acting_for"]``)."""
        out: list[Ping] = []
        seen: set[str] = set()
        for role in roles:
            seat = lg.seat_for(role)
            if seat and seat.user_id and seat.user_id not in seen:
                seen.add(seat.user_id)
                out.append(Ping(seat.user_id, seat.name,
                                Ping.label(lg.module.ROLE_NAMES, view or {}, role)))
        return out

    def _result_line(self, lg: Loaded, already_said: str = "") -> str:
        res = json.loads(lg.game.result) if lg.game.result else None
        if res is None:
            return ""
        reason = res.get("reason", "")
        if "resigned" in res:  # the reason holds a raw display name
            reason = f"{self._named(lg, res['resigned'])} resigned."
        if reason and reason in already_said:
            reason = ""
        if not res["winners"]:
            end = "no one wins" if "resigned" in res else "a draw"
            return f"🏁 Game over — {end}. {reason}".strip()
        return f"🏆 Game over — {self._winners(lg, res['winners'])}. {reason}".strip()

    def _winners(self, lg: Loaded, winners: list[str]) -> str:
        """``Red (meera) wins``, ``Red (meera) and Blue (Computer) win``."""
        names = lg.module.ROLE_NAMES
        who = _and([f"{names[r]} ({escape((lg.seat_for(r) or Seat(position=0, name='?')).name)})"
                    for r in winners])
        return f"{who} {'wins' if len(winners) == 1 else 'win'}"


def _said_by(who: str, lines: list[str]) -> str:
    """A move as a post says it: ``**ravi**: what the log says``; never a name with nothing
    after it (a move whose steps add no log line is still a move)."""
    return f"{who}: {' '.join(lines)}" if lines else f"{who} moves."


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _possessive(name: str) -> str:
    """``Yellow's``, ``the Goats'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


MAX_OPTION = 100  # characters of one option's value: the longest real one is ~25


def parse_options(text: str) -> dict[str, str]:
    """``"goats=12 threefold_draw=off"`` → ``{"goats": "12", "threefold_draw": "off"}``: the
    words as typed, each name once. Each game's schema (engine/options.py) reads the
    values when the game is opened."""
    out: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(f"Options are written `name=value`; {echo(part)} is not.")
        key = key.lower()
        if key in out:
            raise ValueError(f"Option {echo(key)} is given twice: give each option once.")
        if len(value) > MAX_OPTION:
            raise ValueError(f"The value of option {echo(key)} is too long ({len(value)} "
                             "characters).")
        out[key] = value
    return out
