"""The Maharaja map as the rules see it: land areas with their territory, hiland and seas,
the off-map areas and the seas, and which places border which (data/map.json)."""

from __future__ import annotations

from engine.games.maharaja import data

MAP = data.map_data()
AREAS: dict[str, dict] = {a["id"]: a for a in MAP["areas"]}
OFFMAP: dict[str, dict] = {o["id"]: o for o in MAP["offmap"]}
SEAS: dict[str, dict] = {s["id"]: s for s in MAP["seas"]}
LAND = list(AREAS)  # map order: north-west to south-east, the order battles are fought in
PLACES = LAND + list(OFFMAP) + list(SEAS)
NAMES = {**{k: v["name"] for k, v in AREAS.items()}, **{k: v["name"] for k, v in
                                                        OFFMAP.items()},
         **{k: v["name"] for k, v in SEAS.items()}}
TERRITORY_NAMES = MAP["territories"]


def _graph() -> dict[str, set[str]]:
    g: dict[str, set[str]] = {p: set() for p in PLACES}

    def join(a: str, b: str) -> None:
        g[a].add(b)
        g[b].add(a)

    for a, b in MAP["borders"] + MAP["straits"]:
        join(a, b)
    for o in MAP["offmap"]:
        for n in o["borders"]:
            join(o["id"], n)
    for s in MAP["seas"]:
        for n in s["borders"]:
            join(s["id"], n)
    for a in MAP["areas"]:
        for s in a["seas"]:
            join(a["id"], s)
    return g


# In map order, never a set's: iteration order must not depend on string hashing, or the
# order of legal moves (and so the computer's choices) would differ between processes.
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    k: tuple(sorted(v, key=PLACES.index)) for k, v in _graph().items()}


def is_land(place: str) -> bool:
    return place in AREAS


def is_sea(place: str) -> bool:
    return place in SEAS


def is_offmap(place: str) -> bool:
    return place in OFFMAP


def hiland(place: str) -> bool:
    return place in AREAS and AREAS[place]["hiland"]


def territory(place: str) -> str | None:
    return AREAS[place]["territory"] if place in AREAS else None


def seas_of(area: str) -> list[str]:
    return list(AREAS[area]["seas"]) if area in AREAS else []


def factory_site(area: str) -> bool:
    return area in AREAS and AREAS[area]["factory"]


def name(place: str) -> str:
    return NAMES.get(place, place)


def called(place: str) -> str:
    """The place's name as a sentence says it: a sea with its article ("the Bay of
    Bengal"), an area or an off-map area by its name alone."""
    return f"the {name(place)}" if is_sea(place) else name(place)


def in_territory(terr: str) -> list[str]:
    return [a for a in LAND if AREAS[a]["territory"] == terr]
