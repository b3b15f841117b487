"""Spectators following a game (``/game follow``, the Follow button; ``/game unfollow``):
added to the game's own thread, so Discord tells them of every post there, or sent the
game's public post by DM after each move (bot/table/game_threads.py puts them on the post;
the face sends it). Only the public post, ever: words and picture as the channel has them.

Players are not followers: they are the thread's members already and are pinged when it is
their move, and a DM of the public post would tell them nothing the channel does not, so
both are refused, saying so. Also here: the finished games' threads whose archiving is due
(the scheduler's, claimed once) and a follower whose DMs turned out closed."""

from __future__ import annotations

from datetime import datetime

from bot.replies import Actor, Place, Reply, ThreadChange, jump_link
from bot.table.core import TableCore, refusals
from bot.table.loaded import Refusal
from db import LIVE_STATUSES, Game, GameThread, id_of
from engine import games

FOLLOW_HOW = {"thread": "added to the game's thread: Discord tells you of every post there",
              "dm": "sent each move's public post by DM"}


class Following(TableCore):
    @refusals
    async def follow(self, place: Place, actor: Actor, how: str | None = None,
                     game_id: int | None = None) -> Reply:
        """Follow the channel's game (or the game a Follow button was made for)."""
        game = await self._followed(place, game_id)
        thread = await self.repo.game_thread(id_of(game))
        how = how or ("thread" if thread is not None else "dm")
        if how not in FOLLOW_HOW:
            raise Refusal("`how` is `thread` (added to the game's thread) or `dm` (each "
                          "move's public post sent to you by DM).")
        name = f"game #{game.id} ({games.get(game.game).NAME})"
        if any(s.user_id == actor.user_id for s in await self.repo.seats(id_of(game))):
            raise Refusal(f"You play in {name}: you are pinged when it is your move, and "
                          "its thread has you as a member already. Following is for "
                          "spectators; a DM would only repeat the public post.")
        if how == "thread" and thread is None:
            raise Refusal(f"{name.capitalize()} lives in this channel, not in a thread of "
                          "its own, so there is no thread to add you to: every post is "
                          "here. To be sent each move's post by DM: `/game follow how:dm`.")
        await self.repo.follow(id_of(game), actor.user_id, how, self.now())
        where = jump_link(game.guild_id, game.channel_id)
        reply = Reply(private=f"You follow {name}: you are {FOLLOW_HOW[how]} ({where}). "
                      "`/game unfollow` there stops it.", game_id=game.id)
        if how == "thread" and thread is not None:
            reply.thread = ThreadChange(thread.thread_id, thread.parent_id,
                                        add=(actor.user_id,))
        return reply

    @refusals
    async def unfollow(self, place: Place, actor: Actor) -> Reply:
        game = await self._followed(place, None)
        found = await self.repo.follower(id_of(game), actor.user_id)
        if found is None or not await self.repo.unfollow(id_of(game), actor.user_id):
            raise Refusal(f"You do not follow game #{game.id}: nothing to stop. "
                          "(`/game follow` follows it.)")
        reply = Reply(private=f"You no longer follow game #{game.id}.", game_id=game.id)
        thread = await self.repo.game_thread(id_of(game))
        if found.how == "thread" and thread is not None:
            reply.thread = ThreadChange(thread.thread_id, thread.parent_id,
                                        remove=(actor.user_id,))
        return reply

    async def _followed(self, place: Place, game_id: int | None) -> Game:
        """The game being set up or played here, or the one a button names (under the
        notice in the channel its thread was opened from), checked against the database."""
        if game_id is None:
            game = await self.repo.live_game(place.channel_id)
            if game is None:
                raise Refusal("There is no game being played in this channel to follow. "
                              "Give `/game follow` in the game's thread (the channel's "
                              "notice links to it), or press its **Follow** button.")
            return game
        game = await self.repo.get_game(game_id)
        if game is None or game.guild_id != place.guild_id:
            raise Refusal("That button is for a game I cannot find on this server.")
        if game.status not in LIVE_STATUSES:
            raise Refusal(f"Game #{game.id} is over: there is nothing more to follow. "
                          "`/replay` shows it move by move.")
        return game

    async def threads_to_archive(self, now: datetime) -> list[GameThread]:
        """The finished games' threads whose time has come, each claimed by this call (of
        several processes, one archives it). A thread where a rematch is under way is
        claimed but left open (Discord archives it after a week without posts)."""
        out = []
        for found in await self.repo.threads_due(now):
            if not await self.repo.claim_archive(found.game_id, now):
                continue
            if await self.repo.live_game(found.thread_id) is None:
                out.append(found)
        return out

    async def follower_unreachable(self, game_id: int, user_id: str) -> bool:
        """Their DMs are closed (Discord's 50007): nothing more is sent to them for this
        game (``/game follow`` again starts it anew). Whether this call stopped it."""
        return await self.repo.stop_follower(game_id, user_id, self.now())
