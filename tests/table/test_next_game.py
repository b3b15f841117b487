"""The "Next game waiting on you" button under a move's confirmation (issue 40): the game
that has waited longest on the mover, never the one just moved in nor one waiting on
someone else, found by one query whatever else the player sits at."""

from __future__ import annotations

import json
import random
from datetime import timedelta

from sqlalchemy import event

from bot.replies import Place
from bot.table import Table
from tests.support.table import MEERA, RAVI, Clock, random_move_line


def _place(n: int) -> Place:
    return Place(channel_id=str(2000 + n), guild_id="1000")


async def _goat_tiger(table: Table, clock: Clock, n: int, ravi_side: str) -> None:
    r = await table.new(_place(n), RAVI, "goat_tiger", role=ravi_side, pace="standard")
    assert not r.error, r.private
    r = await table.join(_place(n), MEERA)
    assert not r.error, r.private
    clock.t += timedelta(hours=1)


def _statements(table: Table) -> list[str]:
    said: list[str] = []
    event.listen(table.repo.engine.sync_engine, "before_cursor_execute",
                 lambda _c, _cur, sql, *_: said.append(sql))
    return said


async def test_the_button_leads_to_the_longest_waiting_other_game_by_one_query(repo, clock):
    table = Table(repo, now=clock)
    await _goat_tiger(table, clock, 0, "tigers")  # the oldest, but it waits on Meera
    for n in (1, 2, 3):  # Goats move first: each of these waits on Ravi, the first longest
        await _goat_tiger(table, clock, n, "goats")
    await table.new(_place(4), MEERA, "goat_tiger")  # being set up: nobody's move

    said = _statements(table)
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
