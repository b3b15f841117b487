"""A game's end as stored (``record_result``, ``rated``): its ``Rated`` row and seats, the
players' ratings inserted or brought up to date, the order the ends were applied in, and
a second record of the same end refused without changing anything. On both databases."""

from __future__ import annotations

from datetime import UTC, datetime

from db import Rated, RatedSeat, Rating, Repository

WHEN = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _ratings_table(ratings: list[Rating]) -> list[tuple]:
    return sorted((r.guild_id, r.game, r.user_id, r.name, r.mu, r.sigma, r.games, r.wins,
                   r.updated_at) for r in ratings)


async def _finished(repo: Repository, channel: str) -> int:
    game = await repo.create_game(guild_id="g", channel_id=channel, game="goat_tiger",
                                  options={}, seed=1, created_by="u1")
    assert game.id is not None
    return game.id


def _end(game_id: int, winner: str) -> tuple[Rated, list[RatedSeat]]:
    rated = Rated(game_id=game_id, guild_id="g", game="goat_tiger", ended_at=WHEN,
                  counted=True, moves=30, days=0.5)
    seats = [RatedSeat(game_id=game_id, role=role, user_id=user, name=user.upper(),
                       place=1 if user == winner else 2, winner=user == winner, moves=15,
                       wait_minutes=1.5, score=None if role == "tigers" else 1.0)
             for role, user in (("goats", "u1"), ("tigers", "u2"))]
    return rated, seats


def _rater(seen: list[list[tuple]], step: float):
    """A rating rule that notes the ratings it was given and moves each by ``step``."""
    def rate(known: dict) -> list[Rating]:
        seen.append(_ratings_table(list(known.values())))  # as they were given
        out = []
        for (where, game, user) in [("g", "goat_tiger", "u1"), ("*", "goat_tiger", "u1"),
                                    ("*", "goat_tiger", "u2")]:
            old = known.get((where, game, user))
            out.append(Rating(guild_id=where, game=game, user_id=user, name=user.upper(),
                              mu=(old.mu if old else 25.0) + step, sigma=8.0 - step,
                              games=(old.games if old else 0) + 1,
                              wins=(old.wins if old else 0) + (user == "u1"),
                              updated_at=WHEN))
        return out
    return rate


async def test_a_games_end_is_stored_once_and_its_ratings_brought_up_to_date(db_url):
    repo = await Repository.open(db_url)
    try:
        first, second = await _finished(repo, "c1"), await _finished(repo, "c2")
        # a rating of a key no end here asks for (u2 in this server): never given to rate
        other = Rating(guild_id="g", game="goat_tiger", user_id="u2", name="U2", mu=30.0,
                       sigma=2.0, games=9, wins=9, updated_at=WHEN)
        await repo.forget_ratings()
        keys = [("g", "goat_tiger", "u1"), ("*", "goat_tiger", "u1"), ("*", "goat_tiger", "u2")]
        seen: list[list[tuple]] = []
        rated, seats = _end(first, "u1")
        seats[0].mu, seats[0].mu_after = 25.0, 26.0  # what a rule sets on its seats
        assert await repo.record_result(rated, seats, keys, _rater(seen, 1.0))
        assert seen == [[]]  # nobody was rated before
        stored = await repo.rated(first)
        assert stored is not None
        row, rows = stored
        assert row.model_dump() == {**rated.model_dump(), "applied": 1}
        assert sorted((s.model_dump() for s in rows), key=lambda d: d["role"]) == \
            [s.model_dump() for s in seats]
        after_first = _ratings_table(await repo.all_ratings())
        assert after_first == [("*", "goat_tiger", "u1", "U1", 26.0, 7.0, 1, 1, WHEN),
                               ("*", "goat_tiger", "u2", "U2", 26.0, 7.0, 1, 0, WHEN),
                               ("g", "goat_tiger", "u1", "U1", 26.0, 7.0, 1, 1, WHEN)]

        # the same end again (another process was first): refused, nothing changed
        assert not await repo.record_result(*_end(first, "u2"), keys, _rater(seen, 5.0))
        assert len(seen) == 1
        assert _ratings_table(await repo.all_ratings()) == after_first
        assert (await repo.rated(first))[0].applied == 1

        # the second end reads the ratings the first left (and only the keys it asks)
        async with repo._tx() as s:
            s.add(other)
        assert await repo.record_result(*_end(second, "u1"), keys, _rater(seen, 0.5))
        assert seen[1] == [
            ("*", "goat_tiger", "u1", "U1", 26.0, 7.0, 1, 1, WHEN),
            ("*", "goat_tiger", "u2", "U2", 26.0, 7.0, 1, 0, WHEN),
            ("g", "goat_tiger", "u1", "U1", 26.0, 7.0, 1, 1, WHEN)]
        assert _ratings_table(await repo.all_ratings()) == [
            ("*", "goat_tiger", "u1", "U1", 26.5, 7.5, 2, 2, WHEN),
            ("*", "goat_tiger", "u2", "U2", 26.5, 7.5, 2, 0, WHEN),
            ("g", "goat_tiger", "u1", "U1", 26.5, 7.5, 2, 2, WHEN),
            ("g", "goat_tiger", "u2", "U2", 30.0, 2.0, 9, 9, WHEN)]
        assert (await repo.rated(second))[0].applied == 2
        assert await repo.rated(await _finished(repo, "c3")) is None
    finally:
        await repo.close()
