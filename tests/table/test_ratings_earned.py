"""Ratings earned by playing (issue 35, points 1 and 5): a side counts for the person who
made most of its moves, never for whoever was handed it at the end; a person who left
their side in a game of three or more (resigned, or the clock took the seat) is placed
last and the others are rated by the result, where before the whole game went unrated.
And a conclusion a crash cut off is made at the next start, once (point 4)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from openskill.models import PlackettLuce

from bot import ratings
from bot.replies import Place
from bot.scheduler import tick
from bot.table import Table
from db import Repository
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, T0, Clock, hand_over
from tests.table.test_after_the_game import PEOPLE, end_with, play_moves, roles_of, seat


async def rating_of(repo, person, game="goat_tiger", where=HERE.guild_id):
    found = await repo.ratings([(where, game, person.user_id)])
    r = found.get((where, game, person.user_id))
    return None if r is None else (r.mu, r.sigma, r.games)


@pytest.mark.slow
async def test_a_side_handed_over_before_the_end_does_not_rate_who_took_it(table, repo):
    """Reproduced: the creator held both sides, played every move and handed the losing
    side to a member one move before the end: the game was rated and the member lost
    rating having played nothing."""
    # Meera has a rating already, from a fair game.
    other = Place("2999", HERE.guild_id)
    await seat(table, "goat_tiger", [MEERA, ASHA], place=other, role="goats")
    await play_moves(table, repo, 8, place=other)
    await end_with(table, repo, ["goats", "tigers"], place=other)
    before = await rating_of(repo, MEERA)
    assert before is not None
    # Ravi plays both sides, then hands the Tigers to Meera.
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    await table.join(HERE, RAVI, "tigers")
    await table.start(HERE, RAVI)
    await play_moves(table, repo, 8)
    await hand_over(table, RAVI, "tigers", MEERA)
    r = await table.resign(HERE, MEERA, confirm=True)  # the losing side concedes
    assert not r.error, r.private
    assert "Not rated: one person made most of the moves of more than one side." in r.public
    assert await rating_of(repo, MEERA) == before  # untouched
    assert await rating_of(repo, RAVI) is None
    # Her profile does not count a game she did not play.
    profile = (await table.profile(HERE, MEERA)).private
    assert "1 game finished" in profile, profile


def test_a_side_is_its_players_by_the_moves_they_made():
    moves = [("goats", "r"), ("tigers", "r"), ("goats", "r"), ("tigers", None),
             ("goats", "r"), ("tigers", "m"), ("goats", "r"), ("tigers", "r")]
    # The computer's move (a timeout's) counts for nobody; Ravi made 2 of the Tigers'.
    assert ratings.players(moves) == {"goats": "r", "tigers": "r"}
    # A tie goes to whoever moved the side last.
    assert ratings.players([("a", "x"), ("a", "y")]) == {"a": "y"}
    assert ratings.players([("a", None)]) == {}


def _expected(count: int) -> list[tuple[float, float]]:
    """openskill's own values for a first game of ``count`` people placed 1, 2, …"""
    model = PlackettLuce()
    out = model.rate([[model.rating()] for _ in range(count)], ranks=list(range(1, count + 1)))
    return [(team[0].mu, team[0].sigma) for team in out]


@pytest.mark.slow
async def test_a_resigner_in_a_game_of_three_is_placed_last_and_the_others_rated(table, repo):
    await seat(table, "taj_mahal", [RAVI, MEERA, ASHA], {"players": "3"})
    await play_moves(table, repo, 9)
    sides = await roles_of(repo)
    r = await table.resign(HERE, ASHA, confirm=True)
    assert not r.error and "the others play on" in r.public, r.public
    # The board's result: Asha's side, played on by the computer, scores best; then Meera,
    # then Ravi. Asha left, so she is last; the others keep their order.
    ending = await end_with(table, repo, [sides[ASHA.user_id], sides[MEERA.user_id],
                                          sides[RAVI.user_id]])
    [line] = [x for x in ending.lines if x.startswith("📈 Ratings: ")]
    assert "asha" in line and "(left: placed last)" in line, line
    first, second, third = _expected(3)
    assert await rating_of(repo, MEERA, "taj_mahal") == pytest.approx((*first, 1))
    assert await rating_of(repo, RAVI, "taj_mahal") == pytest.approx((*second, 1))
    assert await rating_of(repo, ASHA, "taj_mahal") == pytest.approx((*third, 1))


