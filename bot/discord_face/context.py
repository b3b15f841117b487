"""What an interaction brings: who acts (``actor_of``), where (``place_of``), and the bot
it reached (``face_of``: its table, and how it answers); and how a ping becomes a mention.

The buttons (views.py) answer through the bot rather than by importing respond.py, which
draws those same buttons under its messages: so neither module imports the other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol, cast

import discord

from bot.discord_face.permissions import missing_here
from bot.logsetup import add_log_context
from bot.replies import Actor, Ping, Place, Reply
from bot.table import Table

# Every message says whom it may ping: nobody, unless it names the ids (see pings_for).
NO_PINGS = discord.AllowedMentions.none()


class Face(Protocol):
    """What a command or a click needs of the bot (``client.DarbarBot``)."""

    table: Table

    async def respond(self, interaction: discord.Interaction, work: Awaitable[Reply], *,
                      from_panel: bool = False, edits_public: bool = False) -> None:
        """Await ``work`` and answer the interaction with its reply (respond.py)."""


def face_of(interaction: discord.Interaction) -> Face:
    return cast(Face, interaction.client)


async def answer(interaction: discord.Interaction,
                 call: Callable[[Table, Place, Actor], Awaitable[Reply]], *,
                 from_panel: bool = False, edits_public: bool = False) -> None:
    """Make a table call for the one who interacted, where they did, and answer with its
    reply (see ``respond.run_and_respond`` for ``from_panel`` and ``edits_public``)."""
    face = face_of(interaction)
    await face.respond(interaction, call(face.table, place_of(interaction), actor_of(interaction)),
                       from_panel=from_panel, edits_public=edits_public)


def pings_for(pings: Iterable[Ping]) -> discord.AllowedMentions:
    """Only the people the table meant to ping: a mention that got into the text any
    other way (a nickname like ``<@123>``), or a quiet ping's name, stays silent."""
    ids = [discord.Object(int(p.user_id)) for p in pings
           if p.user_id.isdigit() and not p.quiet]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=ids)


def place_of(interaction: discord.Interaction) -> Place:
    return Place(
        channel_id=str(interaction.channel_id),
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        missing=missing_here(interaction),
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


# What a click's custom id (``darbar:<what>:…``, views.py) is called in metrics and logs.
CLICKS = {"s": "step", "sel": "step menu", "undo": "undo", "board": "board", "hand": "hand",
          "panel": "panel", "uv": "undo vote", "cf": "confirm", "pg": "page",
          "rm": "rematch", "jn": "join"}


def kind_of(interaction: discord.Interaction) -> tuple[str, str]:
    """What an interaction is, in a few words that never hold what anyone typed:
    ("command", "game new"), ("click", "step"), ("autocomplete", "play")."""
    data = interaction.data or {}
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


def mention(p: Ping) -> str:
    return f"<@{p.user_id}>"
