"""Negotiation (1.5.2): a faction gives Resources or Cavalry to another at any time,
in three choices (to whom, what, how many), or cancels."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import FACTIONS


def can_give(state: dict, faction: str) -> bool:
    return state["resources"][faction] > 0 or state["cavalry"][faction] > 0


def start_give(state: dict, faction: str) -> None:
    m.push(state, "give", faction, to=None, what=None)


def _give_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    if f["to"] is None:
        return (f"{pc.fname(faction)}: give Resources or Cavalry to whom (1.5.2)? Or `cancel`.",
                {"to": [x for x in FACTIONS if x != faction], "cancel": None})
    if f["what"] is None:
        room = 24 - state["resources"][f["to"]]
        what = [w for w, have in (("resources", min(room, state["resources"][faction])),
                                  ("cavalry", state["cavalry"][faction])) if have]
        return f"{pc.fname(faction)}: give what to {pc.fname(f['to'])} (1.5.2)?", {
            "what": what, "cancel": None}
    have = state["resources"][faction] if f["what"] == "resources" else state["cavalry"][faction]
    room = 24 - state["resources"][f["to"]] if f["what"] == "resources" else have
    hi = min(have, room)
    return f"{pc.fname(faction)}: how many {f['what']} to {pc.fname(f['to'])} (1.5.2)?", {
        "amount": [str(i) for i in range(1, hi + 1)], "cancel": None}


def _give_act(state: dict, f: dict, action: str, arg) -> None:
    faction = f["role"]
    if action == "cancel":
        m.pop(state, f)
        state["log"].append(f"{pc.says(faction, 'gives')} nothing after all.")
    elif action == "to":
        f["to"] = arg
    elif action == "what":
        f["what"] = arg
    else:
        count = int(arg)
        if f["what"] == "resources":
            pc.gain(state, faction, -count)
            pc.gain(state, f["to"], count)
        else:
            state["cavalry"][faction] -= count
            state["cavalry"][f["to"]] += count
        # Cavalry is a mass noun ("2 Cavalry"); Resources are counted ("1 Resource").
        what = (grammar.count(count, "Resource") if f["what"] == "resources"
                else f"{count} Cavalry")
        state["log"].append(f"{pc.says(faction, 'gives')} {what} to {pc.fname(f['to'])}.")
        m.pop(state, f)


m.frame("give", prompt=_give_prompt, act=_give_act)
