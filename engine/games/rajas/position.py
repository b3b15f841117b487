"""Reading a Rajas of the Ganges position without changing it: whose turn it is, which
rules revision it plays, a player's dice, markets and province, the tiles they can pay
for and place, where their boat can go, the yield tiles they have room for.

Every other rules module reads the position through these."""

from __future__ import annotations

from functools import lru_cache

from engine.games.rajas import dice
from engine.games.rajas import province as prov
from engine.games.rajas.data import FINAL, PROVINCE, TILES


def errata(state: dict) -> bool:
    """Whether the game plays issue 24's readings of the rule text (revision 2)."""
    return state.get("revision", 1) >= 2


def active(state: dict) -> list[str]:
    return [] if state["result"] else [state["turn"]["who"]]


def me(state: dict, role: str) -> dict:
    return state["players"][role]


def rolled(p: dict) -> list[int]:
    return [v for _, v in p["dice"] if v]


def affordable_tiles(state: dict, role: str) -> list[str]:
    p = me(state, role)
    out = []
    for key, tid in state["display"].items():
        if tid is None:
            continue
        t = TILES[tid]
        if t["colour"] == "village":
            payable = dice.has_double(p["dice"], p["karma"])
        else:
            values = [v for c, v in p["dice"] if c == t["colour"] and v]
            payable = dice.can_pay(values, p["karma"], t["cost"])
        if payable and prov.placements(p["cells"], t["roads"]):
            out.append(key)
    return out


def overbuilds(state: dict, role: str, p: dict | None = None) -> list[tuple[str, str]]:
    """(cell, display stack) pairs the master builder could do: a more expensive tile,
    the difference payable in its colour, every tile still joined afterwards; a cell is
    covered once. A Mango village goes over any tile for another 5. ``p``: the player as
    they would be (the chamber's own 5 given up)."""
    p = p or me(state, role)
    karma = p["karma"]
    shows_five = any(v == 5 or (karma and v == 2) for _, v in p["dice"])
    out = []
    for cell, placed in p["cells"].items():
        old = TILES[placed["tile"]]
        if placed.get("under") or old["colour"] == "village":  # a village is never built over
            continue
        for key, tid in state["display"].items():
            if tid is None:
                continue
            new = TILES[tid]
            if new["colour"] == "village":
                if not shows_five:
                    continue
            elif new["cost"] <= old["cost"] or not dice.can_pay(
                    [v for c, v in p["dice"] if c == new["colour"] and v], karma,
                    new["cost"] - old["cost"]):
                continue
            if cover_ways(p["cells"], cell, new["roads"]):
                out.append((cell, key))
    return out


def builder_possible(state: dict, role: str) -> bool:
    """Some 5 given up to the master builder leaves a building over possible."""
    p = me(state, role)
    for tok in dice.face_steps(p["dice"], 5, p["karma"]):
        colour, value, turned = dice.die_of(tok)
        rest = list(p["dice"])
        rest.remove([colour, value])
        if overbuilds(state, role, p=dict(p, dice=rest, karma=p["karma"] - turned)):
            return True
    return False


def cover_ways(cells: dict, cell: str, roads: list[str]) -> list[list[str]]:
    """The turns of a new tile on ``cell`` that keep every tile joined to the residence."""
    return [list(t) for t in _cover_ways(prov.layout(cells), cell, tuple(roads))]


# The computer weighs building over every cell with every tile on display, step after
# step of one turn, on a province that rarely changes: the answer depends on the roads
# alone, so it is worked out once per layout (4,096 answers, a few MB).
@lru_cache(maxsize=4096)
def _cover_ways(layout: tuple[tuple[str, tuple[str, ...]], ...], cell: str,
                roads: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    cells = {c: {"roads": list(r)} for c, r in layout}
    ways = []
    for turned in prov.rotations(list(roads)):
        trial = {**cells, cell: {"roads": turned}}
        if prov.connected(trial) == set(trial):
            ways.append(tuple(turned))
    return tuple(ways)


def chamber_possible(state: dict, role: str, name: str) -> bool:
    p = me(state, role)
    if name == "builder":
        return bool(overbuilds(state, role))
    if name == "portuguese":
        return portuguese_ok(p["boat"])
    return True


def portuguese_ok(boat: int) -> bool:
    """Not once the boat is within the river's last 6 spaces."""
    return boat <= FINAL - 6


def river_reach(state: dict, role: str, steps: int) -> list[int]:
    """The spaces the boat can stop on moving 1, 2, … free spaces (occupied ones are
    skipped; the final space holds any number of boats)."""
    taken = {q["boat"] for r, q in state["players"].items() if r != role}
    out: list[int] = []
    pos = me(state, role)["boat"]
    while len(out) < steps and pos < FINAL:
        pos += 1
        while pos < FINAL and pos in taken:
            pos += 1
        out.append(pos)
    return out


def free_slots(p: dict, colour: str) -> list[str]:
    return [f"{cell}{side}" for (cell, side), e in PROVINCE["edges"].items()
            if e.get("navaratnas") == f"slot_{colour}" and f"{cell}{side}" not in p["slots"]]


def takeable_yields(state: dict, role: str) -> list[str]:
    p = me(state, role)
    return [f"{c}-{code}" for c, codes in state["yield_display"].items()
            for code in dict.fromkeys(codes) if free_slots(p, c)]


def markets_of(p: dict) -> list[dict]:
    return [m for t in p["cells"].values() for m in TILES[t["tile"]]["markets"]]
