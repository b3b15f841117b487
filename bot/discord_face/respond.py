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

An interaction can reach us late: one Discord made while the gateway was down arrives after
the new session's READY. It is deferred at once if its 3 s are nearly spent, and not taken
up at all once they are (Discord would refuse any answer, so nothing is changed for a
player who saw "did not respond"); a first answer Discord refuses as 10062 *Unknown
interaction* (it expired on the way) is logged, not raised.

Once the bot is closing (``DarbarBot.close``), an interaction that arrives is not taken up:
it is answered "Darbar is restarting" at once. One under way is finished; one still
under way when the drain's time is up is cut short and told so. So none goes unanswered.
Each interaction is counted and timed (bot/metrics.py) and logged in one line, with who
and where in the log context (context.take_up).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
import time
from collections.abc import Awaitable, Iterable

import discord
from discord.utils import MISSING

from bot import workers
from bot.discord_face.context import kind_of, take_up
from bot.discord_face.delivery import (
    POST_ERRORS,
    already_answered,
    failure_of,
    missing_in,
    persisting,
)
from bot.discord_face.pings import NO_PINGS, mention, pings_for
from bot.discord_face.threads import after_post, change_thread
from bot.discord_face.views import extras, panel_view, public_view
from bot.logsetup import add_log_context, log_field
from bot.metrics import FIRST_ANSWER, INTERACTIONS
from bot.replies import Ping, Reply, ThreadChange, clip
from bot.table import Failed, Table, delivery_key, not_posted, outage_reply
from db.outage import unavailable

log = logging.getLogger("darbar.interactions")

# Seconds before a reply that is still being worked out is deferred (see above).
DEFER_AFTER = 1.0
# Discord's window for the first answer, and what is kept of it for the deferral's trip.
ANSWER_WITHIN, MARGIN = 3.0, 0.5
UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction past its window
RESTARTING = "Darbar is restarting: try again in a minute. Nothing was changed."
CUT_SHORT = ("Darbar is restarting, so this was cut short. What the channel shows stands; "
             "if your command is not there, try it again in a minute.")



def closing(interaction: discord.Interaction) -> bool:
    """Whether the bot that got ``interaction`` is closing (and takes nothing new up)."""
    return bool(getattr(interaction.client, "closing", False))


def since_made(interaction: discord.Interaction) -> float:
    """Seconds since Discord made the interaction (its id's timestamp, ms precision)."""
    return max(0.0, (discord.utils.utcnow() - interaction.created_at).total_seconds())


def too_late(interaction: discord.Interaction) -> bool:
    """Whether ``interaction`` is not taken up: the bot is closing, or Discord no longer
    takes its answer. Its work is closed unstarted then (``run_and_respond``)."""
    return closing(interaction) or since_made(interaction) > ANSWER_WITHIN


def _answered(interaction: discord.Interaction) -> None:
    """Just after the interaction's first answer (a reply or a deferral): timed."""
    FIRST_ANSWER.labels(kind_of(interaction)[0]).observe(since_made(interaction))


async def say(interaction: discord.Interaction, text: str) -> None:
    """A short private answer that needs no table call (a bad option, a help page)."""
    kind, name = take_up(interaction)
    await interaction.response.send_message(clip(text), ephemeral=True,
                                            allowed_mentions=NO_PINGS)
    _answered(interaction)
    INTERACTIONS.labels(kind, name, "refused").inc()
    log.info("%s %s: refused (what was given)", kind, name)


def _own_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is an ephemeral one, seen by the clicker alone."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def files_of(reply: Reply) -> list[discord.File]:
    """The reply's picture (with its alt text) and any other attachments."""
    out = [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files]
    if reply.image is not None:
        out.insert(0, discord.File(io.BytesIO(reply.image), filename=reply.image_name,
                                   description=reply.image_alt))
    return out


