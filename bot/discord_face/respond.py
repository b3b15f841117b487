"""Turn a table Reply into Discord messages, deferring when work runs long.

When to defer: Discord drops an interaction that has no first answer 3 s after it was sent,
and the clock runs from Discord, not from when the event reached us. So:
- at once when the table says the reply waits for slow work (the computer's search, in a
  worker process: under load it queues behind other searches for seconds);
- otherwise after DEFER_AFTER, for anything else that runs long (a database or image queue
  under load). Most replies take tens of milliseconds and are answered directly, in one
  request and without a "thinking…" flash; a second is slow enough to say we are on it,
  and leaves two for the gateway's delivery, the loop's own lag and the deferral itself.
Autocomplete is never deferred (Discord does not allow it); it stays fast because it never
waits for the computer (the table's autocomplete does not run computer moves).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Iterable

import discord

from bot import workers
from bot.discord_face.context import NO_PINGS, mention, pings_for
from bot.discord_face.views import extras, panel_view, public_view
from bot.replies import Ping, Reply, clip

# Seconds before a reply that is still being worked out is deferred (see above).
DEFER_AFTER = 1.0


async def say(interaction: discord.Interaction, text: str) -> None:
    """A short private answer that needs no table call (a bad option, a help page)."""
    await interaction.response.send_message(clip(text), ephemeral=True,
                                            allowed_mentions=NO_PINGS)


def _own_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is an ephemeral one, seen by the clicker alone."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _files(reply: Reply) -> list[discord.File]:
    """The reply's picture (with its alt text) and any other attachments."""
    out = [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files]
    if reply.image is not None:
        out.insert(0, discord.File(io.BytesIO(reply.image), filename=reply.image_name,
                                   description=reply.image_alt))
    return out


async def run_and_respond(
    interaction: discord.Interaction, work: Awaitable[Reply], *, from_panel: bool = False,
    edits_public: bool = False,
) -> None:
    """Await the table call; answer directly if it is quick, else defer first.

    ``from_panel``: the interaction is a click on an ephemeral step panel, whose
    message is edited in place rather than answered with a new one. Only a message the
    clicker alone sees is edited so: a click on a public post (a button that was never on
    it, or one under an undo request) is answered with a message of its own, so nobody
    can rewrite a post everyone reads. ``edits_public``: the button's own public post is
    the one to update (the votes under an undo request; the table checked the voter).
    """
    from_panel = from_panel and (edits_public or _own_message(interaction))
    # The bot finishes replies under way before it closes (DarbarBot.close).
    in_flight: set[asyncio.Task] | None = getattr(interaction.client, "in_flight", None)
    me = asyncio.current_task()
    if in_flight is not None and me is not None:
        in_flight.add(me)
    try:
        await _run_and_respond(interaction, work, from_panel)
    finally:
        if in_flight is not None:
            in_flight.discard(me)


async def _run_and_respond(interaction: discord.Interaction, work: Awaitable[Reply],
                           from_panel: bool) -> None:
    slow = asyncio.Event()
    with workers.on_slow_work(slow.set):
        task = asyncio.ensure_future(work)  # the task keeps the context made here
    warned = asyncio.ensure_future(slow.wait())
    try:
        await asyncio.wait({task, warned}, timeout=DEFER_AFTER,
                           return_when=asyncio.FIRST_COMPLETED)
    finally:
        warned.cancel()
    if not task.done():
        if from_panel:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    await deliver(interaction, await task, from_panel=from_panel)


async def deliver(interaction: discord.Interaction, reply: Reply, *, from_panel: bool) -> None:
    resp = interaction.response
    deferred = resp.is_done()
    public = reply.public_text(mention)
    private = clip(reply.private) if reply.private else None

    if public is not None:
        files = _files(reply)
        view = public_view(reply)
        kwargs = {"allowed_mentions": pings_for(reply.pings)}
        if files:
            kwargs["files"] = files
        if view is not None:
            kwargs["view"] = view
        if from_panel and not deferred:
            await resp.edit_message(content=private or "Done.", view=extras(None, reply))
            await interaction.followup.send(public, **kwargs)
        elif deferred:
            # The post first; then the panel closes, or the private "thinking…" placeholder
            # becomes what the caller alone should read (or goes, if nothing).
            await interaction.followup.send(public, **kwargs)
            if from_panel:
                await interaction.edit_original_response(content=private or "Done.",
                                                         view=extras(None, reply))
            elif private or reply.links:
                await interaction.edit_original_response(
                    content=private or "Your move is posted.", view=extras(None, reply))
            else:
                await interaction.delete_original_response()
        else:
            await resp.send_message(public, **kwargs)
            if private and reply.error:
                await interaction.followup.send(private, ephemeral=True,
                                                allowed_mentions=NO_PINGS)
            elif reply.links:  # the next game waiting on the mover, for them alone
                await interaction.followup.send(private or "Your move is posted.",
                                                ephemeral=True, view=extras(None, reply),
                                                allowed_mentions=NO_PINGS)
        return

    text = clip(private or reply.prompt or "…")
    view = extras(panel_view(reply) if reply.choices else public_view(reply), reply)
    files = _files(reply)
    if from_panel and not reply.error:
        kwargs = {"content": text, "view": view}
        if files:
            kwargs["attachments"] = files
        if deferred:
            await interaction.edit_original_response(**kwargs)
        else:
            await resp.edit_message(**kwargs)
        return
    kwargs = {"ephemeral": True, "allowed_mentions": NO_PINGS}
    if view is not None:
        kwargs["view"] = view
    if files:
        kwargs["files"] = files
    if deferred and not from_panel:
        await interaction.edit_original_response(
            content=text, **{k: v for k, v in kwargs.items() if k in ("view",)},
            attachments=files,
        )
    elif deferred:
        await interaction.followup.send(text, **kwargs)
    else:
        await resp.send_message(text, **kwargs)


async def post(channel: discord.abc.Messageable, reply: Reply,
               pings: Iterable[Ping] | None = None) -> None:
    """A public reply that no interaction asked for (after a restart, a reminder).
    ``pings``: whom the text mentions, when not the reply's own pings (a reminder's)."""
    kwargs: dict = {"allowed_mentions": pings_for(reply.pings if pings is None else pings)}
    if files := _files(reply):
        kwargs["files"] = files
    if (view := public_view(reply)) is not None:
        kwargs["view"] = view
    await channel.send(reply.public_text(mention), **kwargs)
