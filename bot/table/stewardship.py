"""Looking after a game under way: seats changing hands (a moderator's, or the other
players' after a timeout), and the computer moves a restart left unmade."""

from __future__ import annotations

import json

from bot.replies import Actor, Offer, Ping, Place, Reply, escape
from bot.table.core import TableCore, check_role, pace_of, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.posts import public_update
from bot.table.wording import COMPUTER, capital
from db import Seat, SeatOffer, id_of
from engine import games


def check_one_side_each(lg: Loaded, seat: Seat, to: Actor) -> None:
    """In a game of hidden hands, a person who holds or has held a side (and so has
    seen its hand) may never hold another: they would know two hands."""
    g = lg.module
    other = next((s for s in lg.seats if s.id != seat.id and to.user_id in s.holders()),
                 None)
    if other is None:
        return
    # Every seat holds a side once the game is under way (the sides are dealt at its start).
    assert other.role is not None and seat.role is not None
    now = "plays" if other.user_id == to.user_id else "has played"
    raise Refusal(f"{escape(to.name)} {now} {games.side_name(g, other.role)} in this "
                  f"game. In {g.NAME} each side keeps a hidden hand, so nobody who has "
                  f"seen one may take another side: hand {games.side_name(g, seat.role)} "
                  "to someone who has not played in this game, or to the computer.")


