"""Substitutes: a stalled or abandoned seat put up for anyone to take (``/game
substitute``, or a timeout where the server offers timed-out seats first), its card's
**Take the seat**, the other players' consent (Agree / Refuse, or on its own after
``CONSENT_HOURS``), and the seat handed over with its history and its clock.

Every button carries only the seat's row id (``db.Substitute``): whether it is still up,
who the candidate is and who may agree are read from the database, and each change is
conditional on the row's version, so two clicks or two processes never both move it on.
What falls due (the consent given by default, a timed-out seat going to the computer) is
the row's ``due_at``, which the scheduler reads (``look_after_substitute``)."""

from __future__ import annotations

import json
from datetime import datetime

from bot.replies import Actor, Notice, Ping, Place, Reply, escape
from bot.table.core import TableCore, check_role, pace_of, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.seat_cards import CONSENT, CONSENT_HOURS, card, put_up, where_posted
from bot.table.stewardship import check_one_side_each
from bot.table.wording import COMPUTER, capital, unix
from db import Substitute, VersionConflict, id_of
from engine import games
from engine.grammar import count, says


class Substitutes(TableCore):
    @refusals
    async def substitute(self, place: Place, actor: Actor, role: str | None, *,
                         game_id: int | None = None) -> Reply:
        """Put a person's seat up for a substitute: any seated player, or a moderator
        (``game_id``: the game a timeout notice's button was made for)."""
        lg = await self._load(place)
        g = lg.module
        if game_id is not None and game_id != lg.game.id:
            raise Refusal("That button was for a game no longer played here. Nothing was "
                          "changed.")
        if lg.game.status != "active":
            raise Refusal("A seat is put up for a substitute once the game is under way; "
                          "before that, players `/game leave` and others `/game join`.")
        if not lg.roles_of(actor) and not await self.is_moderator(actor, place.guild_id):
            raise Refusal("Only the players seated in this game, or a moderator, can put "
                          "a seat up for a substitute. Nothing was changed.")
        role = check_role(g, role, json.loads(lg.game.options))
        if role is None:
            sides = ", ".join(games.sides(g, json.loads(lg.game.options)))
            raise Refusal(f"Name the side to put up for a substitute: {sides}.")
        seat = lg.seat_for(role)
        side = games.side_name(g, role)
        if seat is None or seat.is_bot or seat.user_id is None:
            raise Refusal(f"The computer plays {side}: `/game reassign side:{role} "
                          "player:` offers it to a member. Nothing was changed.")
        sub, new = await put_up(self.repo, lg, seat, by=(actor.user_id, actor.name[:100]),
                                now=self.now())
        if not new:
            raise Refusal(f"{capital(says(side, 'is'))} up for a substitute already: its "
                          "card has "
                          "the **Take the seat** button. Nothing was changed.")
        where = await where_posted(self.repo, lg)
        return Reply(private=f"🪑 {capital(says(side, 'is'))} up for a substitute: its card "
                     "is posted in " + " and ".join(f"<#{c}>" for c in where) + ".",
                     cards=[card(lg, sub, post_in=where)], game_id=lg.game.id)

    async def seat_card_posted(self, sub_id: int, channel_id: str, message_id: str) -> None:
        """Where a face posted a seat's card (so it is edited as the seat is taken)."""
        await self.repo.seat_card_posted(sub_id, channel_id, message_id)

    # --- Take the seat ------------------------------------------------------------------

    @refusals
    async def take_seat(self, place: Place, actor: Actor, sub_id: int) -> Reply:
        """The card's **Take the seat**: the first eligible person becomes the candidate,
        and the other players are asked (or, with nobody to ask, takes it at once)."""
        found = await self._up(sub_id)
        if isinstance(found, Reply):
            return found
        sub, lg = found
        g = lg.module
        side = games.side_name(g, sub.role)
        if place.guild_id != lg.game.guild_id:
            raise Refusal("This seat is in a game of another server. Nothing was changed.")
        if sub.state == "asking":
            who = "You have" if sub.candidate == actor.user_id else \
                f"{escape(sub.candidate_name)} has"
            raise Refusal(f"{who} offered to take {side} already; the other players are "
                          "asked. If one refuses, the seat is open again. Nothing was "
                          "changed.")
        mine = lg.roles_of(actor)
        if mine:
            raise Refusal(f"You play {games.side_name(g, mine[0])} in this game: a "
                          "substitute is someone who does not play in it. Nothing was "
                          "changed.")
        seat = lg.seat_for(sub.role)
        assert seat is not None  # every side in play is seated once the game is under way
        if g.ONE_SIDE_EACH:
            check_one_side_each(lg, seat, actor)
        if self.max_open_games is not None:
            n = await self.repo.open_games_of(actor.user_id, lg.game.guild_id)
            if n >= self.max_open_games:
                raise Refusal(f"You already have {count(n, 'game')} open on this server, the most "
                              "one player may have at once (a seat taken counts). Finish or "
                              "leave one first. Nothing was changed.")
        others = _voters(lg, sub, actor.user_id)
        if not others:
            return await self._give(lg, sub, actor.user_id, actor.name[:100])
        due = self.now() + CONSENT
        if not await self.repo.move_substitute(sub, state="asking", candidate=actor.user_id,
                                               candidate_name=actor.name[:100], agreed="[]",
                                               due_at=due):
            raise Refusal("Someone pressed **Take the seat** just before you. Nothing was "
                          "changed.")
        view = lg.public_view()
        roles = [s.role for s in lg.seats if s.user_id in others and s.role]
        ask = Reply(public=f"🪑 **{escape(actor.name)}** offers to take {side} "
                    f"(after {escape(sub.from_name)}). Unless one of you refuses, the seat "
                    f"is theirs <t:{unix(due)}:R> ({CONSENT_HOURS} hours); it is theirs at "
                    "once when you all agree.",
                    pings=Ping.of_roles(lg.seats, g.ROLE_NAMES, view, roles),
                    ping_note="agree or refuse.", seat_vote=id_of(sub), game_id=lg.game.id)
        here = place.channel_id == lg.game.channel_id
        return Reply(private=f"You offered to take {side}. The other players are asked"
                     + ("" if here else f" in <#{lg.game.channel_id}>")
                     + f"; unless one refuses it is yours <t:{unix(due)}:R>.",
                     elsewhere=[Notice(_game_place(lg), ask)], cards=[card(lg, sub)],
                     game_id=lg.game.id)

    @refusals
    async def seat_vote(self, place: Place, actor: Actor, sub_id: int, yes: bool) -> Reply:
        """Agree or Refuse under a candidate's offer: only the other players seated."""
        found = await self._up(sub_id)
        if isinstance(found, Reply):
            return found
        sub, lg = found
        side = games.side_name(lg.module, sub.role)
        if sub.state != "asking" or sub.candidate is None:
            raise Refusal(f"Nobody is waiting for an answer about {side} now: this offer was "
                          "answered or withdrawn. Nothing was changed.")
        voters = _voters(lg, sub, sub.candidate)
        if actor.user_id not in voters:
            raise Refusal(f"Only the other players seated in game #{lg.game.id} agree to a "
                          f"substitute for {side}. Nothing was changed.")
        who = escape(actor.name)
        if not yes:
            candidate = escape(sub.candidate_name)
            if not await self.repo.move_substitute(sub, state="open", candidate=None,
                                                   candidate_name="", agreed="[]",
                                                   due_at=sub.expires_at):
                raise VersionConflict("the seat's offer changed")
            return Reply(public=f"✋ {who} refuses {candidate} as "
                         f"the substitute for {side}. The seat is open again: its card has "
                         "**Take the seat**.", cards=[card(lg, sub)], game_id=lg.game.id)
        agreed = sorted({*json.loads(sub.agreed), actor.user_id})
        if set(agreed) >= voters:
            return await self._give(lg, sub, sub.candidate, sub.candidate_name)
        if not await self.repo.move_substitute(sub, agreed=json.dumps(agreed)):
            raise VersionConflict("the seat's offer changed")
        return Reply(public=f"👍 {who} agrees to {escape(sub.candidate_name)} taking {side} "
                     f"({len(agreed)} of {len(voters)}).", game_id=lg.game.id)

    async def _up(self, sub_id: int) -> tuple[Substitute, Loaded] | Reply:
        """The seat a button names and its game, if it is still up; else a refusal (a
        seat found no longer up is withdrawn: the refusal edits its card)."""
        sub = await self.repo.substitute(sub_id)
        if sub is None:
            raise Refusal("There is no such seat up for a substitute. Nothing was changed.")
        game = await self.repo.get_game(sub.game_id)
        assert game is not None  # games are never deleted
        lg = await self._loaded(game)
        if sub.state in ("taken", "lapsed", "computer"):
            raise Refusal(f"This seat is no longer up ({sub.state}). Nothing was changed.")
        if not _still_up(lg, sub):
            await self.repo.move_substitute(sub, state="lapsed", due_at=None)
            return Reply(private=f"This seat is no longer up: {escape(sub.from_name)} moved "
                         "again, the side changed hands, or the game ended. Nothing was "
                         "changed.", error=True, cards=[card(lg, sub)])
        return sub, lg

    async def _give(self, lg: Loaded, sub: Substitute, user_id: str, name: str) -> Reply:
        """Hand the seat to ``user_id``: claimed on the row first (one caller does it),
        then the seat itself, version-checked, its clock going with the side."""
        side = games.side_name(lg.module, sub.role)
        seat = lg.seat_for(sub.role)
        assert seat is not None
        if not await self.repo.move_substitute(sub, state="taken", candidate=user_id,
                                               candidate_name=name, due_at=None):
            raise VersionConflict("the seat's offer changed")
        try:
            await self._hand_seat(lg, seat, user_id=user_id, name=name, is_bot=False,
                                  why="substituted")
        except VersionConflict:
            # A move came first: the seat is up as it was, and the row says so again.
            await self.repo.move_substitute(sub, state="asking" if sub.candidate else "open",
                                            due_at=self.now())
            raise
        lg = await self._reloaded(lg)
        lg, bot_lines = await self._run_bots(lg)
        text = (f"🪑 **{escape(name)}** takes {side} as a substitute for "
                f"{escape(sub.from_name)}.")
        reply = await self._post(lg, "\n".join([text, *bot_lines]))
        reply.cards = [card(lg, sub)]
        return reply

    # --- what the scheduler finds due ---------------------------------------------------

    async def look_after_substitute(self, sub_id: int, now: datetime) -> list[Notice]:
        """A seat whose time came: the candidate takes it (nobody refused in time), or a
        timed-out seat nobody took goes to the computer. Nothing if another process did
        it, or the game moved meanwhile (it stays due and is looked at again)."""
        sub = await self.repo.substitute(sub_id)
        if sub is None or sub.due_at is None or sub.due_at > now:
            return []
        game = await self.repo.get_game(sub.game_id)
        assert game is not None
        lg = await self._loaded(game)
        try:
            if not _still_up(lg, sub):
                if await self.repo.move_substitute(sub, state="lapsed", due_at=None):
                    return [Notice(_game_place(lg), Reply(cards=[card(lg, sub)]))]
                return []
            if sub.state == "asking" and sub.candidate:
                return [Notice(_game_place(lg), await self._give(
                    lg, sub, sub.candidate, sub.candidate_name))]
            return await self._to_computer(lg, sub)
        except VersionConflict:
            return []

    async def _to_computer(self, lg: Loaded, sub: Substitute) -> list[Notice]:
        if not await self.repo.move_substitute(sub, state="computer", due_at=None):
            return []
        seat = lg.seat_for(sub.role)
        assert seat is not None
        await self._hand_seat(lg, seat, user_id=None, name=COMPUTER, is_bot=True,
                              why="timeout")
        lg, lines = await self._run_bots(await self._reloaded(lg))
        side = games.side_name(lg.module, sub.role)
        reply = await self._post(lg, "\n".join([
            f"🤖 Nobody took {side} in time, so the computer plays it.", *lines]))
        reply.cards = [card(lg, sub)]
        return [Notice(_game_place(lg), reply)]


def _game_place(lg: Loaded) -> Place:
    return Place(lg.game.channel_id, lg.game.guild_id)


def _voters(lg: Loaded, sub: Substitute, candidate: str) -> set[str]:
    """Who is asked about a candidate: the people seated, but for the one leaving, the
    candidate and anyone who left the server (who could never answer)."""
    return {s.user_id for s in lg.humans() if s.user_id and s.role and s.left_at is None
            and s.user_id not in (sub.from_user, candidate)}


def _still_up(lg: Loaded, sub: Substitute) -> bool:
    """Whether the seat is as it was put up: the game under way, the side still its
    leaver's, and (a timeout's) their time still out."""
    seat = lg.seat_for(sub.role)
    return (lg.game.status == "active" and seat is not None and not seat.is_bot
            and seat.user_id == sub.from_user
            and (sub.why != "timeout" or sub.role in pace_of(lg.game).timed_out))
