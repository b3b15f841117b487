"""The small words of Maharaja's refusals: a nation, a place, the stacking limit, when a
player may declare, and a count typed (refusals.py and why_battle.py build on them)."""

from __future__ import annotations

import re

from engine.games.maharaja import (
    data,
    turns,
)
from engine.games.maharaja import forces as f

COUNT = re.compile(r"(\d+)(l?)")


def declare_when(state: dict) -> str:
    """When a player may declare (rules.view): since issue 24 beside any decision of their
    own; before, only while another player decided or in their own movement."""
    if f.errata(state):
        return ("an alliance is declared at any time, a submission at any time during the "
                "other nation's movement or battle")
    return ("you may submit or ally while another player decides, or in your movement "
            "before choosing where from")


STACKING = "stacking allows 3 armies in an area, 2 in a hiland (a leader's group more)"


def the(nation: str, cap: bool = False) -> str:
    return f"{'The' if cap else 'the'} {turns.nname(nation)}"


def cap(text: str) -> str:
    """The sentence's first letter up, the rest as it is (str.capitalize lowers names)."""
    return text[:1].upper() + text[1:]


def a_place(word: object) -> str | None:
    """Why a word is not a place, or None."""
    return None if word in data.PLACES else f"`{word}` is not a place on the map."
