"""What a player is asked now: the prompt and the legal steps, for placing a worker or
for the queued effect that waits for a choice."""

from __future__ import annotations

from engine import grammar
from engine.games.rajas import dice, words
from engine.games.rajas import province as prov
from engine.games.rajas.data import BUILDINGS, CHAMBERS, COLOURS, GOODS, ROLE_NAMES, TILES
from engine.games.rajas.kali import dice_decision
from engine.games.rajas.position import (
    affordable_tiles,
    chamber_possible,
    cover_ways,
    errata,
    free_slots,
    markets_of,
    me,
    overbuilds,
    river_reach,
    takeable_yields,
)
from engine.games.rajas.spaces import worker_spaces
from engine.games.rajas.words import tile_words


def prompt(state: dict, role: str) -> tuple[str, dict]:
    """The prompt ("Red: take a tile from the display.") and the legal steps."""
    text, acts = asked(state, role)
    return f"{ROLE_NAMES[role]}: {text}.", acts


def asked(state: dict, role: str) -> tuple[str, dict]:
    """What the player is asked to do now, as a phrase that follows "you are asked to"
    ("take a tile from the display"), and the legal steps."""
    p = me(state, role)
    if state["queue"]:
        text, acts = decision(state, role, state["queue"][0])
    else:
        text, acts = "place a worker, or `pass` for this round", worker_spaces(state, role)
        if not acts["place"]:
            acts = {}
        acts["pass"] = None
    if any(v == 0 for _, v in p["dice"]) and state["options"]["rules"] == "yucata":
        acts["roll"] = None
    return text, acts


def purpose(then: str) -> str:
    """What a die given up (a queued "face" effect's ``then``) is for, in words."""
    if then in CHAMBERS:
        return f"for {words.CHAMBER_NAMES[then]}"
    if then == "harbor":
        return "for the harbor"
    if then.startswith("market-"):
        return f"to score {then[7:]} markets"
    if then.startswith("take-"):
        return f"for two {then[5:]} dice"
    return "for it"


def decision(state: dict, role: str, e: dict) -> tuple[str, dict]:
    p = me(state, role)
    do = e["do"]
    if do == "tile":
        tiles = [state["display"][k] for k in affordable_tiles(state, role)]
        return "take a tile from the display", {"tile": tiles}
    if do == "pay":
        steps = dice.payment_steps(p["dice"], e["colour"], p["karma"], e["need"])
        return (f"give up {e['colour']} dice worth {e['need']} or more (a `k` after a die "
                "turns it with a karma)", {"die": steps})
    if do == "face":
        if e["then"] == "double":
            return ("give up a double, two dice showing one value: first one of them",
                    {"die": dice.double_steps(p["dice"], p["karma"])})
        faces = e["faces"]
        steps = [t for t in dice.any_steps(p["dice"], p["karma"], tuple(faces))
                 if not e.get("colour") or dice.die_of(t)[0] == e["colour"]]
        if e["then"] == "paid":
            return f"give up a die showing {faces[0]}", {"die": steps}
        what = f"{e['colour']} die" if e.get("colour") else "die"
        shown = "" if len(faces) == 6 else f" showing {words.faces(faces)}"
        return f"give up {grammar.a(what)}{shown} {purpose(e['then'])}", {"die": steps}
    if do == "place_tile":
        t = TILES[e["tile"]]
        ways = [prov.token(c, r) for c, r in prov.placements(p["cells"], t["roads"])]
        return f"place the {tile_words(e['tile'])} in your province", {"cell": ways}
    if do == "dice":
        if errata(state):
            return dice_decision(state, role, e)
        cols = [c for c in e.get("colours") or COLOURS if state["supply"][c] > 0]
        acts: dict[str, list | None] = {"colour": cols}
        full = len(p["dice"]) >= p["kali"]
        if full:
            acts = {"drop": sorted({dice.token(c, v) for c, v in p["dice"]})}
        acts["skip"] = None
        what = grammar.count(e["n"], "die", "dice") if e["n"] > 1 else "a die"
        return (f"take {what} of your choice"
                + (" (your Kali is full: put one back first, or `skip`)" if full else ""),
                acts)
    if do == "upgrade":
        return "upgrade a building type, or `skip`", {"upgrade": [
            b for b in BUILDINGS if p["upgrades"][b] < 2] or [], "skip": None}
    if do == "river":
        most = river_reach(state, role, e["max"])
        least = 0 if e.get("shorter") else min(1, len(most))
        acts = {"river": [str(k) for k in range(max(least, 1), len(most) + 1)]}
        if least == 0:
            acts["stay"] = None
        return (f"move your boat up to {grammar.count(e['max'], 'free space')}"
                + (", or `stay`" if least == 0 else ""), acts)
    if do == "reroll":
        left = [d for i, d in enumerate(p["dice"]) if d[1] and i not in e.get("rerolled", [])]
        return ("reroll dice one at a time (each once), or `done`",
                {"reroll": sorted({dice.token(c, v) for c, v in left}), "done": None})
    if do == "market":
        goods = [g for g in GOODS if any(m["good"] == g for m in markets_of(p))]
        return "score the markets of one good", {"good": goods}
    if do == "cover":
        cells = sorted({c for c, _ in overbuilds(state, role)})
        return "choose the tile to build over", {"cover": cells}
    if do == "cover_tile":
        tiles = [state["display"][k] for c, k in overbuilds(state, role) if c == e["cell"]]
        return f"choose the new tile for {e['cell']}", {"tile": tiles}
    if do == "cover_turn":
        ways = [prov.token(e["cell"], r) for r in cover_ways(
            p["cells"], e["cell"], TILES[e["tile"]]["roads"])]
        return f"turn the new tile on {e['cell']}", {"cell": ways}
    if do == "yield_tile":
        return ("take a yield tile for a free space of its colour, or `skip`",
                {"yield": takeable_yields(state, role), "skip": None})
    if do == "slot":
        colour = e["tile"].split("-")[0]
        return (f"lay {words.yield_tile(e['tile'])} on a {colour} space of your province",
                {"slot": free_slots(p, colour)})
    if do == "villages":
        cells = [c for c, t in p["cells"].items() if TILES[t["tile"]]["colour"] == "village"
                 and c not in e.get("done", [])]
        return (f"score a village again ({e['left']} left), or `done`",
                {"village": cells, "done": None})
    if do == "chamber":
        options = [n for n, f in CHAMBERS.items() if f >= 2 and chamber_possible(
            state, role, n)]
        return "carry out a palace chamber's action for free, or `skip`", {
            "chamber": options, "skip": None}
    raise AssertionError(f"unknown decision {do}")


def pending(state: dict, role: str) -> None:
    """Yield tiles a player must lay before their turn (the brown one dealt at the start,
    Navaratnas' catch-up tiles)."""
    p = me(state, role)
    while p["pending"]:
        tile = p["pending"].pop(0)
        if tile == "catchup":
            state["queue"].append({"do": "yield_tile"})
        elif free_slots(p, tile.split("-")[0]):
            state["queue"].append({"do": "slot", "tile": tile})
