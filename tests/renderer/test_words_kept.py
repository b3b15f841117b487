"""The post's words (``renderer.describe``, ``alt_text`` and ``status``, read with every
move's post) stay what they are while they are made cheaper (issue 40): each game's words
for the positions of seeded random games are held to a record of them, line for line.

The record (a digest of each text) is written by ``python -m tests.renderer.test_words_kept``
from the code as it was; a change of wording that is meant writes it anew."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import renderer
from engine import games

RECORD = Path(__file__).parent.parent / "data" / "words"
NAMES = ["ravi", "Meena *the* `great`", "Computer", "Asha_", "Li"]
SEEDS = (7, 40_001)
MOVES = 40  # positions a game, from the start


def positions(game_id: str, seed: int) -> list[dict]:
    """The spectator views after each of the first moves of a seeded random game."""
    g = games.get(game_id)
    rng = random.Random(seed)
    options = {"players": 4} if g.sides is not None else {}
    state = g.setup(seed, options)
    views = [g.view(state, None)]
    while len(views) <= MOVES and g.result(state) is None:
        _, state = games.random_move(g, state, rng)
        views.append(g.view(state, None))
    return views


def words(game_id: str) -> list[str]:
    """Every position's words, as a post and /board text show them, each as a digest."""
    g = games.get(game_id)
    players = dict(zip(g.ROLES, NAMES, strict=False))
    out = []
    for seed in SEEDS:
        for view in positions(game_id, seed):
            out += [renderer.describe(game_id, view, players),
                    renderer.alt_text(game_id, view, players),
                    renderer.status(game_id, view, players)]
    return [hashlib.sha256(text.encode()).hexdigest()[:16] for text in out]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", renderer.ids())
def test_the_words_of_every_position_are_as_recorded(game_id: str) -> None:
    kept = json.loads((RECORD / f"{game_id}.json").read_text())
    made = words(game_id)
    assert len(made) == len(kept)
    for i, (now, was) in enumerate(zip(made, kept, strict=True)):
        assert now == was, f"{game_id}, text {i}"


if __name__ == "__main__":
    RECORD.mkdir(exist_ok=True)
    for gid in renderer.ids():
        (RECORD / f"{gid}.json").write_text(json.dumps(words(gid), indent=0) + "\n")
