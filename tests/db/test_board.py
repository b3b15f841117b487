"""The servers' boards in the repository, on SQLite and PostgreSQL (the ``db_url``
fixture): any change to a server's live games changes its mark, the games a board lists
with their seats, and the claim that lets one of several processes redraw a board."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db import Board, Seat
from db.repository.board import NO_GAMES

T = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)


async def new_game(repo, channel: str, guild: str = "g"):
    return await repo.create_game(
        guild_id=guild, channel_id=channel, game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="ravi"),
                                Seat(position=1, user_id="u2", name="meera")])


async def test_every_change_to_a_servers_live_games_changes_its_mark(repo):
    marks = [(await repo.game_marks(["g", "h"]))["g"]]
    assert marks == [NO_GAMES]
    first = await new_game(repo, "c1")
    await new_game(repo, "c9", guild="h")  # another server's game changes only its mark
    marks.append((await repo.game_marks(["g"]))["g"])
    second = await new_game(repo, "c2")
    marks.append((await repo.game_marks(["g"]))["g"])
    await repo.set_status(first, "active")  # a write: its version moves on
    marks.append((await repo.game_marks(["g"]))["g"])
    second = await repo.get_game(second.id)
    await repo.set_status(second, "aborted")  # it leaves the board
    marks.append((await repo.game_marks(["g"]))["g"])
    assert len(set(marks)) == len(marks), marks
    listed = await repo.board_games("g")
    assert [(g.id, g.status) for g in listed] == [(first.id, "active")]
    assert [(s.role, s.name) for s in listed[0].seats] == [("goats", "ravi"), (None, "meera")]


async def test_one_claim_of_two_wins_and_a_due_board_is_found_until_claimed(repo):
    await repo.save_board(Board(guild_id="g", channel_id="c0", due_at=T))
    assert [b.guild_id for b in await repo.due_boards(T - timedelta(seconds=1))] == []
    (board,) = await repo.due_boards(T)
    assert await repo.claim_board("g", board.version, due_at=T + timedelta(seconds=30))
    assert not await repo.claim_board("g", board.version, due_at=T + timedelta(seconds=30))
    assert await repo.due_boards(T + timedelta(seconds=29)) == []
    assert [b.guild_id for b in await repo.boards_in("c0")] == ["g"]
    await repo.claim_board("g", board.version + 1, channel_id=None)
    assert await repo.due_boards(T + timedelta(days=1)) == []  # off: never due
