"""What is asked now, and of whom: the nation a decision is taken for and its owner, the
prompt and the legal steps (a permission, a queued placement, a battle's choice, a
movement, a colonial phase), the declarations a player may make at any time, and where
a group may move."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from engine.games.maharaja import battle as bt
from engine.games.maharaja import board, colonial, data, diplomacy, movement, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.data import ROLE_NAMES


def deciding_nation(state: dict) -> str | None:
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
    nation = deciding_nation(state)
    return [f.owner(state, nation)] if nation else []


def anytime(state: dict, role: str) -> dict:
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


def add_anytime(state: dict, role: str, acts: dict) -> None:
    """The remarks: an alliance is declared at any time, a submission at any time during
    the other nation's movement or battle. So the player asked a decision may declare one
    too, beside it (since issue 24; before, only in their own movement). A battle's
    defender submits only where the submission covers the battle's area (it ends the
    battle)."""
    b = state["battle"]
    for action, nations in anytime(state, role).items():
        if action == "submit" and b and not _may_submit_here(state, b["def"], b["place"]):
            nations = [n for n in nations if n != b["def"]]
        have = acts.setdefault(action, [])
        have += [n for n in nations if n not in have]
        if not have:
            del acts[action]


def decision_prompt(state: dict, role: str) -> tuple[str, dict]:
    """The decision the game waits for from ``role`` and its steps (rules.prompt adds what
    may be declared beside it)."""
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
        return queued(state, q)
    b = state["battle"]
    if b:
        return battle_prompt(state, b)
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
            own = [a for a in data.LAND if state["factories"].get(a) == nation]
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


def queued(state: dict, q: dict) -> tuple[str, dict]:
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
        return (f"{who}: remove {turns.armies(left)} ({q['why']}).",
                {"remove": f.places_of(state, nation)})
    if q["do"] == "lead":
        return (f"{who}: where does {data.LEADERS[q['leader']]['name']} join your armies?",
                {"lead": f.places_of(state, nation)})
    if q["do"] == "box":
        return (f"{who}: the alliance with the British costs an army from the map or your "
                "population marker: choose.", {"box": diplomacy.box_choices(state, nation)})
    raise AssertionError(q)


def movable(state: dict, nation: str) -> list[str]:
    """The places with armies that may still move somewhere they have room."""
    return [p for p in f.places_of(state, nation) if _may_go(state, nation, p)]


def may_move(state: dict, nation: str) -> bool:
    """Whether any army may still move: ``movable``, up to the first place found."""
    return any(_may_go(state, nation, p) for p in f.places_of(state, nation))


def free_armies(state: dict, place: str, nation: str) -> int:
    # armies that moved in and then left for the Alliance Box count among those moved
    return max(0, f.count(state, place, nation) - state["moved"].get(place, 0))


def leader_free(state: dict, place: str, nation: str) -> bool:
    lid = f.leader_at(state, place, nation)
    return bool(lid) and lid not in state.get("leader_moved", [])


def _ways(state: dict, nation: str, origin: str, free: int
          ) -> Iterator[tuple[bool, str, frozenset[str], int]]:
    """Each place the group may end in, with its leader or not (the leader's search only
    once the others' is read through): (with the leader, the place, the permissions the
    way needs, how many of the ``free`` armies may go)."""
    for lead in (False, True):
        if lead and not leader_free(state, origin, nation):
            return
        for dest, need in movement.reach(state, nation, origin, with_leader=lead).items():
            k = min(free, _room(state, nation, lead, dest))
            if k > 0:
                yield lead, dest, need, k


def _room(state: dict, nation: str, lead: bool, place: str) -> int:
    """Room for the group in ``place``: the leader's group has the leader's; the others
    have the room of the place as it is (with a leader of theirs there, his)."""
    return f.room(state, place, nation, with_leader=True if lead else None)


def _has_room(state: dict, nation: str, lead: bool, place: str) -> bool:
    return _room(state, nation, lead, place) > 0


def _may_go(state: dict, nation: str, origin: str) -> bool:
    """``bool(destinations(...))``, each search stopping at the first place with room:
    what whether a nation may still move asks of every place, after every step of its
    movement."""
    if not free_armies(state, origin, nation):
        return False
    for lead in (False, True):
        if lead and not leader_free(state, origin, nation):
            break
        if movement.reaches(state, nation, origin, lead, partial(
                _has_room, state, nation, lead)):
            return True
    return bool(movement.free_moves(state, nation, origin))


def destinations(state: dict, nation: str, origin: str) -> dict[str, dict]:
    """Each destination: the counts the group may take there, with or without its
    leader, and the permissions the way needs."""
    free = free_armies(state, origin, nation)
    out: dict[str, dict] = {}
    if not free:
        # A leader moves only with armies: with none free to go, there is nowhere, and
        # no search need say so (most places, once a nation has moved).
        return out
    for lead, dest, need, k in _ways(state, nation, origin, free):
        entry = out.setdefault(dest, {"counts": [], "need": {}})
        for i in range(1, k + 1):
            tok = f"{i}l" if lead else str(i)
            entry["counts"].append(tok)
            entry["need"][tok] = sorted(need)
    # The General 30-2: the whole force moves on, leader and all, as one
    tok = f"{free}l" if leader_free(state, origin, nation) else str(free)
    for dest in movement.free_moves(state, nation, origin):
        out[dest] = {"counts": [tok], "need": {tok: []}, "free": True}
    return out


def _movement_prompt(state: dict, who: str) -> tuple[str, dict]:
    nation = state["nation"]
    sel = state["sel"]
    rnd = " (second movement of the major invasion)" if state["round"] == 2 else ""
    if sel and "to" in sel:
        counts = destinations(state, nation, sel["from"])[sel["to"]]["counts"]
        return (f"{who}: how many armies go from {board.called(sel['from'])} to "
                f"{board.called(sel['to'])}? (`l`: with the leader)",
                {"count": counts, "back": None})
    if sel:
        dests = list(destinations(state, nation, sel["from"]))
        return (f"{who}: move the armies in {board.called(sel['from'])} where?",
                {"to": dests, "back": None})
    acts: dict = {}
    origins = movable(state, nation)
    if origins:
        acts["from"] = origins
    acts["done"] = None
    return f"{who}: move armies{rnd}: choose where from, or `done`.", acts


def battle_prompt(state: dict, b: dict) -> tuple[str, dict]:
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
                f"battle in {where} goes on ({turns.armies(f.count(state, place, att))} against "
                f"{side_text(state, place, dfn, b['factory'])}). Fight on or fall back?",
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


def side_text(state: dict, place: str, nation: str, factory: bool) -> str:
    n = f.count(state, place, nation)
    text = turns.armies(n) if n else ""
    if factory and state["factories"].get(place) == nation:
        text = f"{text} and a factory" if text else "a factory"
    return text


def place_step(state: dict) -> str | None:
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
