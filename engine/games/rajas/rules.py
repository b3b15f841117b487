"""Rajas of the Ganges (Inka & Markus Brand, 2017), base game, to the engine contract.

In turn each player places one worker on a free space they can pay for and carries out
its action at once: the quarry (a province tile), the market (money for markets), the
Great Mogul's palace (dice, money, the six chambers) or the harbor (the boat downriver).
Fame climbs one track and money the other; the first whose markers meet ends the game
when the current stage is over. Effects that follow from one another (a tile's buildings,
a track bonus, a river space) queue up and are carried out in order; an effect that
needs a choice waits for it. Yucata's rules are the default where they differ from the
printed ones (option ``rules=printed``). Darbar's readings are marked as such.

This module is the contract's entry (setup, view, act, result, summary, token, describe,
parse_token, reveal_mark, redeal); the rules live in modules named for what they hold,
imported one way: data (the published components) and words; dice, province; position
(reading a position), spaces (worker spaces), kali (dice and Kali's hands), decisions
(what is asked), effects, scoring (the end), rounds (turns and rounds), actions (a step
carried out), tokens; why_spaces, why_dice, why_tiles and refusals (why a step is refused);
then this module.
"""

from __future__ import annotations

from collections.abc import Collection

from engine import rng
from engine.errors import IllegalAction
from engine.games.rajas import words
from engine.games.rajas.actions import apply
from engine.games.rajas.data import (
    BOARD,
    BUILDINGS,
    COLOURS,
    FILES,
    FINAL,
    RIVER,
    ROLE_NAMES,
    ROLES,
    STACKS,
    TILES,
)
from engine.games.rajas.decisions import pending, prompt
from engine.games.rajas.position import active, errata
from engine.games.rajas.refusals import parse_token, refusal_of
from engine.games.rajas.scoring import margin, score_report
from engine.games.rajas.tokens import describe, token
from engine.jsontree import clone
from engine.options import Option, revision_entry, with_defaults
from engine.rng import seed_state
from engine.steps import opening

__all__ = [
    "ID", "NAME", "OPTIONS", "PLAYERS", "REVISION", "ROLE_NAMES", "ROLES", "act", "active",
    "describe", "parse_token", "redeal", "result", "reveal_mark", "score_report", "setup",
    "sides", "summary", "token", "view",
]

ID = "rajas"
NAME = "Rajas of the Ganges"
PLAYERS = (2, 4)
OPTIONS: dict[str, Option] = {
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
KALI = 10  # dice a Kali statue holds (basic side); 8 on the Navaratnas back
EXTRA_WORKERS = 2  # in the basic game
# The rules as games started now play them. Revision 2 (issue 24): dice beyond Kali's free
# hands are a choice (put dice back first, or take fewer), the end is scored in fame
# spaces, Navaratnas' catch-up tiles come whenever the turn would be the player's, and
# Mango Village adds its brown yield tile to Navaratnas. A stored state without the key
# was started under revision 1 and keeps those rules, so it replays move for move.
REVISION = 2


def sides(options: dict | None = None) -> list[str]:
    return ROLES[:int(with_defaults(OPTIONS, options or {})["players"])]


# --- setup -------------------------------------------------------------------------------


def _layout(n: int) -> dict:
    side = dict(BOARD["sides"]["2" if n == 2 else "3-4"])
    if n == 3:  # cover tiles: the quarry's first space, the harbor's third
        covered = side["covered_3"]
        side["quarry"] = [c for i, c in enumerate(side["quarry"]) if i != covered["quarry"]]
        side["harbor"] = [c for i, c in enumerate(side["harbor"]) if i != covered["harbor"]]
    side["mango"] = FILES["mango"]["tree_spaces"]["2" if n == 2 else "3-4"]
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
    stacks: dict[str, list[str]] = {k: [] for k in STACKS}
    for t in TILES.values():
        if t["colour"] != "village":
            stacks[f"{t['colour']}-{t['back']}"].append(t["id"])
    stacks = {k: rng.shuffle(state, ids) for k, ids in stacks.items()}
    if opts["mango"]:
        stacks["village-mango"] = rng.shuffle(state, [v["id"] for v in FILES["mango"][
            "villages"]])
    display = {k: stacks[k].pop() for k in stacks}
    supply = {c: 12 for c in COLOURS}
    # Each player rolls one die of each colour; the lowest total starts (printed rules), or
    # (Yucata) the sets are rolled first and the lowest goes to the first player.
    sets: list[list[list]] = []  # each player's dice, [colour, value]
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
        white=rng.shuffle(state, list(FILES["yields"]["white"])), yield_display={})
    if nav:
        # Each player draws a brown yield tile to lay on one of their two brown spaces; the
        # other yield tiles lie face up on the board.
        brown = rng.shuffle(state, _brown_pool(state))
        for r in roles:
            players[r]["pending"].append(f"brown-{brown.pop()}")
        state["yield_display"] = {"brown": sorted(brown), "yellow": list(
            FILES["yields"]["yellow"]), "red": list(FILES["yields"]["red"])}
        pending(state, roles[start])
    state["log"].append(f"Round 1. {ROLE_NAMES[roles[start]]} starts; money "
                        + ", ".join(f"{ROLE_NAMES[r]} {players[r]['money']}" for r in roles)
                        + ". Dice: " + "; ".join(
                            f"{ROLE_NAMES[r]} {words.dice(players[r]['dice'])}" for r in roles)
                        + ".")
    return state


def _brown_pool(state: dict) -> list[str]:
    """Navaratnas' brown yield tiles; Mango Village mixes its own in (3 money a village)."""
    pool = list(FILES["yields"]["brown"])
    if state["options"]["mango"] and errata(state):
        pool.append(FILES["mango"]["navaratnas_brown"])
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


# --- the contract ------------------------------------------------------------------------


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
        v["prompt"], v["actions"] = prompt(state, role)
    return v


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    opening(state, role, action, arg, names=ROLE_NAMES, active=active(state), prompt=prompt,
            refused=refusal_of)
    new = clone(state)
    apply(new, role, action, arg)
    return new


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
