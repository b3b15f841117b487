"""The computer player's search for Goat-Tiger: a negamax alpha-beta with
principal-variation windows, iterative deepening, a transposition table, killer and
history move ordering, and a capture-only quiescence search for the Tigers, bounded by a
node budget (never by the clock: the same state always gives the same move)."""

from __future__ import annotations

from engine.games.goat_tiger.bitboard import (
    ADJM,
    FULL,
    GOATS,
    JMP,
    TIGERS,
    IMove,
    children,
    play,
    position_key,
)
from engine.games.goat_tiger.data import CAPTURES_TO_WIN
from engine.games.goat_tiger.evaluation import evaluate

WIN = 1_000_000
MATE = WIN - 1000  # scores beyond this are forced results, adjusted by ply
INF = 10 * WIN


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget is spent."""


class Search:
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
        for ch in children(g, t, hand, cap, side):
            ck = position_key(ch[1], ch[2], ch[3], 1 - side)
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
                if e_score > MATE:
                    e_score -= ply
                elif e_score < -MATE:
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
        if stored > MATE:
            stored += ply
        elif stored < -MATE:
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
        empty = FULL ^ (g | t)
        if side == GOATS:
            if not hand:
                # A stuck goat side loses; look from the few empty points.
                rest = empty
                while rest:
                    low = rest & -rest
                    if ADJM[low.bit_length() - 1] & g:
                        break
                    rest ^= low
                else:
                    return ply - WIN
            if self.threefold and self.rep[key] >= 3:
                return 0
            return -evaluate(g, t, cap, GOATS)
        caps: list[tuple[int, int, int]] = []
        moves = 0
        rest = t
        while rest:
            low = rest & -rest
            rest ^= low
            p = low.bit_length() - 1
            moves += (ADJM[p] & empty).bit_count()
            for _o, _la, ob, lb in JMP[p]:
                if g & ob and empty & lb:
                    caps.append((ob, low, lb))
        if not moves and not caps:
            return ply - WIN
        if self.threefold and self.rep[key] >= 3:
            return 0
        best = evaluate(g, t, cap, TIGERS)
        if best >= beta or not caps:
            return best
        if best > alpha:
            alpha = best
        for ob, sb, lb in caps:
            ng, nt = g ^ ob, t ^ sb ^ lb
            ck = position_key(ng, nt, hand, GOATS)
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
            ng, nt, nh, nc = play(g, t, hand, cap, side, m)
            kids.append((m, ng, nt, nh, nc, position_key(ng, nt, nh, other)))
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
            if abs(best_score) > MATE:
                break  # a forced result: deeper search cannot change it
        return best_move, best_score, done
