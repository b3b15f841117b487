"""Rules revisions (issue 24): a game stored before a rules fix keeps the rules it began
under, in play and in every replay (undo, `darbar replay`, the check at start), because
its replays set it up at its own revision."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import update

from bot.admin import verify_active
from db import Game
from engine import games
from tests.support.table import ASHA, HERE, MEERA, RAVI, assert_replays, random_move_lines

pytestmark = pytest.mark.slow  # every test here takes seconds


@pytest.mark.parametrize("game_id, options", [
    ("rajas", {"players": 2, "variant": "navaratnas", "mango": True}),
    ("maharaja", {"players": 3}),
])
async def test_a_game_stored_before_a_rules_fix_replays_under_its_own_rules(
        table, repo, game_id, options):
    g = games.get(game_id)
    await table.new(HERE, RAVI, game_id, options=options, seed=9)
    for person in (MEERA, ASHA)[:g.PLAYERS[0] - 1]:
        await table.join(HERE, person)
    game = await repo.latest_game(HERE.channel_id)
    if game.status == "setup":
        await table.start(HERE, RAVI)
        game = await repo.latest_game(HERE.channel_id)
    # As the game was stored before revisions: its opening state has no `revision`.
    old = g.setup(game.seed, {**json.loads(game.options), "revision": 1})
    new = g.setup(game.seed, json.loads(game.options))
    assert "revision" not in old and new["revision"] == g.REVISION
    async with repo.engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == game.id)
                           .values(state=json.dumps(old)))
    rng = random.Random(4)
    seats = {s.role: s.user_id for s in await repo.seats(game.id)}
    people = {p.user_id: p for p in (RAVI, MEERA, ASHA)}
    for _ in range(6):
        state = json.loads((await repo.latest_game(HERE.channel_id)).state)
        role = g.view(state, None)["active"][0]
        for line in random_move_lines(state, rng):
            await table.play(HERE, people[seats[role]], line)
    state = json.loads((await repo.latest_game(HERE.channel_id)).state)
    assert "revision" not in state  # still the old rules
    await assert_replays(repo, game.id)
    assert await verify_active(repo) == (1, [])  # nothing to "repair" at start
    r = await table.undo(HERE, people[seats[g.view(state, None)["active"][0]]])
    assert "revision" not in json.loads((await repo.latest_game(HERE.channel_id)).state), r
