"""Real positions for the benchmark, the tests and the reference images
(``python -m tools.samples DIR`` draws them all).

Each sample is played through the engine, so the views have exactly the shape the bot
will pass to ``render``. Goat-Tiger samples are move lists: tokens are point labels as
a player types them; ``b2-d2`` is a two-step move (select b2, then to d2). Vijayanagara
samples are seeded random games (random legal steps, as the fuzzer plays them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from functools import cache

from engine import games
from engine.games.rajas import data as geo_rajas
from engine.games.vijayanagara import data as geo
from engine.jsontree import clone_state
from tools import arena

GOAT_TIGER_GAMES: dict[str, str] = {
    "start": "",
    # ends on a Tiger leap b2 -> d2 over c2: the third capture, one goat still to place
    "mid": "c4 a-b5 d3 b5-c5 b2 c5-c6 d1 b4-a e5 c6-d6 c5 a-c2 b4 d6-c6 c3 b3-b2 b3 c6-b6 "
    "a b6-c6 b1 c6-b6 e2 c2-d2 d6 d2-d4 c2 b2-d2",
    # all fifteen goats placed, none captured: the most crowded board
    "crowded": "e2 b3-c3 b1 b4-b5 d6 c3-c2 d2 b5-b6 d4 b6-c6 e5 a-b5 e3 b5-b6 c4 c2-b2 b4 "
    "c6-c5 c3 b2-c2 d1 b6-b5 b3 c5-d5 d3 c2-b2 c5 b2-a c2",
    # the Tigers' fifth capture ends the game
    "end": "c4 a-b5 d3 b5-c5 b2 c5-c6 d1 b4-a e5 c6-d6 c5 a-c2 b4 d6-c6 c3 b3-b2 b3 c6-b6 "
    "a b6-c6 b1 c6-b6 e2 c2-d2 d6 d2-d4 c2 b2-d2 b2 b6-c6 c5-d5 c6-c5 c3-c2 d2-d3 e2-e3 "
    "c5-c3 d1-c1 d4-e4 d5-c5 e4-d4 d6-d5 d4-d6",
}

PLAYERS = {"goats": "ravi", "tigers": "Computer"}


def goat_tiger_state(moves: str) -> dict:
    g = games.get("goat_tiger")
    state = g.setup(1, {})
    for move in moves.split():
        for part in move.split("-"):
            role = state["to_move"]
            action, arg = games.step_for_token(g, state, role, part)
            state = g.act(state, role, action, arg)
    return state


def goat_tiger_views() -> dict[str, dict]:
    """Spectator views of the sample games, by name."""
    g = games.get("goat_tiger")
    views = {name: g.view(goat_tiger_state(m), None) for name, m in GOAT_TIGER_GAMES.items()}
    # a Tiger picked up mid-move: shows the selection ring
    picked = goat_tiger_state(GOAT_TIGER_GAMES["crowded"])
    role = picked["to_move"]
    views["selected"] = g.view(g.act(picked, role, "select", "b5"), None)
    return views


# --- Vijayanagara ----------------------------------------------------------------------------

VIJAYANAGARA_PLAYERS: dict[str, str | None] = {
    "delhi": "ravi",
    "bahmani": "Meena",
    "vijayanagara": None,  # a seat whose player has no display name
}
VIJAYANAGARA_START_SEED = 1  # its first card is an Event
VIJAYANAGARA_GAME_SEED = 56  # a random game in which Orissa fills up with 18 pieces


def vijayanagara_game(seed: int) -> list[dict]:
    """Every state of a complete random game: setup, then one state after each step.
    Steps are drawn with ``random.Random(seed)`` from the legal ones in display order,
    leaving out negotiation (``give``, ``cancel``) unless nothing else is legal."""
    g = games.get("vijayanagara")
    player = arena.random_player(g, random.Random(seed), ("give", "cancel"))
    states = [g.setup(seed, {})]
    for _role, _steps, after in arena.turns(g, states[0], {}, player):
        states.append(after)
        if len(states) >= 5000:
            break
    return states


def most_crowded(state: dict, spaces: list[str] | None = None) -> tuple[int, str]:
    """(pieces, space) of the space (of ``spaces``, default all) holding the most pieces."""
    return max(
        (sum(p.values()), s) for s, p in state["spaces"].items() if spaces is None or s in spaces
    )


def vijayanagara_views() -> dict[str, dict]:
    """Spectator views of the sample positions, by name: ``start`` (setup), ``crowded``
    (the moment of a game when one Province holds the most pieces, mid-card with the
    spaces of the action under way highlighted) and ``end`` (the same game, finished)."""
    g = games.get("vijayanagara")
    game = vijayanagara_game(VIJAYANAGARA_GAME_SEED)
    mid = [
        s
        for s in game
        if s["result"] is None and s["touched"] and str(s["current"]).startswith("e")
    ]
    provinces = list(geo.PROVINCES)
    crowded = max(mid, key=lambda s: most_crowded(s, provinces)[0])  # the first of equals
    return {
        "start": g.view(g.setup(VIJAYANAGARA_START_SEED, {}), None),
        "crowded": g.view(crowded, None),
        "end": g.view(game[-1], None),
    }


# --- Taj Mahal --------------------------------------------------------------------------------

TAJ_MAHAL_PLAYERS: dict[str, str | None] = {
    "red": "ravi", "blue": "Meena", "green": "arjun", "yellow": "Computer"}
TAJ_MAHAL_SEED = 7


def taj_mahal_views() -> dict[str, dict]:
    """``start``, ``mid`` (the 7th visit, two players still in it) and ``end`` of a game
    the computer plays in every seat."""
    return _spectator_views("taj_mahal", _taj_mahal())


def taj_mahal_hand_view() -> dict:
    """The mover's own view at ``mid``: the sample for ``renderer.hand``."""
    g = games.get("taj_mahal")
    _start, mid, _end = _taj_mahal()
    return g.view(mid, g.view(mid, None)["active"][0])


