"""The clock is a ledger (issue 35): whatever ends or changes a wait — a move, a timeout, a
side changing hands, a vote, a player changing their hours or going away — first settles
the time so far under the rules in force then, and only then starts the next stretch.
Each test here is a way the clock was bent before, reproduced at the table with a
simulated clock and the scheduler ticking as the bot ticks it."""

import json
from datetime import timedelta

import pytest

from bot.pace import Pace
from bot.replies import Notice
from bot.table import Table
from bot.table.core import duty_of
from engine import games
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, SAM, T0, hand_over, swap_game
from tests.table.test_time_zones import awaited, run, seated

H = 3600.0


@pytest.fixture
def table(repo, clock):
    return Table(repo, now=clock)


async def left(repo, clock, role: str) -> float:
    """Seconds left on ``role``'s clock now, as the stored pace and its holder's current
    settings say."""
    game = await repo.latest_game(HERE.channel_id)
    pace = Pace.from_json(json.loads(game.pace))
    seat = next(s for s in await repo.seats(game.id) if s.role == role)
    player = (await repo.players([seat.user_id])).get(seat.user_id)
    value = pace.left(role, clock.t, duty_of(player))
    assert value is not None
    return value


def ran_out(events) -> list:
    return [(t, e) for t, e in events if isinstance(e, Notice)
            and "ran out of time" in (e.post.public or "")]


async def goat_tiger(table, pace: str, on_timeout: str = "lose") -> None:
    r = await table.new(HERE, RAVI, "goat_tiger", role="goats", pace=pace,
                        on_timeout=on_timeout)
    assert not r.error, r.private
    r = await table.join(HERE, MEERA)
    assert not r.error, r.private


@pytest.mark.slow
async def test_going_away_for_longer_while_away_keeps_the_days_already_away(table, repo,
                                                                            clock):
    await goat_tiger(table, "48h+0h/48h")  # the goats (ravi) are awaited from T0
    clock.t = T0 + timedelta(hours=1)
    assert not (await table.me(HERE, RAVI, away_until="5d")).error
    await run(table, clock, 71, step=timedelta(hours=1))  # three days away so far
    r = await table.me(HERE, RAVI, away_until="5d")  # ... and five more from now
    assert not r.error, r.private
    assert await left(repo, clock, "goats") == 47 * H  # only the first hour was charged
    events = await run(table, clock, 24 * 5 + 46, step=timedelta(hours=1))
    assert ran_out(events) == []
    events = await run(table, clock, 2, step=timedelta(hours=1))
    [(t, _)] = ran_out(events)
    assert t == T0 + timedelta(days=8, hours=47)


@pytest.mark.slow
async def test_changing_playing_hours_never_gives_back_time_already_used(table, repo,
                                                                       clock):
    await goat_tiger(table, "24h+0h/24h")
    await run(table, clock, 23, step=timedelta(hours=1))  # Tuesday 05:00 UTC: 1 h left
    assert await left(repo, clock, "goats") == 1 * H
    r = await table.me(HERE, RAVI, hours="09:00-17:00")
    assert not r.error, r.private
    assert await left(repo, clock, "goats") == 1 * H  # was 16 h: Monday's 8 h only
    events = await run(table, clock, 24, step=timedelta(minutes=30))
    [(t, _)] = ran_out(events)
    assert t == T0 + timedelta(hours=28)  # Tuesday 10:00: an hour into his hours


@pytest.mark.slow
async def test_a_vote_to_wait_adds_the_time_it_says(table, repo, clock, monkeypatch):
    swap_game(monkeypatch, "vijayanagara", bot_steps=None)  # no computer: the others vote
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", pace="60h+0h/100h")
    await table.join(HERE, MEERA, "bahmani")
    assert not (await table.join(HERE, ASHA, "vijayanagara")).error
    [late_role] = await awaited(repo)
    who = await seated(repo)
    others = [p for p in (RAVI, MEERA, ASHA) if p is not who[late_role]]
    events = await run(table, clock, 61, step=timedelta(hours=1))
    assert len(ran_out(events)) == 1
    r = await table.vote(HERE, others[0], "wait")
    assert not r.error and "1 d added to their clock" in r.public, r.public
    assert await left(repo, clock, late_role) == 24 * H  # was 84 h: the 60 refilled + 24
    events = await run(table, clock, 25, step=timedelta(hours=1))
    [(t, _)] = ran_out(events)
    assert t == T0 + timedelta(hours=61 + 24)


@pytest.mark.slow
async def test_a_side_handed_away_and_back_keeps_the_time_it_had(table, repo, clock):
    await goat_tiger(table, "24h+0h/24h")
    await run(table, clock, 23, step=timedelta(hours=1))
    await hand_over(table, MOD, "goats", SAM)
    assert await left(repo, clock, "goats") == 1 * H  # the clock goes with the side
    await hand_over(table, MOD, "goats", RAVI)
    assert await left(repo, clock, "goats") == 1 * H  # was 24 h again
    events = await run(table, clock, 2, step=timedelta(minutes=30))
    [(t, _)] = ran_out(events)
    assert t == T0 + timedelta(hours=24)


