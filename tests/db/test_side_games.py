"""A side game (a tiebreak) opened for a game in its channel, on both backends: the waiting
game's status frees the channel, the side game is opened under way with its seats in one
transaction, a second live game is refused there, and the games opened for one are found
in order."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from db import TIEBREAK, ChannelBusy, Sched, Seat
from db.repository.shown import Shown

NOW = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)


async def side_game(repo, parent, seats=("u1", "u2")):
    return await repo.open_side_game(
        parent, game="goat_tiger", options={"goats": 15}, seed=2**200 + 5,
        seats=[Seat(game_id=0, position=0, role=r, user_id=u, name=u)
               for r, u in zip(("goats", "tigers"), seats, strict=True)],
        state={"game": "goat_tiger", "log": []}, now=NOW,
        sched=Sched(json.dumps({}), None, "goats", NOW),
        opening=Shown("", None, 0, 0, "{}"))


async def test_a_side_game_opens_in_the_channel_of_the_game_it_decides(repo):
    parent = await repo.create_game(guild_id="g", channel_id="c1", game="vijayanagara",
                                    options={}, seed=7, created_by="u1")
    with pytest.raises(ChannelBusy):  # the tied game still holds its channel
        await side_game(repo, parent)
    await repo.set_status(parent, TIEBREAK)
    first = await side_game(repo, parent)
    live = await repo.live_game("c1")
    assert live.id == first.id and live.status == "active" and live.side_game_of == parent.id
    assert live.seed == 2**200 + 5 and live.awaiting == "goats"
    assert [(s.role, s.user_id) for s in await repo.seats(first.id)] == [
        ("goats", "u1"), ("tigers", "u2")]
    with pytest.raises(ChannelBusy):  # one live game a channel, the side game included
        await side_game(repo, parent)
    await repo.set_status(first, "finished")
    second = await side_game(repo, parent, ("u2", "u3"))
    assert [g.id for g in await repo.side_games_of(parent.id)] == [first.id, second.id]
    assert await repo.side_games_of(first.id) == []
