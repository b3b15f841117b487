"""When a player is on duty: their time zone, their playing hours, the spans they are away.

A game's clock runs for a player only while they are on duty (BGA's "playing hours"), and
reminders and direct messages wait for it. Everything here is a pure function of UTC
instants, so tests run weeks of play in milliseconds and a restart changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

# Limits that stop a player from freezing their clocks: a day's playing hours span at
# least this many hours, and nobody is away more than this many days in any 30.
MIN_HOURS = 8
AWAY_DAYS_PER_30 = 14
# How far ahead the duty windows are looked for: a clock never waits longer than this.
HORIZON = timedelta(days=400)

_HOURS = re.compile(r"^\s*(\d{1,2})(?::(\d\d))?\s*[-–to ]+\s*(\d{1,2})(?::(\d\d))?\s*$")


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone name this machine knows (the tzdata package ships them)."""
    return tuple(sorted(available_timezones()))


def zone(name: str) -> ZoneInfo:
    """The time zone ``name`` (``Asia/Kolkata``); ValueError for a name that is none."""
    try:
        if name in zone_names() or name == "UTC":
            return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    raise ValueError(f"{name} is not a time zone name")


def parse_hours(text: str) -> tuple[int, int] | None:
    """``"09:00-23:00"`` → (540, 1380), minutes after local midnight; hours may cross
    midnight (``"18-02"``). ``"any"``/``"all"``: the whole day (None). ValueError for
    anything else, a window shorter than ``MIN_HOURS``, or hours that read two ways:
    both as the 12-hour clock writes them and the end before the start (``"9-5"``:
    09:00-17:00 or 09:00-05:00?)."""
    if text.strip().lower() in ("any", "all", "all day", "always", "none", "off"):
        return None
    m = _HOURS.match(text)
    if m is None:
        raise ValueError("Write playing hours as `09:00-23:00` (24-hour clock), or `any`.")
    h0, m0, h1, m1 = (int(x or 0) for x in m.groups())
    if not (0 <= h0 <= 24 and 0 <= h1 <= 24 and m0 < 60 and m1 < 60):
        raise ValueError("Hours run from 00:00 to 24:00.")
    start, end = (h0 * 60 + m0) % 1440, (h1 * 60 + m1) % 1440
    if _twelve_hour(m.group(1)) and _twelve_hour(m.group(3)) and start - 720 < end < start:
        raise ValueError(_two_readings(start, end))
    length = (end - start) % 1440 or 1440
    if length < MIN_HOURS * 60:
        raise ValueError(f"Playing hours must span at least {MIN_HOURS} hours a day, so "
                         "that every game can move on.")
    return (start, end) if length < 1440 else None


def _twelve_hour(hour: str) -> bool:
    """An hour as the 12-hour clock writes it (1 to 12, no leading zero): "5" may be 05:00
    or 17:00."""
    return not hour.startswith("0") and 1 <= int(hour) <= 12


def _two_readings(start: int, end: int) -> str:
    """Why ``9-5`` is refused: the end may be in the afternoon or past midnight."""
    def shown(a: int, b: int) -> str:
        short = (b - a) % 1440 < MIN_HOURS * 60
        return (f"`{hours_text((a, b)).replace('–', '-')}`"
                + (f" (shorter than {MIN_HOURS} hours)" if short else ""))
    return (f"Did you mean {shown(start, (end + 720) % 1440)} or {shown(start, end)}? Hours on "
            "the 12-hour clock read both ways: write the one you mean on the 24-hour clock.")


def hours_text(hours: tuple[int, int] | None) -> str:
    if hours is None:
        return "any time"
    return "–".join(f"{m // 60:02d}:{m % 60:02d}" for m in hours)


