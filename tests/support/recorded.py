"""Recorded games: seeded logs of every game, with the hash of the state each replays to,
kept in tests/data/recorded/. A refactoring must replay every one of them to the same
state (tests/engine/test_recorded.py). Regenerate only when a rules change is meant to
change them, and say so: ``python -m tests.support.recorded [GAME ...]``."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from engine import games
from engine.replay import replay

HERE = Path(__file__).resolve().parents[1] / "data" / "recorded"
MAX_STEPS = 400  # enough of a game to pass through every phase that matters, kept small
# Not an option: the step after which the table's REDEAL (an agreed undo past a reveal)
# is written into the recorded log.
REDEAL_AT = "redeal_at"

# (game, options, seeds): the option sets whose rules differ, old revisions included. A
# game not listed here is recorded with its default options, seeds 1 and 2 (cases()).
LISTED = [
    ("goat_tiger", {}, (1, 2)),
    ("goat_tiger", {"goats": 12, "threefold_draw": False}, (3,)),
    ("vijayanagara", {}, (1, 2)),
    ("vijayanagara", {"timurs_shadow": True}, (3,)),
    ("taj_mahal", {"players": 3}, (1,)),
    ("taj_mahal", {"players": 5}, (2,)),
    ("taj_mahal", {"players": 4, REDEAL_AT: 120}, (3,)),
    ("rajas", {"players": 3}, (1,)),
    ("rajas", {"players": 2, "rules": "printed", "ganga": True}, (2,)),
    ("rajas", {"players": 4, "variant": "navaratnas", "mango": True}, (3,)),
    ("rajas", {"players": 3, "revision": 1}, (4,)),
    ("maharaja", {"players": 4}, (1,)),
    ("maharaja", {"length": "short"}, (2,)),
    ("maharaja", {"players": 5, "revision": 1}, (3,)),
]


def cases() -> list[tuple[str, dict, tuple[int, ...]]]:
    """Every found game's cases: those listed, else its default options."""
    listed = {game for game, _, _ in LISTED}
    return [*LISTED, *((g, {}, (1, 2)) for g in games.ids() if g not in listed)]


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def record(game_id: str, options: dict, seed: int) -> dict:
    """A game of random moves (steps chosen with a seeded generator), at most MAX_STEPS."""
    g = games.get(game_id)
    rng = random.Random(seed)
    redeal_at = options.get(REDEAL_AT)
    options = {k: v for k, v in options.items() if k != REDEAL_AT}
    state = g.setup(seed, options)
    steps: list[list] = []
    while g.result(state) is None and len(steps) < MAX_STEPS:
        role = g.view(state, None)["active"][0]
        if len(steps) == redeal_at:
            action, arg = games.REDEAL, games.redeal_arg(state)
        else:
            action, arg = rng.choice(games.legal_steps(g, g.view(state, role)))
        state = games.apply_step(g, state, role, action, arg)
        steps.append([role, action, arg])
    return {"game": game_id, "options": options, "seed": seed, "steps": steps,
            "state": digest(state)}


def replayed(entry: dict) -> str:
    steps = [tuple(s) for s in entry["steps"]]
    return digest(replay(entry["game"], entry["seed"], entry["options"], steps))


def main(only: list[str]) -> None:
    """Record every game's logs, or only those of the games named (a new game's)."""
    HERE.mkdir(parents=True, exist_ok=True)
    by_game: dict[str, list] = {}
    for game_id, options, seeds in cases():
        if not only or game_id in only:
            by_game.setdefault(game_id, []).extend(record(game_id, options, s) for s in seeds)
    for game_id, entries in by_game.items():
        (HERE / f"{game_id}.json").write_text(json.dumps(entries, separators=(",", ":")))
        print(game_id, len(entries), "games,", sum(len(e["steps"]) for e in entries), "steps")


if __name__ == "__main__":
    main(sys.argv[1:])
