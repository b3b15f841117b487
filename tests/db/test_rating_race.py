"""No lost rating update (issue 35, point 3): many games sharing players end at the same
moment, concluded at once in one process and in another (a second Repository: its own
engine and pool, to the database another process); every rating change is kept, and
`darbar ratings --recompute` replays the conclusions in the order they were applied, so
it finds the stored table again to the last digit. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot import admin
from bot.replies import Place
from bot.table import Table
from db import Repository
from tests.table.test_after_the_game import PEOPLE as EVERYONE
from tests.table.test_after_the_game import play_moves, seat

PEOPLE = EVERYONE[:4]
GAMES = 12
pytestmark = pytest.mark.slow  # a dozen games played through the table, on each backend


def _table(ratings) -> list[tuple]:
    return [(r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins)
            for r in ratings]


async def _finished_games(table: Table) -> list[int]:
    """``GAMES`` games of Goat-Tiger among four people, every pair in turn, each played to
    8 moves and ended by its rules' result (the Goats win), none concluded yet."""
    repo = table.repo
    pairs = itertools.cycle(itertools.permutations(PEOPLE, 2))
    ids = []
    for i in range(GAMES):
        place = Place(str(5000 + i), "1000")
        await seat(table, "goat_tiger", list(next(pairs)), place=place, role="goats")
        await play_moves(table, repo, 8, seed=i, place=place)
        game = await repo.latest_game(place.channel_id)
        await repo.set_status(game, "finished", result={"winners": ["goats"],
                                                        "scores": {"goats": 1, "tigers": 0}})
        ids.append(game.id)
    return ids


async def test_games_ending_at_once_lose_no_rating_change(db_url):
    repo = await Repository.open(db_url)
    other = await Repository.open(db_url)  # a second process on the same database
    try:
        here, there = Table(repo), Table(other)
        ids = await _finished_games(here)

        async def conclude(table: Table, game_id: int) -> None:
            game = await table.repo.get_game(game_id)
            await table.conclude(await table._loaded(game))

        await asyncio.gather(*(conclude(here if i % 2 else there, game_id)
                               for i, game_id in enumerate(ids)))
        stored = _table(await repo.all_ratings())
        # Every game counted once for each of its two players, here and across servers.
        assert sum(games for *_, games, _wins in stored) == 2 * 2 * GAMES
        await admin.recompute_ratings(repo)
        assert _table(await repo.all_ratings()) == stored  # to the last digit
    finally:
        await other.close()
        await repo.close()