@dataclass(frozen=True)
class Availability:
    """One player's duty: ``tz`` an IANA name, ``hours`` (start, end) in minutes after
    local midnight or None for all day, ``away`` sorted UTC spans (start, end)."""

    tz: str = "UTC"
    hours: tuple[int, int] | None = None
    away: tuple[tuple[datetime, datetime], ...] = ()

    def away_at(self, t: datetime) -> datetime | None:
        """The end of the away span ``t`` falls in, if any."""
        return next((b for a, b in self.away if a <= t < b), None)

    def _daily(self, t0: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The playing-hours windows (UTC) that end after ``t0``, in order."""
        if self.hours is None:
            yield t0, t0 + HORIZON
            return
        tz = zone(self.tz)
        start, end = self.hours
        day: date = t0.astimezone(tz).date() - timedelta(days=1)
        last = (t0 + HORIZON).date()
        while day <= last:
            # Local wall-clock times, read in the zone on that date (DST included).
            a = datetime.combine(day, time(start // 60, start % 60), tz).astimezone(UTC)
            end_day = day if end > start else day + timedelta(days=1)
            b = datetime.combine(end_day, time(end // 60, end % 60), tz).astimezone(UTC)
            if b > t0:
                yield max(a, t0), b
            day += timedelta(days=1)

    def windows(self, t0: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The on-duty spans from ``t0`` on: playing hours less the away spans."""
        for a, b in self._daily(t0):
            for x, y in self.away:
                if y <= a or x >= b:
                    continue
                if x > a:
                    yield a, x
                a = max(a, y)
                if a >= b:
                    break
            if a < b:
                yield a, b

    def on_duty(self, t: datetime) -> bool:
        return self.next_on_duty(t) == t

    def next_on_duty(self, t: datetime) -> datetime:
        """``t`` if the player is on duty then, else when they next are."""
        for a, _b in self.windows(t):
            return a
        return t + HORIZON

    def duty_between(self, t0: datetime, t1: datetime) -> float:
        """Seconds on duty from ``t0`` to ``t1``: what a clock charges for that wait."""
        total = 0.0
        for a, b in self.windows(t0):
            if a >= t1:
                break
            total += (min(b, t1) - a).total_seconds()
        return total

    def after_duty(self, t0: datetime, seconds: float) -> datetime:
        """The instant at which ``seconds`` on duty have passed since ``t0``."""
        left = max(0.0, seconds)
        for a, b in self.windows(t0):
            span = (b - a).total_seconds()
            if left < span:
                return a + timedelta(seconds=left)
            left -= span
        return t0 + HORIZON

    def local(self, t: datetime) -> datetime:
        return t.astimezone(zone(self.tz))


def away_days_within(spans: tuple[tuple[datetime, datetime], ...], start: datetime,
                     end: datetime) -> float:
    """Days of the ``spans`` that fall between ``start`` and ``end``."""
    return sum(max(0.0, (min(b, end) - max(a, start)).total_seconds())
               for a, b in spans) / 86400


def merged(spans: list[tuple[datetime, datetime]]) -> list[tuple[datetime, datetime]]:
    """``spans`` in order, those that touch or overlap joined, empty ones left out."""
    out: list[tuple[datetime, datetime]] = []
    for a, b in sorted(s for s in spans if s[0] < s[1]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out


def check_away(spans: tuple[tuple[datetime, datetime], ...], now: datetime,
               until: datetime) -> None:
    """Refuse an away span from ``now`` to ``until`` that, with the time already spent
    away (``spans`` up to ``now``; a span under way counts up to now), puts the player
    away more than ``AWAY_DAYS_PER_30`` days in some 30 days."""
    if until <= now:
        raise ValueError("That time has passed: choose a day still to come.")
    wanted = (*[(a, min(b, now)) for a, b in spans if a < now], (now, until))
    # The busiest 30 days start where some span starts.
    for a, _b in wanted:
        if away_days_within(wanted, a, a + timedelta(days=30)) > AWAY_DAYS_PER_30 + 1e-9:
            raise ValueError(f"You may be away at most {AWAY_DAYS_PER_30} days in any 30, "
                             "so that the games you play can go on.")
