"""Rajas of the Ganges (Inka & Markus Brand, 2017), base game, to the engine contract.

In turn each player places one worker on a free space they can pay for and carries out
its action at once: the quarry (a province tile), the market (money for markets), the
Great Mogul's palace (dice, money, the six chambers) or the harbor (the boat downriver).
Fame climbs one track and money the other; the first whose markers meet ends the game
when the current stage is over. Effects that follow from one another (a tile's buildings,
a track bonus, a river space) queue up and are carried out in order; an effect that
needs a choice waits for it. Yucata's rules are the default where they differ from the
printed ones (option ``rules=printed``). Darbar's readings are marked as such.
"""

from __future__ import annotations

from collections.abc import Collection

from engine import rng
from engine.errors import IllegalAction
from engine.games.rajas import data, dice, words
from engine.games.rajas import province as prov
from engine.jsontree import clone
from engine.options import revision_entry, with_defaults
from engine.rng import seed_state
from engine.steps import offered

ID = "rajas"
NAME = "Rajas of the Ganges"
# The players' colours: none of them a die colour, so a die and a worker never look alike.
ROLES = ["red", "yellow", "white", "black"]
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
PLAYERS = (2, 4)
OPTIONS = {
    "players": {"type": "int", "default": 3, "min": 2, "max": 4,
                "help": "How many colours play (fewer people share them)."},
    "rules": {"type": "choice", "choices": ["yucata", "printed"], "default": "yucata",
              "help": "Yucata's (dice roll at the end of the turn, the display refills then, "
              "a harbor move may be shorter) or the printed ones."},
    "ganga": {"type": "bool", "default": False,
              "help": "The Ganga module: 8 river tiles placed by dice."},
    "mango": {"type": "bool", "default": False,
              "help": "Mango Village: 8 village tiles and the Mango Tree."},
    "variant": {"type": "choice", "choices": ["basic", "navaratnas"], "default": "basic",
                "help": "Navaratnas is the advanced version: 8 dice, 6 workers, yield tiles "
                "on the province's back."},
    "advanced": {"type": "set", "choices": ["red", "yellow", "white", "black"], "default": "",
                 "help": "Mixed groups in the basic game: the colours of advanced players "
                 "(the province's back without yield tiles, 8 dice); they must be in play."},
}
COLOURS = data.COLOURS
BUILDINGS = data.BUILDINGS
GOODS = data.GOODS
KALI = 10  # dice a Kali statue holds (basic side); 8 on the Navaratnas back
MAX_ROUNDS = 40  # Darbar's reading: a game nobody can finish ends (none has come close)
MAX_KARMA = 3
EXTRA_WORKERS = 2  # in the basic game
TILES = {t["id"]: t for t in data.tiles()["tiles"]}
# Mango Village's tiles: no colour or cost of pips (a double buys one), a bonus instead.
TILES.update({v["id"]: {**v, "colour": "village", "back": "mango", "cost": 0,
                        "markets": [], "buildings": []} for v in data.mango()["villages"]})
BOARD = data.board()
RIVER = data.river()
FINAL = len(RIVER["spaces"])  # the final space's number; 0 is the start
TRACKS = BOARD["tracks"]
CROSS = TRACKS["cross_at"]  # markers meet when 2 x fame + money reaches this
CHAMBERS = {"mogul": 1, "dancer": 2, "yogi": 3, "raja": 4, "builder": 5, "portuguese": 6}
STACKS = [f"{c}-{b}" for c in COLOURS for b in data.BACKS]
# The rules as games started now play them. Revision 2 (issue 24): dice beyond Kali's free
# hands are a choice (put dice back first, or take fewer), the end is scored in fame
# spaces, Navaratnas' catch-up tiles come whenever the turn would be the player's, and
# Mango Village adds its brown yield tile to Navaratnas. A stored state without the key
# was started under revision 1 and keeps those rules, so it replays move for move.
REVISION = 2


def _errata(state: dict) -> bool:
    """Whether the game plays issue 24's readings of the rule text (revision 2)."""
    return state.get("revision", 1) >= 2


def sides(options: dict | None = None) -> list[str]:
    return ROLES[:int(with_defaults(OPTIONS, options or {})["players"])]


# --- setup ---------------------------------------------------------------------------------


def _layout(n: int) -> dict:
    side = dict(BOARD["sides"]["2" if n == 2 else "3-4"])
    if n == 3:  # cover tiles: the quarry's first space, the harbor's third
        covered = side["covered_3"]
        side["quarry"] = [c for i, c in enumerate(side["quarry"]) if i != covered["quarry"]]
        side["harbor"] = [c for i, c in enumerate(side["harbor"]) if i != covered["harbor"]]
    side["mango"] = data.mango()["tree_spaces"]["2" if n == 2 else "3-4"]
    return side


def setup(seed: int, options: dict | None = None) -> dict:
    opts = with_defaults(OPTIONS, options or {})
    n = opts["players"]
    nav = opts["variant"] == "navaratnas"
    advanced = [a for a in opts["advanced"].split("+") if a]
    if advanced and nav:
        raise IllegalAction("Option `advanced` is for the basic game: in Navaratnas "
                            "(`variant=navaratnas`) everyone plays the advanced side.")
    out = [a for a in advanced if a not in ROLES[:n]]
    if out:
        raise IllegalAction(f"Option `advanced` names {', '.join(out)}, not in a {n}-player "
                            f"game (colours: {', '.join(ROLES[:n])}).")
    state: dict = {"game": ID, **revision_entry(opts, REVISION),
                   "options": {"players": n, "rules": opts["rules"],
                               "ganga": bool(opts["ganga"]), "mango": bool(opts["mango"]),
                               "variant": opts["variant"], "advanced": "+".join(advanced)},
                   "rng": seed_state(seed)}
    state["river"] = _ganga(state) if opts["ganga"] else list(RIVER["spaces"])
    roles = ROLES[:n]
    stacks = {k: [] for k in STACKS}
    for t in TILES.values():
        if t["colour"] != "village":
            stacks[f"{t['colour']}-{t['back']}"].append(t["id"])
    stacks = {k: rng.shuffle(state, ids) for k, ids in stacks.items()}
    if opts["mango"]:
        stacks["village-mango"] = rng.shuffle(state, [v["id"] for v in data.mango()[
            "villages"]])
    display = {k: stacks[k].pop() for k in stacks}
    supply = {c: 12 for c in COLOURS}
    # Each player rolls one die of each colour; the lowest total starts (printed rules), or
    # (Yucata) the sets are rolled first and the lowest goes to the first player.
    sets = []
    for _ in roles:
        sets.append([[c, rng.randint(state, 6) + 1] for c in COLOURS])
        for c in COLOURS:
            supply[c] -= 1
    totals = [sum(v for _, v in s) for s in sets]
    if opts["rules"] == "yucata":
        sets.sort(key=lambda s: sum(v for _, v in s))
        start = 0
    else:
        low = min(totals)
        start = [i for i, t in enumerate(totals) if t == low][
            rng.randint(state, totals.count(low))]
    players = {}
    for i, r in enumerate(roles):
        seat = (i - start) % n  # 0 for the start player
        players[r] = {
            "fame": 0, "money": BOARD["start_money"][seat], "karma": 1, "dice": sets[i],
            "workers": 3, "placed": 0, "passed": False, "extra": [],
            "upgrades": {b: 0 for b in BUILDINGS}, "upgrades_made": 0, "boat": 0,
            "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": False,
            # Mixed groups: an advanced player uses the province's back (minor yields, no
            # yield tiles) and the Kali's back (8 dice), with up to 5 workers.
            "kali": 8 if nav or r in advanced else KALI,
            "max_extra": 3 if nav else EXTRA_WORKERS,
            "side": "navaratnas" if nav or r in advanced else "basic", "yield_tiles": nav,
            "slots": {}, "reached": [], "catchup": 0, "pending": [],
        }
    state.update(
        roles=roles, start=start, supply=supply, stacks=stacks, display=display, refill=[],
        players=players, used={}, layout=_layout(n), round=1, mogul=None, crossed=[],
        end=None, queue=[], turn={"who": roles[start]}, log=[], result=None, move=0,
        white=rng.shuffle(state, list(data.yields()["white"])), yield_display={})
    if nav:
        # Each player draws a brown yield tile to lay on one of their two brown spaces; the
        # other yield tiles lie face up on the board.
        brown = rng.shuffle(state, _brown_pool(state))
        for r in roles:
            players[r]["pending"].append(f"brown-{brown.pop()}")
        state["yield_display"] = {"brown": sorted(brown), "yellow": list(
            data.yields()["yellow"]), "red": list(data.yields()["red"])}
        _pending(state, roles[start])
    state["log"].append(f"Round 1. {ROLE_NAMES[roles[start]]} starts; money "
                        + ", ".join(f"{ROLE_NAMES[r]} {players[r]['money']}" for r in roles)
                        + ". Dice: " + "; ".join(
                            f"{ROLE_NAMES[r]} {words.dice(players[r]['dice'])}" for r in roles)
                        + ".")
    return state


