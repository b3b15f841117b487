"""Rajas of the Ganges at the table: the picture of any side's province, and a whole turn
typed in one line."""

from __future__ import annotations

import json

from engine import games
from engine.games.rajas import ai
from engine.games.rajas import rules as R
from tests.support.table import HERE, RAVI, SAM, assert_replays, seat_fewest


async def test_board_shows_any_sides_province_where_the_picture_shows_one(table, repo):
    """Rajas' picture holds one province: /board side: shows anyone's, to the asker."""
    who = await seat_fewest(table, HERE, "rajas", seed=3)
    roles = list(who)
    a = await table.board(HERE, SAM, side=roles[0])
    b = await table.board(HERE, SAM, side=roles[1])
    assert a.image_private and a.image != b.image and roles[1].capitalize() in b.private
    r = await table.board(HERE, SAM, side="purple")
    assert r.error and "not a side" in r.private
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "goat_tiger", opponent="computer")
    r = await table.board(HERE, RAVI, side="goats")
    assert r.error and "already shows every side" in r.private


async def test_a_whole_turn_typed_is_posted_with_the_roll_and_pings_the_next(table, repo):
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    game = await repo.latest_game(HERE.channel_id)
    state = json.loads(game.state)
    role = R.active(state)[0]
    steps = ai.bot_steps(state, role)
    lines = games.typed_lines(R, state, role, steps)
    for line in lines:
        r = await table.play(HERE, who[role], line)
    assert not r.error and r.move_done and r.image, r.private
    after = json.loads((await repo.latest_game(HERE.channel_id)).state)
    nxt = R.active(after)[0]
    assert [p.user_id for p in r.pings] == [who[nxt].user_id]
    await assert_replays(repo, game.id)


async def test_mid_move_the_board_previews_where_the_tile_may_go(table, repo):
    """Tile placement offers only the legal cells and turns, shown on the mover's
    province (their /board mid-move); the others see the position before the move."""
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    for _ in range(30):
        state = json.loads((await repo.latest_game(HERE.channel_id)).state)
        role = R.active(state)[0]
        steps = ai.bot_steps(state, role)
        if ("place", "quarry") in steps:
            break
        for line in games.typed_lines(R, state, role, steps):
            await table.play(HERE, who[role], line)
    else:
        raise AssertionError("nobody built")
    upto = [s for s in steps[:next(i for i, s in enumerate(steps) if s[0] == "cell")]]
    for line in games.typed_lines(R, state, role, upto):
        await table.play(HERE, who[role], line)
    mine = await table.board(HERE, who[role])
    others = await table.board(HERE, SAM, side=role)
    assert mine.image_private and "Your move so far" in mine.private
    assert mine.image != others.image  # the preview's highlighted cells
