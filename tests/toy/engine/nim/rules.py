"""Nim's rules, to the engine contract: setup, view, act, result, summary, token,
describe."""

from __future__ import annotations

from typing import Any

from engine.contract import Result, State, View
from engine.errors import IllegalAction
from engine.options import Option, with_defaults

ID = "nim"
NAME = "Nim"
ROLES = ["first", "second"]
ROLE_NAMES = {"first": "First", "second": "Second"}
PLAYERS = (2, 2)
OPTIONS: dict[str, Option] = {
    "counters": {"type": "int", "default": 15, "min": 5, "max": 30,
                 "help": "Counters in the pile at the start."},
}
MOST = 3  # counters one turn may take


def setup(seed: int, options: dict) -> State:
    opts = with_defaults(OPTIONS, options)
    return {"game": ID, "options": opts, "pile": opts["counters"], "to_move": "first",
            "move": 0, "log": [f"A pile of {opts['counters']} counters."], "result": None}


def _takes(state: State) -> list[int]:
    return [] if state["result"] else list(range(1, min(MOST, state["pile"]) + 1))


def view(state: State, role: str | None) -> View:
    mine = role == state["to_move"] and not state["result"]
    name = ROLE_NAMES[state["to_move"]]
    return {"game": ID, "active": [] if state["result"] else [state["to_move"]],
            "move": state["move"], "log": list(state["log"]), "result": state["result"],
            "pile": state["pile"],
            "prompt": (f"{name}: take 1 to {min(MOST, state['pile'])} counters "
                       f"({state['pile']} left).") if not state["result"] else "",
            "actions": {"take": _takes(state)} if mine else {}}


def act(state: State, role: str, action: str, arg: Any) -> State:
    if state["result"]:
        raise IllegalAction("The game is over.")
    if role != state["to_move"]:
        raise IllegalAction(f"It is {ROLE_NAMES[state['to_move']]}'s turn.")
    if action != "take" or arg not in _takes(state):
        raise IllegalAction(f"A turn takes 1 to {min(MOST, state['pile'])} counters.")
    other = ROLES[1 - ROLES.index(role)]
    pile = state["pile"] - arg
    log = [*state["log"], f"{ROLE_NAMES[role]} takes {arg}, leaving {pile}."]
    result = ({"winners": [role], "scores": {role: 1, other: 0},
               "reason": f"{ROLE_NAMES[role]} took the last counter."} if pile == 0 else None)
    return {**state, "pile": pile, "to_move": other, "move": state["move"] + 1, "log": log,
            "result": result}


def result(state: State) -> Result | None:
    return state["result"]


def summary(state: State) -> dict:
    return {"pile": state["pile"], "to_move": state["to_move"], "result": state["result"]}


def token(action: str, arg: Any) -> str:
    return f"take{arg}"


def describe(action: str, arg: Any) -> str:
    return f"Take {arg}"
