"""Across time zones (issue 27): games played with clocks, playing hours and time away
under a simulated clock, ticked by the scheduler as the bot ticks it; timeouts each way;
stale games closed. Weeks of play run in seconds: the table and the scheduler take the
time as a parameter."""

import json
from datetime import datetime, timedelta

import pytest

from bot.hours import Availability
from bot.reminders import Nudge
from bot.replies import Notice, Place
from bot.scheduler import tick
from bot.table import Table
from db import Repository
from engine import games
from tests.support.table import (
    ASHA,
    HERE,
    MEERA,
    MOD,
    RAVI,
    SAM,
    T0,
    assert_replays,
    swap_game,
)

KOLKATA = ("Asia/Kolkata", "09:00-23:00")
LONDON = ("Europe/London", "08:00-22:00")
NEW_YORK = ("America/New_York", "any")


@pytest.fixture
def table(repo, clock):
    return Table(repo, now=clock)


def local_hour(t: datetime, tz: str) -> float:
    local = Availability(tz).local(t)
    return local.hour + local.minute / 60


async def awaited(repo, place=HERE) -> dict[str, datetime]:
    """The sides the game waits for (people only), and since when."""
    game = await repo.latest_game(place.channel_id)
    pace = json.loads(game.pace)
    return {r: datetime.fromisoformat(t) for r, t in pace["since"].items()}


async def move(table, repo, who, role, place=HERE):
    """``role``'s whole move: the first legal step each time, until the game moves on."""
    game = await repo.latest_game(place.channel_id)
    g = games.get(game.game)
    state = json.loads(game.state)
    while role in g.view(state, None)["active"] and game.status == "active":
        step = games.legal_steps(g, g.view(state, role))[0]
        r = await table.play(place, who[role], g.token(*step))
        assert not r.error, r.private
        game = await repo.latest_game(place.channel_id)
        state = json.loads(game.state)


async def run(table, clock, hours, step=timedelta(minutes=30), act=None):
    """Let ``hours`` pass, ticking every ``step``; ``act(now)`` may make moves after each
    tick. Returns [(time, nudge or notice)]."""
    out = []
    end = clock.t + timedelta(hours=hours)
    while clock.t < end:
        clock.t += step
        out += [(clock.t, e) for e in await tick(table, clock.t)]
        if act is not None and await act(clock.t):
            break
    return out


async def settle_people(table, where=(KOLKATA, LONDON, NEW_YORK)):
    for person, (tz, hours) in zip((RAVI, MEERA, ASHA), where, strict=True):
        r = await table.me(HERE, person, timezone=tz, hours=hours)
        assert not r.error, r.private


async def seated(repo, place=HERE):
    game = await repo.latest_game(place.channel_id)
    by_id = {a.user_id: a for a in (RAVI, MEERA, ASHA)}
    return {s.role: by_id.get(s.user_id) for s in await repo.seats(game.id)}


