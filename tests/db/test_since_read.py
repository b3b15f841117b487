""""Since your last move" read (``repo.since``): every public move after each person's
latest, with the spectator view of that latest one alone (the picture marks changes since
it); the moves after it are read without theirs (a view is a few KB, and a post read
every other player's latest view for nothing)."""

from __future__ import annotations

from datetime import UTC, datetime

from db import NewStep, Repository, Seat
from db.repository.shown import Shown

T0 = datetime(2026, 11, 29, 16, 0, 0, tzinfo=UTC)


async def test_since_reads_the_view_of_each_persons_latest_move_alone(db_url):
    repo = await Repository.open(db_url)
    try:
        people = [("u1", "red"), ("u2", "yellow"), ("u3", "white")]
        game = await repo.create_game(
            guild_id="g", channel_id="c", game="rajas", options={}, seed=7, created_by="u1",
            seats=[Seat(position=i, role=r, user_id=u, name=u)
                   for i, (u, r) in enumerate(people)])
        seats = await repo.seats(game.id)
        await repo.start_game(game, {s.id: s.role for s in seats}, {"n": 0}, now=T0,
                              opening=Shown("", None, 0, 0, '{"at": 0}'))
        for n in range(1, 7):  # each person moves twice, in turn
            user, role = people[(n - 1) % 3]
            game = await repo.get_game(game.id)
            await repo.append_steps(game, [NewStep(role, user, "go", n)], {"n": n}, now=T0,
                                    shown=Shown(role, user, n - 1, n, f'{{"at": {n}}}'))
        [red] = await repo.since(game.id, ["u1"])
        assert red.last is not None and red.last.view == '{"at": 4}'
        assert [r.user_id for r in red.after] == ["u2", "u3"]
        assert [r.view for r in red.after] == [None, None]
        red, white, nobody = await repo.since(game.id, ["u1", "u3", "u9"])
        assert red.last is not None and red.last.view == '{"at": 4}'
        assert white.last is not None and white.last.view == '{"at": 6}' and not white.after
        # someone who has not moved: the start's row, with the opening view, is theirs
        assert nobody.last is not None and nobody.last.seq == 0
        assert nobody.last.view == '{"at": 0}' and len(nobody.after) == 6
        assert [r.view for r in nobody.after if r.user_id == "u2"] == [None, None]
    finally:
        await repo.close()


async def test_a_moves_post_reads_made_with_its_write_are_those_read_after_it(db_url):
    """``MoveReads`` given to a move's write: what the people pinged missed and the
    mover's next game waiting on them, as the same reads made after the write find them
    (the write's own public move among them), on both databases."""
    from db import MoveReads

    repo = await Repository.open(db_url)
    try:
        people = [("u1", "red"), ("u2", "yellow")]
        games = []
        for channel in ("c", "d"):
            game = await repo.create_game(
                guild_id="g", channel_id=channel, game="rajas", options={}, seed=7,
                created_by="u1", seats=[Seat(position=i, role=r, user_id=u, name=u)
                                        for i, (u, r) in enumerate(people)])
            seats = await repo.seats(game.id)
            await repo.start_game(game, {s.id: s.role for s in seats}, {"n": 0}, now=T0,
                                  opening=Shown("", None, 0, 0, '{"at": 0}'))
            games.append(await repo.get_game(game.id))
        other = games[1]  # waiting on u1 (red) in another channel
        await repo.append_steps(other, [NewStep("yellow", "u2", "go", 0)], {"n": 1}, now=T0,
                                shown=Shown("yellow", "u2", 0, 1, '{"at": 1}'),
                                sched=_awaiting("red"))
        game = games[0]
        reads = MoveReads(["u2", "u9"], "u1")
        await repo.append_steps(game, [NewStep("red", "u1", "go", 1)], {"n": 1}, now=T0,
                                shown=Shown("red", "u1", 0, 1, '{"at": 1}'),
                                sched=_awaiting("yellow"), reads=reads)
        assert reads.read
        assert reads.since == await repo.since(game.id, ["u2", "u9"])
        assert [r.view for r in reads.since[0].after] == [None]  # the write's own move
        assert reads.next_up == await repo.next_awaiting("u1", not_game=game.id) == ("g", "d")
        nobody = MoveReads()  # nothing asked: nothing read
        await repo.append_steps(await repo.get_game(game.id),
                                [NewStep("yellow", "u2", "go", 2)], {"n": 2}, reads=nobody)
        assert nobody.read and nobody.since is None and nobody.next_up is None
    finally:
        await repo.close()


def _awaiting(role: str):
    from db import Sched

    return Sched('{}', None, role, T0)
