"""What a reply asks to be shown beyond its own answer: the cards of seats put up for
substitutes (posted in the game's channel and the lobby, their message ids given to the
table, and edited in place as the seat is asked for, taken or withdrawn) and posts in
another channel (the game's, when its seat was taken from the lobby's card). Each is
tried on its own: a lobby the bot may not post in costs that card, said in the game's
channel with the permission named, and nothing else."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import discord

from bot.discord_face.permissions import refused_because
from bot.discord_face.pings import NO_PINGS
from bot.discord_face.respond import post
from bot.discord_face.views import card_view
from bot.replies import Place, Reply, SeatCard
from bot.table import Table

log = logging.getLogger("darbar.discord")
Channel = Callable[[Place], discord.PartialMessageable]


async def show_extras(table: Table, channel: Channel, reply: Reply, where: Place) -> None:
    """``reply``'s cards and posts elsewhere (``where``: the place it answered in, told
    if a card could not be posted)."""
    for notice in reply.elsewhere:
        try:
            await post(channel(notice.place), notice.post)
        except discord.HTTPException as e:
            log.warning("post in channel %s not made: %s", notice.place.channel_id, e)
        await show_extras(table, channel, notice.post, notice.place)
    for card in reply.cards:
        await _show(table, channel, card, where)


async def _show(table: Table, channel: Channel, card: SeatCard, where: Place) -> None:
    for channel_id, message_id in card.edit:
        try:
            await channel(Place(channel_id, where.guild_id)).get_partial_message(
                int(message_id)).edit(content=card.text, view=card_view(card),
                                      allowed_mentions=NO_PINGS)
        except discord.HTTPException as e:  # deleted, or the bot lost its permissions
            log.warning("seat card %s in channel %s not edited: %s", message_id,
                        channel_id, e)
    for channel_id in card.post_in:
        try:
            message = await channel(Place(channel_id, where.guild_id)).send(
                card.text, view=card_view(card), allowed_mentions=NO_PINGS)
        except discord.HTTPException as e:
            why = refused_because(e, f"<#{channel_id}>")
            log.warning("seat card not posted in channel %s: %s", channel_id, e)
            if why is not None and channel_id != where.channel_id:
                with contextlib.suppress(discord.HTTPException):
                    await channel(where).send(f"🪑 The seat's card is not in "
                                              f"<#{channel_id}>: {why}",
                                              allowed_mentions=NO_PINGS)
            continue
        await table.seat_card_posted(card.sub_id, channel_id, str(message.id))
