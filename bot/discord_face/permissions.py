"""What the bot must be allowed in a channel to run a game there, read from the
permissions Discord sends with every interaction (``app_permissions``: the bot's own in
that channel or thread, its overwrites counted), and worded as a server's settings word
them. The bot reads no message history and needs no other permission (docs/hosting.md
lists the same ones for the invite)."""

from __future__ import annotations

import discord

# Discord's error codes for a post the bot may not make, or into a channel that is gone.
UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_ARCHIVED = 10003, 50001, 50013, 50083
HOW_TO_GRANT = ("A moderator can fix it in the channel's settings: Edit Channel → "
                "Permissions, for my role (or me).")
# discord.Permissions' attribute -> the name in Discord's channel settings.
TO_POST = {"view_channel": "View Channel", "send_messages": "Send Messages",
           "attach_files": "Attach Files", "embed_links": "Embed Links"}
# In a thread Discord asks for this one instead of Send Messages.
IN_THREADS = {"send_messages_in_threads": "Send Messages in Threads"}
THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
           discord.ChannelType.news_thread)


def needed(*, thread: bool) -> dict[str, str]:
    """The permissions a game's posts need in a channel, or in a thread."""
    if not thread:
        return TO_POST
    return {**{k: v for k, v in TO_POST.items() if k != "send_messages"}, **IN_THREADS}


def missing_here(interaction: discord.Interaction) -> tuple[str, ...]:
    """The permissions the bot lacks to post a game where ``interaction`` was made (none
    outside a server: no game is played there)."""
    if interaction.guild_id is None:
        return ()
    perms = interaction.app_permissions
    thread = getattr(interaction.channel, "type", None) in THREADS
    return tuple(word for name, word in needed(thread=thread).items()
                 if not getattr(perms, name))


def refused_because(error: discord.HTTPException, where: str) -> str | None:
    """Why Discord refused a post without files in ``where`` (a channel mention), and
    what a moderator must do, as a player reads it; None for any other failure."""
    if error.code == MISSING_ACCESS:
        return f"I cannot see {where} (View Channel). {HOW_TO_GRANT}"
    if error.code == MISSING_PERMISSIONS:
        return (f"I may not post in {where} (Send Messages, or Send Messages in Threads "
                f"in a thread). {HOW_TO_GRANT}")
    if error.code == THREAD_ARCHIVED:
        return (f"{where} is an archived, locked thread: a moderator must unlock it "
                "(the thread's ⋯ menu → Unlock Thread).")
    return None
