"""Computer opponent for Aadu-Huli aata (Goat-Tiger).

``bot_steps(state, role, level=...)`` returns the steps of one legal move.

The search is a negamax alpha-beta with principal-variation windows, iterative
deepening, a transposition table, killer and history move ordering, and a
capture-only quiescence search for the Tigers. It is bounded by a depth and a
node budget, never by the clock, so the same state always gives the same move
on any machine (a slow machine just takes longer to find it).

Positions are held as two 23-bit masks (goats, tigers) plus the goats in hand,
which makes move generation and evaluation cheap integer work in Python.
"""

from __future__ import annotations

from engine.games.goat_tiger import rules
from engine.games.goat_tiger.data import ADJ, CAPTURES_TO_WIN, JUMPS, LABELS, LINES, N

Step = tuple[str, object]
# Internal move: (from, to, captured point); -1 stands for "none" so that a
# move is a tuple of plain ints (cheap to hash for the history tables).
IMove = tuple[int, int, int]

GOATS, TIGERS = 0, 1
_SIDE = {"goats": GOATS, "tigers": TIGERS}

_BIT: tuple[int, ...] = tuple(1 << i for i in range(N))
_FULL = (1 << N) - 1
_ADJM: tuple[int, ...] = tuple(sum(_BIT[q] for q in ADJ[p]) for p in range(N))
# (over, land, over bit, land bit) for every straight-line leap from a point.
_JMP: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple((o, la, _BIT[o], _BIT[la]) for o, la in JUMPS[p]) for p in range(N)
)


def _grouped_triples() -> tuple[tuple[int, int, int], ...]:
    """Every three consecutive points (a, p, b) on a line, grouped by the two
    gaps (p - a, b - p) as (gap before, gap after, mask of middles p).

    A goat on p can only ever be leapt along such a triple, and a goat on
    either end makes that leap impossible (the tiger would need that end to
    stand on or to land on); apex, wings and base corners are middles of no
    triple, so goats there are safe for good. Grouping by gaps lets the
    evaluation test every triple of a group with a few shifts of the masks.
    """
    groups: dict[tuple[int, int], int] = {}
    for line in LINES:  # every line in board.json runs in increasing point order
        for a, p, b in zip(line, line[1:], line[2:], strict=False):
            groups[(p - a, b - p)] = groups.get((p - a, b - p), 0) | _BIT[p]
    return tuple((d1, d2, mask) for (d1, d2), mask in sorted(groups.items()))


def _grouped_edges() -> tuple[tuple[int, int], ...]:
    """Every pair of adjacent points (a < b), grouped by gap b - a, as (gap,
    mask of the lower points a): the same shift trick for counting steps."""
    groups: dict[int, int] = {}
    for a in range(N):
        for b in ADJ[a]:
            if b > a:
                groups[b - a] = groups.get(b - a, 0) | _BIT[a]
    return tuple(sorted(groups.items()))


_TRIPLE_GROUPS = _grouped_triples()
_EDGE_GROUPS = _grouped_edges()

# --- evaluation weights, in hundredths of a goat, from the Tigers' side ------
W_CAPTURE = 100  # a captured goat
W_MOBILITY = 4  # each legal tiger move (steps and leaps)
W_TRAPPED = 20  # each tiger with no move at all: one step closer to a goat win
W_WEAK = 3  # each line along which a goat stands with no goat beside it
W_GOAT_MOBILITY = 4  # each goat step to an empty point: room for the Goats to wait
W_THREAT_ONE = 15  # goats to move facing one leap: usually parried, at a cost
W_THREAT_TWO = 70  # goats to move facing leaps on two goats: one usually falls
# Draws score 0; the evaluation is shifted by this so that an ordinary, even
# position also sits near 0 and neither side chases or flees repetitions.
BASELINE = 20

WIN = 1_000_000
_MATE = WIN - 1000  # scores beyond this are forced results, adjusted by ply
INF = 10 * WIN

