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
"""

from __future__ import annotations

import re
from collections.abc import Collection

from engine.errors import IllegalAction
from engine.games.maharaja import battle as bt
from engine.games.maharaja import board, colonial, diplomacy, movement, turns
from engine.games.maharaja import forces as f
from engine.options import revision_entry, with_defaults
from engine.rng import seed_state
from engine.steps import offered

ID = "maharaja"
NAME = "Maharaja"
ROLES = ["yellow", "blue", "red", "green", "purple"]
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
PLAYERS = (3, 5)
OPTIONS = {
    "players": {"type": "int", "default": 4, "min": 3, "max": 5,
                "help": "How many colours play (fewer people share them)."},
    "length": {"type": "choice", "choices": ["full", "short"], "default": "full",
               "help": "The full game (16 turns), or the short 3-player game from turn 9."},
}
CHART = turns.CHART
# Rules revision written by setup: 2 since issue 24 (forces.errata gates each change), so a
# game stored before it replays move for move.
REVISION = 2
MAX_STEPS = 20000  # Darbar's guard: no game comes near it (each turn ends after `done`)


def _control_chart(opts: dict) -> dict[str, list[str]] | None:
    """The colours and their nations: the short game has its own chart (Darbar's: it starts
    in turn 9, when the 3-player chart's early nations are gone)."""
    key = "short" if opts["length"] == "short" else str(opts["players"])
    return CHART["control"].get(key)


def sides(options: dict | None = None) -> list[str]:
    opts = with_defaults(OPTIONS, options or {})
    chart = _control_chart(opts)
    return list(chart) if chart else ROLES[:int(opts["players"])]


# --- setup ---------------------------------------------------------------------------------


def setup(seed: int, options: dict | None = None) -> dict:
    opts = with_defaults(OPTIONS, options or {})
    n = opts["players"]
    if opts["length"] == "short":
        if "players" in (options or {}) and n != 3:
            raise IllegalAction(f"The short game (`length=short`) is for 3 players, not {n}: "
                                "leave `players` out, or play the full game.")
        n = 3
    chart = _control_chart({**opts, "players": n})
    control = {nation: colour for colour, ns in chart.items() for nation in ns}
    roles = list(chart)
    start = CHART["start"][opts["length"]]
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
                                  f.NATIONS.items()},
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
    _advance(state)
    return state


# --- who acts and what they may do ----------------------------------------------------------


def _deciding_nation(state: dict) -> str | None:
    """The nation the decision now waiting is taken for (its owner decides; pings name
    it): the one asked a permission, a queued placement's or removal's, the defender's in
    its battle decisions, else the nation whose turn it is (the attacker)."""
    if state["result"]:
        return None
    if state["ask"]:
        return state["ask"]["of"][0]
    if state["queue"]:
        return state["queue"][0]["nation"]
    b = state["battle"]
    if b:
        return b["def"] if b["stage"] in ("def", "def_count", "open") else b["att"]
    return state["nation"]


def active(state: dict) -> list[str]:
    nation = _deciding_nation(state)
    return [f.owner(state, nation)] if nation else []


def _anytime(state: dict, role: str) -> dict:
    """Submission and alliance, which a player may declare at any time."""
    acts: dict = {}
    mine = [n for n, c in state["control"].items() if c == role and f.on_map(state, n)]
    subs = [n for n in mine if diplomacy.may_submit(state, n)]
    if subs and state["nation"] != "british":
        acts["submit"] = subs
    allies = [n for n in mine if diplomacy.may_ally(state, n)]
    if allies:
        acts["ally"] = allies
    return acts


def _add_anytime(state: dict, role: str, acts: dict) -> None:
    """The remarks: an alliance is declared at any time, a submission at any time during
    the other nation's movement or battle. So the player asked a decision may declare one
    too, beside it (since issue 24; before, only in their own movement). A battle's
    defender submits only where the submission covers the battle's area (it ends the
    battle)."""
    b = state["battle"]
    for action, nations in _anytime(state, role).items():
        if action == "submit" and b and not _may_submit_here(state, b["def"], b["place"]):
            nations = [n for n in nations if n != b["def"]]
        have = acts.setdefault(action, [])
        have += [n for n in nations if n not in have]
        if not have:
            del acts[action]


