"""Taj Mahal's scoring, as pure functions of who holds what (the rules' "Influence points"
and "Game end"). The rules module calls them; the tests check them against the rules'
own examples."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping


def palace_points(province_of: Mapping[str, str], roads: Iterable[tuple[str, str]],
                  palaces: Mapping[str, Iterable[str]], player: str, current: str) -> int:
    """Points for palaces after a withdrawal: 1 if ``player`` has a palace in the ``current``
    province (however many), plus 1 for each other province where one of their palaces is
    joined to those by an unbroken line of roads and their own palaces. A city without
    their palace breaks the line; a city holding two palaces carries it for both.
    ``palaces`` maps a city to the players with a palace there."""
    mine = {c for c, owners in palaces.items() if player in owners}
    start = [c for c in mine if province_of[c] == current]
    if not start:
        return 0
    links: dict[str, set[str]] = {}
    for a, b in roads:
        if a in mine and b in mine:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    seen, todo = set(start), list(start)
    while todo:
        for nxt in links.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return 1 + len({province_of[c] for c in seen} - {current})


def commodity_points(held: Iterable[str], won: Iterable[str]) -> int:
    """Points for one tile just won showing the commodities ``won`` (a bonus tile shows
    one, a province tile one or two): 1 for each commodity on it, and 1 for each matching
    commodity on the tiles already ``held`` (earlier tiles, and tiles won earlier in this
    withdrawal: several tiles are scored one after another)."""
    have = Counter(held)
    won = list(won)
    return len(won) + sum(have[g] for g in won)


def hand_points(hand: Iterable[dict]) -> int:
    """Points for the cards left in a hand at the end: 1 for each special card, each white
    card and each card of the colour held most (one colour, when several tie)."""
    hand = list(hand)
    colours = Counter(c["colour"] for c in hand if c["colour"] not in ("white", "special"))
    return (sum(c["colour"] == "special" for c in hand) + sum(c["colour"] == "white"
                                                               for c in hand)
            + max(colours.values(), default=0))