async def run_and_respond(
    interaction: discord.Interaction, work: Awaitable[Reply], *, from_panel: bool = False,
    edits_public: bool = False,
) -> Reply | None:
    """Await the table call; answer directly if it is quick, else defer first (the reply,
    once answered; None if it was not taken up).

    ``from_panel``: the interaction is a click on an ephemeral step panel, whose
    message is edited in place rather than answered with a new one. Only a message the
    clicker alone sees is edited so: a click on a public post (a button that was never on
    it, or one under an undo request) is answered with a message of its own, so nobody
    can rewrite a post everyone reads. ``edits_public``: the button's own public post is
    the one to update (the votes under an undo request; the table checked the voter).
    """
    kind, name = take_up(interaction)
    from_panel = from_panel and (edits_public or _own_message(interaction))
    # The bot finishes replies under way before it closes (DarbarBot.close); and while it
    # closes, it takes nothing new up.
    in_flight: dict[asyncio.Task, discord.Interaction] | None = getattr(
        interaction.client, "in_flight", None)
    me = asyncio.current_task()
    if in_flight is not None and me is not None:
        in_flight[me] = interaction
    start, outcome = time.perf_counter(), "failed"
    reply: Reply | None = None
    try:
        if too_late(interaction):
            if asyncio.iscoroutine(work):
                work.close()  # never started
            outcome = "restarting" if closing(interaction) else "expired"
            if outcome == "restarting":
                await _tell(interaction, RESTARTING)
            return None
        reply = await _run_and_respond(interaction, work, from_panel)
        outcome = "unavailable" if reply.unavailable else "refused" if reply.error else "ok"
    except discord.NotFound as e:
        if e.code != UNKNOWN_INTERACTION:
            raise
        outcome = "expired"  # Discord's window closed on the way: nobody to answer
    except asyncio.CancelledError:
        if closing(interaction):  # the drain's time is up: say so before the bot goes
            outcome = "restarting"
            with contextlib.suppress(discord.HTTPException):
                await _tell(interaction, CUT_SHORT)
        raise
    finally:
        if in_flight is not None and me is not None:
            in_flight.pop(me, None)
        INTERACTIONS.labels(kind, name, outcome).inc()
        (log.warning if outcome == "failed" else log.info)(
            "%s %s: %s in %.0f ms", kind, name, outcome, (time.perf_counter() - start) * 1000)
    return reply


async def _tell(interaction: discord.Interaction, text: str) -> None:
    """Tell the one who interacted, privately, however far the answer got (that the bot
    is restarting, that a post could not be made)."""
    resp = interaction.response
    if not resp.is_done():
        await resp.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
        _answered(interaction)
    elif resp.type is discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text)  # the "thinking…" placeholder
    else:
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)


async def _run_and_respond(interaction: discord.Interaction, work: Awaitable[Reply],
                           from_panel: bool) -> Reply:
    slow = asyncio.Event()
    with workers.on_slow_work(slow.set):
        context = contextvars.copy_context()  # the task's: it keeps what is set here
        task = (asyncio.get_running_loop().create_task(work, context=context)
                if asyncio.iscoroutine(work) else asyncio.ensure_future(work))
    warned = asyncio.ensure_future(slow.wait())
    # One that reached us late (see above) is deferred while Discord still takes it.
    defer_after = max(0.0, min(DEFER_AFTER, ANSWER_WITHIN - MARGIN - since_made(interaction)))
    try:
        await asyncio.wait({task, warned}, timeout=defer_after,
                           return_when=asyncio.FIRST_COMPLETED)
        if not task.done():
            if from_panel:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            _answered(interaction)
        try:
            reply = await task
        except Exception as e:  # a table call without its own refusals: said the same way
            if not unavailable(e):
                raise
            reply = outage_reply(e)
    except asyncio.CancelledError:
        task.cancel()  # the table call goes with the interaction (the bot is closing)
        raise
    finally:
        warned.cancel()
    # The game the table call was about (a refusal's too), in what is logged from now on.
    add_log_context(game_id=reply.game_id or context.run(log_field, "game_id"))
    await deliver(interaction, reply, from_panel=from_panel)
    if reply.public is None and reply.thread is not None:
        # A follower added to the game's thread, or taken off: once they have their answer.
        await change_thread(interaction.client, reply.thread)
    return reply


