"""The flow of a game turn: everything that needs no choice, carried out up to the next
decision (population, arrivals and leaders, the end of movement, the battles, a colonial
nation's phases, the count), the next nation, the next game turn, the end."""

from __future__ import annotations

from engine.games.maharaja import board, colonial, data, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.combat import fights, start_battle
from engine.games.maharaja.data import ROLE_NAMES
from engine.games.maharaja.decisions import may_move, queued
from engine.games.maharaja.moves import move_step


def advance(state: dict) -> None:
    """Carry out everything that needs no choice, up to the next decision."""
    while not state["result"]:
        if state["ask"] or state["queue"]:
            if state["queue"] and not queued(state, state["queue"][0])[1].get(
                    next(iter(queued(state, state["queue"][0])[1]))):
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
            if may_move(state, nation):
                return
            move_step(state, nation, "done", None)
        elif phase == "battle":
            if state["fights"] is None:
                state["fights"] = fights(state, nation)
            if state["fights"]:
                start_battle(state, state["fights"].pop(0))
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
            elif data.NATIONS[nation].get("reinforce_south") and turns.south_vacant(state):
                state["queue"].append({"do": "place", "nation": nation, "n": n,
                                       "placed": [], "where": "south"})
            else:
                turns.log(state, f"The reinforcements of the {turns.nname(nation)} do not "
                          "appear (no place for them).")
            continue
        f.add(state, a["at"], nation, n)
        state["pool"][nation] -= n
        turns.log(state, f"{turns.armies(n)} of the {turns.nname(nation)} "
                  f"{turns.verb(n, 'arrives', 'arrive')} in {board.called(a['at'])}.")
    lid = turns.entering_leader(state, nation)
    if lid:
        state["leaders_seen"].append(lid)
        places = f.places_of(state, nation)
        if len(places) == 1:
            state["leaders"][lid] = places[0]
            turns.log(state, f"{data.LEADERS[lid]['name']} leads the {turns.nname(nation)} in "
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
        finish(state)
        return
    state["turn"] += 1
    turns.start_game_turn(state)


def finish(state: dict) -> None:
    best = max(state["vp"].values())
    winners = [r for r in state["roles"] if state["vp"][r] == best]
    state["result"] = {"winners": winners, "scores": dict(state["vp"])}
    state["nation"] = None
    state["phase"] = "over"
    turns.log(state, "The game is over after turn 16: " + ", ".join(
        f"{ROLE_NAMES[r]} {state['vp'][r]}" for r in state["roles"]) + ". "
        + turns.listed([ROLE_NAMES[w] for w in winners])
        + turns.verb(len(winners), " wins.", " win."))
