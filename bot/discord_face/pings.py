"""How a table's ping becomes a Discord mention, and whom a message may ping."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.replies import Ping

# Every message says whom it may ping: nobody, unless it names the ids (see pings_for).
NO_PINGS = discord.AllowedMentions.none()


def pings_for(pings: Iterable[Ping]) -> discord.AllowedMentions:
    """Only the people the table meant to ping: a mention that got into the text any
    other way (a nickname like ``<@123>``), or a quiet ping's name, stays silent."""
    ids = [discord.Object(int(p.user_id)) for p in pings
           if p.user_id.isdigit() and not p.quiet]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=ids)


def mention(p: Ping) -> str:
    return f"<@{p.user_id}>"
