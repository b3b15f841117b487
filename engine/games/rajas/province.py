"""A player's province board: cells, tiles turned any way, roads joined to the residence,
and the yields on the board's edge that a road reaches.

The board itself (its grid, cells and edge yields) is published in data.py (``PROVINCE``,
``cell_name``). A placed tile keeps its roads as the sides they reach after turning
(``["N", "E"]``).
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.games.rajas.data import PROVINCE, SIDES, cell_name, cell_position

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


@cache
def neighbour(cell: str, side: str) -> str | None:
    r, c = cell_position(cell)
    dr, dc = STEP[side]
    r, c = r + dr, c + dc
    return cell_name(r, c) if 0 <= r < PROVINCE["rows"] and 0 <= c < PROVINCE["cols"] else None


def rotations(roads: list[str]) -> list[list[str]]:
    """Every distinct way a tile's roads can lie, turned a quarter at a time."""
    return [list(t) for t in _rotations(tuple(roads))]


@cache
def _rotations(roads: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    out: list[tuple[str, ...]] = []
    for k in range(4):
        turned = tuple(sorted((SIDES[(SIDES.index(s) + k) % 4] for s in roads),
                              key=SIDES.index))
        if turned not in out:
            out.append(turned)
    return tuple(out)


def roads_at(cells: dict, cell: str) -> list[str]:
    if cell == PROVINCE["residence"]:
        return PROVINCE["residence_roads"]
    placed = cells.get(cell)
    return placed["roads"] if placed else []


def layout(cells: dict) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The roads of a province's tiles as a key: what placing and covering depend on."""
    return tuple((c, tuple(t["roads"])) for c, t in cells.items())


def placements(cells: dict, roads: list[str]) -> list[tuple[str, list[str]]]:
    """Where and how a new tile may go: an empty cell, turned so that one of its roads
    meets a road already joined to the residence (every placed tile is)."""
    return [(cell, list(turned)) for cell, turned in _placements(layout(cells), tuple(roads))]


# The computer player asks this thousands of times a turn, of a province that changes
# once a turn or less: answered once per layout and tile shape (4,096 answers, ~2 MB).
@lru_cache(maxsize=4096)
def _placements(key: tuple[tuple[str, tuple[str, ...]], ...], roads: tuple[str, ...]
                ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    cells = dict(key)
    # The empty cells' sides that a road already reaches: a tile fits where one of its
    # roads lies on such a side.
    res = PROVINCE["residence"]
    open_sides = set()
    for cell in [res, *cells]:
        for side in PROVINCE["residence_roads"] if cell == res else cells[cell]:
            n = neighbour(cell, side)
            if n is not None and n != res and n not in cells:
                open_sides.add((n, OPPOSITE[side]))
    if not open_sides:
        return ()
    turns = _rotations(roads)
    near = {cell for cell, _ in open_sides}
    return tuple((cell, turned) for cell in PROVINCE["cells"] if cell in near
                 for turned in turns if any((cell, s) in open_sides for s in turned))


def connected(cells: dict) -> set[str]:
    """The cells whose tiles a road joins to the residence."""
    start = PROVINCE["residence"]
    seen, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for side in roads_at(cells, cell):
            n = neighbour(cell, side)
            if n and n not in seen and n in cells and OPPOSITE[side] in cells[n]["roads"]:
                seen.add(n)
                todo.append(n)
    return seen - {start}


def edge_yields(cell: str, roads: list[str], side_name: str) -> list[tuple[str, str]]:
    """The board-edge yields (side of the board ``basic`` or ``navaratnas``) this tile's
    roads reach: (edge id, earning code)."""
    out = []
    for s in roads:
        edge = PROVINCE["edges"].get((cell, s))
        if edge and edge.get(side_name):
            out.append((f"{cell}{s}", edge[side_name]))
    return out


def bends(cells: dict) -> int:
    """Tiles whose roads make one corner (two sides at a right angle)."""
    return sum(len(t["roads"]) == 2 and OPPOSITE[t["roads"][0]] != t["roads"][1]
               for t in cells.values())


def token(cell: str, roads: list[str]) -> str:
    """``b2-nes``: the cell, then the sides the roads reach once turned."""
    return f"{cell}-{''.join(r.lower() for r in roads)}"


def parse(tok: str) -> tuple[str, list[str]] | None:
    cell, sep, sides = tok.partition("-")
    if not sep or len(cell) < 2 or not cell[1:].isdigit() or not sides:
        return None
    roads = [s.upper() for s in sides]
    return (cell, sorted(roads, key=SIDES.index)) if set(roads) <= set(SIDES) else None


def placement_of(tok: str) -> tuple[str, list[str]]:
    """``parse`` of a placement token the rules offered (never a word a player typed)."""
    parsed = parse(tok)
    if parsed is None:
        raise ValueError(f"not a placement token: {tok!r}")
    return parsed
