"""Questions the rules ask of the Maharaja map: is a place land, sea or off the map, its
territory, hiland, coast and factory site, and its name in a sentence. The map itself
(areas, seas, which places border which) is published in data.py."""

from __future__ import annotations

from engine.games.maharaja.data import AREAS, LAND, NAMES, OFFMAP, SEAS


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
