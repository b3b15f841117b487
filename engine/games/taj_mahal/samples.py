"""Taj Mahal's sample positions (for the render tests, the README's pictures and the
bench; tools/samples gathers every game's): a game the computer plays in every seat."""

from __future__ import annotations

from engine import games, matches

PLAYERS: dict[str, str | None] = {
    "red": "ravi", "blue": "Meena", "green": "arjun", "yellow": "Computer"}
SEED = 7


def views() -> dict[str, dict]:
    """``start``, ``mid`` (the 7th visit, two players still in it) and ``end`` of a game
    the computer plays in every seat."""
    return matches.spectator_views(games.get("taj_mahal"), _played())


def hand_view() -> dict:
    """The mover's own view at ``mid``: the sample of a hidden hand's picture."""
    g = games.get("taj_mahal")
    _start, mid, _end = _played()
    return g.view(mid, g.view(mid, None)["active"][0])


def _played() -> tuple[dict, dict, dict]:
    return matches.computer_game(games.get("taj_mahal"), SEED, {}, lambda state: (
        state["visit"] == 7 and sum(not p["out"] for p in state["players"].values()) == 2))