class Stewardship(TableCore):
    @refusals
    async def reassign(self, place: Place, actor: Actor, role: str | None,
                       to: Actor | None) -> Reply:
        """Hand a side to the computer (``to`` is None) or to oneself; offer it to another
        member, who takes it (``take``) if they want it: nobody is seated, and so rated,
        without agreeing to it."""
        lg = await self._load(place)
        g = lg.module
        options = json.loads(lg.game.options)
        role = check_role(g, role, options)
        mine = lg.roles_of(actor)
        timed_out = pace_of(lg.game).timed_out
        # After a timeout in a game without a computer player, the others may hand the
        # side on themselves.
        if not (mine and role in timed_out and role not in mine):
            await self.check_steward(lg, actor, "hand a seat to someone else")
        if lg.game.status != "active":
            raise Refusal("Seats change hands once the game is under way; before that, "
                          "players `/game leave` and `/game join`.")
        if role is None:
            raise Refusal(f"Name the side to hand over: {', '.join(games.sides(g, options))}.")
        seat = lg.seat_for(role)
        assert seat is not None  # every side in play is seated once the game is under way
        side = games.side_name(g, role)
        # Handed on after its player's time ran out, the side counts as left (the ratings
        # place them last); otherwise as a steward's doing (the side rates nobody).
        why = "timeout" if role in timed_out else "reassigned"
        if to is None:
            if (no_computer := lg.no_computer) is not None:
                raise Refusal(f"A person must play {side}: {no_computer}.")
            if seat.is_bot:
                raise Refusal(f"The computer already plays {side}.")
            if not any(s.user_id and s.id != seat.id for s in lg.humans()):
                raise Refusal(f"{capital(side)} is the last side a person plays, and the "
                              "computer cannot play alone. Hand it to another member, or "
                              "`/game abort`.")
            user_id, name, is_bot = None, COMPUTER, True
        else:
            if seat.user_id == to.user_id:
                raise Refusal(f"{escape(to.name)} already plays {side}.")
            if g.ONE_SIDE_EACH:
                check_one_side_each(lg, seat, to)
            if to.user_id != actor.user_id:
                return await self._offer(lg, actor, seat, to, why)
            user_id, name, is_bot = to.user_id, to.name[:100], False
        await self._hand_seat(lg, seat, user_id=user_id, name=name, is_bot=is_bot, why=why)
        lg = await self._reloaded(lg)
        lg, bot_lines = await self._run_bots(lg)
        text = (f"🔁 {escape(actor.name)} hands {side} from {escape(seat.name)} "
                f"to **{escape(name)}**.")
        return await self._post(lg, "\n".join([text, *bot_lines]))

    async def _offer(self, lg: Loaded, actor: Actor, seat: Seat, to: Actor, why: str
                     ) -> Reply:
        """Offer ``seat``'s side to ``to``: stored (replacing any earlier offer of it) and
        posted with a Take button, pinging them alone. Nothing changes hands yet."""
        g = lg.module
        assert seat.role is not None  # a seat handed on holds a side
        offer = await self.repo.offer_seat(SeatOffer(
            game_id=id_of(lg.game), role=seat.role, user_id=to.user_id, name=to.name[:100],
            from_user=None if seat.is_bot else seat.user_id, by=actor.user_id,
            by_name=actor.name[:100], why=why))
        side, label = games.side_name(g, seat.role), g.ROLE_NAMES[seat.role]
        button = Offer(id_of(offer), label)
        return Reply(public=f"🔁 {escape(actor.name)} offers {side} (now {escape(seat.name)}'s) "
                     f"to **{escape(to.name)}**.",
                     pings=[Ping(to.user_id, to.name, label)],
                     ping_note=f"press **{button.label}** to play {side}, if you want to.",
                     offer=button, game_id=lg.game.id, version=lg.game.version)

    @refusals
    async def take(self, place: Place, actor: Actor, offer_id: int) -> Reply:
        """The member a side was offered to takes it (the Take button under the offer).
        The button carries only the offer's id: whom it is for, and whether it still
        stands, are read from the database."""
        found = await self.repo.seat_offer(offer_id)
        if found is None:
            raise Refusal("There is no such offer of a side: ask for a new one with "
                          "`/game reassign`. Nothing was changed.")
        offer, newest = found
        try:
            lg: Loaded | None = await self._load(place)
        except Refusal:
            lg = None  # no game under way here
        if lg is None or lg.game.id != offer.game_id:
            game = await self.repo.get_game(offer.game_id)
            if game is None or game.channel_id != place.channel_id:
                raise Refusal("That offer is for a game in another channel. Nothing was "
                              "changed.")
            raise Refusal(f"That offer was for game #{offer.game_id}, which has ended. "
                          "Nothing was changed.")
        g = lg.module
        side = games.side_name(g, offer.role)
        if actor.user_id != offer.user_id:
            raise Refusal(f"This offer of {side} was made to {escape(offer.name)}: only "
                          f"{escape(offer.name)} can take it. Nothing was changed. (The "
                          "creator or a moderator can offer you a side with "
                          "`/game reassign`.)")
        seat = lg.seat_for(offer.role)
        assert seat is not None  # every side in play is seated once the game is under way
        if seat.user_id == actor.user_id:
            raise Refusal(f"You already play {side}. Nothing was changed.")
        if not newest:
            raise Refusal(f"This offer lapsed: a newer offer of {side} replaced it. "
                          "Nothing was changed.")
        if (None if seat.is_bot else seat.user_id) != offer.from_user:
            raise Refusal(f"{capital(side)} changed hands since this offer (now "
                          f"{escape(seat.name)}'s), so it lapsed: ask the creator or a "
                          "moderator for a new one. Nothing was changed.")
        if offer.why == "timeout" and offer.role not in pace_of(lg.game).timed_out:
            raise Refusal(f"This offer came after {escape(seat.name)}'s time ran out, and "
                          "that is over (they moved, or the others gave them more time), "
                          "so it lapsed. Nothing was changed.")
        if g.ONE_SIDE_EACH:
            check_one_side_each(lg, seat, actor)
        await self._hand_seat(lg, seat, user_id=actor.user_id, name=actor.name[:100],
                              is_bot=False, why=offer.why)
        lg = await self._reloaded(lg)
        lg, bot_lines = await self._run_bots(lg)
        text = (f"🔁 **{escape(actor.name)}** takes {side} from {escape(seat.name)}, "
                f"offered by {escape(offer.by_name)}.")
        return await self._post(lg, "\n".join([text, *bot_lines]))

    async def resume(self, place: Place) -> Reply | None:
        """After a restart: the computer moves that a crash left unmade, as a public post
        (None when the game was not waiting for the computer)."""
        game = await self.repo.live_game(place.channel_id)
        if game is None or game.status != "active":
            return None
        lg = await self._loaded(game)
        since = len(lg.public_view()["log"])
        lg, lines = await self._run_bots(lg)
        if not lines:
            return None
        # With the moves before them that a crash kept from the channel (a person's).
        reply = await self._post(lg, "\n".join(lines), since=since, late=True)
        reply.move_done = True
        return reply

    async def complete(self, game_id: int) -> Reply | None:
        """After a restart: the conclusion of a finished game that a crash cut off between
        its final write and its rating, as its result post; None if there is none to make
        or another process made it (the ``rated`` row's key decides, so it is posted
        once)."""
        game = await self.repo.get_game(game_id)
        if game is None or game.status != "finished":
            return None
        lg = await self._loaded(game)
        ending, recorded = await self._concluded(lg)
        if not recorded:
            return None
        return await public_update(lg, f"🏁 The result of game #{game_id} "
                                       f"({lg.module.NAME}), delayed by a restart.", ending,
                                   late=True)
