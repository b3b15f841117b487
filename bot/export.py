"""A game as JSON (``darbar export``, and the log ``/replay whole:`` attaches): options,
seed, seats, every step (those taken back too, marked), the snapshot and the result.
``bot.admin`` reads it back (``darbar import``) and checks it."""

from __future__ import annotations

import json
from typing import Final, Literal, get_args

from db import Repository, step_arg

# What an export's "format" says (``darbar import`` reads only this one).
Format = Literal["darbar-game/1"]
FORMAT: Final[Format] = get_args(Format)[0]


async def export_game(repo: Repository, game_id: int) -> dict:
    """Game ``game_id`` as an export; a LookupError if there is none."""
    game = await repo.get_game(game_id)
    if game is None:
        raise LookupError(f"There is no game #{game_id}.")
    seats = await repo.seats(game_id)
    steps = await repo.steps(game_id, include_undone=True)
    return {
        "format": FORMAT,
        "game": game.game,
        "options": json.loads(game.options),
        "seed": game.seed,
        "status": game.status,
        "guild_id": game.guild_id,
        "channel_id": game.channel_id,
        "created_by": game.created_by,
        "seats": [{"role": s.role, "user_id": s.user_id, "name": s.name, "is_bot": s.is_bot,
                   "held_by": json.loads(s.held_by) if s.held_by else []} for s in seats],
        "steps": [{"seq": s.seq, "role": s.role, "user_id": s.user_id, "action": s.action,
                   "arg": step_arg(s), "undone": s.undone} for s in steps],
        "state": json.loads(game.state) if game.state else None,
        "result": json.loads(game.result) if game.result else None,
    }
