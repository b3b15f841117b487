"""Why Rajas of the Ganges refuses a worker on a space: the space taken, once a round, the
money or the dice it asks for (the rule text's section named)."""

from __future__ import annotations

from collections.abc import Callable

from engine import grammar
from engine.games.rajas import data, dice, position, spaces, words

# --- worker spaces -----------------------------------------------------------------------------


def why_place(state: dict, role: str, space: object) -> str:
    space = str(space)
    if space.startswith("swap-") and space[5:] not in exchanges():
        return (f"There is no {space[5:]} exchange: the exchanges take "
                f"{grammar.and_(exchanges(), 'or')} dice")
    if space.startswith("terrace-") and space[8:] not in data.COLOURS:
        return (f"There is no {space[8:]} terrace: the terraces give "
                f"{grammar.and_(data.COLOURS)} dice")
    if space == "mango" and not state["options"].get("mango"):
        return "Mango Village is not in this game (option `mango=on`)"
    limit = _once_a_round(state, role, space)
    if limit:
        return limit
    kind = spaces.space_kind(space)
    if not spaces.free(state, kind):
        return _taken(state, kind)
    reason = _SPACE_REASONS.get(space.partition("-")[0])
    return reason(state, role, space) if reason else ""


def exchanges() -> list[str]:
    return [x["give"] for x in data.BOARD["exchange"]]


def _once_a_round(state: dict, role: str, space: str) -> str:
    """Market action / Mango Village: with 3 or 4 players, one worker a round each on the
    assorted goods market and in the village."""
    if len(state["roles"]) < 3:
        return ""
    p = position.me(state, role)
    if space == "assorted" and p["assorted"]:
        return ("You have had a worker on the assorted goods market this round: with 3 or 4 "
                "players, one a round each (Market action)")
    if space == "mango" and role in state["used"].get("mango", []):
        return ("You have had a worker at the Mango Tree this round: with 3 or 4 players, "
                "one a round each (Mango Village)")
    return ""


def _taken(state: dict, kind: str) -> str:
    """Placing workers: each action space holds one worker."""
    many = spaces.space_count(state, kind) > 1
    if kind.startswith("terrace-"):
        name = f"{'every' if many else 'the'} {kind[8:]} terrace"
    else:
        name = f"every space at {words.space(kind)}" if many else words.space(kind)
    return (f"{words.cap(name)} is taken this round: each action space holds one worker "
            "(Placing workers)")


def _short_of_money(state: dict, role: str, kind: str) -> str:
    cost, money = spaces.space_cost(state, kind), position.me(state, role)["money"]
    if money >= cost:
        return ""
    return (f"The next space at {words.space(kind)} costs {cost} money and you have {money} "
            "(Placing workers: an action you are short of money for cannot be taken)")


def no_face(p: dict, faces: tuple[int, ...]) -> str:
    """"none of your dice shows 2, even turned with a karma"."""
    turned = ", even turned with a karma" if p["karma"] else " and you have no karma to turn one"
    return f"none of your dice shows {words.faces(faces)}{turned}"


def _quarry(state: dict, role: str, space: str) -> str:
    return _short_of_money(state, role, "quarry") or _nothing_to_build(state, role)


def _nothing_to_build(state: dict, role: str) -> str:
    """Why no displayed tile can be built: none payable, or none that fits."""
    p = position.me(state, role)
    shown = [tid for tid in state["display"].values() if tid]
    if not shown:
        return "No tile is on display"
    if not any(payable(p, tid) for tid in shown):
        village = ", a village a double" if any(
            data.TILES[t]["colour"] == "village" for t in shown) else ""
        yours = f"your dice are {words.dice(p['dice'])}" if p["dice"] else "you have no dice"
        return ("You can pay for no tile on display: each costs dice of its own colour worth "
                f"at least its value{village} (Building action), and {yours}")
    return ("No tile you can pay for fits your province: a new tile must meet a road joined "
            "to the residence (The province boards)")


def payable(p: dict, tid: str) -> bool:
    t = data.TILES[tid]
    if t["colour"] == "village":
        return dice.has_double(p["dice"], p["karma"])
    return dice.can_pay(colour_values(p, t["colour"]), p["karma"], t["cost"])


def colour_values(p: dict, colour: str) -> list[int]:
    return [v for c, v in p["dice"] if c == colour and v]


def _harbor(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if p["boat"] >= data.FINAL:
        return "Your boat is on the final river space (River action)"
    if not dice.any_steps(p["dice"], p["karma"], (1, 2, 3)):
        return (f"The harbor takes a die showing 1, 2 or 3, but {no_face(p, (1, 2, 3))} "
                "(River action)")
    return _short_of_money(state, role, "harbor")


def _market(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if space == "assorted":
        return "" if position.markets_of(p) else "You have no market in your province to score"
    if not position.rolled(p):
        held = "none of yours is rolled yet (`roll`)" if p["dice"] else "you have no dice"
        return f"The {space} market takes a die of any value, and {held} (Market action)"
    if not any(m["good"] == space for m in position.markets_of(p)):
        return f"You have no {space} market in your province to score (Market action)"
    return ""


def _chamber(state: dict, role: str, name: str) -> str:
    p = position.me(state, role)
    face = data.CHAMBERS[name]
    if not dice.face_steps(p["dice"], face, p["karma"]):
        return (f"{words.cap(words.CHAMBER_NAMES[name])} takes a die showing {face}, but "
                f"{no_face(p, (face,))} (Actions at the palace)")
    return chamber_blocked(state, role, name)


def chamber_blocked(state: dict, role: str, name: str) -> str:
    """The master builder's and the Portuguese's own conditions (Actions at the palace)."""
    if name == "builder":
        return ("The master builder needs a tile of yours that a dearer tile on display can "
                "cover, the difference paid with dice of the new tile's colour and every tile "
                "still joined to the residence (Actions at the palace)")
    if name == "portuguese":
        return ("The Portuguese is closed to a boat in the river's last 6 spaces, and yours "
                f"is on space {position.me(state, role)['boat']} (Actions at the palace)")
    return ""


def _swap(state: dict, role: str, space: str) -> str:
    give = space[5:]
    take = next(x["take"] for x in data.BOARD["exchange"] if x["give"] == give)
    if not any(c == give for c, _ in position.me(state, role)["dice"]):
        return f"The {give} exchange takes {grammar.a(give)} die, and you have none"
    return out_of(state, take)


def out_of(state: dict, colour: str) -> str:
    if state["supply"][colour] > 0:
        return ""
    return (f"No {colour} die is left in the supply, and a colour the supply is out of "
            "cannot be taken")


def _mango(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if not any(data.TILES[t["tile"]]["colour"] == "village" for t in p["cells"].values()):
        return "You have no village in your province to score again (Mango Village)"
    return ""


_SPACE_REASONS: dict[str, Callable[[dict, str, str], str]] = {
    "quarry": _quarry, "harbor": _harbor, "assorted": _market,
    **{g: _market for g in data.GOODS}, **{c: _chamber for c in data.CHAMBERS},
    "swap": _swap, "terrace": lambda state, role, space: out_of(state, space[8:]),
    "mango": _mango,
}
