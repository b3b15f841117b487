"""The main board's worker spaces: how many a game has, which are still free this round,
what they cost, and which of them a player can take now and pay for."""

from __future__ import annotations

from engine.games.rajas import dice
from engine.games.rajas.data import BOARD, CHAMBERS, COLOURS, FINAL, GOODS, TILES
from engine.games.rajas.position import (
    affordable_tiles,
    builder_possible,
    markets_of,
    me,
    portuguese_ok,
    rolled,
)


def free(state: dict, kind: str) -> int:
    """How many spaces of a kind are left this round."""
    return space_count(state, kind) - len(state["used"].get(kind, []))


def space_count(state: dict, kind: str) -> int:
    """How many spaces of a kind the board has in this game."""
    lay = state["layout"]
    total = {"quarry": len(lay["quarry"]), "harbor": len(lay["harbor"]),
             "two_money": lay["two_money"],
             "mango": lay["mango"] if state["options"].get("mango") else 0}.get(kind)
    if total is None:
        if kind.startswith("market-"):
            total = lay["market"].count(kind[7:])
        elif kind.startswith("terrace-"):
            total = lay["terrace"].count(kind[8:])
        else:  # a chamber or an exchange: one space each
            total = 1
    return total


def space_cost(state: dict, kind: str) -> int:
    lay = state["layout"]
    if kind in ("quarry", "harbor"):
        return lay[kind][len(state["used"].get(kind, []))]
    return 0


def space_kind(space: str) -> str:
    """The key a worker space's typed name is counted under in ``state["used"]``."""
    return {"assorted": "market-assorted", **{g: f"market-{g}" for g in GOODS},
            "money": "two_money"}.get(space, space)


def worker_spaces(state: dict, role: str) -> dict[str, list | None]:
    """The worker spaces this player can take now and pay for, each with what it costs."""
    p = me(state, role)
    money, karma = p["money"], p["karma"]
    any_rolled = bool(rolled(p))
    out: list[str] = []
    if free(state, "quarry") and money >= space_cost(state, "quarry") and \
            affordable_tiles(state, role):
        out.append("quarry")
    if free(state, "harbor") and money >= space_cost(state, "harbor") and \
            p["boat"] < FINAL and dice.any_steps(p["dice"], karma, (1, 2, 3)):
        out.append("harbor")
    markets = markets_of(p)
    if markets and free(state, "market-assorted") and not (
            p["assorted"] and len(state["roles"]) > 2):
        out.append("assorted")
    for good in GOODS:
        if free(state, f"market-{good}") and any_rolled and any(m["good"] == good
                                                                   for m in markets):
            out.append(good)
    for name, face in CHAMBERS.items():
        if not free(state, name) or not dice.face_steps(p["dice"], face, karma):
            continue
        if name == "builder" and not builder_possible(state, role):
            continue
        if name == "portuguese" and not portuguese_ok(p["boat"]):
            continue
        out.append(name)
    for ex in BOARD["exchange"]:
        if free(state, f"swap-{ex['give']}") and any(c == ex["give"] for c, _ in p["dice"]) \
                and state["supply"][ex["take"]] > 0:
            out.append(f"swap-{ex['give']}")
    for c in COLOURS:
        if free(state, f"terrace-{c}") and state["supply"][c] > 0:
            out.append(f"terrace-{c}")
    if free(state, "two_money"):
        out.append("money")
    villages = [c for c, t in p["cells"].items() if TILES[t["tile"]]["colour"] == "village"]
    if villages and free(state, "mango") and not (
            role in state["used"].get("mango", []) and len(state["roles"]) > 2):
        out.append("mango")
    return {"place": out}


def can_place(state: dict, role: str) -> bool:
    p = me(state, role)
    return not p["passed"] and p["placed"] < p["workers"] and bool(
        worker_spaces(state, role)["place"])
