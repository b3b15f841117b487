"""Rajas of the Ganges' sample positions (for the render tests, the README's pictures and
the bench; tools/samples gathers every game's): a game the computer plays in every seat,
and a mover's own preview of a tile to place."""

from __future__ import annotations

from engine import games, matches
from engine.games.rajas import data

PLAYERS: dict[str, str | None] = {"red": "ravi", "yellow": "Meena", "white": "Computer"}
SEED = 7


def views() -> dict[str, dict]:
    """``start``, ``mid`` (the 5th round begun) and ``end`` of a 3-player game the computer
    plays in every seat, and ``placing``: the mover's own preview at ``mid`` with a tile
    taken at the quarry and paid for, its cell still to choose."""
    g = games.get("rajas")
    states = matches.computer_game(g, SEED, {"players": 3}, lambda state: state["round"] == 5)
    return {**matches.spectator_views(g, states), "placing": placing(states[1])}


def placing(state: dict) -> dict:
    """The mover sends a worker to the quarry, takes the display's first tile with three
    roads they can pay for, pays with the first dice offered: the view the bot draws for
    them then (the public position and their own steps, the cells it may go on)."""
    g = games.get("rajas")
    role = g.view(state, None)["active"][0]
    state = g.act(state, role, "place", "quarry")
    tiles = g.view(state, role)["actions"]["tile"]
    three = [t for t in tiles if len(data.TILES[t]["roads"]) == 3]
    state = g.act(state, role, "tile", (three or tiles)[0])
    while "cell" not in (acts := g.view(state, role)["actions"]):
        action = next(iter(acts))
        state = g.act(state, role, action, acts[action][0])
    return {**g.view(state, None), "actions": acts}
