"""A sixth game is two folders and no edit elsewhere (docs/developing.md, "Adding a game"):
tests/toy/engine/nim and tests/toy/renderer/nim, put on the engine's and the renderer's
package paths as if copied into engine/games/ and renderer/, are found, set up, drawn,
played against the computer and typed at through the table and the sandbox."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

import engine.games
import renderer
from bot import workers
from bot.commands import playable_ids
from bot.sandbox import Sandbox
from bot.table import Table
from db import Repository
from engine import games
from tests.support.table import HERE, MEERA, RAVI, assert_replays, png_size

TOY = Path(__file__).resolve().parents[1] / "toy"


@pytest.fixture
def nim(monkeypatch):
    monkeypatch.setattr(engine.games, "__path__", [*engine.games.__path__, str(TOY / "engine")])
    monkeypatch.setattr(renderer, "__path__", [*renderer.__path__, str(TOY / "renderer")])
    # The computer's worker processes import engine.games afresh, without this test's
    # path: here its search runs on a thread (copied into engine/games, it would not).
    monkeypatch.setattr(workers.POOL, "run", lambda fn, *args: asyncio.to_thread(fn, *args))
    games.found.cache_clear()
    yield games.get("nim")
    monkeypatch.undo()
    games.found.cache_clear()
    for name in [m for m in sys.modules if m.startswith(("engine.games.nim", "renderer.nim"))]:
        del sys.modules[name]


def test_the_new_game_is_found_by_every_layer(nim):
    assert games.ids()[-1] == "nim"  # ranked by its LISTED, after the five
    assert "nim" in playable_ids() and "nim" in renderer.ids()
    png = renderer.render("nim", nim.view(nim.setup(1, {}), None), players={"first": "ravi"})
    assert png_size(png) == (800, 240)
    assert renderer.alt_text("nim", nim.view(nim.setup(1, {}), None)).startswith(
        "Nim: 15 counters left. First: take 1 to 3 counters")


async def test_two_people_play_it_at_the_table_and_a_wrong_turn_is_refused(nim, table, repo):
    r = await table.new(HERE, RAVI, "nim", role="first", seed=1, options={"counters": 5})
    assert not r.error, r.private
    r = await table.join(HERE, MEERA)
    assert not r.error, r.private
    r = await table.play(HERE, MEERA, "take1")
    assert r.error and "not your turn" in r.private
    r = await table.play(HERE, RAVI, "take4")
    assert r.error and "take1" in r.private  # the legal words are offered instead
    for who, line in ((RAVI, "take1"), (MEERA, "take2"), (RAVI, "take2")):
        r = await table.play(HERE, who, line)
        assert not r.error, r.private
    assert "First took the last counter" in r.public and "Game over" in r.public
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished" and json.loads(game.state)["result"]["winners"] == ["first"]
    await assert_replays(repo, game.id)


async def test_the_computer_takes_a_seat_and_plays_to_the_end(nim, table, repo):
    r = await table.new(HERE, RAVI, "nim", role="first", opponent="computer", seed=1,
                        options={"counters": 6})
    assert not r.error, r.private
    r = await table.play(HERE, RAVI, "take1")  # leaves 5: the computer takes 1, leaving 4
    assert "Second takes 1, leaving 4." in r.public
    while (game := await repo.latest_game(HERE.channel_id)).status == "active":
        r = await table.play(HERE, RAVI, "take1")
    assert json.loads(game.state)["result"]["winners"] == ["second"]


async def test_the_sandbox_plays_it_from_typed_lines(nim, tmp_path):
    repo = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'sandbox.sqlite3'}")
    sandbox = Sandbox(Table(repo), tmp_path / "images", "table", "ravi")
    try:
        new = await sandbox.handle("@ravi /game new nim side:first opponent:computer counters:7")
        assert "starts a game of Nim" in new and "image:" in new, new
        rules = await sandbox.handle("/rules")
        assert "whoever takes the last counter wins" in rules
        moved = await sandbox.handle("@ravi /play take3")
        assert "takes 3, leaving 4" in moved and "image:" in moved
    finally:
        await repo.close()
    assert len(list((tmp_path / "images").rglob("*.png"))) >= 2
