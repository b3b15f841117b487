"""A game's pace: its time control (a Fischer clock per player, or none), the state of
the clocks, and what falls due when (reminders, a timeout, the stale-game clean-up).

Pure: the table works out a game's ``Pace`` after each write that changes whom the game
waits for and stores it with that write (``Game.pace``), with the next instant anything
falls due (``Game.due_at``, indexed), which is all the scheduler reads to know a game
needs looking at. A clock runs for a player only while they are on duty (bot/hours.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.hours import Availability

HOUR = 3600.0

# What happens when a player's time runs out.
TIMEOUTS = {
    "move": "the computer plays that move for them",
    "seat": "the computer takes over their seat",
    "lose": "the game ends and they lose",
}
# Where a game has no computer player, a timeout asks the others instead.
VOTE = "vote"
# Reminders of a timed wait: when this share of the player's time is used.
CLOCK_REMINDERS = (0.5, 0.9)
# Reminders of an untimed wait: at most this many, one every idle period.
MAX_IDLE_REMINDERS = 3


@dataclass(frozen=True)
class Control:
    """A Fischer clock: ``base`` seconds to start with, ``increment`` added after each
    move, never more than ``cap`` in the bank."""

    base: float
    increment: float
    cap: float

    def text(self) -> str:
        return f"{_h(self.base)} + {_h(self.increment)} a move, up to {_h(self.cap)}"

    def word(self) -> str:
        """How it is typed: a preset's name, else ``48h+6h/96h``."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return f"{_h(self.base)}+{_h(self.increment)}/{_h(self.cap)}"


def _h(seconds: float) -> str:
    hours = seconds / HOUR
    return f"{hours:g}h"


# In the spirit of Rally the Troops' paces.
PRESETS = {
    "live": Control(24 * HOUR, 4 * HOUR, 72 * HOUR),
    "standard": Control(72 * HOUR, 12 * HOUR, 120 * HOUR),
    "slow": Control(72 * HOUR, 36 * HOUR, 240 * HOUR),
}
MAX_HOURS = 24 * 60  # no clock holds more than 60 days
_NUM = r"(\d+(?:\.\d+)?)h?"
_CUSTOM = re.compile(rf"^\s*{_NUM}\s*\+\s*{_NUM}\s*(?:/\s*{_NUM})?\s*$")


def parse_control(text: str | None) -> Control | None:
    """``none``, a preset (``live``, ``standard``, ``slow``) or a custom clock written
    ``48h+6h/96h`` (start + per move / the most a player may bank; hours). ValueError
    for anything else."""
    word = (text or "none").strip().lower()
    if word in ("none", "off", "no", ""):
        return None
    if word in PRESETS:
        return PRESETS[word]
    m = _CUSTOM.match(word)
    if m is None:
        raise ValueError(f"A pace is `none`, {', '.join(f'`{p}`' for p in PRESETS)} or a "
                         "clock of your own such as `48h+6h/96h` (hours to start + hours "
                         "added a move / the most one may have).")
    base, inc = float(m.group(1)), float(m.group(2))
    cap = float(m.group(3)) if m.group(3) else max(base, 2 * base)
    if not (1 <= base <= MAX_HOURS and 0 <= inc <= MAX_HOURS and base <= cap <= MAX_HOURS):
        raise ValueError(f"A clock starts with 1 to {MAX_HOURS} hours, adds at most that "
                         "a move, and its most is at least its start.")
    return Control(base * HOUR, inc * HOUR, cap * HOUR)


def parse_timeout(text: str | None) -> str:
    word = (text or "move").strip().lower()
    if word not in TIMEOUTS:
        raise ValueError(f"When time runs out: {', '.join(f'`{t}`' for t in TIMEOUTS)}.")
    return word