# Levels: (maximum depth in plies, node budget). Budgets were measured so the
# widest positions (early placement) stay under a second on a slow 2-core box.
LEVELS: dict[str, tuple[int, int]] = {
    "easy": (2, 2_000),
    "normal": (64, 30_000),
    "hard": (64, 80_000),
}


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent."""


def _key(g: int, t: int, hand: int, side: int) -> int:
    return g | (t << 23) | (hand << 46) | (side << 51)


def _evaluate(g: int, t: int, cap: int, side: int) -> int:
    """Static score from the Tigers' point of view."""
    empty = _FULL ^ (g | t)
    # Tiger steps, and tigers with no step at all (trapped unless they can leap).
    steps = 0
    trapped = 0
    rest = t
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        n = (_ADJM[p] & empty).bit_count()
        if not n:
            for _o, _la, ob, lb in _JMP[p]:
                if g & ob and empty & lb:
                    break
            else:
                trapped += 1
        steps += n
    # Along every triple: leaps open now (tiger at one end, empty at the
    # other), and goats with no goat at either end (leapable later).
    leaps = 0
    threat = 0
    weak = 0
    for d1, d2, mids in _TRIPLE_GROUPS:
        x = g & mids
        if x:
            fwd = x & (t << d1) & (empty >> d2)
            back = x & (empty << d1) & (t >> d2)
            leaps += fwd.bit_count() + back.bit_count()
            threat |= fwd | back
            weak += (x & ~(g << d1) & ~(g >> d2)).bit_count()
    # Goat steps to empty points. Goats must move every turn, so without spare
    # safe steps they are forced to open gaps; while placing, it rewards goats
    # that keep open ground next to them.
    gmob = 0
    for d, lows in _EDGE_GROUPS:
        gmob += (g & lows & (empty >> d)).bit_count() + (empty & lows & (g >> d)).bit_count()
    score = (
        cap * W_CAPTURE
        + (steps + leaps) * W_MOBILITY
        - trapped * W_TRAPPED
        + weak * W_WEAK
        - gmob * W_GOAT_MOBILITY
        - BASELINE
    )
    if side == GOATS and threat:
        # With the Tigers to move, the quiescence search plays the leaps out;
        # with the Goats to move it stops, so guess what the threats cost.
        score += W_THREAT_TWO if threat & (threat - 1) else W_THREAT_ONE
    return score


def _children(
    g: int, t: int, hand: int, cap: int, side: int
) -> list[tuple[IMove, int, int, int, int]]:
    """Every raw move with the position it leads to: (move, g, t, hand, cap)."""
    empty = _FULL ^ (g | t)
    out: list[tuple[IMove, int, int, int, int]] = []
    if side == GOATS:
        if hand:
            rest = empty
            while rest:
                low = rest & -rest
                rest ^= low
                out.append(((-1, low.bit_length() - 1, -1), g | low, t, hand - 1, cap))
            return out
        rest = g
        while rest:
            low = rest & -rest
            rest ^= low
            p = low.bit_length() - 1
            for q in ADJ[p]:
                if empty & _BIT[q]:
                    out.append(((p, q, -1), g ^ low ^ _BIT[q], t, hand, cap))
        return out
    rest = t
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        for q in ADJ[p]:
            if empty & _BIT[q]:
                out.append(((p, q, -1), g, t ^ low ^ _BIT[q], hand, cap))
        for o, la, ob, lb in _JMP[p]:
            if g & ob and empty & lb:
                out.append(((p, la, o), g ^ ob, t ^ low ^ lb, hand, cap + 1))
    return out


