"""The server's board through Discord (bot/table/board.py decides when and what): its
pages posted, or edited in place where their text changed; a message someone deleted
posted again, with the pages after it so they stay in order; a channel gone or refusing
the bot switching the board off, saying why.

The board is plain text, a message a page: no embeds (so no Embed Links), and messages
edited by their stored ids (so no Read Message History); it needs only View Channel and
Send Messages in its channel. It pings nobody (``allowed_mentions`` none: the names on
it are names, not mentions). Deleting its own old pages needs no permission either."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.discord_face.delivery import POST_ERRORS, transient
from bot.discord_face.face import Face
from bot.discord_face.permissions import UNKNOWN_CHANNEL, refused_because
from bot.discord_face.pings import NO_PINGS
from bot.metrics import BOARD_MESSAGES
from bot.table import Table
from bot.table.board import CHANNEL_GONE, BoardDraw
from db.outage import unavailable

log = logging.getLogger("darbar.board")
# Seconds between looks for a board due: each look is one read (the boards due and their
# servers' marks); only a board whose games changed is claimed and drawn.
BOARD_POLL = 5.0
UNKNOWN_MESSAGE = 10008
# How long closing waits for a redraw under way (a few posts or edits).
CLOSING_WAIT = 10.0
# The board messages this process is deleting itself (a page moved down, a page fewer):
# their MESSAGE_DELETE is no repair to make. Snowflakes are unique, so one set serves.
_deleting: set[int] = set()


async def keep_boards(bot: Face) -> None:
    """Redraw the boards of this process's servers as they fall due, until closed."""
    await bot.wait_until_ready()
    table = bot.opened()[1]
    while not bot.is_closed():
        look = asyncio.ensure_future(redraw(bot, table))
        try:
            await asyncio.shield(look)
        except asyncio.CancelledError:
            # Closing: a redraw under way is finished first, its posts' ids stored, so
            # the next start does not post its pages again beside them.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(look, CLOSING_WAIT)
            raise
        except Exception as e:  # one failed look must not end the loop
            if not unavailable(e):
                log.exception("board redraw failed")
            else:  # what is due stays due: the next look draws it
                log.warning("boards: the database did not answer; looked at again later")
        await asyncio.sleep(min(bot.reminder_poll, BOARD_POLL))


class OnDiscord:
    """The board's face for a moderator's command (bot/table/board.py's ``BoardFace``)."""

    def __init__(self, bot: Face, table: Table) -> None:
        self.bot, self.table = bot, table

    async def draw(self, guild_id: str) -> str | None:
        return await redraw(self.bot, self.table, guild_id)

    async def remove(self, guild_id: str, channel_id: str, message_ids: list[str]) -> None:
        channel = self.bot.get_partial_messageable(int(channel_id), guild_id=int(guild_id))
        for mid in message_ids:
            try:
                await _delete(channel, int(mid))
            except discord.HTTPException as e:  # the channel gone, or no longer seen
                log.warning("server %s: its old board's message %s was not deleted: %s",
                            guild_id, mid, e)


async def redraw(bot: Face, table: Table, guild_id: str | None = None) -> str | None:
    """Draw the boards due (or ``guild_id``'s, at once: a moderator just set it up);
    why the last one drawn was switched off, None if it was not."""
    why = None
    for draw in await table.boards_due(bot.owns_guild, guild_id):
        why = await _draw(bot, table, draw)
    return why


async def _draw(bot: Face, table: Table, draw: BoardDraw) -> str | None:
    channel = bot.get_partial_messageable(int(draw.channel_id), guild_id=int(draw.guild_id))
    old, made = list(draw.messages), []
    try:
        moved = False  # a page posted anew: those after it are posted anew too
        for i, text in enumerate(draw.pages):
            mid = old[i] if i < len(old) else None
            if mid is not None and not moved:
                if i < len(draw.shown) and draw.shown[i] == text:
                    made.append(mid)
                    continue
                if await _edited(channel, int(mid), text):
                    made.append(mid)
                    continue
            elif mid is not None:
                await _delete(channel, int(mid))
            moved = True
            made.append(str((await channel.send(text, allowed_mentions=NO_PINGS)).id))
            BOARD_MESSAGES.labels("posted").inc()
        for mid in old[len(draw.pages):]:
            if mid is not None:
                await _delete(channel, int(mid))
    except POST_ERRORS as e:
        why = _refused(e, draw.channel_id)
        if why is not None:
            await table.board_off(draw, why)
            return why
        if not transient(e):
            raise
        log.warning("server %s: its board was not redrawn (%s); again when next due",
                    draw.guild_id, e)
        # What was posted is kept (its ids), the rest drawn again when next due.
        await table.board_drawn(draw, made + [m for m in old[len(made):] if m],
                                list(draw.pages[:len(made)]), whole=False)
        return None
    await table.board_drawn(draw, made, list(draw.pages))
    return None


async def _edited(channel: discord.PartialMessageable, message_id: int, text: str) -> bool:
    """The page's message given its new text; False when it was deleted meanwhile."""
    try:
        await channel.get_partial_message(message_id).edit(content=text,
                                                           allowed_mentions=NO_PINGS)
    except discord.NotFound as e:
        if e.code != UNKNOWN_MESSAGE:
            raise
        return False
    BOARD_MESSAGES.labels("edited").inc()
    return True


async def _delete(channel: discord.PartialMessageable, message_id: int) -> None:
    _deleting.add(message_id)
    try:
        await channel.get_partial_message(message_id).delete()
        BOARD_MESSAGES.labels("deleted").inc()
    except discord.NotFound:
        pass  # gone already
    finally:
        # Discord's MESSAGE_DELETE comes after its answer, within moments.
        asyncio.get_running_loop().call_later(60, _deleting.discard, message_id)


def _refused(error: BaseException, channel_id: str) -> str | None:
    """Why the board cannot be kept in its channel, as a moderator reads it; None for a
    failure that may pass."""
    if not isinstance(error, discord.HTTPException):
        return None
    if error.code == UNKNOWN_CHANNEL:
        return CHANNEL_GONE
    return refused_because(error, f"<#{channel_id}>")


async def message_deleted(bot: Face, guild_id: int | None, channel_id: int,
                          message_ids: set[int]) -> None:
    """Someone deleted messages (MESSAGE_DELETE, MESSAGE_DELETE_BULK): a board's among
    them is posted again at the next look, by the process that carries the server."""
    theirs = message_ids - _deleting
    if guild_id is None or not theirs or not bot.owns_guild(str(guild_id)):
        return
    try:
        gone = await bot.opened()[1].board_message_gone(str(channel_id),
                                                        [str(m) for m in theirs])
    except Exception as e:
        if not unavailable(e):
            raise
        # Not lost: the next edit of the page meets 10008 and posts it again.
        log.warning("a deleted message in channel %s was not looked up: the database did "
                    "not answer", channel_id)
        return
    if gone:
        log.info("server %s: a message of its board was deleted; it is posted again",
                 guild_id)
