"""The "Next game waiting on you" button under a move's confirmation (issue 40): the game
that has waited longest on the mover, never the one just moved in nor one waiting on
someone else, found by one query whatever else the player sits at."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from sqlalchemy import Engine, event

from bot.replies import Place
from bot.table import Table
from db import Repository
from tests.support.table import MEERA, RAVI, Clock, random_move_line


def _place(n: int) -> Place:
    return Place(channel_id=str(2000 + n), guild_id="1000")


async def _goat_tiger(table: Table, clock: Clock, n: int, ravi_side: str) -> None:
    r = await table.new(_place(n), RAVI, "goat_tiger", role=ravi_side, pace="standard")
    assert not r.error, r.private
    r = await table.join(_place(n), MEERA)
    assert not r.error, r.private
    clock.t += timedelta(hours=1)


@contextmanager
def _statements() -> Iterator[list[str]]:
    """The SQL statements run meanwhile, on any engine (SQLite reads on a thread of their
    own, through a second engine on the same file)."""
    said: list[str] = []

    def note(_c: object, _cur: object, sql: str, *_: object) -> None:
        said.append(sql)
    event.listen(Engine, "before_cursor_execute", note)
    try:
        yield said
    finally:
        event.remove(Engine, "before_cursor_execute", note)


@pytest.fixture
async def any_repo(db_url):
    """A repository on SQLite and on PostgreSQL: the button's query is written for both."""
    r = await Repository.open(db_url)
    yield r
    await r.close()


async def test_the_button_leads_to_the_longest_waiting_other_game_by_one_query(any_repo, clock):
    repo = any_repo
    table = Table(repo, now=clock)
    await _goat_tiger(table, clock, 0, "tigers")  # the oldest, but it waits on Meera
    for n in (1, 2, 3):  # Goats move first: each of these waits on Ravi, the first longest
        await _goat_tiger(table, clock, n, "goats")
    await table.new(_place(4), MEERA, "goat_tiger")  # being set up: nobody's move

    with _statements() as said:
        link = await table.next_game_link(RAVI, after_game=None)
    assert link == ("Next game waiting on you", "https://discord.com/channels/1000/2001")
    assert len(said) == 1, said

    # Ravi moves in the game that waited longest: the button leads to the next longest.
    r = await table.play(_place(1), RAVI, "c3")
    assert not r.error, r.private
    assert r.links == [("Next game waiting on you", "https://discord.com/channels/1000/2002")]

    # Meera's Tigers answer; then the only game waiting on her is the oldest one.
    game = await repo.live_game(_place(1).channel_id)
    r = await table.play(_place(1), MEERA, random_move_line(json.loads(game.state),
                                                            random.Random(1)))
    assert not r.error, r.private
    assert r.links == [("Next game waiting on you", "https://discord.com/channels/1000/2000")]
    # …and once she has moved there too, none.
    game = await repo.live_game(_place(0).channel_id)
    r = await table.play(_place(0), MEERA, random_move_line(json.loads(game.state),
                                                            random.Random(1)))
    assert not r.error, r.private
    assert r.links == []
