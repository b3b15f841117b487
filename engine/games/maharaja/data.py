"""Maharaja's components as data, and what is wrong with a data file.

The map, the nations with their leaders, the charts (the turn record, the order of play,
the nation control chart, the starting areas) and the victory cards live in
``data/*.json``, each read once through ``FILES`` (``FILES["map"]``). The printed map,
charts and cards are not public: each file holds Darbar's reconstruction, says so, and
keeps every fact the sources give. Those facts are checked here, so an owner of the
printed game can type in the real values and check them with
``python -m engine.games.maharaja [map.json nations.json chart.json victory.json]``
(a file is recognised by its name).

This module is the game's published part: the tables at its end (``AREAS``, ``PLACES``,
``NAMES``, ``NEIGHBOURS``, ``NATIONS``, ``LEADERS``, ``CHART`` …) are what the rules and
the pictures read of the components. A renderer imports nothing else of the game but its
contract.
"""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path

from engine import datafiles

DATA_DIR = Path(__file__).parent / "data"
TERRITORIES = ("north", "south", "himalaya", "ceylon")

# --- the sourced facts (docs/maharaja.md names the sources) ---------------------------------
NAMED_AREAS = {
    "agra", "andhra", "assam", "baluchistan", "bengal", "berar", "bidar", "bihar",
    "bijapur", "bundelkhand", "delhi", "gandhara", "golconda", "gondwana", "gujarat",
    "jaunpur", "kashmir", "karnatak", "kerala", "khandesh", "ladakh", "lahore", "lanka",
    "magadha", "maharashtra", "malabar", "malwa", "mysore", "nepal", "orissa", "oudh",
    "punjab", "rajputana", "simhala", "sind",
}
NAMED_OFFMAP = {"afghanistan", "china", "persia"}
NAMED_SEAS = {"arabian", "bay", "ocean"}
FACTORY_AREAS = {"andhra", "bengal", "bijapur", "golconda", "gujarat", "karnatak", "kerala",
                 "lanka", "maharashtra", "malabar", "orissa", "sind"}
COASTAL_NO_FACTORY = {"assam", "baluchistan", "simhala"}
ARMIES = {"harappans": 9, "mauryans": 27, "guptas": 27, "greeks": 6, "cholas": 12,
          "pandyas": 8, "sinhalese": 5, "rajputs": 12, "marathas": 12, "muslims": 22,
          "mughals": 22, "afghans": 6, "sikhs": 6, "british": 8, "french": 3, "dutch": 3,
          "portuguese": 3}
COLONIAL = {"british", "french", "dutch", "portuguese"}
NAMED_LEADERS = {"alexander", "ashoka", "chandra", "raja-raja", "aybak", "sanga", "timur", "akbar",
           "alamgir", "shivaji", "abdali", "rao", "nizam", "albuquerque", "dupleix", "clive"}
LEADER_OF = {"alexander": "greeks", "ashoka": "mauryans", "chandra": "guptas",
             "timur": "mughals", "abdali": "afghans"}
REMOVED = {"alexander": "own_turn_end", "timur": "own_turn_end", "abdali": "own_turn_end",
           "ashoka": "game_turn_start", "chandra": "game_turn_start"}
RAJ = {"mauryans", "guptas", "muslims", "mughals", "british"}
SUBMIT = {"sinhalese": {("ceylon", 1, 0)}, "sikhs": {("north", 1, 0)},
          "rajputs": {("north", 2, 0)}, "pandyas": {("south", 2, 0)},
          "marathas": {("south", 2, 0)}, "muslims": {("south", 2, 0)},
          "mughals": {("north", 2, 11), ("south", 1, 11)}}
FULL_START = [{"khandesh", "malwa"}, {"bundelkhand", "gondwana"},
              {"baluchistan", "delhi", "gandhara", "gujarat", "kashmir", "lahore", "punjab",
               "rajputana", "sind"}]
SHORT_START = [{"bijapur", "kerala", "malabar", "mysore"},
               {"berar", "gondwana", "khandesh", "maharashtra"},
               {"andhra", "bidar", "golconda", "karnatak"}, {"lanka", "simhala"},
               {"delhi", "gujarat", "lahore", "malwa", "punjab", "rajputana"},
               {"agra", "bengal", "bihar", "bundelkhand", "jaunpur", "ladakh", "magadha",
                "nepal", "orissa", "oudh"}, {"baluchistan", "sind"}]
