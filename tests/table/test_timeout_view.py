"""A timed-out side's move (issue 35): the computer that finishes it decides from that
side's view only, as a computer seat does. The same position in two channels, except that
in the second everything hidden from the side is dealt anew and the game's secret seed is
another: when the side's time runs out, the computer takes the same steps in both until
one shows something new."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.replies import Notice, Place
from bot.table import Table
from db import Game
from db.models import seed_columns
from engine import games
from tests.support.table import random_move_lines, seat_fewest
from tests.support.views import same_while_alike
from tests.table.test_time_zones import run

HIDDEN = [gid for gid in games.ids() if games.get(gid).hidden]
REAL, WHATIF = Place("3101", "1000"), Place("3102", "1000")
OTHER_SECRET = 2**255 + 1  # the second game's secret seed
# (game, random moves before the timeout): the fast slice is one where Rajas' computer,
# as it was, chose differently; the others are slow.
CASES = [pytest.param(gid, moves, marks=[] if (gid, moves) == ("rajas", 13)
                      else [pytest.mark.slow]) for gid in HIDDEN for moves in (2, 7, 13)]
TIMED = {"pace": "24h+0h/24h", "on_timeout": "move"}


async def _steps_after(repo, game: Game, n: int, role: str) -> list[tuple[str, object]]:
    return [(s.action, json.loads(s.arg) if s.arg else None)
            for s in (await repo.steps(game.id))[n:] if s.role == role]


@pytest.mark.parametrize("game_id,moves", CASES)
@pytest.mark.slow
async def test_a_timeouts_move_depends_on_the_sides_view_only(repo, clock, game_id, moves):
    table = Table(repo, now=clock)
    g = games.get(game_id)
    rng = random.Random(moves)
    for place in (REAL, WHATIF):
        who = await seat_fewest(table, place, game_id, seed=moves, **TIMED)
    for _ in range(moves):  # a random position some moves in, the same in both
        state = json.loads((await repo.latest_game(REAL.channel_id)).state)
        role = g.view(state, None)["active"][0]
        for line in random_move_lines(state, rng):
            for place in (REAL, WHATIF):
                r = await table.play(place, who[role], line)
                assert not r.error, r.private
    real = await repo.latest_game(REAL.channel_id)
    state = json.loads(real.state)
    role = g.view(state, None)["active"][0]
    twin = games.redealt(g, state, moves + 99, keep=[role])
    whatif = await repo.latest_game(WHATIF.channel_id)
    async with repo.engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == whatif.id)
                           .values(state=json.dumps(twin), **seed_columns(OTHER_SECRET)))
    before = [len(await repo.steps(x.id)) for x in (real, whatif)]
    events = await run(table, clock, 25, step=timedelta(hours=1))
    ran_out = [e for _, e in events if isinstance(e, Notice) and "ran out" in e.post.public]
    assert len(ran_out) == 2, events
    mine, theirs = [await _steps_after(repo, x, n, role)
                    for x, n in zip((real, whatif), before, strict=True)]
    assert mine and theirs
    same_while_alike(g, role, state, mine, twin, theirs)
