"""Admin tools behind the `darbar` CLI: list, export, import, replay, undo, backup.

They work on the database directly (no Discord), through the same repository and
engines as the bot, so an exported game replays anywhere and a repaired snapshot
is exactly the replay of its log."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from db import NewStep, Repository, Seat, VersionConflict, normalise_url, step_arg
from engine import IllegalAction, games
from engine.replay import replay

FORMAT = "darbar-game/1"


class AdminError(Exception):
    """A refusal with a message for the operator."""


async def _game(repo: Repository, game_id: int):
    game = await repo.get_game(game_id)
    if game is None:
        raise AdminError(f"There is no game #{game_id}.")
    return game


async def _replayed(repo: Repository, game) -> tuple[dict | None, list]:
    steps = await repo.steps(game.id)
    if game.state is None:  # still seating: nothing to replay
        return None, steps
    log = [(s.role, s.action, step_arg(s)) for s in steps]
    # A long game takes a while to replay: keep the event loop (and heartbeats) free.
    state = await asyncio.to_thread(replay, game.game, game.seed, json.loads(game.options), log)
    return state, steps


async def list_games(repo: Repository, status: str | None = None) -> list[str]:
    lines = []
    for g in await repo.list_games(status):
        steps = len(await repo.steps(g.id))
        lines.append(f"#{g.id:<5} {g.game:<13} {g.status:<9} channel {g.channel_id:<20} "
                     f"{steps:>4} steps  updated {g.updated_at:%Y-%m-%d %H:%M}")
    return lines


async def export_game(repo: Repository, game_id: int) -> dict:
    game = await _game(repo, game_id)
    seats = await repo.seats(game.id)
    steps = await repo.steps(game.id, include_undone=True)
    return {
        "format": FORMAT,
        "game": game.game,
        "options": json.loads(game.options),
        "seed": game.seed,
        "status": game.status,
        "guild_id": game.guild_id,
        "channel_id": game.channel_id,
        "created_by": game.created_by,
        "seats": [{"role": s.role, "user_id": s.user_id, "name": s.name, "is_bot": s.is_bot}
                  for s in seats],
        "steps": [{"seq": s.seq, "role": s.role, "user_id": s.user_id, "action": s.action,
                   "arg": step_arg(s), "undone": s.undone} for s in steps],
        "state": json.loads(game.state) if game.state else None,
        "result": json.loads(game.result) if game.result else None,
    }


async def import_game(repo: Repository, data: dict, channel_id: str | None = None) -> int:
    """Create a game from an export; its log must replay to its snapshot."""
    if data.get("format") != FORMAT:
        raise AdminError(f"Not a Darbar game export (format {data.get('format')!r}).")
    if data["game"] not in games.ids():
        raise AdminError(f"Unknown game {data['game']!r}.")
    live = [s for s in data["steps"] if not s["undone"]]
    log = [(s["role"], s["action"], s["arg"]) for s in live]
    try:
        state = replay(data["game"], data["seed"], data["options"], log)
    except (IllegalAction, KeyError) as e:
        raise AdminError(f"The step log does not replay: {e}") from None
    if data["state"] is not None and state != data["state"]:
        raise AdminError("The step log does not replay to the exported snapshot.")
    seats = [Seat(position=0, role=s["role"], user_id=s["user_id"], name=s["name"],
                  is_bot=s["is_bot"]) for s in data["seats"]]
    game = await repo.create_game(
        guild_id=data.get("guild_id"), channel_id=channel_id or data["channel_id"],
        game=data["game"], options=data["options"], seed=data["seed"],
        created_by=data["created_by"], seats=seats)
    if data["state"] is None:
        return game.id
    g = games.get(data["game"])
    seat_rows = await repo.seats(game.id)
    await repo.start_game(game, {s.id: s.role for s in seat_rows},
                          g.setup(data["seed"], data["options"]))
    game = await repo.get_game(game.id)
    result = g.result(state)
    await repo.append_steps(
        game, [NewStep(s["role"], s["user_id"], s["action"], s["arg"]) for s in live], state,
        status=data["status"] if data["status"] in ("finished", "aborted") else None,
        result=result or data.get("result"))
    return game.id


async def replay_game(repo: Repository, game_id: int, *, repair: bool = False) -> str:
    game = await _game(repo, game_id)
    state, steps = await _replayed(repo, game)
    if state is None:
        return f"Game #{game_id} has not started: nothing to replay."
    stored = json.loads(game.state)
    if state == stored:
        return f"Game #{game_id}: {len(steps)} steps replay to the stored snapshot. OK."
    differ = sorted(k for k in set(state) | set(stored) if state.get(k) != stored.get(k))
    if not repair:
        raise AdminError(f"Game #{game_id}: the snapshot differs from the replay of its "
                         f"{len(steps)} steps in: {', '.join(differ)}. Use --repair.")
    await repo.undo_steps(game, [], state)  # stores the snapshot, bumps the version
    return f"Game #{game_id}: snapshot repaired from its {len(steps)} steps ({', '.join(differ)})."


async def verify_active(repo: Repository) -> tuple[int, list[str]]:
    """Check every active game's snapshot against its log and repair stale ones (run
    at bot start). Returns (games checked, repair messages)."""
    repaired = []
    active = await repo.list_games("active")
    for game in active:
        try:
            msg = await replay_game(repo, game.id, repair=True)
        except VersionConflict:
            continue  # a player moved meanwhile: that write stored a fresh snapshot
        if "repaired" in msg:
            repaired.append(msg)
    return len(active), repaired


async def undo_game(repo: Repository, game_id: int, n: int = 1) -> str:
    game = await _game(repo, game_id)
    if game.status != "active":
        raise AdminError(f"Game #{game_id} is {game.status}; only an active game is undone.")
    steps = await repo.steps(game.id)
    if not 1 <= n <= len(steps):
        raise AdminError(f"Game #{game_id} has {len(steps)} steps; cannot undo {n}.")
    keep = steps[:-n]
    log = [(s.role, s.action, step_arg(s)) for s in keep]
    state = replay(game.game, game.seed, json.loads(game.options), log)
    await repo.undo_steps(game, [s.seq for s in steps[-n:]], state)
    return f"Game #{game_id}: {n} step(s) taken back; {len(keep)} remain."


def backup(database_url: str | None, path: str) -> str:
    """A consistent copy of a live SQLite database (SQLite's online backup API)."""
    url = normalise_url(database_url)
    if not url.startswith("sqlite"):
        raise AdminError("backup copies SQLite databases; for PostgreSQL use pg_dump.")
    src_path = url.split(":///", 1)[1]
    if not Path(src_path).exists():
        raise AdminError(f"No database at {src_path}.")
    target = Path(path)
    if target.exists():
        raise AdminError(f"{target} exists already; choose a new file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(src_path)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    return f"Backed up {src_path} to {target} ({target.stat().st_size} bytes)."
