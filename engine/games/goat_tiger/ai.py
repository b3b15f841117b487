"""Computer opponent for Aadu-Huli aata (Goat-Tiger).

``bot_steps(state, role, level=...)`` returns the steps of one legal move.

The search is a negamax alpha-beta with principal-variation windows, iterative
deepening, a transposition table, killer and history move ordering, and a
capture-only quiescence search for the Tigers. It is bounded by a depth and a
node budget, never by the clock, so the same state always gives the same move
on any machine (a slow machine just takes longer to find it).

Positions are held as two 23-bit masks (goats, tigers) plus the goats in hand,
which makes move generation and evaluation cheap integer work in Python. By what each
module holds, one way: bitboard.py (the masks, moves, position keys), evaluation.py
(what a position is worth), search.py (the search); this module picks the move.
"""

from __future__ import annotations

from functools import lru_cache

from engine.games.goat_tiger import rules
from engine.games.goat_tiger.bitboard import SIDE, key_from_str, masks
from engine.games.goat_tiger.data import LABELS
from engine.games.goat_tiger.search import Search

Step = tuple[str, object]

# Levels: (maximum depth in plies, node budget). Budgets were measured so the
# widest positions (early placement) stay under a second on a slow 2-core box.
LEVELS: dict[str, tuple[int, int]] = {
    "easy": (2, 2_000),
    "normal": (64, 30_000),
    "hard": (64, 80_000),
}


def choose_move(
    state: dict, *, max_depth: int, budget: int, only_from: int | None = None
) -> tuple[rules.Move, dict]:
    """The search's choice as a rules move, plus search facts (score from the
    mover's side, depth completed, nodes). ``only_from`` restricts the root to
    moves of the piece on that point when it has any."""
    legal = rules.legal_moves(state)
    if not legal:
        raise ValueError("There is no legal move in this state.")
    if only_from is not None and any(m[0] == only_from for m in legal):
        legal = [m for m in legal if m[0] == only_from]
    side = SIDE[state["to_move"]]
    g, t = masks(state["board"])
    hand = state["in_hand"]
    cap = state["captured"]
    history = tuple(key_from_str(k) for k in state["positions"])
    threefold = bool(state["options"].get("threefold_draw", True))
    internal = tuple((-1 if s is None else s, d, -1 if o is None else o) for s, d, o in legal)
    best, score, depth, nodes = searched(g, t, hand, cap, side, history, threefold, internal,
                                         max_depth, budget)
    move = legal[internal.index(best)]
    return move, {"score": score, "depth": depth, "nodes": nodes}


@lru_cache(maxsize=4096)
def searched(g: int, t: int, hand: int, cap: int, side: int, history: tuple[int, ...],
             threefold: bool, internal: tuple[tuple[int, int, int], ...], max_depth: int,
             budget: int) -> tuple[tuple[int, int, int], int, int, int]:
    """One search, from everything it reads: a pure function, so a position searched before
    in this process (the openings come up game after game) is answered from memory, with
    the very move the search would find again."""
    search = Search(list(history), threefold, budget)
    best, score, depth = search.root(g, t, hand, cap, side, list(internal), max_depth)
    return best, score, depth, search.nodes


def bot_steps(state: dict, role: str, *, level: str = "normal") -> list[Step]:
    """The steps of one complete legal move for ``role``, the side to move.

    Called mid-move (a piece already selected), it returns the rest of the
    move: a ``to`` step for the best move of the selected piece, or, if that
    piece somehow has no legal move, a fresh ``select`` and ``to``.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; choose from {', '.join(LEVELS)}.")
    if state.get("result") is not None:
        raise ValueError("The game is over.")
    if role != state["to_move"]:
        raise ValueError(f"It is not the {role}' turn.")
    max_depth, budget = LEVELS[level]
    selected = state.get("selected")
    (src, dst, _over), _info = choose_move(
        state, max_depth=max_depth, budget=budget, only_from=selected
    )
    if src is None:
        return [("place", LABELS[dst])]
    if selected is not None and selected == src:
        return [("to", LABELS[dst])]
    return [("select", LABELS[src]), ("to", LABELS[dst])]


def quick_bot_steps(state: dict, role: str) -> list[Step]:
    """``bot_steps`` at its easiest level: a game between two computers (a tiebreak) ends
    in seconds, not minutes."""
    return bot_steps(state, role, level="easy")
