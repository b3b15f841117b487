"""Goat-Tiger positions as the computer player holds them: two 23-bit masks (goats,
tigers) plus the goats in hand, so that making moves and telling positions apart is cheap
integer work in Python; a move is a tuple of plain ints."""

from __future__ import annotations

from engine.games.goat_tiger import rules
from engine.games.goat_tiger.data import ADJ, JUMPS, N

# Internal move: (from, to, captured point); -1 stands for "none" so that a
# move is a tuple of plain ints (cheap to hash for the history tables).
IMove = tuple[int, int, int]

GOATS, TIGERS = 0, 1
SIDE = {"goats": GOATS, "tigers": TIGERS}

BIT: tuple[int, ...] = tuple(1 << i for i in range(N))
FULL = (1 << N) - 1
ADJM: tuple[int, ...] = tuple(sum(BIT[q] for q in ADJ[p]) for p in range(N))
# (over, land, over bit, land bit) for every straight-line leap from a point.
JMP: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple((o, la, BIT[o], BIT[la]) for o, la in JUMPS[p]) for p in range(N)
)


def position_key(g: int, t: int, hand: int, side: int) -> int:
    return g | (t << 23) | (hand << 46) | (side << 51)


def children(
    g: int, t: int, hand: int, cap: int, side: int
) -> list[tuple[IMove, int, int, int, int]]:
    """Every raw move with the position it leads to: (move, g, t, hand, cap)."""
    empty = FULL ^ (g | t)
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
                if empty & BIT[q]:
                    out.append(((p, q, -1), g ^ low ^ BIT[q], t, hand, cap))
        return out
    rest = t
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length() - 1
        for q in ADJ[p]:
            if empty & BIT[q]:
                out.append(((p, q, -1), g, t ^ low ^ BIT[q], hand, cap))
        for o, la, ob, lb in JMP[p]:
            if g & ob and empty & lb:
                out.append(((p, la, o), g ^ ob, t ^ low ^ lb, hand, cap + 1))
    return out


def play(g: int, t: int, hand: int, cap: int, side: int, m: IMove) -> tuple[int, int, int, int]:
    src, dst, over = m
    if side == GOATS:
        if src < 0:
            return g | BIT[dst], t, hand - 1, cap
        return g ^ BIT[src] ^ BIT[dst], t, hand, cap
    if over >= 0:
        return g ^ BIT[over], t ^ BIT[src] ^ BIT[dst], hand, cap + 1
    return g, t ^ BIT[src] ^ BIT[dst], hand, cap


def masks(board: str) -> tuple[int, int]:
    g = t = 0
    for i, c in enumerate(board):
        if c == rules.GOAT:
            g |= BIT[i]
        elif c == rules.TIGER:
            t |= BIT[i]
    return g, t


def key_from_str(k: str) -> int:
    # rules.position_key: board (N chars), side initial, goats in hand.
    g, t = masks(k[:N])
    return position_key(g, t, int(k[N + 1 :]), GOATS if k[N] == "g" else TIGERS)
