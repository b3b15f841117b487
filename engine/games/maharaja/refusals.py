"""Why Maharaja refuses a step: the rule that stops it, in a sentence, with what is possible
instead (engine.errors.refusal). Each decision has its own reasons: placements and
removals, movement (where from, where to, how many), a battle (fight, fall back, how many,
break off, skip), the factory and arms phases, a permission asked, and submission and
alliance, which a player may declare at any time.

Fair play: a reason reads only the public position (the pieces, the phase, the decision
asked, the chart), never the dice to come.

A battle's reasons are in why_battle.py, the small words all reasons use in
why_words.py (both below this module); this module picks the reason."""

from __future__ import annotations

from engine.errors import refusal
from engine.games.maharaja import (
    board,
    colonial,
    data,
    decisions,
    diplomacy,
    movement,
    moves,
    tokens,
    turns,
)
from engine.games.maharaja import forces as f
from engine.games.maharaja.why_battle import battle_asks, why_battle
from engine.games.maharaja.why_words import COUNT, STACKING, a_place, cap, declare_when, the


def message(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """The whole refusal: the word, the rule, and the legal tokens (``acts``)."""
    legal = [tokens.token(a, x) for a, xs in acts.items() for x in (xs if xs is not None
                                                                 else [None])]
    # a reason may open with a sea's name ("the Bay of Bengal is …")
    return refusal(tokens.token(action, arg), cap(why(state, role, action, arg)), legal)


def why(state: dict, role: str, action: str, arg: object) -> str:
    if state["result"]:
        return "The game is over."
    if role not in decisions.active(state):
        return _offstage(state, role, action, arg)
    if action in ("submit", "ally"):
        return _declaration(state, role, action, arg)
    if action == "count" and not _counting(state):
        return f"No count is asked now. {asked(state)}"
    if state["ask"]:
        return asked(state)
    if state["queue"]:
        return _queued(state, state["queue"][0], action, arg)
    if state["battle"]:
        return why_battle(state, state["battle"], action, arg)
    by_phase = {"movement": _movement, "factory": _factory, "arms": _arms}
    return by_phase[state["phase"]](state, action, arg) if state["phase"] in by_phase \
        else asked(state)


def _counting(state: dict) -> bool:
    b = state["battle"]
    if state["ask"] or state["queue"]:
        return False
    if b:
        return b["stage"].endswith("_count")
    return state["phase"] == "movement" and bool(state["sel"]) and "to" in state["sel"]


def asked(state: dict) -> str:
    """The decision the game waits for, as the rule that comes first."""
    if state["ask"]:
        a = state["ask"]
        return (f"{the(a['nation'], cap=True)} ask for {moves.asked_for(a)}: `permit` or "
                "`refuse` first.")
    if state["queue"]:
        return _queue_asks(state, state["queue"][0])
    b = state["battle"]
    if b:
        return battle_asks(state, b)
    nation = state["nation"]
    if state["phase"] == "movement":
        sel = state["sel"]
        if sel and "to" in sel:
            return (f"A move from {board.called(sel['from'])} to {board.called(sel['to'])} is "
                    "under way: say how many armies go, or `back`.")
        if sel:
            return (f"A move from {board.called(sel['from'])} is under way: choose where "
                    "to, or `back`.")
        return (f"{the(nation, cap=True)} are moving: choose where from (a place), or "
                "`done` to end the movement; battles follow it.")
    if state["phase"] == "factory":
        return (f"It is the factory phase of {the(nation)}: build up to 2 factories, remove "
                "1, or `done`.")
    if state["phase"] == "arms":
        return (f"It is the arms phase of {the(nation)}: give the arms marker to an Indian "
                "nation, withdraw it, or `done`.")
    return "Nothing is asked of you now."


# --- out of turn, submission and alliance -------------------------------------------------


def _offstage(state: dict, role: str, action: str, arg: object) -> str:
    nation = decisions.deciding_nation(state)
    deciding = decisions.active(state)
    waiting = (f"It is {state['names'][deciding[0]]}'s decision now, for {the(nation)}"
               if deciding and nation else "Nobody is to decide now")
    if action in ("submit", "ally"):
        return (f"{waiting}. "
                f"{_nation_stop(state, role, action, arg) or cap(declare_when(state))}.")
    none = "" if decisions.anytime(state, role) else ", and none of your nations may now"
    return f"{waiting}; out of turn a player may only submit or ally{none}."


def _declaration(state: dict, role: str, action: str, arg: object) -> str:
    """A submission or an alliance not offered to the player deciding now."""
    stop = _nation_stop(state, role, action, arg)
    if stop:
        return stop + "."
    b = state["battle"]
    if b and arg == b["def"] and action == "submit" and (
            b["stage"] in ("open", "def") or f.errata(state)):
        where = ", ".join(data.TERRITORY_NAMES[t]
                          for t in diplomacy.submit_where(state, str(arg)))
        return (f"A submission ends a battle only in the territory it covers: {the(b['def'])} "
                f"may submit in {where}, and {board.called(b['place'])} is in "
                f"{data.TERRITORY_NAMES[board.territory(b['place'])]}.")
    return f"{asked(state)} Then {declare_when(state)}."


def _nation_stop(state: dict, role: str, action: str, nation: object) -> str | None:
    """The rule that stops this nation of the player's from submitting or allying now
    (whoever is deciding), or None."""
    if nation not in data.NATIONS:
        mine = [n for n, c in state["control"].items() if c == role]
        return (f"`{nation}` is not a nation; yours are "
                + ", ".join(f"`{n}`" for n in mine))
    nation = str(nation)
    if f.owner(state, nation) != role:
        return (f"{the(nation, cap=True)} are not your nation (they are "
                f"{state['names'][f.owner(state, nation)]}'s)")
    if not f.on_map(state, nation):
        return f"{the(nation, cap=True)} have no armies on the map"
    if action == "ally":
        return _ally_stop(state, nation)
    return _submit_stop(state, nation)


def _ally_stop(state: dict, nation: str) -> str | None:
    """The remarks' Alliance: an Indian nation allies with the British at any time."""
    if f.colonial(nation):
        return f"{the(nation, cap=True)} are a colonial nation: only Indian nations ally " \
            "with the British"
    if nation in state["allies"]:
        return (f"{the(nation, cap=True)} are allied with the British already (an "
                "alliance lasts the game)")
    if not f.on_map(state, "british"):
        return "The British are not in India: there is nobody to ally with"
    if f.owner(state, nation) == f.owner(state, "british"):
        return (f"{the(nation, cap=True)} and the British are both yours: one player's "
                "nations do not ally with each other")
    return None


def _submit_stop(state: dict, nation: str) -> str | None:
    """The remarks' Submission: only the listed nations, each while it holds few enough
    areas of a territory, to the nation moving or fighting now."""
    mover = state["nation"]
    during = state["phase"] in ("movement", "battle")
    if mover == "british" and during:
        return _ally_stop(state, nation) or (
            f"Submitting to the British is an alliance: `ally-{nation}`")
    if not mover or not during:
        return ("A nation submits only to another nation during that nation's movement or "
                "battle")
    if nation == mover:
        return (f"{the(nation, cap=True)} cannot submit in their own turn: a nation "
                "submits to the one moving or fighting")
    if f.friendly(state, nation, mover):
        return (f"{the(nation, cap=True)} and {the(mover)} are both "
                f"{state['names'][f.owner(state, mover)]}'s and never fight: there is "
                "nothing to submit to")
    if f.submitted_to(state, nation, mover):
        return (f"{the(nation, cap=True)} have submitted to {the(mover)} already this "
                "turn")
    if not diplomacy.submit_where(state, nation):
        return _submit_condition(state, nation)
    return None


def _submit_condition(state: dict, nation: str) -> str:
    conds = data.NATIONS[nation].get("submit", [])
    if not conds:
        listed = [turns.nname(n) for n, d in data.NATIONS.items() if d.get("submit")]
        return (f"Only the {turns.listed(listed)} may submit (the rule "
                f"remarks' list); {the(nation)} are not among them")
    held = f.areas_of(state, nation)
    parts = []
    for c in conds:
        n = sum(1 for a in held if board.territory(a) == c["territory"])
        most = " or ".join(str(i) for i in range(1, c["max"] + 1))
        parts.append(f"{most} {'area' if c['max'] == 1 else 'areas'} of "
                     f"{data.TERRITORY_NAMES[c['territory']]} (they hold {n})")
    start = conds[0].get("from", 0)
    when = f"from turn {start}, " if start > state["turn"] else ""
    return (f"{the(nation, cap=True)} may submit only {when}while they hold "
            + " or ".join(parts))


# --- placements, removals, a leader, the Alliance Box ----------------------------------------


def _queue_asks(state: dict, q: dict) -> str:
    nation = the(q["nation"])
    if q["do"] == "place":
        left = q["n"] - len(q["placed"])
        if q["where"] == "south":
            return (f"The arriving armies of {nation} are placed first, in a vacant area of "
                    "South India.")
        return f"The new armies of {nation} are placed first ({left} to place)."
    if q["do"] == "remove":
        left = q["n"] - q.get("done", 0)
        return f"{cap(nation)} remove {turns.armies(left)} first ({q['why']})."
    if q["do"] == "lead":
        return (f"{data.LEADERS[q['leader']]['name']} joins an army of {nation} first: choose "
                "where.")
    return (f"{cap(nation)} pay for the alliance first: an army from the map or "
            "their population marker (`marker`).")


def _queued(state: dict, q: dict, action: str, arg: object) -> str:
    if action != q["do"]:
        return _queue_asks(state, q)
    nation = q["nation"]
    if action == "box" and arg == "marker":
        return f"{the(nation, cap=True)} have given up their population marker already."
    if not_place := a_place(arg):
        return not_place
    place = str(arg)
    where = board.called(place)
    if action == "place" and q["where"] == "south":
        if board.territory(place) != "south":
            return f"{where} is not in South India: the arriving armies go to a vacant area there."
        return (f"{where} is not vacant ({', '.join(the(n) for n in f.at(state, place))} "
                "are there): the arriving armies go to a vacant area of South India.")
    if action == "place":
        return _placement_stop(state, nation, place, q["placed"])
    return f"{the(nation, cap=True)} have no armies in {where}."


def _placement_stop(state: dict, nation: str, place: str, placed: list[str]) -> str:
    """The remarks' Population: new armies go to areas the nation holds, at most one an area
    where possible, within the stacking limits (no exception for an increase)."""
    where = board.called(place)
    if not f.count(state, place, nation):
        return (f"{the(nation, cap=True)} hold no armies in {where}: new armies go to "
                "areas they hold.")
    foes = f.foes_at(state, place, nation)
    if foes:
        return f"{the(foes[0], cap=True)} are in {where} too: new armies go to areas " \
            "held alone."
    if not f.room(state, place, nation):
        return f"{where} is full: {STACKING}, with no exception for new armies."
    return f"{where} has a new army already: at most one new army an area while another " \
        "area has room."


# --- movement --------------------------------------------------------------------------------


def _movement(state: dict, action: str, arg: object) -> str:
    nation, sel = state["nation"], state["sel"]
    if action == "from" and not sel:
        return _from_stop(state, nation, arg)
    if action == "to" and sel and "to" not in sel:
        return _to_stop(state, nation, sel["from"], arg)
    if action == "count":
        return _move_count_stop(state, nation, sel["from"], sel["to"], str(arg))
    return asked(state)


def _from_stop(state: dict, nation: str, place: object) -> str:
    if not_place := a_place(place):
        return not_place
    where = board.called(str(place))
    who = the(nation, cap=True)
    if not f.count(state, str(place), nation):
        return f"{who} have no armies in {where}."
    if not decisions.free_armies(state, str(place), nation):
        return f"{who} in {where} have all moved already: an army moves once a movement phase."
    return (f"{who} in {where} have nowhere to go: every area in their reach is full "
            "(stacking) or held by a nation they may not stay with.")


def _to_stop(state: dict, nation: str, origin: str, dest: object) -> str:
    if not_place := a_place(dest):
        return not_place
    dest = str(dest)
    where, start = board.called(dest), board.called(origin)
    if dest == origin:
        return f"The armies are in {where} already."
    if free := movement.free_moves(state, nation, origin):
        return (f"Submissions shut {the(nation)} out of India from {start}: The General 30-2 "
                "gives them one free move, as one force, to a neighbouring foreign area with "
                f"a way in ({turns.listed([board.called(o) for o in free])}).")
    if board.is_offmap(dest):
        return ("Armies in India never go back off the map, and an invasion off the map "
                "goes into India." if not board.is_offmap(origin) else
                f"{where} is out of reach from {start}.")
    if board.is_sea(dest) and not f.colonial(nation):
        return (f"Only colonial armies stop at sea; {the(nation)} "
                + ("may cross one sea with their boats this turn." if movement.has_boats(
                    state, nation) else "have no boats this turn."))
    stay = [n for n in f.others_at(state, dest, nation) if f.friendly(state, nation, n)
            or f.submitted_here(state, n, nation, dest)]
    if stay:
        return (f"{the(nation, cap=True)} may not stop in {where}: {the(stay[0])} hold it, "
                "and a nation never shares an area with a friendly one or one that has "
                "submitted to it.")
    if board.is_land(dest) and not f.room(state, dest, nation, with_leader=True if
                                          decisions.leader_free(state, origin, nation) else None):
        return f"{where} is full: {STACKING}."
    return (f"{where} is out of reach from {start}: armies move 2 areas (colonial armies and "
            "a leader's group 3), stop on entering a hiland, and stop in a foe's area unless "
            "they are 2 to 1 there.")


def _move_count_stop(state: dict, nation: str, origin: str, dest: str, word: str) -> str:
    m = COUNT.fullmatch(word)
    if not m:
        return f"`{word}` is not a count: type how many armies go (`2`, or `2l` with the leader)."
    k, lead = int(m.group(1)), bool(m.group(2))
    if k < 1:
        return "At least 1 army moves."
    way = decisions.destinations(state, nation, origin).get(dest, {"counts": []})
    counts = way["counts"]
    if way.get("free"):
        return (f"The free move of The General 30-2 takes the whole force, as one: "
                f"`{counts[0]}`.")
    mine = [int(c.rstrip("l")) for c in counts if c.endswith("l") == lead]
    start, where = board.called(origin), board.called(dest)
    if lead and not mine:
        lid = f.leader_at(state, origin, nation)
        if not lid:
            return f"{the(nation, cap=True)} have no leader in {start} (`l` takes him along)."
        name = data.LEADERS[lid]["name"]
        if not decisions.leader_free(state, origin, nation):
            return f"{name} has moved already this movement."
        return f"{name}'s group cannot reach {where} from {start}."
    if not mine:
        return f"Only a group with its leader reaches {where} from {start}: add `l` to the count."
    free, here = decisions.free_armies(state, origin, nation), f.count(state, origin, nation)
    if k > free:
        moved = here - free
        return (f"You may move at most {turns.armies(free)} from {start}: {here} "
                f"{turns.verb(here, 'is', 'are')} there"
                + (f", and {moved} of them moved in this movement" if moved else "") + ".")
    return f"{where} has room for {turns.armies(max(mine))} more: {STACKING}."


# --- factories and arms ----------------------------------------------------------------------


def _factory(state: dict, action: str, arg: object) -> str:
    nation = state["nation"]
    if action == "factory":
        return _factory_stop(state, nation, arg)
    if action == "demolish":
        if state["demolished"]:
            return "One factory is removed a factory phase at most, and one is removed already."
        if not_place := a_place(arg):
            return not_place
        return f"{the(nation, cap=True)} have no factory in {board.called(str(arg))}."
    if action in ("arm", "withdraw"):
        return f"Arms come in the arms phase, after the factories. {asked(state)}"
    return asked(state)


def _factory_stop(state: dict, nation: str, area: object) -> str:
    """The remarks' Factories: up to 2 built a phase, only in the listed coastal areas, in
    an area of the nation's own or a friendly one touching a sea its armies are in."""
    who = the(nation, cap=True)
    if state["built"] >= 2:
        return "2 factories are built this phase already, the most a factory phase allows."
    if colonial.factories_left(state, nation) <= 0:
        return f"{who} have all {data.NATIONS[nation]['factories']} of their factories on the map."
    if not_place := a_place(area):
        return not_place
    area = str(area)
    where = board.called(area)
    if not board.factory_site(area):
        sites = [board.name(a) for a in data.LAND if board.factory_site(a)]
        return (f"Factories stand only in the listed coastal areas ({', '.join(sites)}); "
                f"{where} is not one.")
    if area in state["factories"]:
        return f"{where} has a factory of {the(state['factories'][area])} already."
    if area in state.get("refused", []):
        return f"A factory in {where} was refused this phase; it is not asked for again."
    seas = set(board.seas_of(area)) & colonial.colonial_seas(state, nation)
    if not seas:
        rule = ("a factory goes in an area of the nation's own that no foe shares, or in a "
                "friendly one touching a sea its armies are in.")
        foes = [n for n in f.at(state, area) if f.hostile(state, nation, n)]
        if foes and f.count(state, area, nation):
            return (f"{the(foes[0], cap=True)} are in {where} too, and no army of "
                    f"{the(nation)} is at sea beside it: {rule}")
        return f"{who} have no armies in {where} nor at sea beside it: {rule}"
    return (f"{where} is held by more than one nation: a factory goes in an area held by "
            f"{the(nation)}, or by a single nation that permits it.")


def _arms(state: dict, action: str, arg: object) -> str:
    """The remarks' Arms: one marker, to an Indian nation sharing an area with one of the
    colonial nation's factories while one of its armies is on land."""
    nation = state["nation"]
    now = state["arms"].get(nation)
    if action == "withdraw":
        return f"{the(nation, cap=True)} have given their arms marker to nobody."
    if action != "arm":
        return asked(state)
    if arg not in data.NATIONS:
        return f"`{arg}` is not a nation."
    target = str(arg)
    if now and now["nation"] == target:
        return f"{the(target, cap=True)} hold the arms marker of {the(nation)} already."
    if f.colonial(target):
        return "Arms go to an Indian nation, not a colonial one."
    if not any(f.count(state, a, nation) for a in data.LAND):
        return f"{the(nation, cap=True)} have no army on land: arms need one."
    return (f"{the(target, cap=True)} share no area with a factory of {the(nation)}: "
            "arms go to a nation that does.")