async def deliver(interaction: discord.Interaction, reply: Reply, *, from_panel: bool) -> None:
    resp = interaction.response
    deferred = resp.is_done()
    public = reply.public_text(mention)
    private = clip(reply.private) if reply.private else None

    if public is not None and reply.thread is not None and reply.thread.opened:
        await _deliver_opened(interaction, reply, reply.thread)
        return
    if public is not None and elsewhere(interaction, reply):
        # The caller is answered first: Discord's 3 s do not wait for the other channel.
        await _private_after(interaction, private or "Done.", reply, from_panel=from_panel)
        if (why := await _post_elsewhere(interaction, reply)) is not None:
            await interaction.followup.send(clip(why), ephemeral=True,
                                            allowed_mentions=NO_PINGS)
        return
    if public is not None:
        failed = missing_in(interaction, files=has_files(reply))
        if failed is None:
            try:
                await _post_public(interaction, reply, public, private, from_panel=from_panel)
            except POST_ERRORS as e:
                if already_answered(e):  # Discord took the first try, post and all
                    return await _delivered(interaction, reply)
                failed = failure_of(e, files=has_files(reply))
                if failed is None:
                    raise
                log.warning("public post of game #%s not made: %s", reply.game_id, e)
        if failed is None:
            await _delivered(interaction, reply)
            return
        table = _table(interaction)
        if table is not None:
            await table.undelivered(reply, failed)
        await _private_after(interaction, "\n".join(x for x in (
            not_posted(failed, stored=reply.log_seen is not None), private) if x),
            reply, from_panel=from_panel)
        return

    text = clip(private or reply.prompt or "…")
    view = extras(panel_view(reply) if reply.choices else public_view(reply), reply)
    files = files_of(reply)
    if from_panel and not reply.error:
        # The panel edited in place; its attachments are replaced only by new ones.
        attachments = files or MISSING
        if deferred:
            await interaction.edit_original_response(content=text, view=view,
                                                     attachments=attachments)
        else:
            await resp.edit_message(content=text, view=view, attachments=attachments)
            _answered(interaction)
        return
    shown = _given(view)
    if deferred and not from_panel:
        await interaction.edit_original_response(content=text, view=shown, attachments=files)
    elif deferred:
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS,
                                        view=shown, files=files or MISSING)
    else:
        await resp.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, view=shown,
                                files=files or MISSING)
        _answered(interaction)


def _given(view: discord.ui.View | None) -> discord.ui.View:
    """``view``, or discord.py's "not given" for none (None would take away the buttons
    a message has)."""
    return MISSING if view is None else view


def has_files(reply: Reply) -> bool:
    """Whether the post carries files (the picture or others): Attach Files is needed."""
    return reply.image is not None or bool(reply.files)


def _table(interaction: discord.Interaction) -> Table | None:
    return getattr(interaction.client, "table", None)


async def _delivered(interaction: discord.Interaction, reply: Reply,
                     channel_id: int | None = None) -> None:
    if (table := _table(interaction)) is not None:
        await table.delivered(reply)
    await after_post(interaction.client, reply, channel_id or interaction.channel_id,
                     lambda: files_of(reply))
    # The posts that follow it in the channel (a tiebreak game opened, the game it
    # decided), each its own game's, recorded as delivered like any other.
    if reply.then and isinstance(channel := interaction.channel, discord.abc.Messageable):
        for then in reply.then:
            await post(channel, then)
            await _delivered(interaction, then)


async def _deliver_opened(interaction: discord.Interaction, reply: Reply,
                          thread: ThreadChange) -> None:
    """A new game that got a thread of its own: the command is answered in the channel
    with the one-line notice (a Follow button under it), then the game's post is made in
    the thread, its players added there and the thread named."""
    notice = clip(thread.to_parent or f"<#{thread.thread_id}>")
    view = _given(public_view(Reply(follow=reply.game_id)))
    if not interaction.response.is_done():
        await interaction.response.send_message(notice, view=view, allowed_mentions=NO_PINGS)
        _answered(interaction)
    else:
        if isinstance(channel := interaction.channel, discord.abc.Messageable):
            await channel.send(notice, view=view, allowed_mentions=NO_PINGS)
        await interaction.edit_original_response(content=notice)
    await _post_in(interaction, reply, int(thread.thread_id), interaction.guild_id,
                   "its first post in its thread")


async def _post_in(interaction: discord.Interaction, reply: Reply, channel_id: int,
                   guild_id: int | None, what: str) -> Failed | None:
    """``reply``'s public post made in another channel than the interaction's (the game's
    new thread, the game's own channel for a Join pressed in the lobby), recorded in the
    delivery ledger there; a post Discord refused is recorded undelivered, and why."""
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=guild_id)
    try:
        await post(channel, reply)
    except POST_ERRORS as e:
        failed = failure_of(e, files=has_files(reply))
        if failed is None:
            raise
        log.warning("game #%s: %s (channel %s) not made: %s", reply.game_id, what,
                    channel_id, e)
        if (table := _table(interaction)) is not None:
            await table.undelivered(reply, failed)
        return failed
    await _delivered(interaction, reply, channel_id)
    return None


