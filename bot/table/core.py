"""What every table command shares: reading the channel's game, writing steps in one
version-checked transaction, the computer's turn, and turning a refusal or a lost race
into a private reply (``refusals``). The commands themselves are in the modules named for
them (seating, moves, undo, endings, looking, stewardship), each a part of ``Table``."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextvars import ContextVar
from datetime import datetime
from functools import lru_cache, partial, wraps
from typing import Concatenate, ParamSpec, TypeVar

import renderer
from bot import database_errors as database_errors  # counts the driver's errors
from bot import workers
from bot.drafts import Drafts
from bot.hours import Availability
from bot.logsetup import add_log_context
from bot.metrics import MOVES, STEPS
from bot.pace import Defaults, Pace
from bot.ratelimit import RateLimiter
from bot.reminders import Policy
from bot.replies import Actor, Ping, Place, Reply, clip, escape
from bot.table.conclusion import Ending, conclude, ending, rate, rating_keys
from bot.table.game_threads import after_post
from bot.table.loaded import Loaded, Refusal
from bot.table.loaded import check_role as check_role  # the commands import it here
from bot.table.positions import Positions
from bot.table.posts import public_update, told_from
from bot.table.since import earlier, earliest, shown_by, summary
from bot.table.turns import panel_reply
from bot.table.wording import COMPUTER, result_line, said_by, stored_pace, written_pace
from db import Game, NewStep, Player, Repository, Sched, Seat, Since, VersionConflict, id_of
from db.models import utcnow
from db.outage import unavailable
from db.repository import MoveReads
from engine import games, jsontext
from engine.contract import State
from engine.grammar import and_
from engine.replay import shown

# Every this many writes of a game, its state is kept as a checkpoint (db Checkpoint) for
# undo to replay from: a few KB each time, and undo replays at most a few moves' steps.
CHECKPOINT_EVERY = 8
log = logging.getLogger("darbar.table")

# When the database stops answering (a restart, a lock held by a backup), said to whoever
# acted. A move is one transaction, so either nothing of it was stored, or it all was and
# only what follows it (the computer's reply) waits: each call notes what it stored.
UNAVAILABLE = ("The game store is not answering just now (a database restart or a "
               "backup): try again in a moment. Nothing was changed.")
STORED_THEN_UNAVAILABLE = (
    "Your move is stored, but the game store stopped answering before everything after it "
    "was done (a database restart or a backup). The game goes on from your move once it "
    "answers again: open your panel (`/play`) in a moment.")
_stored: ContextVar[list[int] | None] = ContextVar("darbar_stored", default=None)


def outage_reply(error: BaseException) -> Reply:
    """What to tell someone whose table call met a database that does not answer."""
    log.warning("the database did not answer: %s", " ".join(str(error).split())[:200])
    text = STORED_THEN_UNAVAILABLE if _stored.get() else UNAVAILABLE
    return Reply(private=text, error=True, unavailable=True)


def playable_ids() -> list[str]:
    """Games a table can host: both rules and a board image exist (a renderer may lag)."""
    return [g for g in games.ids() if g in renderer.ids()]


ALL_DAY = Availability()  # the duty of someone who set no hours


def duty_of(player: Player | None) -> Availability:
    """A player's on-duty times (bot/hours.py), from their ``/me`` settings."""
    if player is None:
        return ALL_DAY
    return _duty(player.tz, player.hours_start, player.hours_end, player.away)


@lru_cache(maxsize=256)
def _duty(tz: str, start: int | None, end: int | None, away: str | None) -> Availability:
    # Made once per setting: every public move settles the clocks with the duty of
    # everyone seated (an Availability is never changed once made).
    hours = None if start is None or end is None else (start, end)
    spans = tuple((datetime.fromisoformat(a), datetime.fromisoformat(b))
                  for a, b in json.loads(away or "[]"))
    return Availability(tz, hours, spans)


def pace_of(game: Game) -> Pace:
    return stored_pace(game.pace) if game.pace else Pace.from_json(None)


