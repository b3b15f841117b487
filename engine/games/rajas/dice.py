"""Dice on a player's Kali statue: what they may pay with, karma's flips, and whether a
payment can still be completed.

A die is ``[colour, value]``; value 0 is a die not yet rolled (Yucata's rule, the
default: dice gained in a turn roll at its end, or when the player asks), which cannot
pay for anything. Karma turns a die being given up to its opposite face (1-6, 2-5, 3-4).
"""

from __future__ import annotations


def flip(value: int) -> int:
    return 7 - value


def token(colour: str, value: int, karma: bool = False) -> str:
    """``blue5``; ``blue2k``: the blue 2 given up as a 5, turned with a karma."""
    return f"{colour}{value}{'k' if karma else ''}"


def parse(tok: str) -> tuple[str, int, bool] | None:
    karma = tok.endswith("k")
    body = tok[:-1] if karma else tok
    if len(body) < 2 or not body[-1].isdigit():
        return None
    return body[:-1], int(body[-1]), karma


def die_of(tok: str) -> tuple[str, int, bool]:
    """``parse`` of a die token the rules offered (never a word a player typed)."""
    parsed = parse(tok)
    if parsed is None:
        raise ValueError(f"not a die token: {tok!r}")
    return parsed


def best_total(values: list[int], karma: int) -> int:
    """The most pips these dice can give up, turning up to ``karma`` of them."""
    gains = sorted((max(0, flip(v) - v) for v in values), reverse=True)
    return sum(values) + sum(gains[:karma])


def can_pay(values: list[int], karma: int, need: int) -> bool:
    return need <= 0 or best_total(values, karma) >= need


def payment_steps(dice: list[list], colour: str, karma: int, need: int) -> list[str]:
    """The dice of ``colour`` whose giving up (turned or not) still lets the rest of the
    payment be made, each value once; turned dice only where the turn adds pips."""
    rolled = [v for c, v in dice if c == colour and v]
    out: list[str] = []
    for v in sorted(set(rolled), reverse=True):
        rest = list(rolled)
        rest.remove(v)
        for turned, cost in ((v, 0), (flip(v), 1)):
            if cost and (karma < 1 or flip(v) <= v):
                continue
            if can_pay(rest, karma - cost, need - turned):
                out.append(token(colour, v, bool(cost)))
    return out


def face_steps(dice: list[list], face: int, karma: int) -> list[str]:
    """The dice that can be given up showing ``face``: as they lie, or turned."""
    out = []
    for c, v in sorted({(c, v) for c, v in dice if v}):
        if v == face:
            out.append(token(c, v))
        elif karma and flip(v) == face:
            out.append(token(c, v, True))
    return out


def any_steps(dice: list[list], karma: int, faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
              ) -> list[str]:
    """Any die showing one of ``faces``, as it lies or turned."""
    out = []
    for c, v in sorted({(c, v) for c, v in dice if v}):
        if v in faces:
            out.append(token(c, v))
        if karma and flip(v) in faces:
            out.append(token(c, v, True))
    return out


def has_double(dice: list[list], karma: int) -> bool:
    """Two rolled dice that can show one value (any colours), turning one with a karma."""
    values = [v for _, v in dice if v]
    return any(a == b or (karma and flip(a) == b)
               for i, a in enumerate(values) for b in values[i + 1:])


def double_steps(dice: list[list], karma: int) -> list[str]:
    """The first die of a double: only one that another die can match afterwards."""
    out = []
    for tok in any_steps(dice, karma):
        colour, value, turned = die_of(tok)
        rest = list(dice)
        rest.remove(next(d for d in rest if d[0] == colour and d[1] == value))
        shown = flip(value) if turned else value
        if face_steps(rest, shown, karma - turned):
            out.append(tok)
    return out