def _prompt(state: dict, role: str) -> tuple[str, dict]:
    nation = state["nation"]
    if state["ask"]:
        a = state["ask"]
        asker = turns.nname(a["nation"])
        if a["kind"] == "passage":
            return (f"{ROLE_NAMES[role]}: the {asker} ask to sail through "
                    f"{board.called(a['sea'])} past your "
                    f"{', '.join(turns.nname(n) for n in a['of'])}. Permit or refuse?",
                    {"permit": None, "refuse": None})
        return (f"{ROLE_NAMES[role]}: the {asker} ask to build a factory in "
                f"{board.called(a['area'])}, held by your {turns.nname(a['of'][0])}. Permit "
                "or refuse?", {"permit": None, "refuse": None})
    if state["queue"]:
        q = state["queue"][0]
        return _queued(state, q)
    b = state["battle"]
    if b:
        return _battle_prompt(state, b)
    phase = state["phase"]
    who = f"{ROLE_NAMES[role]}, for the {turns.nname(nation)}"
    if phase == "movement":
        return _movement_prompt(state, who)
    if phase == "factory":
        acts: dict = {}
        if state["built"] < 2:
            sites = colonial.factory_sites(state, nation)
            if sites:
                acts["factory"] = list(sites)
        if state["demolished"] < 1:
            own = [a for a in board.LAND if state["factories"].get(a) == nation]
            if own:
                acts["demolish"] = own
        acts["done"] = None
        return f"{who}: build up to 2 factories, remove 1, or `done`.", acts
    if phase == "arms":
        acts = {}
        now = state["arms"].get(nation)
        targets = [t for t in colonial.arms_targets(state, nation)
                   if not now or t != now["nation"]]
        if targets:
            acts["arm"] = targets
        if now:
            acts["withdraw"] = None
        acts["done"] = None
        return f"{who}: give your arms marker to an Indian nation, or `done`.", acts
    return "", {}


def _queued(state: dict, q: dict) -> tuple[str, dict]:
    nation = q["nation"]
    who = f"{ROLE_NAMES[f.owner(state, nation)]}, for the {turns.nname(nation)}"
    if q["do"] == "place":
        opts = turns.place_options(state, nation, q["placed"]) if q["where"] == "own" \
            else turns.south_vacant(state)
        left = q["n"] - len(q["placed"])
        what = "your new armies" if q["where"] == "own" else "the arriving armies (all " \
            "in one vacant area of South India)"
        return f"{who}: place {what} ({left} to place).", {"place": opts}
    if q["do"] == "remove":
        left = q["n"] - q.get("done", 0)
        return (f"{who}: remove {turns.plural(left)} ({q['why']}).",
                {"remove": turns_places(state, nation)})
    if q["do"] == "lead":
        return (f"{who}: where does {f.LEADERS[q['leader']]['name']} join your armies?",
                {"lead": turns_places(state, nation)})
    if q["do"] == "box":
        return (f"{who}: the alliance with the British costs an army from the map or your "
                "population marker: choose.", {"box": diplomacy.box_choices(state, nation)})
    raise AssertionError(q)


def turns_places(state: dict, nation: str) -> list[str]:
    return f.places_of(state, nation)


def _movable(state: dict, nation: str) -> list[str]:
    """The places with armies that may still move somewhere they have room."""
    return [p for p in f.places_of(state, nation) if _destinations(state, nation, p)]


def _free_armies(state: dict, place: str, nation: str) -> int:
    # armies that moved in and then left for the Alliance Box count among those moved
    return max(0, f.count(state, place, nation) - state["moved"].get(place, 0))


def _leader_free(state: dict, place: str, nation: str) -> bool:
    lid = f.leader_at(state, place, nation)
    return bool(lid) and lid not in state.get("leader_moved", [])


def _destinations(state: dict, nation: str, origin: str) -> dict[str, dict]:
    """Each destination: the counts the group may take there, with or without its
    leader, and the permissions the way needs."""
    free = _free_armies(state, origin, nation)
    out: dict[str, dict] = {}
    ways = [(False, movement.reach(state, nation, origin))]
    if _leader_free(state, origin, nation):
        ways.append((True, movement.reach(state, nation, origin, with_leader=True)))
    for lead, reach in ways:
        for dest, need in reach.items():
            space = f.room(state, dest, nation, with_leader=lead or None
                           if not lead else True)
            if not lead and f.leader_at(state, dest, nation):
                space = f.room(state, dest, nation)
            k = min(free, space)
            if k <= 0:
                continue
            entry = out.setdefault(dest, {"counts": [], "need": {}})
            for i in range(1, k + 1):
                tok = f"{i}l" if lead else str(i)
                entry["counts"].append(tok)
                entry["need"][tok] = sorted(need)
    if free:
        # The General 30-2: the whole force moves on, leader and all, as one
        tok = f"{free}l" if _leader_free(state, origin, nation) else str(free)
        for dest in movement.free_moves(state, nation, origin):
            out[dest] = {"counts": [tok], "need": {tok: []}, "free": True}
    return out


