"""Carrying out a legal step of the player asked: a permission answered, a queued
placement or removal, a battle's choice, a movement step, a factory or an arms marker."""

from __future__ import annotations

from engine import grammar
from engine.games.maharaja import board, colonial, data, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.colonial import build
from engine.games.maharaja.combat import battle_step
from engine.games.maharaja.decisions import battle_prompt
from engine.games.maharaja.declarations import anytime_step
from engine.games.maharaja.moves import answer, log_ask, move_step


def apply(state: dict, role: str, action: str, arg) -> None:
    if action in ("submit", "ally") and not _battle_choice(state, action, arg):
        anytime_step(state, role, action, arg)
        return
    if state["ask"]:
        answer(state, action == "permit")
        return
    if state["queue"]:
        _queued_step(state, state["queue"][0], action, arg)
        return
    if state["battle"]:
        battle_step(state, state["battle"], action, arg)
        return
    phase = state["phase"]
    nation = state["nation"]
    if phase == "movement":
        move_step(state, nation, action, arg)
    elif phase == "factory":
        if action == "factory":
            need = colonial.factory_sites(state, nation)[arg]
            if need and f.owner(state, need) != f.owner(state, nation):
                state["ask"] = {"kind": "factory", "nation": nation, "area": arg,
                                "of": [need], "role": f.owner(state, need)}
                log_ask(state)
            else:
                build(state, nation, arg)
        elif action == "demolish":
            del state["factories"][arg]
            state["demolished"] += 1
            turns.log(state, f"The {turns.nname(nation)} remove their factory in "
                      f"{board.called(arg)}.")
        else:
            state["phase"] = "arms"
    elif phase == "arms":
        if action == "arm":
            state["arms"][nation] = {"nation": arg, "active": False}
            turns.log(state, f"The {turns.nname(nation)} arm the {turns.nname(arg)} (from "
                      "their next population phase).")
        elif action == "withdraw":
            old = state["arms"].pop(nation)
            turns.log(state, f"The {turns.nname(nation)} withdraw their arms from the "
                      f"{turns.nname(old['nation'])}.")
        state["phase"] = "score"


def _battle_choice(state: dict, action: str, arg) -> bool:
    """A submission or an alliance the battle itself offers its defender (it ends the
    battle), not one declared at any time."""
    b = state["battle"]
    if not b or state["ask"] or state["queue"]:
        return False  # the battle waits: nothing it offers is asked now
    return arg in (battle_prompt(state, b)[1].get(action) or [])


def _queued_step(state: dict, q: dict, action: str, arg) -> None:
    nation = q["nation"]
    if q["do"] == "place":
        if q["where"] == "own":
            f.add(state, arg, nation, 1)
            state["pool"][nation] -= 1
            q["placed"].append(arg)
            if len(q["placed"]) >= q["n"] or not turns.place_options(state, nation,
                                                                      q["placed"]):
                state["queue"].pop(0)
                turns.log(state, f"The {turns.nname(nation)} place "
                          f"{grammar.count(len(q['placed']), 'new army')} in "
                          + ", ".join(sorted({board.called(p) for p in q["placed"]},
                                             key=str)) + ".")
        else:
            f.add(state, arg, nation, q["n"])
            state["pool"][nation] -= q["n"]
            state["queue"].pop(0)
            turns.log(state, f"{turns.armies(q['n'])} of the {turns.nname(nation)} "
                      f"{turns.verb(q['n'], 'arrives', 'arrive')} in {board.called(arg)}.")
    elif q["do"] == "remove":
        turns.eliminate(state, arg, nation, 1)
        q["done"] = q.get("done", 0) + 1
        if q["done"] >= q["n"] or not f.on_map(state, nation):
            state["queue"].pop(0)
            turns.log(state, f"The {turns.nname(nation)} remove {turns.armies(q['done'])} "
                      f"({q['why']}).")
    elif q["do"] == "lead":
        state["leaders"][q["leader"]] = arg
        state["queue"].pop(0)
        turns.log(state, f"{data.LEADERS[q['leader']]['name']} leads the "
                  f"{turns.nname(nation)} in {board.called(arg)}.")
    elif q["do"] == "box":
        state["queue"].pop(0)
        if arg == "marker":
            state["no_pop"].append(nation)
            state["alliance_box"][nation] = "marker"
            turns.log(state, f"The {turns.nname(nation)} give their population marker to "
                      "the British Alliance Box: no more increase.")
        else:
            f.add(state, arg, nation, -1)
            state["alliance_box"][nation] = "army"
            turns.log(state, f"The {turns.nname(nation)} give an army from "
                      f"{board.called(arg)} to the British Alliance Box.")
            if not f.count(state, arg, nation):
                lid = f.leader_at(state, arg, nation)
                if lid:
                    turns.remove_leader(state, lid, "no army is left with him")
