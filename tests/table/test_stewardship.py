"""Abandoned games: idle reminders and handing a seat to someone else (issue 7)."""

import asyncio
from datetime import timedelta

import pytest

from bot.reminders import MAX_REMINDERS, Nudge, Policy, shard_of
from bot.replies import Place
from bot.scheduler import tick
from bot.table import Table
from db import Repository
from tests.support.table import (
    ASHA,
    HERE,
    MEERA,
    MOD,
    RAVI,
    SAM,
    assert_replays,
    snapshot,
    swap_game,
)

DAY = Policy()  # the built-in default: a channel mention after 24 h


async def due_nudges(table, now, owns=lambda _guild: True):
    """The reminders a scheduler tick at ``now`` sends."""
    return [n for n in await tick(table, now, owns) if isinstance(n, Nudge)]


async def two_player_game(table):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=5)
    r = await table.join(HERE, MEERA)
    assert not r.error
    return r


async def last_move_time(repo):
    return (await repo.latest_game(HERE.channel_id)).updated_at  # tz-aware UTC


def at(p):
    return f"@{p.user_id}"


@pytest.mark.slow
async def test_reminders_fall_due_after_the_idle_time_and_stop_after_the_last(table, repo):
    await two_player_game(table)
    t0 = await last_move_time(repo)
    assert await due_nudges(table, t0 + timedelta(hours=23)) == []
    [n] = await due_nudges(table, t0 + timedelta(hours=25))
    assert n.by_dm == frozenset() and n.number == 1 and not n.last
    assert [p.user_id for p in n.pings] == [RAVI.user_id]  # only whoever must move
    text = n.channel_text(at)
    assert f"@{RAVI.user_id} (Goats)" in text and f"<t:{int(t0.timestamp())}:R>" in text
    # The same poll again (or after a restart) sends nothing new.
    assert await due_nudges(table, t0 + timedelta(hours=25)) == []
    numbers = []
    for hours in (49, 73, 500):
        numbers += [n.number for n in await due_nudges(table, t0 + timedelta(hours=hours))]
    assert numbers == [2, 3] and MAX_REMINDERS == 3


@pytest.mark.slow
async def test_the_last_reminder_points_to_reassign(table, repo):
    await two_player_game(table)
    t0 = await last_move_time(repo)
    sent = [n for h in (25, 49, 73) for n in await due_nudges(table, t0 + timedelta(hours=h))]
    assert [n.last for n in sent] == [False, False, True]
    assert "/game reassign" in sent[-1].channel_text(at)
    assert "/game reassign" not in sent[0].channel_text(at)


@pytest.mark.slow
async def test_a_move_starts_a_new_wait_for_the_next_player(table, repo):
    await two_player_game(table)
    t0 = await last_move_time(repo)
    assert len(await due_nudges(table, t0 + timedelta(hours=25))) == 1
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error
    t1 = await last_move_time(repo)
    assert await due_nudges(table, t1 + timedelta(hours=1)) == []
    [n] = await due_nudges(table, t1 + timedelta(hours=25))
    assert n.number == 1 and [p.user_id for p in n.pings] == [MEERA.user_id]


@pytest.mark.slow
async def test_each_player_chooses_how_they_are_reminded_in_every_game(table, repo):
    """`/me reminders:` is a person's own way, over the game's: Ravi, in a game that
    mentions in the channel, gets DMs; the game's way again with `game`; none with `off`
    (the wait still counts, so the next reminder is the second)."""
    await two_player_game(table)
    r = await table.me(HERE, RAVI, reminders="pigeon")
    assert r.error and "`dm`" in r.private and "pigeon" in r.private
    r = await table.me(HERE, RAVI, reminders="dm")
    assert not r.error and "Reminders: a direct message, in every game" in r.private
    t0 = await last_move_time(repo)
    [n] = await due_nudges(table, t0 + timedelta(hours=25))
    assert n.by_dm == {RAVI.user_id} and [p.user_id for p in n.pings] == [RAVI.user_id]
    await table.me(HERE, RAVI, reminders="off")
    assert await due_nudges(table, t0 + timedelta(hours=49)) == []
    r = await table.me(HERE, RAVI, reminders="game")
    assert "Reminders: as each game says" in r.private
    [n] = await due_nudges(table, t0 + timedelta(hours=73))
    assert n.by_dm == frozenset() and n.number == 3
    assert "Reminders: as each game says" in (await table.me(HERE, MEERA)).private


