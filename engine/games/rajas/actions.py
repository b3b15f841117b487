"""Carrying out a legal step: a worker placed on its space, a queued effect resolved
with the choice made, then every effect that needs no choice, until one does or the turn
ends."""

from __future__ import annotations

from engine import grammar, rng
from engine.games.rajas import dice, words
from engine.games.rajas import province as prov
from engine.games.rajas.data import BOARD, CHAMBERS, GOODS, ROLE_NAMES, TILES, stack_of
from engine.games.rajas.decisions import decision, purpose
from engine.games.rajas.effects import (
    add_money,
    after_face,
    build,
    earn,
    move_boat,
    overbuild,
    score_markets,
    upgrade,
    yield_tile_pays,
)
from engine.games.rajas.kali import gain_die, give_die, make_room, over_kali, roll_all
from engine.games.rajas.position import errata, me
from engine.games.rajas.rounds import end_turn, refill
from engine.games.rajas.spaces import space_cost, space_kind
from engine.games.rajas.words import tile_words


def apply(state: dict, role: str, action: str, arg) -> None:
    p = me(state, role)
    if action == "roll":
        roll_all(state, role)
        return
    if action == "pass":
        p["passed"] = True
        state["log"].append(f"{ROLE_NAMES[role]} passes for the rest of the round.")
        end_turn(state)
        return
    if action == "place":
        _place_worker(state, role, arg)
    else:
        e = state["queue"].pop(0)
        _resolve(state, role, e, action, arg)
    _run(state, role)


def _place_worker(state: dict, role: str, space: str) -> None:
    p = me(state, role)
    state["turn"]["placed"] = True
    kind = space_kind(space)
    cost = space_cost(state, kind)
    state["used"].setdefault(kind, []).append(role)  # who stands where, in order
    p["placed"] += 1
    add_money(state, role, -cost)
    state["log"].append(f"{ROLE_NAMES[role]} sends a worker to {words.space(space)}"
                        + (f", paying {cost} money" if cost else "") + ".")
    q = state["queue"]
    if space == "quarry":
        q.append({"do": "tile"})
    elif space == "harbor":
        q.append({"do": "face", "faces": [1, 2, 3], "then": "harbor"})
    elif space == "assorted":
        p["assorted"] = True
        score_markets(state, role, None, 3)
    elif space in GOODS:
        q.append({"do": "face", "faces": [1, 2, 3, 4, 5, 6], "then": f"market-{space}"})
    elif space in CHAMBERS:
        if space == "mogul":
            state["mogul"] = role
        q.append({"do": "face", "faces": [CHAMBERS[space]], "then": space})
    elif space.startswith("swap-"):
        give = space[5:]
        take = next(x["take"] for x in BOARD["exchange"] if x["give"] == give)
        q.append({"do": "face", "faces": [1, 2, 3, 4, 5, 6], "colour": give,
                  "then": f"take-{take}"})
    elif space.startswith("terrace-") and errata(state):
        q.append({"do": "dice", "n": 1, "colours": [space[8:]]})  # Kali may need room
    elif space.startswith("terrace-"):
        gain_die(state, role, space[8:])
    elif space == "money":
        add_money(state, role, 2)
        q.append({"do": "reroll"})
    elif space == "mango":
        q.append({"do": "villages", "left": 2})


