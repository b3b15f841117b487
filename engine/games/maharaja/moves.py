"""Movement steps: a group chosen, sent and moved (a free move when submissions shut an
invasion out of India), and the permissions asked of another player: a passage through a
sea held by colonial nations (each of their players in turn), a factory in an area another
player's nation holds."""

from __future__ import annotations

from collections.abc import Collection

from engine.games.maharaja import board, data, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.colonial import build
from engine.games.maharaja.decisions import destinations


def log_ask(state: dict) -> None:
    """A permission asked passes the decision to another player: the log says so."""
    a = state["ask"]
    turns.log(state, f"The {turns.nname(a['nation'])} ask {state['names'][a['role']]} "
              f"for {asked_for(a)}.")


def asked_for(ask: dict) -> str:
    """What a permission asked is for: a passage, or a factory."""
    if ask["kind"] == "passage":
        return f"passage through {board.called(ask['sea'])}"
    return f"permission to build a factory in {board.called(ask['area'])}"


def _in_nation_order(nations: Collection[str]) -> list[str]:
    return sorted(nations, key=list(data.NATIONS).index)


def _ask_next(state: dict, ask: dict, nations: list[str]) -> None:
    """The remarks' Movement: a passage needs the permission of every colonial nation in
    the sea. Each of their players is asked in turn, in the nations' fixed order, about
    all of their nations there; ``then`` keeps the nations still to ask."""
    role = f.owner(state, nations[0])
    ask["role"] = role
    ask["of"] = [n for n in nations if f.owner(state, n) == role]
    ask["then"] = [n for n in nations if f.owner(state, n) != role]
    state["ask"] = ask


def answer(state: dict, yes: bool) -> None:
    a = state.pop("ask")
    state["ask"] = None
    asked = state["names"][a["role"]]
    if yes and a.get("then"):  # a passage: the next colonial nation's player is asked
        turns.log(state, f"{asked} lets the {turns.nname(a['nation'])} sail through "
                  f"{board.called(a['sea'])}.")
        _ask_next(state, a, a["then"])
        log_ask(state)
        return
    if a["kind"] == "factory":
        if yes:
            turns.log(state, f"{asked} permits the factory in {board.called(a['area'])}.")
            build(state, a["nation"], a["area"])
        else:
            turns.log(state, f"{asked} refuses the factory in {board.called(a['area'])}.")
            state["refused"].append(a["area"])
        return
    if yes:
        turns.log(state, f"{asked} lets the {turns.nname(a['nation'])} sail through "
                  f"{board.called(a['sea'])}.")
        if f.errata(state) and not _still_open(state, a):
            turns.log(state, f"The way to {board.called(a['to'])} has closed meanwhile: "
                      f"the {turns.nname(a['nation'])} choose again.")
        else:
            _do_move(state, a["nation"], a["from"], a["to"], a["n"], a["leader"])
    else:
        turns.log(state, f"{asked} refuses the {turns.nname(a['nation'])} passage through "
                  f"{board.called(a['sea'])}.")
        state["refused"] += a["of"]
    state["sel"] = None


def _still_open(state: dict, ask: dict) -> bool:
    """The move a passage was asked for is still possible: a declaration at any time while
    the players were asked (a submission, an alliance) may have closed its way."""
    tok = f"{ask['n']}l" if ask["leader"] else str(ask["n"])
    way = destinations(state, ask["nation"], ask["from"]).get(ask["to"])
    if not way:
        return False
    return tok in way["counts"]


def move_step(state: dict, nation: str, action: str, arg) -> None:
    if action == "done":
        state["sel"] = None
        turns.stacking_check(state, nation)
        if state["rounds"] == 2 and state["round"] == 2:
            turns.overpopulation(state, nation)  # errata: a major invasion's comes here
        state["phase"] = "battle"
        state["fights"] = None
        return
    if action == "back":
        sel = state["sel"]
        state["sel"] = {"from": sel["from"]} if "to" in sel else None
        return
    if action == "from":
        state["sel"] = {"from": arg}
        return
    if action == "to":
        state["sel"]["to"] = arg
        return
    origin, dest = state["sel"]["from"], state["sel"]["to"]
    lead = arg.endswith("l")
    n = int(arg.rstrip("l"))
    way = destinations(state, nation, origin)[dest]
    if way.get("free"):
        _free_move(state, nation, origin, dest, n, lead)
        state["sel"] = None
        return
    need = way["need"][arg]
    others = [c for c in need if f.owner(state, c) != f.owner(state, nation)]
    if others:
        sea = _sea_between(state, nation, origin, dest, lead)
        state["ask"] = {"kind": "passage", "nation": nation, "from": origin, "to": dest,
                        "n": n, "leader": lead, "of": others, "sea": sea,
                        "role": f.owner(state, others[0])}
        if f.errata(state):
            _ask_next(state, state["ask"], _in_nation_order(others))
        log_ask(state)
        return
    _do_move(state, nation, origin, dest, n, lead)
    state["sel"] = None


def _free_move(state: dict, nation: str, origin: str, dest: str, n: int, lead: bool) -> None:
    """The General 30-2: an invasion shut out of India by submissions moves on to a
    neighbouring foreign area as one force, for free: its armies (and leader) move on from
    there with their whole allowance."""
    f.add(state, origin, nation, -n)
    f.add(state, dest, nation, n)
    if lead:
        state["leaders"][f.leader_of(state, nation)] = dest
    turns.log(state, f"Shut out of India by submissions, {turns.armies(n)} of the "
              f"{turns.nname(nation)} {turns.verb(n, 'moves', 'move')} on from "
              f"{board.called(origin)} to {board.called(dest)} (a free move).")


def _sea_between(state: dict, nation: str, origin: str, dest: str, lead: bool) -> str:
    for s in data.SEAS:
        if s in data.NEIGHBOURS[dest] and (s in data.NEIGHBOURS[origin] or origin == s):
            return s
    return next(iter(data.SEAS))


def _do_move(state: dict, nation: str, origin: str, dest: str, n: int, lead: bool) -> None:
    f.add(state, origin, nation, -n)
    f.add(state, dest, nation, n)
    state["moved"][dest] = state["moved"].get(dest, 0) + n
    came = state["came"].setdefault(dest, {})
    came[origin] = came.get(origin, 0) + n
    text = f"{turns.armies(n)} of the {turns.nname(nation)} " \
        f"{turns.verb(n, 'moves', 'move')} from {board.called(origin)} to {board.called(dest)}"
    if lead:
        lid = f.leader_of(state, nation)
        # "…l" is offered only where the leader is with the group (decisions.destinations)
        assert lid is not None
        state["leaders"][lid] = dest
        state.setdefault("leader_moved", []).append(lid)
        text += f" with {data.LEADERS[lid]['name']}"
    elif not f.count(state, origin, nation):
        lid = f.leader_at(state, origin, nation)
        if lid:  # a leader never stays alone: he goes with the last of them
            state["leaders"][lid] = dest
            state.setdefault("leader_moved", []).append(lid)
    turns.log(state, text + ".")
    # An area of a nation that has submitted is entered only when submissions shut the
    # invasion out of India (General 30-2): that submission no longer holds against it.
    for other in f.others_at(state, dest, nation):
        if f.submitted_here(state, other, nation, dest):
            state["submitted"][other]["ignored"] = True
            turns.log(state, f"With no other way into India, the {turns.nname(nation)} "
                      f"ignore the submission of the {turns.nname(other)}.")
