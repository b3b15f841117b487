"""Rajas of the Ganges' components as data, and what is wrong with a data file.

The tiles, the province board, the river, the main board's worker spaces and the yield
tiles live in ``data/*.json``, each read once through ``FILES`` (``FILES["tiles"]``). The
printed faces are not public, so each file holds Darbar's reconstruction, says so and
says what is known; an owner of the printed game can type in the real values and check
them with ``python -m engine.games.rajas [tiles.json province.json river.json board.json
yields.json mango.json]`` (a file is recognised by its name).

This module is the game's published part: the tables at its end (``TILES``, ``BOARD``,
``RIVER``, ``PROVINCE``, ``CHAMBERS``, ``ROLE_NAMES`` …) are what the rules and the
pictures read of the components; ``words.py`` is published with it (the names of things).
A renderer imports nothing else of the game but its contract.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine import datafiles

DATA_DIR = Path(__file__).parent / "data"
COLOURS = ("violet", "blue", "orange", "green")
BACKS = ("snake", "cow", "tiger")
BUILDINGS = ("temple", "palace", "fort", "mill")
GOODS = ("silk", "tea", "spices")
SIDES = ("N", "E", "S", "W")
# Every earning the rules name (river spaces, board edges, yield tiles, track bonuses), as
# ``kind`` or ``kind_N``; the engine carries out exactly these.
EARNINGS = {
    "money", "fame", "karma", "upgrade", "die_any", "dice_any", "worker", "river",
    "dice_violet_per_karma", "dice_blue_per_karma", "dice_orange_per_karma",
    "dice_green_per_karma", "dice_any_per_karma", "dice_violet_green_orange",
    "dice_blue_green_orange", "money_1_per_market", "market_assorted", "market_one_kind",
    "palace_any", "palace_dancer", "palace_yogi", "palace_raja", "advance",
    "fame_1_per_upgrade", "money_2_per_upgrade", "fame_2_per_karma", "fame_1_per_building",
    "fame_1_per_market_tile", "fame_1_per_3_river", "money_1_per_building",
    "money_2_per_yield_tile", "fame_2_per_bend", "fame_1_per_worker", "slot",
    "money_3_per_village",
}
RIVER_EARNINGS = 19  # the kinds in the rules' appendix: one a space (Darbar's reading)


def earning(code: str) -> tuple[str, int]:
    """``"money_4"`` -> ("money", 4); ``"die_violet"`` -> ("die_violet", 1); a code
    without a number counts once."""
    head, _, tail = code.rpartition("_")
    if head and tail.isdigit():
        return head, int(tail)
    return code, 1


def _known_earning(code: object) -> bool:
    if not isinstance(code, str):
        return False
    kind, _ = earning(code)
    return kind in EARNINGS or (kind.startswith("die_") and kind[4:] in COLOURS) or (
        kind.startswith("slot_") and kind[5:] in ("brown", "yellow", "red"))


# --- what the rules and every source agree on -------------------------------------------


def check_tiles(doc: dict) -> list[str]:
    """64 tiles, 16 a colour over the three backs (12 stacks); a cost of at least 1, many
    above 6, a blue 7 and an orange 8 among them; 2-4 road edges; 0-2 markets of a good
    with a value, 0-2 buildings, and at least one of either."""
    out: list[str] = []
    ts = doc.get("tiles", [])
    ids = [t.get("id") for t in ts]
    if len(ts) != 64 or len(set(ids)) != 64:
        out.append(f"there are 64 tiles with distinct ids, not {len(ts)}")
    per = Counter(t.get("colour") for t in ts)
    for c in COLOURS:
        if per[c] != 16:
            out.append(f"{c}: 16 tiles, not {per[c]}")
    stacks = {(t.get("colour"), t.get("back")) for t in ts}
    if len(stacks) != 12:
        out.append(f"the tiles make {len(stacks)} stacks by colour and back, not 12")
    for t in ts:
        name = t.get("id", "?")
        if t.get("colour") not in COLOURS or t.get("back") not in BACKS:
            out.append(f"{name}: colour must be one of {COLOURS}, back one of {BACKS}")
        cost = t.get("cost")
        if not isinstance(cost, int) or cost < 1:
            out.append(f"{name}: the cost is a whole number of pips, at least 1")
        roads = t.get("roads", [])
        if not 2 <= len(set(roads)) == len(roads) <= 4 or not set(roads) <= set(SIDES):
            out.append(f"{name}: roads are 2-4 distinct edges of {SIDES}")
        markets, buildings = t.get("markets", []), t.get("buildings", [])
        if len(markets) > 2 or len(buildings) > 2 or not markets + buildings:
            out.append(f"{name}: a tile has 1-2 markets and/or 1-2 buildings")
        for m in markets:
            if m.get("good") not in GOODS or not isinstance(m.get("value"), int) or \
                    m["value"] < 1:
                out.append(f"{name}: a market is a good of {GOODS} with a value of 1 or more")
        if any(b not in BUILDINGS for b in buildings):
            out.append(f"{name}: buildings are {BUILDINGS}")
    costs = {(t.get("colour"), t.get("cost")) for t in ts}
    for known in (("blue", 7), ("orange", 8)):
        if known not in costs:
            out.append(f"no {known[0]} {known[1]} tile (the rules' and a review's example)")
    if sum(isinstance(t.get("cost"), int) and t["cost"] > 6 for t in ts) < 16:
        out.append("many costs are above 6 (a review): at least a quarter of the tiles")
    return out


def check_province(doc: dict) -> list[str]:
    """A grid with the residence on its top row's middle cell, three roads out of it, and
    yields on outer edges of the grid."""
    out: list[str] = []
    rows, cols = doc.get("rows"), doc.get("cols")
    if not isinstance(rows, int) or not isinstance(cols, int) or rows < 2 or cols < 3:
        return ["the grid needs `rows` (2 or more) and `cols` (3 or more)"]
    res = doc.get("residence", {})
    if res.get("cell") != [0, cols // 2]:
        out.append(f"the residence is in the middle of the top row: cell [0, {cols // 2}]")
    if len(res.get("roads", [])) != 3 or not set(res.get("roads", [])) <= set(SIDES):
        out.append("three roads lead out of the residence")
    seen = set()
    for e in doc.get("edges", []):
        (r, c), side = e.get("cell", [None, None]), e.get("side")
        outer = (side == "N" and r == 0) or (side == "S" and r == rows - 1) or (
            side == "W" and c == 0) or (side == "E" and c == cols - 1)
        if not outer or not (0 <= r < rows and 0 <= c < cols) or [r, c] == res.get("cell"):
            out.append(f"edge {e.get('cell')} {side}: yields lie on the board's outer edge")
        if (r, c, side) in seen:
            out.append(f"edge {e.get('cell')} {side} is listed twice")
        seen.add((r, c, side))
        for key in ("basic", "navaratnas"):
            if e.get(key) is not None and not _known_earning(e[key]):
                out.append(f"edge {e.get('cell')} {side}: unknown {key} yield {e[key]!r}")
    slots = Counter(e.get("navaratnas") for e in doc.get("edges", []))
    if slots["slot_brown"] != 2:
        out.append("the Navaratnas side has two brown yield-tile spaces")
    return out


def check_river(doc: dict) -> list[str]:
    out: list[str] = []
    spaces = doc.get("spaces", [])
    if len(spaces) != RIVER_EARNINGS:
        out.append(f"the river has {RIVER_EARNINGS} spaces after the start, not "
                   f"{len(spaces)}")
    if len(spaces) >= 2 and spaces[1] != "karma_2":
        out.append("space 2 raises karma by 2 (the Ganga module's example)")
    out += [f"space {i}: unknown earning {s!r}" for i, s in enumerate(spaces, 1)
            if not _known_earning(s)]
    bridge = doc.get("bridge_after")
    if not isinstance(bridge, int) or not 1 <= bridge < len(spaces):
        out.append("`bridge_after` is the river space the bridge follows")
    if len(doc.get("ganga_tiles", [])) != 8:
        out.append("the Ganga module has 8 river tiles")
    return out


def check_board(doc: dict) -> list[str]:
    out: list[str] = []
    tracks = doc.get("tracks", {})
    if tracks.get("fame_max") != 60 or tracks.get("money_max") != 120:
        out.append("fame runs to 60 and money to 120")
    if doc.get("start_money") != [3, 4, 5, 6]:
        out.append("starting money is 3, 4, 5 and 6 in turn order")
    for key in ("fame_bonus", "money_bonus"):
        for space, code in tracks.get(key, {}).items():
            if not space.isdigit() or not _known_earning(code):
                out.append(f"{key} {space}: unknown bonus {code!r}")
    sides = doc.get("sides", {})
    for name in ("2", "3-4"):
        side = sides.get(name)
        if not side:
            out.append(f"the board has a side for {name} players")
            continue
        quarry, harbor = side.get("quarry", []), side.get("harbor", [])
        if not quarry or any(not 1 <= c <= 4 for c in quarry) or quarry != sorted(quarry):
            out.append(f"{name}: the quarry costs 1-4 money, cheapest first")
        if not harbor or harbor[0] != 0 or harbor != sorted(harbor) or max(harbor) > 2:
            out.append(f"{name}: the harbor's first space is free, then 1 or 2 money")
        if any(m not in ("assorted", *GOODS) for m in side.get("market", [])):
            out.append(f"{name}: market spaces are `assorted` or a good")
        if any(c not in COLOURS for c in side.get("terrace", [])):
            out.append(f"{name}: a terrace gives a die of one of {COLOURS}")
    four = sides.get("3-4", {})
    if four.get("market", []).count("assorted") != 2:
        out.append("3-4 players: two assorted-goods market spaces")
    covered = four.get("covered_3", {})
    if four.get("quarry") and four["quarry"][covered.get("quarry", 0)] != 1:
        out.append("3 players: the covered quarry space is the first, costing 1")
    if len(four.get("harbor", [])) > 2 and four["harbor"][covered.get("harbor", 2)] != 1:
        out.append("3 players: the covered harbor space is the third, costing 1")
    if sorted(doc.get("chambers", {})) != ["1", "2", "3", "4", "5", "6"]:
        out.append("the palace has six chambers, for the die faces 1-6")
    if len(doc.get("exchange", [])) != 4:
        out.append("four die exchanges in the palace")
    return out


def check_yields(doc: dict) -> list[str]:
    out: list[str] = []
    for colour, n in (("white", 8), ("yellow", 9), ("red", 6), ("brown", 7)):
        got = doc.get(colour, [])
        if len(got) != n:
            out.append(f"{n} {colour} yield tiles, not {len(got)}")
        out += [f"{colour}: unknown yield {y!r}" for y in got if not _known_earning(y)]
    if sorted({earning(y)[0] for y in doc.get("white", [])}) != sorted(
            ["die_any", "money", "upgrade", "karma"]):
        out.append("white tiles give a die, 3 money, an upgrade or a karma")
    return out


def check_mango(doc: dict) -> list[str]:
    out: list[str] = []
    villages = doc.get("villages", [])
    if len(villages) != 8 or len({v.get("id") for v in villages}) != 8:
        out.append(f"there are 8 village tiles with distinct ids, not {len(villages)}")
    for v in villages:
        roads = v.get("roads", [])
        if not 2 <= len(set(roads)) == len(roads) <= 4 or not set(roads) <= set(SIDES):
            out.append(f"{v.get('id')}: roads are 2-4 distinct edges of {SIDES}")
        if not _known_earning(v.get("bonus")):
            out.append(f"{v.get('id')}: unknown bonus {v.get('bonus')!r}")
    if doc.get("tree_spaces") != {"2": 1, "3-4": 2}:
        out.append("the Mango Tree has one space for 2 players and two for 3-4")
    if doc.get("navaratnas_brown") != "money_3_per_village":
        out.append("the module's brown yield tile gives 3 money for each village "
                   "(`navaratnas_brown`: money_3_per_village)")
    return out


CHECKS = {"tiles": check_tiles, "province": check_province, "river": check_river,
          "board": check_board, "yields": check_yields, "mango": check_mango}


# Each file read once, where the rules first need it; ``python -m engine.games.rajas``.
FILES = datafiles.DataFiles(DATA_DIR, CHECKS)


# --- the components as the rules and the pictures read them ----------------------------------

# The players' colours: none of them a die colour, so a die and a worker never look alike.
ROLES = ["red", "yellow", "white", "black"]
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
TILES = {t["id"]: t for t in FILES["tiles"]["tiles"]}
# Mango Village's tiles: no colour or cost of pips (a double buys one), a bonus instead.
TILES.update({v["id"]: {**v, "colour": "village", "back": "mango", "cost": 0,
                        "markets": [], "buildings": []} for v in FILES["mango"]["villages"]})
BOARD = FILES["board"]
RIVER = FILES["river"]
FINAL = len(RIVER["spaces"])  # the final space's number; 0 is the start
TRACKS = BOARD["tracks"]
CROSS = TRACKS["cross_at"]  # markers meet when 2 x fame + money reaches this
CHAMBERS = {"mogul": 1, "dancer": 2, "yogi": 3, "raja": 4, "builder": 5, "portuguese": 6}
STACKS = [f"{c}-{b}" for c in COLOURS for b in BACKS]


def stack_of(tid: str) -> str:
    """The display stack a tile lies on: its colour and back (``blue-cow``)."""
    return f"{TILES[tid]['colour']}-{TILES[tid]['back']}"


def cell_name(row: int, col: int) -> str:
    """A province cell's name, like a chess board seen from the residence's side: columns
    a-e from the west, rows 1-4 from the top (the residence is ``c1``)."""
    return f"{'abcdefgh'[col]}{row + 1}"


def cell_position(cell: str) -> tuple[int, int]:
    return int(cell[1:]) - 1, "abcdefgh".index(cell[0])


def _province() -> dict:
    p = FILES["province"]
    residence = cell_name(*p["residence"]["cell"])
    cells = [cell_name(r, c) for r in range(p["rows"]) for c in range(p["cols"])
             if cell_name(r, c) != residence]
    return {"rows": p["rows"], "cols": p["cols"], "residence": residence, "cells": cells,
            "residence_roads": list(p["residence"]["roads"]),
            "edges": {(cell_name(*e["cell"]), e["side"]): e for e in p["edges"]}}


# The province board: its grid, the residence and its roads, the yields on its edge
# (keyed by cell and side: ``("a1", "N")``).
PROVINCE = _province()