def _taj_mahal() -> tuple[dict, dict, dict]:
    return _computer_game("taj_mahal", TAJ_MAHAL_SEED, {}, lambda state: (
        state["visit"] == 7 and sum(not p["out"] for p in state["players"].values()) == 2))


# --- Maharaja ------------------------------------------------------------------------------

MAHARAJA_PLAYERS: dict[str, str | None] = {"yellow": "ravi", "blue": "Meena",
                                          "red": "Computer", "green": "Asha"}
MAHARAJA_SEED = 3


def maharaja_views() -> dict[str, dict]:
    """``start``, ``mid`` (turn 12 begun) and ``end`` of a 4-player game the computer plays
    in every seat."""
    return _spectator_views("maharaja", _computer_game(
        "maharaja", MAHARAJA_SEED, {"players": 4}, lambda state: state["turn"] == 12))


def _computer_game(game_id: str, seed: int, options: dict,
                   is_mid: Callable[[dict], bool]) -> tuple[dict, dict, dict]:
    """The start, the middle (the first position ``is_mid`` accepts after a computer's
    turn, or else the end) and the end of a game the computer plays in every seat."""
    start, *after = _computer_turns(game_id, seed, json.dumps(options, sort_keys=True))
    mid = next((state for state in after if is_mid(state)), None)
    end = after[-1] if after else start
    return clone_state(start), clone_state(mid or end), clone_state(end)


@cache
def _computer_turns(game_id: str, seed: int, options: str) -> tuple[dict, ...]:
    """Every position of that game, the start and after each turn: played once a process
    (a whole game of the computer's searches takes seconds, and the render tests, the
    bench and the reference pictures ask for the same few games again and again); the
    callers get copies."""
    g = games.get(game_id)
    start = g.setup(seed, json.loads(options))
    return (start, *(after for _role, _steps, after in arena.turns(g, start, {},
                                                                   arena.computer(g))))


def _spectator_views(game_id: str, states: tuple[dict, dict, dict]) -> dict[str, dict]:
    g = games.get(game_id)
    return {name: g.view(state, None) for name, state in zip(("start", "mid", "end"), states,
                                                              strict=True)}


# --- Rajas of the Ganges ------------------------------------------------------------------

RAJAS_PLAYERS: dict[str, str | None] = {"red": "ravi", "yellow": "Meena", "white": "Computer"}
RAJAS_SEED = 7


def rajas_views() -> dict[str, dict]:
    """``start``, ``mid`` (the 5th round begun) and ``end`` of a 3-player game the computer
    plays in every seat, and ``placing``: the mover's own preview at ``mid`` with a tile
    taken at the quarry and paid for, its cell still to choose."""
    states = _computer_game("rajas", RAJAS_SEED, {"players": 3},
                            lambda state: state["round"] == 5)
    return {**_spectator_views("rajas", states), "placing": rajas_placing(states[1])}


def rajas_placing(state: dict) -> dict:
    """The mover sends a worker to the quarry, takes the display's first tile with three
    roads they can pay for, pays with the first dice offered: the view the bot draws for
    them then (the public position and their own steps, the cells it may go on)."""
    g = games.get("rajas")
    role = g.view(state, None)["active"][0]
    state = g.act(state, role, "place", "quarry")
    tiles = g.view(state, role)["actions"]["tile"]
    three = [t for t in tiles if len(geo_rajas.TILES[t]["roads"]) == 3]
    state = g.act(state, role, "tile", (three or tiles)[0])
    while "cell" not in (acts := g.view(state, role)["actions"]):
        action = next(iter(acts))
        state = g.act(state, role, action, acts[action][0])
    return {**g.view(state, None), "actions": acts}


# game id -> (its sample views by name, the players' names to draw them with)
SAMPLES: dict[str, tuple[Callable[[], dict[str, dict]], Mapping[str, str | None]]] = {
    "goat_tiger": (goat_tiger_views, PLAYERS),
    "vijayanagara": (vijayanagara_views, VIJAYANAGARA_PLAYERS),
    "taj_mahal": (taj_mahal_views, TAJ_MAHAL_PLAYERS),
    "rajas": (rajas_views, RAJAS_PLAYERS),
    "maharaja": (maharaja_views, MAHARAJA_PLAYERS),
}
