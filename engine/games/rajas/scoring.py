"""End of the game: the fame spaces between each player's markers, the order of
place, the result (revision 1: by 2 x fame + money) and the `/score` report."""

from __future__ import annotations

from engine.games.rajas.data import CROSS, ROLE_NAMES
from engine.games.rajas.position import errata, me
from engine.games.rajas.words import margin_words


def margin(p: dict) -> int:
    """End of the game: the fame spaces between a player's markers, counted past each
    other (0: they meet, 2: passed by two fame spaces) or, negative, still to go. The
    money track has 2 spaces for each fame space, and both count the same: fame f stands
    level with money spaces CROSS - 2f and CROSS + 1 - 2f."""
    return (2 * p["fame"] + p["money"] - CROSS) // 2


def standing(state: dict) -> list[str]:
    """End of the game: the players in order of place. Those whose markers have met come
    first, by their margins in fame spaces, a tie to the first whose markers met; then the
    others, by the fame spaces still between their markers (a tie shares the place; they
    are listed in seat order)."""
    met = met_markers(state)
    return sorted(state["roles"], key=lambda r: (
        r not in met, -margin(me(state, r)), met.index(r) if r in met else 0))


def met_markers(state: dict) -> list[str]:
    """The players whose markers have met and still do, in the order they met."""
    return [r for r in state["crossed"] if margin(me(state, r)) >= 0]


def _tie_winner(state: dict) -> str | None:
    """The player who leads on a tie: the first whose markers met, where another whose
    markers met has as many fame spaces between them."""
    met = met_markers(state)
    best = max((margin(me(state, r)) for r in met), default=None)
    level = [r for r in met if margin(me(state, r)) == best]
    return level[0] if len(level) > 1 else None


def finish(state: dict) -> None:
    """End of the game, in fame spaces: of the players whose markers met, the one with
    the most fame spaces between them wins, a tie to the first whose markers met; the
    others place by the fame spaces still between their markers. Nobody met (a stalled
    game, Darbar's reading): the closest win, a tie shared."""
    if not errata(state):
        _finish_by_sum(state)
        return
    order = standing(state)
    margins = {r: margin(me(state, r)) for r in state["roles"]}
    met = met_markers(state)
    winners = order[:1] if met else [r for r in order if margins[r] == margins[order[0]]]
    tie = _tie_winner(state)
    reason = "Fame spaces between the markers (2 money spaces make one): " + ", ".join(
        f"{ROLE_NAMES[r]} {margin_words(margins[r], short=True)}" for r in order) + (
        f"; {ROLE_NAMES[tie]}'s met first, which wins the tie" if tie else "")
    state["result"] = {"winners": winners, "scores": margins, "reason": reason + "."}
    state["log"].append(state["result"]["reason"])
    state["turn"] = {"who": None}


def score_report(state: dict) -> str:
    """`/score`: each player's markers and the fame spaces between them, in order of
    place (End of the game)."""
    lines = [f"Rajas of the Ganges, round {state['round']}: the race in fame spaces (the "
             "money track has 2 spaces for each, and both count the same)."]
    tied = _tie_winner(state)
    for r in standing(state):
        p = me(state, r)
        lines.append(f"{ROLE_NAMES[r]}: fame {p['fame']}, money {p['money']}: "
                     f"{margin_words(margin(p))}{' (met first)' if r == tied else ''}.")
    if state["result"]:
        lines.append(state["result"].get("reason", ""))
    elif state["end"]:
        lines.append(f"{ROLE_NAMES[state['end']['trigger']]}'s markers met first: the game "
                     "ends when this stage is over.")
    return "\n".join(x for x in lines if x)


def _finish_by_sum(state: dict) -> None:
    """Revision 1: the greatest 2 x fame + money among the crossed wins (two money spaces
    of one fame space counted apart), ties to the first to cross."""
    reach = {r: 2 * p["fame"] + p["money"] for r, p in state["players"].items()}
    crossed = [r for r in state["crossed"] if reach[r] >= CROSS]
    if crossed:
        best = max(reach[r] for r in crossed)
        winners = [next(r for r in crossed if reach[r] == best)]
    else:  # nobody crossed (a stalled game): the closest wins, ties shared
        best = max(reach.values())
        winners = [r for r in state["roles"] if reach[r] == best]
    scores = {r: reach[r] - CROSS for r in state["roles"]}
    state["result"] = {"winners": winners, "scores": scores, "reason": "Markers: " + ", ".join(
        f"{ROLE_NAMES[r]} {'+' if scores[r] >= 0 else ''}{scores[r] / 2:g} fame"
        for r in sorted(state["roles"], key=lambda x: -reach[x])) + "."}
    state["log"].append(state["result"]["reason"])
    state["turn"] = {"who": None}
