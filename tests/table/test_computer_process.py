"""The computer's search runs in a worker process (bot/workers.py), never in the bot's own
process where it would hold the event loop's GIL; it finds the same move there."""

import json
import os
import signal

import pytest

from bot import workers
from db import NewStep, step_arg
from engine import games
from engine.games.goat_tiger import ai
from tests.support.table import HERE, RAVI

pytestmark = pytest.mark.slow  # every test here takes seconds


async def computer_steps(repo) -> list[tuple[str, object]]:
    game = await repo.latest_game(HERE.channel_id)
    return [(s.action, step_arg(s)) for s in await repo.steps(game.id) if s.user_id is None]


async def test_the_computer_searches_in_another_process_and_finds_the_same_move(
        table, repo, monkeypatch):
    g = games.get("goat_tiger")
    state = g.act(g.setup(5, {}), "goats", "place", "c3")
    expected = ai.bot_steps(state, "tigers")  # the search, here in this process

    def not_here(*args, **kwargs):
        raise AssertionError("the computer searched in the bot's own process")

    monkeypatch.setattr(ai, "bot_steps", not_here)  # what g.bot_steps gives in this process
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=5)
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error, r.private
    assert "**Computer**: Tigers" in r.public
    assert await computer_steps(repo) == expected
    assert json.loads((await repo.latest_game(HERE.channel_id)).state)["to_move"] == "goats"


async def test_a_killed_worker_is_replaced_and_the_computer_still_moves(table, repo):
    pid = await workers.POOL.run(os.getpid)
    assert pid != os.getpid()
    os.kill(pid, signal.SIGKILL)  # as the out-of-memory killer would
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=5)
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error, r.private
    assert "**Computer**: Tigers" in r.public
    assert await workers.POOL.run(os.getpid) not in (pid, os.getpid())


async def test_autocomplete_never_waits_for_the_computers_search(table, repo):
    # ravi's move is stored and the computer's answer is not yet (it is being searched, or
    # a crash cut it off): typing must not start a search and wait for it.
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=9)
    game = await repo.live_game(HERE.channel_id)
    g = games.get("goat_tiger")
    state = g.act(json.loads(game.state), "goats", "place", "c3")
    await repo.append_steps(game, [NewStep("goats", RAVI.user_id, "place", "c3")], state)
    choices = await table.autocomplete(HERE, RAVI, "d")
    assert len(choices) == 1 and "waiting for Computer (Tigers)" in choices[0][0]
    assert await computer_steps(repo) == []  # no search was made for it
    # Any other command makes the computer's move, as before: ravi's turn again.
    panel = await table.panel(HERE, RAVI)
    assert not panel.error and panel.choices
    assert len(await computer_steps(repo)) >= 1
