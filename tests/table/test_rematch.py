"""Rematches nobody can game (issue 35): a rematch starts only with everyone it invited,
the open-games limit holds for it as for any game, its invitations ping each person once
a day per finished game however often it is opened again, and one an invitee never joins
is closed by the setup clean-up like any game never started."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.replies import Place
from bot.scheduler import tick
from bot.table import Table
from tests.support.table import ASHA, HERE, MEERA, RAVI
from tests.table.test_after_the_game import ARJUN, end_with, roles_of, seat

T0 = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def table(repo, clock):
    return Table(repo, now=clock)


def mention(p) -> str:
    return f"<@{p.user_id}>"


def notified(reply) -> list[str]:
    """Whom a post notifies: the people it mentions (a face pings no one else)."""
    return [p.user_id for p in reply.pings if not p.quiet]


async def finished(table, repo, people, game="goat_tiger", options=None, **kw):
    """A finished game of ``people`` in HERE (the first person's side wins)."""
    await seat(table, game, people, options, **kw)
    await end_with(table, repo, list((await roles_of(repo)).values()))
    return await repo.latest_game(HERE.channel_id)


async def stored(repo, place=HERE):
    """What a refusal must leave as it was: the channel's game, its version and seats."""
    game = await repo.latest_game(place.channel_id)
    seats = [(s.user_id, s.role) for s in await repo.seats(game.id)]
    return game.id, game.status, game.version, seats


# --- 1. the start waits for everyone invited ------------------------------------------

@pytest.mark.slow
async def test_a_rematch_starts_only_when_everyone_invited_has_joined(table, repo):
    old = await finished(table, repo, [RAVI, MEERA, ASHA, ARJUN], "rajas", {"players": "4"})
    r = await table.rematch(HERE, RAVI, old.id)
    assert not r.error, r.private
    for person in (MEERA, ASHA):
        assert not (await table.join(HERE, person)).error
    before = await stored(repo)
    planned = {u: side for u, side in before[3]}
    for fill in (False, True):
        r = await table.start(HERE, MEERA, fill_with_computer=fill)
        assert r.error, r.public
        assert "arjun" in r.private and "not joined" in r.private, r.private
        assert "/game abort" in r.private and "/game new" in r.private, r.private
        assert await stored(repo) == before  # nobody shares arjun's side, no computer
    r = await table.join(HERE, ARJUN)
    assert not r.error, r.private
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "active"
    seats = await repo.seats(game.id)
    assert sorted(s.user_id for s in seats) == sorted(p.user_id for p in
                                                      (RAVI, MEERA, ASHA, ARJUN))
    assert all(planned.get(s.user_id, s.role) == s.role for s in seats)


@pytest.mark.slow
async def test_a_rematch_an_invitee_never_joins_is_closed_after_its_setup_days(table, repo,
                                                                              clock):
    old = await finished(table, repo, [RAVI, MEERA], role="goats")
    assert not (await table.rematch(HERE, MEERA, old.id)).error
    await tick(table, clock.t)
    clock.t += timedelta(days=14, hours=1)
    [closed] = await tick(table, clock.t)
    assert "never started, so it is closed" in closed.post.public
    assert (await repo.latest_game(HERE.channel_id)).status == "aborted"


# --- 2. the open-games limit ------------------------------------------------------------

@pytest.mark.slow
async def test_the_open_games_limit_holds_for_opening_and_joining_a_rematch(repo, clock):
    table = Table(repo, now=clock, max_open_games=2)
    old = await finished(table, repo, [RAVI, MEERA], role="goats")
    elsewhere = [Place(c, HERE.guild_id) for c in ("2101", "2102")]
    for place in elsewhere:
        assert not (await table.new(place, MEERA, "goat_tiger")).error
    limit = ("You already have 2 games open on this server, the most one player may have "
             "at once. Finish, leave or abort one first.")
    assert (await table.new(Place("2103", HERE.guild_id), MEERA, "goat_tiger")).private == limit
    # Meera may neither open the rematch (button or command) ...
    for r in (await table.rematch(HERE, MEERA, old.id), await table.rematch_last(HERE, MEERA)):
        assert r.error and r.private == limit, r.private
    assert (await repo.latest_game(HERE.channel_id)).id == old.id  # nothing opened
    # ... nor join the one Ravi opens (Join, or a second Rematch press).
    assert not (await table.rematch(HERE, RAVI, old.id)).error
    before = await stored(repo)
    for r in (await table.join(HERE, MEERA), await table.rematch(HERE, MEERA, old.id)):
        assert r.error and r.private == limit, r.private
    assert await stored(repo) == before
    await table.abort(elsewhere[0], MEERA)
    assert not (await table.join(HERE, MEERA)).error
    assert (await repo.latest_game(HERE.channel_id)).status == "active"


# --- 3. no ping storm -------------------------------------------------------------------

@pytest.mark.slow
async def test_rematch_leave_rematch_pings_each_person_once_a_day(table, repo, clock):
    old = await finished(table, repo, [RAVI, MEERA], role="goats")
    r = await table.rematch(HERE, MEERA, old.id)
    assert notified(r) == [RAVI.user_id]
    for _ in range(3):  # Meera leaves (the rematch closes) and opens it again, and again
        clock.t += timedelta(minutes=20)
        assert "nobody is left" in (await table.leave(HERE, MEERA)).public
        r = await table.rematch(HERE, MEERA, old.id)
        assert not r.error, r.private
        assert notified(r) == []
        text = r.public_text(mention)
        # Still named as invited, with the way in, just not mentioned.
        assert "<@" not in text and "ravi (Tigers)" in text and "press **Join**" in text
    # A day after the ping, the invitation pings again.
    clock.t = T0 + timedelta(hours=24)
    await table.leave(HERE, MEERA)
    assert notified(await table.rematch(HERE, MEERA, old.id)) == [RAVI.user_id]


@pytest.mark.slow
async def test_the_posts_of_a_rematch_ping_only_whom_they_have_not_pinged_today(table, repo,
                                                                               clock):
    old = await finished(table, repo, [RAVI, MEERA, ASHA], "rajas", {"players": "3"})
    r = await table.rematch(HERE, RAVI, old.id)
    assert sorted(notified(r)) == sorted([MEERA.user_id, ASHA.user_id])
    # Meera joins: the post names Asha as still invited, without pinging her again.
    r = await table.join(HERE, MEERA)
    assert not r.error and notified(r) == []
    assert "asha" in r.public_text(mention) and "<@" not in r.public_text(mention)
    # Ravi leaves and Meera asks again: Ravi was never pinged, Asha was.
    await table.leave(HERE, RAVI)
    await table.leave(HERE, MEERA)
    r = await table.rematch(HERE, MEERA, old.id)
    assert notified(r) == [RAVI.user_id]
    assert "asha" in r.public_text(mention)
    # Another finished game's rematch is another invitation.
    other = Place("2200", HERE.guild_id)
    await seat(table, "goat_tiger", [ASHA, MEERA], place=other, role="goats")
    await end_with(table, repo, ["goats", "tigers"], place=other)
    r = await table.rematch(other, MEERA, (await repo.latest_game(other.channel_id)).id)
    assert notified(r) == [ASHA.user_id]