def span(seconds: float) -> str:
    """``3 d 4 h``, ``5 h 20 min``, ``12 min``: a length of time in words."""
    minutes = int(max(0, seconds) // 60)
    d, rest = divmod(minutes, 1440)
    h, m = divmod(rest, 60)
    if d:
        return f"{d} d {h} h" if h else f"{d} d"
    if h:
        return f"{h} h {m} min" if m else f"{h} h"
    return f"{m} min"


def _iso(t: datetime) -> str:
    return t.isoformat()


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@dataclass(frozen=True)
class Pace:
    """A game's clocks and reminders, as stored in ``Game.pace`` (JSON).

    ``bank``: each clocked role's time left at the start of its current wait (or now,
    if it is not awaited); ``since``: when each awaited person's wait began; ``sent``:
    reminders sent in that wait; ``timed_out``: roles whose time ran out and are waiting
    for the others' vote; ``warned``: the game version an idle-game warning was sent at.
    The reminder setting (``remind``: channel, dm or off; ``idle``: minutes between
    untimed reminders) and the clean-up delays are the game's own, fixed when it opens."""

    control: Control | None = None
    on_timeout: str = "move"
    remind: str = "channel"
    idle: int = 24 * 60
    idle_days: int = 30
    setup_days: int = 14
    bank: dict[str, float] = field(default_factory=dict)
    since: dict[str, str] = field(default_factory=dict)
    sent: dict[str, int] = field(default_factory=dict)
    timed_out: dict[str, list[str]] = field(default_factory=dict)  # role → who voted to end
    warned: int = -1
    ends: dict[str, str] = field(default_factory=dict)  # each awaited clock's deadline
    timeouts: dict[str, int] = field(default_factory=dict)  # each side's, for its profile

    # --- storage ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        c = self.control
        return {
            "control": None if c is None else [c.base, c.increment, c.cap],
            "on_timeout": self.on_timeout, "remind": self.remind, "idle": self.idle,
            "idle_days": self.idle_days, "setup_days": self.setup_days,
            "bank": self.bank, "since": self.since, "sent": self.sent,
            "timed_out": self.timed_out, "warned": self.warned, "ends": self.ends,
            "timeouts": self.timeouts,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Pace:
        if not data:
            return cls()
        c = data.get("control")
        return cls(control=Control(*c) if c else None,
                   **{k: data[k] for k in ("on_timeout", "remind", "idle", "idle_days",
                                           "setup_days", "bank", "since", "sent",
                                           "timed_out", "warned", "ends", "timeouts")
                            if k in data})

    # --- the clocks ------------------------------------------------------------------

    def started(self, roles: list[str]) -> Pace:
        """The clocks at the start: every clocked role with its base time."""
        if self.control is None:
            return self
        return replace(self, bank={r: self.control.base for r in roles})

    def settled(self, awaited: list[str], now: datetime,
                duty: Mapping[str, Availability]) -> Pace:
        """The pace after a write at ``now`` that leaves the game awaiting the people's
        roles ``awaited`` (computer roles left out): a role no longer awaited is charged
        its time on duty and gets the increment; a role newly awaited starts its wait."""
        bank, since, sent = dict(self.bank), dict(self.since), dict(self.sent)
        timed_out = {r: v for r, v in self.timed_out.items() if r in awaited}
        for role in [r for r in since if r not in awaited]:
            began = _at(since.pop(role))
            sent.pop(role, None)
            if self.control is not None and role in bank:
                used = duty.get(role, Availability()).duty_between(began, now)
                bank[role] = min(max(0.0, bank[role] - used) + self.control.increment,
                                 self.control.cap)
        for role in awaited:
            if role not in since:
                since[role] = _iso(now)
                sent[role] = 0
        return replace(self, bank=bank, since=since, sent=sent, timed_out=timed_out)

    def with_deadlines(self, duty: Mapping[str, Availability]) -> Pace:
        """The pace with each awaited clock's deadline written down (``ends``), for the
        posts that show it without working it out again."""
        ends = {r: _iso(t) for r in self.since
                if (t := self.deadline(r, duty.get(r, Availability()))) is not None}
        return replace(self, ends=ends)

    def without(self, role: str) -> Pace:
        """The pace with ``role``'s current wait forgotten (its side changed hands: the
        new holder starts a wait of their own; the clock goes with the side)."""
        return replace(self, since={r: v for r, v in self.since.items() if r != role},
                       sent={r: v for r, v in self.sent.items() if r != role},
                       timed_out={r: v for r, v in self.timed_out.items() if r != role})

    def left(self, role: str, now: datetime, duty: Availability) -> float | None:
        """Seconds left on ``role``'s clock at ``now`` (None: no clock)."""
        if self.control is None or role not in self.bank:
            return None
        if role not in self.since:
            return self.bank[role]
        return max(0.0, self.bank[role] - duty.duty_between(_at(self.since[role]), now))

    def deadline(self, role: str, duty: Availability) -> datetime | None:
        """When ``role``'s time runs out in its current wait."""
        if self.control is None or role not in self.since or role not in self.bank:
            return None
        return duty.after_duty(_at(self.since[role]), self.bank[role])

    def reminder_at(self, role: str, duty: Availability) -> datetime | None:
        """When the next reminder of ``role``'s current wait falls due (inside their
        playing hours), or None when none is left."""
        if self.remind == "off" or role not in self.since or role in self.timed_out:
            return None
        began = _at(self.since[role])
        n = self.sent.get(role, 0)
        if self.control is not None and role in self.bank:
            if n >= len(CLOCK_REMINDERS):
                return None
            at = duty.after_duty(began, self.bank[role] * CLOCK_REMINDERS[n])
        else:
            if n >= MAX_IDLE_REMINDERS:
                return None
            at = began + timedelta(minutes=self.idle * (n + 1))
        return duty.next_on_duty(at)

    def idle_warning_at(self, updated: datetime, version: int) -> datetime:
        """When the game, unmoved since ``updated``, is warned; then abandoned a week on."""
        first = updated + timedelta(days=self.idle_days)
        return first if self.warned != version else first + timedelta(days=IDLE_GRACE_DAYS)

    def due(self, *, status: str, created: datetime, updated: datetime, version: int,
            duty: Mapping[str, Availability]) -> datetime | None:
        """The next instant the scheduler must look at the game."""
        if status == "setup":
            return created + timedelta(days=self.setup_days)
        if status != "active":
            return None
        times = [self.idle_warning_at(updated, version)]
        for role in self.since:
            d = duty.get(role, Availability())
            times += [t for t in (self.reminder_at(role, d),
                                  None if role in self.timed_out else self.deadline(role, d))
                      if t is not None]
        return min(times)


IDLE_GRACE_DAYS = 7  # after an idle game's warning, before it is abandoned


@dataclass(frozen=True)
class Defaults:
    """What a new game gets unless its creator chooses: the bot's own (the environment's
    ``PACE``, ``PACE_ON_TIMEOUT``, ``SETUP_DAYS``, ``IDLE_DAYS``), then a server's own."""

    control: Control | None = None
    on_timeout: str = "move"
    setup_days: int = 14
    idle_days: int = 30

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Defaults:
        days = {k: int(env.get(k.upper(), "") or v) for k, v in
                (("setup_days", 14), ("idle_days", 30))}
        for key, value in days.items():
            if not 1 <= value <= MAX_DAYS:
                raise ValueError(f"{key.upper()} must be between 1 and {MAX_DAYS}")
        return cls(control=parse_control(env.get("PACE")),
                   on_timeout=parse_timeout(env.get("PACE_ON_TIMEOUT")), **days)

    def of_server(self, pace: str | None, on_timeout: str | None, setup_days: int | None,
                  idle_days: int | None) -> Defaults:
        """These defaults with a server's own settings over them (None: not set)."""
        return Defaults(self.control if pace is None else parse_control(pace),
                        on_timeout or self.on_timeout, setup_days or self.setup_days,
                        idle_days or self.idle_days)


MAX_DAYS = 365
