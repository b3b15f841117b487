"""A game's own thread on Discord (issue 41): opening it for a new game, and doing what a
reply asks of it (``ThreadChange``: renamed, members added or taken off, a line in the
channel it was opened from), then sending the public post to whoever follows the game by
DM. What to do is the table's (bot/table/game_threads.py); this only does it.

Permissions: Create Public Threads to open one and Send Messages in Threads to post in
it and add its members. Renaming and archiving a thread need Manage Threads, except for
the thread's creator (Discord's rule; discord.py's ``Thread.edit``): the bot only renames
and archives threads it opened, so it never asks for Manage Threads. Removing a member
likewise needs only to be the thread's creator.

A thread's name may change twice in ten minutes (Discord's rate limit on a channel's
name): a rename is made in the background, so a join answered at once is never held up
by a wait for it, and a name that waits is overtaken by the newest one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Literal

import discord

from bot.discord_face.pings import NO_PINGS, mention
from bot.replies import NoThread, Reply, ThreadChange, clip, jump_link
from bot.table import Table
from db.outage import unavailable

log = logging.getLogger("darbar.threads")
# discord.Permissions' attribute -> its name in a server's settings: to open a game's thread.
TO_OPEN = {"create_public_threads": "Create Public Threads",
           "send_messages_in_threads": "Send Messages in Threads"}
# Minutes without a post before Discord hides a thread: the longest it offers (slow games).
ARCHIVE_AFTER_IDLE: Literal[10080] = 10080
CANNOT_DM = 50007  # Discord's code for a DM the person does not accept
_renames: dict[int, asyncio.Task[None]] = {}  # the rename under way per thread


class ThreadMaker:
    """``ThreadOpener`` for an ordinary text channel an interaction came from."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def open(self, name: str) -> str:
        perms = self.interaction.app_permissions
        missing = tuple(word for attr, word in TO_OPEN.items() if not getattr(perms, attr))
        channel = self.interaction.channel
        if missing or not isinstance(channel, discord.TextChannel):
            raise NoThread(missing or tuple(TO_OPEN.values()))
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_AFTER_IDLE, reason="A Darbar game's own thread")
        except discord.Forbidden:
            raise NoThread(("Create Public Threads",)) from None
        return str(thread.id)


def opener_for(interaction: discord.Interaction) -> ThreadMaker | None:
    """Where a new game could get a thread of its own: a server's ordinary text channel
    (not a thread, not an announcement channel, not a DM)."""
    channel = interaction.channel
    if interaction.guild_id is None or getattr(channel, "type", None) is not \
            discord.ChannelType.text:
        return None
    return ThreadMaker(interaction)


async def after_post(client: discord.Client, reply: Reply, channel_id: int | None,
                     files: Callable[[], list[discord.File]]) -> None:
    """What follows a game's reply once delivered: its thread changed as it asks, then its
    public post sent to the game's DM followers (never anything but that post)."""
    if reply.thread is not None:
        await change_thread(client, reply.thread)
    if reply.followers and reply.public is not None and channel_id is not None:
        await _to_followers(client, reply, channel_id, files)


async def change_thread(client: discord.Client, change: ThreadChange) -> None:
    """Rename, add and remove members, and say the line in the parent channel. Each is
    its own: one Discord refuses (logged) does not keep the others from being done."""
    thread = client.get_channel(int(change.thread_id))
    try:
        if not isinstance(thread, discord.Thread):
            fetched = await client.fetch_channel(int(change.thread_id))
            thread = fetched if isinstance(fetched, discord.Thread) else None
        if thread is None:
            return
        if change.name and change.name != thread.name:
            _rename(thread, change.name)
        for user_id in change.add:
            await thread.add_user(discord.Object(int(user_id)))
        for user_id in change.remove:
            await thread.remove_user(discord.Object(int(user_id)))
    except discord.HTTPException as e:
        log.warning("thread %s not changed as asked: %s", change.thread_id, e)
    if change.to_parent and not change.opened:
        parent = client.get_partial_messageable(int(change.parent_id))
        try:
            await parent.send(clip(change.to_parent), allowed_mentions=NO_PINGS)
        except discord.HTTPException as e:
            log.warning("channel %s not told of its game's thread: %s", change.parent_id, e)