async def test_players_choose_dm_or_off_and_the_idle_time(table, repo):
    await two_player_game(table)
    r = await table.remind(HERE, MEERA, "dm", 2)
    assert not r.error and "direct message" in r.public and "2 h" in r.public
    t0 = await last_move_time(repo)
    assert await due_nudges(table, t0 + timedelta(minutes=110)) == []
    [n] = await due_nudges(table, t0 + timedelta(minutes=130))
    assert n.by_dm == {RAVI.user_id}
    dm = n.dm_text(n.pings[0])
    assert f"<#{HERE.channel_id}>" in dm and "Goats" in dm
    status = await table.status(HERE, SAM)
    assert "direct message" in status.private
    r = await table.remind(HERE, RAVI, "off")
    assert not r.error and "off" in r.public
    assert await due_nudges(table, t0 + timedelta(days=30)) == []
    r = await table.remind(HERE, SAM)  # anyone may look
    assert not r.error and "off" in r.private


async def test_spectators_cannot_change_reminders_and_bad_values_are_refused(table, repo):
    await two_player_game(table)
    before = await snapshot(repo)
    pace_before = (await repo.latest_game(HERE.channel_id)).pace
    for actor, mode, hours, reason in [
        (SAM, "off", None, "Only the players"),
        (RAVI, "pigeon", None, "can be `channel`, `dm`, `off`"),
        (RAVI, "dm", 0, "between 1 and"),
        (RAVI, "dm", 10**9, "between 1 and"),
    ]:
        r = await table.remind(HERE, actor, mode, hours)
        assert r.error and reason in r.private, r.private
    assert await snapshot(repo) == before
    assert (await repo.latest_game(HERE.channel_id)).pace == pace_before


async def test_the_server_default_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("REMINDER_MODE", "dm")
    monkeypatch.setenv("REMINDER_AFTER_HOURS", "6")
    assert Policy.from_env() == Policy(mode="dm", idle_minutes=360)
    monkeypatch.setenv("REMINDER_MODE", "carrier-pigeon")
    try:
        Policy.from_env()
    except ValueError as e:
        assert "REMINDER_MODE" in str(e)
    else:
        raise AssertionError("a bad REMINDER_MODE was accepted")


@pytest.mark.slow
async def test_finished_games_and_computer_turns_get_no_reminders(table, repo):
    await two_player_game(table)
    await table.resign(HERE, MEERA, confirm=True)
    t0 = await last_move_time(repo)
    assert await due_nudges(table, t0 + timedelta(days=5)) == []
    other = HERE.__class__(channel_id="3000", guild_id=HERE.guild_id)
    await table.new(other, RAVI, "goat_tiger", role="goats", opponent="computer", seed=1)
    await table.play(other, RAVI, "c3")  # the computer answers at once
    game = await repo.latest_game("3000")
    nudges = await due_nudges(table, game.updated_at + timedelta(days=2))
    assert [p.user_id for n in nudges for p in n.pings] == [RAVI.user_id]


@pytest.mark.slow
async def test_two_processes_polling_one_database_send_each_reminder_once(table, repo, tmp_path):
    await two_player_game(table)
    t0 = await last_move_time(repo)
    # A second repository is a second connection pool with its own write queue: to the
    # database it is another process.
    other = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'table.sqlite3'}")
    try:
        for hours in (25, 49):
            a, b = await asyncio.gather(due_nudges(table, t0 + timedelta(hours=hours)),
                                        due_nudges(Table(other), t0 + timedelta(hours=hours)))
            assert len(a) + len(b) == 1
    finally:
        await other.close()


async def test_each_shard_reminds_only_its_own_guilds(table, repo):
    await two_player_game(table)
    t0 = await last_move_time(repo)
    guild = int(HERE.guild_id)
    mine = shard_of(HERE.guild_id, 4)
    assert mine == (guild >> 22) % 4
    assert shard_of("41771983423143937", 4) == 2  # Discord's documented example
    assert shard_of(None, 4) == 0  # DMs ride on shard 0
    later = t0 + timedelta(hours=25)
    assert await due_nudges(table, later, owns=lambda g: shard_of(g, 4) != mine) == []
    assert len(await due_nudges(table, later, owns=lambda g: shard_of(g, 4) == mine)) == 1


