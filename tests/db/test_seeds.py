"""Secret seeds in storage, on SQLite and PostgreSQL: new games get 256-bit secrets that
no integer column holds, databases made before them upgrade themselves at open (db/migrations), and
their games (31-bit seeds, splitmix64 snapshots) load and replay as before."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from sqlalchemy import inspect, text

from bot import admin
from bot.replies import Actor, Place
from bot.table import Table as GameTable
from db import Repository
from engine import games, rng
from tests.support.table import (
    HERE,
    MEERA,
    RAVI,
    SAM,
    assert_replays,
    random_move_line,
    vijayanagara_a_few_moves_in,
)

THERE = Place(channel_id="2001", guild_id="1000")


async def columns(repo, table: str) -> set[str]:
    async with repo.engine.connect() as conn:
        return await conn.run_sync(lambda c: {col["name"] for col in inspect(c).get_columns(table)})


async def play_a_move(table: GameTable, place: Place) -> None:
    """One whole random move by whoever must act (the seat's user)."""
    game = await table.repo.live_game(place.channel_id)
    state = json.loads(game.state)
    role = games.get(state["game"]).view(state, None)["active"][0]
    seat = next(s for s in await table.repo.seats(game.id) if s.role == role)
    r = await table.play(place, Actor(seat.user_id, seat.name), random_move_line(
        state, random.Random(game.version)))
    assert not r.error, r.private


@pytest.mark.slow
async def test_new_games_get_distinct_256_bit_secrets(repo):
    table = GameTable(repo)
    for place in (HERE, THERE):
        await table.new(place, RAVI, "goat_tiger", role="goats", opponent="computer")
    a, b = [await repo.live_game(p.channel_id) for p in (HERE, THERE)]
    assert a.seed != b.seed
    assert min(a.seed, b.seed) >= 2**128 and max(a.seed, b.seed).bit_length() <= 256
    # The secret is in the hex column; the 64-bit column holds nothing of it.
    async with repo.engine.connect() as conn:
        row = (await conn.execute(text("SELECT seed, seed_hex FROM game WHERE id = :id"),
                                  {"id": a.id})).one()
    assert row == (0, format(a.seed, "x"))
    assert json.loads(a.state)["rng"] == rng.seed_state(a.seed)  # the keyed generator


@pytest.mark.slow
async def test_an_old_database_upgrades_and_its_games_replay(repo, db_url):
    await vijayanagara_a_few_moves_in(GameTable(repo))
    old = await repo.live_game(HERE.channel_id)
    async with repo.engine.begin() as conn:  # back to the schema of before secrets
        await conn.execute(text("ALTER TABLE game DROP COLUMN seed_hex"))
        await conn.execute(text("DROP TABLE alembic_version"))  # and before migrations
    await repo.close()
    assert "seed_hex" not in await columns(repo, "game")

    repo = await Repository.open(db_url)
    try:
        assert "seed_hex" in await columns(repo, "game")
        game = await repo.live_game(HERE.channel_id)
        assert (game.seed, game.seed_hex, game.state) == (1, None, old.state)
        assert isinstance(json.loads(game.state)["rng"], int)  # still splitmix64
        await assert_replays(repo, game.id)
        table = GameTable(repo)
        await play_a_move(table, HERE)
        await assert_replays(repo, game.id)
        # A new game beside it keeps its 256-bit secret.
        await table.new(THERE, RAVI, "vijayanagara", role="delhi")
        await table.join(THERE, MEERA, "bahmani")
        await table.start(THERE, RAVI)
        await play_a_move(table, THERE)
        new = await repo.live_game(THERE.channel_id)
        assert new.seed >= 2**128 and (await repo.get_game(new.id)).seed == new.seed
        await assert_replays(repo, new.id)
    finally:
        await repo.close()


@pytest.mark.slow
async def test_processes_opening_an_old_database_together_all_succeed(repo, db_url):
    await repo.close()
    for _ in range(3):
        async with repo.engine.begin() as conn:
            await conn.execute(text("ALTER TABLE game DROP COLUMN seed_hex"))
            await conn.execute(text("DROP TABLE alembic_version"))
        # Bot processes starting together after an upgrade: all look, one adds the column.
        opened = await asyncio.gather(*(Repository.open(db_url) for _ in range(4)),
                                      return_exceptions=True)
        for r in opened:
            assert isinstance(r, Repository), r
            await r.close()
        assert "seed_hex" in await columns(repo, "game")


@pytest.mark.slow
async def test_export_and_import_keep_a_256_bit_seed(repo):
    table = GameTable(repo)
    await table.new(HERE, RAVI, "vijayanagara", role="delhi")
    await table.join(HERE, MEERA, "bahmani")
    await table.start(HERE, RAVI)
    await play_a_move(table, HERE)
    game = await repo.live_game(HERE.channel_id)
    data = json.loads(json.dumps(await admin.export_game(repo, game.id)))
    assert data["seed"] == game.seed >= 2**128
    copy = await repo.get_game(await admin.import_game(repo, data, channel_id="3000"))
    assert (copy.seed, copy.state) == (game.seed, game.state)
    await assert_replays(repo, copy.id)


@pytest.mark.slow
async def test_free_sides_are_dealt_from_the_seeds_own_stream(repo):
    table = GameTable(repo)
    seed = 2**200 + 17  # random.Random(seed) would deal delhi, bahmani, vijayanagara
    await table.new(HERE, RAVI, "vijayanagara", seed=seed)
    await table.join(HERE, MEERA)
    await table.join(HERE, SAM)
    game = await repo.live_game(HERE.channel_id)
    dealt = [s.role for s in await repo.seats(game.id)]  # in joining order
    deal = rng.shuffle(rng.stream(seed, rng.DEAL), ["delhi", "bahmani", "vijayanagara"])
    assert dealt == deal[::-1] == ["bahmani", "delhi", "vijayanagara"]  # dealt from the end
