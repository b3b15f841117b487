"""Reminders: how a game nudges whoever it waits for, and the nudge itself.

When a reminder falls due is the game's pace (bot/pace.py: on a clock, at half and nine
tenths of the player's time; without one, every idle period, at most three times; never
outside the player's playing hours), and the scheduler (bot/scheduler.py) claims each in
the database before it is sent. The faces decide how a nudge travels (a channel mention
or a direct message).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.pace import MAX_IDLE_REMINDERS
from bot.replies import Ping, Place, clip
from db import Reminder
from engine.grammar import count

MODES = {
    "channel": "a mention in this channel",
    "dm": "a direct message",
    "off": "no reminders",
}
# A player's own way (``/me reminders:``), over each game's; "game" stores none.
YOUR_WAYS = {"game": "as each game says (/game remind)",
             "channel": "a mention in the game's channel, in every game",
             "dm": "a direct message, in every game",
             "off": "none, in any game"}
# Reminders per untimed wait: after the last one the game is left to the admins.
MAX_REMINDERS = MAX_IDLE_REMINDERS
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
        return count(minutes // (24 * 60), "day")
    if minutes % 60 == 0:
        return f"{minutes // 60} h"
    return f"{minutes} min"


@dataclass(frozen=True)
class Nudge:
    place: Place
    game_id: int
    game_name: str
    pings: tuple[Ping, ...]
    since: int  # unix time the wait began
    number: int
    deadline: int | None = None  # unix time the player's time runs out (a clock)
    by_dm: frozenset[str] = frozenset()  # whom to remind by DM (closed DMs: the channel)
    roles: tuple[str, ...] = ()  # the sides whose reminders it counts as sent

    @property
    def last(self) -> bool:
        return self.deadline is None and self.number >= MAX_REMINDERS

    def _tail(self) -> str:
        if self.deadline is not None:
            return f" Your time runs out <t:{self.deadline}:R>."
        if self.last:
            return (" This is the last reminder: if the seat stays empty, the game's creator or "
                    "a moderator can hand it to someone else with `/game reassign`.")
        return ""

    def channel_text(self, mention: Callable[[Ping], str]) -> str:
        who = ", ".join(p.text(mention) for p in self.pings)
        return clip(f"⏰ {who} — **{self.game_name}** (game #{self.game_id}) has been waiting "
                    f"for your move since <t:{self.since}:R>. `/play` to move." + self._tail())

    def dm_text(self, ping: Ping, why: str = "") -> str:
        """The reminder by DM; ``why``: why it came so, though the player chose the
        channel (the channel refused it)."""
        return clip(f"⏰ Your move as the {ping.role} in **{self.game_name}** "
                    f"(game #{self.game_id}) in <#{self.place.channel_id}>: it has been waiting "
                    f"since <t:{self.since}:R>." + self._tail()
                    + (f"\n-# This came by direct message because {why}" if why else ""))


def shard_of(guild_id: str | None, shard_count: int) -> int:
    """Discord's rule for which shard carries a guild (DMs go to shard 0)."""
    return (int(guild_id) >> 22) % shard_count if guild_id and guild_id.isdigit() else 0
