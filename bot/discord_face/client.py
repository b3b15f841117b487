"""The Discord client: wiring, command sync, error handling."""

from __future__ import annotations

import asyncio
import logging
import os

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.discord_face.cogs import GameCog, HelpCog, PlayCog
from bot.discord_face.views import DYNAMIC_ITEMS
from bot.ratelimit import RateLimiter
from bot.table import Table
from db import Repository

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


class DarbarBot(commands.Bot):
    def __init__(self, *, database_url: str | None = None, sync_guild: int | None = None,
                 rate_limit: tuple[int, float] | None = (20, 10.0), **kwargs) -> None:
        # Slash commands only: no message-content intent is requested.
        intents = discord.Intents.default()
        kwargs.setdefault("chunk_guilds_at_startup", False)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        self.database_url = database_url
        self.sync_guild = sync_guild
        # Commands per user per window: far above real play, well below a flood.
        self.rate_limit = rate_limit
        self.repo: Repository | None = None
        self.table: Table | None = None

    async def setup_hook(self) -> None:
        self.repo = await Repository.open(self.database_url)
        limiter = RateLimiter(*self.rate_limit) if self.rate_limit else None
        self.table = Table(self.repo, limiter=limiter)
        for cog in (GameCog(self), PlayCog(self), HelpCog(self)):
            await self.add_cog(cog)
        # Buttons from before a restart keep working: they are matched by custom id.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        if self.sync_guild:
            guild = discord.Object(id=self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))
        # A snapshot that disagrees with its log (a crash between writes, a hand edit)
        # is rebuilt from the log; in the background, so the gateway connects at once.
        self.verified = asyncio.create_task(self._verify_games())

    async def _verify_games(self) -> None:
        from bot.admin import verify_active

        checked, repaired = await verify_active(self.repo)
        for line in repaired:
            log.warning(line)
        log.info("verified %d active game(s), repaired %d", checked, len(repaired))

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            text = "Games live in server channels: use this command in a server."
        else:
            log.exception("command failed", exc_info=error)
            text = "Sorry, something went wrong on my side. The game is unchanged."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        task = getattr(self, "verified", None)
        if task is not None and not task.done():
            task.cancel()
        await super().close()
        if self.repo is not None:
            await self.repo.close()


def run(token: str, *, database_url: str | None = None) -> None:
    configure_endpoints()
    guild = os.environ.get("DISCORD_GUILD_ID")
    bot = DarbarBot(database_url=database_url, sync_guild=int(guild) if guild else None)
    bot.run(token, log_handler=None)
