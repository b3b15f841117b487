"""Vijayanagara's sample positions (for the render tests, the README's pictures and the
bench; tools/samples gathers every game's): seeded random games, random legal steps as
the fuzzer plays them."""

from __future__ import annotations

import random

from engine import games, matches
from engine.games.vijayanagara import data

PLAYERS: dict[str, str | None] = {
    "delhi": "ravi",
    "bahmani": "Meena",
    "vijayanagara": None,  # a seat whose player has no display name
}
START_SEED = 1  # its first card is an Event
GAME_SEED = 56  # a random game in which Orissa fills up with 18 pieces


def game(seed: int) -> list[dict]:
    """Every state of a complete random game: setup, then one state after each step.
    Steps are drawn with ``random.Random(seed)`` from the legal ones in display order,
    leaving out negotiation (``give``, ``cancel``: the game's ``RANDOM_PLAY``) unless
    nothing else is legal."""
    g = games.get("vijayanagara")
    player = matches.random_player(g, random.Random(seed), g.RANDOM_PLAY.avoid)
    states = [g.setup(seed, {})]
    for _role, _steps, after in matches.turns(g, states[0], {}, player):
        states.append(after)
        if len(states) >= 5000:
            break
    return states


def most_crowded(state: dict, spaces: list[str] | None = None) -> tuple[int, str]:
    """(pieces, space) of the space (of ``spaces``, default all) holding the most pieces."""
    return max(
        (sum(p.values()), s) for s, p in state["spaces"].items() if spaces is None or s in spaces
    )


def views() -> dict[str, dict]:
    """Spectator views of the sample positions, by name: ``start`` (setup), ``crowded``
    (the moment of a game when one Province holds the most pieces, mid-card with the
    spaces of the action under way highlighted) and ``end`` (the same game, finished)."""
    g = games.get("vijayanagara")
    played = game(GAME_SEED)
    mid = [
        s
        for s in played
        if s["result"] is None and s["touched"] and str(s["current"]).startswith("e")
    ]
    provinces = list(data.PROVINCES)
    crowded = max(mid, key=lambda s: most_crowded(s, provinces)[0])  # the first of equals
    return {
        "start": g.view(g.setup(START_SEED, {}), None),
        "crowded": g.view(crowded, None),
        "end": g.view(played[-1], None),
    }
