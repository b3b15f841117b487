"""Seats put up for substitutes, on both backends (the ``db_url`` fixture): one pending row
a side, each change made once whoever races for it, the cards' posts kept, and what falls
due found by the scheduler's query."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest

from db import Seat, Substitute

T = datetime(2030, 1, 1, tzinfo=UTC)


async def up(repo, **kw) -> Substitute | None:
    game = await repo.create_game(
        guild_id="g", channel_id=kw.pop("channel", "c1"), game="goat_tiger", options={},
        seed=7, created_by="u1", seats=[Seat(position=0, role="goats", user_id="u1",
                                             name="ravi")])
    return await repo.put_up(Substitute(game_id=game.id, role="goats", from_user="u1",
                                        from_name="ravi", **kw))


async def test_a_side_is_up_once_and_each_change_is_made_once(repo):
    sub = await up(repo)
    assert sub is not None
    assert await repo.put_up(Substitute(game_id=sub.game_id, role="goats", from_user="u1")) \
        is None  # up already
    # Two presses of Take the seat on the same reading: one candidate.
    a, b = await repo.substitute(sub.id), await repo.substitute(sub.id)
    won = await asyncio.gather(repo.move_substitute(a, state="asking", candidate="u2"),
                               repo.move_substitute(b, state="asking", candidate="u3"))
    assert sorted(won) == [False, True]
    stored = await repo.substitute(sub.id)
    assert stored.state == "asking" and stored.candidate in ("u2", "u3")
    assert stored.version == 1
    # Taken, the side may be put up again later.
    assert await repo.move_substitute(stored, state="taken")
    assert await repo.pending_substitute(sub.game_id, "goats") is None
    assert await repo.put_up(Substitute(game_id=sub.game_id, role="goats", from_user="u2"))


async def test_cards_are_kept_and_due_seats_found_soonest_first(repo):
    late = await up(repo, due_at=T + timedelta(hours=2))
    soon = await up(repo, channel="c2", due_at=T + timedelta(hours=1))
    await up(repo, channel="c3")  # nothing due
    await repo.seat_card_posted(soon.id, "c2", "77")
    await repo.seat_card_posted(soon.id, "lobby", "78")
    await repo.seat_card_posted(soon.id, "lobby", "79")  # posted again there: the newer one
    assert json.loads((await repo.substitute(soon.id)).posts) == [["c2", "77"],
                                                                  ["lobby", "79"]]
    assert await repo.due_substitutes(T) == []
    assert await repo.due_substitutes(T + timedelta(hours=1)) == [(soon.id, "g")]
    assert await repo.due_substitutes(T + timedelta(hours=3)) == [(soon.id, "g"),
                                                                  (late.id, "g")]


@pytest.mark.slow
async def test_two_putting_one_side_up_at_once_make_one_row(repo):
    sub = await up(repo)
    await repo.move_substitute(sub, state="taken")
    made = await asyncio.gather(*(repo.put_up(Substitute(
        game_id=sub.game_id, role="goats", from_user="u1")) for _ in range(4)))
    assert sum(m is not None for m in made) == 1
    # Another side of the game may be up beside it.
    assert await repo.put_up(Substitute(game_id=sub.game_id, role="tigers", from_user="u2"))
