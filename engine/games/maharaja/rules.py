"""Maharaja (Avalon Hill 1994), Darbar's reconstruction, to the engine contract.

Sixteen game turns; in each, the nations of the order of play take their turns: population
increase, arrivals from the turn record chart, movement, battle (twice in a major
invasion), a colonial nation's factories and arms, and the victory point count. Each
player (a colour) guides the nations the control chart gives it. Steps are decisions: a
nation's owner places new armies and moves groups (from, to, how many); in a battle the
attacker and then the defender choose to fight on or fall back; another player is asked
when it matters to them (submission or alliance when attacked, permission to pass a sea or
build a factory). Submission and alliance may also be declared at any time. What the
rule remarks leave open is Darbar's reading, marked so here and in /rules.

This module is the contract's entry (setup, view, act, result, summary, token, describe,
parse_token, reveal_mark, redeal); the rules live in modules named for what they hold,
imported one way: data (the published components); board, forces; movement, battle,
diplomacy, colonial, scoring; turns (the turn's fixed parts); decisions (what is asked
now), declarations (submission and alliance), moves (movement steps and permissions),
combat (a battle step by step), phases (the flow up to the next decision), actions (a step
carried out), tokens; refusals (why a step is refused); then this module.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.errors import IllegalAction
from engine.games.maharaja import data, refusals, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.actions import apply
from engine.games.maharaja.data import ROLE_NAMES, ROLES
from engine.games.maharaja.decisions import (
    active,
    add_anytime,
    anytime,
    deciding_nation,
    decision_prompt,
)
from engine.games.maharaja.declarations import anytime_step
from engine.games.maharaja.phases import advance
from engine.games.maharaja.tokens import describe, parse_token, token
from engine.jsontree import clone_state
from engine.options import Option, revision_entry, with_defaults
from engine.rng import seed_state
from engine.steps import opening

__all__ = [
    "ID", "NAME", "OPTIONS", "PLAYERS", "REVISION", "ROLE_NAMES", "ROLES", "act", "active",
    "describe", "parse_token", "redeal", "result", "reveal_mark", "setup", "sides",
    "summary", "token", "view",
]

ID = "maharaja"
NAME = "Maharaja"
PLAYERS = (3, 5)
OPTIONS: dict[str, Option] = {
    "players": {"type": "int", "default": 4, "min": 3, "max": 5,
                "help": "How many colours play (fewer people share them)."},
    "length": {"type": "choice", "choices": ["full", "short"], "default": "full",
               "help": "The full game (16 turns), or the short 3-player game from turn 9."},
}
# Rules revision written by setup: 2 since issue 24 (forces.errata gates each change), so a
# game stored before it replays move for move.
REVISION = 2
MAX_STEPS = 20000  # Darbar's guard: no game comes near it (each turn ends after `done`)


def _control_chart(opts: dict) -> dict[str, list[str]] | None:
    """The colours and their nations: the short game has its own chart (Darbar's: it starts
    in turn 9, when the 3-player chart's early nations are gone)."""
    key = "short" if opts["length"] == "short" else str(opts["players"])
    return data.CHART["control"].get(key)


def sides(options: dict | None = None) -> list[str]:
    opts = with_defaults(OPTIONS, options or {})
    chart = _control_chart(opts)
    return list(chart) if chart else ROLES[:int(opts["players"])]


# --- setup -------------------------------------------------------------------------------


def setup(seed: int, options: dict | None = None) -> dict:
    opts = with_defaults(OPTIONS, options or {})
    n = opts["players"]
    if opts["length"] == "short":
        if "players" in (options or {}) and n != 3:
            raise IllegalAction(f"The short game (`length=short`) is for 3 players, not {n}: "
                                "leave `players` out, or play the full game.")
        n = 3
    chart = _control_chart({**opts, "players": n})
    assert chart is not None  # the shipped chart has 3, 4, 5 and short (data.check_chart)
    control = {nation: colour for colour, ns in chart.items() for nation in ns}
    roles = list(chart)
    start = data.CHART["start"][opts["length"]]
    state: dict = {
        "game": ID, "options": {"players": n, "length": opts["length"]},
        "rng": seed_state(seed), "roles": roles, "control": control,
        "names": {r: ROLE_NAMES[r] for r in roles},
        "turn": start["turn"], "order": [], "idx": -1, "nation": None, "phase": "turn",
        "round": 1, "rounds": 1, "armies": {}, "leaders": {}, "leaders_seen": [],
        "factories": {}, "arms": {}, "pop": {}, "no_pop": [], "submitted": {},
        "allies": [], "alliance_box": {}, "moved": {}, "came": {}, "sel": None,
        "fights": None, "battle": None, "queue": [], "ask": None, "built": 0,
        "demolished": 0, "refused": [], "pool": {nation: info["armies"] for nation, info in
                                  data.NATIONS.items()},
        "skip": list(start.get("skip", [])), "vp": {r: 0 for r in roles},
        "nation_vp": {}, "titles": {}, "dice": None, "log": [], "move": 0,
        "result": None, "steps": 0, **revision_entry(opts, REVISION),
    }
    for nation, areas in start["armies"].items():
        for a in areas:
            f.add(state, a, nation, 1)
            state["pool"][nation] -= 1
    if opts["length"] == "short":
        turns.log(state, "The 3-player short game begins in turn 9.")
    turns.start_game_turn(state)
    advance(state)
    return state


# --- the contract ------------------------------------------------------------------------


def view(state: dict, role: str | None) -> dict:
    v = {
        "game": ID, "turn": state["turn"], "year": turns.year(state["turn"]),
        "roles": list(state["roles"]), "control": dict(state["control"]),
        "order": list(state["order"]), "idx": state["idx"], "nation": state["nation"],
        "phase": state["phase"], "round": state["round"], "rounds": state["rounds"],
        "armies": {p: dict(n) for p, n in state["armies"].items()},
        "leaders": dict(state["leaders"]), "factories": dict(state["factories"]),
        "arms": {c: dict(a) for c, a in state["arms"].items()},
        "submitted": {n: dict(s) for n, s in state["submitted"].items()},
        "allies": list(state["allies"]), "alliance_box": dict(state["alliance_box"]),
        "pool": dict(state["pool"]), "pop": dict(state["pop"]),
        "no_pop": list(state["no_pop"]), "vp": dict(state["vp"]),
        "nation_vp": dict(state["nation_vp"]), "titles": dict(state["titles"]),
        "battle": dict(state["battle"]) if state["battle"] else None,
        "dice": state["dice"], "sel": dict(state["sel"]) if state["sel"] else None,
        "options": dict(state["options"]), "active": active(state), "move": state["move"],
        "log": list(state["log"]), "result": state["result"], "prompt": "", "actions": {},
        "acting_for": {r: f"the {turns.nname(n)}" for r in active(state)
                       if (n := deciding_nation(state))},
    }
    if role is None or state["result"]:
        return v
    if role in active(state):
        v["prompt"], v["actions"] = prompt(state, role)
    else:
        v["actions"] = anytime(state, role)
        if v["actions"]:
            v["prompt"] = f"{ROLE_NAMES[role]}: you may submit or ally at any time."
    return v


def prompt(state: dict, role: str) -> tuple[str, dict]:
    """What the player asked a decision is asked, and its steps: the decision's, and the
    declarations they may make beside it."""
    text, acts = decision_prompt(state, role)
    if f.errata(state):
        add_anytime(state, role, acts)
    elif state["phase"] == "movement" and not state["sel"] and not state["battle"] \
            and not state["queue"] and not state["ask"]:
        acts.update(anytime(state, role))
    return text, acts


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    opening(state, role, action, arg, names=ROLE_NAMES, active=active(state), prompt=prompt,
            refused=refusals.message, anytime=anytime, offstage=refusals.message)
    s = copied(state)
    before = _move_mark(s)
    offstage = role not in active(s)
    if offstage:
        anytime_step(s, role, action, arg)
    else:
        apply(s, role, action, arg)
    advance(s)
    s["steps"] += 1
    # a step at any time (a submission, an alliance) is a whole move of its own: posted at
    # once, while the player whose turn it is goes on
    if offstage or (_move_mark(s) != before and not (s["sel"] and not s["battle"])):
        s["move"] += 1
    return s


# The parts of a state that hold only plain values (FLAT), or dicts of such (FLAT_INSIDE):
# copied in C without looking inside. The log alone is thousands of lines by the end, which
# clone() walked one by one on every step (a sixth of replaying a long game's log).
FLAT = frozenset(("options", "roles", "control", "names", "order", "leaders",
                  "leaders_seen", "factories", "pop", "no_pop", "allies", "alliance_box",
                  "moved", "refused", "pool", "vp", "nation_vp", "titles", "log",
                  "leader_moved"))
FLAT_INSIDE = frozenset(("armies", "came", "arms"))


def copied(state: dict) -> dict:
    """A copy of the state sharing nothing mutable with it (what act() changes)."""
    return clone_state(state, FLAT, FLAT_INSIDE)


def _move_mark(state: dict) -> tuple:
    """A move ends when this changes: dice rolled, the decision passing to another player,
    another nation's turn. So one post carries a nation's placements, movement and the
    choices before its first roll, and each roll is posted as it falls."""
    return (tuple(active(state)), state["nation"], state["idx"], state["turn"],
            str(state["rng"]))


def reveal_mark(state: dict) -> object:
    """Dice are the only thing hidden: a step that rolls them reveals."""
    return state["rng"]


def redeal(state: dict, generator: object, keep: Collection[str] = ()) -> dict:
    """The same position with the dice still to roll drawn anew from ``generator`` (a
    ``state["rng"]`` value); no side hides a hand."""
    new = copied(state)
    new["rng"] = generator
    return new
