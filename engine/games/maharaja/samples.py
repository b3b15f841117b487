"""Maharaja's sample positions (for the render tests, the README's pictures and the
bench; tools/samples gathers every game's): a game the computer plays in every seat."""

from __future__ import annotations

from engine import games, matches

PLAYERS: dict[str, str | None] = {"yellow": "ravi", "blue": "Meena",
                                  "red": "Computer", "green": "Asha"}
SEED = 3


def views() -> dict[str, dict]:
    """``start``, ``mid`` (turn 12 begun) and ``end`` of a 4-player game the computer plays
    in every seat."""
    g = games.get("maharaja")
    return matches.spectator_views(g, matches.computer_game(
        g, SEED, {"players": 4}, lambda state: state["turn"] == 12))