# (turn, when, nation, armies)
SOURCED_REMOVALS = {(4, "own_turn_end", "greeks", 2), (5, "game_turn_start", "mauryans", 6),
                    (8, "game_turn_start", "guptas", 8), (9, "game_turn_start", "guptas", 8),
                    (11, "own_turn_end", "mughals", 2), (15, "own_turn_end", "afghans", 2)}
# (turn, nation, armies or None, area or None)
SOURCED_ARRIVALS = [(4, "sinhalese", 3, "lanka"), (5, "marathas", 6, "maharashtra"),
                    (5, "rajputs", 10, None), (6, "rajputs", 4, None),
                    (13, "sikhs", 4, "lahore"), (12, "dutch", None, None),
                    (15, "afghans", None, None), (11, "mughals", None, None)]
YELLOW_4 = {"mauryans", "guptas", "sinhalese", "dutch"}
BLUE_4 = {"harappans", "muslims", "afghans", "marathas"}
RAJ_LEVELS = [(9, "Raja", 1), (18, "Maharaja", 2), (27, "Maharajadhiraja", 3),
              (36, "Chakravartin", 4)]


# --- checks ---------------------------------------------------------------------------------


def _pair(a: str, b: str) -> frozenset:
    return frozenset((a, b))


def check_map(doc: dict) -> list[str]:
    out: list[str] = []
    areas = doc.get("areas", [])
    ids = [a.get("id") for a in areas]
    if len(ids) != 36 or len(set(ids)) != 36:
        out.append(f"the map has 36 distinct land areas, not {len(set(ids))}")
    missing = NAMED_AREAS - set(ids)
    if missing:
        out.append("the named land areas are all on the map; missing: "
                   + ", ".join(sorted(missing)))
    offmap = {o.get("id") for o in doc.get("offmap", [])}
    if len(doc.get("offmap", [])) != 6:
        out.append(f"there are 6 off-map areas, not {len(doc.get('offmap', []))}")
    if not offmap >= NAMED_OFFMAP:
        out.append("Afghanistan, China and Persia are off-map areas")
    seas = {s.get("id") for s in doc.get("seas", [])}
    if seas != NAMED_SEAS:
        out.append("the seas are the Arabian Sea, the Bay of Bengal and the Indian Ocean "
                   "(arabian, bay, ocean)")
    by_id = {a.get("id"): a for a in areas}
    for a in areas:
        if a.get("territory") not in TERRITORIES:
            out.append(f"{a.get('id')}: territory is one of {TERRITORIES}")
        if not isinstance(a.get("hiland"), bool):
            out.append(f"{a.get('id')}: hiland is true or false")
        if not set(a.get("seas", [])) <= NAMED_SEAS:
            out.append(f"{a.get('id')}: seas are among {sorted(NAMED_SEAS)}")
    ceylon = {a.get("id") for a in areas if a.get("territory") == "ceylon"}
    if ceylon != {"lanka", "simhala"}:
        out.append("Ceylon is Lanka and Simhala")
    for n in ("gandhara", "kashmir"):
        if n in by_id and by_id[n].get("territory") != "north":
            out.append(f"{n} is in North India")
    if not any(a.get("territory") == "himalaya" for a in areas) or not any(
            a.get("territory") == "south" for a in areas):
        out.append("every territory has areas")
    coastal = {a.get("id") for a in areas if a.get("seas")}
    if coastal != FACTORY_AREAS | COASTAL_NO_FACTORY:
        out.append("the coastal areas are the 12 factory areas and Assam, Baluchistan and "
                   "Simhala; differ: " + ", ".join(sorted(coastal ^ (FACTORY_AREAS
                                                                       | COASTAL_NO_FACTORY))))
    factory = {a.get("id") for a in areas if a.get("factory")}
    if factory != FACTORY_AREAS:
        out.append("factories may be built in exactly Andhra, Bengal, Bijapur, Golconda, "
                   "Gujarat, Karnatak, Kerala, Lanka, Maharashtra, Malabar, Orissa, Sind")
    for n in ("malabar", "golconda"):
        if n in by_id and len(by_id[n].get("seas", [])) != 2:
            out.append(f"{n} borders two seas")
    known = set(ids) | offmap | seas
    borders = {_pair(*b) for b in doc.get("borders", []) if len(b) == 2}
    straits = {_pair(*b) for b in doc.get("straits", []) if len(b) == 2}
    for b in borders | straits:
        if not b <= known or len(b) != 2:
            out.append(f"border {sorted(b)}: both ends are areas of the map")
    for o in doc.get("offmap", []):
        for n in o.get("borders", []):
            if n not in known:
                out.append(f"{o.get('id')}: borders an unknown area {n}")
            borders.add(_pair(o.get("id"), n))
    for s in doc.get("seas", []):
        for n in s.get("borders", []):
            if n not in seas:
                out.append(f"{s.get('id')}: a sea borders seas only in its list")
    if _pair("lahore", "agra") in borders:
        out.append("Lahore and Agra are not adjacent (errata)")
    if _pair("malwa", "gondwana") in borders:
        out.append("no army moves directly between Malwa and Gondwana")
    if _pair("karnatak", "lanka") not in straits | borders:
        out.append("Karnatak and Lanka are joined (a strait crossed in one move)")
    for x, y in (("afghanistan", "baluchistan"), ("afghanistan", "punjab"),
                 ("china", "ladakh")):
        if _pair(x, y) not in borders:
            out.append(f"{x} borders {y}")
    # every land area reachable over land and straits
    graph: dict[str, set] = {i: set() for i in ids}
    for b in borders | straits:
        x, y = tuple(b) if len(b) == 2 else (None, None)
        if x in graph and y in graph:
            graph[x].add(y)
            graph[y].add(x)
    if ids:
        seen, todo = {ids[0]}, deque([ids[0]])
        while todo:
            for n in graph[todo.popleft()] - seen:
                seen.add(n)
                todo.append(n)
        if seen != set(ids):
            out.append("every land area is reachable by land: not "
                       + ", ".join(sorted(set(ids) - seen)))
    return out


