"""How a public post fares in Discord, in the table's words (bot/table/deliveries.py).

Before a post, the interaction's ``app_permissions`` (``permissions.missing_here``) says
whether it can be made at all, so a missing permission is named exactly instead of
guessed from a 403 afterwards. After a post, a failure is sorted: a permission (403), a
locked thread (50083), the channel gone (404 *Unknown Channel*), or an outage (5xx after
discord.py's own retries, a timeout, the network). Anything else (a 400: a bug of ours)
is not the ledger's to hide and is raised."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

from bot.discord_face.permissions import (
    MISSING_ACCESS,
    THREAD_ARCHIVED,
    TO_POST,
    UNKNOWN_CHANNEL,
    missing_here,
)
from bot.table import Failed

ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION = 40060, 10062
ATTACH_FILES, SEND_MESSAGES = TO_POST["attach_files"], TO_POST["send_messages"]

POST_ERRORS = (discord.HTTPException, asyncio.TimeoutError, aiohttp.ClientError)
# Seconds before sending a post again that discord.py gave up on after five 429s (a burst
# that meets the global limit comes back all at once, and some lose again every time),
# each stretched by up to as much again at random so that they do not; then the ledger
# keeps it owed. A 5xx is not sent again here: discord.py already tried it five times
# over some 25 s, and the scheduler's retries (bot/table/deliveries.py) come later.
AGAIN_AFTER = (1.0, 2.0, 4.0)
T = TypeVar("T")


def transient(error: BaseException) -> bool:
    """A failure that may pass: rate limited, Discord's 5xx, no answer."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, asyncio.TimeoutError | aiohttp.ClientError)


async def persisting(send: Callable[[], Awaitable[T]]) -> T:
    """``send()``, tried again after AGAIN_AFTER while Discord answers 429. Only for a
    send that is the same post each time (a nonce: Discord stores it once)."""
    for wait in (*AGAIN_AFTER, None):
        try:
            return await send()
        except discord.HTTPException as e:
            if wait is None or e.status != 429:
                raise
            await asyncio.sleep(wait * (1 + random.random()))
    raise AssertionError("unreachable")


def missing_in(interaction: discord.Interaction, *, files: bool) -> Failed | None:
    """What the bot lacks in the interaction's channel to make a post (with ``files``, or
    without), from the permissions Discord sent with the interaction; None if nothing."""
    lacking = tuple(w for w in missing_here(interaction) if files or w != ATTACH_FILES)
    return Failed(missing=lacking) if lacking else None


def failure_of(error: BaseException, *, files: bool) -> Failed | None:
    """The ledger's reading of a failed post; None for an error that is not a delivery
    failure (it is raised on)."""
    if isinstance(error, discord.HTTPException) and error.code == THREAD_ARCHIVED:
        return Failed(locked=True)
    if isinstance(error, discord.Forbidden):
        if error.code == MISSING_ACCESS:
            return Failed(missing=(TO_POST["view_channel"],))
        return Failed(missing=(ATTACH_FILES,) if files else (SEND_MESSAGES,))
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return Failed(gone=True)
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        # Discord's window for the answer closed on the way (a slow database, a busy
        # loop): what was done is stored, and the channel is owed its post.
        return Failed(detail="the interaction expired")
    if isinstance(error, discord.HTTPException) and transient(error):
        return Failed(detail=f"it answered {error.status}")
    if isinstance(error, asyncio.TimeoutError | aiohttp.ClientError):
        return Failed(detail="no answer")
    return None


def already_answered(error: BaseException) -> bool:
    """A first answer that discord.py sent again after a 5xx, which Discord had already
    taken: the first one stands (it holds the post)."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED
