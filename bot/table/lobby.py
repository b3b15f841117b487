"""Open seats: a game being set up whose seats anyone may take (``/seek open``, ``/game
new … open:true``), its invitation card in the server's lobby with a Join button (or in
the channel it was opened in, where the server set no lobby), the card brought up to
date after every change of its seats, the game started when they are full; ``/seek
list``; the looking-for-a-game role members give themselves.

An open game is an ordinary game being set up (seating.py opens it, by the same path as
``/game new``) with an ``Invitation`` row: where its card is and which message it is.
The table says which card to bring up to date (``Reply.card``) and words it
(``invitation_card``); the face posts or edits it."""

from __future__ import annotations

import json

from bot.replies import Actor, Page, Place, Reply, clip, escape
from bot.table.core import pace_of, refusals
from bot.table.endings import Endings
from bot.table.invitation_card import Card, card, message_link
from bot.table.listing import page_of
from bot.table.loaded import Refusal
from bot.table.seating import Seating
from bot.table.server_options import ServerOptions
from db import Invitation, id_of
from engine import games
from engine.grammar import count
from engine.options import read as read_options


def _said(refusal: Refusal) -> Reply:
    """A refusal as ``refusals`` words it. The methods that go on to a decorated call
    check first and say this themselves: a decorated call inside another would count
    the caller twice against the rate limit."""
    return Reply(private=clip(str(refusal)), error=True)


def _open_options(place: Place, game_id: str, opponent: str | None,
                  options: dict) -> dict:
    """The options of a game with open seats, its number of players settled: the card
    counts the seats left, and the game starts when they are taken (the game's usual
    number unless the creator gave one)."""
    if place.guild_id is None:
        raise Refusal("Open seats are offered to a server: open the game in one.")
    if opponent not in (None, "", "none"):
        raise Refusal("A game with open seats waits for people to join; to play the "
                      "computer, open it without `open`.")
    if game_id in games.ids():
        g = games.get(game_id)
        if "players" in g.OPTIONS and "players" not in options:
            return {**options, "players": str(g.OPTIONS["players"]["default"])}
    return options


def _seek_options(game_id: str, players: int | None, options: dict) -> dict:
    """``/seek open``'s ``players:`` as the game's option, or checked against a game of
    fixed size."""
    if players is None or game_id not in games.ids():
        return options
    g = games.get(game_id)
    if "players" not in g.OPTIONS:
        if players != len(games.sides(g)):
            raise Refusal(f"{g.NAME} is played by {count(len(games.sides(g)), 'player')}, "
                          f"not {players}: leave `players` out.")
        return options
    if "players" in options and str(options["players"]) != str(players):
        raise Refusal(f"`players:{players}` and the option `players={options['players']}` "
                      "disagree: give one.")
    return {**options, "players": str(players)}


