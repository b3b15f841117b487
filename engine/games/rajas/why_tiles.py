"""Why Rajas of the Ganges refuses a province tile: taking one, where it goes on the province,
covering one, and Navaratnas' yield tiles and Mango Village."""

from __future__ import annotations

from engine import grammar
from engine.games.rajas import data, dice, position, words
from engine.games.rajas import province as prov
from engine.games.rajas.why_spaces import colour_values, no_face, payable

SHAPES = {2: "a bend", 3: "a T-junction", 4: "a crossroads"}
# --- tiles and where they go ---------------------------------------------------------------


def why_tile(state: dict, role: str, tid: object, e: dict) -> str:
    if tid not in data.TILES:
        return _no_tile_there(state, str(tid))
    tid = str(tid)  # a key of data.TILES
    p = position.me(state, role)
    t, name = data.TILES[tid], f"the {words.tile_words(tid)}"
    if e["do"] == "cover_tile":
        return _why_cover_tile(state, p, e["cell"], tid)
    if t["colour"] == "village" and not payable(p, tid):
        even = ", even turned with a karma" if p["karma"] else ""
        return ("A village costs a double, two dice showing one value in any colours (Mango "
                f"Village), and no two of your dice show one value{even}")
    if not payable(p, tid):
        return (f"{words.cap(name)} costs {t['colour']} dice worth {t['cost']}, and "
                f"{_most(p, t['colour'])} (Building action)")
    return (f"{words.cap(name)} fits nowhere in your province: turned any way, none of its "
            "roads meets a road joined to the residence on an empty cell (The province boards)")


def _most(p: dict, colour: str) -> str:
    """What the player's dice of a colour can pay at most, in words."""
    values = colour_values(p, colour)
    if values:
        karma = " with your karma" if p["karma"] else ""
        return f"your {colour} dice make at most {dice.best_total(values, p['karma'])}{karma}"
    if any(c == colour for c, _ in p["dice"]):
        return f"your {colour} dice are not rolled yet (`roll`)"
    return f"you have no {colour} die"


def _no_tile_there(state: dict, key: str) -> str:
    """``tile-<stack>`` when that stack shows no tile: the stack sizes and the display are
    public, so this tells nothing hidden."""
    if key == "village-mango" and "village-mango" not in state["display"]:
        return "Mango Village is not in this game (option `mango=on`)"
    if key not in state["display"]:
        return ("A tile is named by the stack it lies on: `tile-`, a colour, then snake, cow "
                "or tiger, as in `tile-blue-cow`")
    stack = "Mango Village" if key == "village-mango" else key.replace("-", " ")
    if key in state["refill"]:
        return (f"The {stack} stack's tile was taken this turn: the display refills at the "
                "end of the turn (Yucata's rules)")
    return f"The {stack} stack is used up: its display space stays empty"


def _why_cover_tile(state: dict, p: dict, cell: str, tid: str) -> str:
    """Actions at the palace, master builder: a dearer tile, the difference paid in its
    colour, every tile still joined; a village over a tile for another 5 (Mango Village)."""
    old, new = data.TILES[p["cells"][cell]["tile"]], data.TILES[tid]
    name = f"the {words.tile_words(tid)}"
    if new["colour"] == "village":
        return (f"A village laid over a tile costs another 5, but {no_face(p, (5,))} "
                "(Mango Village)")
    if new["cost"] <= old["cost"]:
        return (f"The new tile must cost more than the "
                f"{words.tile_words(p['cells'][cell]['tile'])} on {cell} (Actions at the palace: "
                "master builder)")
    diff = new["cost"] - old["cost"]
    if not dice.can_pay(colour_values(p, new["colour"]), p["karma"], diff):
        return (f"The difference, {diff}, is paid with {new['colour']} dice, and "
                f"{_most(p, new['colour'])} (Actions at the palace: master builder)")
    return (f"Turned any way on {cell}, {name} would cut a tile off from the residence: every "
            "tile keeps a road to it (Actions at the palace: master builder)")


def why_cell(state: dict, role: str, word: object, e: dict) -> str:
    placed = prov.parse(str(word))
    if not placed:
        return ("A place is a cell and the sides its roads reach once turned, as in `b2-nes` "
                "(cell b2, roads north, east and south)")
    cell, roads = placed
    lay = data.PROVINCE
    if cell == lay["residence"]:
        return f"{cell} is your residence"
    if cell not in lay["cells"]:
        return (f"{cell} is not a cell of your province: columns a to "
                f"{'abcdefgh'[lay['cols'] - 1]}, rows 1 to {lay['rows']}")
    if e["do"] == "cover_turn" and cell != e["cell"]:
        return f"The new tile goes on {e['cell']}, over the tile you chose to build over"
    tile = data.TILES[e["tile"]]
    if roads not in prov.rotations(tile["roads"]):
        return _wrong_shape(e["tile"], cell)
    p = position.me(state, role)
    if e["do"] == "cover_turn":
        return _cut_off(p, cell, roads)
    if cell in p["cells"]:
        return (f"{cell} already holds the {words.tile_words(p['cells'][cell]['tile'])}: a placed "
                "tile stays where it is (The province boards)")
    return _no_road_in(p, cell, tile["roads"])


