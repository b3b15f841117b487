"""Per-game scripts for the end-to-end scenarios. A new game plugs in by adding
a GameScript: who sits where, and a deterministic list of whole moves."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import games


@dataclass(frozen=True)
class Move:
    role: str
    steps: list[tuple[str, object]]  # (action, arg) pairs

    def line(self, g) -> str:
        return " ".join(g.token(a, arg) for a, arg in self.steps)


@dataclass(frozen=True)
class GameScript:
    game: str
    seats: dict[str, str]  # fake user → role, in joining order
    seed: int

    @property
    def module(self):
        return games.get(self.game)

    def random_game(self, max_moves: int = 400) -> list[Move]:
        """A whole game of random legal moves (the same every run)."""
        g = self.module
        rng = random.Random(self.seed)
        state = g.setup(self.seed, {})
        moves: list[Move] = []
        while g.result(state) is None and len(moves) < max_moves:
            role = g.view(state, None)["active"][0]
            steps, state = games.random_move(g, state, rng)
            moves.append(Move(role, steps))
        assert g.result(state) is not None, "the scripted game must end"
        return moves


# Seed 15 gives a 36-move game ending in a capture win: long enough to cover both
# phases, short enough for CI.
SCRIPTS = [GameScript("goat_tiger", {"ravi": "goats", "meera": "tigers"}, seed=15)]
