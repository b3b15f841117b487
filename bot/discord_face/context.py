"""What an interaction brings: who acts (``actor_of``), where (``place_of``), what it is
(``kind_of``, for metrics and logs)."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot import commands
from bot.discord_face.permissions import missing_here
from bot.discord_face.threads import opener_for
from bot.logsetup import add_log_context
from bot.replies import Actor, Place


def place_of(interaction: discord.Interaction) -> Place:
    return Place(
        channel_id=str(interaction.channel_id),
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        missing=missing_here(interaction),
        opener=opener_for(interaction),
    )


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    perms = interaction.permissions
    roles = getattr(user, "roles", None) or ()  # a Member's (not in a DM)
    return Actor(
        user_id=str(user.id),
        name=user.display_name,
        is_admin=bool(perms.manage_channels or perms.administrator),
        roles=tuple(str(r.id) for r in roles),
    )


# What a click's custom id (``darbar:<what>:…``, bot/clicks.py) is called in metrics and
# logs.
CLICKS = {click.key.partition(":")[0]: click.name for click in commands.CLICKS}


def kind_of(interaction: discord.Interaction) -> tuple[str, str]:
    """What an interaction is, in a few words that never hold what anyone typed:
    ("command", "game new"), ("click", "step"), ("autocomplete", "play")."""
    data: Mapping[str, object] = interaction.data or {}
    if interaction.type is discord.InteractionType.component:
        prefix, _, rest = str(data.get("custom_id", "")).partition(":")
        what = rest.partition(":")[0] if prefix == "darbar" else ""
        return "click", CLICKS.get(what, "other")
    command = interaction.command
    name = command.qualified_name if command is not None else str(data.get("name", "?"))
    if interaction.type is discord.InteractionType.autocomplete:
        return "autocomplete", name
    return "command", name


def take_up(interaction: discord.Interaction) -> tuple[str, str]:
    """Note what is being handled in the log context (the lines logged while handling it,
    in every task it starts, carry it) and return its ``kind_of``."""
    kind, name = kind_of(interaction)
    guild = interaction.guild_id
    shards = getattr(interaction.client, "shard_count", None) or 1
    add_log_context(interaction=name, guild_id=str(guild) if guild else None,
                    channel_id=str(interaction.channel_id) if interaction.channel_id else None,
                    user_id=str(interaction.user.id),
                    shard=(guild >> 22) % shards if guild else 0)  # Discord's rule
    return kind, name
