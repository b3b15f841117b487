"""Build Goat-Tiger positions directly, for tests that need a given board."""

from engine import games
from engine.games.goat_tiger.data import INDEX, N
from engine.games.goat_tiger.rules import _key

g = games.get("goat_tiger")


def position(goats=(), tigers=("a", "b3", "b4"), to_move="goats", in_hand=0, captured=0,
             options=None) -> dict:
    state = g.setup(1, options or {})
    board = ["."] * N
    for p in goats:
        board[INDEX[p]] = "G"
    for p in tigers:
        board[INDEX[p]] = "T"
    state["board"] = "".join(board)
    state["to_move"] = to_move
    state["in_hand"] = in_hand
    state["captured"] = captured
    state["positions"] = [_key(state["board"], to_move, in_hand)]
    return state


def play(state: dict, line: str) -> dict:
    """Play a typed line of tokens for whoever is to move."""
    for tok in line.split():
        role = g.view(state, None)["active"][0]
        action, arg = games.step_for_token(g, state, role, tok)
        state = g.act(state, role, action, arg)
    return state