def _movement_prompt(state: dict, who: str) -> tuple[str, dict]:
    nation = state["nation"]
    sel = state["sel"]
    rnd = " (second movement of the major invasion)" if state["round"] == 2 else ""
    if sel and "to" in sel:
        counts = _destinations(state, nation, sel["from"])[sel["to"]]["counts"]
        return (f"{who}: how many armies go from {board.called(sel['from'])} to "
                f"{board.called(sel['to'])}? (`l`: with the leader)",
                {"count": counts, "back": None})
    if sel:
        dests = list(_destinations(state, nation, sel["from"]))
        return (f"{who}: move the armies in {board.called(sel['from'])} where?",
                {"to": dests, "back": None})
    acts: dict = {}
    movable = _movable(state, nation)
    if movable:
        acts["from"] = movable
    acts["done"] = None
    return f"{who}: move armies{rnd}: choose where from, or `done`.", acts


def _battle_prompt(state: dict, b: dict) -> tuple[str, dict]:
    place, att, dfn = b["place"], b["att"], b["def"]
    where = board.called(place)
    if b["stage"] == "offer":
        what = "the factory" if not f.count(state, place, dfn) else "the armies"
        return (f"{ROLE_NAMES[f.owner(state, att)]}, for the {turns.nname(att)}: attack "
                f"{what} of the {turns.nname(dfn)} in {where}? (optional)",
                {"fight": None, "skip": None})
    if b["stage"] == "open":
        acts: dict = {"fight": None}
        if _may_submit_here(state, dfn, place):
            acts["submit"] = [dfn]
        if diplomacy.may_ally(state, dfn) and att == "british":
            acts["ally"] = [dfn]
        return (f"{ROLE_NAMES[f.owner(state, dfn)]}: the {turns.nname(att)} attack your "
                f"{turns.nname(dfn)} in {where}. Fight, or submit?", acts)
    if b["stage"] in ("att_count", "def_count"):
        side = att if b["stage"] == "att_count" else dfn
        n = f.count(state, place, side)
        if side == att:
            n = bt.came_back_most(state, place, b["to"], n)
        space = f.room(state, b["to"], side)
        return (f"{ROLE_NAMES[f.owner(state, side)]}: how many of the "
                f"{turns.nname(side)} fall back to {board.called(b['to'])}?",
                {"count": [str(i) for i in range(1, min(n, space) + 1)], "back": None})
    if b["stage"] == "att":
        acts = {"fight": None}
        if not f.count(state, place, dfn):
            acts["break"] = None
        ways = bt.attacker_retreats(state, place, att)
        if ways:
            acts["retreat"] = ways
        return (f"{ROLE_NAMES[f.owner(state, att)]}, for the {turns.nname(att)}: the "
                f"battle in {where} goes on ({turns.plural(f.count(state, place, att))} against "
                f"{_side_text(state, place, dfn, b['factory'])}). Fight on or fall back?",
                acts)
    # the defender after a round
    acts = {"fight": None}
    # a factory alone stays (it cannot fall back)
    ways = bt.defender_retreats(state, place, dfn, att) if f.count(state, place, dfn) else []
    if ways:
        acts["retreat"] = ways
    if _may_submit_here(state, dfn, place):
        acts["submit"] = [dfn]
    return (f"{ROLE_NAMES[f.owner(state, dfn)]}, for the {turns.nname(dfn)}: the "
            f"{turns.nname(att)} fight on in {where}. Fight on or fall back?", acts)


def _may_submit_here(state: dict, nation: str, place: str) -> bool:
    """Submission ends this battle only if it covers the battle's area."""
    return diplomacy.may_submit(state, nation) and (
        state["nation"] == "british"
        or board.territory(place) in diplomacy.submit_where(state, nation))


def _side_text(state: dict, place: str, nation: str, factory: bool) -> str:
    n = f.count(state, place, nation)
    text = turns.plural(n) if n else ""
    if factory and state["factories"].get(place) == nation:
        text = f"{text} and a factory" if text else "a factory"
    return text


# --- the contract --------------------------------------------------------------------------


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
                       if (n := _deciding_nation(state))},
    }
    if role is None or state["result"]:
        return v
    if role in active(state):
        v["prompt"], v["actions"] = _prompt(state, role)
        if f.errata(state):
            _add_anytime(state, role, v["actions"])
        elif state["phase"] == "movement" and not state["sel"] and not state["battle"] \
                and not state["queue"] and not state["ask"]:
            v["actions"].update(_anytime(state, role))
    else:
        v["actions"] = _anytime(state, role)
        if v["actions"]:
            v["prompt"] = f"{ROLE_NAMES[role]}: you may submit or ally at any time."
    return v


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    s = clone(state)
    v = view(s, role)
    acts = v["actions"]
    if not offered(acts, action, arg):
        raise IllegalAction(_why(s, role, action, arg, acts))
    before = _move_mark(s)
    offstage = role not in active(s)
    if offstage:
        _anytime_step(s, role, action, arg)
    else:
        _apply(s, role, action, arg)
    _advance(s)
    s["steps"] += 1
    # a step at any time (a submission, an alliance) is a whole move of its own: posted at
    # once, while the player whose turn it is goes on
    if offstage or (_move_mark(s) != before and not (s["sel"] and not s["battle"])):
        s["move"] += 1
    return s


