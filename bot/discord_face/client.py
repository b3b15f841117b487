"""The Discord client: wiring, command sync, the scheduler's posts, error handling and
closing (the process around it, from the environment to a signal: running.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import replace
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot import memory, scheduler, workers
from bot.discord_face import board, lobby
from bot.discord_face.buttons import ITEMS
from bot.discord_face.cards import show_extras
from bot.discord_face.commands import add_commands
from bot.discord_face.context import place_of
from bot.discord_face.delivery import POST_ERRORS, failure_of, transient
from bot.discord_face.face import Face
from bot.discord_face.members import Members
from bot.discord_face.permissions import UNKNOWN_CHANNEL, refused_because
from bot.discord_face.pings import NO_PINGS, mention
from bot.discord_face.respond import files_of, has_files, post, run_and_respond, too_late
from bot.discord_face.threads import after_post, archive_due, renames_under_way
from bot.failures import opening_database
from bot.health import HealthServer
from bot.logsetup import log_context
from bot.metrics import HEAP_RETURNED, SCHEDULER_ERRORS
from bot.ratelimit import RateLimiter
from bot.reminders import Nudge
from bot.replies import Notice, Place, Reply, clip
from bot.table import UNAVAILABLE, Table
from db import TIEBREAK, Game, Repository, id_of, migrations, normalise_url
from db.outage import unavailable

log = logging.getLogger("darbar.discord")
DRAIN_SECONDS = 10.0  # how long closing waits for replies under way
# A reminder Discord would not take (429s or 5xx through every try) is due again this soon.
REMIND_AFTER_OUTAGE = timedelta(minutes=5)
# A finished game left unrated by a crash is concluded, and its result posted, at the next
# start if it ended within this many days.
CONCLUDE_WITHIN_DAYS = 7
# How long closing lets the gateway's events already received reach their handlers (each
# is answered "restarting") before it looks at what is under way.
SETTLE_SECONDS = 0.05


class DarbarBot(Face):
    async def setup_hook(self) -> None:
        if self.health_at is not None:  # first: /healthz answers while the rest starts
            self.health = HealthServer(self.readiness, self.refresh_metrics)
            await self.health.start(*self.health_at)
        with opening_database(normalise_url(self.database_url)):
            await migrations.upgrade_apart(self.database_url)  # Alembic stays out of here
            self.repo = repo = await Repository.open(self.database_url)
        limiter = RateLimiter(*self.rate_limit) if self.rate_limit else None
        self.table = table = Table(repo, limiter=limiter, reminders=self.reminder_policy,
                           max_open_games=self.max_open_games, defaults=self.defaults,
                           now=self.clock)
        self.members = Members(self.http, lambda: self.opened()[1])
        add_commands(self.tree)
        # Buttons from before a restart keep working: they are matched by custom id.
        self.add_dynamic_items(*ITEMS.values())
        self.tree.error(self.on_app_command_error)
        if not self.owns_shard_zero():
            log.info("commands are synced by the process that runs shard 0")
        else:
            guild = discord.Object(id=self.sync_guild) if self.sync_guild else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d application commands", len(synced))
        # A snapshot that disagrees with its log (a crash between writes, a hand edit)
        # is rebuilt from the log; in the background, so the gateway connects at once.
        # The games a crash may have left waiting for the computer are among those active
        # now, before the gateway is read: one begun later gets the computer's replies
        # from its own moves, and resuming it too would make them beside those.
        started = await repo.list_games("active")
        # So are the games whose channel a crash or a failed post left owing a post: taken
        # now, so a game that moves in this process (and posts for itself) is not among them.
        since = self.clock() - timedelta(days=CONCLUDE_WITHIN_DAYS)
        owed = [g for g in await table.owed()
                if g.status != "finished" or g.updated_at >= since]
        self.verified = asyncio.create_task(self._verify_games(started, owed))
        # Deadlines and reminders live in the database, so what fell due while the bot
        # was down is done at the first tick after a restart.
        self.reminding = asyncio.create_task(self._schedule_loop())
        # The servers' boards: redrawn as their games change (bot/discord_face/board.py).
        table.board_face = board.OnDiscord(self, table)
        self.boarding = asyncio.create_task(board.keep_boards(self))

    async def respond(self, interaction: discord.Interaction, work: Awaitable[Reply], *,
                      from_panel: bool = False, edits_public: bool = False) -> None:
        """Answer an interaction with the reply of a table call (see context.Face): how
        the buttons answer, as views.py cannot import respond.py, which draws them."""
        told: list[Notice] = []  # players found to have left, to tell their games about
        # Work not taken up is closed unstarted (run_and_respond): a wrapper around it
        # would close, and leave the table's call it wraps never awaited.
        if not too_late(interaction):
            if self.members is not None:
                work = self.members.around(interaction, work, told)
            work = lobby.giving_roles(interaction, work)
        reply = await run_and_respond(interaction, work, from_panel=from_panel,
                                      edits_public=edits_public)
        if reply is not None and self.table is not None:
            await show_extras(self.table, self._channel, reply, place_of(interaction))
        await self._tell(told)
        await lobby.after(self, interaction, reply)  # an open game's card

    # --- the scheduler ------------------------------------------------------------------

    async def _schedule_loop(self) -> None:
        await self.wait_until_ready()
        scheduled = False
        repo, table = self.opened()
        while not self.is_closed():
            try:
                if not scheduled:  # games stored before the scheduler (or imported)
                    await repo.schedule_unscheduled(self.clock())
                    scheduled = True
                await self.run_schedule()
                await self.redeliver(await table.owed(self.clock()))
            except Exception:  # a failed tick must not end the loop
                log.exception("scheduler tick failed")
            # Heap the render threads freed goes back to the system (see bot/memory.py).
            HEAP_RETURNED.set(await asyncio.to_thread(memory.trim) * 2**20)
            await asyncio.sleep(self.reminder_poll)

    async def run_schedule(self) -> int:
        """One tick: whatever fell due in this process's guilds, done and delivered."""
        due = await scheduler.tick(self.opened()[1], self.clock(), owns=self.owns_guild)
        for item in due:
            game_id = item.game_id if isinstance(item, Nudge) else item.post.game_id
            # Each on its own: what one game has to say is claimed already, so a failure
            # here (the network) must not keep the others' from their channels.
            with log_context(game_id=game_id, guild_id=item.place.guild_id):
                try:
                    if isinstance(item, Nudge):
                        await self._deliver(item)
                    else:
                        await self._announce(item)
                except discord.HTTPException as e:  # a deleted channel, lost permissions
                    log.warning("game notice in channel %s not delivered: %s",
                                item.place.channel_id, e)
                    if e.code == UNKNOWN_CHANNEL:  # deleted while nobody was told
                        await self._set_aside([int(item.place.channel_id)])
                except Exception:
                    SCHEDULER_ERRORS.inc()
                    log.exception("game #%s: its notice in channel %s was not delivered",
                                  game_id, item.place.channel_id)
        await archive_due(self, self.opened()[1], self.clock())
        return len(due)

    async def redeliver(self, games: list[Game]) -> int:
        """Post what ``games`` owe their channels (those of this process's shards), each
        as it was when listed: one that moved since made it up with its own post. How
        many were posted."""
        made = 0
        for game in games:
            if not self.carries(game.guild_id):
                continue
            with log_context(game_id=game.id, guild_id=game.guild_id):
                owed = await self.opened()[1].catch_up(id_of(game), at=game.version)
                if owed is not None and await self._post_game(*owed):
                    made += 1
        if made:
            log.info("posted what %d game(s) owed their channels", made)
        return made

    async def _post_game(self, place: Place, reply: Reply) -> bool:
        """A game's post that no interaction asked for, recorded in the delivery ledger:
        whether it was made."""
        try:
            await post(self._channel(place), reply)
        except POST_ERRORS as e:
            failed = failure_of(e, files=has_files(reply))
            if failed is None:
                raise
            log.warning("game #%s: its post in channel %s was not made: %s",
                        reply.game_id, place.channel_id, e)
            if failed.why == "gone":  # deleted while nobody was told
                await self._set_aside([int(place.channel_id)])
            else:
                await self.opened()[1].undelivered(reply, failed)
            return False
        await self.opened()[1].delivered(reply)
        await after_post(self, reply, int(place.channel_id), lambda: files_of(reply))
        for then in reply.then:  # a tiebreak game opened, the game it decided
            await self._post_game(place, then)
        return True

    async def _dm(self, user_id: str, text: str) -> bool:
        """A direct message, if the user allows them."""
        try:
            user = self.get_user(int(user_id)) or await self.fetch_user(int(user_id))
            await user.send(text, allowed_mentions=NO_PINGS)
            return True
        except (discord.HTTPException, ValueError):
            return False

    async def _announce(self, notice: Notice) -> None:
        told: list[Notice] = []
        gone = await self._gone(notice.place.guild_id, [u for u, _ in notice.dms], told)
        if notice.post.public is not None:
            await self._post_game(notice.place, await self._checked(notice, told))
        if notice.post.card is not None:  # an open game's card: expired
            await lobby.show_card(self, notice.post.card)
        await show_extras(self.opened()[1], self._channel, notice.post, notice.place)
        for user_id, text in notice.dms:
            if user_id not in gone:
                await self._dm_or_channel(notice.place, user_id, text)
        await self._tell(told)

    async def _deliver(self, nudge: Nudge) -> None:
        # Nobody who left the server is reminded (their games are told instead).
        told: list[Notice] = []
        gone = await self._gone(nudge.place.guild_id, [p.user_id for p in nudge.pings], told)
        nudge = replace(nudge, pings=tuple(p for p in nudge.pings if p.user_id not in gone))
        await self._tell(told)
        # By DM where the player chose it (or the game did); the channel for the others
        # and for anyone whose DMs are closed.
        public = [p for p in nudge.pings if p.user_id not in nudge.by_dm
                  or not await self._dm(p.user_id, nudge.dm_text(p))]
        if not public:
            return
        reached = len(public) < len(nudge.pings)
        nudge = replace(nudge, pings=tuple(public))
        # A public post like any other, with the "Make your move" button under it.
        try:
            await post(self._channel(nudge.place), Reply(
                public=nudge.channel_text(mention), game_id=nudge.game_id, awaiting=True),
                pings=nudge.pings)
            return
        except POST_ERRORS as e:
            if transient(e):  # Discord did not take it, after every try: soon, not lost
                if await self.opened()[1].reminder_unsent(nudge, after=REMIND_AFTER_OUTAGE):
                    log.warning("game #%d: its reminder was not taken (%s); tried again "
                                "later", nudge.game_id, e)
                return
            why = refused_because(e, f"<#{nudge.place.channel_id}>") \
                if isinstance(e, discord.HTTPException) else None
            if why is None:
                raise
            log.warning("game #%d: its reminder in channel %s was refused (%s); sent by DM",
                        nudge.game_id, nudge.place.channel_id, e)
        # The channel refused it: to each by DM instead, saying why; if that reaches
        # nobody either, it is not counted as sent (tried again later).
        for ping in public:
            reached = await self._dm(ping.user_id, nudge.dm_text(ping, why)) or reached
        if not reached and await self.opened()[1].reminder_unsent(nudge):
            log.warning("game #%d: its reminder reached nobody; tried again later",
                        nudge.game_id)

    # --- people who left, closed DMs (members.py) ----------------------------------------

    async def _gone(self, guild_id: str | None, user_ids: list[str],
                    told: list[Notice]) -> set[str]:
        """Who of ``user_ids`` left ``guild_id``, asked of Discord now (the scheduler's
        posts are rare: a reminder is never sent into the void); their games told."""
        if self.members is None:
            return set()
        gone = await self.members.gone(guild_id, user_ids, always=True)
        told += await self.members.left(guild_id, gone)
        return gone

    async def _checked(self, notice: Notice, told: list[Notice]) -> Reply:
        """A scheduler's post with the pings of anyone who left made their names."""
        if self.members is None:
            return notice.post
        return await self.members.checked(notice.place.guild_id, notice.post, told,
                                          always=True)

    async def _tell(self, told: list[Notice]) -> None:
        """Tell each game that a player of it left (once: the table marked them)."""
        for notice in told:
            with log_context(game_id=notice.post.game_id, guild_id=notice.place.guild_id):
                try:
                    await post(self._channel(notice.place), notice.post)
                except discord.HTTPException as e:
                    log.warning("game notice in channel %s not delivered: %s",
                                notice.place.channel_id, e)

    async def _dm_or_channel(self, place: Place, user_id: str, text: str) -> None:
        """A direct message; where the user's DMs are closed, the same words in the
        game's channel, pinging them alone."""
        if await self._dm(user_id, text):
            return
        await self._channel(place).send(
            clip(f"<@{user_id}> {text}"),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                     users=[discord.Object(int(user_id))]))

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left a server (only with DISCORD_MEMBERS_INTENT): their games are told
        at once, rather than when a post would have pinged them."""
        if self.members is None or not self.owns_guild(str(payload.guild_id)):
            return
        guild, user = str(payload.guild_id), str(payload.user.id)
        self.members.forget(guild, user)
        try:
            await self._tell(await self.members.left(guild, [user]))
        except Exception:
            log.exception("user %s left guild %s: their games were not told", user, guild)

    async def _verify_games(self, started: list[Game], owed: list[Game]) -> None:
        """Check the active games' snapshots; then make the computer's replies that a
        crash cut off, in ``started``: the games active when this process started; then
        post what ``owed`` (games whose channel had not been shown their whole log when
        it started) still owe, unless they moved since (their own post made it up)."""
        from bot.admin import verify_active

        repo, table = self.opened()
        checked, repaired = await verify_active(repo)
        for line in repaired:
            log.warning(line)
        log.info("verified %d active game(s), repaired %d", checked, len(repaired))
        # A computer reply that a crash cut off is made now, not at the next command, so
        # nobody waits for a move that would never come.
        await self.wait_until_ready()
        resumed = 0
        for game in started:
            if not self.owns_guild(game.guild_id):
                continue
            if not any(seat.is_bot for seat in await repo.seats(id_of(game))):
                continue
            live = await repo.live_game(game.channel_id)
            if live is None or live.id != game.id:  # over since; the channel's game is newer
                continue
            place = Place(channel_id=game.channel_id, guild_id=game.guild_id)
            reply = await table.resume(place)
            if reply is not None:
                resumed += 1
                await self._post_game(place, reply)
        if resumed:
            log.info("resumed %d game(s) waiting for the computer", resumed)
        # A game whose final write a crash left without its rating and result post is
        # concluded now; of several processes starting, the one that records it posts it.
        # Only recent ones: older finished games without ratings come from databases made
        # before ratings, which `darbar ratings --recompute` rates without a post each.
        since = self.clock() - timedelta(days=CONCLUDE_WITHIN_DAYS)
        for game in await repo.unconcluded(since):
            if not self.owns_guild(game.guild_id):
                continue
            reply = await table.complete(id_of(game))
            if reply is None:
                continue
            if await self._post_game(Place(game.channel_id, game.guild_id), reply):
                log.info("game #%d concluded at start (a crash had cut it off)", game.id)
        # A tied game whose tiebreak a crash left unopened, or whose tiebreak's end was not
        # yet written to it (bot/table/side_games.py).
        for game in await repo.list_games(TIEBREAK):
            if self.owns_guild(game.guild_id) and (
                    reply := await table.resume_side_game(id_of(game))) is not None:
                await self._post_game(Place(game.channel_id, game.guild_id), reply)
        # Then whatever else a channel was not shown: a post that failed, or a move a crash
        # came between the write and the post of (bot/table/deliveries.py).
        await self.redeliver(owed)

    def _channel(self, place: Place) -> discord.PartialMessageable:
        return self.get_partial_messageable(
            int(place.channel_id), guild_id=int(place.guild_id) if place.guild_id else None)

    # --- places that go away ------------------------------------------------------------

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel's games are set aside, and its threads' (those known)."""
        threads = [t.id for t in channel.guild.threads if t.parent_id == channel.id]
        await self._set_aside([channel.id, *threads])

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._set_aside([payload.thread_id])

    async def _set_aside(self, channel_ids: list[int]) -> None:
        if self.table is not None:
            for game_id in await self.table.set_aside([str(i) for i in channel_ids]):
                await lobby.show_card(self, game_id)  # an open game's card: closed
            await self.table.board_channel_gone([str(i) for i in channel_ids])

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await board.message_deleted(self, payload.guild_id, payload.channel_id,
                                    {payload.message_id})

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent
                                         ) -> None:
        await board.message_deleted(self, payload.guild_id, payload.channel_id,
                                    set(payload.message_ids))

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            text = "Games live in server channels: use this command in a server."
        elif unavailable(error):
            log.warning("command: the database did not answer: %s", error)
            text = UNAVAILABLE
        else:
            log.exception("command failed", exc_info=error)
            text = "Sorry, something went wrong on my side. The game is unchanged."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(text, ephemeral=True,
                                                    allowed_mentions=NO_PINGS)

    async def close(self) -> None:
        # From now on nothing new is taken up (each is told the bot is restarting); replies
        # under way are finished first, so a move already stored gets its post (a computer
        # reply cut off here is made at the next start).
        if not self.closing:
            self.closing = True
            log.info("closing: finishing %d interaction(s) under way", len(self.in_flight))
        await self._drain()
        background = [t for name in ("verified", "reminding", "boarding")
                      if (t := getattr(self, name, None)) is not None and not t.done()]
        background += renames_under_way()
        # discord.py waits up to 2 s after READY for the servers to arrive before it
        # dispatches `ready`; closed within those seconds, that task outlived the client
        # and died on its cleared loop ("Task exception was never retrieved"). discord.py
        # itself cancels it when a new READY comes: so do we, at close.
        ready = getattr(self._connection, "_ready_task", None)
        if ready is not None and not ready.done():
            background.append(ready)
        for task in background:
            task.cancel()
        # Let them unwind before the database closes: a task cancelled inside a query
        # still hands its connection back, and with the engine gone that would wait forever.
        await asyncio.gather(*background, return_exceptions=True)
        await super().close()
        # Queued computer searches are dropped with the gateway that asked for them; one
        # under way ends within a second. Off the loop, so the loop can finish its work.
        await asyncio.to_thread(workers.shutdown)
        if self.repo is not None:
            await self.repo.close()
        if self.health is not None:
            await self.health.stop()

    async def _drain(self) -> None:
        """Wait until no interaction is under way (those that arrive meanwhile are answered
        at once), at most DRAIN_SECONDS; then cut short what is left, each told so."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DRAIN_SECONDS
        me = asyncio.current_task()
        while True:
            await asyncio.sleep(SETTLE_SECONDS)
            replying = [t for t in self.in_flight if t is not me]
            if not replying:
                return
            if loop.time() >= deadline:
                break
            await asyncio.wait(replying, timeout=deadline - loop.time())
        log.warning("closing: %d interaction(s) still under way after %.0f s are cut short",
                    len(replying), DRAIN_SECONDS)
        for task in replying:
            task.cancel()  # each answers "restarting" as it unwinds (respond.py)
        await asyncio.gather(*replying, return_exceptions=True)


class ShardedDarbarBot(DarbarBot, commands.AutoShardedBot):
    """The same bot over several gateway shards (``SHARD_COUNT`` / ``SHARD_IDS``)."""