class Lobby(Seating, Endings):
    async def new(self, place: Place, actor: Actor, game_id: str, *,
                  role: str | None = None, opponent: str | None = None,
                  options: dict | None = None, seed: int | None = None,
                  pace: str | None = None, on_timeout: str | None = None,
                  open: bool = False) -> Reply:
        """``/game new``; ``open``: its seats are open to anyone, from a card."""
        if open:
            try:
                options = _open_options(place, game_id, opponent, options or {})
            except Refusal as e:
                return _said(e)
        reply = await super().new(place, actor, game_id, role=role, opponent=opponent,
                                  options=options, seed=seed, pace=pace,
                                  on_timeout=on_timeout)
        if not open or reply.error or reply.game_id is None:
            return reply
        return await self._invite(place, actor, game_id, options or {}, reply)

    async def _invite(self, place: Place, actor: Actor, game_id: str, options: dict,
                      reply: Reply) -> Reply:
        """The card of game ``reply.game_id``, just opened with open seats: stored, to be
        posted after ``reply`` (which says where)."""
        assert reply.game_id is not None
        lobby = ServerOptions.of(await self.repo.server(place.guild_id)).lobby
        await self.repo.add_invitation(Invitation(
            game_id=reply.game_id, guild_id=place.guild_id,
            channel_id=lobby or place.channel_id, opened_by=actor.user_id,
            opened_name=actor.name[:100], created_at=self.now()))
        where = f"on its card in <#{lobby}>" if lobby else "on its card below"
        g = games.get(game_id)
        seats = len(games.sides(g, read_options(g.OPTIONS, options)))  # read by new()
        pace_said = (reply.public or "").partition("\n")[2]
        reply.public = (f"{escape(actor.name)} opens a game of **{g.NAME}** (game "
                        f"#{reply.game_id}) with {count(seats, 'seat')} open to anyone: press "
                        f"**Join** {where}, or `/game join` here. It starts when every seat "
                        f"is taken (`/game start` starts it sooner).\n{pace_said}")
        reply.card = reply.game_id
        return reply

    async def seek(self, place: Place, actor: Actor, game_id: str, players: int | None = None,
                   pace: str | None = None, options: dict | None = None) -> Reply:
        """``/seek open``: a game with open seats, ``players`` seats in all."""
        try:
            options = _seek_options(game_id, players, dict(options or {}))
        except Refusal as e:
            return _said(e)
        return await self.new(place, actor, game_id, options=options, pace=pace, open=True)

    async def join_open(self, place: Place, actor: Actor, game_id: int) -> Reply:
        """**Join** on a card: a seat in its game, wherever the card is."""
        inv = await self.repo.invitation(game_id)
        game = await self.repo.get_game(game_id)
        seated = [] if game is None else await self.repo.seats(game_id)
        try:
            if inv is None or game is None or inv.channel_id != place.channel_id:
                raise Refusal("That Join button is not of an open game's card here.")
            if game.status != "setup":
                raise Refusal(f"Game #{game_id} is no longer open: its seats were taken or "
                              "it was closed. `/seek list` shows the games with seats open.")
            if any(s.user_id == actor.user_id for s in seated):
                raise Refusal(f"You already have a seat in game #{game_id}: it starts when "
                              "every seat is taken. `/game leave` there gives it up.")
        except Refusal as e:
            return _said(e)
        there = Place(game.channel_id, game.guild_id)
        reply = await self.join(there, actor, game_id=game_id)
        if not reply.error and game.channel_id != place.channel_id:
            reply.place = there  # the game's posts are made where it is played
            reply.private = (f"You have a seat in game #{game_id}: it is played in "
                             f"<#{game.channel_id}>.")
        return reply

    # --- the card, after any change of an open game's seats -----------------------------

    async def join(self, place: Place, actor: Actor, role: str | None = None,
                   game_id: int | None = None) -> Reply:
        return await self._with_card(place, await super().join(place, actor, role, game_id))

    async def leave(self, place: Place, actor: Actor) -> Reply:
        return await self._with_card(place, await super().leave(place, actor))

    async def start(self, place: Place, actor: Actor, *,
                    fill_with_computer: bool = False) -> Reply:
        return await self._with_card(place, await super().start(
            place, actor, fill_with_computer=fill_with_computer))

    async def abort(self, place: Place, actor: Actor) -> Reply:
        return await self._with_card(place, await super().abort(place, actor))

    async def _with_card(self, place: Place, reply: Reply) -> Reply:
        """``reply``, bringing the card of the channel's latest game up to date too, if
        it has one."""
        if reply.error:
            return reply
        game_id = reply.game_id
        if game_id is None:  # a leave, an abort: the channel's game that was
            game = await self.repo.latest_game(place.channel_id)
            game_id = None if game is None else id_of(game)
        if game_id is not None and await self.repo.invitation(game_id) is not None:
            reply.card = game_id
        return reply

    async def invitation_card(self, game_id: int) -> Card | None:
        """The card of game ``game_id`` as it stands now (None: it has none)."""
        inv = await self.repo.invitation(game_id)
        game = await self.repo.get_game(game_id)
        if inv is None or game is None:
            return None
        server = ServerOptions.of(await self.repo.server(game.guild_id))
        return card(inv, await self._loaded(game), server.lfg_role, server.lobby is not None)

    async def card_posted(self, game_id: int, channel_id: str, message_id: str) -> None:
        await self.repo.card_posted(game_id, channel_id, message_id)

    # --- /seek list, the looking-for-a-game role -----------------------------------------

    @refusals
    async def open_seats(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        """``/seek list``: the server's games with seats open, oldest first."""
        if place.guild_id is None:
            raise Refusal("`/seek list` lists a server's open seats: use it in a server.")
        rows = await self.repo.open_seats(place.guild_id)
        if not rows:
            return Reply(private="No game on this server has open seats. `/seek open` "
                         "opens one.")
        lines = []
        for row in rows:
            g = games.get(row.game.game)
            total = len(games.sides(g, json.loads(row.game.options)))
            pace = pace_of(row.game).control
            link = (message_link(row.invitation.guild_id, row.invitation.channel_id,
                                 row.invitation.message_id) if row.invitation.message_id
                    else None)
            lines.append(clip(
                f"**{g.NAME}** #{row.game.id} · {count(total - row.seated, 'seat')} left of "
                f"{total} · ⏱ {pace.word() if pace else 'no clock'} · opened by "
                f"{escape(row.invitation.opened_name)}"
                + (f" · [card]({link})" if link else ""), 300))
        shown, page, pages = page_of(lines, page)
        head = (f"**Open seats on this server** — {count(len(rows), 'game')}"
                + (f" (page {page} of {pages})" if pages > 1 else "")
                + ". Press **Join** on a card to take a seat.")
        return Reply(private=clip("\n".join([head, *shown])),
                     page=Page("open_seats", page, pages) if pages > 1 else None)

    @refusals
    async def lfg(self, place: Place, actor: Actor) -> Reply:
        """The looking-for-a-game role, given to the caller or taken off (the face asks
        Discord: ``Reply.lfg``)."""
        role = ServerOptions.of(await self.repo.server(place.guild_id)).lfg_role
        if role is None:
            raise Refusal("This server has no looking-for-a-game role: a moderator can set "
                          "one with `/server settings lfg_role:`.")
        if role in actor.roles:
            return Reply(private=f"<@&{role}> is taken off: open seats no longer mention "
                         "you. Press the button again to have it back.", lfg=(role, False))
        return Reply(private=f"You now have <@&{role}>: open seats mention it. Press the "
                     "button again to take it off.", lfg=(role, True))
