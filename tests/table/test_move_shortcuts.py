"""What a move no longer works out twice (issue 40: a Rajas move's table and database
work beyond its floor), and that none of it changes what anyone is told: a table that
keeps nothing between calls gives, reply for reply, what the one that keeps them gives."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter

import pytest

from bot.table import Table
from bot.table.positions import Positions
from db import Repository
from engine import games, jsontext
from engine.games.rajas import ai
from engine.games.rajas import rules as R
from tests.support.table import HERE, T0, Clock, seat_fewest


async def _typed_moves(table: Table, moves: int, seed: int = 8) -> list[dict]:
    """``moves`` whole Rajas moves typed as the computer would make them, a line per roll
    (each line that ends at a roll is a call inside the move): every reply, as a dict."""
    who = await seat_fewest(table, HERE, "rajas", seed=seed)
    out = []
    for _ in range(moves):
        game = await table.repo.live_game(HERE.channel_id)
        state = json.loads(game.state)
        role = R.active(state)[0]
        steps = ai.bot_steps(state, role)
        for line in games.typed_lines(R, state, role, steps):
            reply = await table.play(HERE, who[role], line)
            assert not reply.error, reply.private
            out.append(dataclasses.asdict(reply))
    return out


@pytest.mark.slow
async def test_a_table_that_keeps_positions_tells_what_one_that_keeps_none_tells(
        tmp_path, migrated):
    """Rajas moves split by their rolls: the same panels mid-move, the same posts (text,
    picture, alt text, pings), the same links, whether the table reads back the
    positions it wrote or parses every one afresh."""
    said = []
    for keep in (0, 32):
        path = tmp_path / f"keep{keep}.sqlite3"
        shutil.copyfile(migrated, path)
        repo = await Repository.open(f"sqlite+aiosqlite:///{path}")
        try:
            table = Table(repo, now=Clock(T0))
            table.positions = Positions(games=keep)
            said.append(await _typed_moves(table, 8))
        finally:
            await repo.close()
    assert any(not r["move_done"] for r in said[0]), "no move was split by a roll"
    assert said[0] == said[1]


async def test_a_move_does_not_parse_again_the_position_it_wrote(table, repo, monkeypatch):
    """The call after a write reads the stored state back; this process wrote that very
    text, so it is not parsed again."""
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    game = await repo.live_game(HERE.channel_id)
    state = json.loads(game.state)
    role = R.active(state)[0]
    line = games.typed_lines(R, state, role, ai.bot_steps(state, role))[0]
    await table.play(HERE, who[role], line)
    written = (await repo.live_game(HERE.channel_id)).state
    parsed: Counter[bool] = Counter()
    plain = jsontext.loads

    def counted(text):
        parsed[text == written] += 1
        return plain(text)

    monkeypatch.setattr(jsontext, "loads", counted)
    await table.panel(HERE, who[R.active(json.loads(written))[0]])
    assert parsed[True] == 0


async def test_a_move_reads_the_clocks_and_duties_once(table, repo, monkeypatch):
    """A whole move settles the clocks from the stored pace and posts them: the pace
    the previous move wrote, the one it writes, and each player's hours, were all made
    in this process, and none is parsed again."""
    from bot import pace as paces
    from bot.table import core

    who = await seat_fewest(table, HERE, "rajas", seed=8, pace="standard")
    parsed: Counter[str] = Counter()
    plain_pace, plain_duty = paces.Pace.from_json, core.Availability

    def pace_read(data):
        parsed["pace"] += 1
        return plain_pace(data)

    def duty_made(*args, **kwargs):
        parsed["duty"] += 1
        return plain_duty(*args, **kwargs)

    for n in range(3):
        game = await repo.live_game(HERE.channel_id)
        state = json.loads(game.state)
        role = R.active(state)[0]
        if n == 2:
            monkeypatch.setattr(paces.Pace, "from_json", pace_read)
            monkeypatch.setattr(core, "Availability", duty_made)
        for line in games.typed_lines(R, state, role, ai.bot_steps(state, role)):
            reply = await table.play(HERE, who[role], line)
    assert reply.move_done and "on the clock" in reply.public
    assert parsed["pace"] == 0 and parsed["duty"] == 0, parsed


async def test_a_typed_line_builds_no_view_of_the_positions_it_passes(table, repo,
                                                                      monkeypatch):
    """A line of several steps asks at each step whom the game waits for: the rules say
    (``games.active``); the position it starts from is the one the move before it wrote,
    whose view this process built then; so only the position reached (at its end) has
    its spectator view built."""
    import dataclasses as dc

    who = await seat_fewest(table, HERE, "rajas", seed=8)
    for _ in range(20):  # to a line of four steps or more
        game = await repo.live_game(HERE.channel_id)
        state = json.loads(game.state)
        role = R.active(state)[0]
        lines = games.typed_lines(R, state, role, ai.bot_steps(state, role))
        if len(lines[0].split()) >= 4:
            break
        for line in lines:
            await table.play(HERE, who[role], line)
    else:
        raise AssertionError("no line of four steps")
    plain = games.get("rajas")
    built: Counter[bool] = Counter()

    def view(state, role):
        built[role is None] += 1
        return plain.view(state, role)

    counted = dc.replace(plain, view=view)
    real_get = games.get
    monkeypatch.setattr(games, "get", lambda gid: counted if gid == "rajas" else real_get(gid))
    reply = await table.play(HERE, who[role], lines[0])
    assert reply.private is None or not reply.error, reply.private
    assert built[True] == 1, built