@pytest.mark.slow
async def test_a_three_player_taj_mahal_across_three_time_zones(table, repo, clock):
    await settle_people(table)
    r = await table.me(HERE, ASHA, away_until="3d")  # away from the start
    assert not r.error and "Away until" in r.private
    r = await table.new(HERE, RAVI, "taj_mahal", options={"players": "3"}, pace="standard",
                        on_timeout="move")
    assert not r.error and "Pace: standard" in r.public, r.public
    await table.join(HERE, MEERA)
    r = await table.join(HERE, ASHA)  # the third starts the game
    assert not r.error
    who = await seated(repo)
    role_of = {p.user_id: role for role, p in who.items()}
    status = await table.status(HERE, SAM)
    assert "left" in status.private and "away until" in status.private

    sent: list[tuple[datetime, Nudge]] = []
    timeouts: list[tuple[datetime, Notice]] = []
    slow_done = False

    async def act(now):
        nonlocal slow_done
        for role, since in (await awaited(repo)).items():
            person = who[role]
            if person is ASHA:
                continue  # she never moves: her time runs out
            hours = KOLKATA[0] if person is RAVI else LONDON[0]
            d = Availability(hours, (540, 1380) if person is RAVI else (480, 1320))
            game = await repo.latest_game(HERE.channel_id)
            if person is RAVI and not slow_done:
                # Ravi's first wait: he moves only after both reminders.
                if json.loads(game.pace)["sent"].get(role, 0) < 2:
                    continue
                slow_done = True
            if d.on_duty(now) and now - since >= timedelta(hours=1):
                await move(table, repo, who, role)

    end = clock.t + timedelta(days=20)
    while clock.t < end and not (timeouts and slow_done):
        clock.t += timedelta(minutes=30)
        for e in await tick(table, clock.t):
            if isinstance(e, Nudge):
                sent.append((clock.t, e))
            elif "ran out of time" in (e.post.public or ""):
                timeouts.append((clock.t, e))
        await act(clock.t)

    # Reminders reached each person inside their own playing hours, and none while away.
    assert sent, "no reminder was sent"
    tz = {RAVI.user_id: KOLKATA, MEERA.user_id: LONDON, ASHA.user_id: NEW_YORK}
    for t, n in sent:
        for p in n.pings:
            zone, hours = tz[p.user_id]
            if hours != "any":
                start, stop = (int(x.split(":")[0]) for x in hours.split("-"))
                assert start <= local_hour(t, zone) < stop, (t, p.name)
            if p.user_id == ASHA.user_id:
                assert t >= T0 + timedelta(days=3), "reminded while away"
    ravi_reminders = [t for t, n in sent if any(p.user_id == RAVI.user_id for p in n.pings)]
    assert len(ravi_reminders) >= 2 and all(n.deadline for _, n in sent)

    # Asha's clock stood still for the three days away, then ran out after 72 h.
    t, notice = timeouts[0]
    role = role_of[ASHA.user_id]
    assert "the computer plays that move for them" in notice.post.public
    assert [u for u, _ in notice.dms] == [ASHA.user_id]
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "active"
    seats = {s.role: s for s in await repo.seats(game.id)}
    assert seats[role].user_id == ASHA.user_id and not seats[role].is_bot  # still hers
    await assert_replays(repo, game.id)
    steps = await repo.steps(game.id)
    assert any(s.role == role and s.user_id is None for s in steps)  # the computer's move
    # When her wait began is in the log: the deadline was 72 h of her time after it,
    # the days away not counted; the timeout came at the first tick after it.
    began = max(T0 + timedelta(days=3), _wait_start(steps, role, t))
    assert began + timedelta(hours=72) <= t < began + timedelta(hours=72, minutes=31)


def _wait_start(steps, role, before):
    """When ``role``'s last wait before ``before`` began: the last step by another role
    (a move passed the turn to it)."""
    last = [s.created_at for s in steps if s.role != role and s.created_at < before]
    return max(last) if last else T0


@pytest.mark.slow
async def test_a_rajas_game_hands_a_timed_out_seat_to_the_computer(table, repo, clock):
    await settle_people(table, (KOLKATA, LONDON, NEW_YORK))
    r = await table.new(HERE, RAVI, "rajas", options={"players": "2"}, pace="24h+2h/48h",
                        on_timeout="seat")
    assert not r.error and "the computer takes over their seat" in r.public
    r = await table.join(HERE, MEERA)
    assert not r.error
    who = await seated(repo)
    meera_role = next(r for r, p in who.items() if p is MEERA)
    r = await table.me(HERE, MEERA, away_until="3d")
    assert not r.error

    async def ravi_moves(now):
        for role in await awaited(repo):
            if who[role] is RAVI and Availability(*_duty(KOLKATA)).on_duty(now):
                await move(table, repo, who, role)
        game = await repo.latest_game(HERE.channel_id)
        return any(s.is_bot for s in await repo.seats(game.id))

    events = await run(table, clock, 24 * 12, act=ravi_moves)
    notices = [(t, e) for t, e in events if isinstance(e, Notice)]
    assert any("ran out of time: the computer takes over their seat" in e.post.public
               for _, e in notices)
    game = await repo.latest_game(HERE.channel_id)
    seats = {s.role: s for s in await repo.seats(game.id)}
    assert seats[meera_role].is_bot and game.status == "active"
    [t] = [t for t, e in notices if "ran out" in e.post.public]
    assert t >= T0 + timedelta(days=3, hours=24)  # not before her 3 days away + 24 h
    await assert_replays(repo, game.id)


def _duty(where):
    zone, hours = where
    return zone, (540, 1380) if hours.startswith("09") else None


