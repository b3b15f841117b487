"""Submission and alliance with the British (the remarks' Submission and Alliance).

Only the listed nations may submit, each while it holds few enough areas of a territory
(the Mughals from turn 11, North and South India considered separately); a submission
is to the nation moving or fighting now, lasts the game turn and may be repeated; the
submitter keeps moving and fighting as it likes, the other nation must accept it and its
armies leave the submitter's areas at once; during a major invasion it may still pass
through them. Submitting to the British is an alliance: declared at any time, it costs
the ally an army from the map or its population marker (to the British Alliance Box),
and the British and their allies never fight; the British pass through allied areas and
may build factories there."""

from __future__ import annotations

from engine.games.maharaja import board, data
from engine.games.maharaja import forces as f


def submit_where(state: dict, nation: str) -> list[str]:
    """The territories in which the nation may submit now (empty: it may not)."""
    out = []
    held = f.areas_of(state, nation)
    for c in data.NATIONS[nation].get("submit", []):
        if state["turn"] < c.get("from", 0):
            continue
        n = sum(1 for a in held if board.territory(a) == c["territory"])
        if 0 < n <= c["max"]:
            out.append(c["territory"])
    return out


def may_submit(state: dict, nation: str) -> bool:
    """To the nation now moving or fighting, if it is a foe (the British: an alliance)."""
    mover = state["nation"]
    if not mover or state["phase"] not in ("movement", "battle") or nation == mover:
        return False
    if not f.hostile(state, nation, mover) or f.submitted_to(state, nation, mover):
        return False
    if mover == "british":
        return may_ally(state, nation)
    return bool(submit_where(state, nation))


def may_ally(state: dict, nation: str) -> bool:
    return (not f.colonial(nation) and nation not in state["allies"]
            and f.on_map(state, "british") > 0 and f.on_map(state, nation) > 0
            and f.owner(state, nation) != f.owner(state, "british"))


def box_choices(state: dict, nation: str) -> list[str]:
    """What an ally may give to the Alliance Box: an army from an area, or its
    population marker (if it still has one and is not colonial)."""
    out = [p for p in data.PLACES if f.count(state, p, nation)]
    if nation not in state["no_pop"]:
        out.append("marker")
    return out
