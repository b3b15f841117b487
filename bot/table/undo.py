"""Undo: one step of a move under way, or the caller's last move (with the computer's
reply); across a reveal only with the others' consent (their votes are rows in the
database), and then the hidden future is dealt anew (a logged REDEAL step)."""

from __future__ import annotations

import json
from functools import cache

from bot.replies import Actor, Consent, Ping, Place, Reply, escape
from bot.table.core import TableCore, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.turns import panel_reply
from bot.table.wording import holders, name_of, named
from db import LogStep, NewStep, id_of, step_arg
from engine import games
from engine.grammar import and_
from engine.replay import shown

# Said when an agreed undo crossed a reveal (see games.REDEAL).
REDEALT = ("🔀 What was hidden is dealt anew: the cards or tiles still to draw are shuffled "
           "and the dice to come are new.")


def _voters(lg: Loaded, requester: str) -> set[str]:
    """Who decides on an undo ``requester`` asked for: every other person seated."""
    return {s.user_id for s in lg.seats if s.user_id and s.user_id != requester}


def _no_consent(lg: Loaded, *, one_step: bool) -> str:
    """Why an undo past a reveal is refused when no other person sits at the table:
    nobody can agree to it, and the player has seen what the dice or cards did."""
    what = "That step" if one_step else "Your move"
    others = "the computer plays every other side" if any(
        s.is_bot for s in lg.seats) else "nobody else sits at this table"
    return (f"{what} rolled dice or revealed something hidden, and {others}, so no one "
            "can agree to take it back: it stands. (Steps before a roll or a reveal can "
            "always be taken back.)")


def _made_for(lg: Loaded, role: str) -> str:
    """Why a move the computer made for a person (their time ran out) is not taken back:
    nobody present made it, so it is no one's reply to undo."""
    return (f"The last move was the computer's for {holders(lg, [role])[0]} when their "
            "time ran out, so it stands: an undo takes back only your own move and the "
            "replies of a side the computer plays. Nothing was changed.")


def _refused(lg: Loaded, actor: Actor, requester: str) -> Reply:
    """A refused undo, said where it was asked: in the channel, pinging the asker (by id,
    nobody else), who would otherwise wait for an answer that never comes; the refuser is
    told what their answer did."""
    asker = named(lg, requester)
    mine = [lg.module.ROLE_NAMES[r] for s in lg.seats if s.user_id == requester
            for r in [s.role] if r]
    return Reply(public=f"↩ **{escape(actor.name)}** refuses to take back {asker}'s move, "
                 "so it stands.",
                 pings=[Ping(requester, name_of(lg, requester), and_(mine))],
                 ping_note="your undo request was refused: the move stands, and play goes on.",
                 private=f"You refused, so {asker}'s move stands.")


