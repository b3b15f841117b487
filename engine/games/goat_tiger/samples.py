"""Goat-Tiger's sample positions (for the render tests, the README's pictures and the
bench; tools/samples gathers every game's): move lists as a player types them, point
labels; ``b2-d2`` is a two-step move (select b2, then to d2)."""

from __future__ import annotations

from engine import games

GAMES: dict[str, str] = {
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


def state(moves: str) -> dict:
    g = games.get("goat_tiger")
    state = g.setup(1, {})
    for move in moves.split():
        for part in move.split("-"):
            role = state["to_move"]
            action, arg = games.step_for_token(g, state, role, part)
            state = g.act(state, role, action, arg)
    return state


def views() -> dict[str, dict]:
    """Spectator views of the sample games, by name."""
    g = games.get("goat_tiger")
    views = {name: g.view(state(m), None) for name, m in GAMES.items()}
    # a Tiger picked up mid-move: shows the selection ring
    picked = state(GAMES["crowded"])
    role = picked["to_move"]
    views["selected"] = g.view(g.act(picked, role, "select", "b5"), None)
    return views
