"""A game's pace: its time control (a Fischer clock per player, or none), the state of
the clocks, and what falls due when (reminders, a timeout, the stale-game clean-up).

Pure: the table works out a game's ``Pace`` after each write that changes whom the game
waits for and stores it with that write (``Game.pace``), with the next instant anything
falls due (``Game.due_at``, indexed), which is all the scheduler reads to know a game
needs looking at. A clock runs for a player only while they are on duty (bot/hours.py).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
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
    """A game's clocks and reminders, as stored in ``Game.pace`` (JSON): a ledger.

    A wait is settled in stretches. Whatever changes a wait — it ends (a move, a timeout),
    its side changes hands, a vote gives more time, its player changes their hours or
    goes away — first charges the stretch so far with the duty that was in force during
    it, and then the next stretch starts: so no change of rules ever reaches back.

    ``bank``: each clocked role's time left at the start of its current stretch (or now,
    if it is not awaited); ``since``: when each awaited side's wait began (what reminders
    and lists count from); ``seg``: when its current stretch began (``since`` if none
    is written); ``full``: the time it had when the wait began (reminders fall at shares
    of it); ``sent``: reminders sent in that wait; ``timed_out``: roles whose time ran out
    and are waiting for the others' vote; ``acted``: when a person last acted (a move, a
    vote, a seat handed on) — a timeout is not a person acting, so it never keeps a game
    alive; ``quiet``: roles whose time ran out since then; ``warned_at``: when the game
    was warned that it will be abandoned. The reminder setting (``remind``: channel, dm
    or off; ``idle``: minutes between untimed reminders) and the clean-up delays are the
    game's own, fixed when it opens."""

    control: Control | None = None
    on_timeout: str = "move"
    remind: str = "channel"
    idle: int = 24 * 60
    idle_days: int = 30
    setup_days: int = 14
    bank: dict[str, float] = field(default_factory=dict)
    since: dict[str, str] = field(default_factory=dict)
    seg: dict[str, str] = field(default_factory=dict)
    full: dict[str, float] = field(default_factory=dict)
    sent: dict[str, int] = field(default_factory=dict)
    timed_out: dict[str, list[str]] = field(default_factory=dict)  # role → who voted to end
    acted: str = ""
    quiet: tuple[str, ...] = ()
    warned_at: str = ""
    ends: dict[str, str] = field(default_factory=dict)  # each awaited clock's deadline
    timeouts: dict[str, int] = field(default_factory=dict)  # each side's, for its profile

    # --- storage ---------------------------------------------------------------------

    _STORED = ("on_timeout", "remind", "idle", "idle_days", "setup_days", "bank", "since",
               "seg", "full", "sent", "timed_out", "acted", "warned_at", "ends", "timeouts")

    def to_json(self) -> dict[str, Any]:
        c = self.control
        return {"control": None if c is None else [c.base, c.increment, c.cap],
                "quiet": list(self.quiet), **{k: getattr(self, k) for k in self._STORED}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Pace:
        if not data:
            return cls()
        c = data.get("control")
        return cls(control=Control(*c) if c else None, quiet=tuple(data.get("quiet", ())),
                   **{k: data[k] for k in cls._STORED if k in data})

    # --- the clocks ------------------------------------------------------------------

    def started(self, roles: list[str], now: datetime) -> Pace:
        """The clocks at the start: every clocked role with its base time; people have
        acted (they sat down)."""
        bank = {} if self.control is None else {r: self.control.base for r in roles}
        return replace(self, bank=bank, acted=_iso(now))

    def waiting_since(self, roles: Iterable[str]) -> datetime | None:
        """When the wait for the earliest of ``roles`` began (None: none is waited for)."""
        return min((_at(self.since[r]) for r in roles if r in self.since), default=None)

    def _stretch(self, role: str) -> datetime:
        return _at(self.seg.get(role) or self.since[role])

    def _charged(self, role: str, now: datetime, duty: Availability) -> float:
        """``role``'s time left at ``now``: its bank less its duty since the stretch
        began (never below nothing)."""
        return max(0.0, self.bank[role] - duty.duty_between(self._stretch(role), now))

    def settled(self, awaited: list[str], now: datetime,
                duty: Mapping[str, Availability]) -> Pace:
        """The pace after a write at ``now`` that leaves the game awaiting the people's
        roles ``awaited`` (computer roles left out): a role no longer awaited is charged
        its last stretch and gets the increment; a role newly awaited starts its wait."""
        pace = self._ended([r for r in self.since if r not in awaited], now, duty,
                           increment=True)
        return pace._begun(awaited, now)

    def _ended(self, roles: list[str], now: datetime, duty: Mapping[str, Availability],
               *, increment: bool) -> Pace:
        bank = dict(self.bank)
        for role in roles:
            if self.control is not None and role in bank and role in self.since:
                bank[role] = self._charged(role, now, duty.get(role, Availability()))
                if increment:
                    bank[role] = min(bank[role] + self.control.increment, self.control.cap)
        gone = set(roles)

        def rest(d: Mapping[str, Any]) -> dict[str, Any]:
            return {r: v for r, v in d.items() if r not in gone}

        return replace(self, bank=bank, since=rest(self.since), seg=rest(self.seg),
                       full=rest(self.full), sent=rest(self.sent),
                       timed_out=rest(self.timed_out))

    def _begun(self, awaited: list[str], now: datetime) -> Pace:
        since, seg, full, sent = dict(self.since), dict(self.seg), dict(self.full), \
            dict(self.sent)
        for role in awaited:
            if role not in since:
                since[role] = seg[role] = _iso(now)
                sent[role] = 0
                if role in self.bank:
                    full[role] = self.bank[role]
        return replace(self, since=since, seg=seg, full=full, sent=sent)

    def restretched(self, roles: list[str], now: datetime, duty: Availability) -> Pace:
        """Before ``roles``' player changes their hours, time zone or time away: their
        waits charged up to ``now`` under the settings in force until then, and a new
        stretch begun (the wait, its reminders and its deadline's share go on)."""
        bank, seg = dict(self.bank), dict(self.seg)
        for role in roles:
            if role in self.since:
                if self.control is not None and role in bank:
                    bank[role] = self._charged(role, now, duty)
                seg[role] = _iso(now)
        return replace(self, bank=bank, seg=seg)

    def handed(self, role: str, now: datetime, duty: Availability) -> Pace:
        """``role``'s side changes hands at ``now``: its wait so far is charged to the
        clock under its old holder's duty (no increment: nobody moved), and the wait ends;
        the new holder's begins when the game is next settled. The clock goes with the
        side; a side whose time has run out comes with the grace a vote would give, so
        its next holder is not timed out at once."""
        pace = self._ended([role], now, {role: duty}, increment=False)
        if self.control is not None and pace.bank.get(role, 1.0) <= 0:
            pace = replace(pace, bank={**pace.bank, role: self.grace()})
        return pace

    def given_more(self, role: str, now: datetime, duty: Availability) -> Pace:
        """The others voted to wait for ``role``, whose time ran out: its wait so far is
        settled and a new one begins with ``grace()`` more on its clock."""
        pace = self._ended([role], now, {role: duty}, increment=False)
        if self.control is not None:
            pace = replace(pace, bank={**pace.bank, role: pace.bank.get(role, 0.0)
                                       + self.grace()})
        return pace._begun([role], now)

    def grace(self) -> float:
        """What a vote to wait adds to a clock that ran out: a day, or the increment if
        that is more."""
        return max(self.control.increment if self.control else 0.0, GRACE)

    def with_deadlines(self, duty: Mapping[str, Availability]) -> Pace:
        """The pace with each awaited clock's deadline written down (``ends``), for the
        posts that show it without working it out again."""
        ends = {r: _iso(t) for r in self.since
                if (t := self.deadline(r, duty.get(r, Availability()))) is not None}
        return replace(self, ends=ends)

    def left(self, role: str, now: datetime, duty: Availability) -> float | None:
        """Seconds left on ``role``'s clock at ``now`` (None: no clock)."""
        if self.control is None or role not in self.bank:
            return None
        if role not in self.since:
            return self.bank[role]
        return self._charged(role, now, duty)

    def deadline(self, role: str, duty: Availability) -> datetime | None:
        """When ``role``'s time runs out in its current wait."""
        if self.control is None or role not in self.since or role not in self.bank:
            return None
        return duty.after_duty(self._stretch(role), self.bank[role])

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
            # When the share of the time the wait began with is used, whatever stretches
            # it took.
            full = self.full.get(role, self.bank[role])
            still = self.bank[role] - full * (1 - CLOCK_REMINDERS[n])
            at = duty.after_duty(self._stretch(role), still)
        else:
            if n >= MAX_IDLE_REMINDERS:
                return None
            at = began + timedelta(minutes=self.idle * (n + 1))
        return duty.next_on_duty(at)

    # --- a game nobody plays ---------------------------------------------------------

    def acted_now(self, now: datetime) -> Pace:
        """A person acted at ``now``: the game is alive, its warning and the timeouts
        counted since the last such act forgotten."""
        return replace(self, acted=_iso(now), quiet=(), warned_at="")

    def ran_out(self, role: str) -> Pace:
        """``role``'s time ran out (counted for its profile, and toward nobody being
        there)."""
        return replace(self, timeouts={**self.timeouts, role: self.timeouts.get(role, 0) + 1},
                       quiet=tuple(dict.fromkeys((*self.quiet, role))))

    def deserted(self, people: Mapping[str, Collection[str]]) -> bool:
        """Everyone has run out of time since a person last acted (``people``: each
        person's roles; nobody seated at all counts too): nobody is there."""
        return bool(self.quiet) and all(set(roles) & set(self.quiet)
                                        for roles in people.values())

    def idle_warning_at(self, updated: datetime, duty: Mapping[str, Availability],
                        deserted: bool = False) -> datetime:
        """When the game is warned that it will be abandoned: ``idle_days`` after a
        person last acted (the last write, for a game stored before ``acted``), but never
        while an awaited clock still has time on it; at once when nobody is there."""
        quiet_since = _at(self.acted) if self.acted else updated
        if deserted:
            return quiet_since
        clocks = [t for r in self.since if r not in self.timed_out
                  and (t := self.deadline(r, duty.get(r, Availability()))) is not None]
        return max([quiet_since + timedelta(days=self.idle_days), *clocks])

    def abandon_at(self) -> datetime | None:
        """A week after the warning (None: not warned)."""
        return _at(self.warned_at) + timedelta(days=IDLE_GRACE_DAYS) if self.warned_at \
            else None

    def due(self, *, status: str, created: datetime, updated: datetime,
            duty: Mapping[str, Availability], deserted: bool = False) -> datetime | None:
        """The next instant the scheduler must look at the game. While a game nobody is
        at waits out its warning, no more timeouts are played for anyone."""
        if status == "setup":
            return created + timedelta(days=self.setup_days)
        if status != "active":
            return None
        end = self.abandon_at()
        times: list[datetime | None] = [
            end if end is not None else self.idle_warning_at(updated, duty, deserted)]
        for role in self.since:
            d = duty.get(role, Availability())
            times.append(self.reminder_at(role, d))
            if role not in self.timed_out and not (deserted and self.warned_at):
                times.append(self.deadline(role, d))
        return min(t for t in times if t is not None)


IDLE_GRACE_DAYS = 7  # after an idle game's warning, before it is abandoned
GRACE = 24 * HOUR  # at least what a vote to wait adds to a clock that ran out


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
