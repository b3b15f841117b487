"""The pieces on the map: armies per place and nation, leaders, factories; who holds an
area, who is hostile to whom, and the stacking limits (the remarks' Stacking)."""

from __future__ import annotations

from engine.games.maharaja import board, data
from engine.games.maharaja.data import LEADERS, NATIONS

COLONIAL = {n for n, d in NATIONS.items() if d.get("colonial")}
STACK, STACK_HILAND, LEADER_HILAND = 3, 2, 4
OVERPOPULATION = 2  # armies a nation may keep per area it holds (colonial armies aside)


def errata(state: dict) -> bool:
    """The rules of revision 2 (issue 24: every colonial nation asked for a passage, a
    factory's die, retreats by origin, the General 30-2 free move, declarations at any
    time, contested Raj areas). A game stored before it has no ``revision`` and replays
    with the rules it was started under (rules.REVISION)."""
    return state.get("revision", 1) >= 2


def nation_name(nation: str) -> str:
    return data.NATION_NAMES[nation]


def at(state: dict, place: str) -> dict[str, int]:
    return state["armies"].get(place, {})


def count(state: dict, place: str, nation: str) -> int:
    return state["armies"].get(place, {}).get(nation, 0)


def add(state: dict, place: str, nation: str, n: int) -> None:
    here = state["armies"].setdefault(place, {})
    here[nation] = here.get(nation, 0) + n
    if here[nation] <= 0:
        del here[nation]
    if not here:
        del state["armies"][place]


def on_map(state: dict, nation: str) -> int:
    return sum(here.get(nation, 0) for here in state["armies"].values())


def places_of(state: dict, nation: str) -> list[str]:
    """Every place (land, off-map, sea) with the nation's armies, in map order."""
    return [p for p in data.PLACES if count(state, p, nation)]


def areas_of(state: dict, nation: str) -> list[str]:
    """The land areas the nation holds: its armies are there."""
    return [a for a in data.LAND if count(state, a, nation)]


def vacant(state: dict, area: str) -> bool:
    return not state["armies"].get(area)


def leader_of(state: dict, nation: str) -> str | None:
    for lid, place in state["leaders"].items():
        if LEADERS[lid]["nation"] == nation and place:
            return lid
    return None


def leader_at(state: dict, place: str, nation: str) -> str | None:
    lid = leader_of(state, nation)
    return lid if lid and state["leaders"][lid] == place else None


def owner(state: dict, nation: str) -> str:
    return state["control"][nation]


def colonial(nation: str) -> bool:
    return nation in COLONIAL


def allied(state: dict, a: str, b: str) -> bool:
    """The British and a nation allied to them never fight (the remarks' Alliance)."""
    return bool({a, b} & {"british"} and (a in state["allies"] or b in state["allies"])
                and "british" in (a, b))


def submitted_to(state: dict, nation: str, to: str) -> bool:
    s = state["submitted"].get(nation)
    return bool(s) and s["to"] == to


def submitted_here(state: dict, nation: str, to: str, place: str) -> bool:
    """The nation's armies in this place are under its submission to ``to``: it submitted
    to them this turn, in the place's territory, and they have not ignored it (General
    30-2, see movement.reach)."""
    s = state["submitted"].get(nation)
    return bool(s) and s["to"] == to and board.territory(place) in s["where"] and \
        not s.get("ignored")


def friendly(state: dict, a: str, b: str) -> bool:
    """Nations that never fight each other: one player's, or the British and their
    allies (Darbar's reading: a player's nations do not attack one another)."""
    return a == b or owner(state, a) == owner(state, b) or allied(state, a, b)


def hostile(state: dict, a: str, b: str) -> bool:
    return not friendly(state, a, b)


def limit(state: dict, place: str, nation: str, with_leader: bool | None = None) -> int:
    """How many of the nation's armies may end movement in a place: 3, 2 in hiland; the
    leader's group unlimited, 4 in hiland. Seas and off-map areas: no limit (Darbar's
    reading: the remarks limit areas of the map)."""
    if not board.is_land(place):
        return 99
    lead = leader_at(state, place, nation) is not None if with_leader is None else with_leader
    if board.hiland(place):
        return LEADER_HILAND if lead else STACK_HILAND
    return 99 if lead else STACK


def room(state: dict, place: str, nation: str, with_leader: bool | None = None) -> int:
    return max(0, limit(state, place, nation, with_leader) - count(state, place, nation))


def others_at(state: dict, place: str, nation: str) -> list[str]:
    """The other nations with armies in the place."""
    return [n for n in at(state, place) if n != nation]


def foes_at(state: dict, place: str, nation: str) -> list[str]:
    """Hostile nations with armies in the place."""
    return [n for n in others_at(state, place, nation) if hostile(state, nation, n)]


def friends_at(state: dict, place: str, nation: str) -> list[str]:
    """Other nations in the place that never fight this one (nor share an area with it,
    once movement is over)."""
    return [n for n in others_at(state, place, nation) if friendly(state, nation, n)]


def factory_foe(state: dict, place: str, nation: str) -> str | None:
    c = state["factories"].get(place)
    return c if c and c != nation and hostile(state, nation, c) else None


def pool(state: dict, nation: str) -> int:
    return state["pool"][nation]