def check_nations(doc: dict) -> list[str]:
    out: list[str] = []
    ns = {n.get("id"): n for n in doc.get("nations", [])}
    if set(ns) != set(ARMIES):
        out.append("the 17 nations are " + ", ".join(sorted(ARMIES)))
    for nid, n in ns.items():
        if nid in ARMIES and n.get("armies") != ARMIES[nid]:
            out.append(f"{nid}: {ARMIES[nid]} army counters, not {n.get('armies')}")
        if bool(n.get("colonial")) != (nid in COLONIAL):
            out.append(f"{nid}: colonial is {nid in COLONIAL}")
        if bool(n.get("raj")) != (nid in RAJ):
            out.append(f"{nid}: a Raj nation is {nid in RAJ}")
        got = {(c.get("territory"), c.get("max"), c.get("from", 0))
               for c in n.get("submit", [])}
        if got != SUBMIT.get(nid, set()):
            out.append(f"{nid}: may submit {sorted(SUBMIT.get(nid, set())) or 'never'}")
        if nid in COLONIAL and not isinstance(n.get("factories"), int):
            out.append(f"{nid}: a colonial nation has a number of factory counters")
    abbrs = [n.get("abbr") for n in ns.values()]
    if len(set(abbrs)) != len(abbrs):
        out.append("each nation has its own abbreviation")
    rules = {("mauryans", "no_increase", 5), ("guptas", "no_increase", 8),
             ("cholas", "no_increase", 10), ("muslims", "south", 12),
             ("mughals", "south", 15)}
    for nid, kind, turn in rules:
        n = ns.get(nid, {})
        turns = n.get("no_increase", []) if kind == "no_increase" else \
            n.get("count_only", {}).get("south", [])
        if turn not in turns:
            out.append(f"{nid}: the remarks restrict its increase in turn {turn}")
    for nid, last in (("guptas", 7), ("cholas", 9)):
        if any(t <= last for t in ns.get(nid, {}).get("no_increase", [])) or \
                ns.get(nid, {}).get("no_increase", []) != list(range(last + 1, 17)):
            out.append(f"{nid}: no increase after turn {last}, and only then")
    if ns.get("mughals", {}).get("count_only", {}).get("south") != [15, 16]:
        out.append("mughals: count only South India in turns 15 and 16")
    if ns.get("muslims", {}).get("count_only", {}).get("south") != list(range(12, 17)):
        out.append("muslims: count only South India from turn 12")
    if not (ns.get("cholas", {}).get("reinforce_south") and ns.get("marathas", {}).get(
            "reinforce_south")):
        out.append("cholas and marathas: reinforcements in a vacant South-Indian area")
    leaders = {ld.get("id"): ld for ld in doc.get("leaders", [])}
    if set(leaders) != NAMED_LEADERS:
        out.append("the 16 leaders are " + ", ".join(sorted(NAMED_LEADERS)))
    for lid, ld in leaders.items():
        if ld.get("nation") not in ns:
            out.append(f"{lid}: leads a nation of the game")
        if lid in LEADER_OF and ld.get("nation") != LEADER_OF[lid]:
            out.append(f"{lid} leads the {LEADER_OF[lid]}")
        if ld.get("removed") != REMOVED.get(lid, "next_own_turn"):
            out.append(f"{lid}: removed {REMOVED.get(lid, 'next_own_turn')}")
        if not isinstance(ld.get("turn"), int) or not 1 <= ld["turn"] <= 16:
            out.append(f"{lid}: appears in a turn 1-16")
    for lid, turn in (("alexander", 4), ("ashoka", 4), ("chandra", 7), ("timur", 11),
                      ("abdali", 15)):
        if leaders.get(lid, {}).get("turn") != turn:
            out.append(f"{lid} is on the map in turn {turn}")
    return out


