"""Taj Mahal's components as data: the game's published components (what the rules, the
renderer and the words read: the board's names and places, the cards with their typed
names), and what is wrong with a data file.

The board, the tiles and the cards live in ``data/*.json``, read once through ``FILES``.
Where the printed parts are not public (the road graph, the fortresses, the commodities
on the tiles, the mix of the bonus tiles, one card of each colour) the files hold
Darbar's reconstruction and say so; an owner of the printed game can type in the real
values and check them with
``python -m engine.games.taj_mahal [board.json tiles.json cards.json]``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.datafiles import DataFiles

SYMBOLS = ("vizier", "general", "monk", "princess", "grand_mogul", "elephant")
INFLUENCE = ("vizier", "general", "monk", "princess")  # the four tiles of the court
COLOURS_PER_GAME = 4
SPECIAL_EFFECTS = ("elephant", "grand_mogul", "points2", "colour_change")


# --- what the rules and every source agree on -------------------------------------------


def check_board(b: dict) -> list[str]:
    """The board: 12 provinces, 11 of 4 cities joined in a ring and Agra's of 5, 49 cities,
    16 fortresses with Agra's city among them and some province holding two, roads only
    between cities of one province or of neighbouring ones, every city reachable."""
    out = []
    provinces = [p.get("id") for p in b.get("provinces", [])]
    if len(provinces) != 12 or len(set(provinces)) != 12:
        out.append(f"the board needs 12 provinces with distinct ids, not {len(provinces)}")
    if "agra" not in provinces:
        out.append("one province must be `agra` (it is visited last, with tile 12)")
    cities = b.get("cities", [])
    ids = [c.get("id") for c in cities]
    if len(ids) != 49 or len(set(ids)) != 49:
        out.append(f"the board needs 49 cities with distinct ids, not {len(ids)}")
    by_province = Counter(c.get("province") for c in cities)
    for p in provinces:
        want = 5 if p == "agra" else 4
        if by_province[p] != want:
            out.append(f"province {p} has {by_province[p]} cities, not {want}")
    strays = sorted(set(by_province) - set(provinces), key=str)
    if strays:
        out.append(f"cities in unknown provinces: {', '.join(map(str, strays))}")
    forts = [c["id"] for c in cities if c.get("fortress")]
    if len(forts) != 16:
        out.append(f"the board needs 16 fortresses, not {len(forts)}")
    if "agra" not in forts:
        out.append("the city `agra` must be a fortress (the Taj Mahal tile lies there)")
    per = Counter(c.get("province") for c in cities if c.get("fortress"))
    if per and max(per.values()) < 2:
        out.append("some province must hold two fortresses (two tea tiles in one visit)")
    province_of = {c.get("id"): c.get("province") for c in cities}
    roads = b.get("roads", [])
    neighbours: dict[str, set[str]] = {i: set() for i in ids}
    for road in roads:
        if len(road) != 2 or not all(r in province_of for r in road) or road[0] == road[1]:
            out.append(f"road {road} does not join two cities of the board")
            continue
        neighbours[road[0]].add(road[1])
        neighbours[road[1]].add(road[0])
    for p in provinces:
        inside = [i for i in ids if province_of[i] == p]
        linked = {i: {j for j in neighbours[i] if province_of[j] == p} for i in inside}
        if p != "agra" and any(len(v) != 2 for v in linked.values()):
            out.append(f"the 4 cities of {p} must be joined in a ring of 4 roads")
        if not _connected(inside, linked):
            out.append(f"the cities of {p} are not all joined by its own roads")
    if ids and not _connected(ids, neighbours):
        out.append("not every city can be reached by road")
    return out


def _connected(nodes: list[str], links: dict[str, set[str]]) -> bool:
    if not nodes:
        return True
    seen, todo = {nodes[0]}, [nodes[0]]
    while todo:
        for j in links[todo.pop()]:
            if j in links and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen >= set(nodes)


def check_tiles(t: dict) -> list[str]:
    """Province tiles 1-12 (tile 1 one commodity, the others two: 23 icons); 15 square
    bonus tiles of +2 points, +1 card or a commodity, at least two of them tea."""
    out = []
    goods = tuple(t.get("commodities", ()))
    if sorted(goods) != sorted(("rice", "tea", "spices", "jewels")):
        out.append("the commodities are rice, tea, spices and jewels")
    prov = t.get("province_tiles", {})
    if sorted(prov, key=lambda k: int(k) if str(k).isdigit() else 0) != [str(i) for i in
                                                                           range(1, 13)]:
        out.append("province tiles are numbered 1 to 12")
    for k, shown in prov.items():
        want = 1 if k == "1" else 2
        if len(shown) != want or any(g not in goods for g in shown):
            out.append(f"province tile {k} must show {want} commodit{'y' if want == 1 else 'ies'}")
    bonus = t.get("bonus_tiles", {})
    if sum(bonus.values()) != 15:
        out.append(f"there are 15 square bonus tiles, not {sum(bonus.values())}")
    for kind in bonus:
        if kind not in ("points2", "card", *goods):
            out.append(f"`{kind}` is not a bonus tile: points2, card or a commodity")
    if bonus.get("tea", 0) < 2:
        out.append("at least two bonus tiles show tea (the rules' example wins two)")
    if (t.get("taj_mahal") or {}).get("points") != 4:
        out.append("the Taj Mahal tile is worth 4 points")
    return out


def deck(c: dict | None = None) -> list[dict]:
    """The 96 regular cards: {"id", "colour" ("white" for white cards), "symbols"}."""
    c = c or FILES["cards"]
    out = []
    for colour in c["colours"]:
        faces = [(list(s), n) for s, n in c["coloured"]["common"]]
        faces += [(list(s), 1) for s in c["coloured"]["pairs"][colour]]
        for symbols, n in faces:
            out += [{"colour": colour, "symbols": symbols} for _ in range(n)]
    for symbol, n in c["white"]:
        out += [{"colour": "white", "symbols": [symbol]} for _ in range(n)]
    for i, card in enumerate(out):
        card["id"] = f"{card['colour'][0]}{i:02d}"
    return out


def check_cards(c: dict) -> list[str]:
    """21 cards of each of four colours with two symbols (two different, or two Elephants),
    12 white cards with one symbol (7 Elephants, one of each other), four special cards,
    one for each influence tile."""
    out = []
    if len(c.get("colours", ())) != COLOURS_PER_GAME:
        out.append("there are four card colours")
    try:
        regular = deck(c)
    except (KeyError, TypeError, ValueError) as e:
        return [*out, f"the card lists are malformed ({e})"]
    for colour in c["colours"]:
        mine = [x for x in regular if x["colour"] == colour]
        if len(mine) != 21:
            out.append(f"{colour} has {len(mine)} cards, not 21")
        for x in mine:
            s = x["symbols"]
            if len(s) != 2 or any(y not in SYMBOLS for y in s) or (
                    s[0] == s[1] and s[0] != "elephant"):
                out.append(f"a {colour} card shows {s}: two different symbols or two Elephants")
    white = Counter(x["symbols"][0] for x in regular if x["colour"] == "white")
    if white != Counter({"elephant": 7, "vizier": 1, "general": 1, "monk": 1, "princess": 1,
                         "grand_mogul": 1}):
        out.append("the 12 white cards are 7 Elephants and one of each other symbol")
    specials = c.get("specials", {})
    if sorted(specials) != sorted(INFLUENCE) or sorted(specials.values()) != sorted(
            SPECIAL_EFFECTS):
        out.append("each influence tile wins one of the four special cards")
    return out


def _kind(doc: dict) -> str | None:
    """A file named otherwise, told by what it holds."""
    return "board" if "cities" in doc else "tiles" if "province_tiles" in doc else \
        "cards" if doc else None


FILES = DataFiles(Path(__file__).parent / "data",
                  {"board": check_board, "tiles": check_tiles, "cards": check_cards}, _kind)

# --- the published components ---------------------------------------------------------------

VISITS = 12  # one a province, in the order of the province tiles
BOARD = FILES["board"]
TILES = FILES["tiles"]
PROVINCE_OF = {c["id"]: c["province"] for c in BOARD["cities"]}
CITIES_OF: dict[str, list[str]] = {}
for _c in BOARD["cities"]:
    CITIES_OF.setdefault(_c["province"], []).append(_c["id"])
ROADS = [tuple(r) for r in BOARD["roads"]]
PROVINCE_NAMES = {p["id"]: p["name"] for p in BOARD["provinces"]}
FORTRESSES = [c["id"] for c in BOARD["cities"] if c["fortress"]]

# The cards: the 96 of the deck by id, the special cards as ``sp_<effect>``, and every
# card's typed name, its kind: the same for identical cards, which players cannot tell
# apart either.
SPECIAL_IDS = {f"sp_{effect}": effect for effect in SPECIAL_EFFECTS}
SPECIAL_SYMBOLS = {"elephant": ["elephant"], "grand_mogul": ["grand_mogul"],
                   "points2": [], "colour_change": []}
SPECIAL_OF = {s: f"sp_{effect}" for s, effect in FILES["cards"]["specials"].items()}
SHORT = {"grand_mogul": "mogul"}
SPECIAL_KINDS = {"elephant": "special-elephant", "grand_mogul": "special-mogul",
                 "points2": "special-2points", "colour_change": "special-colour"}


def _cards() -> dict[str, dict]:
    out = {c["id"]: c for c in deck()}
    for cid, effect in SPECIAL_IDS.items():
        out[cid] = {"id": cid, "colour": "special", "symbols": SPECIAL_SYMBOLS[effect]}
    return out


CARDS = _cards()
CARD_IDS = tuple(CARDS)  # the 100 cards and 4 special cards, each once


def _card_kind(cid: str) -> str:
    """A card's typed name: its colour and symbols (``red-vizier-general``)."""
    if cid in SPECIAL_IDS:
        return SPECIAL_KINDS[SPECIAL_IDS[cid]]
    c = CARDS[cid]
    symbols = sorted(c["symbols"], key=SYMBOLS.index)
    return "-".join([c["colour"], *(SHORT.get(s, s) for s in symbols)])


KIND = {cid: _card_kind(cid) for cid in CARDS}
# A kind names its card's colour and symbols as well as any of its copies does.
CARDS.update({KIND[cid]: card for cid, card in list(CARDS.items())})
KIND.update({k: k for k in list(KIND.values())})
