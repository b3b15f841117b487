"""Turns and rounds: the turn passing on (a worker to place, or Navaratnas' catch-up
yield tile), the last stage once markers meet, a new round and its start player."""

from __future__ import annotations

from engine.games.rajas.data import ROLE_NAMES
from engine.games.rajas.decisions import pending
from engine.games.rajas.kali import roll_all
from engine.games.rajas.position import errata, me, takeable_yields
from engine.games.rajas.scoring import finish
from engine.games.rajas.spaces import can_place

MAX_ROUNDS = 40  # Darbar's reading: a game nobody can finish ends (none has come close)


def refill(state: dict) -> None:
    for key in state["refill"]:
        if state["stacks"][key]:
            state["display"][key] = state["stacks"][key].pop()
    state["refill"] = []


def end_turn(state: dict) -> None:
    who = state["turn"]["who"]
    if state["options"]["rules"] == "yucata":
        roll_all(state, who)
        refill(state)
    state["queue"] = []
    roles = state["roles"]
    n = len(roles)
    i = roles.index(who)
    state["move"] += 1
    if state["end"] is not None:
        # The stage ends before the start player: those between place one more worker.
        for k in range(1, n):
            r = roles[(i + k) % n]
            if (i + k) % n == state["start"]:
                break
            if _next_turn(state, r, last_stage=True):
                return
        finish(state)
        return
    for k in range(1, n + 1):
        if _next_turn(state, roles[(i + k) % n]):
            return
    _new_round(state)


def _next_turn(state: dict, role: str, last_stage: bool = False) -> bool:
    """Give ``role`` their turn if they have one: a worker to place, or (Navaratnas) a
    yield tile instead. Revision 1 gave no catch-up tile in the game's last stage."""
    if can_place(state, role):
        _begin_turn(state, role)
        return True
    if (errata(state) or not last_stage) and _catch_up_due(state, role):
        me(state, role)["catchup"] += 1
        state["turn"] = {"who": role, "catchup": True}
        state["log"].append(f"{ROLE_NAMES[role]} has no worker left while another player "
                            "has one for this stage: a yield tile instead.")
        state["queue"] = [{"do": "yield_tile"}]
        return True
    return False


def _begin_turn(state: dict, role: str) -> None:
    state["turn"] = {"who": role}
    pending(state, role)


def _catch_up_due(state: dict, role: str) -> bool:
    """Navaratnas, when you have fewer active workers than other players: a player out of
    workers whose turn it would be takes a yield tile instead, once for each stage that
    another player has a worker for. Stage k is the player's k-th turn of the round. The
    other player may have placed in that stage already (they start the round) or will
    still (a player who passed plays no more stages). Revision 1 asked that the other
    player still had a worker to place, so the tile was lost when they placed first."""
    p = me(state, role)
    if not p["yield_tiles"] or p["passed"] or p["placed"] < p["workers"]:
        return False
    stage = p["placed"] + p["catchup"] + 1
    others = [q for r, q in state["players"].items() if r != role]
    if errata(state):
        due = any(q["workers"] >= stage and (q["placed"] >= stage or not q["passed"])
                  for q in others)
    else:
        due = any(q["workers"] >= stage and q["placed"] < q["workers"] and not q["passed"]
                  for q in others)
    return due and bool(takeable_yields(state, role))


def _new_round(state: dict) -> None:
    roles = state["roles"]
    if state["mogul"] is not None:
        state["start"] = roles.index(state["mogul"])
    else:
        state["start"] = (state["start"] + 1) % len(roles)
    state["mogul"] = None
    state["used"] = {}
    state["round"] += 1
    for p in state["players"].values():
        p.update(placed=0, passed=False, assorted=False, catchup=0)
    first = roles[state["start"]]
    state["log"].append(f"Round {state['round']}. {ROLE_NAMES[first]} starts.")
    if not any(can_place(state, r) for r in roles) or state["round"] > MAX_ROUNDS:
        # Darbar's reading: a round in which nobody can place a worker ends the game.
        finish(state)
        return
    i = state["start"]
    for k in range(len(roles)):
        r = roles[(i + k) % len(roles)]
        if can_place(state, r):
            _begin_turn(state, r)
            return
