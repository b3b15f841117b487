"""Whether the people a post pings are still members of its server.

Without the privileged members intent, Discord tells a bot nothing when someone leaves.
So membership is checked when it matters, before a post pings or a DM reaches a
player, and cheaply:

- someone seen acting in the server (any interaction) or found there by a member fetch
  is taken to be present for ``PRESENT_FOR``: a post after a move, a rematch or a seat
  offer fetches only the people not seen lately (the mover never);
- what the scheduler sends (a reminder, a timeout, a warning: a few a day a game) always
  fetches, so a reminder never goes into the void;
- a fetch answered *Unknown Member* (10007) or *Unknown User* (10013) means they left;
  any other failure (an outage, a 429 after discord.py's retries) means nothing, and the
  ping goes out as it would have.

Someone found gone is handed to the table (``Table.left_server``: their seats marked,
each game's channel told once); their ping in the post at hand becomes their name. With
``DISCORD_MEMBERS_INTENT`` the bot hears of it at once as well (``on_raw_member_remove``).
Someone seen again after a while (their first interaction in ``PRESENT_FOR``) is seated as
before (``Table.came_back``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import replace

import discord

from bot.replies import Notice, Ping, Reply
from bot.table import Table

log = logging.getLogger("darbar.discord")
PRESENT_FOR = 3600.0  # seconds someone seen in a server is taken to be there still
GONE_CODES = (10007, 10013)  # Unknown Member, Unknown User
MAX_REMEMBERED = 50_000  # entries before the expired ones are swept out


class Members:
    """Who is known to be in which server lately, and who was found gone."""

    def __init__(self, http: discord.http.HTTPClient, table: Callable[[], Table],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._http, self._table, self._clock = http, table, clock
        self._seen: dict[tuple[str, str], float] = {}

    def _fresh(self, key: tuple[str, str]) -> bool:
        at = self._seen.get(key)
        return at is not None and self._clock() - at < PRESENT_FOR

    def _note(self, key: tuple[str, str]) -> None:
        if len(self._seen) >= MAX_REMEMBERED:
            now = self._clock()
            self._seen = {k: at for k, at in self._seen.items() if now - at < PRESENT_FOR}
        self._seen[key] = self._clock()

    def forget(self, guild_id: str, user_id: str) -> None:
        self._seen.pop((guild_id, user_id), None)

    async def arrived(self, guild_id: str | None, user_id: str) -> None:
        """``user_id`` acts in ``guild_id``: present. The first time in a while, any seat
        of theirs marked as left is theirs again (one write, not one an interaction)."""
        if guild_id is None:
            return
        key = (guild_id, user_id)
        if self._fresh(key):
            return
        self._note(key)
        if back := await self._table().came_back(guild_id, user_id):
            log.info("user %s is back in guild %s: %d seat(s) theirs again", user_id,
                     guild_id, back)

    async def gone(self, guild_id: str | None, user_ids: Iterable[str], *,
                   always: bool = False) -> set[str]:
        """Those of ``user_ids`` who are no longer members of ``guild_id``, asked of
        Discord unless seen lately (``always``: asked in any case)."""
        out: set[str] = set()
        if guild_id is None:
            return out
        for user_id in dict.fromkeys(user_ids):
            key = (guild_id, user_id)
            if not user_id.isdigit() or (not always and self._fresh(key)):
                continue
            try:
                await self._http.get_member(int(guild_id), int(user_id))
            except discord.NotFound as e:
                if e.code in GONE_CODES:
                    self.forget(guild_id, user_id)
                    out.add(user_id)
                continue
            except Exception as e:  # no answer is no evidence: they are pinged as before
                log.warning("membership of user %s not checked: %r", user_id, e)
                continue
            self._note(key)
        return out

    async def left(self, guild_id: str | None, user_ids: Collection[str]) -> list[Notice]:
        """The table told that ``user_ids`` left: what to say in each game's channel."""
        out: list[Notice] = []
        for user_id in user_ids:
            if guild_id is None:
                continue
            log.info("user %s has left guild %s", user_id, guild_id)
            try:
                out += await self._table().left_server(guild_id, user_id)
            except Exception:  # the post at hand still goes out (their ping a name)
                log.exception("user %s left guild %s: their seats were not marked",
                              user_id, guild_id)
        return out

    async def checked(self, guild_id: str | None, reply: Reply, told: list[Notice], *,
                      spare: str | None = None, always: bool = False) -> Reply:
        """``reply`` with the pings of anyone who left made their names (quiet), and what
        to tell about them added to ``told``. ``spare``: the one who acted (present)."""
        asked = [p.user_id for p in reply.pings if not p.quiet and p.user_id != spare]
        gone = await self.gone(guild_id, asked, always=always)
        if gone:
            reply.pings = quieted(reply.pings, gone)
            told += await self.left(guild_id, gone)
        return reply

    def around(self, interaction: discord.Interaction, work: Awaitable[Reply],
               told: list[Notice]) -> Awaitable[Reply]:
        """``work`` (a table call answering ``interaction``), with its author noted as
        present first and its reply's pings checked after."""
        guild = str(interaction.guild_id) if interaction.guild_id else None
        actor = str(interaction.user.id)

        async def run() -> Reply:
            try:
                await self.arrived(guild, actor)
            except Exception:  # the database will say so again for the call itself
                log.exception("could not note user %s as present", actor)
            reply = await work
            return await self.checked(guild, reply, told, spare=actor)

        return run()


def quieted(pings: Iterable[Ping], gone: Collection[str]) -> list[Ping]:
    """``pings``, those of the people in ``gone`` made their names without a mention."""
    return [replace(p, quiet=True) if p.user_id in gone else p for p in pings]