@pytest.mark.slow
async def test_a_timeout_that_hands_the_seat_to_the_computer_places_that_player_last(repo):
    clock = Clock(T0)
    table = Table(repo, now=clock)
    await seat(table, "rajas", [RAVI, MEERA, ASHA], {"players": "3"}, pace="live",
               on_timeout="seat")
    await play_moves(table, repo, 9)
    sides = await roles_of(repo)
    [late] = (await repo.latest_game(HERE.channel_id)).awaiting.split(",")
    clock.t = T0 + timedelta(days=5)  # whoever must move sleeps past the live pace's end
    notices = await tick(table, clock.t)
    assert any("takes over their seat" in (n.post.public or "") for n in notices
               if hasattr(n, "post")), notices
    # The computer then wins with that side; its player left, so is placed last.
    others = [r for r in sides.values() if r != late]
    await end_with(table, repo, [late, *others])
    got = {u: await rating_of(repo, p, "rajas") for p in PEOPLE[:3] for u in [p.user_id]}
    first, second, third = _expected(3)
    by_role = {r: got[u] for u, r in sides.items()}
    assert by_role[late] == pytest.approx((*third, 1))
    assert by_role[others[0]] == pytest.approx((*first, 1))
    assert by_role[others[1]] == pytest.approx((*second, 1))


@pytest.mark.slow
async def test_a_side_a_steward_handed_to_the_computer_rates_nobody(table, repo):
    """The creator cannot make a player lose by handing their side away: that side
    counts for nobody, and the others are rated by the result."""
    await seat(table, "rajas", [RAVI, MEERA, ASHA], {"players": "3"})
    await play_moves(table, repo, 9)
    sides = await roles_of(repo)
    r = await table.reassign(HERE, MOD, sides[MEERA.user_id], None)
    assert not r.error, r.private
    ending = await end_with(table, repo, [sides[ASHA.user_id], sides[MEERA.user_id],
                                          sides[RAVI.user_id]])
    [line] = [x for x in ending.lines if x.startswith("📈 Ratings: ")]
    assert "handed on, rated for nobody" in line, line
    assert await rating_of(repo, MEERA, "rajas") is None
    first, second = _expected(2)
    assert await rating_of(repo, ASHA, "rajas") == pytest.approx((*first, 1))
    assert await rating_of(repo, RAVI, "rajas") == pytest.approx((*second, 1))


@pytest.mark.slow
async def test_a_conclusion_a_crash_cut_off_is_made_once_at_start(repo, tmp_path):
    """The final write was stored, then the process died before the rating and the result
    post: at the next start (two processes starting at once) the game is concluded and
    its result posted exactly once."""
    table = Table(repo)
    await seat(table, "goat_tiger", [RAVI, MEERA], role="goats")
    await play_moves(table, repo, 8)
    game = await repo.latest_game(HERE.channel_id)
    await repo.set_status(game, "finished", result={"winners": ["tigers"],
                                                    "scores": {"goats": 0, "tigers": 1}})
    assert await repo.rated(game.id) is None and await repo.all_ratings() == []
    # Two processes start on the database: each finds the game waiting for its conclusion.
    other = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'table.sqlite3'}")
    try:
        assert [g.id for g in await repo.unconcluded(game.updated_at)] == [game.id]
        assert await repo.unconcluded(game.updated_at + timedelta(seconds=1)) == []
        replies = await asyncio.gather(Table(repo).complete(game.id),
                                       Table(other).complete(game.id))
    finally:
        await other.close()
    [post] = [r for r in replies if r is not None]
    assert "delayed by a restart" in post.public and "📈 Ratings: " in post.public
    assert post.image and post.rematch == game.id
    assert {p.user_id for p in post.pings} == {RAVI.user_id, MEERA.user_id}
    assert sorted(r.games for r in await repo.all_ratings()) == [1, 1, 1, 1]
    # A third start finds nothing left to do.
    assert await repo.unconcluded(game.updated_at) == []
    assert await table.complete(game.id) is None