def _brown_pool(state: dict) -> list[str]:
    """Navaratnas' brown yield tiles; Mango Village mixes its own in (3 money a village)."""
    pool = list(data.yields()["brown"])
    if state["options"]["mango"] and _errata(state):
        pool.append(data.mango()["navaratnas_brown"])
    return pool


def _ganga(state: dict) -> list[str]:
    """The Ganga module: the river tiles shuffled, each laid a die roll further down the
    river (counting from the first space after the start), until the tiles or the river
    run out; the final space is never covered."""
    river = list(RIVER["spaces"])
    tiles = rng.shuffle(state, list(RIVER["ganga_tiles"]))
    pos = 0
    while tiles:
        pos += rng.randint(state, 6) + 1
        if pos >= FINAL:
            break
        river[pos - 1] = tiles.pop()
    return river


# --- the contract --------------------------------------------------------------------------


def active(state: dict) -> list[str]:
    return [] if state["result"] else [state["turn"]["who"]]


def view(state: dict, role: str | None) -> dict:
    players = {}
    for r, p in state["players"].items():
        players[r] = {k: p[k] for k in ("fame", "money", "karma", "workers", "placed",
                                         "passed", "boat", "upgrades", "upgrades_made")}
        players[r]["dice"] = [list(d) for d in p["dice"]]
        players[r]["cells"] = {c: dict(t) for c, t in p["cells"].items()}
        players[r]["yields"] = list(p["yields"])
        players[r]["side"] = p["side"]
        players[r]["slots"] = dict(p["slots"])
        players[r]["margin"] = margin(p)  # fame spaces past each other; < 0: to go
    v = {
        "game": ID, "round": state["round"], "roles": list(state["roles"]),
        "start": state["roles"][state["start"]], "display": dict(state["display"]),
        "stack_sizes": {k: len(s) for k, s in state["stacks"].items()},
        "supply": dict(state["supply"]), "river": list(state["river"]),
        "yield_display": {c: list(v) for c, v in state["yield_display"].items()},
        "used": {k: list(v) for k, v in state["used"].items()},
        "layout": dict(state["layout"]), "players": players, "end": state["end"],
        "active": active(state), "move": state["move"], "log": list(state["log"]),
        "result": state["result"], "prompt": "", "actions": {},
    }
    if role is not None and role in active(state):
        v["prompt"], v["actions"] = _prompt(state, role)
    return v


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


# --- what may be done now -----------------------------------------------------------------


def _me(state: dict, role: str) -> dict:
    return state["players"][role]


def _free(state: dict, kind: str) -> int:
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


def _cost(state: dict, kind: str) -> int:
    lay = state["layout"]
    if kind in ("quarry", "harbor"):
        return lay[kind][len(state["used"].get(kind, []))]
    return 0


def _rolled(p: dict) -> list[int]:
    return [v for _, v in p["dice"] if v]


def _affordable_tiles(state: dict, role: str) -> list[str]:
    p = _me(state, role)
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


def _overbuilds(state: dict, role: str, p: dict | None = None) -> list[tuple[str, str]]:
    """(cell, display stack) pairs the master builder could do: a more expensive tile,
    the difference payable in its colour, every tile still joined afterwards; a cell is
    covered once. A Mango village goes over any tile for another 5. ``p``: the player as
    they would be (the chamber's own 5 given up)."""
    p = p or _me(state, role)
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
            if _cover_ways(p["cells"], cell, new["roads"]):
                out.append((cell, key))
    return out


def _builder_possible(state: dict, role: str) -> bool:
    """Some 5 given up to the master builder leaves a building over possible."""
    p = _me(state, role)
    for tok in dice.face_steps(p["dice"], 5, p["karma"]):
        colour, value, turned = dice.parse(tok)
        rest = list(p["dice"])
        rest.remove([colour, value])
        if _overbuilds(state, role, p=dict(p, dice=rest, karma=p["karma"] - turned)):
            return True
    return False


def _cover_ways(cells: dict, cell: str, roads: list[str]) -> list[list[str]]:
    """The turns of a new tile on ``cell`` that keep every tile joined to the residence."""
    ways = []
    for turned in prov.rotations(roads):
        trial = {**cells, cell: {**cells[cell], "roads": turned}}
        if prov.connected(trial) == set(trial):
            ways.append(turned)
    return ways


def space_kind(space: str) -> str:
    """The key a worker space's typed name is counted under in ``state["used"]``."""
    return {"assorted": "market-assorted", **{g: f"market-{g}" for g in GOODS},
            "money": "two_money"}.get(space, space)


def _spaces(state: dict, role: str) -> dict[str, list]:
    """The worker spaces this player can take now and pay for, each with what it costs."""
    p = _me(state, role)
    money, karma = p["money"], p["karma"]
    rolled = _rolled(p)
    out: list[str] = []
    if _free(state, "quarry") and money >= _cost(state, "quarry") and _affordable_tiles(
            state, role):
        out.append("quarry")
    if _free(state, "harbor") and money >= _cost(state, "harbor") and p["boat"] < FINAL and \
            dice.any_steps(p["dice"], karma, (1, 2, 3)):
        out.append("harbor")
    markets = [m for t in p["cells"].values() for m in TILES[t["tile"]]["markets"]]
    if markets and _free(state, "market-assorted") and not (
            p["assorted"] and len(state["roles"]) > 2):
        out.append("assorted")
    for good in GOODS:
        if _free(state, f"market-{good}") and rolled and any(m["good"] == good
                                                               for m in markets):
            out.append(good)
    for name, face in CHAMBERS.items():
        if not _free(state, name) or not dice.face_steps(p["dice"], face, karma):
            continue
        if name == "builder" and not _builder_possible(state, role):
            continue
        if name == "portuguese" and not _portuguese_ok(p["boat"]):
            continue
        out.append(name)
    for ex in BOARD["exchange"]:
        if _free(state, f"swap-{ex['give']}") and any(c == ex["give"] for c, _ in p["dice"]) \
                and state["supply"][ex["take"]] > 0:
            out.append(f"swap-{ex['give']}")
    for c in COLOURS:
        if _free(state, f"terrace-{c}") and state["supply"][c] > 0:
            out.append(f"terrace-{c}")
    if _free(state, "two_money"):
        out.append("money")
    villages = [c for c, t in p["cells"].items() if TILES[t["tile"]]["colour"] == "village"]
    if villages and _free(state, "mango") and not (
            role in state["used"].get("mango", []) and len(state["roles"]) > 2):
        out.append("mango")
    return {"place": out}


