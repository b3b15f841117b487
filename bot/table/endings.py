"""Endings a player chooses: resigning (asked first, in the words the post will use),
declining the question, and aborting. An ending by the rules is stored with the move that
made it (``TableCore._store``)."""

from __future__ import annotations

import json
from collections.abc import Collection

from bot.replies import Actor, Confirmation, Place, Reply, escape
from bot.table.core import TableCore, refusals
from bot.table.game_threads import ended
from bot.table.loaded import Loaded, Refusal
from bot.table.posts import board_image
from bot.table.wording import COMPUTER, capital, winners_line
from db import Seat, id_of
from engine import games
from engine.grammar import and_


def resignation(roles: Collection[str], resigned: Collection[str], name: str,
                user_id: str | None = None) -> dict:
    """The result of a game among ``roles`` conceded by ``name`` (user ``user_id``), who
    played the sides ``resigned`` (``darbar import`` accepts a finished game's result only
    if it is one of these; games resigned before user ids were recorded have none)."""
    winners = [r for r in roles if r not in resigned]
    result = {"winners": winners, "scores": {r: int(r in winners) for r in roles},
              "reason": f"{name} resigned."}
    return result if user_id is None else result | {"resigned": user_id}


def _check_asked(actor: Actor, asked: str | None) -> None:
    if asked is not None and asked != actor.user_id:
        raise Refusal("That question was put to another player: only they can answer "
                      "it. Nothing was changed.")


def _stale(game_id: int) -> str:
    return (f"That question was about game #{game_id}, which is no longer this channel's "
            "game, so nothing was changed.")


def _resignation_plan(lg: Loaded, actor: Actor) -> tuple[list[Seat | None], dict | None]:
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
    if lg.computer and len(in_play) >= 3 and others:
        return [None] * len(mine), None
    if len(in_play) >= 3 and len(others) >= 2:
        # No computer to take over: the people still playing share the sides, as when
        # fewer people than sides sit down. One person alone would only play themself.
        return [others[i % len(others)] for i in range(len(mine))], None
    return [], resignation(in_play, mine, actor.name, actor.user_id)


def _resignation_said(lg: Loaded, mine: list[str], takers: list[Seat | None],
                      result: dict | None) -> str:
    """What will happen, in the words the question and the post both use."""
    g = lg.module
    if result is None:
        parts = [f"{'the computer' if t is None else escape(t.name)} takes over "
                 f"{games.side_name(g, r)}" for r, t in zip(mine, takers, strict=True)]
        why = "" if all(t is None for t in takers) else f" ({lg.no_computer})"
        said = and_(parts)
        if takers[0] is None:
            said = capital(said)
        return f"{said}{why}, and the others play on."
    if not result["winners"]:
        return "The game ends with no winner."
    return f"The game ends: {winners_line(lg, result['winners'])}."


class Endings(TableCore):
    @refusals
    async def resign(self, place: Place, actor: Actor, *, confirm: bool = False,
                     game_id: int | None = None, asked: str | None = None) -> Reply:
        """Concede. Without ``confirm`` only asks (a slip of the finger costs nothing); the
        answer comes back with ``confirm=True`` and the ``game_id`` the question was about,
        so an answer to a question about an earlier game changes nothing; ``asked``: whom
        the question was put to (only their answer counts)."""
        _check_asked(actor, asked)
        try:
            lg = await self._load(place)
        except Refusal:
            latest = await self.repo.latest_game(place.channel_id)
            if game_id is None or (latest is not None and latest.id == game_id):
                raise  # this very game is over, or there is none: say so
            raise Refusal(_stale(game_id)) from None
        if game_id is not None and lg.game.id != game_id:
            raise Refusal(_stale(game_id))
        if lg.game.status != "active":
            raise Refusal("The game has not started: use `/game leave` instead.")
        g = lg.module
        mine = lg.roles_of(actor)
        if not mine:
            raise Refusal("You are not seated in this game.")
        takers, result = _resignation_plan(lg, actor)
        then = _resignation_said(lg, mine, takers, result)
        if not confirm:
            return Reply(private=f"Resign game #{lg.game.id} ({g.NAME})? {then}",
                         confirm=Confirmation("resign", id_of(lg.game), yes="Yes, resign",
                                              no="No, keep playing", asked=actor.user_id),
                         game_id=lg.game.id, version=lg.game.version)
        if result is None:
            for role, taker in zip(mine, takers, strict=True):
                seat = lg.seat_for(role)
                assert seat is not None  # roles_of names seated roles only
                lg.game.version = await self._hand_seat(
                    lg, seat, user_id=taker.user_id if taker else None,
                    name=taker.name if taker else COMPUTER, is_bot=taker is None,
                    why="resigned")
                lg = await self._reloaded(lg)
            lg = await self._reloaded(lg)
            lg, bot_lines = await self._run_bots(lg)
            text = f"🏳 **{escape(actor.name)}** resigns. {then}"
            return await self._post(lg, "\n".join([text, *bot_lines]))
        # The name stays raw in the database; result_line escapes it when it is shown.
        await self.repo.set_status(lg.game, "finished", result=result, now=self.now())
        lg = await self._reloaded(lg)
        return await self._post(lg, f"🏳 **{escape(actor.name)}** resigns.")

    @refusals
    async def decline(self, place: Place, actor: Actor, *, game_id: int,
                      asked: str | None = None) -> Reply:
        """"No" to a question (``/resign``): nothing happens, and it is said only to the
        one who was asked, a seated player of that game."""
        _check_asked(actor, asked)
        game = await self.repo.get_game(game_id)
        if game is None or game.channel_id != place.channel_id:
            raise Refusal(_stale(game_id))
        if not any(s.user_id == actor.user_id for s in await self.repo.seats(game_id)):
            raise Refusal("You are not seated in that game: the question was not yours.")
        return Reply(private="Carry on! Nothing was changed.")

    @refusals
    async def abort(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        await self.check_steward(lg, actor, "abort it")
        await self.repo.set_status(lg.game, "aborted", now=self.now())
        text = f"Game #{lg.game.id} ({lg.module.NAME}) was aborted by {escape(actor.name)}."
        aborted = "🛑 aborted, without a result."
        if lg.state is None:  # still seating: no board to show
            return await ended(self.repo, lg, Reply(public=text), self.now(), aborted)
        lg = await self._reloaded(lg)
        # The last picture says the game was abandoned, not whose turn it was.
        reply = await ended(self.repo, lg, Reply(public=text, **await board_image(lg)),
                            self.now(), aborted)
        await self._follow_on(lg, reply)  # an aborted tiebreak settles its game
        return reply
