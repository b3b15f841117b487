"""What a Goat-Tiger position is worth to the computer player, from the Tigers' side, read
off the masks of engine/games/goat_tiger/bitboard.py with a few shifts."""

from __future__ import annotations

from engine.games.goat_tiger.bitboard import ADJM, BIT, FULL, GOATS, JMP
from engine.games.goat_tiger.data import ADJ, LINES, N


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
            groups[(p - a, b - p)] = groups.get((p - a, b - p), 0) | BIT[p]
    return tuple((d1, d2, mask) for (d1, d2), mask in sorted(groups.items()))


def _grouped_edges() -> tuple[tuple[int, int], ...]:
    """Every pair of adjacent points (a < b), grouped by gap b - a, as (gap,
    mask of the lower points a): the same shift trick for counting steps."""
    groups: dict[int, int] = {}
    for a in range(N):
        for b in ADJ[a]:
            if b > a:
                groups[b - a] = groups.get(b - a, 0) | BIT[a]
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


def evaluate(g: int, t: int, cap: int, side: int) -> int:
    """Static score from the Tigers' point of view."""
    empty = FULL ^ (g | t)
    # Tiger steps, and tigers with no step at all (trapped unless they can leap).
    steps = 0
    trapped = 0
    rest = t
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        n = (ADJM[p] & empty).bit_count()
        if not n:
            for _o, _la, ob, lb in JMP[p]:
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