class _Search:
    """One search from one root; all tables are fresh, so results never depend
    on what was searched before (determinism)."""

    def __init__(self, history: list[int], threefold: bool, budget: int) -> None:
        self.path = list(history)  # game positions, then the search path
        self.rep: dict[int, int] = {}
        for k in history:
            self.rep[k] = self.rep.get(k, 0) + 1
        self.threefold = threefold
        self.budget = budget
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, IMove | None]] = {}
        self.killers: dict[int, list[IMove]] = {}
        self.hist: dict[tuple[int, IMove], int] = {}

    # -- repetition bookkeeping ------------------------------------------------

    def _push(self, k: int) -> None:
        self.path.append(k)
        self.rep[k] = self.rep.get(k, 0) + 1

    def _pop(self, k: int) -> None:
        self.path.pop()
        self.rep[k] -= 1

    def _banned(self) -> int:
        """Key of the position no move may recreate (two turns ago), or -1."""
        path = self.path
        return path[-4] if len(path) >= 4 else -1

    # -- search ------------------------------------------------------------------

    def search(
        self,
        g: int,
        t: int,
        hand: int,
        cap: int,
        side: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        key: int,
    ) -> int:
        """Negamax score for the side to move; the node's key is already pushed."""
        if cap >= CAPTURES_TO_WIN:
            return ply - WIN  # the Tigers have just won
        if depth <= 0:
            return self.qsearch(g, t, hand, cap, side, alpha, beta, ply, key)
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        banned = self._banned()
        kids = []
        for ch in _children(g, t, hand, cap, side):
            ck = _key(ch[1], ch[2], ch[3], 1 - side)
            if ck != banned:
                kids.append((ch, ck))
        if not kids:
            return ply - WIN  # no legal move loses, whichever side it is
        if self.threefold and self.rep[key] >= 3:
            return 0

        alpha0 = alpha
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score > _MATE:
                    e_score -= ply
                elif e_score < -_MATE:
                    e_score += ply
                if e_flag == 0:
                    return e_score
                if e_flag == 1 and e_score >= beta:
                    return e_score
                if e_flag == -1 and e_score <= alpha:
                    return e_score

        # Move ordering: table move, captures, killers, then history counts.
        killers = self.killers.get(ply, ())
        hist = self.hist

        def order(item: tuple[tuple[IMove, int, int, int, int], int]) -> int:
            m = item[0][0]
            if m == tt_move:
                return -(1 << 40)
            if m[2] >= 0:
                return -(1 << 39)
            if m in killers:
                return -(1 << 38)
            return -hist.get((side, m), 0)

        kids.sort(key=order)

        best = -INF
        best_move: IMove | None = None
        other = 1 - side
        for i, ((m, ng, nt, nh, nc), ck) in enumerate(kids):
            self._push(ck)
            if i == 0:
                sc = -self.search(ng, nt, nh, nc, other, depth - 1, -beta, -alpha, ply + 1, ck)
            else:
                sc = -self.search(ng, nt, nh, nc, other, depth - 1, -alpha - 1, -alpha, ply + 1, ck)
                if alpha < sc < beta:
                    sc = -self.search(ng, nt, nh, nc, other, depth - 1, -beta, -alpha, ply + 1, ck)
            self._pop(ck)
            if sc > best:
                best = sc
                best_move = m
                if sc > alpha:
                    alpha = sc
                    if alpha >= beta:
                        if m[2] < 0:
                            ks = self.killers.setdefault(ply, [])
                            if m not in ks:
                                ks.insert(0, m)
                                del ks[2:]
                            hk = (side, m)
                            hist[hk] = hist.get(hk, 0) + depth * depth
                        break

        flag = 1 if best >= beta else (0 if best > alpha0 else -1)
        stored = best
        if stored > _MATE:
            stored += ply
        elif stored < -_MATE:
            stored -= ply
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def qsearch(
        self,
        g: int,
        t: int,
        hand: int,
        cap: int,
        side: int,
        alpha: int,
        beta: int,
        ply: int,
        key: int,
    ) -> int:
        """Horizon search: the Tigers may stand or play out their leaps; the
        Goats stand. Captures are irreversible, so none of this can repeat."""
        if cap >= CAPTURES_TO_WIN:
            return ply - WIN
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        empty = _FULL ^ (g | t)
        if side == GOATS:
            if not hand:
                # A stuck goat side loses; look from the few empty points.
                rest = empty
                while rest:
                    low = rest & -rest
                    if _ADJM[low.bit_length() - 1] & g:
                        break
                    rest ^= low
                else:
                    return ply - WIN
            if self.threefold and self.rep[key] >= 3:
                return 0
            return -_evaluate(g, t, cap, GOATS)
        caps: list[tuple[int, int, int]] = []
        moves = 0
        rest = t
        while rest:
            low = rest & -rest
            rest ^= low
            p = low.bit_length() - 1
            moves += (_ADJM[p] & empty).bit_count()
            for _o, _la, ob, lb in _JMP[p]:
                if g & ob and empty & lb:
                    caps.append((ob, low, lb))
        if not moves and not caps:
            return ply - WIN
        if self.threefold and self.rep[key] >= 3:
            return 0
        best = _evaluate(g, t, cap, TIGERS)
        if best >= beta or not caps:
            return best
        if best > alpha:
            alpha = best
        for ob, sb, lb in caps:
            ng, nt = g ^ ob, t ^ sb ^ lb
            ck = _key(ng, nt, hand, GOATS)
            self._push(ck)
            sc = -self.qsearch(ng, nt, hand, cap + 1, GOATS, -beta, -alpha, ply + 1, ck)
            self._pop(ck)
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if alpha >= beta:
                        break
        return best

    def root(
        self,
        g: int,
        t: int,
        hand: int,
        cap: int,
        side: int,
        moves: list[IMove],
        max_depth: int,
    ) -> tuple[IMove, int, int]:
        """Iterative deepening over the given legal moves; returns the move,
        its score and the last depth completed."""
        other = 1 - side
        kids = []
        for m in moves:
            ng, nt, nh, nc = _apply(g, t, hand, cap, side, m)
            kids.append((m, ng, nt, nh, nc, _key(ng, nt, nh, other)))
        best_move, best_score, done = kids[0][0], 0, 0
        if len(kids) == 1:
            return best_move, best_score, done
        # Captures first in the very first iteration; afterwards the previous
        # iteration's scores decide the order (stable sort: ties keep order).
        kids.sort(key=lambda k: k[0][2] < 0)
        for depth in range(1, max_depth + 1):
            scores: dict[IMove, int] = {}
            alpha = -INF
            it_best: IMove | None = None
            try:
                for i, (m, ng, nt, nh, nc, ck) in enumerate(kids):
                    self._push(ck)
                    if i == 0:
                        sc = -self.search(ng, nt, nh, nc, other, depth - 1, -INF, INF, 1, ck)
                    else:
                        sc = -self.search(
                            ng, nt, nh, nc, other, depth - 1, -alpha - 1, -alpha, 1, ck
                        )
                        if sc > alpha:
                            sc = -self.search(ng, nt, nh, nc, other, depth - 1, -INF, -alpha, 1, ck)
                    self._pop(ck)
                    scores[m] = sc
                    if sc > alpha:
                        alpha, it_best = sc, m
            except _OutOfBudget:
                # The first move searched was the previous best, so a partial
                # iteration's best is at least as well founded as the last one.
                if it_best is not None:
                    best_move, best_score = it_best, alpha
                break
            assert it_best is not None
            best_move, best_score, done = it_best, alpha, depth
            kids.sort(key=lambda k: (k[0] != best_move, -scores.get(k[0], -INF)))
            if abs(best_score) > _MATE:
                break  # a forced result: deeper search cannot change it
        return best_move, best_score, done


