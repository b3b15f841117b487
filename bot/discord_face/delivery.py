"""How a public post fares in Discord, in the table's words (bot/table/deliveries.py).

Before a post, the interaction's ``app_permissions`` (what Discord lets the bot do in that
channel, sent with every interaction) says whether it can be made at all, so a missing
permission is named exactly instead of guessed from a 403 afterwards. After a post, a
failure is sorted: a permission (403), the channel gone (404 *Unknown Channel*), or an
outage (5xx after discord.py's own retries, a timeout, the network). Anything else (a
400: a bug of ours) is not the ledger's to hide and is raised."""

from __future__ import annotations

import asyncio

import aiohttp
import discord

from bot.table import Failed

# Discord's error codes that say the channel is gone or the bot may not use it.
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
ALREADY_ACKNOWLEDGED = 40060

# What posting a game needs, by the permission's attribute in discord.py.
TO_POST = ("view_channel", "send_messages", "embed_links")
TO_ATTACH = ("attach_files",)
IN_THREADS = "send_messages_in_threads"

POST_ERRORS = (discord.HTTPException, asyncio.TimeoutError, aiohttp.ClientError)


def needed(*, files: bool, thread: bool) -> tuple[str, ...]:
    """The permissions a post needs: in a thread, Send Messages in Threads stands for
    Send Messages (Discord asks for that one there)."""
    base = tuple(IN_THREADS if p == "send_messages" and thread else p for p in TO_POST)
    return base + (TO_ATTACH if files else ())


def missing_in(interaction: discord.Interaction, *, files: bool) -> Failed | None:
    """What the bot lacks in the interaction's channel to make a post (with ``files``),
    from the permissions Discord sent with the interaction; None if nothing."""
    perms = interaction.app_permissions
    thread = isinstance(interaction.channel, discord.Thread) or getattr(
        interaction.channel, "type", None) in (discord.ChannelType.public_thread,
                                               discord.ChannelType.private_thread)
    lacking = tuple(p for p in needed(files=files, thread=thread) if not getattr(perms, p))
    return Failed(missing=lacking) if lacking else None


def failure_of(error: BaseException, *, files: bool) -> Failed | None:
    """The ledger's reading of a failed post; None for an error that is not a delivery
    failure (it is raised on)."""
    if isinstance(error, discord.Forbidden):
        if error.code == MISSING_ACCESS:
            return Failed(missing=("view_channel",))
        return Failed(missing=TO_ATTACH if files else ("send_messages",))
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return Failed(gone=True)
    if isinstance(error, discord.DiscordServerError):
        return Failed(detail=f"it answered {error.status}")
    if isinstance(error, asyncio.TimeoutError | aiohttp.ClientError):
        return Failed(detail="no answer")
    return None


def already_answered(error: BaseException) -> bool:
    """A first answer that discord.py sent again after a 5xx, which Discord had already
    taken: the first one stands (it holds the post)."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED
