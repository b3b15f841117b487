"""A player's games across servers (/mygames), their own settings (/me: time zone,
playing hours, away), a server's games for its moderators (/game list) and its
defaults (/server settings). None of these needs a channel's game."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, time, timedelta

from bot import time_zones
from bot.hours import (
    AWAY_DAYS_PER_30,
    Availability,
    check_away,
    hours_text,
    merged,
    parse_hours,
    zone,
)
from bot.pace import TIMEOUTS, parse_control, parse_timeout
from bot.reminders import YOUR_WAYS
from bot.replies import Actor, Page, Place, Reply, clip, echo
from bot.table.core import TableCore, duty_of, pace_of, refusals
from bot.table.listing import ASIDE_LISTED, listed, page_of
from bot.table.loaded import Refusal
from bot.table.server_options import (
    MAX_ARCHIVE_HOURS,
    MAX_SUBSTITUTE_HOURS,
    THREADS,
    ServerOptions,
)
from bot.table.wording import unix
from db import ASIDE, Player, Server, VersionConflict
from engine.grammar import count

MAX_ZONES = 25  # Discord's cap on autocomplete choices
_RELATIVE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(d|h|days?|hours?)\s*$")


def example_date(now: datetime, tz: str) -> str:
    """A date to show in a hint (``/me away_until:…``): two weeks from today where the
    player lives, so the example is never in the past and is accepted as typed."""
    return (now.astimezone(zone(tz)).date() + timedelta(days=14)).isoformat()


def _away_until(text: str, now: datetime, tz: str) -> datetime:
    """``2026-12-24`` (back that morning, your time), ``2026-12-24 18:00``, ``3d`` or
    ``12h`` (from now): the instant a player is back. Anything beyond the limit of time
    away, or long past, is refused as such (dates near the calendar's ends included)."""
    text = text.strip()
    m = _RELATIVE.match(text.lower())
    if m:
        amount = float(m.group(1))
        days = amount if m.group(2).startswith("d") else amount / 24
        if days > AWAY_DAYS_PER_30:
            raise Refusal(_too_long())
        return now + timedelta(days=days)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        day = example_date(now, tz)
        raise Refusal(f"Write when you are back as a date (`{day}`), a date and time "
                      f"(`{day} 18:00`, your time) or a span from now (`3d`, `12h`).") \
            from None
    if when.tzinfo is None:
        if len(text) <= 10:
            when = datetime.combine(when.date(), time(0, 0))
        when = when.replace(tzinfo=zone(tz))
    # Compared as naive UTC wall times first: a date at the calendar's very ends cannot
    # be moved to UTC (it would leave the calendar), and needs no moving to be refused.
    if abs(when.replace(tzinfo=None) - now.replace(tzinfo=None)) > timedelta(days=366):
        if when.replace(tzinfo=None) < now.replace(tzinfo=None):
            raise Refusal(_PASSED)
        raise Refusal(_too_long())
    return when.astimezone(UTC)


_PASSED = "That time has passed: choose a day still to come."


def _too_long() -> str:
    return (f"You may be away at most {AWAY_DAYS_PER_30} days in any 30, so that the games "
            "you play can go on.")


class Community(TableCore):
    # --- /mygames ----------------------------------------------------------------------

    @refusals
    async def my_games(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        """Every game of the caller's in every server: those waiting on them first,
        longest-waiting first; then those waiting on others; then those being set up."""
        rows = await self.repo.games_of(actor.user_id)
        if not rows:
            return Reply(private="You have no games being set up or played. `/game new` "
                         "opens one in any channel.")
        now = self.now()
        duty = duty_of((await self.repo.players([actor.user_id])).get(actor.user_id))
        # Longest-waiting first in each group (Yucata's rule: play where you are awaited
        # longest).
        items = sorted((listed(row, list(row.roles), now, duty) for row in rows),
                       key=lambda x: (x.rank, x.since))
        yours = sum(x.rank == 0 for x in items)
        invites = sum(row.invited for row in rows)
        shown, page, pages = page_of([x.line for x in items], page)
        head = (f"**Your games** — {len(items)} in all, {yours} waiting on you"
                + (f", {invites} rematch invitation{'s' * (invites > 1)}" if invites else "")
                + (f" (page {page} of {pages})" if pages > 1 else "") + ":")
        reply = Reply(private=clip("\n".join([head, *shown])),
                      page=Page("my_games", page, pages) if pages > 1 else None)
        if yours:
            reply.links.append(("Next game waiting on you", items[0].link))
        return reply

    # --- /me ---------------------------------------------------------------------------

    @refusals
    async def me(self, place: Place, actor: Actor, timezone: str | None = None,
                 hours: str | None = None, away_until: str | None = None,
                 back: bool = False, reminders: str | None = None) -> Reply:
        """Show or change the caller's time zone, playing hours, time away and how they
        are reminded."""
        player = (await self.repo.players([actor.user_id])).get(actor.user_id) or Player(
            user_id=actor.user_id)
        before = duty_of(player)  # the settings in force until now
        now = self.now()
        changed = []
        if timezone is not None:
            try:
                player.tz = time_zones.read(timezone)
            except ValueError as e:
                raise Refusal(str(e)) from None
            changed.append("time zone")
        if hours is not None:
            try:
                window = parse_hours(hours)
            except ValueError as e:
                raise Refusal(str(e)) from None
            player.hours_start, player.hours_end = window or (None, None)
            changed.append("playing hours")
        # Time away already spent stays on the record (the limit counts it); a change
        # of time away replaces only what is planned from now on.
        spans = [(a, b) for a, b in before.away if b > now - timedelta(days=30)]
        if back:
            spans = [(a, min(b, now)) for a, b in spans if a < now]
            changed.append("time away (you are back)")
        if away_until is not None:
            until = _away_until(away_until, now, player.tz)
            spans = [(a, min(b, now)) for a, b in spans if a < now]
            try:
                check_away(tuple(spans), now, until)
            except ValueError as e:
                raise Refusal(str(e)) from None
            spans.append((now, until))
            changed.append("time away")
        player.away = json.dumps([[a.isoformat(), b.isoformat()] for a, b in merged(spans)])
        if reminders is not None:
            if reminders not in YOUR_WAYS:
                raise Refusal(f"Reminders come {', '.join(f'`{w}`' for w in YOUR_WAYS)} "
                              f"(`game`: as each game says), not {echo(reminders)}.")
            player.remind = None if reminders == "game" else reminders
            changed.append("reminders")
        if changed:
            # The clock is a ledger: the waits so far are settled under the settings in
            # force until now before the new ones apply.
            await self._settle_player(actor.user_id, before)
            player.updated_at = now
            await self.repo.save_player(player)
            await self.reschedule_player(actor.user_id)
        return Reply(private=self._me_text(player, now, changed))

    async def _settle_player(self, user_id: str, before: Availability) -> None:
        """Every wait of ``user_id``'s under way charged up to now with their settings
        ``before`` (a stretch ends); a game that moves meanwhile is read again."""
        for mine in await self.repo.games_of(user_id):
            for _ in range(3):
                game = await self.repo.get_game(mine.id) if mine.status == "active" else None
                if game is None:
                    break
                lg = await self._loaded(game)
                pace = pace_of(game)
                roles = [s.role for s in lg.seats if s.user_id == user_id and s.role
                         and not s.is_bot and s.role in pace.since]
                if not roles:
                    break
                try:
                    await self._reschedule(lg, pace.restretched(roles, self.now(), before))
                    break
                except VersionConflict:
                    continue

    async def reschedule_player(self, user_id: str) -> int:
        """After a player changes their hours or goes away: their games under way get
        their next due times worked out again (a move made meanwhile did it already).
        Returns how many were."""
        done = 0
        for mine in await self.repo.games_of(user_id):
            game = await self.repo.get_game(mine.id) if mine.status == "active" else None
            if game is None:
                continue
            try:
                await self._reschedule(await self._loaded(game), pace_of(game))
                done += 1
            except VersionConflict:
                pass
        return done

    @staticmethod
    def _me_text(player: Player, now: datetime, changed: list[str]) -> str:
        d = duty_of(player)
        lines = [f"Saved: your {', '.join(changed)}." if changed else "Your settings:"]
        local = d.local(now).strftime("%H:%M")
        lines.append(f"- Time zone: `{player.tz}` (it is {local} there now)")
        lines.append(f"- Playing hours: {hours_text(d.hours)} — reminders and direct messages "
                     "wait for them, and your clock runs only then")
        back = d.away_at(now)
        ahead = [(a, b) for a, b in d.away if a > now]
        if back is not None:
            lines.append(f"- Away until <t:{unix(back)}:f>: your clocks stand still")
        elif ahead:
            lines.append(f"- Away from <t:{unix(ahead[0][0])}:f> to <t:{unix(ahead[0][1])}:f>")
        else:
            lines.append(f"- Not away (`/me away_until:{example_date(now, player.tz)}` or "
                         "`away_until:3d`)")
        lines.append(f"- Reminders: {YOUR_WAYS[player.remind or 'game']}"
                     + (" (closed DMs: the channel)" if player.remind == "dm" else ""))
        return "\n".join(lines)

    async def zone_choices(self, typed: str) -> list[tuple[str, str]]:
        """Time zone names for autocomplete (``kolk`` → ``Asia/Kolkata``): only those
        ``/me`` takes (bot/time_zones.py)."""
        return [(z, z) for z in time_zones.choices(typed, MAX_ZONES)]

    # --- moderators --------------------------------------------------------------------

    @refusals
    async def list_games(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        """The server's games being set up or played (moderators)."""
        if place.guild_id is None:
            raise Refusal("`/game list` lists a server's games: use it in a server.")
        if not await self.is_moderator(actor, place.guild_id):
            raise Refusal("Only moderators (Manage Channels, or the server's moderator "
                          "role) list the server's games. `/mygames` lists yours.")
        now = self.now()
        rows = await self.repo.games_in(place.guild_id, aside_since=now - ASIDE_LISTED)
        if not rows:
            return Reply(private="No games are being set up or played on this server.")
        items = sorted((listed(row, [], now, Availability()) for row in rows),
                       key=lambda x: x.rank == 3)  # those set aside last
        aside = sum(row.status == ASIDE for row in rows)
        shown, page, pages = page_of([x.line for x in items], page)
        head = (f"**Games on this server** — {len(items) - aside} being set up or played"
                + (f", {aside} set aside" if aside else "")
                + (f" (page {page} of {pages})" if pages > 1 else "")
                + ". In a game's channel: `/game status`, `/game reassign`, `/game abort`.")
        return Reply(private=clip("\n".join([head, *shown])),
                     page=Page("list_games", page, pages) if pages > 1 else None)

    @refusals
    async def server_settings(self, place: Place, actor: Actor, pace: str | None = None,
                              on_timeout: str | None = None, setup_days: int | None = None,
                              idle_days: int | None = None, mod_role: str | None = None,
                              threads: str | None = None, archive_hours: int | None = None,
                              lobby: str | None = None, lfg_role: str | None = None,
                              substitute_hours: int | None = None) -> Reply:
        """Show or change the server's defaults for new games (moderators change)."""
        if place.guild_id is None:
            raise Refusal("Server settings are set in a server.")
        server = await self.repo.server(place.guild_id) or Server(guild_id=place.guild_id)
        asked = [pace, on_timeout, setup_days, idle_days, mod_role, threads, archive_hours,
                 lobby, lfg_role, substitute_hours]
        if any(x is not None for x in asked):
            if not await self.is_moderator(actor, place.guild_id):
                raise Refusal("Only moderators (Manage Channels, or the server's moderator "
                              "role) change the server's settings.")
            if mod_role is not None and not actor.is_admin:
                raise Refusal("Only a member who can manage channels names the moderator "
                              "role.")
            try:
                if pace is not None:
                    control = parse_control(pace)
                    server.pace = control.word() if control else "none"
                if on_timeout is not None:
                    server.on_timeout = parse_timeout(on_timeout)
            except ValueError as e:
                raise Refusal(str(e)) from None
            for name, value in (("setup_days", setup_days), ("idle_days", idle_days)):
                if value is not None:
                    if not 1 <= value <= 365:
                        raise Refusal(f"`{name}` is a number of days from 1 to 365.")
                    setattr(server, name, value)
            if mod_role is not None:
                server.mod_role = None if mod_role in ("", "0", "none") else mod_role
            _set_community(server, threads, archive_hours, lobby, lfg_role, substitute_hours)
            await self.repo.save_server(server)
        d = self.defaults.of_server(server.pace, server.on_timeout, server.setup_days,
                                    server.idle_days)
        control = d.control
        lines = ["**This server's defaults for new games**" + (" (saved)" if any(
                     x is not None for x in asked) else ""),
                 f"- Pace: {control.word() + ' — ' + control.text() if control else 'none'}",
                 f"- When a player's time runs out: {TIMEOUTS[d.on_timeout]}",
                 f"- A game never started is closed after {d.setup_days} days",
                 f"- A game nobody moves in is warned after {d.idle_days} days, then "
                 "abandoned a week later",
                 "- Moderators: Manage Channels" + (f", and <@&{server.mod_role}>"
                                                    if server.mod_role else ""),
                 *_community_lines(ServerOptions.of(server))]
        return Reply(private="\n".join(lines))


def _set_community(server: Server, threads: str | None, archive_hours: int | None,
                   lobby: str | None, lfg_role: str | None,
                   substitute_hours: int | None) -> None:
    """The community settings asked for, checked (a refusal changes none of them)."""
    if threads is not None and threads not in THREADS:
        raise Refusal("`threads` is `thread` (each game in a thread of its own) or `channel` "
                      "(each game in the channel where it was opened).")
    if archive_hours is not None and not 0 <= archive_hours <= MAX_ARCHIVE_HOURS:
        raise Refusal(f"`archive_hours` is a number of hours from 0 to {MAX_ARCHIVE_HOURS} "
                      "(30 days): how long a finished game's thread stays open.")
    if substitute_hours is not None and not 0 <= substitute_hours <= MAX_SUBSTITUTE_HOURS:
        raise Refusal(f"`substitute_hours` is a number of hours from 0 (the computer takes "
                      f"a timed-out seat at once) to {MAX_SUBSTITUTE_HOURS} (a week).")
    server.threads = threads or server.threads
    server.archive_hours = server.archive_hours if archive_hours is None else archive_hours
    if lobby is not None:
        server.lobby = None if lobby in ("", "0", "none") else lobby
    if lfg_role is not None:
        server.lfg_role = None if lfg_role in ("", "0", "none") else lfg_role
    if substitute_hours is not None:
        server.substitute_hours = substitute_hours


def _community_lines(c: ServerOptions) -> list[str]:
    return [f"- Each new game lives in {THREADS['thread' if c.threads else 'channel']}"
            + (f"; a finished game's thread is archived after {count(c.archive_hours, 'hour')}"
               if c.threads else ""),
            "- Open seats and substitutes are posted in "
            + (f"<#{c.lobby}>" if c.lobby else "the game's own channel (no lobby set)"),
            "- Looking-for-a-game role: " + (f"<@&{c.lfg_role}>" if c.lfg_role else "none"),
            "- A seat whose time ran out (timeout `seat`) is "
            + (f"offered to substitutes for {count(c.substitute_hours, 'hour')} before the "
               "computer takes it" if c.substitute_hours else "handed to the computer at once")]
