"""The rematch: a new game in the channel with the same people, options and pace as a
finished one, the seats rotated, kept or shuffled; the others join with one click. It
builds on seating (a rematch is a game being set up, with a plan of who sits where)."""

from __future__ import annotations

import json

from bot.pace import Pace
from bot.replies import Actor, Place, Reply, escape
from bot.table.core import pace_of, refusals
from bot.table.invitations import invitation_pings
from bot.table.loaded import Refusal
from bot.table.seating import Seating
from bot.table.wording import COMPUTER
from db import ChannelBusy, Seat
from engine import games, rng

HOW = {"rotate": "seats rotated", "keep": "same seats", "shuffle": "seats shuffled"}


def _new_sides(roles: list[str], how: str, seed: int) -> list[str]:
    """The sides the holders of ``roles`` (in seat order) get in the rematch."""
    if how == "rotate":
        return roles[1:] + roles[:1]
    if how == "shuffle":
        return rng.shuffle(rng.stream(seed, rng.DEAL), list(roles))
    return list(roles)


class Rematch(Seating):
    @refusals
    async def rematch_last(self, place: Place, actor: Actor, how: str = "rotate") -> Reply:
        """``/game rematch``: the rematch of this channel's last game, if it is finished."""
        last = await self.repo.latest_game(place.channel_id)
        if last is None or last.status != "finished":
            raise Refusal("A rematch follows a finished game, and this channel's last game "
                          "is not one." if last else "There is no game in this channel yet.")
        return await self.rematch(place, actor, last.id or 0, how)

    @refusals
    async def rematch(self, place: Place, actor: Actor, game_id: int,
                      how: str = "rotate") -> Reply:
        """A new game in this channel with the same people, options and pace as finished
        game ``game_id``; the others join with one click (and a second Rematch click by
        one of them is a join)."""
        old = await self.repo.get_game(game_id)
        if old is None or old.channel_id != place.channel_id:
            raise Refusal("That Rematch button is for a game of another channel.")
        if old.status != "finished":
            raise Refusal("Only a finished game has a rematch.")
        seats = sorted(await self.repo.seats(game_id), key=lambda s: s.position)
        if not any(s.user_id == actor.user_id for s in seats):
            raise Refusal(f"Only the players of game #{game_id} can ask for its rematch; "
                          "`/game new` opens a game of your own.")
        live = await self.repo.live_game(place.channel_id)
        if live is not None:
            following = json.loads(live.plan)["from"] if live.plan else None
            if following == game_id and live.status == "setup":
                return await self.join(place, actor, game_id=live.id)
            raise Refusal(f"This channel already has a game (#{live.id}): finish or abort it "
                          "first.")
        if how not in HOW:
            raise Refusal(f"A rematch keeps the seats `keep`, rotates them `rotate` or "
                          f"shuffles them `shuffle`, not {how}.")
        self._check_place(place)
        await self._check_open_games(place, actor)
        g = games.get(old.game)
        in_play = [s for s in seats if s.role]
        seed = rng.new_seed()
        sides = _new_sides([s.role for s in in_play if s.role], how, seed)
        planned = [(s.user_id, side) for s, side in zip(in_play, sides, strict=True)]
        now = self.now()
        paced = pace_of(old)
        fresh = Pace(control=paced.control, on_timeout=paced.on_timeout, remind=paced.remind,
                     idle=paced.idle, idle_days=paced.idle_days, setup_days=paced.setup_days)
        names = {s.user_id: s.name for s in in_play if s.user_id}
        plan = {"from": game_id, "how": how, "seats": planned, "names": names}
        first = [Seat(game_id=0, position=0, role=side,
                      user_id=None if user is None else actor.user_id,
                      name=COMPUTER if user is None else actor.name[:100], is_bot=user is None)
                 for user, side in planned if user is None or user == actor.user_id]
        try:
            game = await self.repo.create_game(
                guild_id=place.guild_id, channel_id=place.channel_id, game=old.game,
                options=json.loads(old.options), seed=seed, created_by=actor.user_id,
                seats=first, now=now,
                sched=self._setup_sched(fresh, now),
                plan=plan)
        except ChannelBusy:
            raise Refusal("This channel already has a game: finish or abort it first.") \
                from None
        lg = await self._loaded(game)
        intro = (f"🔁 {escape(actor.name)} starts the rematch of game #{game_id} "
                 f"({HOW[how]}).")
        if len(lg.seats) >= len(planned):
            return await self._start(lg, intro=intro)
        waiting = await invitation_pings(self.repo, plan, lg.seats, g.ROLE_NAMES, now)
        said = " · ".join(f"{escape(names.get(u, COMPUTER) if u else COMPUTER)} "
                          f"({g.ROLE_NAMES[side]})" for u, side in planned)
        return Reply(public=f"{intro} **{g.NAME}** — game #{game.id}: {said}.",
                     pings=waiting, ping_note="press **Join** to play.", join=game.id,
                     game_id=game.id, version=game.version)