class Undo(TableCore):
    @refusals
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

    async def _undo(self, lg: Loaded, actor: Actor, *, agreed: bool) -> Reply:
        g = lg.module
        steps = await self.repo.step_log(id_of(lg.game))
        n = len(steps)
        if lg.in_move and steps and steps[-1].user_id != actor.user_id:
            raise Refusal(f"{named(lg, steps[-1].user_id)} is in the middle of a move.")
        if lg.in_move:
            # A move under way, which nobody else has seen: one step back.
            j = k = n - 1
        else:
            j = n - 1
            computer = {s.role for s in lg.seats if s.is_bot}
            while j >= 0 and steps[j].user_id is None:  # the computer's reply goes too
                if steps[j].action != games.REDEAL and steps[j].role not in computer:
                    raise Refusal(_made_for(lg, steps[j].role))
                j -= 1
            if all(s.user_id != actor.user_id for s in steps):
                raise Refusal("You have not moved yet in this game, so there is nothing of "
                              "yours to take back: `/undo` takes back your own last move (or "
                              "a step of it) while nobody else has moved since.")
            if j < 0:
                raise Refusal("There is nothing of yours to undo.")
            if steps[j].user_id != actor.user_id:
                raise Refusal(f"{named(lg, steps[j].user_id)} has moved since "
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
        voters = _voters(lg, actor.user_id)
        if crossed and not voters:
            raise Refusal(_no_consent(lg, one_step=lg.in_move))
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
        public = lg.game.public_state if one_step and not shown(
            view_at(k - 1) if k else None, view_at(k)) else None
        now = self.now()
        sched = None if public is not None else await self._schedule(
            lg, g.view(target, None), status=lg.game.status, now=now)
        await self.repo.undo_steps(lg.game, [s.seq for s in steps[k:]], target, public, then,
                                   sched=sched, now=now)
        lg = await self._reloaded(lg)
        redealt = f"\n{REDEALT}" if crossed else ""
        if one_step:
            step = steps[k]
            taken = f"{g.describe(step.action, step_arg(step))}."
            if not crossed:
                return panel_reply(lg, actor, note=f"↩ Step taken back: {taken}")
            # The others agreed (they were asked in public), so they are told in public;
            # the mover's panel opens from the post's button, never in a voter's reply.
            reply = await self._post(
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
        reply = await self._post(lg, text + redealt)
        reply.move_done = True
        return reply

    async def _ask_undo(self, lg: Loaded, actor: Actor, voters: set[str]) -> Reply:
        """Ask the other players, once: asking again while the request stands pings nobody."""
        request, made = await self.repo.ask_undo(lg.game, actor.user_id)
        if not made:
            if request.refused_by:
                raise Refusal(f"{named(lg, request.refused_by)} refused to take "
                              "back this move; it stands.")
            waiting = voters - set(json.loads(request.agreed))
            raise Refusal("Your request to take back this move is already waiting for "
                          + ", ".join(named(lg, u) for u in sorted(waiting)) + ".")
        names = ", ".join(named(lg, u) for u in sorted(voters))
        return Reply(
            public=f"↩ **{escape(actor.name)}** asks to take back their last move, although dice "
            f"were rolled or a card was revealed since. {names}: do you agree?",
            pings=[Ping(u, name_of(lg, u), "vote") for u in sorted(voters)],
            ping_note="agree or refuse with the buttons below.",
            consent=Consent(id_of(request)),
            game_id=lg.game.id, version=lg.game.version,
        )

    @refusals
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
            asker = named(lg, request.requester)
            if request.refused_by:
                raise Refusal(f"{named(lg, request.refused_by)} already refused, "
                              f"so {asker}'s move stands.")
            voters = _voters(lg, request.requester)
            if actor.user_id not in voters:
                raise Refusal("Only the other players decide on this undo.")
            if not yes:
                if await self.repo.answer_undo(request, refused_by=actor.user_id):
                    return _refused(lg, actor, request.requester)
                continue
            agreed = set(json.loads(request.agreed)) | {actor.user_id}
            if agreed >= voters:
                reply = await self._undo(lg, Actor(request.requester,
                                                   name_of(lg, request.requester)),
                                         agreed=True)
                reply.private = "Everyone agreed: the move is taken back."
                return reply
            if await self.repo.answer_undo(request, agreed=agreed):
                names = ", ".join(named(lg, u) for u in sorted(agreed))
                return Reply(
                    private=f"↩ {asker} asks to take back their last move. Agreed so far: "
                    f"{names} ({len(agreed)} of {len(voters)}).",
                    consent=Consent(id_of(request)),
                    game_id=lg.game.id, version=lg.game.version,
                )
        raise Refusal("Others were answering at the same moment: please try again.")

    async def _states_from(self, lg: Loaded, steps: list[LogStep], index: int,
                           until: int | None = None) -> dict[int, dict]:
        """{i: the state before steps[i]} for every i from ``index`` to ``until`` (default
        len(steps): the state after them all), replayed from the latest checkpoint at or
        before ``index`` (from setup without one): undo costs a few steps at any length."""
        g = lg.module
        saved = await self.repo.checkpoint_before(id_of(lg.game), steps, index)
        start, state = saved or (0, g.setup(lg.game.seed, games.setup_options(
            g, json.loads(lg.game.options), lg.state)))
        out = {start: state}
        for i in range(start, len(steps) if until is None else until):
            st = steps[i]
            state = games.apply_step(g, state, st.role, st.action, step_arg(st))
            out[i + 1] = state
        return out
