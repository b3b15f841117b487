"""Section ``undo``: one /undo through the table late in a long Vijayanagara game, from a
checkpoint and by replaying the whole log."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from bot.replies import Actor, Place
from bot.table import Table
from db import Repository, id_of
from engine import games
from tools.bench.common import snapshot, stored_game
from tools.bench.engine_alone import DETOURS


def _long_log(length: int, seed: int = 1) -> list[tuple[str, str, object]]:
    """``length`` random legal Vijayanagara steps, from the start of a game. Giving and
    taking it back (`give`, `cancel`) are legal detours: they make a log as long as a long
    game's without ending it."""
    g = games.get("vijayanagara")
    r = random.Random(seed)
    state = g.setup(seed, {})
    log: list[tuple[str, str, object]] = []
    while len(log) < length and g.result(state) is None:
        role = g.view(state, None)["active"][0]
        legal = games.legal_steps(g, g.view(state, role))
        detour = [x for x in legal if x[0] in DETOURS]
        action, arg = r.choice(detour if detour and r.random() < 0.6 else legal)
        state = g.act(state, role, action, arg)
        log.append((role, action, arg))
    return log


async def _undo_at(length: int, checkpoints: bool) -> float:
    """ms of one /undo through the table, after ``length`` steps by one player holding
    every side (written as the table writes them: a typed move, or a click, a write, with
    a checkpoint every CHECKPOINT_EVERY writes)."""
    from bot.table import CHECKPOINT_EVERY
    from db.repository import NewStep

    g = games.get("vijayanagara")
    user, place = Actor("1", "bench"), Place(channel_id=f"undo-{length}", guild_id="1")
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'undo.sqlite3'}")
        try:
            table = Table(repo)
            await table.new(place, user, "vijayanagara", role="delhi", seed=1)
            for role in ("bahmani", "vijayanagara"):
                await table.join(place, user, role)
            await table.start(place, user)
            game = await stored_game(repo, place.channel_id)
            state, move = snapshot(game), []
            for role, action, arg in _long_log(length):
                before = g.view(state, None)["move"]
                state = g.act(state, role, action, arg)
                move.append(NewStep(role, user.user_id, action, arg))
                # A completed move is one write, and so is each click of a detour.
                if action in DETOURS or g.view(state, None)["move"] != before:
                    game.version = await repo.append_steps(game, move, state)
                    move = []
                    if checkpoints and game.version % CHECKPOINT_EVERY == 0:
                        await repo.save_checkpoint(id_of(game), game.version, json.dumps(state))
            t0 = time.perf_counter()
            reply = await table.undo(place, user)
            ms = (time.perf_counter() - t0) * 1000
            assert not reply.error, reply.private
            return ms
        finally:
            await repo.close()


def undo_figures(lengths: tuple[int, ...]) -> None:
    print("undo of the last move, Vijayanagara, one player on every side (SQLite):")
    for n in lengths:
        before = asyncio.run(_undo_at(n, checkpoints=False))
        after = asyncio.run(_undo_at(n, checkpoints=True))
        print(f"  at step {n:>5}: {after:6.1f} ms from a checkpoint, {before:6.1f} ms "
              "replaying the whole log", flush=True)
    print(flush=True)

