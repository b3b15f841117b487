"""Undo replays from a checkpoint of a recent state, not from setup (issue 13: undo took
263-438 ms at step 1,000). Checkpoints are a cache: what undo does must not change."""

import json
import random

import pytest

from bot import table as table_module
from engine import games
from tests.support.table import HERE, RAVI, assert_replays, random_move_line, swap_game

pytestmark = pytest.mark.slow  # every test here takes seconds


async def _long_game_against_the_computer(table, repo, moves: int) -> int:
    await table.new(HERE, RAVI, "goat_tiger", role="tigers", opponent="computer", seed=8)
    rng = random.Random(3)
    game = await repo.latest_game(HERE.channel_id)
    for _ in range(moves):
        game = await repo.latest_game(HERE.channel_id)
        state = json.loads(game.state)
        if game.status != "active":
            break
        r = await table.play(HERE, RAVI, random_move_line(state, rng))
        assert not r.error, r.private
    return game.id


async def test_undo_late_in_a_game_replays_only_its_last_steps(table, repo, monkeypatch):
    game_id = await _long_game_against_the_computer(table, repo, 18)
    assert len(await repo.steps(game_id)) >= 30
    g = games.get("goat_tiger")
    real_act, real_setup, calls = g.act, g.setup, []
    with monkeypatch.context() as m:
        swap_game(m, "goat_tiger",
                  act=lambda *a, **k: calls.append(1) or real_act(*a, **k),
                  setup=lambda *a, **k: calls.append("setup") or real_setup(*a, **k))
        r = await table.undo(HERE, RAVI)
    assert not r.error and "takes back" in r.public
    assert "setup" not in calls
    assert len(calls) <= 2 * table_module.CHECKPOINT_EVERY + 4
    await assert_replays(repo, game_id)


async def test_undo_after_undo_and_new_moves_never_uses_a_stale_checkpoint(table, repo):
    game_id = await _long_game_against_the_computer(table, repo, 12)
    rng = random.Random(9)
    for _ in range(3):  # back several moves, past checkpoints, then on along another line
        for _ in range(3):
            r = await table.undo(HERE, RAVI)
            assert not r.error, r.private
            await assert_replays(repo, game_id)
        for _ in range(2):
            state = json.loads((await repo.get_game(game_id)).state)
            r = await table.play(HERE, RAVI, random_move_line(state, rng))
            assert not r.error, r.private
    r = await table.undo(HERE, RAVI)
    assert not r.error
    await assert_replays(repo, game_id)


async def test_a_game_stored_before_checkpoints_still_undoes(table, repo):
    game_id = await _long_game_against_the_computer(table, repo, 6)
    async with repo.engine.begin() as conn:
        from sqlalchemy import text
        await conn.execute(text("DELETE FROM checkpoint"))
    r = await table.undo(HERE, RAVI)
    assert not r.error and "takes back" in r.public
    await assert_replays(repo, game_id)


async def test_moves_and_undo_go_on_when_checkpoints_cannot_be_kept(table, repo,
                                                                    monkeypatch):
    """Checkpoints are a cache: a database that refuses them costs speed, never a move."""
    from sqlalchemy import text

    from db.repository import steps

    monkeypatch.setattr(steps, "_CHECKPOINT", text("INSERT INTO no_such_table VALUES (1)"))
    await table.new(HERE, RAVI, "goat_tiger", role="tigers", opponent="computer", seed=8)
    rng = random.Random(5)
    game = await repo.latest_game(HERE.channel_id)
    for _ in range(table_module.CHECKPOINT_EVERY + 1):
        game = await repo.latest_game(HERE.channel_id)
        r = await table.play(HERE, RAVI, random_move_line(json.loads(game.state), rng))
        assert not r.error, r.private
    r = await table.undo(HERE, RAVI)
    assert not r.error and "takes back" in r.public
    await assert_replays(repo, game.id)