def _rename(thread: discord.Thread, name: str) -> None:
    """In the background (see above); the newest name replaces one still waiting."""
    if (waiting := _renames.pop(thread.id, None)) is not None:
        waiting.cancel()

    async def rename() -> None:
        try:
            await thread.edit(name=name)
        except discord.HTTPException as e:
            log.warning("thread %s not renamed: %s", thread.id, e)
        finally:
            if _renames.get(thread.id) is asyncio.current_task():
                del _renames[thread.id]

    _renames[thread.id] = asyncio.get_running_loop().create_task(rename())


async def renamed() -> None:
    """Wait for the renames under way (tests)."""
    await asyncio.gather(*_renames.values(), return_exceptions=True)


def renames_under_way() -> list[asyncio.Task[None]]:
    """The renames still waiting: closing cancels them (a name is cosmetic, and one may
    wait ten minutes for Discord's limit)."""
    return list(_renames.values())


async def _to_followers(client: discord.Client, reply: Reply, channel_id: int,
                        files: Callable[[], list[discord.File]]) -> None:
    guild = getattr(client.get_channel(channel_id), "guild", None)
    head = f"Game #{reply.game_id}: {jump_link(str(guild.id) if guild else None, str(channel_id))}"
    text = clip(f"{head}\n{reply.public_text(mention)}")
    for user_id in reply.followers:
        try:
            user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
            await user.send(text, files=files(), allowed_mentions=NO_PINGS)
        except discord.HTTPException as e:
            log.info("game #%s: a follower's DM not sent: %s", reply.game_id, e)
            if e.code == CANNOT_DM:
                await _unreachable(client, reply, channel_id, user_id)


async def _unreachable(client: discord.Client, reply: Reply, channel_id: int,
                       user_id: str) -> None:
    """A follower's DMs are closed: the DMs stop, and they are told so once, in the game's
    channel, pinging them alone (as a reminder that cannot reach someone by DM does)."""
    table = getattr(client, "table", None)
    if table is None or reply.game_id is None or \
            not await table.follower_unreachable(reply.game_id, user_id):
        return
    text = (f"<@{user_id}> I cannot send you game #{reply.game_id}'s posts by DM (your "
            "direct messages are closed to me), so I stopped. `/game follow how:thread` "
            "follows it here instead; `/game follow how:dm` again once DMs are open.")
    try:
        await client.get_partial_messageable(int(channel_id)).send(
            text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(int(user_id))]))
    except discord.HTTPException as e:
        log.info("game #%s: a follower not told their DMs are closed: %s", reply.game_id, e)


async def archive(client: discord.Client, thread_id: str) -> bool:
    """Archive a finished game's thread the bot opened (its creator may, without Manage
    Threads): whether it was."""
    try:
        thread = client.get_channel(int(thread_id)) or await client.fetch_channel(int(thread_id))
        if not isinstance(thread, discord.Thread):
            return False
        if not thread.archived:
            await thread.edit(archived=True)
        return True
    except discord.HTTPException as e:
        log.warning("thread %s not archived: %s", thread_id, e)
        return False


async def archive_due(client: discord.Client, table: Table, now: datetime) -> int:
    """The scheduler's part: archive the finished games' threads whose time has come
    (claimed in the database first, so of several processes one does it). How many."""
    try:
        due = await table.threads_to_archive(now)
    except Exception as e:
        if not unavailable(e):
            raise
        # The tick said so already (one warning a tick); the next tick reads them again.
        log.info("threads to archive not read: the database did not answer")
        return 0
    return sum([await archive(client, found.thread_id) for found in due])
