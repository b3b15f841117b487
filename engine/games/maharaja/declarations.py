"""Submission and alliance declared: the submitting nation's areas are left by the mover
(back where they came from, or lost), an ally of the British gives the Alliance Box an
army or its population marker."""

from __future__ import annotations

from engine.games.maharaja import battle as bt
from engine.games.maharaja import board, data, diplomacy, turns
from engine.games.maharaja import forces as f


def anytime_step(state: dict, role: str, action: str, arg) -> None:
    state["sel"] = None  # the mover chooses again: the way may have changed
    if action == "submit":
        submit(state, arg)
    elif action == "ally":
        ally(state, arg)


def submit(state: dict, nation: str) -> None:
    mover = state["nation"]
    if mover == "british":
        ally(state, nation)
        return
    where = diplomacy.submit_where(state, nation)
    state["submitted"][nation] = {"to": mover, "where": where, "turn": state["turn"]}
    turns.log(state, f"The {turns.nname(nation)} submit to the {turns.nname(mover)} "
              f"({', '.join(data.TERRITORY_NAMES[w] for w in where)}).")
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


def ally(state: dict, nation: str) -> None:
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
