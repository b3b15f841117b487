"""Idle reminders: nudge whoever a game has been waiting for.

Nothing here is kept in memory: when a reminder is due is worked out from the
game's ``updated_at`` and version and the ``Reminder`` row, so a restart (or a
second process) picks up exactly where the last poll left off. Each reminder is
claimed in the database before it is sent, so two processes never send one twice.
The faces decide how a reminder travels (a channel mention or a direct message).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.replies import Ping, Place, clip
from db import Game, Reminder, Repository, id_of
from engine import games

MODES = {
    "channel": "a mention in this channel",
    "dm": "a direct message",
    "off": "no reminders",
}
# Reminders per wait: after the last one the game is left to the admins (reassign or abort).
MAX_REMINDERS = 3
MAX_IDLE_HOURS = 24 * 30


@dataclass(frozen=True)
class Policy:
    """The server-wide default for games nobody configured."""

    mode: str = "channel"
    idle_minutes: int = 24 * 60

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Policy:
        mode = env.get("REMINDER_MODE", "channel").strip().lower() or "channel"
        if mode not in MODES:
            raise ValueError(f"REMINDER_MODE must be one of {', '.join(MODES)}, not {mode!r}")
        hours = float(env.get("REMINDER_AFTER_HOURS", "24") or 24)
        if not 0 < hours <= MAX_IDLE_HOURS:
            raise ValueError(f"REMINDER_AFTER_HOURS must be between 0 and {MAX_IDLE_HOURS}")
        return cls(mode=mode, idle_minutes=max(1, round(hours * 60)))

    def row(self, game_id: int) -> Reminder:
        return Reminder(game_id=game_id, mode=self.mode, idle_minutes=self.idle_minutes)


def describe(mode: str, idle_minutes: int) -> str:
    if mode == "off":
        return "Reminders are off for this game."
    return (f"Reminders: {MODES[mode]} to whoever must move after {_span(idle_minutes)} "
            f"without a move, at most {MAX_REMINDERS} per wait.")


def _span(minutes: int) -> str:
    if minutes % (24 * 60) == 0:
        days = minutes // (24 * 60)
        return f"{days} day" + ("s" if days != 1 else "")
    if minutes % 60 == 0:
        return f"{minutes // 60} h"
    return f"{minutes} min"


def number_due(now: datetime, game: Game, row: Reminder) -> int | None:
    """Which reminder (1, 2, …) of the current wait is due now, if any.

    Reminder n falls due n idle periods after the last move; a move bumps the
    version, which starts a new wait with none sent."""
    if row.mode == "off":
        return None
    sent = row.sent_count if row.sent_version == game.version else 0
    if sent >= MAX_REMINDERS:
        return None
    if now >= game.updated_at + timedelta(minutes=row.idle_minutes * (sent + 1)):
        return sent + 1
    return None


@dataclass(frozen=True)
class Nudge:
    place: Place
    game_id: int
    game_name: str
    mode: str  # channel | dm
    pings: tuple[Ping, ...]
    since: int  # unix time of the last move
    number: int

    @property
    def last(self) -> bool:
        return self.number >= MAX_REMINDERS

    def _tail(self) -> str:
        if self.last:
            return (" This is the last reminder: if the seat stays empty, the game's creator or "
                    "a moderator can hand it to someone else with `/game reassign`.")
        return ""

    def channel_text(self, mention: Callable[[Ping], str]) -> str:
        who = ", ".join(p.text(mention) for p in self.pings)
        return clip(f"⏰ {who} — **{self.game_name}** (game #{self.game_id}) has been waiting "
                    f"for your move since <t:{self.since}:R>. `/play` to move." + self._tail())

    def dm_text(self, ping: Ping) -> str:
        return clip(f"⏰ Your move as the {ping.role} in **{self.game_name}** "
                    f"(game #{self.game_id}) in <#{self.place.channel_id}>: it has been waiting "
                    f"since <t:{self.since}:R>." + self._tail())


def shard_of(guild_id: str | None, shard_count: int) -> int:
    """Discord's rule for which shard carries a guild (DMs go to shard 0)."""
    return (int(guild_id) >> 22) % shard_count if guild_id and guild_id.isdigit() else 0


async def due_nudges(repo: Repository, now: datetime, default: Policy,
                     owns: Callable[[str | None], bool] = lambda _guild: True) -> list[Nudge]:
    """Claim and return every reminder due now in the guilds this process serves."""
    out: list[Nudge] = []
    for game, row in await repo.waiting_games():
        if not owns(game.guild_id):
            continue
        game_id = id_of(game)
        setting = row or default.row(game_id)
        number = number_due(now, game, setting)
        if number is None:
            continue
        full = await repo.get_game(game_id)
        if full is None or full.version != game.version or full.state is None:
            continue  # it moved while we looked: the next poll sees the new wait
        g = games.get(full.game)
        seats = await repo.seats(game_id)
        view = g.view(json.loads(full.state), None)
        pings = Ping.of_roles(seats, g.ROLE_NAMES, view, view["active"])
        if not pings:
            continue  # waiting for the computer: a restart makes a move a crash cut off
        if not await repo.claim_reminder(game_id, game.version, seen=row,
                                         default=default.row(game_id)):
            continue  # another process sent it
        out.append(Nudge(
            place=Place(channel_id=game.channel_id, guild_id=game.guild_id),
            game_id=game_id, game_name=g.NAME, mode=setting.mode, pings=tuple(pings),
            since=int(game.updated_at.timestamp()), number=number,
        ))
    return out
