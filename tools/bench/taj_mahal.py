"""Section ``taj_mahal``: the board and hand pictures, the computer's think time, and whole
turns through the table (three people typing, one person against three computers)."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path

import renderer
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository, id_of
from engine import games
from tools import arena
from tools.bench.common import median_ms, pct, play, snapshot, stored_game, think_times


async def _taj_moves(moves: int) -> tuple[list[float], list[float]]:
    """Wall time of whole moves through the Table on SQLite: three people typing (store,
    picture), and one person against three computers (their turns included)."""
    g = games.get("taj_mahal")
    bot = arena.computer(g)
    people = [Actor(f"b{i}", f"bench{i}") for i in range(3)]
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'taj.sqlite3'}")
        try:
            table = Table(repo)
            out: list[list[float]] = [[], []]
            for k, place in enumerate((Place("taj-3"), Place("taj-c"))):
                if k == 0:
                    await table.new(place, people[0], "taj_mahal", seed=5,
                                    options={"players": 3})
                    for person in people[1:]:
                        await table.join(place, person)
                else:
                    await table.new(place, people[0], "taj_mahal", seed=5, opponent="computer")
                seats = {s.role: s.user_id for s in await repo.seats(
                    id_of(await stored_game(repo, place.channel_id))) if s.user_id is not None}
                by_id = {p.user_id: p for p in people}
                while len(out[k]) < moves:
                    game = await stored_game(repo, place.channel_id)
                    if game.status != "active":  # the computers finished the game
                        break
                    state = snapshot(game)
                    role = g.view(state, None)["active"][0]
                    line = " ".join(g.token(a, arg) for a, arg in bot(state, role))
                    t0 = time.perf_counter()
                    r = await table.play(place, by_id[seats[role]], line)
                    assert not r.error or "stopped there" in (r.private or ""), r.private
                    out[k].append(time.perf_counter() - t0)
            return out[0], out[1]
        finally:
            await repo.close()


def taj_mahal_figures(moves: int = 30) -> None:
    g = games.get("taj_mahal")
    start = g.view(g.setup(1, {}), None)
    mid_state = play("taj_mahal", 7, 40).state
    mid = g.view(mid_state, None)
    names = {"red": "ravi", "blue": "meera", "green": "arjun", "yellow": "Computer"}
    print("taj_mahal:")
    for label, view in (("start", start), ("mid-game", mid)):
        ms, png = median_ms(partial(renderer.render, "taj_mahal", view, players=names), 15)
        print(f"  board {label:<9}     {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    role = g.view(mid_state, None)["active"][0]
    ms, png = median_ms(lambda: renderer.hand("taj_mahal", g.view(mid_state, role)), 15)
    print(f"  hand picture         {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    think = think_times("taj_mahal", 3)
    print(f"  computer think time  median {statistics.median(think) * 1000:.1f} ms, "
          f"max {max(think) * 1000:.1f} ms CPU ({len(think)} turns of a 4-player game)")
    typed, computer = asyncio.run(_taj_moves(moves))
    print(f"  a typed turn         p50 {pct(typed, 0.5) * 1000:.0f} ms, p99 "
          f"{pct(typed, 0.99) * 1000:.0f} ms (three people; stored, drawn, {len(typed)} "
          "turns)")
    print(f"  against 3 computers  p50 {pct(computer, 0.5) * 1000:.0f} ms, p99 "
          f"{pct(computer, 0.99) * 1000:.0f} ms (the person's turn and the computers' "
          "replies)", flush=True)
    print(flush=True)