def check_chart(doc: dict, areas: set[str] | None = None,
                nation_ids: set[str] | None = None) -> list[str]:
    out: list[str] = []
    nation_ids = nation_ids or set(ARMIES)
    m = FILES["map"]
    areas = areas or {a["id"] for a in m["areas"]}
    places = areas | {o["id"] for o in m["offmap"]} | {s["id"] for s in m["seas"]}
    if doc.get("turns") != 16 or len(doc.get("years", [])) != 16:
        out.append("16 game turns, each with its years")
    full = doc.get("start", {}).get("full", {})
    short = doc.get("start", {}).get("short", {})
    groups = [set(v) for v in full.get("armies", {}).values()]
    if sorted(map(sorted, groups)) != sorted(map(sorted, FULL_START)) or full.get("turn") != 1:
        out.append("the full game starts in turn 1 with one army in each of: Khandesh, "
                   "Malwa / Bundelkhand, Gondwana / Baluchistan, Delhi, Gandhara, Gujarat, "
                   "Kashmir, Lahore, Punjab, Rajputana, Sind")
    sgroups = [set(v) for v in short.get("armies", {}).values()]
    if sorted(map(sorted, sgroups)) != sorted(map(sorted, SHORT_START)) or \
            short.get("turn") != 9:
        out.append("the 3-player short game starts in turn 9 with the remarks' 7 groups")
    if short.get("armies", {}).get("guptas") is None or \
            {"turn": 9, "nation": "guptas", "kind": "remove"} not in short.get("skip", []):
        out.append("the short game: the Guptas keep their armies at the start of turn 9")
    removals = {(r.get("turn"), r.get("when"), r.get("nation"), r.get("armies"))
                for r in doc.get("removals", [])}
    if not removals >= SOURCED_REMOVALS:
        out.append("the remarks' removals: " + "; ".join(
            f"{n} {k} in turn {t} ({w})" for t, w, n, k in sorted(SOURCED_REMOVALS - removals)))
    arrivals = doc.get("arrivals", [])
    for t, nation, n, at in SOURCED_ARRIVALS:
        if not any(a.get("turn") == t and a.get("nation") == nation
                   and (n is None or a.get("armies") == n)
                   and (at is None or a.get("at") == at) for a in arrivals):
            out.append(f"{nation} arrive in turn {t}" + (f", {n} armies" if n else "")
                       + (f" in {at}" if at else ""))
    for a in arrivals:
        if a.get("nation") not in nation_ids:
            out.append(f"arrival {a}: an unknown nation")
        if a.get("at") not in places | {"own"}:
            out.append(f"arrival {a}: `at` is an area, an off-map area, a sea or `own`")
        if a.get("nation") == "british" and a.get("at") not in ("ocean", "own"):
            out.append("British reinforcements arrive in the Indian Ocean")
    used: Counter[str] = Counter()
    for nation, where in full.get("armies", {}).items():
        used[nation] += len(where)
    # Arrivals come from the counters not on the map, so together they may exceed the mix
    # (the Rajputs: 10 and 4 of 12); each one alone may not.
    for a in arrivals:
        used[a.get("nation")] = max(used[a.get("nation")], a.get("armies", 0))
    for nation, n in used.items():
        if n > ARMIES.get(nation, 0):
            out.append(f"{nation}: {n} armies start or arrive at once, more than the "
                       f"{ARMIES.get(nation, 0)} counters")
    order = doc.get("order", {})
    if sorted(order, key=int) != [str(t) for t in range(1, 17)]:
        out.append("the order of play lists turns 1-16")
    for a in arrivals:
        if a.get("nation") not in order.get(str(a.get("turn")), []):
            out.append(f"{a.get('nation')} arrive in turn {a.get('turn')}, so they play then")
    for t, nations in order.items():
        if len(set(nations)) != len(nations) or not set(nations) <= nation_ids:
            out.append(f"turn {t}: each nation of the game plays at most once")
    control = doc.get("control", {})
    for key, colours in (("3", 3), ("4", 4), ("5", 5), ("short", 3)):
        chart_n = control.get(key, {})
        name = "the short game's chart" if key == "short" else f"the {key}-player chart"
        if len(chart_n) != colours:
            out.append(f"{name} has {colours} colours")
        owned = Counter(x for v in chart_n.values() for x in v)
        if set(owned) != nation_ids or max(owned.values(), default=0) > 1:
            out.append(f"{name} gives each nation to exactly one colour")
    four = control.get("4", {})
    if set(four.get("yellow", [])) != YELLOW_4 or set(four.get("blue", [])) != BLUE_4:
        out.append("4 players: Yellow has the Mauryans, Guptas, Sinhalese and Dutch; Blue the "
                   "Harappans, Muslims, Afghans and Marathas")
    yellow_early = [t for t in range(10, 12) if any(
        a.get("turn") == t and a.get("nation") in YELLOW_4 for a in arrivals)]
    if yellow_early:
        out.append("Yellow has no new nation between turn 9 and the Dutch in turn 12")
    return out