def deserted(pace: Pace, seats: Iterable[Seat]) -> bool:
    """Whether everyone seated has run out of time since a person last acted."""
    people: dict[str, list[str]] = {}
    for s in seats:
        if s.user_id and not s.is_bot and s.role:
            people.setdefault(s.user_id, []).append(s.role)
    return pace.deserted(people)


class TableCore:
    def __init__(self, repo: Repository, *, bot_delay: float = 0.0,
                 limiter: RateLimiter | None = None, reminders: Policy | None = None,
                 max_open_games: int | None = None, defaults: Defaults | None = None,
                 now: Callable[[], datetime] = utcnow):
        self.repo = repo
        # The clock every write is stamped with; tests and the sandbox move it on.
        self.now = now
        # What a new game's pace and clean-up are unless its server or creator choose.
        self.defaults = defaults or Defaults()
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
        # The positions this process last wrote or read, parsed (bot/table/positions.py).
        self.positions = Positions()

    async def _load(self, place: Place, *, run_bots: bool = True,
                    followers: bool = False) -> Loaded:
        found = await self.repo.live_game_seats(place.channel_id, followers=followers)
        if found is None:
            raise Refusal(await self._no_live_game(place))
        lg = await self._loaded(found.game, found.seats, found.players)
        lg.followers = found.followers  # asked by a call that posts a move
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

    async def _loaded(self, game: Game, seats: list[Seat] | None = None,
                      players: dict[str, Player | None] | None = None) -> Loaded:
        # What the current call logs is about this game (bot/logsetup.py).
        add_log_context(game_id=game.id, guild_id=game.guild_id, channel_id=game.channel_id)
        if seats is None:
            seats = await self.repo.seats(id_of(game))
        game_id = id_of(game)
        state = self.positions.loads(game_id, game.state) if game.state else None
        public = self.positions.loads(game_id, game.public_state) if game.public_state \
            else None
        return Loaded(game, seats, games.get(game.game), state, public, players=players,
                      kept=self.positions)

    async def _reloaded(self, lg: Loaded) -> Loaded:
        """The game read again after a write that changed more than its state."""
        game = await self.repo.get_game(id_of(lg.game))
        assert game is not None  # games are never deleted
        return await self._loaded(game)

    async def _store(self, lg: Loaded, steps: list[NewStep], state: State, *,
                     mover: str | None = None) -> Loaded:
        """Write the steps; return the game as they leave it, without reading it back,
        with what its post reads (``Loaded.reads``: read with the write; ``mover``'s
        next game waiting on them too).
        The write was version-checked, so nothing (seats included) changed since ``lg`` was
        read, and any later write is again checked against the version known here.

        The new state is public when a move was completed, the decision passed to another
        role or the game ended; otherwise the others keep seeing ``lg.public``."""
        g = lg.module
        res = g.result(state)
        after = lg.spectator(state)
        before = lg.current_view()
        # Steps a side takes when the game is not waiting for it (a gift, 1.5.2) make it
        # the one asked until they end: private until then, like a move under way.
        offstage = bool(steps) and steps[0].role not in before["active"] and \
            after["active"] == [steps[0].role]
        public = res is not None or (shown(before, after) and not offstage)
        public_json = None if public else (lg.game.public_state or lg.game.state)
        now = self.now()
        status = lg.status_after(state, res)
        # Whom the game waits for changes only with a public position: only then do the
        # clocks and reminders change.
        sched = await self._schedule(lg, after, status=status, now=now, acted=any(
            s.user_id is not None for s in steps)) if public else None
        reads = MoveReads([p.user_id for p in Ping.of_roles(
            lg.seats, g.ROLE_NAMES, after, after["active"])] if status == "active" else (),
            mover) if public else None
        version = await self.repo.append_steps(
            lg.game, steps, state,
            status=status if status != lg.game.status else None,
            result=res,
            now=now,
            public_state=public_json,
            sched=sched,
            shown=shown_by(steps, lg.public_view(), after) if public else None,
            state_json=(state_json := jsontext.dumps(state)),
            checkpoint=(lg.game.version + 1) % CHECKPOINT_EVERY == 0,
            reads=reads,
        )
        if (stored := _stored.get()) is not None:
            stored.append(version)
        self.positions.keep(id_of(lg.game), state_json, state, after)
        # An unattached copy of the row, read for this call: brought up to date as stored
        # (never written through a session, so the ORM's change tracking, 5 µs an
        # attribute, has nothing to track).
        game = lg.game
        written: dict[str, object] = {"version": version, "updated_at": now, "status": status,
                                      "state": state_json, "public_state": public_json}
        if sched is not None:
            written |= {"pace": sched.pace, "due_at": sched.due_at, "awaiting": sched.awaiting}
        if res is not None:
            written["result"] = json.dumps(res)
        vars(game).update(written)
        STEPS.labels(game.game).inc(len(steps))
        if (moved := after.get("move", 0) - before.get("move", 0)) > 0:
            MOVES.labels(game.game).inc(moved)
        new = lg.moved_to(game, state, after, shown=public)
        new.reads = reads
        return new

    async def is_moderator(self, actor: Actor, guild_id: str | None) -> bool:
        """Manage Channels, or the server's configured moderator role (``/server``)."""
        if actor.is_admin:
            return True
        server = await self.repo.server(guild_id) if actor.roles else None
        return bool(server and server.mod_role and server.mod_role in actor.roles)

    async def check_steward(self, lg: Loaded, actor: Actor, what: str) -> None:
        """Only the game's creator or a moderator may ``what``."""
        if actor.user_id != lg.game.created_by and not await self.is_moderator(
                actor, lg.game.guild_id):
            raise Refusal(f"Only the player who created this game, or a member who can manage "
                          f"this channel (or holds the server's moderator role), can {what}.")

    async def seated_players(self, seats: Iterable[Seat]) -> dict[str, Player]:
        """The ``/me`` settings of the people seated, by user id (those with none: left out)."""
        return await self.repo.players({s.user_id for s in seats if s.user_id and s.role})

    async def duties(self, seats: Iterable[Seat],
                     players: dict[str, Player] | None = None) -> dict[str, Availability]:
        """Each seated person's side's on-duty times (computer sides have none)."""
        seats = list(seats)
        if players is None:
            players = await self.seated_players(seats)
        return {s.role: duty_of(players.get(s.user_id)) for s in seats
                if s.user_id and s.role}

    async def _schedule(self, lg: Loaded, view: dict, *, status: str, now: datetime,
                        pace: Pace | None = None, seats: Iterable[Seat] | None = None,
                        acted: bool = True) -> Sched:
        """The game's pace after a write at ``now`` that leaves its public position's
        spectator view ``view`` (and ``status``, ``seats``): the clocks settled, and when
        anything next falls due. Stored with that write. ``acted``: a person made it (a
        computer's move, a timeout's included, keeps nobody's game alive)."""
        seats = list(lg.seats if seats is None else seats)
        duty = await self.duties(seats, lg.settings_of(seats))
        by_role = {s.role: s for s in seats if s.role}
        awaited = [r for r in view["active"] if (s := by_role.get(r)) and not s.is_bot] \
            if status == "active" else []
        pace = (pace or pace_of(lg.game)).settled(awaited, now, duty)
        if acted:
            pace = pace.acted_now(now)
        return self._sched(pace, seats, duty, status=status, created=lg.game.created_at,
                           updated=now,
                           awaiting=",".join(view["active"]) if status == "active" else None)

    @staticmethod
    def _sched(pace: Pace, seats: Iterable[Seat], duty: Mapping[str, Availability], *,
               status: str, created: datetime, updated: datetime, awaiting: str | None,
               done: bool = False) -> Sched:
        """``pace`` as stored, with its deadlines and when the game next falls due."""
        pace = pace.with_deadlines(duty)
        due = None if done else pace.due(status=status, created=created, updated=updated,
                                         duty=duty, deserted=deserted(pace, seats))
        waiting = (pace.waiting_since(awaiting.split(",")) or updated) if awaiting else None
        written_pace(text := json.dumps(pace.to_json()), pace)
        return Sched(text, due, awaiting, waiting)

    async def _sched_for(self, lg: Loaded, pace: Pace, *, done: bool = False) -> Sched:
        """``pace`` as stored for the game as loaded (no move: same version), with when it
        next falls due (never, if ``done``) and whom the public position awaits."""
        game = lg.game
        awaiting = game.awaiting
        if game.status == "active" and lg.state is not None and awaiting is None:
            awaiting = ",".join(lg.public_view()["active"])
        return self._sched(pace, lg.seats, await self.duties(lg.seats), status=game.status,
                           created=game.created_at, updated=game.updated_at,
                           awaiting=awaiting, done=done)

    @staticmethod
    def _setup_sched(pace: Pace, now: datetime) -> Sched:
        """A new game's pace, due when a game never started is closed."""
        return Sched(json.dumps(pace.to_json()), pace.due(
            status="setup", created=now, updated=now, duty={}), None)

    async def _reschedule(self, lg: Loaded, pace: Pace) -> None:
        """Store a changed pace (not a move: the version stays, so panels shown keep
        working), with when it next falls due; refused if the game moved meanwhile."""
        sched = await self._sched_for(lg, pace)
        if not await self.repo.claim(id_of(lg.game), lg.game.version, lg.game.due_at, sched):
            raise VersionConflict("the game moved on")

    async def _hand_seat(self, lg: Loaded, seat: Seat, *, user_id: str | None, name: str,
                         is_bot: bool, why: str = "reassigned") -> int:
        """Give ``seat`` to another person or the computer (version-checked), its clock
        going with the side: the wait so far is charged under the old holder's hours, and
        the new holder's wait starts now. Returns the game's new version. ``why``
        (resigned, timeout, reassigned) is kept with the handover: the ratings read it."""
        seats = [Seat(**{**s.model_dump(), "user_id": user_id, "name": name, "is_bot": is_bot})
                 if s.id == seat.id else s for s in lg.seats]
        now = self.now()
        sched = None
        if lg.public is not None and seat.role:
            duty = (await self.duties([seat])).get(seat.role, Availability())
            pace = pace_of(lg.game).handed(seat.role, now, duty)
            sched = await self._schedule(lg, lg.public_view(), status=lg.game.status, now=now,
                                         seats=seats, pace=pace, acted=not is_bot)
        return await self.repo.reassign_seat(lg.game, id_of(seat), user_id=user_id, name=name,
                                             is_bot=is_bot, sched=sched, now=now, why=why)

    async def _post(self, lg: Loaded, text: str, *, since: int | None = None,
                    late: bool = False) -> Reply:
        """The public post after a change everyone sees (``posts.public_update``: ``text``
        tells the public log from ``since``); when the game has just ended, concluded
        first (rated once) and said so. A post that pings someone to move tells first
        what happened since their last move, and its picture marks it (bot/table/since.py:
        read from what each public move recorded, never replayed)."""
        ending = await self.conclude(lg) if lg.game.status == "finished" else None
        pinged = await self._pinged_since(lg)
        public = lg.public_view()["log"]
        reply = await public_update(lg, text, ending=ending, since=since, late=late,
                                    before=earliest(pinged, public))
        await after_post(self.repo, lg, reply, self.now())  # followers; the thread at the end
        if reply.awaiting and pinged and reply.public is not None:
            # Where this post does not tell it all; people who missed the same, together.
            told = told_from(lg, reply.log_from, late)
            groups: dict[tuple, tuple[Since, list[str]]] = {}
            for ping in reply.pings:
                theirs = pinged[ping.user_id]
                key = (earlier(theirs, told), bool(theirs.last and theirs.last.seq))
                groups.setdefault(key, (theirs, []))[1].append(escape(ping.name))
            heads = [line for theirs, names in groups.values()
                     for line in summary(lg, theirs, and_(names), told)]
            reply.public = "\n".join([*heads, reply.public])
        return await self._follow_on(lg, reply)

    async def _follow_on(self, lg: Loaded, reply: Reply) -> Reply: return reply  # side_games

    async def _pinged_since(self, lg: Loaded) -> dict[str, Since]:
        """What each person the game now waits for has not seen since their last move
        (none for a game over or waiting on nobody but the computer)."""
        if lg.game.status != "active" or lg.state is None:
            return {}
        if lg.reads is not None and lg.reads.read:  # read with the write that made it
            return {s.user_id: s for s in lg.reads.since or ()}
        view = lg.public_view()
        users = [p.user_id for p in Ping.of_roles(lg.seats, lg.module.ROLE_NAMES, view,
                                                   view["active"])]
        if not users:
            return {}
        return {s.user_id: s for s in await self.repo.since(id_of(lg.game), users)}

    async def conclude(self, lg: Loaded) -> Ending:
        """Record a finished game for the ratings (exactly once, whoever gets here first)
        and say how it ended beyond who won."""
        ending, _ = await self._concluded(lg)
        return ending

    async def conclude_stored(self, game: Game) -> Ending:
        """``conclude`` for a game as stored (``darbar ratings --recompute`` rates every
        finished game again through it)."""
        return await self.conclude(await self._loaded(game))

    async def _concluded(self, lg: Loaded) -> tuple[Ending, bool]:
        """``conclude``, and whether this call was the one that recorded it."""
        game_id = id_of(lg.game)
        found = await self.repo.rated(game_id)
        recorded = False
        if found is None:
            steps = await self.repo.steps(game_id)
            rated, seats = conclude(lg, steps, await self.repo.handovers(game_id),
                                    pace_of(lg.game))
            if not await self.repo.record_result(
                    rated, seats, rating_keys(lg.game, seats),
                    partial(rate, lg.game, rated, seats)):
                found = await self.repo.rated(game_id)  # another process was first
            else:
                found, recorded = (rated, seats), True
        assert found is not None
        return ending(lg, *found), recorded

    async def _run_bots(self, lg: Loaded) -> tuple[Loaded, list[str]]:
        """Let computer seats play while one of them is to move. Only while a person sits
        at the table (computers alone would play without end), or in a side game (it ends)."""
        g = lg.module
        lines: list[str] = []
        while lg.game.status == "active" and (lg.humans() or lg.game.side_game_of):
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
            steps = await workers.bot_steps(lg.game.game, state, role, quick=not lg.humans())
            for action, arg in steps:
                state = g.act(state, role, action, arg)
            try:
                lg = await self._store(lg, [NewStep(role, None, a, arg) for a, arg in steps],
                                       state)
            except VersionConflict:
                # Another request (a restart's resume) made this computer move first: take
                # theirs, and tell it all the same. Both posts are one delivery (the same
                # nonce), and Discord keeps whichever comes first. (While the game waits
                # for the computer only its steps reach the log; a resignation or an
                # abort writes none.)
                lg = await self._reloaded(lg)
            lg.followers = None  # read again with the post: a follow made meanwhile gets it
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
    """Turn a Refusal, a lost race or a database that does not answer into a private error
    reply; and hold back a user who sends commands faster than the table's rate limit
    allows."""

    @wraps(fn)
    async def wrapper(self: T, /, *args: P.args, **kwargs: P.kwargs) -> Reply:
        actor = next((a for a in args if isinstance(a, Actor)), None)
        if self.limiter is not None and actor is not None:
            wait = self.limiter.wait(actor.user_id)
            if wait > 0:
                return Reply(private=f"You are going a little fast: try again in {wait:.0f} s. "
                             "Nothing was changed.", error=True)
        # What this call stores is noted (a call inside another shares the outer's note).
        token = _stored.set([]) if _stored.get() is None else None
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
        except Exception as e:
            if not unavailable(e):
                raise
            return outage_reply(e)
        finally:
            if token is not None:
                _stored.reset(token)

    return wrapper
