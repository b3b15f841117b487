"""Section ``board``: a server's board (``/server board``) while its 50 games move flat out
through the table: the moves made, the redraws and the messages edited a minute (bounded by
the coalescing: a redraw at most every BOARD_EVERY, 60/N a minute, whatever the moves), and
what a redraw costs (CPU: reading the games and drawing the pages), and a look that finds
nothing changed.

Time is the table's clock moved on by the time the moves really took (one process, no
sleeping): the board's looks (every BOARD_POLL of it) fall between the moves as they would
in the bot. A finished game is opened again in its channel, so 50 are always under way.
What the Discord face would do with a redraw is counted, not sent: a page whose text
changed is one edit."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.discord_face.board import BOARD_POLL
from bot.replies import Actor, Place
from bot.table import Table
from bot.table.board import BOARD_EVERY
from db import Repository, id_of
from tools.arena import random_move_line

GUILD = "1000"
MOD = Actor("1", "mod", is_admin=True)
PEOPLE = [Actor(str(100 + i), f"player{i}") for i in range(100)]
NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


class _Clock:
    def __init__(self) -> None:
        self.t = NOW

    def __call__(self) -> datetime:
        return self.t


def _place(i: int) -> Place:
    return Place(str(10_000 + i), GUILD)


async def _open(table: Table, i: int) -> None:
    one, two = PEOPLE[(2 * i) % len(PEOPLE)], PEOPLE[(2 * i + 1) % len(PEOPLE)]
    await table.new(_place(i), one, "goat_tiger", role="goats", seed=i)
    await table.join(_place(i), two)


async def _move(table: Table, i: int, rng: random.Random) -> bool:
    """A random move in game ``i``; a finished game opened again. Whether a move was made."""
    game = await table.repo.live_game(_place(i).channel_id)
    if game is None or game.status != "active":
        await _open(table, i)
        return False
    state = json.loads(game.state or "{}")
    seats = {s.role: s for s in await table.repo.seats(id_of(game))}
    holder = seats[state["to_move"]]
    who = Actor(holder.user_id or "", holder.name)
    r = await table.play(_place(i), who, random_move_line(state, rng))
    assert not r.error, r.private
    return True


async def _figures(url: str, n: int, seconds: float) -> dict[str, float]:
    repo = await Repository.open(url)
    try:
        clock = _Clock()
        table = Table(repo, now=clock)
        for i in range(n):
            await _open(table, i)
        r = await table.server_board(_place(0), MOD, "9999")
        assert not r.error, r.private
        redraws = edits = moves = 0
        pages: list[int] = []
        drawn_cpu: list[float] = []
        idle_cpu: list[float] = []
        rng = random.Random(1)
        start, t0 = clock.t, time.perf_counter()
        next_look = clock.t
        i = 0
        while clock.t - start < timedelta(seconds=seconds):
            moves += await _move(table, i % n, rng)
            i += 1
            clock.t = start + timedelta(seconds=time.perf_counter() - t0)
            if clock.t < next_look:
                continue
            next_look = clock.t + timedelta(seconds=BOARD_POLL)
            cpu = time.process_time()
            # The first is the command's own draw (as the Discord face makes it at once).
            due = await table.boards_due(guild_id=None if redraws else GUILD)
            for draw in due:
                changed = sum(i >= len(draw.shown) or draw.shown[i] != text
                              for i, text in enumerate(draw.pages))
                edits += changed
                redraws += 1
                pages.append(len(draw.pages))
                await table.board_drawn(draw, [str(p) for p in range(len(draw.pages))],
                                        list(draw.pages))
            (drawn_cpu if due else idle_cpu).append((time.process_time() - cpu) * 1000)
        minutes = (clock.t - start).total_seconds() / 60
        return {"minutes": minutes, "moves": moves / minutes, "redraws": redraws / minutes,
                "edits": edits / minutes, "pages": statistics.median(pages or [0]),
                "drawn_ms": statistics.median(drawn_cpu or [0.0]),
                "idle_ms": statistics.median(idle_cpu) if idle_cpu else 0.0}
    finally:
        await repo.close()


def board_figures(n: int = 50, seconds: float = 60.0) -> None:
    bound = 60 / BOARD_EVERY.total_seconds()
    print(f"\n## The server's board: {n} games in one server moving flat out through the "
          f"table (SQLite), the board looked at every {BOARD_POLL:.0f} s, redrawn at most "
          f"every {BOARD_EVERY.seconds} s")
    with tempfile.TemporaryDirectory() as tmp:
        f = asyncio.run(_figures(f"sqlite+aiosqlite:///{Path(tmp) / 'board.sqlite3'}", n,
                                 seconds))
    print(f"  moves a minute          {f['moves']:.0f} (over {f['minutes'] * 60:.0f} s)")
    print(f"  redraws a minute        {f['redraws']:.1f} (bound: {bound:.0f} a minute, "
          f"+1 for the first: {'met' if f['redraws'] <= bound + 1 / f['minutes'] else 'NOT met'})")
    print(f"  messages edited a minute {f['edits']:.1f} ({f['pages']:.0f} pages)")
    print(f"  a redraw (CPU)          {f['drawn_ms']:.1f} ms (reading {n} games, drawing the "
          f"pages); a look when none is due {f['idle_ms']:.2f} ms")


if __name__ == "__main__":
    board_figures()