def check_victory(doc: dict, nation_ids: set[str] | None = None) -> list[str]:
    out: list[str] = []
    nation_ids = nation_ids or set(ARMIES)
    raj = doc.get("raj", {})
    if set(raj.get("nations", [])) != RAJ:
        out.append("Raj titles: the Mauryans, Guptas, Muslims, Mughals and British")
    levels = [(x.get("areas"), x.get("title"), x.get("vp")) for x in raj.get("levels", [])]
    if levels != RAJ_LEVELS:
        out.append("Raj: Raja at 9 areas (1), Maharaja 18 (2), Maharajadhiraja 27 (3), "
                   "Chakravartin 36 (4)")
    cards = doc.get("cards", {})
    if set(cards) != nation_ids:
        out.append("a victory card for each of the 17 nations")
    areas = {a["id"] for a in FILES["map"]["areas"]}
    for nid, objectives in cards.items():
        for o in objectives:
            turns = o.get("turns", [])
            if not turns or not all(isinstance(t, int) and 1 <= t <= 16 for t in turns):
                out.append(f"{nid}: an objective's turns are 1-16")
            if not isinstance(o.get("vp"), int) or o["vp"] < 1:
                out.append(f"{nid}: an objective is worth at least 1 point")
            kinds = [k for k in ("areas", "territory", "coasts") if k in o]
            if len(kinds) != 1:
                out.append(f"{nid}: an objective names areas, a territory or coasts")
            if not set(o.get("areas", [])) <= areas:
                out.append(f"{nid}: objective areas are land areas")
            if "territory" in o and o["territory"] not in TERRITORIES:
                out.append(f"{nid}: territory is one of {TERRITORIES}")
            if o.get("coasts") and nid not in COLONIAL:
                out.append(f"{nid}: only colonial nations score coasts")
    return out


CHECKS = {"map": check_map, "nations": check_nations, "chart": check_chart,
          "victory": check_victory}


# Each file read once, where the rules first need it; ``python -m engine.games.maharaja``.
FILES = datafiles.DataFiles(DATA_DIR, CHECKS)


# --- the components as the rules and the pictures read them ----------------------------------

ROLES = ["yellow", "blue", "red", "green", "purple"]  # the players' colours
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
MAP = FILES["map"]
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


# Which places border which, in map order, never a set's: iteration order must not depend
# on string hashing, or the order of legal moves (and so the computer's choices) would
# differ between processes.
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    k: tuple(sorted(v, key=PLACES.index)) for k, v in _graph().items()}
NATIONS: dict[str, dict] = {n["id"]: n for n in FILES["nations"]["nations"]}
NATION_NAMES = {n: info["name"] for n, info in NATIONS.items()}
LEADERS: dict[str, dict] = {ld["id"]: ld for ld in FILES["nations"]["leaders"]}
CHART = FILES["chart"]  # the turn record, the order of play, control and the start
VICTORY = FILES["victory"]  # Raj titles and the victory cards
