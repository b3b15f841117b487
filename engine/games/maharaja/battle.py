"""Battle (the remarks' Battle): each army rolls a die a round. A die hits an Indian army
or a factory on 5 or 6, a colonial army, or any army or factory defending in a hiland, on
6. Colonial armies add 1 to their rolls, an own leader in the area 1, an arms marker 1 (so
2 with a leader). Armies fall before their factory ("first destroy armies"); the errata:
a factory defends as if it were an army (it rolls a die with its nation's armies, the same
modifiers) but never attacks. Retreats: each attacking army back to the area it came from,
the defender to an area of its own or a vacant area not next to where the attacker came
from (never that area); only colonial armies may retreat to sea; stacking limits hold (no
exception for a retreat)."""

from __future__ import annotations

from engine import rng
from engine.games.maharaja import board, data
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


def defending_dice(state: dict, place: str, nation: str, pieces: list[str]) -> int:
    """The defender's dice: one an army, and one for its factory (errata: a factory
    defends as if it were a normal army; before issue 24 it never rolled)."""
    return len(pieces) if f.errata(state) else f.count(state, place, nation)


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
    """Where the attacker may fall back: the places its armies came from this turn (since
    issue 24, only those from which armies came that have not gone back yet)."""
    out = []
    for origin, n in state["came"].get(place, {}).items():
        if f.errata(state) and n <= 0:
            continue
        if board.is_sea(origin) and not f.colonial(nation):
            continue
        if f.foes_at(state, origin, nation) or f.room(state, origin, nation) == 0:
            continue
        if board.is_land(origin) and f.others_at(state, origin, nation):
            continue  # a friendly nation's area (one it arrived in): not theirs to share
        out.append(origin)
    return out


def came_back_most(state: dict, place: str, origin: str, n: int) -> int:
    """How many of ``n`` attacking armies may fall back to ``origin``: the remarks' "attacker
    retreat to own area he came from", each army to its own (revision 2: no more than came
    from there; which of them fell in the battle is the attacker's to say)."""
    return min(n, state["came"][place][origin]) if f.errata(state) else n


def fall_back(state: dict, place: str, nation: str, origin: str, n: int) -> None:
    """``n`` armies go back from ``place`` to ``origin``, where they came from; the leader
    goes with the last of them."""
    f.add(state, place, nation, -n)
    f.add(state, origin, nation, n)
    if f.errata(state):
        state["came"][place][origin] -= n
    lid = f.leader_at(state, place, nation)
    if lid and not f.count(state, place, nation):
        state["leaders"][lid] = origin


def go_home(state: dict, place: str, nation: str, n: int) -> list[tuple[str, int]]:
    """``n`` armies go back where they came from, each to its own origin as far as the
    counts and the room there allow: [(origin, armies)]. Those that cannot stay."""
    out = []
    for origin in attacker_retreats(state, place, nation):
        lid = f.leader_at(state, place, nation)
        k = min(n, state["came"][place][origin],
                f.room(state, origin, nation, with_leader=bool(lid) or None))
        if k > 0:
            fall_back(state, place, nation, origin, k)
            if lid:  # he goes with the first of them
                state["leaders"][lid] = origin
            out.append((origin, k))
            n -= k
    return out


def defender_retreats(state: dict, place: str, nation: str, attacker: str) -> list[str]:
    origins = set(state["came"].get(place, {}))
    near_attack = set().union(*(data.NEIGHBOURS[o] for o in origins)) if origins else set()
    out = []
    for nxt in sorted(data.NEIGHBOURS[place], key=data.PLACES.index):
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
