"""What every table command shares: reading the channel's game, writing steps in one
version-checked transaction, the computer's turn, and turning a refusal or a lost race
into a private reply (``refusals``). The commands themselves are in the modules named for
them (seating, moves, undo, endings, looking, stewardship), each a part of ``Table``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

import renderer
from bot import workers
from bot.drafts import Drafts
from bot.ratelimit import RateLimiter
from bot.reminders import Policy
from bot.replies import Actor, Place, Reply, clip, echo
from bot.table.loaded import Loaded, Refusal, shown
from bot.table.turns import panel_reply
from bot.table.wording import COMPUTER, result_line, said_by
from db import Game, NewStep, Repository, Seat, VersionConflict, id_of
from db.models import utcnow
from engine import games
from engine.contract import Game as Rules
from engine.contract import State

# Every this many writes of a game, its state is kept as a checkpoint (db Checkpoint) for
# undo to replay from: a few KB each time, and undo replays at most a few moves' steps.
CHECKPOINT_EVERY = 8


def playable_ids() -> list[str]:
    """Games a table can host: rules and a board image both exist (an engine may
    land before its renderer)."""
    return [g for g in games.ids() if g in renderer.ids()]


def check_role(g: Rules, role: str | None, options: dict) -> str | None:
    """A side a player named, read against the game (None: any side)."""
    if role in (None, "", "random", "any"):
        return None
    role = role.strip().lower()
    roles = g.ROLES if games.count_left_open(g, options) else games.sides(g, options)
    if role not in roles:
        raise Refusal(f"{echo(role)} is not a side in this game of {g.NAME}. Sides: "
                      f"{', '.join(roles)}.")
    return role


def check_steward(lg: Loaded, actor: Actor, what: str) -> None:
    """Only the game's creator or a moderator may ``what``."""
    if actor.user_id != lg.game.created_by and not actor.is_admin:
        raise Refusal(f"Only the player who created this game, or a member who can manage "
                      f"this channel, can {what}.")


class TableCore:
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
        result = result_line(await self._loaded(game))
        return " ".join(filter(None, [f"Game #{game.id} ({name}) here is over.", result, start]))

    async def _loaded(self, game: Game, seats: list[Seat] | None = None) -> Loaded:
        if seats is None:
            seats = await self.repo.seats(id_of(game))
        state = json.loads(game.state) if game.state else None
        public = json.loads(game.public_state) if game.public_state else None
        return Loaded(game, seats, games.get(game.game), state, public)

    async def _reloaded(self, lg: Loaded) -> Loaded:
        """The game read again after a write that changed more than its state."""
        game = await self.repo.get_game(id_of(lg.game))
        assert game is not None  # games are never deleted
        return await self._loaded(game)

    async def _store(self, lg: Loaded, steps: list[NewStep], state: State) -> Loaded:
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
        public = res is not None or (shown(before, after) and not offstage)
        public_json = None if public else (lg.game.public_state or lg.game.state)
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
            await self.repo.save_checkpoint(id_of(game), version, game.state)
        game.public_state = public_json
        if res is not None:
            game.status, game.result = "finished", json.dumps(res)
        return lg.moved_to(game, state, after, shown=public)

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
            state = lg.started()  # the game is under way
            steps = await workers.bot_steps(lg.game.game, state, role)
            for action, arg in steps:
                state = g.act(state, role, action, arg)
            try:
                lg = await self._store(lg, [NewStep(role, None, a, arg) for a, arg in steps],
                                       state)
            except VersionConflict:
                # another request made this computer move first; take theirs
                lg = await self._reloaded(lg)
            else:
                said = lg.public_view()["log"][len(view["log"]):]
                if said:  # a step that changes nothing others see is not worth a line
                    lines.append(said_by(f"**{COMPUTER}**", said))
        return lg, lines

    async def _moved_on(self, place: Place, actor: Actor, note: str) -> Reply:
        """A lost race, told with the position as it is now: the last move and a fresh
        panel when it is the caller's turn, else whom the game waits for."""
        try:
            lg = await self._load(place)
            log = lg.public_view()["log"] if lg.state else []
            if log:
                note += f"\nLast: {log[-1]}"
            reply = panel_reply(lg, actor, note=note)
        except Refusal as e:
            return Reply(private=clip(f"{note}\n{e}"), error=True)
        reply.error = True
        return reply


T = TypeVar("T", bound=TableCore)
P = ParamSpec("P")


def refusals(fn: Callable[Concatenate[T, P], Awaitable[Reply]]
             ) -> Callable[Concatenate[T, P], Awaitable[Reply]]:
    """Turn a Refusal or a lost race into a private error reply; and hold back a user who
    sends commands faster than the table's rate limit allows."""

    @wraps(fn)
    async def wrapper(self: T, /, *args: P.args, **kwargs: P.kwargs) -> Reply:
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
