"""Maharaja positions made to order for rule tests: a game's setup with the map cleared
and the pieces, turn, nation and phase the test asks for."""

from __future__ import annotations

from engine import games
from engine.games.maharaja import data
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R


def position(armies: dict[str, dict[str, int]], *, nation: str = "mughals", turn: int = 12,
             phase: str = "movement", players: int = 4, **extra) -> dict:
    """``armies``: {place: {nation: n}}; the game waits for ``nation`` in ``phase``."""
    state = R.setup(1, {"players": players})
    state["armies"] = {}
    state["pool"] = {n: info["armies"] for n, info in data.NATIONS.items()}
    for place, here in armies.items():
        for n, k in here.items():
            f.add(state, place, n, k)
            state["pool"][n] -= k
    state.update(turn=turn, nation=nation, phase=phase, queue=[], battle=None, fights=None,
                 sel=None, ask=None, moved={}, came={}, round=1, rounds=1, leaders={},
                 order=list(data.CHART["order"][str(turn)]), log=[], refused=[])
    state["idx"] = state["order"].index(nation) if nation in state["order"] else 0
    state.update(extra)
    return state


def do(state: dict, *tokens: str, role: str | None = None) -> dict:
    """Play typed tokens as the player asked (or ``role``)."""
    for tok in tokens:
        who = role or R.active(state)[0]
        state = R.act(state, who, *games.step_for_token(R, state, who, tok))
    return state


def tokens(state: dict, role: str | None = None) -> set[str]:
    who = role or R.active(state)[0]
    return set(games.tokens(R, R.view(state, who)))


def reach(state: dict, origin: str) -> set[str]:
    """Where the mover's armies in ``origin`` may go (the `to` choices)."""
    return tokens(do(state, origin)) - {"back"}