@pytest.mark.slow
async def test_a_side_whose_time_ran_out_comes_with_a_days_grace(table, repo, clock):
    await goat_tiger(table, "live", on_timeout="seat")
    events = await run(table, clock, 25, step=timedelta(hours=1))
    assert len(ran_out(events)) == 1 and (await seated(repo))["goats"] is None
    await hand_over(table, MOD, "goats", SAM)
    # The computer made the goats' move: the tigers are to move, and the goats' clock
    # holds a day for Sam, not the nothing that would time him out at once.
    assert await awaited(repo) == {"tigers": clock.t - timedelta(hours=1)}
    assert await left(repo, clock, "goats") == 24 * H


@pytest.mark.slow
async def test_the_week_after_an_idle_warning_counts_from_the_warning(table, repo, clock):
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    await table.join(HERE, MEERA)
    await table.remind(HERE, RAVI, "off")
    clock.t = T0 + timedelta(days=40)  # the bot was down for weeks
    events = await run(table, clock, 1, step=timedelta(minutes=15))
    [(warned, warning)] = events
    assert "no move for 30 days" in warning.post.public
    events = await run(table, clock, 24 * 7 - 1, step=timedelta(hours=1))
    assert events == []  # was abandoned 15 minutes after the warning
    assert (await repo.latest_game(HERE.channel_id)).status == "active"
    events = await run(table, clock, 2, step=timedelta(hours=1))
    [(t, gone)] = events
    assert "is abandoned" in gone.post.public and t - warned <= timedelta(days=7, hours=1)


@pytest.mark.slow
async def test_timeouts_alone_never_keep_a_game_going(table, repo, clock):
    """Both people stopped coming; the computer plays each timed-out move. Once everyone
    has run out of time with nobody moving in between, the game waits a week for a
    person and is then abandoned: two timeouts, a warning and the end, not a post a day
    for ever."""
    await goat_tiger(table, "live", on_timeout="move")
    await table.remind(HERE, RAVI, "off")
    events = await run(table, clock, 24 * 60, step=timedelta(hours=1))
    notices = [(t, e.post.public) for t, e in events if isinstance(e, Notice)]
    assert len(ran_out(events)) == 2, notices
    assert len([dm for _, e in ran_out(events) for dm in e.dms]) == 2
    warning = [t for t, text in notices if "⚠" in text]
    [(gone, text)] = [(t, text) for t, text in notices if "is abandoned:" in text]
    assert len(warning) == 1 and gone - warning[0] <= timedelta(days=7, hours=1)
    assert gone < T0 + timedelta(days=10)
    assert (await repo.latest_game(HERE.channel_id)).status == "aborted"


@pytest.mark.slow
async def test_a_person_moving_after_everyone_ran_out_keeps_the_game(table, repo, clock):
    await goat_tiger(table, "live", on_timeout="move")
    await table.remind(HERE, RAVI, "off")
    events = await run(table, clock, 24 * 3, step=timedelta(hours=1))
    assert len(ran_out(events)) == 2
    game = await repo.latest_game(HERE.channel_id)
    [role] = await awaited(repo)
    person = (await seated(repo))[role]
    g = games.get("goat_tiger")
    step = games.legal_steps(g, g.view(json.loads(game.state), role))[0]
    assert not (await table.play(HERE, person, g.token(*step))).error
    # Past the week the warning gave: the game goes on, the clocks run again.
    events = await run(table, clock, 24 * 6 + 12, step=timedelta(hours=1))
    assert clock.t > T0 + timedelta(days=9, hours=2)
    assert not [e for _, e in events if isinstance(e, Notice)
                and "is abandoned:" in (e.post.public or "")]
    assert ran_out(events)
    assert (await repo.latest_game(HERE.channel_id)).status == "active"


@pytest.mark.slow
async def test_a_clock_longer_than_the_idle_limit_is_never_cut_short(table, repo, clock):
    await goat_tiger(table, "1000h+0h/1000h")  # 41 days and 16 hours; idle limit 30 days
    await table.remind(HERE, RAVI, "off")
    events = await run(table, clock, 996, step=timedelta(hours=6))
    assert events == [], [(t - T0, e) for t, e in events]
    assert (await repo.latest_game(HERE.channel_id)).status == "active"
    events = await run(table, clock, 7, step=timedelta(hours=1))
    [(t, _)] = ran_out(events)
    assert t == T0 + timedelta(hours=1000)


@pytest.mark.parametrize(("tz", "when"), [
    ("America/New_York", "9999-12-31 23:00"), ("Asia/Kolkata", "0001-01-01"),
    ("UTC", "9999-12-31"), ("UTC", "99999999999d"), ("UTC", "9999999999999999999999h"),
    ("UTC", "2026-02-30"), ("UTC", "1e400d")])
@pytest.mark.slow
async def test_times_away_out_of_all_range_are_refused_politely(table, repo, tz, when):
    assert not (await table.me(HERE, RAVI, timezone=tz)).error
    r = await table.me(HERE, RAVI, away_until=when)
    assert r.error, r.private
    assert any(w in r.private for w in ("at most 14 days", "has passed",
                                        "Write when you are back")), \
        r.private
    player = (await repo.players([RAVI.user_id]))[RAVI.user_id]
    assert json.loads(player.away or "[]") == []
