"""Victory points: Raj titles (the remarks' Raj) and the victory cards' objectives
(data/victory.json, Darbar's reconstruction)."""

from __future__ import annotations

from itertools import product

from engine.games.maharaja import board, data
from engine.games.maharaja import forces as f

RAJ_NATIONS = data.VICTORY["raj"]["nations"]
LEVELS = data.VICTORY["raj"]["levels"]
CARDS = data.VICTORY["cards"]
ENTITLED = {"muslims", "mughals", "guptas"}  # errata 13.0: who stops a British factory


def submitted_areas(state: dict, to: str) -> list[str]:
    """The areas of nations that have submitted to ``to``, in the territories they
    submitted."""
    out = []
    for nation, s in state["submitted"].items():
        if s["to"] == to:
            out += [a for a in f.areas_of(state, nation) if board.territory(a) in s["where"]]
    return out


def _claims(state: dict, nation: str) -> set[str]:
    claim = set(f.areas_of(state, nation)) | set(submitted_areas(state, nation))
    if nation == "british":
        for area, c in state["factories"].items():
            if c == "british" and (f.errata(state) or not any(
                    n in ENTITLED and n not in state["allies"] for n in f.at(state, area))):
                # Since issue 24 the British claim every factory of theirs: where a Muslim,
                # Mughal or Gupta army stands beside it, both claim it and neither counts
                # it. Before, that army's nation counted it.
                claim.add(area)
        for ally in state["allies"]:
            claim |= set(f.areas_of(state, ally))
        claim |= {a for a in data.LAND if f.vacant(state, a)}
    return claim


def raj_areas(state: dict) -> dict[str, int]:
    """Areas each Raj nation in play counts; an area two of them claim counts for neither
    (the remarks' Raj). The errata (13.0): only a non-allied Muslim, Mughal or Gupta army
    beside a British factory stops the British counting it, and as it is then contested,
    its nation does not count it either."""
    present = [n for n in RAJ_NATIONS if f.on_map(state, n) or (
        f.errata(state) and n in state["factories"].values())]  # a factory claims too
    claims = {n: _claims(state, n) for n in present}
    out = {}
    for n in present:
        others = set().union(*(claims[m] for m in present if m != n)) if len(present) > 1 \
            else set()
        out[n] = len(claims[n] - others)
    return out


def title(areas: int) -> dict | None:
    best = None
    for level in LEVELS:
        if areas >= level["areas"]:
            best = level
    return best


def coasts(state: dict, nation: str) -> int:
    """Seas touched by the nation's factories; an area on two seas (Malabar, Golconda)
    counts for one of them, chosen to score most (Darbar's reading of "the owner
    chooses")."""
    single, double = set(), []
    for area, c in state["factories"].items():
        if c != nation:
            continue
        seas = board.seas_of(area)
        if len(seas) == 1:
            single |= set(seas)
        else:
            double.append(seas)
    best = len(single)
    for choice in product(*double):
        best = max(best, len(single | set(choice)))
    return best


def objective_points(state: dict, nation: str, objective: dict) -> int:
    held = f.areas_of(state, nation)
    if "areas" in objective:
        n = len(set(held) & set(objective["areas"]))
    elif "territory" in objective:
        n = sum(1 for a in held if board.territory(a) == objective["territory"])
    else:
        n = coasts(state, nation)
    return n * objective["vp"]


def card_points(state: dict, nation: str, turn: int) -> list[tuple[dict, int]]:
    """The objectives counted this turn, with their points."""
    return [(o, objective_points(state, nation, o)) for o in CARDS.get(nation, [])
            if turn in o["turns"]]


def scores_this_turn(nation: str, turn: int) -> bool:
    return nation in RAJ_NATIONS or any(turn in o["turns"] for o in CARDS.get(nation, []))
