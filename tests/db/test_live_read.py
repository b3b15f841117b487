"""A move's read of its game (``live_game_seats``): on SQLite the game's row once and its
seats apart, in one read transaction; on PostgreSQL one statement. Either way the move
sees the game, its seats and their people's settings as they stood at one moment."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest
from sqlalchemy import event

from db import Player, Repository, Seat


async def _three_seats(repo: Repository, channel: str = "c"):
    """A 3-seat Rajas game: a person with settings, one without, and the computer."""
    game = await repo.create_game(
        guild_id="g", channel_id=channel, game="rajas", options={}, seed=7, created_by="u1",
        seats=[Seat(position=0, role="red", user_id="u1", name="Ravi"),
               Seat(position=1, role="blue", user_id="u2", name="Meera"),
               Seat(position=2, role="green", user_id=None, name="Computer", is_bot=True)])
    await repo.save_player(Player(user_id="u1", tz="Asia/Kolkata"))
    seats = await repo.seats(game.id)
    await repo.start_game(game, {s.id: s.role for s in seats},
                          {"n": 0, "pad": "x" * 20_000})
    return game


async def test_a_games_read_has_its_row_once_and_every_seat(db_url):
    repo = await Repository.open(db_url)
    try:
        game = await _three_seats(repo)
        found = await repo.live_game_seats("c")
        assert found is not None
        assert found.game.model_dump() == (await repo.get_game(game.id)).model_dump()
        assert json.loads(found.game.state) == {"n": 0, "pad": "x" * 20_000}
        assert [s.model_dump() for s in found.seats] == \
            [s.model_dump() for s in await repo.seats(game.id)]
        assert [s.role for s in found.seats] == ["red", "blue", "green"]
        # the settings of each person seated (None: none set); the computer has none
        assert found.players.keys() == {"u1", "u2"}
        assert found.players["u1"].tz == "Asia/Kolkata" and found.players["u2"] is None
        assert await repo.live_game_seats("elsewhere") is None
    finally:
        await repo.close()


async def test_a_game_with_no_seats_yet_is_read_with_none(db_url):
    repo = await Repository.open(db_url)
    try:
        await repo.create_game(guild_id="g", channel_id="c", game="rajas", options={},
                               seed=7, created_by="u1")
        found = await repo.live_game_seats("c")
        assert found is not None and found.game.channel_id == "c"
        assert (found.seats, found.players) == ([], {})
    finally:
        await repo.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_seat_handed_on_between_the_two_statements_is_not_seen(db_url, tmp_path):
    """Another process hands a seat on (and bumps the game's version) just after the game's
    row was read and before its seats are: the move sees the seats of the version it
    read, never the row of one version with the seats of the next."""
    repo = await Repository.open(db_url)
    try:
        game = await _three_seats(repo)
        # the loop's connection is made, and the version the move will read
        version = (await repo.live_game_seats("c")).game.version
        engine = repo._sqlite_sync_engine()
        loop_thread, wrote = threading.get_ident(), []

        def other_process(conn, cursor, statement, *_: object) -> None:
            if threading.get_ident() != loop_thread or wrote or "FROM seat" not in statement:
                return
            with sqlite3.connect(tmp_path / "test.sqlite3") as other:
                other.execute("UPDATE seat SET name = 'Asha', user_id = 'u3' "
                              "WHERE game_id = ? AND position = 1", (game.id,))
                other.execute("UPDATE game SET version = version + 1 WHERE id = ?", (game.id,))
            other.close()
            wrote.append(statement)  # ... before the seats' statement runs
        event.listen(engine, "before_cursor_execute", other_process)
        try:
            found = await repo.live_game_seats("c")
        finally:
            event.remove(engine, "before_cursor_execute", other_process)
        assert wrote  # the other write came between the two reads
        assert found is not None and found.game.version == version
        assert [s.name for s in found.seats] == ["Ravi", "Meera", "Computer"]
        assert found.players.keys() == {"u1", "u2"}
        again = await repo.live_game_seats("c")  # the next read sees the write
        assert again.game.version == version + 1
        assert [s.name for s in again.seats] == ["Ravi", "Asha", "Computer"]
        assert again.players.keys() == {"u1", "u3"}
    finally:
        await repo.close()