def _prompt(state: dict, role: str) -> tuple[str, dict]:
    """The prompt ("Red: take a tile from the display.") and the legal steps."""
    text, acts = asked(state, role)
    return f"{ROLE_NAMES[role]}: {text}.", acts


def asked(state: dict, role: str) -> tuple[str, dict]:
    """What the player is asked to do now, as a phrase that follows "you are asked to"
    ("take a tile from the display"), and the legal steps."""
    p = _me(state, role)
    if state["queue"]:
        text, acts = _decision(state, role, state["queue"][0])
    else:
        text, acts = "place a worker, or `pass` for this round", _spaces(state, role)
        if not acts["place"]:
            acts = {}
        acts["pass"] = None
    if any(v == 0 for _, v in p["dice"]) and state["options"]["rules"] == "yucata":
        acts["roll"] = None
    return text, acts


def _purpose(then: str) -> str:
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


def _decision(state: dict, role: str, e: dict) -> tuple[str, dict]:
    p = _me(state, role)
    do = e["do"]
    if do == "tile":
        tiles = [state["display"][k] for k in _affordable_tiles(state, role)]
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
                 if not e.get("colour") or dice.parse(t)[0] == e["colour"]]
        if e["then"] == "paid":
            return f"give up a die showing {faces[0]}", {"die": steps}
        what = f"{e['colour']} die" if e.get("colour") else "die"
        shown = "" if len(faces) == 6 else f" showing {words.faces(faces)}"
        return f"give up {words.a(what)}{shown} {_purpose(e['then'])}", {"die": steps}
    if do == "place_tile":
        t = TILES[e["tile"]]
        ways = [prov.token(c, r) for c, r in prov.placements(p["cells"], t["roads"])]
        return f"place the {tile_words(e['tile'])} in your province", {"cell": ways}
    if do == "dice":
        if _errata(state):
            return _dice_decision(state, role, e)
        cols = [c for c in e.get("colours") or COLOURS if state["supply"][c] > 0]
        acts = {"colour": cols}
        full = len(p["dice"]) >= p["kali"]
        if full:
            acts = {"drop": sorted({dice.token(c, v) for c, v in p["dice"]})}
        acts["skip"] = None
        what = words.count(e["n"], "die", "dice") if e["n"] > 1 else "a die"
        return (f"take {what} of your choice"
                + (" (your Kali is full: put one back first, or `skip`)" if full else ""),
                acts)
    if do == "upgrade":
        return "upgrade a building type, or `skip`", {"upgrade": [
            b for b in BUILDINGS if p["upgrades"][b] < 2] or [], "skip": None}
    if do == "river":
        most = _river_reach(state, role, e["max"])
        least = 0 if e.get("shorter") else min(1, len(most))
        acts = {"river": [str(k) for k in range(max(least, 1), len(most) + 1)]}
        if least == 0:
            acts["stay"] = None
        return (f"move your boat up to {words.count(e['max'], 'free space')}"
                + (", or `stay`" if least == 0 else ""), acts)
    if do == "reroll":
        left = [d for i, d in enumerate(p["dice"]) if d[1] and i not in e.get("rerolled", [])]
        return ("reroll dice one at a time (each once), or `done`",
                {"reroll": sorted({dice.token(c, v) for c, v in left}), "done": None})
    if do == "market":
        goods = [g for g in GOODS if any(m["good"] == g for m in _markets(p))]
        return "score the markets of one good", {"good": goods}
    if do == "cover":
        cells = sorted({c for c, _ in _overbuilds(state, role)})
        return "choose the tile to build over", {"cover": cells}
    if do == "cover_tile":
        tiles = [state["display"][k] for c, k in _overbuilds(state, role) if c == e["cell"]]
        return f"choose the new tile for {e['cell']}", {"tile": tiles}
    if do == "cover_turn":
        ways = [prov.token(e["cell"], r) for r in _cover_ways(
            p["cells"], e["cell"], TILES[e["tile"]]["roads"])]
        return f"turn the new tile on {e['cell']}", {"cell": ways}
    if do == "yield_tile":
        return ("take a yield tile for a free space of its colour, or `skip`",
                {"yield": _takeable_yields(state, role), "skip": None})
    if do == "slot":
        colour = e["tile"].split("-")[0]
        return (f"lay {words.yield_tile(e['tile'])} on a {colour} space of your province",
                {"slot": _free_slots(p, colour)})
    if do == "villages":
        cells = [c for c, t in p["cells"].items() if TILES[t["tile"]]["colour"] == "village"
                 and c not in e.get("done", [])]
        return (f"score a village again ({e['left']} left), or `done`",
                {"village": cells, "done": None})
    if do == "chamber":
        options = [n for n, f in CHAMBERS.items() if f >= 2 and _chamber_possible(
            state, role, n)]
        return "carry out a palace chamber's action for free, or `skip`", {
            "chamber": options, "skip": None}
    raise AssertionError(f"unknown decision {do}")


def room(p: dict) -> int:
    """Kali's free hands: how many more dice the player may store."""
    return max(0, p["kali"] - len(p["dice"]))


def dice_due(state: dict, e: dict) -> int:
    """How many dice a queued gain would bring: as many as it gives, if the supply has
    them in its colours (a colour the supply is out of cannot be taken)."""
    return min(e["n"], sum(state["supply"][c] for c in set(e.get("colours") or COLOURS)))


def over_kali(state: dict, role: str, e: dict) -> bool:
    """Placing workers (Kali's hands): the dice a gain brings do not all fit. Before any
    is taken, the player puts dice back into the supply or takes fewer."""
    return _errata(state) and dice_due(state, e) > room(_me(state, role))


def _dice_decision(state: dict, role: str, e: dict) -> tuple[str, dict]:
    """Dice from the supply: first make room where they do not fit (dice of the player's
    choice back into the supply, or `fewer`), then take them: one colour's come by
    themselves, the player picks colours one die at a time where the gain leaves a
    choice (and may take fewer with `skip`)."""
    p = _me(state, role)
    colours = list(dict.fromkeys(e.get("colours") or COLOURS))
    kind = f"{colours[0]} " if len(colours) == 1 else ""
    what = (f"{e['n']} {kind}dice" if e["n"] > 1 else words.a(f"{kind}die")) + (
        "" if kind else " of your choice")
    if over_kali(state, role, e):
        free = room(p)
        hands = f"room for {words.count(free, 'more die', 'more dice')}" if free else "no room"
        return (f"take {what}: your Kali has {hands}, so first put dice of yours back into "
                "the supply (`return-…`), or take `fewer`",
                {"return": sorted({dice.token(c, v) for c, v in p["dice"]}), "fewer": None})
    return f"take {what}", {"colour": [c for c in colours if state["supply"][c] > 0],
                            "skip": None}


def _chamber_possible(state: dict, role: str, name: str) -> bool:
    p = _me(state, role)
    if name == "builder":
        return bool(_overbuilds(state, role))
    if name == "portuguese":
        return _portuguese_ok(p["boat"])
    return True


def _portuguese_ok(boat: int) -> bool:
    """Not once the boat is within the river's last 6 spaces."""
    return boat <= FINAL - 6


