"""Factories and arms (the remarks' Factories and Arms): factories only in the 12 listed
coastal areas, up to 2 built and 1 removed in a colonial nation's factory phase, in an
area of its own or of a friendly nation touching a sea where its armies are (another
player's area with that player's permission, Darbar's reading of "by diplomacy"); a
factory stays beside any armies and falls after them. One arms marker a colonial nation,
given in its arms phase to an Indian nation sharing an area with one of its factories
while at least one of its armies is on land; it takes effect at that nation's next
population phase and acts as a leader in its battles. A factory built is logged here."""

from __future__ import annotations

from engine.games.maharaja import board, data, turns
from engine.games.maharaja import forces as f


def factories_left(state: dict, nation: str) -> int:
    built = sum(1 for c in state["factories"].values() if c == nation)
    return data.NATIONS[nation].get("factories", 0) - built


def colonial_seas(state: dict, nation: str) -> set[str]:
    return {s for s in data.SEAS if f.count(state, s, nation)}


def factory_sites(state: dict, nation: str) -> dict[str, str | None]:
    """Areas where the nation may build now, each with the nation whose player must give
    permission (None: no permission needed)."""
    if factories_left(state, nation) <= 0:
        return {}
    seas = colonial_seas(state, nation)
    out: dict[str, str | None] = {}
    for area in data.LAND:
        if not board.factory_site(area) or area in state["factories"] or \
                area in state.get("refused", []):
            continue  # a refused factory is not asked for again this phase
        holders = [n for n in f.at(state, area) if n != nation]
        if f.count(state, area, nation) and not any(f.hostile(state, nation, h)
                                                    for h in holders):
            out[area] = None
            continue
        if not seas & set(board.seas_of(area)):
            continue
        if not holders or all(f.friendly(state, nation, h) for h in holders):
            out[area] = None
        elif len(holders) == 1:
            out[area] = holders[0]
    return out


def arms_targets(state: dict, nation: str) -> list[str]:
    if not any(f.count(state, a, nation) for a in data.LAND):
        return []
    out = []
    for area, c in state["factories"].items():
        if c != nation:
            continue
        for other in f.at(state, area):
            if not f.colonial(other) and other not in out:
                out.append(other)
    return sorted(out, key=list(data.NATIONS).index)


def build(state: dict, nation: str, area: str) -> None:
    state["factories"][area] = nation
    state["built"] += 1
    turns.log(state, f"The {turns.nname(nation)} build a factory in {board.called(area)}.")