def _resolve(state: dict, role: str, e: dict, action: str, arg) -> None:
    p = me(state, role)
    q = state["queue"]
    do = e["do"]
    if do == "tile":
        tid, key = arg, stack_of(arg)
        state["display"][key] = None
        state["refill"].append(key)
        state["log"].append(f"{ROLE_NAMES[role]} takes the {tile_words(tid)}.")
        then = {"do": "place_tile", "tile": tid}
        if TILES[tid]["colour"] == "village":  # a double: any die, then one of its value
            q.insert(0, {"do": "face", "faces": [1, 2, 3, 4, 5, 6], "then": "double",
                         "after": then})
        else:
            q.insert(0, {"do": "pay", "colour": TILES[tid]["colour"],
                         "need": TILES[tid]["cost"], "then": then})
        if state["options"]["rules"] == "printed":
            refill(state)
    elif do == "pay":
        value = give_die(state, role, arg)
        need = e["need"] - value
        if need > 0:
            q.insert(0, {**e, "need": need})
        else:
            q.insert(0, e["then"])
    elif do == "face":
        value = give_die(state, role, arg)
        if e["then"] == "double":
            q.insert(0, {"do": "face", "faces": [value], "then": "paid", "after": e["after"]})
        elif e["then"] == "paid":
            q.insert(0, e["after"])
        else:
            after_face(state, role, e["then"], value)
    elif do == "place_tile":
        cell, roads = prov.placement_of(arg)
        build(state, role, e["tile"], cell, roads)
    elif do == "dice" and action in ("return", "fewer"):
        make_room(state, role, e, action, arg)
    elif do == "dice":
        if action == "skip":
            state["log"].append(f"{ROLE_NAMES[role]} takes fewer dice.")
            return
        if action == "drop":
            give_die(state, role, arg, quiet=True)
            put = words.a_die(*dice.die_of(arg)[:2])
            state["log"].append(f"{ROLE_NAMES[role]} puts {put} back to make room.")
            q.insert(0, e)
            return
        gain_die(state, role, arg)
        if e["n"] > 1:
            q.insert(0, {**e, "n": e["n"] - 1})
    elif do == "upgrade":
        if action == "upgrade":
            upgrade(state, role, arg)
    elif do == "river":
        steps = 0 if action == "stay" else int(arg)
        move_boat(state, role, steps)
    elif do == "reroll":
        if action == "reroll":
            colour, value, _ = dice.die_of(arg)
            done = e.get("rerolled", [])
            i = next(i for i, (c, v) in enumerate(p["dice"])
                     if c == colour and v == value and i not in done)
            p["dice"][i][1] = rng.randint(state, 6) + 1
            state["log"].append(f"{ROLE_NAMES[role]} rerolls {words.a_die(colour, value)} "
                                f"and gets {grammar.a(str(p['dice'][i][1]))}.")
            q.insert(0, {**e, "rerolled": [*done, i]})
    elif do == "market":
        score_markets(state, role, arg, e["max"])
    elif do == "cover":
        q.insert(0, {"do": "cover_tile", "cell": arg})
    elif do == "cover_tile":
        tid, key = arg, stack_of(arg)
        old = TILES[p["cells"][e["cell"]]["tile"]]
        state["display"][key] = None
        state["refill"].append(key)
        state["log"].append(f"{ROLE_NAMES[role]} takes the {tile_words(tid)} to build over "
                            f"{e['cell']}.")
        then = {"do": "cover_turn", "cell": e["cell"], "tile": tid}
        if TILES[tid]["colour"] == "village":  # another 5, whatever the tile below cost
            q.insert(0, {"do": "face", "faces": [5], "then": "paid", "after": then})
        else:
            q.insert(0, {"do": "pay", "colour": TILES[tid]["colour"],
                         "need": TILES[tid]["cost"] - old["cost"], "then": then})
        if state["options"]["rules"] == "printed":
            refill(state)
    elif do == "cover_turn":
        cell, roads = prov.placement_of(arg)
        overbuild(state, role, e["tile"], cell, roads)
    elif do == "yield_tile" and action == "yield":
        colour, code = arg.split("-", 1)
        state["yield_display"][colour].remove(code)
        state["log"].append(f"{ROLE_NAMES[role]} takes {words.yield_tile(arg)}.")
        q.insert(0, {"do": "slot", "tile": arg})
    elif do == "slot":
        p["slots"][arg] = e["tile"]
        state["log"].append(f"{ROLE_NAMES[role]} lays it on {arg}.")
        if arg in p["reached"]:
            yield_tile_pays(state, role, arg)
    elif do == "villages" and action == "village":
        earn(state, role, TILES[p["cells"][arg]["tile"]]["bonus"],
              why=f"the village on {arg}, scored again")
        if e["left"] > 1:
            q.append({**e, "left": e["left"] - 1, "done": [*e.get("done", []), arg]})
    elif do == "chamber" and action == "chamber":
        after_face(state, role, arg, None)


def _run(state: dict, role: str) -> None:
    """Carry out queued effects that need no choice; stop at one that does, or end the
    turn when nothing is left."""
    q = state["queue"]
    while q:
        e = q[0]
        p = me(state, role)
        if e["do"] == "dice" and e.get("colours") and len(set(e["colours"])) == 1 and (
                not over_kali(state, role, e) if errata(state) else len(p["dice"]) < p["kali"]):
            q.pop(0)  # dice of one colour: nothing to choose while the Kali has room
            for _ in range(e["n"]):
                gain_die(state, role, e["colours"][0])
            continue
        _, acts = decision(state, role, e)
        if any(v for v in acts.values() if v is not None) or e["do"] in ("reroll", "chamber"):
            return
        # Nothing to choose (every building upgraded, no boat move, no tile to build
        # over any more): the effect lapses.
        q.pop(0)
        state["log"].append(_lapsed(ROLE_NAMES[role], e))
    if not state["turn"].get("placed") and not state["turn"].get("catchup"):
        return  # tiles laid before the turn: now the worker
    end_turn(state)


def _lapsed(who: str, e: dict) -> str:
    """The log line of a queued effect that lapses because it leaves nothing to choose."""
    lines = {
        "face": f"{who} has no die to give up {purpose(e.get('then', ''))}.",
        "dice": f"No die {who} may take is left in the supply.",
        "upgrade": f"{who}'s buildings are all at the top level: no upgrade.",
        "river": f"{who}'s boat has no free space to move to.",
        "market": f"{who} has no market to score.",
        "yield_tile": f"{who} has no free space for a yield tile.",
        "villages": f"{who} has no other village to score.",
    }
    return lines.get(e["do"], f"{who} has no way to go on with this action: it lapses.")