@pytest.mark.slow
async def test_a_moderator_hands_a_seat_to_another_player(table, repo):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    r = await table.reassign(HERE, MOD, "tigers", SAM)
    assert not r.error
    assert "hands the Tigers from meera to **sam**" not in r.public  # not before sam agrees
    r = await table.take(HERE, SAM, r.offer.offer_id)
    assert not r.error, r.private
    assert "**sam** takes the Tigers from meera" in r.public and "mod" in r.public
    assert r.image and [p.user_id for p in r.pings] == [SAM.user_id]
    r = await table.play(HERE, MEERA, "b3 b2")
    assert r.error and "not seated" in r.private
    r = await table.play(HERE, SAM, "b3 b2")
    assert not r.error and r.public
    status = await table.status(HERE, RAVI)
    assert "sam (Tigers)" in status.private
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_a_side_is_offered_and_only_the_member_offered_it_takes_it(table, repo):
    """Reproduced: `/game reassign` seated a member who had not asked for it (and so made
    them lose a game they never played). Now it posts an offer that pings that member
    alone, and the seat changes hands only when they press Take."""
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    before = await snapshot(repo)
    r = await table.reassign(HERE, MOD, "tigers", SAM)
    assert not r.error and r.offer is not None and r.offer.side == "Tigers"
    assert "mod offers the Tigers (now meera's) to **sam**" in r.public, r.public
    assert [p.user_id for p in r.pings] == [SAM.user_id]  # the ping names only sam
    assert "press **Take Tigers**" in r.ping_note
    assert await snapshot(repo) == before  # nothing changed hands yet
    for who in (MEERA, RAVI, MOD):  # nobody else may take it for him
        refused = await table.take(HERE, who, r.offer.offer_id)
        assert refused.error and "only sam can take" in refused.private, refused.private
    assert await snapshot(repo) == before
    r = await table.take(HERE, SAM, r.offer.offer_id)
    assert not r.error and "takes the Tigers" in r.public
    seats = {s.role: s.user_id for s in await repo.seats(
        (await repo.latest_game(HERE.channel_id)).id)}
    assert seats == {"goats": RAVI.user_id, "tigers": SAM.user_id}


@pytest.mark.slow
async def test_a_stale_offer_is_refused_politely_and_changes_nothing(table, repo):
    await two_player_game(table)
    forged = await table.take(HERE, SAM, 999)
    assert forged.error and "no such offer" in forged.private
    # Taken once: pressing again does nothing.
    first = (await table.reassign(HERE, MOD, "tigers", SAM)).offer
    assert not (await table.take(HERE, SAM, first.offer_id)).error
    before = await snapshot(repo)
    r = await table.take(HERE, SAM, first.offer_id)
    assert r.error and "already play" in r.private, r.private
    # Replaced by a newer offer of the same side.
    old = (await table.reassign(HERE, MOD, "goats", MEERA)).offer
    new = (await table.reassign(HERE, MOD, "goats", ASHA)).offer
    r = await table.take(HERE, MEERA, old.offer_id)
    assert r.error and "a newer offer" in r.private, r.private
    # The side changed hands since (the moderator took it himself).
    assert not (await table.reassign(HERE, MOD, "goats", MOD)).error
    before = await snapshot(repo)
    r = await table.take(HERE, ASHA, new.offer_id)
    assert r.error and "changed hands since" in r.private, r.private
    assert await snapshot(repo) == before
    # The game ended.
    last = (await table.reassign(HERE, MOD, "goats", MEERA)).offer
    await table.abort(HERE, MOD)
    r = await table.take(HERE, MEERA, last.offer_id)
    assert r.error and "has ended" in r.private, r.private
    # An offer of another channel's game is not this channel's to take.
    other = Place("2001", HERE.guild_id)
    await table.new(other, RAVI, "goat_tiger", role="goats", seed=5)
    await table.join(other, MEERA)
    there = (await table.reassign(other, RAVI, "goats", SAM)).offer
    r = await table.take(HERE, SAM, there.offer_id)
    assert r.error and r.private


