"""Section ``clicks``: the CPU a whole Vijayanagara move costs through the table, made by
clicks (``Table.click`` per step) and typed (one ``Table.play`` line)."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import renderer
from bot.replies import Actor, Place, Reply
from bot.table import Table
from db import Repository
from tools.bench.common import play


async def _clicks_vs_typed(moves: int) -> tuple[list[float], list[float], list[int]]:
    """CPU seconds per whole move through the Table, the same moves played twice: by
    ``Table.click`` per step, and by ``Table.play`` lines."""
    played = play("vijayanagara", 4242, moves)
    solo = Actor("vj-solo", "solo")
    typed: list[float] = []
    clicked: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}")
        try:
            table = Table(repo)
            renderer.warm()
            for name, cpu in (("typed", typed), ("clicked", clicked)):
                place = Place(channel_id=f"vj-{name}", guild_id="bench")
                await table.new(place, solo, "vijayanagara", seed=played.seed)
                reply = await table.start(place, solo)
                for _role, lines in played.moves:
                    t0 = time.process_time()
                    if name == "typed":
                        for line in lines:
                            reply = await table.play(place, solo, line)
                            _check(reply, place)
                    else:
                        for token in " ".join(lines).split():
                            game_id, version = reply.game_id, reply.version
                            assert game_id is not None and version is not None, \
                                "a move under way is a game's at a version"
                            reply = await table.click(place, solo, game_id, version, token)
                            _check(reply, place)
                    cpu.append(time.process_time() - t0)
        finally:
            await repo.close()
    steps = [len(" ".join(lines).split()) for _role, lines in played.moves]
    return typed, clicked, steps


def _check(reply: Reply, place: Place) -> None:
    if reply.error:
        raise RuntimeError(f"bench move refused in {place.channel_id}: {reply.private}")


def click_figures(moves: int = 12) -> None:
    typed, clicked, steps = asyncio.run(_clicks_vs_typed(moves))
    per_step = sum(clicked) / sum(steps)
    print(f"vijayanagara, one whole move through the Table ({len(steps)} moves, "
          f"{statistics.mean(steps):.1f} steps a move on average; CPU of the bot process):")
    print(f"  by clicks            {statistics.mean(clicked) * 1000:.0f} ms CPU a move "
          f"({per_step * 1000:.0f} ms a click: Table.click per step)")
    print(f"  typed                {statistics.mean(typed) * 1000:.0f} ms CPU a move "
          "(Table.play, one line)\n", flush=True)