async def _post_public(interaction: discord.Interaction, reply: Reply, public: str,
                       private: str | None, *, from_panel: bool) -> None:
    """The public post of an interaction's reply, and what the caller alone reads.

    Answered directly, the post is the interaction's first answer (one request; sent
    again by discord.py after a 5xx, Discord refuses the second with 40060, so it is
    never doubled). Otherwise it is a message of the channel's with the post's nonce
    (``delivery_key``): an interaction's followup has none, so one that Discord stored
    before answering 500 would be stored again when discord.py sends it again."""
    resp = interaction.response
    deferred = resp.is_done()
    files = files_of(reply)
    view = public_view(reply)
    kwargs: dict = {"allowed_mentions": pings_for(reply.pings)}
    if files:
        kwargs["files"] = files
    if view is not None:
        kwargs["view"] = view
    if not deferred and not from_panel:
        await resp.send_message(public, **kwargs)
        _answered(interaction)
        if private and reply.error:
            await interaction.followup.send(private, ephemeral=True, allowed_mentions=NO_PINGS)
        elif reply.links:  # the next game waiting on the mover, for them alone
            await interaction.followup.send(private or "Your move is posted.", ephemeral=True,
                                            view=_given(extras(None, reply)),
                                            allowed_mentions=NO_PINGS)
        return
    if from_panel and not deferred:
        await resp.edit_message(content=private or "Done.", view=extras(None, reply))
        _answered(interaction)
    channel = interaction.channel
    if isinstance(channel, discord.abc.Messageable):
        await post(channel, reply)
    else:  # not a channel the bot knows how to post in (never in a server's channel)
        await interaction.followup.send(public, **kwargs)
    if from_panel:
        if deferred:
            await interaction.edit_original_response(content=private or "Done.",
                                                     view=extras(None, reply))
    elif private or reply.links:
        # The private "thinking…" placeholder becomes what the caller alone should read.
        await interaction.edit_original_response(
            content=private or "Your move is posted.", view=extras(None, reply))
    else:
        await interaction.delete_original_response()


def elsewhere(interaction: discord.Interaction, reply: Reply) -> bool:
    """Whether the reply's public post belongs in another channel than the one the
    caller acted in (a Join pressed on an open game's card in the lobby)."""
    return reply.place is not None and reply.place.channel_id != str(interaction.channel_id)


async def _post_elsewhere(interaction: discord.Interaction, reply: Reply) -> str | None:
    """The public post made in ``reply.place``, recorded in the delivery ledger like any
    game post; what the caller is to read instead if it could not be made."""
    place = reply.place
    assert place is not None
    failed = await _post_in(interaction, reply, int(place.channel_id),
                            int(place.guild_id) if place.guild_id else None, "its post")
    return None if failed is None else not_posted(failed, stored=reply.log_seen is not None)


async def _private_after(interaction: discord.Interaction, text: str, reply: Reply, *,
                         from_panel: bool) -> None:
    """What the caller alone reads, in place of a post that could not be made: the first
    answer if none was given, else in the panel or the "thinking…" placeholder."""
    resp = interaction.response
    text = clip(text)
    if not resp.is_done():
        if from_panel:
            await resp.edit_message(content=text, view=extras(None, reply))
        else:
            await resp.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
        _answered(interaction)
    elif from_panel or resp.type is discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text, view=extras(None, reply))
    else:
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)


async def post(channel: discord.abc.Messageable, reply: Reply,
               pings: Iterable[Ping] | None = None) -> None:
    """A public post as a message of ``channel`` (a move's that was deferred, or one that
    no interaction asked for: after a restart, a reminder), with its nonce, sent again a
    few times if Discord does not take it (``delivery.persisting``). ``pings``: whom the
    text mentions, when not the reply's own pings (a reminder's)."""
    def send() -> Awaitable[discord.Message]:
        kwargs: dict = {"allowed_mentions": pings_for(reply.pings if pings is None
                                                      else pings)}
        if files := files_of(reply):  # made anew for each try: a file is read as it is sent
            kwargs["files"] = files
        if (view := public_view(reply)) is not None:
            kwargs["view"] = view
        if (key := delivery_key(reply)) is not None:  # else discord.py draws a nonce
            kwargs["nonce"] = key
        return channel.send(reply.public_text(mention), **kwargs)

    await persisting(send)
