"""Battle (the remarks' Battle): each army rolls a die a round. A die hits an Indian army
or a factory on 5 or 6, a colonial army, or any army or factory defending in a hiland, on
6. Colonial armies add 1 to their rolls, an own leader in the area 1, an arms marker 1 (so
2 with a leader). Armies fall before their factory ("first destroy armies"); a factory
never rolls. Retreats: the attacker back to where it came from, the defender to an area of
its own or a vacant area not next to where the attacker came from (never that area);
only colonial armies may retreat to sea; stacking limits hold (no exception for a
retreat)."""

from __future__ import annotations

from engine import rng
from engine.games.maharaja import board
from engine.games.maharaja import forces as f

HIT_INDIAN, HIT_HARD = 5, 6


def modifier(state: dict, nation: str, place: str) -> int:
    mod = 1 if f.colonial(nation) else 0
    if f.leader_at(state, place, nation):
        mod += 1
    if any(a["nation"] == nation and a["active"] for a in state["arms"].values()):
        mod += 1
    return mod


def units(state: dict, place: str, nation: str, with_factory: bool) -> list[str]:
    """The side's pieces in the order they fall: armies, then its factory."""
    out = ["army"] * f.count(state, place, nation)
    if with_factory and state["factories"].get(place) == nation:
        out.append("factory")
    return out


def target(place: str, unit: str, nation: str, defending: bool) -> int:
    if defending and board.hiland(place):
        return HIT_HARD
    if unit == "army" and f.colonial(nation):
        return HIT_HARD
    return HIT_INDIAN


def roll(state: dict, n: int) -> list[int]:
    return [rng.randint(state, 6) + 1 for _ in range(n)]


def hits(dice: list[int], mod: int, place: str, foe_units: list[str], foe: str,
         foe_defending: bool) -> int:
    """How many of the foe's pieces fall to these dice, each die aimed at the foe's front
    piece (an army until none is left, then the factory)."""
    n = 0
    for d in dice:
        if n >= len(foe_units):
            break
        if d + mod >= target(place, foe_units[n], foe, foe_defending):
            n += 1
    return n


def attacker_retreats(state: dict, place: str, nation: str) -> list[str]:
    """Where the attacker may fall back: the places its armies came from this turn."""
    out = []
    for origin in state["came"].get(place, {}):
        if board.is_sea(origin) and not f.colonial(nation):
            continue
        if f.foes_at(state, origin, nation) or f.room(state, origin, nation) == 0:
            continue
        if board.is_land(origin) and f.others_at(state, origin, nation):
            continue  # a friendly nation's area (one it arrived in): not theirs to share
        out.append(origin)
    return out


def defender_retreats(state: dict, place: str, nation: str, attacker: str) -> list[str]:
    origins = set(state["came"].get(place, {}))
    near_attack = set().union(*(board.NEIGHBOURS[o] for o in origins)) if origins else set()
    out = []
    for nxt in sorted(board.NEIGHBOURS[place], key=board.PLACES.index):
        if nxt in origins or board.is_offmap(nxt):
            continue
        if board.is_sea(nxt):
            if f.colonial(nation) and not f.foes_at(state, nxt, nation):
                out.append(nxt)
            continue
        if f.room(state, nxt, nation) == 0:
            continue
        own = f.count(state, nxt, nation) and not f.foes_at(state, nxt, nation)
        if own or (f.vacant(state, nxt) and nxt not in near_attack):
            out.append(nxt)
    return out
