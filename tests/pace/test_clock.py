"""Time controls and a game's clocks (bot/pace.py)."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.hours import Availability
from bot.pace import PRESETS, Control, Pace, parse_control, parse_timeout, span

H = 3600.0
T0 = datetime(2026, 3, 2, tzinfo=UTC)
ANY = Availability()


def test_paces_are_presets_none_or_a_clock_of_ones_own():
    assert parse_control("none") is None and parse_control(None) is None
    assert parse_control("standard") == Control(72 * H, 12 * H, 120 * H) == PRESETS["standard"]
    assert parse_control("48h+6h/96h") == Control(48 * H, 6 * H, 96 * H)
    assert parse_control("48+6") == Control(48 * H, 6 * H, 96 * H)
    assert PRESETS["live"].word() == "live" and Control(48 * H, 6 * H, 96 * H).word() == \
        "48h+6h/96h"
    for bad in ("fast", "0h+1h", "48h+6h/24h", "99999h+1h"):
        with pytest.raises(ValueError):
            parse_control(bad)
    assert parse_timeout("lose") == "lose"
    with pytest.raises(ValueError, match="`move`, `seat`, `lose`"):
        parse_timeout("explode")
    assert span(3 * 86400 + 4 * H) == "3 d 4 h" and span(20 * 60) == "20 min"


def test_a_fischer_clock_charges_the_wait_and_adds_the_increment_up_to_the_cap():
    pace = Pace(control=PRESETS["live"]).started(["a", "b"], T0)  # 24 h + 4 h a move, max 72 h
    pace = pace.settled(["a"], T0, {})
    assert pace.deadline("a", ANY) == T0 + timedelta(hours=24)
    pace = pace.settled(["b"], T0 + timedelta(hours=10), {})  # a moved after 10 h
    assert pace.bank["a"] == (24 - 10 + 4) * H and "a" not in pace.since
    assert pace.left("b", T0 + timedelta(hours=12), ANY) == 22 * H
    for _ in range(20):  # quick moves bank time, never above the cap
        pace = pace.settled(["a"], T0, {}).settled(["b"], T0, {})
    assert pace.bank["a"] == 72 * H


def test_reminders_at_half_and_nine_tenths_of_the_time_inside_playing_hours():
    pace = Pace(control=Control(20 * H, 0, 20 * H)).started(["a"], T0).settled(["a"], T0, {})
    assert pace.reminder_at("a", ANY) == T0 + timedelta(hours=10)
    pace = Pace(**{**pace.__dict__, "sent": {"a": 1}})
    assert pace.reminder_at("a", ANY) == T0 + timedelta(hours=18)
    pace = Pace(**{**pace.__dict__, "sent": {"a": 2}})
    assert pace.reminder_at("a", ANY) is None
    # Without a clock: one every idle period, never outside the player's hours.
    idle = Pace(idle=60).settled(["a"], T0 + timedelta(hours=22, minutes=30), {})
    late = Availability("UTC", (9 * 60, 23 * 60))
    assert idle.reminder_at("a", late) == T0 + timedelta(days=1, hours=9)


def test_the_next_due_time_is_the_soonest_of_everything():
    pace = Pace(control=PRESETS["live"], idle_days=30).started(["a"], T0).settled(["a"], T0, {})
    due = pace.due(status="active", created=T0, updated=T0, duty={})
    assert due == T0 + timedelta(hours=12)  # the first reminder, at half of 24 h
    setup = Pace(setup_days=14).due(status="setup", created=T0, updated=T0,
                                    duty={})
    assert setup == T0 + timedelta(days=14)
    assert pace.due(status="finished", created=T0, updated=T0, duty={}) is None
    assert Pace.from_json(pace.to_json()) == pace
