"""Undo never takes back a move nobody present made (issue 35, point 6): the move the
computer made for a person whose time ran out stands; only the replies of a side the
computer holds go back with the undoer's move."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.table import Table
from tests.support.table import HERE, MEERA, RAVI, snapshot
from tests.table.test_time_zones import run


@pytest.fixture
def table(repo, clock):
    return Table(repo, now=clock)


@pytest.mark.slow  # the computer's search starts a worker process
async def test_a_move_the_computer_made_for_a_timed_out_player_stands(table, repo, clock):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", pace="live", on_timeout="move")
    assert not (await table.join(HERE, MEERA)).error
    assert not (await table.play(HERE, RAVI, "c3")).error
    # Meera (Tigers) never moves: after her 24 h the computer plays her move.
    events = await run(table, clock, 25, step=timedelta(hours=1))
    assert any("ran out of time" in (e.post.public or "") for _, e in events
               if hasattr(e, "post"))
    steps = await repo.steps((await repo.latest_game(HERE.channel_id)).id)
    assert steps[-1].role == "tigers" and steps[-1].user_id is None
    before = await snapshot(repo)
    # Ravi may not take back his c3 by undoing "the computer's reply" with it: that move
    # was the computer's for Meera, not an opponent's answer he can call back.
    r = await table.undo(HERE, RAVI)
    assert r.error, r.public
    assert "the computer's for meera (Tigers) when their time ran out" in r.private
    assert "it stands" in r.private
    # Nor may Meera take back the move made in her name.
    r = await table.undo(HERE, MEERA)
    assert r.error and "when their time ran out" in r.private
    assert await snapshot(repo) == before