def _river_reach(state: dict, role: str, steps: int) -> list[int]:
    """The spaces the boat can stop on moving 1, 2, … free spaces (occupied ones are
    skipped; the final space holds any number of boats)."""
    taken = {q["boat"] for r, q in state["players"].items() if r != role}
    out, pos = [], _me(state, role)["boat"]
    while len(out) < steps and pos < FINAL:
        pos += 1
        while pos < FINAL and pos in taken:
            pos += 1
        out.append(pos)
    return out


def _free_slots(p: dict, colour: str) -> list[str]:
    return [f"{cell}{side}" for (cell, side), e in prov.layout()["edges"].items()
            if e.get("navaratnas") == f"slot_{colour}" and f"{cell}{side}" not in p["slots"]]


def _takeable_yields(state: dict, role: str) -> list[str]:
    p = _me(state, role)
    return [f"{c}-{code}" for c, codes in state["yield_display"].items()
            for code in dict.fromkeys(codes) if _free_slots(p, c)]


def _pending(state: dict, role: str) -> None:
    """Yield tiles a player must lay before their turn (the brown one dealt at the start,
    Navaratnas' catch-up tiles)."""
    p = _me(state, role)
    while p["pending"]:
        tile = p["pending"].pop(0)
        if tile == "catchup":
            state["queue"].append({"do": "yield_tile"})
        elif _free_slots(p, tile.split("-")[0]):
            state["queue"].append({"do": "slot", "tile": tile})


def _stack(tid: str) -> str:
    return f"{TILES[tid]['colour']}-{TILES[tid]['back']}"


def tile_words(tid: str) -> str:
    """A tile by its colour and cost, with what is on it: ``blue 7 (tea 2, fort)``; a Mango
    village by its bonus: ``village (3 money)``."""
    t = TILES[tid]
    if t["colour"] == "village":
        return f"village ({words.earning(t['bonus'])})"
    parts = [f"{m['good']} {m['value']}" for m in t["markets"]] + t["buildings"]
    return f"{t['colour']} {t['cost']} ({', '.join(parts)})"


# --- acting --------------------------------------------------------------------------------


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    if state["result"] is not None:
        raise IllegalAction("This game is over.")
    if role not in active(state):
        raise IllegalAction(f"It is not your turn: waiting for "
                            f"{ROLE_NAMES[state['turn']['who']]}.")
    _, acts = _prompt(state, role)
    if not offered(acts, action, arg):
        raise IllegalAction(_why(state, role, action, arg, acts))
    new = clone(state)
    _apply(new, role, action, arg)
    return new