@pytest.mark.slow
async def test_a_timeout_can_end_the_game_with_the_late_player_losing(table, repo, clock):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", pace="live", on_timeout="lose")
    r = await table.join(HERE, MEERA)
    deadline = int((T0 + timedelta(hours=24)).timestamp())
    assert f"⏱ ravi (Goats): 1 d on the clock, runs out <t:{deadline}:R>" in r.public
    events = await run(table, clock, 25, step=timedelta(hours=1))
    [notice] = [e for _, e in events if isinstance(e, Notice)]
    assert "ran out of time: the game ends and they lose" in notice.post.public
    assert notice.post.image is not None  # the last picture says how it ended
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished" and json.loads(game.result)["winners"] == ["tigers"]
    assert game.due_at is None
    # Reminders at half and nine tenths of the 24 h (12 h, 21.6 h), and nothing after.
    assert [(t - T0, type(e)) for t, e in events] == [
        (timedelta(hours=12), Nudge), (timedelta(hours=22), Nudge),
        (timedelta(hours=24), Notice)]
    assert await tick(table, clock.t + timedelta(days=60)) == []


@pytest.mark.slow
async def test_without_a_computer_player_the_others_vote(table, repo, clock, monkeypatch):
    swap_game(monkeypatch, "vijayanagara", bot_steps=None)
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", pace="24h+0h/24h")
    await table.join(HERE, MEERA, "bahmani")
    r = await table.join(HERE, ASHA, "vijayanagara")
    assert not r.error
    waiting = await awaited(repo)
    [late_role] = waiting
    who = await seated(repo)
    late = who[late_role]
    others = [p for p in (RAVI, MEERA, ASHA) if p is not late]
    events = await run(table, clock, 25, step=timedelta(hours=1))
    [notice] = [e for _, e in events if isinstance(e, Notice)]
    assert "`/game vote end`" in notice.post.public
    r = await table.vote(HERE, late, "end")
    assert r.error and "other players" in r.private
    r = await table.vote(HERE, SAM, "end")
    assert r.error
    r = await table.vote(HERE, others[0], "wait")  # half of the others: more time
    assert not r.error and "more time" in r.public
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.pace)["timed_out"] == {}
    events = await run(table, clock, 24 * 3, step=timedelta(hours=1))
    assert any(isinstance(e, Notice) for _, e in events)  # ran out again
    # Any other player may hand the side on once it ran out: to a person who agrees.
    r = await table.reassign(HERE, others[1], late_role, SAM)
    assert not r.error and r.offer and [p.user_id for p in r.pings] == [SAM.user_id]
    assert (await seated(repo))[late_role] is late  # not before sam takes it
    r = await table.take(HERE, SAM, r.offer.offer_id)
    assert not r.error, r.private
    assert (await seated(repo))[late_role] is None  # sam's now (not one of the three)
    # ... or they vote to end it.
    events = await run(table, clock, 24 * 3, step=timedelta(hours=1))
    r1 = await table.vote(HERE, others[0], "end")
    r2 = await table.vote(HERE, others[1], "end")
    assert not r2.error and "loses" in r2.public, (r1, r2)
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished" and late_role not in json.loads(game.result)["winners"]


@pytest.mark.slow
async def test_a_stalled_vijayanagara_faction_gets_its_move_from_the_computer(table, repo,
                                                                             clock):
    # Issue 29: Vijayanagara has a computer now; a timeout's move is the computer's, from
    # a copy of the position whose hidden cards and dice are dealt anew.
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", pace="24h+0h/24h",
                    on_timeout="move")
    await table.join(HERE, MEERA, "bahmani")
    await table.join(HERE, ASHA, "vijayanagara")
    [late_role] = await awaited(repo)
    before = json.loads((await repo.latest_game(HERE.channel_id)).state)["move"]
    events = await run(table, clock, 25, step=timedelta(hours=1))
    [notice] = [e for _, e in events if isinstance(e, Notice)]
    assert "ran out of time: the computer plays that move for them" in notice.post.public
    assert "**Computer** (for " in notice.post.public
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.state)["move"] > before and game.status == "active"
    assert (await seated(repo))[late_role] is not None  # the seat stays the person's
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_a_game_never_started_is_closed_and_an_idle_one_abandoned(table, repo, clock):
    other = Place(channel_id="2001", guild_id=HERE.guild_id)
    await table.new(other, RAVI, "goat_tiger")  # nobody joins
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    await table.join(HERE, MEERA)
    await table.remind(HERE, RAVI, "off")
    events = await run(table, clock, 24 * 14 - 1, step=timedelta(hours=1))
    assert events == []
    events = await run(table, clock, 2, step=timedelta(hours=1))
    [(_, closed)] = events
    assert "never started, so it is closed" in closed.post.public
    assert (await repo.latest_game(other.channel_id)).status == "aborted"
    events = await run(table, clock, 24 * 16, step=timedelta(hours=6))
    [(t, warning)] = events
    assert "no move for 30 days" in warning.post.public and warning.post.pings
    assert t - T0 < timedelta(days=30, hours=6)
    events = await run(table, clock, 24 * 7, step=timedelta(hours=6))
    [(_, gone)] = events
    assert "is abandoned" in gone.post.public and gone.post.image is not None
    assert (await repo.latest_game(HERE.channel_id)).status == "aborted"