def _move_mark(state: dict) -> tuple:
    """A move ends when this changes: dice rolled, the decision passing to another player,
    another nation's turn. So one post carries a nation's placements, movement and the
    choices before its first roll, and each roll is posted as it falls."""
    return (tuple(active(state)), state["nation"], state["idx"], state["turn"],
            str(state["rng"]))


def clone(state: dict) -> dict:
    from engine.jsontree import clone as c
    return c(state)


def _why(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    # refusals reads this module's helpers (destinations, the decision asked), so it is
    # imported here, once this module is complete
    from engine.games.maharaja import refusals

    return refusals.message(state, role, action, arg, acts)


# --- applying a step -----------------------------------------------------------------------


def _anytime_step(state: dict, role: str, action: str, arg) -> None:
    state["sel"] = None  # the mover chooses again: the way may have changed
    if action == "submit":
        _submit(state, arg)
    elif action == "ally":
        _ally(state, arg)


def _apply(state: dict, role: str, action: str, arg) -> None:
    if action in ("submit", "ally") and not _battle_choice(state, action, arg):
        _anytime_step(state, role, action, arg)
        return
    if state["ask"]:
        _answer(state, action == "permit")
        return
    if state["queue"]:
        _queued_step(state, state["queue"][0], action, arg)
        return
    if state["battle"]:
        _battle_step(state, state["battle"], action, arg)
        return
    phase = state["phase"]
    nation = state["nation"]
    if phase == "movement":
        _move_step(state, nation, action, arg)
    elif phase == "factory":
        if action == "factory":
            need = colonial.factory_sites(state, nation)[arg]
            if need and f.owner(state, need) != f.owner(state, nation):
                state["ask"] = {"kind": "factory", "nation": nation, "area": arg,
                                "of": [need], "role": f.owner(state, need)}
                _log_ask(state)
            else:
                _build(state, nation, arg)
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
    return arg in (_battle_prompt(state, b)[1].get(action) or [])


def _build(state: dict, nation: str, area: str) -> None:
    state["factories"][area] = nation
    state["built"] += 1
    turns.log(state, f"The {turns.nname(nation)} build a factory in {board.called(area)}.")


def _log_ask(state: dict) -> None:
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
    return sorted(nations, key=list(f.NATIONS).index)


def _ask_next(state: dict, ask: dict, nations: list[str]) -> None:
    """The remarks' Movement: a passage needs the permission of every colonial nation in
    the sea. Each of their players is asked in turn, in the nations' fixed order, about
    all of their nations there; ``then`` keeps the nations still to ask."""
    role = f.owner(state, nations[0])
    ask["role"] = role
    ask["of"] = [n for n in nations if f.owner(state, n) == role]
    ask["then"] = [n for n in nations if f.owner(state, n) != role]
    state["ask"] = ask


def _answer(state: dict, yes: bool) -> None:
    a = state.pop("ask")
    state["ask"] = None
    asked = state["names"][a["role"]]
    if yes and a.get("then"):  # a passage: the next colonial nation's player is asked
        turns.log(state, f"{asked} lets the {turns.nname(a['nation'])} sail through "
                  f"{board.called(a['sea'])}.")
        _ask_next(state, a, a["then"])
        _log_ask(state)
        return
    if a["kind"] == "factory":
        if yes:
            turns.log(state, f"{asked} permits the factory in {board.called(a['area'])}.")
            _build(state, a["nation"], a["area"])
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
    way = _destinations(state, ask["nation"], ask["from"]).get(ask["to"])
    return bool(way) and tok in way["counts"]


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
                          f"{turns.plural(len(q['placed']), 'new army')} in "
                          + ", ".join(sorted({board.called(p) for p in q["placed"]},
                                             key=str)) + ".")
        else:
            f.add(state, arg, nation, q["n"])
            state["pool"][nation] -= q["n"]
            state["queue"].pop(0)
            turns.log(state, f"{turns.plural(q['n'])} of the {turns.nname(nation)} "
                      f"{turns.verb(q['n'], 'arrives', 'arrive')} in {board.called(arg)}.")
    elif q["do"] == "remove":
        turns.eliminate(state, arg, nation, 1)
        q["done"] = q.get("done", 0) + 1
        if q["done"] >= q["n"] or not f.on_map(state, nation):
            state["queue"].pop(0)
            turns.log(state, f"The {turns.nname(nation)} remove {turns.plural(q['done'])} "
                      f"({q['why']}).")
    elif q["do"] == "lead":
        state["leaders"][q["leader"]] = arg
        state["queue"].pop(0)
        turns.log(state, f"{f.LEADERS[q['leader']]['name']} leads the "
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


def _move_step(state: dict, nation: str, action: str, arg) -> None:
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
    way = _destinations(state, nation, origin)[dest]
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
        _log_ask(state)
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
    turns.log(state, f"Shut out of India by submissions, {turns.plural(n)} of the "
              f"{turns.nname(nation)} {turns.verb(n, 'moves', 'move')} on from "
              f"{board.called(origin)} to {board.called(dest)} (a free move).")


def _sea_between(state: dict, nation: str, origin: str, dest: str, lead: bool) -> str:
    for s in board.SEAS:
        if s in board.NEIGHBOURS[dest] and (s in board.NEIGHBOURS[origin] or origin == s):
            return s
    return next(iter(board.SEAS))


def _do_move(state: dict, nation: str, origin: str, dest: str, n: int, lead: bool) -> None:
    f.add(state, origin, nation, -n)
    f.add(state, dest, nation, n)
    state["moved"][dest] = state["moved"].get(dest, 0) + n
    came = state["came"].setdefault(dest, {})
    came[origin] = came.get(origin, 0) + n
    text = f"{turns.plural(n)} of the {turns.nname(nation)} " \
        f"{turns.verb(n, 'moves', 'move')} from {board.called(origin)} to {board.called(dest)}"
    if lead:
        lid = f.leader_of(state, nation)
        state["leaders"][lid] = dest
        state.setdefault("leader_moved", []).append(lid)
        text += f" with {f.LEADERS[lid]['name']}"
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


# --- submission and alliance ---------------------------------------------------------------


def _submit(state: dict, nation: str) -> None:
    mover = state["nation"]
    if mover == "british":
        _ally(state, nation)
        return
    where = diplomacy.submit_where(state, nation)
    state["submitted"][nation] = {"to": mover, "where": where, "turn": state["turn"]}
    turns.log(state, f"The {turns.nname(nation)} submit to the {turns.nname(mover)} "
              f"({', '.join(board.TERRITORY_NAMES[w] for w in where)}).")
    _withdraw_from(state, mover, nation, where)


def _withdraw_from(state: dict, mover: str, nation: str, where: list[str] | None) -> None:
    """The mover's armies leave the nation's areas at once, back where they came from
    (those that cannot are lost)."""
    for area in f.areas_of(state, nation):
        if where is not None and board.territory(area) not in where:
            continue
        n = f.count(state, area, mover)
        if not n:
            continue
        b = state["battle"]
        if b and b["place"] == area:
            state["battle"] = None
        n -= sum(k for _, k in bt.go_home(state, area, mover, n))
        if n:
            turns.eliminate(state, area, mover, n)
        turns.log(state, f"The {turns.nname(mover)} leave {board.called(area)}.")


def _ally(state: dict, nation: str) -> None:
    state["allies"].append(nation)
    turns.log(state, f"The {turns.nname(nation)} ally with the British.")
    state["queue"].insert(0, {"do": "box", "nation": nation})
    if state["nation"] == "british":
        _withdraw_from(state, "british", nation, None)
    elif state["nation"] == nation:
        for area in f.areas_of(state, "british"):
            if f.count(state, area, nation):
                b = state["battle"]
                if b and b["place"] == area:
                    state["battle"] = None
                _withdraw_from(state, nation, "british", None)


# --- battles -------------------------------------------------------------------------------


def _fights(state: dict, nation: str) -> list[dict]:
    """The battles of this phase, in map order: against a foe's armies (fought), against a
    foe's factory alone or colonial armies at sea (the mover chooses)."""
    out = []
    for place in board.PLACES:
        if not f.count(state, place, nation):
            continue
        foes = f.foes_at(state, place, nation)
        if board.is_sea(place):
            for foe in foes:
                if f.colonial(foe):
                    out.append({"place": place, "def": foe, "optional": f.colonial(nation)})
            continue
        for foe in foes:
            out.append({"place": place, "def": foe, "optional": False})
        fac = f.factory_foe(state, place, nation)
        if fac and fac not in foes:
            out.append({"place": place, "def": fac, "optional": True})
    return out


def _start_battle(state: dict, fight: dict) -> None:
    place, dfn = fight["place"], fight["def"]
    att = state["nation"]
    if not f.count(state, place, att):
        return
    has_fac = state["factories"].get(place) == dfn
    if not f.count(state, place, dfn) and not has_fac:
        return
    if not f.hostile(state, att, dfn) or f.submitted_here(state, dfn, att, place):
        return
    stage = "offer" if fight["optional"] else "open"
    state["battle"] = {"place": place, "att": att, "def": dfn, "factory": has_fac,
                       "stage": stage, "rounds": 0,
                       "at_sea": board.is_sea(place) and not f.colonial(att)}
    turns.log(state, f"Battle in {board.called(place)}: the {turns.nname(att)} "
              f"({f.count(state, place, att)}) against the {turns.nname(dfn)} "
              f"({_side_text(state, place, dfn, has_fac)}).")
    if stage == "open" and not _battle_prompt(state, state["battle"])[1].keys() - {"fight"}:
        _round(state, state["battle"])


def _battle_step(state: dict, b: dict, action: str, arg) -> None:
    place, att, dfn = b["place"], b["att"], b["def"]
    if b["stage"] == "offer":
        if action == "skip":
            turns.log(state, f"The {turns.nname(att)} leave the {turns.nname(dfn)} in "
                      f"{board.called(place)} be.")
            state["battle"] = None
            return
        _round(state, b)
        return
    if action == "submit":
        _submit(state, dfn)
        state["battle"] = None
        return
    if action == "ally":
        _ally(state, dfn)
        state["battle"] = None
        return
    if b["stage"] in ("att_count", "def_count"):
        if action == "back":
            b["stage"] = b["stage"][:3]
            return
        side = att if b["stage"] == "att_count" else dfn
        n = int(arg)
        if side == att:
            bt.fall_back(state, place, att, b["to"], n)
        else:
            f.add(state, place, side, -n)
            f.add(state, b["to"], side, n)
            lid = f.leader_at(state, place, side)
            if lid and not f.count(state, place, side):
                state["leaders"][lid] = b["to"]
        turns.log(state, f"{turns.plural(n)} of the {turns.nname(side)} "
                  f"{turns.verb(n, 'falls', 'fall')} back from {board.called(place)} to "
                  f"{board.called(b['to'])}.")
        if b["stage"] == "att_count":
            if not f.count(state, place, att):
                state["battle"] = None
                return
            b["stage"] = "def"
            if not _battle_prompt(state, b)[1].keys() - {"fight"}:
                _round(state, b)
            return
        if not f.count(state, place, dfn) and not (b["factory"] and state["factories"].get(
                place) == dfn):
            state["battle"] = None
            return
        _round(state, b)
        return
    if action == "retreat":
        b["to"] = arg
        b["stage"] = b["stage"] + "_count"
        return
    if action == "break":
        turns.log(state, f"The {turns.nname(att)} break off the fight for the factory in "
                  f"{board.called(place)}.")
        state["battle"] = None
        return
    # fight
    if b["stage"] == "att":
        turns.log(state, f"The {turns.nname(att)} fight on in {board.called(place)}.")
        b["stage"] = "def"
        if f.count(state, place, dfn) and _battle_prompt(state, b)[1].keys() - {"fight"}:
            return
    _round(state, b)


def _round(state: dict, b: dict) -> None:
    place, att, dfn = b["place"], b["att"], b["def"]
    b["rounds"] += 1
    a_units = bt.units(state, place, att, False)
    d_units = bt.units(state, place, dfn, b["factory"])
    a_dice = bt.roll(state, len(a_units))
    d_dice = bt.roll(state, bt.defending_dice(state, place, dfn, d_units))
    a_mod, d_mod = bt.modifier(state, att, place), bt.modifier(state, dfn, place)
    a_hits = bt.hits(a_dice, a_mod, place, d_units, dfn, True)
    d_hits = bt.hits(d_dice, d_mod, place, a_units, att, False)
    state["dice"] = {"place": place, "att": att, "def": dfn, "att_dice": a_dice,
                     "def_dice": d_dice, "att_mod": a_mod, "def_mod": d_mod,
                     "att_hits": a_hits, "def_hits": d_hits}
    turns.log(state, f"Round {b['rounds']} in {board.called(place)}: "
              f"{_roll_text(att, a_dice, a_mod, a_hits)}; "
              f"{_roll_text(dfn, d_dice, d_mod, d_hits)}.")
    army_hits = min(a_hits, f.count(state, place, dfn))
    turns.eliminate(state, place, dfn, army_hits)
    if a_hits > army_hits and b["factory"] and state["factories"].get(place) == dfn:
        del state["factories"][place]
        turns.log(state, f"The {turns.nname(dfn)} factory in {board.called(place)} is "
                  "destroyed.")
    turns.eliminate(state, place, att, d_hits)
    a_left = f.count(state, place, att)
    d_left = f.count(state, place, dfn) + (1 if b["factory"] and state["factories"].get(
        place) == dfn else 0)
    if not a_left or not d_left:
        winner = att if a_left else dfn if d_left else None
        turns.log(state, f"The {turns.nname(winner)} win in {board.called(place)}."
                  if winner else f"Nobody is left in {board.called(place)}.")
        state["battle"] = None
    if a_left and b["at_sea"]:  # boats attack colonial armies at sea, then go home
        # home: where they sailed from, unless another nation has since taken it (a
        # retreat to sea is for colonial armies only: those with no home are lost)
        k = _sail_home(state, place, att, a_left)
        if a_left > k:
            turns.eliminate(state, place, att, a_left - k)
            lost = a_left - k
            turns.log(state, f"{turns.plural(lost)} of the {turns.nname(att)} "
                      f"{turns.verb(lost, 'has', 'have')} nowhere to land and "
                      f"{turns.verb(lost, 'is', 'are')} lost.")
        state["battle"] = None
    if state["battle"]:
        b["stage"] = "att"


def _sail_home(state: dict, place: str, att: str, n: int) -> int:
    """Boats that attacked at sea go home, each army to the area it sailed from (before
    issue 24 all to the first of them); how many could."""
    if f.errata(state):
        homes = bt.go_home(state, place, att, n)
    else:
        origin = next((o for o in state["came"].get(place, {}) if not board.is_sea(o)
                       and not f.others_at(state, o, att)), None)
        k = min(n, f.room(state, origin, att)) if origin else 0
        homes = [(origin, k)] if k else []
        if k:
            f.add(state, place, att, -k)
            f.add(state, origin, att, k)
            lid = f.leader_at(state, place, att)
            if lid:
                state["leaders"][lid] = origin
    for origin, _k in homes:
        turns.log(state, f"The {turns.nname(att)} sail back to {board.called(origin)}.")
    return sum(k for _, k in homes)


def _roll_text(nation: str, dice: list[int], mod: int, hits: int) -> str:
    if not dice:
        return f"the {turns.nname(nation)} roll no dice (a factory never rolls)"
    return (f"the {turns.nname(nation)} roll " + " ".join(map(str, dice))
            + (f" (+{mod})" if mod else "") + f", {turns.plural(hits, 'hit')}")


# --- the flow ------------------------------------------------------------------------------


def _advance(state: dict) -> None:
    """Carry out everything that needs no choice, up to the next decision."""
    while not state["result"]:
        if state["ask"] or state["queue"]:
            if state["queue"] and not _queued(state, state["queue"][0])[1].get(
                    next(iter(_queued(state, state["queue"][0])[1]))):
                state["queue"].pop(0)  # nothing left to choose from
                continue
            return
        if state["battle"]:
            return
        phase = state["phase"]
        nation = state["nation"]
        if phase == "turn":
            _next_nation(state)
        elif phase == "population":
            n = turns.increase(state, nation)
            if n and turns.place_options(state, nation, []):
                state["queue"].append({"do": "place", "nation": nation, "n": n,
                                       "placed": [], "where": "own"})
            state["phase"] = "invasion"
        elif phase == "invasion":
            _invasion(state, nation)
            state["phase"] = "movement"
        elif phase == "movement":
            if _movable(state, nation):
                return
            _move_step(state, nation, "done", None)
        elif phase == "battle":
            if state["fights"] is None:
                state["fights"] = _fights(state, nation)
            if state["fights"]:
                _start_battle(state, state["fights"].pop(0))
                continue
            state["fights"] = None
            if state["round"] < state["rounds"]:
                state["round"] += 1
                state["moved"], state["came"], state["leader_moved"] = {}, {}, []
                turns.log(state, f"The major invasion of the {turns.nname(nation)} moves again.")
                state["phase"] = "movement"
            else:
                state["phase"] = "factory"
        elif phase == "factory":
            if f.colonial(nation) and (colonial.factory_sites(state, nation) or any(
                    c == nation for c in state["factories"].values())):
                return
            state["phase"] = "arms"
        elif phase == "arms":
            if f.colonial(nation) and (colonial.arms_targets(state, nation)
                                       or nation in state["arms"]):
                return
            state["phase"] = "score"
        elif phase == "score":
            turns.score(state, nation)
            turns.end_nation(state, nation)
            state["phase"] = "turn"


def _invasion(state: dict, nation: str) -> None:
    for a in turns.arrivals(state, nation):
        n = min(a["armies"], state["pool"][nation])
        if n <= 0:
            continue
        if a.get("major"):
            state["rounds"] = 2
            turns.log(state, f"The {turns.nname(nation)} make a major invasion: they move "
                      "and fight twice.")
        if a["at"] == "own":
            if f.areas_of(state, nation) and turns.place_options(state, nation, []):
                state["queue"].append({"do": "place", "nation": nation, "n": n,
                                       "placed": [], "where": "own"})
            elif f.NATIONS[nation].get("reinforce_south") and turns.south_vacant(state):
                state["queue"].append({"do": "place", "nation": nation, "n": n,
                                       "placed": [], "where": "south"})
            else:
                turns.log(state, f"The reinforcements of the {turns.nname(nation)} do not "
                          "appear (no place for them).")
            continue
        f.add(state, a["at"], nation, n)
        state["pool"][nation] -= n
        turns.log(state, f"{turns.plural(n)} of the {turns.nname(nation)} "
                  f"{turns.verb(n, 'arrives', 'arrive')} in {board.called(a['at'])}.")
    lid = turns.entering_leader(state, nation)
    if lid:
        state["leaders_seen"].append(lid)
        places = f.places_of(state, nation)
        if len(places) == 1:
            state["leaders"][lid] = places[0]
            turns.log(state, f"{f.LEADERS[lid]['name']} leads the {turns.nname(nation)} in "
                      f"{board.called(places[0])}.")
        elif places:
            state["queue"].append({"do": "lead", "nation": nation, "leader": lid})
    state["leader_moved"] = []


def _next_nation(state: dict) -> None:
    if state["nation"]:
        state["nation"] = None
        if state["queue"]:
            return
    while True:
        state["idx"] += 1
        if state["idx"] >= len(state["order"]):
            _end_game_turn(state)
            return
        nation = state["order"][state["idx"]]
        if turns.plays(state, nation):
            turns.start_nation(state, nation)
            return


def _end_game_turn(state: dict) -> None:
    if state["turn"] >= turns.LAST_TURN:
        _finish(state)
        return
    state["turn"] += 1
    turns.start_game_turn(state)


def _finish(state: dict) -> None:
    best = max(state["vp"].values())
    winners = [r for r in state["roles"] if state["vp"][r] == best]
    state["result"] = {"winners": winners, "scores": dict(state["vp"])}
    state["nation"] = None
    state["phase"] = "over"
    turns.log(state, "The game is over after turn 16: " + ", ".join(
        f"{ROLE_NAMES[r]} {state['vp'][r]}" for r in state["roles"]) + ". "
        + turns.listed([ROLE_NAMES[w] for w in winners])
        + turns.verb(len(winners), " wins.", " win."))


# --- words ---------------------------------------------------------------------------------

BARE = {"from", "to", "count", "place", "lead", "remove", "box"}
LABELS = {"done": "Done", "back": "Back", "fight": "Fight", "skip": "Skip", "break":
          "Break off", "permit": "Permit", "refuse": "Refuse", "withdraw": "Withdraw arms"}


def token(action: str, arg: object) -> str:
    if arg is None:
        return action
    if action in BARE:
        return str(arg)
    return f"{action}-{arg}"


def describe(action: str, arg: object) -> str:
    if arg is None:
        return LABELS.get(action, action.capitalize())
    text = str(arg)
    if action == "count":
        n = text.rstrip("l")
        return f"{n} + leader" if text.endswith("l") else n
    if text in f.NATIONS:
        return {"submit": "Submit: ", "ally": "Ally: ", "arm": "Arm: "}.get(
            action, "") + turns.nname(text)
    if text == "marker":
        return "Population marker"
    place = board.name(text)
    return {"retreat": f"Retreat to {board.called(text)}", "factory": f"Factory: {place}",
            "demolish": f"Remove factory: {place}"}.get(action, place)


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """A typed word to the step it would be, so that act() can say why it is refused."""
    tok = tok.strip().lower()
    if "-" in tok:
        head, _, rest = tok.partition("-")
        if head in ("submit", "ally", "arm", "retreat", "factory", "demolish"):
            return head, rest
    if re.fullmatch(r"\d+l?", tok):
        return "count", tok
    bare = _place_step(state) if role in active(state) else None
    if bare and (tok in board.PLACES or tok == "marker" and bare == "box"):
        return bare, tok
    return tok, None


def _place_step(state: dict) -> str | None:
    """The step a bare place names in the decision asked now (only steps typed as a bare
    place, so no word is accepted that was not before): where from or to in a movement,
    where new armies go, what is removed, where a leader joins, what the Alliance Box
    takes."""
    if state["ask"] or state["battle"]:
        return None
    if state["queue"]:
        return state["queue"][0]["do"]
    if state["phase"] == "movement":
        return "to" if state["sel"] else "from"
    return None


def reveal_mark(state: dict) -> object:
    """Dice are the only thing hidden: a step that rolls them reveals."""
    return state["rng"]


def redeal(state: dict, generator: object, keep: Collection[str] = ()) -> dict:
    """The same position with the dice still to roll drawn anew from ``generator`` (a
    ``state["rng"]`` value); no side hides a hand."""
    new = clone(state)
    new["rng"] = generator
    return new