def _why(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """The refusal of a step: the rule that stops it and what is possible instead."""
    from engine.games.rajas import refusals  # it reads the rules' helpers above

    return refusals.refusal_of(state, role, action, arg, acts)


def _apply(state: dict, role: str, action: str, arg) -> None:
    p = _me(state, role)
    if action == "roll":
        _roll_all(state, role)
        return
    if action == "pass":
        p["passed"] = True
        state["log"].append(f"{ROLE_NAMES[role]} passes for the rest of the round.")
        _end_turn(state)
        return
    if action == "place":
        _place_worker(state, role, arg)
    else:
        e = state["queue"].pop(0)
        _resolve(state, role, e, action, arg)
    _run(state, role)


def _place_worker(state: dict, role: str, space: str) -> None:
    p = _me(state, role)
    state["turn"]["placed"] = True
    kind = space_kind(space)
    cost = _cost(state, kind)
    state["used"].setdefault(kind, []).append(role)  # who stands where, in order
    p["placed"] += 1
    _money(state, role, -cost)
    state["log"].append(f"{ROLE_NAMES[role]} sends a worker to {words.space(space)}"
                        + (f", paying {cost} money" if cost else "") + ".")
    q = state["queue"]
    if space == "quarry":
        q.append({"do": "tile"})
    elif space == "harbor":
        q.append({"do": "face", "faces": [1, 2, 3], "then": "harbor"})
    elif space == "assorted":
        p["assorted"] = True
        _score_markets(state, role, None, 3)
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
    elif space.startswith("terrace-") and _errata(state):
        q.append({"do": "dice", "n": 1, "colours": [space[8:]]})  # Kali may need room
    elif space.startswith("terrace-"):
        _gain_die(state, role, space[8:])
    elif space == "money":
        _money(state, role, 2)
        q.append({"do": "reroll"})
    elif space == "mango":
        q.append({"do": "villages", "left": 2})


def _resolve(state: dict, role: str, e: dict, action: str, arg) -> None:
    p = _me(state, role)
    q = state["queue"]
    do = e["do"]
    if do == "tile":
        tid, key = arg, _stack(arg)
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
            _refill(state)
    elif do == "pay":
        value = _give_die(state, role, arg)
        need = e["need"] - value
        if need > 0:
            q.insert(0, {**e, "need": need})
        else:
            q.insert(0, e["then"])
    elif do == "face":
        value = _give_die(state, role, arg)
        if e["then"] == "double":
            q.insert(0, {"do": "face", "faces": [value], "then": "paid", "after": e["after"]})
        elif e["then"] == "paid":
            q.insert(0, e["after"])
        else:
            _after_face(state, role, e["then"], value)
    elif do == "place_tile":
        cell, roads = prov.parse(arg)
        _build(state, role, e["tile"], cell, roads)
    elif do == "dice" and action in ("return", "fewer"):
        _make_room(state, role, e, action, arg)
    elif do == "dice":
        if action == "skip":
            state["log"].append(f"{ROLE_NAMES[role]} takes fewer dice.")
            return
        if action == "drop":
            _give_die(state, role, arg, quiet=True)
            put = words.a_die(*dice.parse(arg)[:2])
            state["log"].append(f"{ROLE_NAMES[role]} puts {put} back to make room.")
            q.insert(0, e)
            return
        _gain_die(state, role, arg)
        if e["n"] > 1:
            q.insert(0, {**e, "n": e["n"] - 1})
    elif do == "upgrade":
        if action == "upgrade":
            _upgrade(state, role, arg)
    elif do == "river":
        steps = 0 if action == "stay" else int(arg)
        _move_boat(state, role, steps)
    elif do == "reroll":
        if action == "reroll":
            colour, value, _ = dice.parse(arg)
            done = e.get("rerolled", [])
            i = next(i for i, (c, v) in enumerate(p["dice"])
                     if c == colour and v == value and i not in done)
            p["dice"][i][1] = rng.randint(state, 6) + 1
            state["log"].append(f"{ROLE_NAMES[role]} rerolls {words.a_die(colour, value)} "
                                f"and gets {words.a(str(p['dice'][i][1]))}.")
            q.insert(0, {**e, "rerolled": [*done, i]})
    elif do == "market":
        _score_markets(state, role, arg, e["max"])
    elif do == "cover":
        q.insert(0, {"do": "cover_tile", "cell": arg})
    elif do == "cover_tile":
        tid, key = arg, _stack(arg)
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
            _refill(state)
    elif do == "cover_turn":
        cell, roads = prov.parse(arg)
        _overbuild(state, role, e["tile"], cell, roads)
    elif do == "yield_tile" and action == "yield":
        colour, code = arg.split("-", 1)
        state["yield_display"][colour].remove(code)
        state["log"].append(f"{ROLE_NAMES[role]} takes {words.yield_tile(arg)}.")
        q.insert(0, {"do": "slot", "tile": arg})
    elif do == "slot":
        p["slots"][arg] = e["tile"]
        state["log"].append(f"{ROLE_NAMES[role]} lays it on {arg}.")
        if arg in p["reached"]:
            _yield_tile_pays(state, role, arg)
    elif do == "villages" and action == "village":
        _earn(state, role, TILES[p["cells"][arg]["tile"]]["bonus"],
              why=f"the village on {arg}, scored again")
        if e["left"] > 1:
            q.append({**e, "left": e["left"] - 1, "done": [*e.get("done", []), arg]})
    elif do == "chamber" and action == "chamber":
        _after_face(state, role, arg, None)


def _make_room(state: dict, role: str, e: dict, action: str, arg: str | None) -> None:
    """Placing workers (Kali's hands): a die of the player's choice back into the supply,
    the gain asked again; or fewer dice, as many as Kali has free hands."""
    p, who = _me(state, role), ROLE_NAMES[role]
    if action == "return":
        _give_die(state, role, arg, quiet=True)
        put = words.a_die(*dice.parse(arg)[:2])
        state["log"].append(f"{who} puts {put} back into the supply to make room.")
        state["queue"].insert(0, e)
        return
    free, due = room(p), dice_due(state, e)
    state["log"].append(f"{who} takes fewer dice: {free} of {due}, as many as Kali has free "
                        "hands." if free else f"{who} takes no die: Kali has no free hand.")
    if free:
        state["queue"].insert(0, {**e, "n": free})


def _after_face(state: dict, role: str, then: str, value: int | None) -> None:
    """What a die given up buys (``value`` None: a chamber carried out for free)."""
    q = state["queue"]
    if then == "harbor":
        q.insert(0, {"do": "river", "max": value,
                     "shorter": state["options"]["rules"] == "yucata"})
    elif then.startswith("market-"):
        _score_markets(state, role, then[7:], value)
    elif then.startswith("take-"):
        q.insert(0, {"do": "dice", "n": 2, "colours": [then[5:]]})
    elif then == "mogul":
        _fame(state, role, 2)
        state["log"].append(f"{ROLE_NAMES[role]} will start the next round.")
    elif then == "dancer" and _me(state, role)["yield_tiles"]:
        q.insert(0, {"do": "dice", "n": 2})
        q.insert(1, {"do": "yield_tile"})  # any yield tile on display, for a free space
    elif then == "dancer":
        q.insert(0, {"do": "dice", "n": 2})
        code = state["white"].pop() if state["white"] else None
        if code:
            state["log"].append(f"{ROLE_NAMES[role]} draws a white yield tile: "
                                f"{words.earning(code)}.")
            _earn(state, role, code, front=False, at=1)
    elif then == "yogi":
        _karma(state, role, 2)
        q.insert(0, {"do": "dice", "n": 1})
    elif then == "raja":
        _money(state, role, 3)
        q.insert(0, {"do": "upgrade"})
    elif then == "builder":
        q.insert(0, {"do": "cover"})
    elif then == "portuguese":
        _move_boat(state, role, 6)


def _run(state: dict, role: str) -> None:
    """Carry out queued effects that need no choice; stop at one that does, or end the
    turn when nothing is left."""
    q = state["queue"]
    while q:
        e = q[0]
        p = _me(state, role)
        if e["do"] == "dice" and e.get("colours") and len(set(e["colours"])) == 1 and (
                not over_kali(state, role, e) if _errata(state) else len(p["dice"]) < p["kali"]):
            q.pop(0)  # dice of one colour: nothing to choose while the Kali has room
            for _ in range(e["n"]):
                _gain_die(state, role, e["colours"][0])
            continue
        _, acts = _decision(state, role, e)
        if any(v for v in acts.values() if v is not None) or e["do"] in ("reroll", "chamber"):
            return
        # Nothing to choose (every building upgraded, no boat move, no tile to build
        # over any more): the effect lapses.
        q.pop(0)
        state["log"].append(_lapsed(ROLE_NAMES[role], e))
    if not state["turn"].get("placed") and not state["turn"].get("catchup"):
        return  # tiles laid before the turn: now the worker
    _end_turn(state)


def _lapsed(who: str, e: dict) -> str:
    """The log line of a queued effect that lapses because it leaves nothing to choose."""
    lines = {
        "face": f"{who} has no die to give up {_purpose(e.get('then', ''))}.",
        "dice": f"No die {who} may take is left in the supply.",
        "upgrade": f"{who}'s buildings are all at the top level: no upgrade.",
        "river": f"{who}'s boat has no free space to move to.",
        "market": f"{who} has no market to score.",
        "yield_tile": f"{who} has no free space for a yield tile.",
        "villages": f"{who} has no other village to score.",
    }
    return lines.get(e["do"], f"{who} has no way to go on with this action: it lapses.")


# --- effects -------------------------------------------------------------------------------


def _give_die(state: dict, role: str, tok: str, quiet: bool = False) -> int:
    colour, value, turned = dice.parse(tok)
    p = _me(state, role)
    i = next(i for i, (c, v) in enumerate(p["dice"]) if c == colour and v == value)
    p["dice"].pop(i)
    state["supply"][colour] += 1
    shown = dice.flip(value) if turned else value
    if turned:
        p["karma"] -= 1
    if not quiet:
        state["log"].append(f"{ROLE_NAMES[role]} gives up {words.a_die(colour, value)}" + (
            f", turned with a karma to {words.a(str(shown))}" if turned else "") + ".")
    return shown


def _gain_die(state: dict, role: str, colour: str) -> None:
    p = _me(state, role)
    if state["supply"][colour] <= 0:
        state["log"].append(f"No {colour} die is left in the supply.")
        return
    if len(p["dice"]) >= p["kali"]:
        state["log"].append(f"{ROLE_NAMES[role]}'s Kali is full: no {colour} die.")
        return
    state["supply"][colour] -= 1
    value = rng.randint(state, 6) + 1 if state["options"]["rules"] == "printed" else 0
    p["dice"].append([colour, value])
    state["log"].append(f"{ROLE_NAMES[role]} takes {words.a(colour)} die"
                        + (f" and rolls {words.a(str(value))}." if value else " (rolled at the "
                           "end of the turn)."))


def _roll_all(state: dict, role: str) -> None:
    p = _me(state, role)
    rolled = []
    for d in p["dice"]:
        if d[1] == 0:
            d[1] = rng.randint(state, 6) + 1
            rolled.append(list(d))
    if rolled:
        state["log"].append(f"{ROLE_NAMES[role]} rolls: {words.dice(rolled)}.")


def _karma(state: dict, role: str, n: int) -> None:
    p = _me(state, role)
    before, p["karma"] = p["karma"], min(MAX_KARMA, p["karma"] + n)
    state["log"].append(f"{ROLE_NAMES[role]} gains {p['karma'] - before} karma (now "
                        f"{p['karma']})." if p["karma"] > before else
                        f"{ROLE_NAMES[role]}'s karma stays at {MAX_KARMA}, the most.")


def _upgrade(state: dict, role: str, building: str) -> None:
    p = _me(state, role)
    p["upgrades"][building] += 1
    p["upgrades_made"] += 1
    state["log"].append(f"{ROLE_NAMES[role]} upgrades their {building}s to "
                        f"{2 + p['upgrades'][building]} fame.")


def _fame(state: dict, role: str, n: int) -> None:
    """Fame up the track (to 60 at most), with the bonuses of every space reached."""
    p = _me(state, role)
    before = p["fame"]
    p["fame"] = min(TRACKS["fame_max"], before + n)
    if n:
        state["log"].append(f"{ROLE_NAMES[role]} gains {p['fame'] - before} fame "
                            f"(now {p['fame']}).")
    for space, code in sorted(TRACKS["fame_bonus"].items(), key=lambda x: int(x[0])):
        if before < int(space) <= p["fame"] and space not in p["fame_bonus"]:
            p["fame_bonus"].append(space)
            _earn(state, role, code, front=False, why=f"fame {space}")
    _check_cross(state, role)


def _money(state: dict, role: str, n: int) -> None:
    """Money along its track (0-120); a bonus space reached for the first time in the
    bonus marker's order pays once, and the marker walks on."""
    p = _me(state, role)
    before = p["money"]
    p["money"] = max(0, min(TRACKS["money_max"], before + n))
    if n > 0:
        state["log"].append(f"{ROLE_NAMES[role]} gains {p['money'] - before} money "
                            f"(now {p['money']}).")
    marker = TRACKS["bonus_marker"]
    while p["bonus"] < len(marker) and p["money"] >= marker[p["bonus"]]:
        space = str(marker[p["bonus"]])
        p["bonus"] += 1
        _earn(state, role, TRACKS["money_bonus"][space], front=False, why=f"money {space}")
    if before < 20 <= p["money"] and "money20" not in p["extra"]:
        _earn(state, role, "worker", front=False, why="money 20", source="money20")
    _check_cross(state, role)


def _earn(state: dict, role: str, code: str, front: bool = True, why: str = "",
          source: str = "", at: int | None = None) -> None:
    """Carry out an earning code now where it needs no choice; else queue its decision
    (first, or after what is already queued when ``front`` is False)."""
    p = _me(state, role)
    kind, n = data.earning(code)
    q = state["queue"]

    def push(effect: dict) -> None:
        if at is not None:
            q.insert(at, effect)
        elif front:
            q.insert(0, effect)
        else:
            q.append(effect)

    if why:
        state["log"].append(_earned(ROLE_NAMES[role], code, why))
    if kind == "money":
        _money(state, role, n)
    elif kind == "fame":
        _fame(state, role, n)
    elif kind == "karma":
        _karma(state, role, n)
    elif kind == "upgrade":
        for _ in range(n):
            push({"do": "upgrade"})
    elif kind in ("die_any", "dice_any"):
        push({"do": "dice", "n": n})
    elif kind.startswith("die_"):
        push({"do": "dice", "n": n, "colours": [kind[4:]]})
    elif kind == "worker":
        key = source or why
        if len(p["extra"]) < p["max_extra"] and key not in p["extra"]:
            p["extra"].append(key)
            p["workers"] += 1
            state["log"].append(f"{ROLE_NAMES[role]} gains a worker (now {p['workers']}).")
        elif key not in p["extra"]:
            p["extra"].append(key)
    elif kind == "river":  # "you may move your boat to the next unoccupied space"
        push({"do": "river", "max": 1, "shorter": True})
    elif kind == "advance":  # a Ganga tile: up to n free spaces on
        push({"do": "river", "max": n, "shorter": True})
    elif kind == "dice_any_per_karma":
        if p["karma"]:
            push({"do": "dice", "n": p["karma"]})
    elif kind in ("dice_violet_green_orange", "dice_blue_green_orange"):
        for colour in kind.split("_")[1:]:  # one die of each colour named
            push({"do": "dice", "n": 1, "colours": [colour]})
    elif kind in ("palace_dancer", "palace_yogi", "palace_raja"):
        _after_face(state, role, kind[7:], None)
    elif kind.endswith("_per_karma") and kind.startswith("dice_"):
        colour = kind[5:-10]
        if p["karma"]:
            push({"do": "dice", "n": p["karma"], "colours": [colour]})
    elif kind == "money_1_per_market":
        _money(state, role, len(_markets(p)))
    elif kind == "market_assorted":
        _score_markets(state, role, None, n)
    elif kind == "market_one_kind":
        if _markets(p):
            push({"do": "market", "max": n})
    elif kind == "palace_any":
        push({"do": "chamber"})
    elif kind == "fame_1_per_upgrade":
        _fame(state, role, p["upgrades_made"])
    elif kind == "money_2_per_upgrade":
        _money(state, role, 2 * p["upgrades_made"])
    elif kind == "fame_2_per_karma":
        _fame(state, role, 2 * p["karma"])
    elif kind in _COUNTED:  # yield tiles that count something of the player's
        track, per, count = _COUNTED[kind]
        (_fame if track == "fame" else _money)(state, role, per * count(p))
    else:
        raise AssertionError(f"earning {code} is not carried out in the base game")


def _tiles_of(p: dict) -> list[dict]:
    return [TILES[t["tile"]] for t in p["cells"].values()]


# Yield tiles that pay per thing counted: (track, per thing, counter).
_COUNTED = {
    "fame_1_per_market_tile": ("fame", 1, lambda p: sum(bool(t["markets"])
                                                        for t in _tiles_of(p))),
    "fame_1_per_3_river": ("fame", 1, lambda p: p["boat"] // 3),
    "money_1_per_building": ("money", 1, lambda p: sum(len(t["buildings"])
                                                       for t in _tiles_of(p))),
    "fame_1_per_building": ("fame", 1, lambda p: sum(len(t["buildings"])
                                                     for t in _tiles_of(p))),
    "money_2_per_yield_tile": ("money", 2, lambda p: sum(e in p["yields"]
                                                         for e in p["slots"])),
    "fame_2_per_bend": ("fame", 2, lambda p: prov.bends(p["cells"])),
    "fame_1_per_worker": ("fame", 1, lambda p: p["workers"]),
    "money_3_per_village": ("money", 3, lambda p: sum(t["colour"] == "village"
                                                      for t in _tiles_of(p))),
}


def _earned(who: str, code: str, why: str) -> str:
    """The log line of an earning: "Red reaches fame 5: an upgrade." on a track, else
    "Red earns 3 money from the yield at a1N." (``why`` also keys an extra worker in the
    state, so it keeps its old words)."""
    if why.startswith(("fame ", "money ")):
        return f"{who} reaches {why}: {words.earning(code)}."
    if why == "the bridge":
        return f"{who}'s boat passes the bridge: {words.earning(code)}."
    return f"{who} earns {words.earning(code)} from {why}."


def _markets(p: dict) -> list[dict]:
    return [m for t in p["cells"].values() for m in TILES[t["tile"]]["markets"]]


def _score_markets(state: dict, role: str, good: str | None, most: int) -> None:
    """Assorted goods (``good`` None): the best market of each good, up to ``most`` goods;
    one good: its ``most`` best markets."""
    markets = _markets(_me(state, role))
    if good is None:
        best = {}
        for m in markets:
            best[m["good"]] = max(best.get(m["good"], 0), m["value"])
        values = sorted(best.values(), reverse=True)[:most]
        what = "assorted goods"
    else:
        values = sorted((m["value"] for m in markets if m["good"] == good),
                        reverse=True)[:most]
        what = good
    state["log"].append(f"{ROLE_NAMES[role]} scores {words.count(len(values), what + ' market')}"
                        ".")
    _money(state, role, sum(values))


def _build(state: dict, role: str, tid: str, cell: str, roads: list[str]) -> None:
    p = _me(state, role)
    t = TILES[tid]
    p["cells"][cell] = {"tile": tid, "roads": roads}
    state["log"].append(f"{ROLE_NAMES[role]} places it on {cell}.")
    # The tile scores first, then the edge yields it reaches.
    _score_tile(state, role, t)
    _reach_edges(state, role, cell, roads)


def _score_tile(state: dict, role: str, t: dict) -> None:
    """A tile just laid: its markets' money, its buildings' fame at the player's levels,
    a village's bonus."""
    p = _me(state, role)
    if t["markets"]:
        _money(state, role, sum(m["value"] for m in t["markets"]))
    fame = sum(2 + p["upgrades"][b] for b in t["buildings"])
    if fame:
        _fame(state, role, fame)
    if t.get("bonus"):
        _earn(state, role, t["bonus"], front=False, why="the village's bonus")


def _reach_edges(state: dict, role: str, cell: str, roads: list[str]) -> None:
    """The board-edge yields a new tile's roads reach, once each. On the Navaratnas side
    a yield-tile space pays when a tile lies there (now, or when one is laid later)."""
    p = _me(state, role)
    for edge, code in prov.edge_yields(cell, roads, p["side"]):
        if edge in p["reached"]:
            continue
        p["reached"].append(edge)
        if code.startswith("slot_"):
            if edge in p["slots"]:
                _yield_tile_pays(state, role, edge)
            continue
        p["yields"].append(edge)
        _earn(state, role, code, front=False, why=f"the yield at {edge}")


def _yield_tile_pays(state: dict, role: str, edge: str) -> None:
    p = _me(state, role)
    if edge not in p["yields"]:
        p["yields"].append(edge)
        _earn(state, role, p["slots"][edge].split("-", 1)[1], front=False,
              why=f"the yield tile at {edge}")


def _overbuild(state: dict, role: str, tid: str, cell: str, roads: list[str]) -> None:
    p = _me(state, role)
    old = p["cells"][cell]["tile"]
    p["cells"][cell] = {"tile": tid, "roads": roads, "under": old}
    t = TILES[tid]
    state["log"].append(f"{ROLE_NAMES[role]} builds the {tile_words(tid)} over {cell}.")
    # Darbar's reading: the new tile scores as a newly built one; no edge yield again.
    _score_tile(state, role, t)


def _move_boat(state: dict, role: str, steps: int) -> None:
    p = _me(state, role)
    reach = _river_reach(state, role, steps)
    if not reach or steps == 0:
        state["log"].append(f"{ROLE_NAMES[role]} leaves their boat where it is.")
        return
    before, p["boat"] = p["boat"], reach[-1]
    state["log"].append(f"{ROLE_NAMES[role]} moves their boat to river space {p['boat']}.")
    if before <= RIVER["bridge_after"] < p["boat"]:
        _earn(state, role, "worker", why="the bridge", source="bridge")
    _earn(state, role, state["river"][p["boat"] - 1])


def _check_cross(state: dict, role: str) -> None:
    p = _me(state, role)
    if 2 * p["fame"] + p["money"] >= CROSS and role not in state["crossed"]:
        state["crossed"].append(role)
        state["log"].append(f"{ROLE_NAMES[role]}'s fame and money markers meet: the game "
                            "ends when this stage is over.")
        if state["end"] is None:
            state["end"] = {"trigger": role}


# --- turns and rounds ------------------------------------------------------------------------


def _refill(state: dict) -> None:
    for key in state["refill"]:
        if state["stacks"][key]:
            state["display"][key] = state["stacks"][key].pop()
    state["refill"] = []


def _end_turn(state: dict) -> None:
    who = state["turn"]["who"]
    if state["options"]["rules"] == "yucata":
        _roll_all(state, who)
        _refill(state)
    state["queue"] = []
    roles = state["roles"]
    n = len(roles)
    i = roles.index(who)
    state["move"] += 1
    if state["end"] is not None:
        # The stage ends before the start player: those between place one more worker.
        for k in range(1, n):
            r = roles[(i + k) % n]
            if (i + k) % n == state["start"]:
                break
            if _next_turn(state, r, last_stage=True):
                return
        _finish(state)
        return
    for k in range(1, n + 1):
        if _next_turn(state, roles[(i + k) % n]):
            return
    _new_round(state)


def _next_turn(state: dict, role: str, last_stage: bool = False) -> bool:
    """Give ``role`` their turn if they have one: a worker to place, or (Navaratnas) a
    yield tile instead. Revision 1 gave no catch-up tile in the game's last stage."""
    if _can_place(state, role):
        _begin_turn(state, role)
        return True
    if (_errata(state) or not last_stage) and _catch_up_due(state, role):
        _me(state, role)["catchup"] += 1
        state["turn"] = {"who": role, "catchup": True}
        state["log"].append(f"{ROLE_NAMES[role]} has no worker left while another player "
                            "has one for this stage: a yield tile instead.")
        state["queue"] = [{"do": "yield_tile"}]
        return True
    return False


def _begin_turn(state: dict, role: str) -> None:
    state["turn"] = {"who": role}
    _pending(state, role)


def _catch_up_due(state: dict, role: str) -> bool:
    """Navaratnas, when you have fewer active workers than other players: a player out of
    workers whose turn it would be takes a yield tile instead, once for each stage that
    another player has a worker for. Stage k is the player's k-th turn of the round. The
    other player may have placed in that stage already (they start the round) or will
    still (a player who passed plays no more stages). Revision 1 asked that the other
    player still had a worker to place, so the tile was lost when they placed first."""
    p = _me(state, role)
    if not p["yield_tiles"] or p["passed"] or p["placed"] < p["workers"]:
        return False
    stage = p["placed"] + p["catchup"] + 1
    others = [q for r, q in state["players"].items() if r != role]
    if _errata(state):
        due = any(q["workers"] >= stage and (q["placed"] >= stage or not q["passed"])
                  for q in others)
    else:
        due = any(q["workers"] >= stage and q["placed"] < q["workers"] and not q["passed"]
                  for q in others)
    return due and bool(_takeable_yields(state, role))


def _can_place(state: dict, role: str) -> bool:
    p = _me(state, role)
    return not p["passed"] and p["placed"] < p["workers"] and bool(
        _spaces(state, role)["place"])


def _new_round(state: dict) -> None:
    roles = state["roles"]
    if state["mogul"] is not None:
        state["start"] = roles.index(state["mogul"])
    else:
        state["start"] = (state["start"] + 1) % len(roles)
    state["mogul"] = None
    state["used"] = {}
    state["round"] += 1
    for p in state["players"].values():
        p.update(placed=0, passed=False, assorted=False, catchup=0)
    first = roles[state["start"]]
    state["log"].append(f"Round {state['round']}. {ROLE_NAMES[first]} starts.")
    if not any(_can_place(state, r) for r in roles) or state["round"] > MAX_ROUNDS:
        # Darbar's reading: a round in which nobody can place a worker ends the game.
        _finish(state)
        return
    i = state["start"]
    for k in range(len(roles)):
        r = roles[(i + k) % len(roles)]
        if _can_place(state, r):
            _begin_turn(state, r)
            return


def margin(p: dict) -> int:
    """End of the game: the fame spaces between a player's markers, counted past each
    other (0: they meet, 2: passed by two fame spaces) or, negative, still to go. The
    money track has 2 spaces for each fame space, and both count the same: fame f stands
    level with money spaces CROSS - 2f and CROSS + 1 - 2f."""
    return (2 * p["fame"] + p["money"] - CROSS) // 2


def standing(state: dict) -> list[str]:
    """End of the game: the players in order of place. Those whose markers have met come
    first, by their margins in fame spaces, a tie to the first whose markers met; then the
    others, by the fame spaces still between their markers (a tie shares the place; they
    are listed in seat order)."""
    met = met_markers(state)
    return sorted(state["roles"], key=lambda r: (
        r not in met, -margin(_me(state, r)), met.index(r) if r in met else 0))


def met_markers(state: dict) -> list[str]:
    """The players whose markers have met and still do, in the order they met."""
    return [r for r in state["crossed"] if margin(_me(state, r)) >= 0]


def _tie_winner(state: dict) -> str | None:
    """The player who leads on a tie: the first whose markers met, where another whose
    markers met has as many fame spaces between them."""
    met = met_markers(state)
    best = max((margin(_me(state, r)) for r in met), default=None)
    level = [r for r in met if margin(_me(state, r)) == best]
    return level[0] if len(level) > 1 else None


def margin_words(m: int, short: bool = False) -> str:
    """A margin in words: "1 fame space past", "markers met", "3 fame spaces to go";
    ``short`` where the sentence names the unit: "1 past", "0 (met)", "3 to go"."""
    if m == 0:
        return "0 (met)" if short else "markers met"
    what = str(abs(m)) if short else words.count(abs(m), "fame space")
    return f"{what} {'past' if m > 0 else 'to go'}"


def _finish(state: dict) -> None:
    """End of the game, in fame spaces: of the players whose markers met, the one with
    the most fame spaces between them wins, a tie to the first whose markers met; the
    others place by the fame spaces still between their markers. Nobody met (a stalled
    game, Darbar's reading): the closest win, a tie shared."""
    if not _errata(state):
        _finish_by_sum(state)
        return
    order = standing(state)
    margins = {r: margin(_me(state, r)) for r in state["roles"]}
    met = met_markers(state)
    winners = order[:1] if met else [r for r in order if margins[r] == margins[order[0]]]
    tie = _tie_winner(state)
    reason = "Fame spaces between the markers (2 money spaces make one): " + ", ".join(
        f"{ROLE_NAMES[r]} {margin_words(margins[r], short=True)}" for r in order) + (
        f"; {ROLE_NAMES[tie]}'s met first, which wins the tie" if tie else "")
    state["result"] = {"winners": winners, "scores": margins, "reason": reason + "."}
    state["log"].append(state["result"]["reason"])
    state["turn"] = {"who": None}


def score_report(state: dict) -> str:
    """`/score`: each player's markers and the fame spaces between them, in order of
    place (End of the game)."""
    lines = [f"Rajas of the Ganges, round {state['round']}: the race in fame spaces (the "
             "money track has 2 spaces for each, and both count the same)."]
    tied = _tie_winner(state)
    for r in standing(state):
        p = _me(state, r)
        lines.append(f"{ROLE_NAMES[r]}: fame {p['fame']}, money {p['money']}: "
                     f"{margin_words(margin(p))}{' (met first)' if r == tied else ''}.")
    if state["result"]:
        lines.append(state["result"].get("reason", ""))
    elif state["end"]:
        lines.append(f"{ROLE_NAMES[state['end']['trigger']]}'s markers met first: the game "
                     "ends when this stage is over.")
    return "\n".join(x for x in lines if x)


def _finish_by_sum(state: dict) -> None:
    """Revision 1: the greatest 2 x fame + money among the crossed wins (two money spaces
    of one fame space counted apart), ties to the first to cross."""
    reach = {r: 2 * p["fame"] + p["money"] for r, p in state["players"].items()}
    crossed = [r for r in state["crossed"] if reach[r] >= CROSS]
    if crossed:
        best = max(reach[r] for r in crossed)
        winners = [next(r for r in crossed if reach[r] == best)]
    else:  # nobody crossed (a stalled game): the closest wins, ties shared
        best = max(reach.values())
        winners = [r for r in state["roles"] if reach[r] == best]
    scores = {r: reach[r] - CROSS for r in state["roles"]}
    state["result"] = {"winners": winners, "scores": scores, "reason": "Markers: " + ", ".join(
        f"{ROLE_NAMES[r]} {'+' if scores[r] >= 0 else ''}{scores[r] / 2:g} fame"
        for r in sorted(state["roles"], key=lambda x: -reach[x])) + "."}
    state["log"].append(state["result"]["reason"])
    state["turn"] = {"who": None}


# --- tokens --------------------------------------------------------------------------------


def token(action: str, arg: object) -> str:
    if arg is None:
        return action
    if action in ("colour", "upgrade", "good", "chamber", "cover", "village"):
        return str(arg)
    if action == "slot":  # a board edge, `d1n`: typed lines are read in lower case
        return str(arg).lower()
    if action == "tile":  # the stack it lies on: one tile a stack is on display
        return f"tile-{_stack(str(arg))}"
    if action == "river":
        return f"river{arg}"
    if action in ("drop", "return"):
        return f"{action}-{arg}"
    if action == "reroll":
        return f"reroll-{arg}"
    return str(arg)


_LABELS = {"pass": "Pass for this round", "roll": "Roll your new dice", "skip": "Skip",
           "done": "Done", "stay": "Leave the boat where it is",
           "fewer": "Take fewer dice"}


def describe(action: str, arg: object) -> str:
    """A step's button label, in words."""
    if arg is None:
        return _LABELS.get(action, action.capitalize())
    arg = str(arg)
    if action == "tile":
        return f"{TILES[arg]['back'].capitalize()}: {tile_words(arg)}"
    if action == "die":
        colour, value, turned = dice.parse(arg)
        return f"Give up {words.a_die(colour, value)}" + (
            f" as {words.a(str(dice.flip(value)))} (karma)" if turned else "")
    if action == "cell":
        cell, roads = prov.parse(arg)
        return f"Place on {cell}, roads {words.listing(words.SIDE_NAMES[r] for r in roads)}"
    if action == "place":
        return _space_label(arg)
    if action == "return":  # revision 2's name for revision 1's `drop`
        action = "drop"
    labels = {
        "yield": lambda: f"Take {words.yield_tile(arg)}",
        "slot": lambda: f"Lay it on {words.edge(arg)}",
        "village": lambda: f"Score the village on {arg}",
        "colour": lambda: f"Take {words.a(arg)} die",
        "drop": lambda: f"Put back {words.a_die(*dice.parse(arg)[:2])}",
        "reroll": lambda: f"Reroll {words.a_die(*dice.parse(arg)[:2])}",
        "upgrade": lambda: f"Upgrade your {arg}s",
        "river": lambda: f"Move the boat {words.count(int(arg), 'free space')}",
        "good": lambda: f"Score {arg} markets",
        "chamber": lambda: f"{words.cap(words.CHAMBER_NAMES[arg])}, free",
        "cover": lambda: f"Build over {arg}",
    }
    return labels[action]() if action in labels else f"{action.capitalize()} {arg}"


def _space_label(space: str) -> str:
    """A worker space's label: where, and what it does."""
    if space in CHAMBERS:
        return f"{words.cap(words.CHAMBER_NAMES[space])} (a {CHAMBERS[space]})"
    if space.startswith("swap-"):
        give = space[5:]
        take = next(x["take"] for x in BOARD["exchange"] if x["give"] == give)
        return f"Exchange {words.a(give)} die for two {take}"
    if space.startswith("terrace-"):
        return f"Terrace: {words.a(space[8:])} die"
    return {"quarry": "Quarry: build", "harbor": "Harbor: river", "assorted":
            "Market: assorted goods", "money": "Palace: 2 money, reroll",
            "mango": "Mango Tree: villages again"}.get(space, f"Market: {space}")


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """The step a typed word would be, legal or not, so that ``act`` can say why it is
    refused (see refusals.py)."""
    from engine.games.rajas import refusals  # it reads the rules' helpers below

    return refusals.parse_token(state, role, tok)


def reveal_mark(state: dict) -> object:
    """Changes with every roll and every tile drawn from hidden stock: a face-down stack
    refilling the display, a white yield tile drawn for the dancer."""
    return [state["rng"], sum(len(s) for s in state["stacks"].values()), len(state["white"])]


def redeal(state: dict, generator: object, keep: Collection[str] = ()) -> dict:
    """The same position with the hidden future (stack orders, the white yield tiles,
    the dice still to roll) drawn anew from ``generator`` (a ``state["rng"]`` value); no
    side hides a hand."""
    new = clone(state)
    new["rng"] = generator
    new["stacks"] = {k: rng.shuffle(new, s) for k, s in new["stacks"].items()}
    new["white"] = rng.shuffle(new, new["white"])
    return new
