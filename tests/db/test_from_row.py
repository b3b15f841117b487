"""A move's read (``live_game_seats``) makes its rows with ``from_row``, without the ORM:
they must be what the ORM's own read gives, on both databases, and stay usable as rows
(a seat handed on is written from one)."""

from __future__ import annotations

from sqlalchemy import inspect as sa_inspect

from db import Player, Repository, Seat


def _as_read(row) -> tuple:
    return (row.model_dump(), row.__pydantic_fields_set__, row.__pydantic_extra__,
            row.__pydantic_private__, sa_inspect(row).transient)


async def _started(repo: Repository):
    """A Goat-Tiger game between Ravi (who set a time zone) and Meera, just started: the
    game as created, and its seats."""
    game = await repo.create_game(
        guild_id="g", channel_id="c", game="goat_tiger", options={}, seed=7,
        created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1", name="Ravi"),
                                Seat(position=1, role="tigers", user_id="u2", name="Meera")])
    await repo.save_player(Player(user_id="u1", tz="Asia/Kolkata"))
    seats = await repo.seats(game.id)
    game.version = await repo.start_game(game, {s.id: s.role for s in seats}, {"n": 0})
    return game, seats


async def test_the_rows_a_move_reads_are_the_rows_the_orm_reads(db_url):
    repo = await Repository.open(db_url)
    try:
        game, _ = await _started(repo)
        found = await repo.live_game_seats("c")
        assert found is not None
        orm_game = await repo.get_game(game.id)
        assert found.game.model_dump() == orm_game.model_dump()
        assert [s.model_dump() for s in found.seats] == \
            [s.model_dump() for s in await repo.seats(game.id)]
        ravi = found.players["u1"]
        assert ravi is not None and ravi.tz == "Asia/Kolkata" and found.players["u2"] is None
        for row in (found.game, *found.seats, ravi):
            made = type(row).model_construct(**row.model_dump())
            sa_inspect(type(row)).class_manager._new_state_if_none(made)
            assert _as_read(row) == _as_read(made)
        # still a row: changed and written through the repository like any other
        seat = found.seats[1]
        await repo.reassign_seat(found.game, seat.id, user_id="u3", name="Asha",
                                 is_bot=False)
        assert [s.name for s in await repo.seats(game.id)] == ["Ravi", "Asha"]
    finally:
        await repo.close()


async def test_a_games_steps_and_handovers_read_as_rows_are_the_orms(db_url):
    """A game's end reads its whole log and its handovers with Core: the same rows, in the
    same order, as the ORM's read of them (the undone steps left out unless asked)."""
    from sqlmodel import col, select

    from db import Handover, NewStep, Step

    repo = await Repository.open(db_url)
    try:
        game, seats = await _started(repo)
        for i, (role, user) in enumerate([("goats", "u1"), ("tigers", "u2"), ("goats", "u1")]):
            game.version = await repo.append_steps(
                game, [NewStep(role, user, "place", f"c{i}")], {"n": i + 1})
        game.version = await repo.undo_steps(game, [3], {"n": 2})
        game.version = await repo.reassign_seat(game, seats[1].id, user_id=None,
                                                name="Computer", is_bot=True, why="resigned")
        async with repo._sessions() as s:
            every = (await s.exec(select(Step).where(Step.game_id == game.id)
                                  .order_by(col(Step.seq)))).all()
            handed = (await s.exec(select(Handover).where(Handover.game_id == game.id)
                                   .order_by(col(Handover.id)))).all()
        assert [r.model_dump() for r in await repo.steps(game.id, include_undone=True)] == \
            [r.model_dump() for r in every]
        assert [r.model_dump() for r in await repo.steps(game.id)] == \
            [r.model_dump() for r in every if not r.undone]
        assert [s.arg for s in await repo.steps(game.id)] == ['"c0"', '"c1"']
        assert [r.model_dump() for r in await repo.handovers(game.id)] == \
            [r.model_dump() for r in handed]
        assert [(h.role, h.from_user, h.why) for h in handed] == [("tigers", "u2", "resigned")]
    finally:
        await repo.close()