def _apply(g: int, t: int, hand: int, cap: int, side: int, m: IMove) -> tuple[int, int, int, int]:
    src, dst, over = m
    if side == GOATS:
        if src < 0:
            return g | _BIT[dst], t, hand - 1, cap
        return g ^ _BIT[src] ^ _BIT[dst], t, hand, cap
    if over >= 0:
        return g ^ _BIT[over], t ^ _BIT[src] ^ _BIT[dst], hand, cap + 1
    return g, t ^ _BIT[src] ^ _BIT[dst], hand, cap


def _masks(board: str) -> tuple[int, int]:
    g = t = 0
    for i, c in enumerate(board):
        if c == rules.GOAT:
            g |= _BIT[i]
        elif c == rules.TIGER:
            t |= _BIT[i]
    return g, t


def _key_from_str(k: str) -> int:
    # rules._key: board (N chars), side initial, goats in hand.
    g, t = _masks(k[:N])
    return _key(g, t, int(k[N + 1 :]), GOATS if k[N] == "g" else TIGERS)


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
    side = _SIDE[state["to_move"]]
    g, t = _masks(state["board"])
    hand = state["in_hand"]
    cap = state["captured"]
    history = [_key_from_str(k) for k in state["positions"]]
    search = _Search(history, bool(state["options"].get("threefold_draw", True)), budget)
    internal = [(-1 if s is None else s, d, -1 if o is None else o) for s, d, o in legal]
    best, score, depth = search.root(g, t, hand, cap, side, internal, max_depth)
    move = legal[internal.index(best)]
    return move, {"score": score, "depth": depth, "nodes": search.nodes}


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