@pytest.mark.slow
async def test_a_move_after_the_warning_keeps_the_game(table, repo, clock):
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    await table.join(HERE, MEERA)
    await table.remind(HERE, RAVI, "off")
    await run(table, clock, 24 * 30 + 6, step=timedelta(hours=6))
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error
    events = await run(table, clock, 24 * 8, step=timedelta(hours=6))
    assert events == [] and (await repo.latest_game(HERE.channel_id)).status == "active"


@pytest.mark.slow
async def test_two_schedulers_over_one_database_never_do_anything_twice(repo, clock, db_url):
    """Many games, two schedulers ticking at once over the same database (two connection
    pools, as two processes have): every reminder, warning and timeout happens once."""
    first = await Repository.open(db_url)
    second = await Repository.open(db_url)
    try:
        a, b = Table(first, now=clock), Table(second, now=clock)
        for i in range(12):
            place = Place(channel_id=str(3000 + i), guild_id=HERE.guild_id)
            await a.new(place, RAVI, "goat_tiger", role="goats",
                        pace="live" if i % 2 else None, on_timeout="lose")
            await a.join(place, MEERA)
        seen = []
        for _ in range(80):
            clock.t += timedelta(hours=1)
            x, y = await _both(a, b, clock.t)
            seen += x + y
        keys = [_key(e) for e in seen]
        assert len(keys) == len(set(keys)), "something was done twice"
        # Each untimed game: 3 reminders; each timed one: 2 reminders and its timeout.
        assert sum(isinstance(e, Nudge) for e in seen) == 6 * 3 + 6 * 2
        assert sum(isinstance(e, Notice) for e in seen) == 6
    finally:
        await first.close()
        await second.close()


async def _both(a, b, now):
    import asyncio
    return await asyncio.gather(tick(a, now), tick(b, now))


def _key(e):
    if isinstance(e, Nudge):
        return ("nudge", e.game_id, e.number, tuple(p.user_id for p in e.pings))
    return ("notice", e.place.channel_id, e.post.public)


# The areas of IANA's region zones (zone.tab): a time zone a person lives in.
AREAS = {"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
         "Europe", "Indian", "Pacific"}


@pytest.mark.slow
async def test_me_takes_a_time_zone_whatever_its_case_and_only_a_real_one(table, repo):
    async def saved():
        return (await repo.players([RAVI.user_id]))[RAVI.user_id].tz

    for typed, zone in [("asia/kolkata", "Asia/Kolkata"), ("utc", "UTC"), ("Etc/UTC", "UTC"),
                        ("america/new york", "America/New_York"),
                        ("US/Eastern", "America/New_York"), ("asia/calcutta", "Asia/Kolkata"),
                        ("Europe/London", "Europe/London")]:
        r = await table.me(HERE, RAVI, timezone=typed)
        assert not r.error and f"`{zone}`" in r.private, r.private
        assert await saved() == zone
    for typed in ("localtime", "Factory", "posixrules", "posix/Asia/Kolkata",
                  "right/Asia/Kolkata", "Etc/GMT+5", "etc/gmt-3", "GMT", "EST5EDT",
                  "EST", "CET", "Japan", "Mars/Olympus", "asia"):
        r = await table.me(HERE, RAVI, timezone=typed)
        assert r.error and "not a time zone" in r.private, (typed, r.private)
        assert await saved() == "Europe/London", typed  # refused: nothing changed
    r = await table.me(HERE, RAVI, timezone="Etc/GMT+5")
    assert "5 hours behind UTC" in r.private and "`America/" in r.private, r.private
    r = await table.me(HERE, RAVI, timezone="posix/Asia/Kolkata")
    assert "`Asia/Kolkata`" in r.private, r.private  # what it likely meant
    # Autocomplete offers region zones and UTC, never anything else.
    for typed in ("", "a", "loc", "fact", "posix", "right", "etc", "gmt", "us", "est", "z"):
        offered = [value for _, value in await table.zone_choices(typed)]
        assert all(v == "UTC" or v.split("/")[0] in AREAS for v in offered), (typed, offered)
    assert await table.zone_choices("local") == []
    assert ("UTC", "UTC") in await table.zone_choices("utc")
    # A legacy name typed whole is offered as the zone it stands for.
    assert (await table.zone_choices("us/eastern"))[0][1] == "America/New_York"