@pytest.mark.slow
async def test_only_the_creator_or_a_moderator_reassigns(table, repo):
    await two_player_game(table)
    before = await snapshot(repo)
    for actor, role, reason in [
        (MEERA, "goats", "Only the player who created this game"),
        (SAM, "tigers", "Only the player who created this game"),
        (RAVI, "elephants", "not a side"),
        (RAVI, None, "Name the side"),
        (RAVI, "tigers", "already plays"),
    ]:
        to = MEERA if reason == "already plays" else SAM
        r = await table.reassign(HERE, actor, role, to)
        assert r.error and reason in r.private, r.private
    assert await snapshot(repo) == before
    # The creator may: ravi offers his own Goats to sam.
    r = await table.reassign(HERE, RAVI, "goats", SAM)
    assert not r.error and [p.user_id for p in r.pings] == [SAM.user_id] and r.offer


@pytest.mark.slow
async def test_an_abandoned_seat_goes_to_the_computer_which_moves_at_once(table, repo):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")  # now the Tigers (meera) must move
    r = await table.reassign(HERE, MOD, "tigers", None)
    assert not r.error
    assert "to **Computer**" in r.public and "**Computer**:" in r.public
    assert [p.user_id for p in r.pings] == [RAVI.user_id]  # the computer has answered
    r = await table.reassign(HERE, MOD, "tigers", None)
    assert r.error and "already plays" in r.private


@pytest.mark.slow
async def test_games_without_a_computer_player_need_a_person(repo, monkeypatch):
    swap_game(monkeypatch, "vijayanagara", bot_steps=None)
    table = Table(repo)
    await table.new(HERE, RAVI, "vijayanagara", seed=2)
    await table.start(HERE, RAVI)
    before = await snapshot(repo)
    r = await table.reassign(HERE, MOD, "delhi", None)
    assert r.error and "no computer player" in r.private
    assert await snapshot(repo) == before
    r = await table.reassign(HERE, MOD, "delhi", MEERA)
    assert not r.error and "Delhi" in r.public
    r = await table.take(HERE, MEERA, r.offer.offer_id)
    assert not r.error and "takes the Delhi Sultanate" in r.public, r.public


async def test_seats_are_not_reassigned_before_the_start(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=5)
    r = await table.reassign(HERE, RAVI, "goats", MEERA)
    assert r.error and "/game leave" in r.private


@pytest.mark.slow
async def test_a_lost_race_shows_the_position_as_it_is_now(table, repo):
    await two_player_game(table)
    panel = await table.panel(HERE, RAVI)
    await table.click(HERE, RAVI, panel.game_id, panel.version, "c3")
    r = await table.click(HERE, RAVI, panel.game_id, panel.version, "c4")
    assert r.error and "out of date" in r.private and "nothing was changed" in r.private
    assert "Last: Goats place on c3" in r.private and "waiting for meera" in r.private
    # For the player whose turn it now is, the reply carries a fresh panel.
    stale = await table.click(HERE, MEERA, panel.game_id, panel.version, "b3")
    assert stale.error and stale.choices and stale.version == panel.version + 1


async def test_the_last_person_cannot_hand_their_side_to_the_computer(table, repo):
    """Reproduced: with no person left, the computer played itself without end and
    /game abort hung behind it."""
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=5,
                    options={"threefold_draw": False})
    before = await snapshot(repo)
    r = await table.reassign(HERE, RAVI, "goats", None)
    assert r.error and "cannot play alone" in r.private
    assert await snapshot(repo) == before
    assert not (await table.abort(HERE, RAVI)).error


@pytest.mark.slow
async def test_one_player_may_hold_only_so_many_open_games(repo):
    table = Table(repo, max_open_games=2)
    for channel in ("1", "2"):
        r = await table.new(Place(channel, "1000"), RAVI, "goat_tiger")
        assert not r.error
    r = await table.new(Place("3", "1000"), RAVI, "goat_tiger")
    assert r.error and "2 games open" in r.private
    assert await repo.live_game("3") is None
    r = await table.join(Place("1", "1000"), MEERA)  # others are not held back
    assert not r.error
    other_server = await table.new(Place("4", "2000"), RAVI, "goat_tiger")
    assert not other_server.error  # the limit is per server
    await table.abort(Place("2", "1000"), RAVI)
    assert not (await table.new(Place("3", "1000"), RAVI, "goat_tiger")).error
