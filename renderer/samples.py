"""Real positions for the benchmark, the tests and the reference images.

Each sample is played through the engine, so the views have exactly the shape the bot
will pass to ``render``. Goat-Tiger samples are move lists: tokens are point labels as
a player types them; ``b2-d2`` is a two-step move (select b2, then to d2). Vijayanagara
samples are seeded random games (random legal steps, as the fuzzer plays them).
"""

from __future__ import annotations

import random

from engine import games
from engine.games.vijayanagara import data as geo

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
    rng = random.Random(seed)
    state = g.setup(seed, {})
    states = [state]
    while state["result"] is None and len(states) < 5000:
        role = g.view(state, None)["active"][0]
        legal = games.legal_steps(g, g.view(state, role))
        pool = [s for s in legal if s[0] not in ("give", "cancel")] or legal
        action, arg = rng.choice(pool)
        state = g.act(state, role, action, arg)
        states.append(state)
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
    return {name: v for name, v in _taj_mahal().items() if name != "hand"}


def taj_mahal_hand_view() -> dict:
    """The mover's own view at ``mid``: the sample for ``renderer.hand``."""
    return _taj_mahal()["hand"]


def _taj_mahal() -> dict[str, dict]:
    from engine.games.taj_mahal import ai

    g = games.get("taj_mahal")
    state = g.setup(TAJ_MAHAL_SEED, {})
    views = {"start": g.view(state, None)}
    mid = None
    while g.result(state) is None:
        role = g.view(state, None)["active"][0]
        for step in ai.bot_steps(state, role):
            state = g.act(state, role, *step)
        if mid is None and state["visit"] == 7 and sum(
                not p["out"] for p in state["players"].values()) == 2:
            mid = state
    mid = mid or state
    views["mid"] = g.view(mid, None)
    views["end"] = g.view(state, None)
    views["hand"] = g.view(mid, g.view(mid, None)["active"][0])
    return views


# --- Maharaja ------------------------------------------------------------------------------

MAHARAJA_PLAYERS: dict[str, str | None] = {"yellow": "ravi", "blue": "Meena",
                                          "red": "Computer", "green": "Asha"}
MAHARAJA_SEED = 3


def maharaja_views() -> dict[str, dict]:
    """``start``, ``mid`` (turn 12 begun) and ``end`` of a 4-player game the computer plays
    in every seat."""
    return _computer_game("maharaja", MAHARAJA_SEED, {"players": 4},
                          lambda state: state["turn"] == 12)


def _computer_game(game_id: str, seed: int, options: dict, is_mid) -> dict[str, dict]:
    """``start``, ``mid`` (the first position ``is_mid`` accepts after a computer's move)
    and ``end`` of a game the computer plays in every seat."""
    g = games.get(game_id)
    state = g.setup(seed, options)
    views = {"start": g.view(state, None)}
    while g.result(state) is None:
        role = g.view(state, None)["active"][0]
        for step in g.bot_steps(state, role):
            state = g.act(state, role, *step)
        if "mid" not in views and is_mid(state):
            views["mid"] = g.view(state, None)
    views.setdefault("mid", g.view(state, None))
    views["end"] = g.view(state, None)
    return views


# --- Rajas of the Ganges ------------------------------------------------------------------

RAJAS_PLAYERS: dict[str, str | None] = {"red": "ravi", "yellow": "Meena", "white": "Computer"}
RAJAS_SEED = 7


def rajas_views() -> dict[str, dict]:
    """``start``, ``mid`` (the 5th round begun) and ``end`` of a 3-player game the computer
    plays in every seat."""
    return _computer_game("rajas", RAJAS_SEED, {"players": 3},
                          lambda state: state["round"] == 5)
