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


@pytest.mark.parametrize(("typed", "first", "second"), [
    ("9-5", "09:00-17:00", "09:00-05:00"), ("10-6", "10:00-18:00", "10:00-06:00"),
    ("8-4", "08:00-16:00", "08:00-04:00"), ("12-8", "12:00-20:00", "12:00-08:00"),
    ("9:30-5:30", "09:30-17:30", "09:30-05:30"), ("7 to 3", "07:00-15:00", "07:00-03:00")])
def test_hours_that_read_two_ways_are_refused_with_both_readings(typed, first, second):
    """Two hours of the 12-hour clock (1 to 12, no leading zero) with the end before the
    start: the end may be in the afternoon (an 8-hour day) or past midnight (a 20-hour
    one); nothing is saved until the player says which."""
    with pytest.raises(ValueError, match=f"Did you mean `{first}` or `{second}`\\?"):
        parse_hours(typed)


def test_hours_that_read_one_way_are_taken_as_written():
    # An hour past 12, or written with a leading zero, is the 24-hour clock: no doubt.
    assert parse_hours("9-17") == (540, 1020)
    assert parse_hours("18-02") == (1080, 120)
    assert parse_hours("22-6") == (1320, 360)
    assert parse_hours("09-05") == (540, 300)
    assert parse_hours("13:00-5") == (780, 300)
    # The end after the start: one day's span either way, read as written.
    assert parse_hours("1-9") == (60, 540)
    assert parse_hours("12-12") is None  # the whole day
    # Where the afternoon reading is too short, the refusal says so of it.
    with pytest.raises(ValueError, match=r"`11:00-14:00` \(shorter than 8 hours\) or "
                                         r"`11:00-02:00`\?"):
        parse_hours("11-2")


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
