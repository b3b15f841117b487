"""The bot as a process: its settings from the environment (the endpoints, shards, the
members intent), made (``make_bot``) and run until a signal (``serve``), and what each of
Discord's final refusals at start means to the operator."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Mapping
from typing import Any

import aiohttp
import discord
import yarl

from bot import health
from bot.discord_face.client import DarbarBot, ShardedDarbarBot
from bot.failures import Failure, reason
from bot.pace import Defaults
from bot.reminders import Policy
from bot.table import open_games_limit

log = logging.getLogger("darbar.discord")


def configure_endpoints() -> None:
    """Test seam: point discord.py at a local fake Discord when the variables are set.

    Both URLs are class attributes in discord.py and are read when each request
    or connection is built, so this must run before the client starts.
    """
    api = os.environ.get("DISCORD_API_BASE")
    gateway = os.environ.get("DISCORD_GATEWAY_URL")
    if api:
        discord.http.Route.BASE = api.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def shard_settings(env: Mapping[str, str] = os.environ) -> tuple[int | None, list[int] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``4`` and ``0,1``): several processes, each
    with some of the shards, can split the guilds over one PostgreSQL database."""
    count_text = env.get("SHARD_COUNT", "").strip()
    ids_text = env.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ValueError("SHARD_IDS needs SHARD_COUNT as well")
        return None, None
    count = int(count_text)
    if count < 1:
        raise ValueError("SHARD_COUNT must be at least 1")
    ids = [int(x) for x in ids_text.replace(",", " ").split()] if ids_text else list(range(count))
    if not ids or any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"SHARD_IDS must be distinct numbers from 0 to {count - 1}")
    return count, sorted(ids)


def make_bot(env: Mapping[str, str] = os.environ, **kwargs: Any) -> DarbarBot:
    count, ids = shard_settings(env)
    guild = env.get("DISCORD_GUILD_ID")
    kwargs.setdefault("sync_guild", int(guild) if guild else None)
    kwargs.setdefault("reminders", Policy.from_env(env))
    kwargs.setdefault("max_open_games", open_games_limit(env))
    kwargs.setdefault("defaults", Defaults.from_env(env))
    kwargs.setdefault("health_at", health.settings(env))
    kwargs.setdefault("members_intent", members_intent(env))
    if env.get("REMINDER_POLL_SECONDS"):
        kwargs.setdefault("reminder_poll", float(env["REMINDER_POLL_SECONDS"]))
    if count is None:
        return DarbarBot(**kwargs)
    return ShardedDarbarBot(shard_count=count, shard_ids=ids, **kwargs)


def members_intent(env: Mapping[str, str] = os.environ) -> bool:
    """``DISCORD_MEMBERS_INTENT``: the operator enabled the privileged Server Members
    intent for the bot (Developer Portal), so it hears at once when someone leaves."""
    word = env.get("DISCORD_MEMBERS_INTENT", "").strip().lower()
    if word in ("", "0", "false", "no", "off"):
        return False
    if word in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"DISCORD_MEMBERS_INTENT must be 1 or 0, not {word!r}")


def run(token: str, *, database_url: str | None = None) -> None:
    """Run the bot until it is stopped; a Failure (one sentence) when Discord cannot be
    reached or refuses the token: discord.py retries a lost connection by itself, but not
    the first login, so these end the process."""
    configure_endpoints()
    bot = make_bot(database_url=database_url)
    if isinstance(bot, ShardedDarbarBot):
        log.info("running shards %s of %d", bot.shard_ids, bot.shard_count)
    try:
        asyncio.run(serve(bot, token))
    except discord.LoginFailure:
        raise Failure("Discord refused the bot token (DISCORD_TOKEN): copy it again from the "
                      "Developer Portal (your application, Bot, Reset Token) into .env.") from None
    except (aiohttp.ClientError, discord.GatewayNotFound, discord.DiscordServerError) as e:
        raise Failure(f"Could not reach Discord ({_unreachable(e)}): check the network and "
                      "try again.") from None
    except discord.PrivilegedIntentsRequired:
        raise Failure(_closed_for_good(4014)) from None
    except discord.ConnectionClosed as e:
        raise Failure(_closed_for_good(e.code)) from None


# The gateway's close codes after which discord.py does not reconnect: what each means and
# what the operator can do (every other code is reconnected to by discord.py itself).
FATAL_CLOSES = {
    4004: ("authentication failed", "copy the token (DISCORD_TOKEN) again from the Developer "
           "Portal (your application, Bot, Reset Token) into .env"),
    4010: ("invalid shard", "check SHARD_IDS against SHARD_COUNT"),
    4011: ("sharding required", "the bot is in too many servers for one connection: set "
           "SHARD_COUNT (see docs/hosting.md, Several processes)"),
    4012: ("invalid API version", "upgrade Darbar"),
    4013: ("invalid intents", "upgrade Darbar"),
    4014: ("disallowed intents", "this version asks for an intent the application may not "
           "use: in the Developer Portal (your application, Bot) check the Privileged Gateway "
           "Intents, or run a Darbar that needs none"),
}


def _closed_for_good(code: int) -> str:
    meaning, what = FATAL_CLOSES.get(code, ("", "check the bot's settings and try again"))
    return (f"Discord closed the gateway connection for good (close code {code}"
            f"{': ' + meaning if meaning else ''}): {what}.")


def _unreachable(error: Exception) -> str:
    if isinstance(error, aiohttp.ClientConnectorError):
        return f"{error.host}:{error.port}: {reason(error.os_error)}"
    if isinstance(error, discord.HTTPException):
        return f"it answered {error.status}"
    return reason(error)


async def serve(bot: DarbarBot, token: str) -> None:
    """Run the bot until SIGINT or SIGTERM, then close it (gateway, workers, database).

    Not ``bot.run``: asyncio stops on SIGINT only if the process started with Python's own
    SIGINT handler, and a process started in the background by a non-interactive shell
    inherits SIGINT *ignored* (so Ctrl-C or a test's SIGINT did nothing, and the bot ran
    on); a service manager stops with SIGTERM, which would end it without closing.

    The gateway runs in a task of its own that a stop does not cancel: ``close`` drains
    while it goes on reading, so an interaction that arrives meanwhile reaches its handler
    and is answered "restarting" (cancelled, it would be left unread and unanswered);
    ``close`` closes the gateway once the drain is over. Only while the bot is still
    starting (no gateway open yet, or between two connections) is it cancelled first: there
    is nothing to read, and the setup must not go on under a closing bot."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def on_signal(sig: signal.Signals) -> None:
        log.info("%s: %s", sig.name, "already closing" if stop.is_set() else "closing")
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            loop.add_signal_handler(sig, on_signal, sig)
    async with bot:
        gateway = asyncio.create_task(bot.start(token), name="darbar-gateway")
        stopped = asyncio.create_task(stop.wait())
        try:
            await asyncio.wait((gateway, stopped), return_when=asyncio.FIRST_COMPLETED)
            if stop.is_set():
                if not bot.reading_gateway():
                    await _cancelled(gateway)
                await bot.close()
        finally:
            stopped.cancel()
            # Normally over once close() closed the gateway; cancelled if a reconnect
            # began during the drain; raises what ended it if it failed by itself.
            await _cancelled(gateway)


async def _cancelled(task: asyncio.Task) -> None:
    """Cancel ``task`` and wait for it to end (a failure it ended with is raised)."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
