"""A game's pace at the table: its clocks in /game status, /game remind, and what the
scheduler finds due in a game (``look_after``): reminders, a timeout and what it does,
the warning and the end of a game nobody moves in, the close of one never started.

Each thing done is claimed in the database first (``Repository.claim``: only at the
version and due time that were read) or is itself a version-checked write, so several
processes looking at once do it exactly once."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot import workers
from bot.hours import Availability
from bot.pace import Pace, span
from bot.reminders import MAX_IDLE_HOURS, MODES, Nudge, describe
from bot.replies import Actor, Notice, Ping, Place, Reply, escape
from bot.table.core import TableCore, deserted, pace_of, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.posts import board_image
from bot.table.seat_cards import card, put_up, where_posted
from bot.table.server_options import ServerOptions
from bot.table.wording import COMPUTER, holders, pace_line, timeout_said, unix
from db import NewStep, Player, VersionConflict, id_of
from engine import games
from engine.steps import offered

# A computer finishing a timed-out move never takes more steps than this.
TIMEOUT_STEPS = 200
# A reminder that reached nobody is tried again this much later (``reminder_unsent``).
REMIND_RETRY = timedelta(hours=1)
VOTES = {"end": "end the game: the player whose time ran out loses",
         "wait": "give them more time"}


class Clocks(TableCore):
    @refusals
    async def remind(self, place: Place, actor: Actor, mode: str | None = None,
                     hours: float | None = None) -> Reply:
        """Show or change how this game nudges whoever it waits for."""
        lg = await self._load(place)
        pace = pace_of(lg.game)
        if mode is None and hours is None:
            return Reply(private=pace_line(pace, lg.computer))
        if not (lg.roles_of(actor) or actor.user_id == lg.game.created_by
                or await self.is_moderator(actor, place.guild_id)):
            raise Refusal("Only the players, the game's creator or a moderator can change "
                          "its reminders.")
        mode = (mode or pace.remind).strip().lower()
        if mode not in MODES:
            raise Refusal(f"Reminders can be {', '.join(f'`{m}`' for m in MODES)}.")
        minutes = pace.idle
        if hours is not None:
            if not 1 <= hours <= MAX_IDLE_HOURS:
                raise Refusal(f"Choose between 1 and {MAX_IDLE_HOURS} hours.")
            minutes = round(hours * 60)
        await self._reschedule(lg, replace(pace, remind=mode, idle=minutes))
        return Reply(public=f"{escape(actor.name)} changes game #{lg.game.id}'s reminders. "
                     + describe(mode, minutes))

    # --- the vote after a timeout (a game without a computer player) --------------------

    @refusals
    async def vote(self, place: Place, actor: Actor, choice: str) -> Reply:
        lg = await self._load(place)
        pace = pace_of(lg.game)
        if not pace.timed_out:
            raise Refusal("Nobody's time has run out in this game: there is nothing to vote "
                          "on.")
        if lg.computer:
            # A side's time stays out in a game with a computer player only while its seat
            # is offered to substitutes (``_offered_first``): the computer settles it.
            raise Refusal("A seat whose time ran out here is up for substitutes (its card "
                          "has **Take the seat**); if nobody takes it in time, the computer "
                          "plays it. There is nothing to vote on. Nothing was changed.")
        choice = (choice or "").strip().lower()
        if choice not in VOTES:
            raise Refusal("Vote `end` (the game ends; the player whose time ran out loses) "
                      "or `wait` (they get more time).")
        role = next(iter(pace.timed_out))
        late = lg.seat_for(role)
        assert late is not None
        voters = {s.user_id for s in lg.humans() if s.user_id and s.user_id != late.user_id}
        if actor.user_id not in voters:
            raise Refusal("Only the other players seated in this game vote on a timeout.")
        votes = [v for v in pace.timed_out[role] if v.split(":", 1)[1] != actor.user_id]
        votes.append(f"{choice}:{actor.user_id}")
        ends = sum(v.startswith("end:") for v in votes)
        waits = sum(v.startswith("wait:") for v in votes)
        side = holders(lg, [role])[0]
        if ends * 2 > len(voters):
            in_play = games.sides(lg.module, json.loads(lg.game.options))
            result = {"winners": [r for r in in_play if r != role],
                      "scores": {r: int(r != role) for r in in_play},
                      "reason": f"{late.name}'s time ran out."}
            await self.repo.set_status(lg.game, "finished", result=result, now=self.now())
            lg = await self._reloaded(lg)
            return await self._post(lg, f"🗳 The players vote to end the game: {side} "
                                       "ran out of time and loses.")
        if waits * 2 >= len(voters):
            # The wait that ran out is settled first: the vote adds to what is left (none).
            duty = (await self.duties([late])).get(role, Availability())
            pace = pace.given_more(role, self.now(), duty).acted_now(self.now())
            await self._reschedule(lg, pace)
            return Reply(public=f"🗳 The players give {side} more time: "
                         f"{span(pace.grace())} added to their clock.")
        await self._reschedule(lg, replace(pace, timed_out={**pace.timed_out, role: votes}))
        return Reply(public=f"🗳 {escape(actor.name)} votes to {VOTES[choice]} "
                     f"({ends} for ending, {waits} for waiting, of {len(voters)}).")

    # --- what the scheduler finds due ----------------------------------------------------

    async def look_after(self, game_id: int, version: int, due: datetime,
                         now: datetime) -> list[Nudge | Notice]:
        """Whatever fell due in game ``game_id`` by ``now``, done (and claimed) once; the
        nudges and notices to deliver. Nothing, if the game moved since it was found
        due (its new pace says when it is next due) or another process took it."""
        game = await self.repo.get_game(game_id)
        if game is None or game.version != version:
            return []
        lg = await self._loaded(game)
        pace = await self._pace_or_legacy(lg)
        status = game.status
        if status == "setup":
            if now >= game.created_at + timedelta(days=pace.setup_days):
                return await self._close_unstarted(lg, pace)
            return await self._claimed(lg, due, pace, [])
        if status != "active" or lg.state is None:
            return await self._claimed(lg, due, pace, [], done=True)
        players = await self.seated_players(lg.seats)
        duty = await self.duties(lg.seats, players)
        view = lg.public_view()
        if not pace.since and view["active"] or game.pace is None:
            awaited = [r for r in view["active"] if (s := lg.seat_for(r)) and not s.is_bot]
            pace = pace.settled(awaited, game.updated_at, duty)
        nobody = deserted(pace, lg.seats)
        end = pace.abandon_at()
        if end is not None and now >= end:
            return await self._abandon(lg)
        for role in list(pace.since):
            deadline = pace.deadline(role, duty.get(role, Availability()))
            if role not in pace.timed_out and deadline is not None and deadline <= now \
                    and not (nobody and pace.warned_at):
                return await self._time_out(lg, pace, role, due)
        out: list[Nudge | Notice] = []
        if end is None and now >= pace.idle_warning_at(game.updated_at, duty, nobody):
            pace = replace(pace, warned_at=now.isoformat())
            out.append(self._idle_warning(lg, pace, nobody))
        nudge, pace = self._reminders(lg, pace, duty, now, players)
        if nudge is not None:
            out.append(nudge)
        return await self._claimed(lg, due, pace, out)

    async def _pace_or_legacy(self, lg: Loaded) -> Pace:
        """The game's pace; for a game stored before paces, one made from its reminder
        row (or the bot's default) and the bot's clean-up delays, with no clock."""
        if lg.game.pace is not None:
            return pace_of(lg.game)
        row = await self.repo.reminder(id_of(lg.game))
        policy = self.reminders
        return Pace(remind=row.mode if row else policy.mode,
                    idle=row.idle_minutes if row else policy.idle_minutes,
                    idle_days=self.defaults.idle_days, setup_days=self.defaults.setup_days)

    async def _claimed(self, lg: Loaded, due: datetime, pace: Pace,
                       out: list[Nudge | Notice], *, done: bool = False) -> list[Nudge | Notice]:
        """``out``, if this process claims it (else nothing)."""
        return out if await self._claim(lg, due, pace, done=done) else []

    async def _claim(self, lg: Loaded, due: datetime, pace: Pace, *, done: bool = False
                     ) -> bool:
        """Store ``pace`` with its next due time, only if the game is still at the version
        and due time read: True for the one process that does."""
        sched = await self._sched_for(lg, pace, done=done)
        return await self.repo.claim(id_of(lg.game), lg.game.version, due, sched)

    def _reminders(self, lg: Loaded, pace: Pace, duty: dict[str, Availability],
                   now: datetime, players: Mapping[str, Player]) -> tuple[Nudge | None, Pace]:
        """The reminders due now (never outside a player's hours), each the way its
        player chose (``/me reminders:``) or else the game's, and the pace that counts
        them sent."""
        due_roles = []
        sent = dict(pace.sent)
        deadline = None
        for role in pace.since:
            d = duty.get(role, Availability())
            at = pace.reminder_at(role, d)
            if at is None or at > now or not d.on_duty(now):
                continue
            due_roles.append(role)
            # Reminders that fell due together (the bot was down) go out as one, the last.
            while at is not None and at <= now:
                sent[role] = sent.get(role, 0) + 1
                at = replace(pace, sent=sent).reminder_at(role, d)
            end = pace.deadline(role, d)
            if end is not None:
                deadline = unix(end) if deadline is None else min(deadline, unix(end))
        if not due_roles:
            return None, pace
        g = lg.module
        view = lg.public_view()
        def way(ping: Ping) -> str:
            player = players.get(ping.user_id)
            return (player.remind if player else None) or pace.remind

        # Nobody who left the server (a quiet ping) is reminded.
        pings = [p for p in Ping.of_roles(lg.seats, g.ROLE_NAMES, view, due_roles)
                 if way(p) != "off" and not p.quiet]
        since = min(datetime.fromisoformat(pace.since[r]) for r in due_roles)
        nudge = Nudge(place=Place(lg.game.channel_id, lg.game.guild_id), game_id=id_of(lg.game),
                      game_name=g.NAME, pings=tuple(pings),
                      by_dm=frozenset(p.user_id for p in pings if way(p) == "dm"),
                      since=unix(since), number=max(sent[r] for r in due_roles),
                      deadline=deadline, roles=tuple(due_roles))
        return (nudge if pings else None), replace(pace, sent=sent)

    async def reminder_unsent(self, nudge: Nudge, after: timedelta = REMIND_RETRY) -> bool:
        """A reminder that reached nobody (the channel refused it, and the DMs too; or
        Discord did not take it) is not counted as sent: it is due again ``after`` (an
        hour for a refusal, less for an outage), not at every tick (what
        keeps it out is a moderator's to fix, which takes hours, and a tick every minute
        would knock on a shut channel all day). Only the process that claimed it
        delivers it, so only that one takes it back; a move made meanwhile (a new
        version) leaves it counted, its wait being over. Whether it was taken back."""
        game = await self.repo.get_game(nudge.game_id)
        if game is None or game.status != "active":
            return False
        lg = await self._loaded(game)
        pace = pace_of(game)
        sent = {**pace.sent, **{r: pace.sent[r] - 1 for r in nudge.roles
                                if pace.sent.get(r, 0) > 0}}
        sched = await self._sched_for(lg, replace(pace, sent=sent))
        retry = self.now() + after
        due = retry if game.due_at is None else min(game.due_at, retry)
        return await self.repo.claim(id_of(game), game.version, game.due_at,
                                     replace(sched, due_at=due))

    def _idle_warning(self, lg: Loaded, pace: Pace, nobody: bool) -> Notice:
        g = lg.module
        view = lg.public_view()
        pings = Ping.of_roles(lg.seats, g.ROLE_NAMES, view, view["active"])
        what = ("everyone's time has run out and nobody has moved since, so no more moves "
                "are played for anyone" if nobody else
                f"has had no move for {pace.idle_days} days")
        text = (f"⚠ **{g.NAME}** (game #{lg.game.id}) {what}. Unless someone moves within "
                f"a week it is abandoned, with no result.")
        return Notice(Place(lg.game.channel_id, lg.game.guild_id),
                      Reply(public=text, pings=pings, ping_note="your move.",
                            game_id=lg.game.id, awaiting=True))

    async def _abandon(self, lg: Loaded) -> list[Nudge | Notice]:
        try:
            await self.repo.set_status(lg.game, "aborted", now=self.now())
        except VersionConflict:
            return []
        lg = await self._reloaded(lg)
        text = (f"🕸 **{lg.module.NAME}** (game #{lg.game.id}) is abandoned: nobody moved "
                f"in the week after the warning. It has no result; `/game new` starts "
                "another.")
        reply = Reply(public=text, **await board_image(lg))
        await self._follow_on(lg, reply)  # an abandoned tiebreak settles its game
        return [Notice(Place(lg.game.channel_id, lg.game.guild_id), reply)]

    async def _close_unstarted(self, lg: Loaded, pace: Pace) -> list[Nudge | Notice]:
        try:
            await self.repo.set_status(lg.game, "aborted", now=self.now())
        except VersionConflict:
            return []
        text = (f"🧹 **{lg.module.NAME}** (game #{lg.game.id}) was opened "
                f"{pace.setup_days} days ago and never started, so it is closed. "
                "`/game new` opens another.")
        # An open game's invitation card says it expired (bot/table/lobby.py).
        return [Notice(Place(lg.game.channel_id, lg.game.guild_id),
                       Reply(public=text, card=lg.game.id))]

    async def _time_out(self, lg: Loaded, pace: Pace, role: str,
                        due: datetime) -> list[Nudge | Notice]:
        """``role``'s time ran out: what the game's pace says happens, done once."""
        g = lg.module
        seat = lg.seat_for(role)
        assert seat is not None and seat.user_id is not None
        side = holders(lg, [role])[0]
        place = Place(lg.game.channel_id, lg.game.guild_id)
        said = f"⌛ {side} ran out of time: {timeout_said(pace, lg.computer)}."
        # Counted for the player's profile and toward nobody being there: the writes below
        # store the pace read from here.
        pace = pace.ran_out(role)
        lg.game.pace = json.dumps(pace.to_json())
        dm = (seat.user_id, f"⌛ Your time ran out in **{g.NAME}** (game #{lg.game.id}) in "
              f"<#{lg.game.channel_id}>: {timeout_said(pace, lg.computer)}.")
        dms = () if seat.left_at is not None else (dm,)  # never to someone who left
        try:
            if pace.on_timeout == "lose":
                in_play = games.sides(g, json.loads(lg.game.options))
                result = {"winners": [r for r in in_play if r != role],
                          "scores": {r: int(r != role) for r in in_play},
                          "reason": f"{seat.name}'s time ran out."}
                await self.repo.set_status(lg.game, "finished", result=result, now=self.now(),
                                           pace=lg.game.pace)
                lg = await self._reloaded(lg)
                return [Notice(place, await self._post(lg, said), dms)]
            if not lg.computer:
                if not await self._claim(lg, due, replace(
                        pace, timed_out={**pace.timed_out, role: []})):
                    return []
                return [Notice(place, Reply(public=f"{said} `/game vote end` or `/game vote "
                                            "wait`; `/game reassign` hands the side on.",
                                            game_id=lg.game.id, put_up=role), dms)]
            if pace.on_timeout == "seat":
                hours = ServerOptions.of(await self.repo.server(lg.game.guild_id)
                                         ).substitute_hours if lg.game.guild_id else 0
                if hours:
                    return await self._offered_first(lg, pace, role, due, said, dms, hours)
                await self._hand_seat(lg, seat, user_id=None, name=COMPUTER, is_bot=True,
                                      why="timeout")
                lg, lines = await self._run_bots(await self._reloaded(lg))
                return [Notice(place, await self._post(lg, "\n".join([said, *lines])),
                               dms)]
            lg, lines = await self._move_for(lg, role)
            reply = await self._post(lg, "\n".join([said, *lines]))
            reply.put_up = role  # the seat stays theirs: the others may put it up
            return [Notice(place, reply, dms)]
        except VersionConflict:
            return []  # a move, or another process, came first

    async def _offered_first(self, lg: Loaded, pace: Pace, role: str, due: datetime,
                             said: str, dms: tuple[tuple[str, str], ...], hours: int
                             ) -> list[Nudge | Notice]:
        """A timed-out seat the server offers to substitutes first (``substitute_hours``):
        its time stays out (no further timeout) while its card is up; the computer takes
        it when that ends with nobody in it (bot/table/substitutes.py)."""
        if not await self._claim(lg, due, replace(pace, timed_out={**pace.timed_out,
                                                                   role: []})):
            return []
        seat = lg.seat_for(role)
        assert seat is not None
        end = self.now() + timedelta(hours=hours)
        sub, _ = await put_up(self.repo, lg, seat, by=None, now=self.now(), expires_at=end)
        where = await where_posted(self.repo, lg)
        until = f"up for substitutes until <t:{unix(end)}:f>"
        text = (f"{said.removesuffix('.')}, unless a substitute takes it first: it is {until} "
                "(the card" + (f" is also in <#{where[-1]}>" if len(where) > 1 else " below")
                + ").")
        dms = tuple((user, f"⌛ Your time ran out in **{lg.module.NAME}** (game "
                     f"#{lg.game.id}) in <#{lg.game.channel_id}>: your seat is {until}, "
                     "then the computer's.") for user, _ in dms)
        return [Notice(Place(lg.game.channel_id, lg.game.guild_id),
                       Reply(public=text, game_id=lg.game.id,
                             cards=[card(lg, sub, post_in=where)]), dms)]

    async def _move_for(self, lg: Loaded, role: str) -> tuple[Loaded, list[str]]:
        """The computer completes ``role``'s move as a computer seat plays: its search
        decides from what that side sees only (the engine contract: the same view gets the
        same steps, whatever is hidden; tests/engine/test_computer_view.py)."""
        g = lg.module
        state = lg.started()
        before = lg.public_view()
        steps: list[tuple[str, Any]] = []
        for _ in range(TIMEOUT_STEPS):
            if role not in g.view(state, None)["active"]:
                break
            chosen = await workers.bot_steps(lg.game.game, state, role)
            took = 0
            for action, arg in chosen:
                if not offered(g.view(state, role)["actions"], action, arg):
                    break
                state = g.act(state, role, action, arg)
                steps.append((action, arg))
                took += 1
                if role not in g.view(state, None)["active"]:
                    break
            if took == 0:  # none of its steps fits (never expected): any legal step will do
                action, arg = games.legal_steps(g, g.view(state, role))[0]
                state = g.act(state, role, action, arg)
                steps.append((action, arg))
        lg = await self._store(lg, [NewStep(role, None, a, arg) for a, arg in steps], state)
        said = lg.public_view()["log"][len(before["log"]):]
        lines = [f"**{COMPUTER}** (for {escape(lg.module.ROLE_NAMES[role])}): "
                 + (" ".join(said) if said else "moves.")]
        lg, bot_lines = await self._run_bots(lg)
        return lg, [*lines, *bot_lines]
