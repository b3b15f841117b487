"""Playing hours, time zones and time away (bot/hours.py): when a clock runs."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.hours import (
    AWAY_DAYS_PER_30,
    Availability,
    check_away,
    hours_text,
    parse_hours,
    zone_names,
)

H = timedelta(hours=1)


def utc(*args):
    return datetime(*args, tzinfo=UTC)


def test_hours_are_read_in_24_hour_clock_and_may_cross_midnight():
    assert parse_hours("09:00-23:00") == (540, 1380)
    assert parse_hours("9-23") == (540, 1380)
    assert parse_hours("18:30 - 04:00") == (1110, 240)
    assert parse_hours("any") is None and parse_hours("00:00-24:00") is None
    assert hours_text((540, 1380)) == "09:00–23:00" and hours_text(None) == "any time"
    for bad, why in (("9am", "24-hour"), ("10-12", "at least 8"), ("25-30", "00:00 to 24:00")):
        with pytest.raises(ValueError, match=why):
            parse_hours(bad)


def test_a_clock_runs_only_inside_playing_hours_in_the_players_own_zone():
    # Kolkata is UTC+5:30: 09:00–23:00 there is 03:30–17:30 UTC.
    ravi = Availability("Asia/Kolkata", (540, 1380))
    assert ravi.on_duty(utc(2026, 3, 2, 4, 0)) and not ravi.on_duty(utc(2026, 3, 2, 18, 0))
    assert ravi.next_on_duty(utc(2026, 3, 2, 18, 0)) == utc(2026, 3, 3, 3, 30)
    # From 17:00 UTC to 04:30 the next day: 30 min that evening + 1 h that morning.
    assert ravi.duty_between(utc(2026, 3, 2, 17, 0), utc(2026, 3, 3, 4, 30)) == 1.5 * 3600
    # 14 hours of duty a day: 20 hours of clock from Monday 03:30 UTC end Tuesday 09:30.
    assert ravi.after_duty(utc(2026, 3, 2, 3, 30), 20 * 3600) == utc(2026, 3, 3, 9, 30)


def test_daylight_saving_moves_the_hours_with_the_local_clock():
    # London: 08:00 local is 08:00 UTC in winter and 07:00 UTC in summer (from 29 March).
    meera = Availability("Europe/London", (480, 1320))
    assert meera.next_on_duty(utc(2026, 3, 27, 2)) == utc(2026, 3, 27, 8)
    assert meera.next_on_duty(utc(2026, 3, 30, 2)) == utc(2026, 3, 30, 7)


def test_time_away_stops_the_clock_and_has_a_limit():
    start, back = utc(2026, 3, 2), utc(2026, 3, 5)
    sam = Availability("UTC", None, ((start, back),))
    assert sam.away_at(utc(2026, 3, 3)) == back and sam.away_at(back) is None
    assert sam.duty_between(utc(2026, 3, 1), utc(2026, 3, 6)) == 2 * 86400
    assert sam.after_duty(utc(2026, 3, 1, 12), 24 * 3600) == utc(2026, 3, 5, 12)
    check_away((), start, start + timedelta(days=AWAY_DAYS_PER_30))
    with pytest.raises(ValueError, match=f"at most {AWAY_DAYS_PER_30} days in any 30"):
        check_away(((start - timedelta(days=10), start - timedelta(days=5)),), start,
                   start + timedelta(days=10))
    with pytest.raises(ValueError, match="passed"):
        check_away((), start, start - H)


def test_every_iana_zone_is_known():
    assert "Asia/Kolkata" in zone_names() and "America/New_York" in zone_names()
    assert len(zone_names()) > 400
