"""Open seats in Discord (bot/table/lobby.py): an open game's invitation card posted in
the lobby, or edited in place (its message id stored, so every process and a restart
find it), after the reply that changed it; the looking-for-a-game role given or taken
off. (A Join pressed on a card in the lobby is posted in the game's own channel:
respond.py, ``Reply.place``.)

A card mentions the server's looking-for-a-game role, and pings nobody else: its
``allowed_mentions`` name exactly that role, and only where the server set one. The
role needs Manage Roles, asked for only by a server that sets the role: a member who
presses the button where the bot lacks it, or where the bot's highest role is not above
the role, is told which and what a moderator can do, and nothing changes."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord

from bot import clicks
from bot.discord_face.buttons import button
from bot.discord_face.face import Face
from bot.discord_face.permissions import refused_because
from bot.discord_face.pings import NO_PINGS
from bot.replies import Reply, clip
from bot.table.invitation_card import Card

log = logging.getLogger("darbar.discord")
ROLES_SETTING = "Server Settings → Roles"


def card_view(card: Card) -> discord.ui.View | None:
    """Join (while seats are open) and the looking-for-a-game role's button (where the
    server set a role); none once the game started or closed."""
    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(button(clicks.LOBBY_JOIN, clicks.OnGame(card.game_id), "Join", emoji="🪑",
                         style=discord.ButtonStyle.success))
    if card.role is not None:
        view.add_item(button(clicks.LFG, clicks.OnGame(card.game_id), "Looking for a game",
                             emoji="🔔"))
    return view


def card_mentions(card: Card) -> discord.AllowedMentions:
    """Exactly the server's looking-for-a-game role, where it set one; nobody else."""
    roles = [discord.Object(int(card.role))] if card.role and card.role.isdigit() else False
    return discord.AllowedMentions(everyone=False, users=False, replied_user=False,
                                   roles=roles)


async def show_card(bot: Face, game_id: int) -> str | None:
    """Post game ``game_id``'s card, or bring it up to date in place (posted anew if its
    message was deleted); why it could not be, in a player's words, or None."""
    table = bot.opened()[1]
    card = await table.invitation_card(game_id)
    if card is None:
        return None
    channel = bot.get_partial_messageable(
        int(card.channel_id), guild_id=int(card.guild_id) if card.guild_id else None)
    view = card_view(card)
    try:
        if card.message_id is not None:
            try:
                await channel.get_partial_message(int(card.message_id)).edit(
                    content=card.text, view=view, allowed_mentions=card_mentions(card))
                return None
            except discord.NotFound:
                pass  # someone deleted it: the card is posted again
        kwargs: dict = {"allowed_mentions": card_mentions(card)}
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(card.text, **kwargs)
    except discord.HTTPException as e:
        log.warning("game #%d: its invitation card in channel %s was not shown: %s",
                    game_id, card.channel_id, e)
        why = refused_because(e, f"<#{card.channel_id}>")
        return (f"The invitation card of game #{game_id} could not be posted: "
                f"{why or 'Discord did not take it; it is brought up to date at the next join.'}"
                " Others can still `/game join` in the game's channel.")
    await table.card_posted(game_id, card.channel_id, str(message.id))
    return None


async def after(bot: Face, interaction: discord.Interaction, reply: Reply | None) -> None:
    """The card a delivered reply changed, brought up to date (a failure told to the one
    who acted, privately)."""
    if reply is None or reply.card is None or reply.error:
        return
    why = await show_card(bot, reply.card)
    if why is not None:
        await interaction.followup.send(clip(why), ephemeral=True, allowed_mentions=NO_PINGS)


async def giving_roles(interaction: discord.Interaction, work: Awaitable[Reply]) -> Reply:
    """``work``'s reply, the looking-for-a-game role given or taken off first where it
    asks (``Reply.lfg``): refused, naming why, where Discord would not let the bot."""
    reply = await work
    if reply.lfg is None:
        return reply
    role_id, give = reply.lfg
    why = _cannot_manage(interaction, role_id)
    if why is None:
        member = interaction.user
        try:
            if not isinstance(member, discord.Member):
                raise TypeError("a role is given in a server")
            if give:
                await member.add_roles(discord.Object(int(role_id)),
                                       reason="looking for a game (Darbar)")
            else:
                await member.remove_roles(discord.Object(int(role_id)),
                                          reason="no longer looking for a game (Darbar)")
            return reply
        except discord.Forbidden:
            why = _manage_roles_needed(role_id)
    return Reply(private=f"{why} Nothing was changed.", error=True)


def _cannot_manage(interaction: discord.Interaction, role_id: str) -> str | None:
    """Why the bot may not give the role here (its permission, the roles' order), as the
    guild's cache says; None where it may (Discord has the last word)."""
    guild = interaction.guild
    if guild is None:
        return "The looking-for-a-game role is given in a server."
    me = guild.me
    if me is None:
        return None
    if not me.guild_permissions.manage_roles:
        return _manage_roles_needed(role_id)
    role = guild.get_role(int(role_id))
    if role is None:
        return ("The server's looking-for-a-game role no longer exists: a moderator can "
                "choose another with `/server settings lfg_role:`.")
    if role >= me.top_role:
        return (f"My highest role ({me.top_role.name}) is not above <@&{role_id}> in the "
                "server's list of roles, and Discord lets a bot give only roles below its "
                f"own. A moderator can drag my role above it ({ROLES_SETTING}).")
    return None


def _manage_roles_needed(role_id: str) -> str:
    return (f"I cannot give or take <@&{role_id}>: I lack **Manage Roles** on this server "
            f"(needed only for the looking-for-a-game role). A moderator can grant it to my "
            f"role ({ROLES_SETTING}), with my role above <@&{role_id}>.")
