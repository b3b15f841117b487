"""People who leave the server mid-game, and come back.

A face finds out (Discord: a member fetch answering *Unknown Member*, or the member event
where the operator enabled it) and calls ``left_server``: the leaver's seats in the
server's games under way are marked (``seat.left_at``), and each game's channel is told
once who left, which side is open and what can be done. From then on the leaver is never
pinged or messaged about that game (``Ping.of_roles`` makes theirs a name without a
mention; reminders and timeout messages leave them out); the game's clock and what its
timeout does go on as before, so it never hangs. Someone who comes back and acts in the
server again is seated as before (``came_back``)."""

from __future__ import annotations

from bot.replies import Notice, Place, Reply, escape
from bot.table.core import TableCore, pace_of
from bot.table.loaded import Loaded
from bot.table.wording import timeout_said
from engine import games


def left_text(lg: Loaded, user_id: str) -> str:
    """Who left, the sides nobody plays now, and what the others can do about it."""
    g = lg.module
    mine = [s for s in lg.seats if s.user_id == user_id and s.role]
    roles = [s.role for s in mine if s.role]
    sides = [games.side_name(g, r) for r in roles]
    name = escape(mine[0].name) if mine else "A player"
    words = sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]
    that = "that side" if len(sides) == 1 else "those sides"
    to = "another member, or to the computer," if lg.computer else "another member"
    pace = pace_of(lg.game)
    if pace.control is not None:
        then = f"Otherwise, when the clock runs out, {timeout_said(pace, lg.computer)}."
    else:
        then = (f"Otherwise the game waits, reminding nobody, and is abandoned after "
                f"{pace.idle_days} days without a move.")
    return (f"🚪 **{name}** has left the server: nobody is there to play {words} in "
            f"**{g.NAME}** (game #{lg.game.id}). The game's creator or a moderator can give "
            f"{that} to {to} with `/game reassign side:{roles[0] if roles else ''}`. {then}")


class Departures(TableCore):
    async def left_server(self, guild_id: str, user_id: str) -> list[Notice]:
        """``user_id`` is no longer a member of ``guild_id``: their seats in its games under
        way are marked, and what to tell each game's channel (once: a game already told,
        by this process or another, is not told again)."""
        out: list[Notice] = []
        for game_id in await self.repo.mark_left(guild_id, user_id, self.now()):
            game = await self.repo.get_game(game_id)
            if game is None:
                continue
            lg = await self._loaded(game)
            out.append(Notice(Place(game.channel_id, game.guild_id),
                              Reply(public=left_text(lg, user_id), game_id=game_id)))
        return out

    async def came_back(self, guild_id: str, user_id: str) -> int:
        """``user_id`` acts in ``guild_id`` again: their seats there are theirs as before
        (pinged and reminded again). How many seats had been marked as left."""
        return await self.repo.mark_back(guild_id, user_id)