def _shape(roads: list[str]) -> str:
    if len(roads) == 2 and prov.OPPOSITE[roads[0]] == roads[1]:
        return "a straight road"
    return SHAPES[len(roads)]


def _wrong_shape(tid: str, cell: str) -> str:
    turns = [f"`{prov.token(cell, r)}`" for r in prov.rotations(data.TILES[tid]["roads"])]
    return (f"The {words.tile_words(tid)} has {_shape(data.TILES[tid]['roads'])}: turned, it "
            f"lies as {grammar.and_(turns, 'or')}")


def _no_road_in(p: dict, cell: str, roads: list[str]) -> str:
    """The province boards: a new tile's road must meet a road joined to the residence."""
    fed = _fed_sides(p["cells"], cell)
    if not fed:
        open_cells = sorted({c for c, _ in prov.placements(p["cells"], roads)})
        where = f"; roads lead to {grammar.and_(open_cells)}" if open_cells else ""
        return (f"No road leads to {cell}: a new tile must meet a road joined to the "
                f"residence (The province boards){where}")
    ways = [f"`{prov.token(cell, r)}`" for r in prov.rotations(roads) if set(r) & set(fed)]
    sides = grammar.and_((words.SIDE_NAMES[s] for s in fed), "or")
    return (f"A road reaches {cell} only from the {sides}: turn the tile so that one of its "
            f"roads meets it, as {grammar.and_(ways, 'or')} (The province boards)")


def _fed_sides(cells: dict, cell: str) -> list[str]:
    """The sides of an empty cell that a road of a neighbouring tile (or the residence)
    reaches: every placed tile is joined to the residence, so these roads are too."""
    res = data.PROVINCE["residence"]
    out = []
    for side in prov.SIDES:
        n = prov.neighbour(cell, side)
        if n and (n == res or n in cells) and prov.OPPOSITE[side] in prov.roads_at(cells, n):
            out.append(side)
    return out


def _cut_off(p: dict, cell: str, roads: list[str]) -> str:
    trial = {**p["cells"], cell: {**p["cells"][cell], "roads": roads}}
    lost = sorted(set(trial) - prov.connected(trial))
    return (f"Turned so, the new tile would cut {grammar.and_(lost)} off from the residence: "
            "every tile keeps a road to it (Actions at the palace: master builder)")


def why_cover(state: dict, role: str, cell: object, e: dict) -> str:
    p = position.me(state, role)
    placed = p["cells"].get(str(cell))
    if not placed:
        return f"{cell} holds no tile of yours to build over"
    if data.TILES[placed["tile"]]["colour"] == "village":
        return "A village is never built over (Mango Village)"
    if placed.get("under"):
        return (f"The tile on {cell} was built over already: each tile once (Actions at the "
                "palace: master builder)")
    return (f"No tile on display can go over the {words.tile_words(placed['tile'])} on {cell}: it "
            "must cost more, the difference paid with dice of its colour, and leave every "
            "tile joined (Actions at the palace: master builder)")


# --- Navaratnas' yield tiles and Mango Village -------------------------------------------------


def why_yield(state: dict, role: str, tile: object, e: dict) -> str:
    colour, _, code = str(tile).partition("-")
    if code not in state["yield_display"].get(colour, []):
        return "There is no such yield tile on display"
    return (f"You have no free {colour} space in your province for it: a yield tile goes on "
            "a free space of its colour (Navaratnas version)")


def why_slot(state: dict, role: str, edge: object, e: dict) -> str:
    p = position.me(state, role)
    colour = e["tile"].split("-")[0]
    if edge in p["slots"]:
        return (f"{words.edge(str(edge))} holds a yield tile already, and one is never moved "
                "or covered (Navaratnas version)")
    free = [words.edge(s) for s in position.free_slots(p, colour)]
    return (f"{words.edge(str(edge))} is not a free {colour} space; yours: "
            f"{grammar.and_(free) or 'none'}")


def why_village(state: dict, role: str, cell: object, e: dict) -> str:
    p = position.me(state, role)
    placed = p["cells"].get(str(cell))
    if not placed or data.TILES[placed["tile"]]["colour"] != "village":
        return f"{cell} holds no village of yours"
    return (f"You have scored the village on {cell} on this visit: up to two different "
            "villages (Mango Village)")
