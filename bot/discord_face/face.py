"""The bot as its commands and buttons meet it: its settings, its database and table
once set up (``opened``), its health and shards, and how it answers an interaction
(``respond``, made in client.py, which draws the buttons that call it)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import discord
from discord.ext import commands

from bot.discord_face.members import Members
from bot.discord_face.pings import NO_PINGS
from bot.health import HealthServer
from bot.metrics import set_open_games
from bot.pace import Defaults
from bot.reminders import Policy, shard_of
from bot.replies import Reply
from bot.table import Table
from db import Repository


class Face(commands.Bot):
    def __init__(self, *, database_url: str | None = None, sync_guild: int | None = None,
                 rate_limit: tuple[int, float] | None = (20, 10.0),
                 reminders: Policy | None = None, reminder_poll: float = 60.0,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC),
                 max_open_games: int | None = None, defaults: Defaults | None = None,
                 health_at: tuple[str, int] | None = None, members_intent: bool = False,
                 **kwargs: Any) -> None:
        # Slash commands only: no message-content intent is requested; the members intent
        # (privileged) only where the operator enabled it (DISCORD_MEMBERS_INTENT).
        intents = discord.Intents.default()
        intents.members = members_intent
        kwargs.setdefault("chunk_guilds_at_startup", False)
        # Nobody is pinged unless a message names them (context.pings_for).
        kwargs.setdefault("allowed_mentions", NO_PINGS)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        self.database_url = database_url
        self.sync_guild = sync_guild
        # Commands per user per window: far above real play, well below a flood.
        self.rate_limit = rate_limit
        self.repo: Repository | None = None
        self.table: Table | None = None
        self.reminder_policy = reminders or Policy()
        self.reminder_poll = reminder_poll  # seconds between scheduler ticks
        self.clock = clock
        self.defaults = defaults or Defaults()  # new games' pace and clean-up
        self.max_open_games = max_open_games  # per player and server (None: no limit)
        # Replies under way, and the interaction each answers (respond.py).
        self.in_flight: dict[asyncio.Task, discord.Interaction] = {}
        self.closing = False  # set when close() begins: nothing new is taken up
        # The HTTP endpoint for operators (bot/health.py): (host, port), None for none.
        self.health_at = health_at
        self.health: HealthServer | None = None
        self.members: Members | None = None  # who is still in each server (members.py)

    async def respond(self, interaction: discord.Interaction, work: Awaitable[Reply], *,
                      from_panel: bool = False, edits_public: bool = False) -> None:
        """Await ``work`` and answer the interaction with its reply (client.DarbarBot)."""
        raise NotImplementedError

    def opened(self) -> tuple[Repository, Table]:
        """The database and the table, which ``setup_hook`` opens before the gateway
        connects: anything the gateway or the scheduler starts finds them."""
        if self.repo is None or self.table is None:
            raise RuntimeError("the bot is not set up yet (setup_hook opens the database)")
        return self.repo, self.table

    # --- health -----------------------------------------------------------------------

    def _sockets_open(self) -> list[bool]:
        """Whether each gateway shard's websocket is open now (none before the first)."""
        if isinstance(self, commands.AutoShardedBot):
            return [not s.is_closed() for s in self.shards.values()]
        return [self.ws.open] if self.ws is not None else []

    def gateway_connected(self) -> bool:
        """Whether every gateway shard of this process is connected now (not merely was)."""
        sockets = self._sockets_open()
        return self.is_ready() and not self.is_closed() and bool(sockets) and all(sockets)

    def reading_gateway(self) -> bool:
        """Whether some gateway connection is open and read: closing can then let it run
        while it drains, so what arrives meanwhile is answered (see ``serve``)."""
        return any(self._sockets_open())

    async def readiness(self) -> str | None:
        """None when ready to answer interactions, else why not (``/readyz``)."""
        if self.closing or self.is_closed():
            return "closing"
        if not self.gateway_connected():
            return "not connected to the gateway"
        if self.repo is None:
            return "no database yet"
        await self.repo.ping()  # raises if it does not answer
        return None

    async def refresh_metrics(self) -> None:
        """The figures only the database knows, read when ``/metrics`` is."""
        if self.repo is not None and not self.closing:
            set_open_games(await self.repo.open_games())

    # --- shards -----------------------------------------------------------------------

    def _shards(self) -> tuple[int, list[int]]:
        count = getattr(self, "shard_count", None) or 1
        ids = getattr(self, "shard_ids", None)
        return count, list(ids) if ids is not None else list(range(count))

    def owns_shard_zero(self) -> bool:
        return 0 in self._shards()[1]

    def carries(self, guild_id: str | None) -> bool:
        """Whether this process's gateway has the guild now: its shard, and a server the
        bot is in (a game stored for a server it left, or of another deployment on the
        same database, is none of its business to post in)."""
        return self.owns_guild(guild_id) and (
            guild_id is None or self.get_guild(int(guild_id)) is not None)

    def owns_guild(self, guild_id: str | None) -> bool:
        """Whether this process carries the guild: only its shard's process reminds it."""
        count, ids = self._shards()
        return shard_of(guild_id, count) in ids


def face_of(interaction: discord.Interaction) -> Face:
    """The bot an interaction reached (a Darbar bot: the only client that registers
    Darbar's commands and buttons)."""
    client = interaction.client
    if not isinstance(client, Face):
        raise TypeError(f"an interaction of {type(client).__name__}, not of a Darbar bot")
    return client