async def test_me_refuses_hours_that_read_two_ways_and_keeps_the_saved_ones(table, repo):
    assert not (await table.me(HERE, RAVI, hours="09:00-23:00")).error
    r = await table.me(HERE, RAVI, hours="9-5")
    assert r.error and "Did you mean `09:00-17:00` or `09:00-05:00`?" in r.private, r.private
    player = (await repo.players([RAVI.user_id]))[RAVI.user_id]
    assert (player.hours_start, player.hours_end) == (540, 1380)
    r = await table.me(HERE, RAVI, hours="09:00-17:00")
    assert not r.error and "09:00–17:00" in r.private


@pytest.mark.slow
async def test_me_validates_and_a_moderator_lists_the_servers_games(table, repo, clock):
    r = await table.me(HERE, RAVI, timezone="Mars/Olympus")
    assert r.error and "not a time zone" in r.private
    r = await table.me(HERE, RAVI, hours="10-12")
    assert r.error and "at least 8 hours" in r.private
    r = await table.me(HERE, RAVI, away_until="30d")
    assert r.error and "at most 14 days in any 30" in r.private
    r = await table.me(HERE, RAVI, away_until="someday")
    assert r.error and "`2026-03-16`" in r.private  # two weeks after T0
    assert (await table.zone_choices("kolk"))[0] == ("Asia/Kolkata", "Asia/Kolkata")
    assert len(await table.zone_choices("a")) == 25
    r = await table.me(HERE, RAVI, timezone="Asia/Kolkata", hours="09:00-23:00",
                       away_until="2026-03-04")
    assert not r.error and "Asia/Kolkata" in r.private and "09:00–23:00" in r.private
    r = await table.me(HERE, RAVI, back=True)
    assert not r.error and "Not away" in r.private
    await table.new(HERE, RAVI, "goat_tiger")
    r = await table.list_games(HERE, RAVI)
    assert r.error and "Only moderators" in r.private
    r = await table.list_games(HERE, MOD)
    assert not r.error and "goat" in r.private.lower() and "discord.com/channels" in r.private
    r = await table.server_settings(HERE, RAVI, pace="slow")
    assert r.error
    r = await table.server_settings(HERE, MOD, pace="slow", idle_days=10)
    assert not r.error and "slow" in r.private and "after 10 days" in r.private
    r = await table.new(Place("2002", HERE.guild_id), MEERA, "goat_tiger")
    assert "Pace: slow" in r.public


async def test_the_me_hint_offers_a_date_two_weeks_ahead_in_the_players_own_zone(
        table, repo, clock):
    """Issue 36: the example date was fixed (2026-12-24) and would soon be in the past.
    It is two weeks from today where the player lives, and works when typed back."""
    clock.t = datetime(2031, 12, 31, 20, 0, tzinfo=T0.tzinfo)  # 01:30 next day in Kolkata
    r = await table.me(HERE, RAVI, timezone="Asia/Kolkata")
    assert "`/me away_until:2032-01-15`" in r.private, r.private
    assert "2026-12-24" not in r.private
    r = await table.me(HERE, RAVI, timezone="America/New_York")  # still 15:00 on the 31st
    assert "`/me away_until:2032-01-14`" in r.private, r.private
    refused = await table.me(HERE, RAVI, away_until="soon")
    assert refused.error and "`2032-01-14`" in refused.private, refused.private
    assert "2026-12-24" not in refused.private
    back = await table.me(HERE, RAVI, away_until="2032-01-14")  # the example, typed back
    assert not back.error, back.private
