"""The optional second tiebreaker (5.0, 5.5): factions still tied on victory points and
Resources after Timur play a game of Aadu-Huli aata (Goat-Tiger), and its winner takes
the game. Option ``tiebreak=goat_tiger``; off, a double tie is a shared victory.

The Goat-Tiger game is played outside this state (the table opens it as a game of its
own, ``goat_tiger``, between the persons seated for the tied factions). This state only
draws who plays which side, waits, and takes the outcome back as a step the table
writes (``engine.games.SIDE_GAME``), so a replay of the log gives the same result.

Darbar's readings, where 5.5 speaks of two players only:
- Sides are drawn at random from the game's own generator (5.5: "Decide randomly who
  will be Player One"): Player One keeps the Goats.
- Three factions tied: two drawn at random play first; the winner then plays the third,
  sides drawn again.
- A Goat-Tiger game that ends without a winner (a draw by repetition, or aborted) breaks
  no tie: the factions it could not separate share the victory with any still waiting.
"""

from __future__ import annotations

from engine import rng
from engine.games.vijayanagara.data import SHORT

OPTION = "tiebreak"
GOAT_TIGER = "goat_tiger"
SIDES = ("goats", "tigers")
SIDE_NAMES = {"goats": "Goats", "tigers": "Tigers"}
GAME_NAME = "Aadu-Huli aata (Goat-Tiger)"


def wanted(state: dict) -> bool:
    return state["options"].get(OPTION) == GOAT_TIGER


def start(state: dict, tied: list[str], scores: dict[str, int], reason: str) -> None:
    """Wait on a Goat-Tiger game between two of the ``tied`` factions, drawn at random
    (5.5), instead of ending; ``scores`` and ``reason`` are the final score as said so
    far."""
    order = rng.shuffle(state, list(tied))
    state["tiebreak"] = {"tied": list(tied), "scores": scores, "reason": reason,
                         "waiting": order[2:], "played": [], "pair": None}
    _pair(state, order[:2])


def _pair(state: dict, two: list[str]) -> None:
    goats, tigers = two
    tb = state["tiebreak"]
    tb["pair"] = {"goats": goats, "tigers": tigers}
    state["log"].append(
        f"{' and '.join(SHORT[f] for f in tb['tied'])} are tied on victory points and "
        f"Resources (5.0): the tie is broken by a game of {GAME_NAME} (5.5). "
        f"Drawn at random: {SHORT[goats]} plays the Goats, {SHORT[tigers]} the Tigers.")


def pending(state: dict) -> dict | None:
    """The Goat-Tiger game the position waits on: ``{"game", "sides": {side: faction},
    "round"}``; None when it waits on none."""
    tb = state.get("tiebreak")
    if tb is None or state["result"] is not None or tb["pair"] is None:
        return None
    return {"game": GOAT_TIGER, "sides": dict(tb["pair"]), "round": len(tb["played"]) + 1}


def refusal(state: dict) -> str | None:
    """Why no step but the tiebreak's outcome is taken now (None: not waiting on it)."""
    if pending(state) is None:
        return None
    return (f"The game is over on the board but tied: it waits on its {GAME_NAME} "
            "tiebreak (5.5), played as a game of its own in this channel.")


def settle(state: dict, winner: object) -> None:
    """Take the outcome of the Goat-Tiger game played: ``winner`` is its winning side, or
    None (drawn or abandoned). The next game is drawn, or the game ends."""
    tb = state["tiebreak"]
    pair = tb["pair"]
    if winner is not None and winner not in SIDES:
        raise ValueError(f"not a Goat-Tiger side: {winner!r}")
    state["move"] += 1
    tb["played"].append({**pair, "winner": winner})
    if winner is None:
        alive = [f for f in tb["tied"] if f in (*pair.values(), *tb["waiting"])]
        state["log"].append(f"The {GAME_NAME} game between {SHORT[pair['goats']]} and "
                            f"{SHORT[pair['tigers']]} ended without a winner: the tie stands.")
        _end(state, alive, "the tiebreak game ended without a winner, so the tie stands (5.5, "
             "Darbar's reading)")
        return
    won, lost = pair[winner], pair["tigers" if winner == "goats" else "goats"]
    state["log"].append(f"{SHORT[won]} ({SIDE_NAMES[winner]}) win the {GAME_NAME} game "
                        f"against {SHORT[lost]}.")
    if tb["waiting"]:
        _pair(state, rng.shuffle(state, [won, tb["waiting"].pop(0)]))
        return
    beaten = [f for f in tb["tied"] if f != won]
    _end(state, [won], f"{SHORT[won]} won the {GAME_NAME} tiebreak (5.5) against "
         f"{' and '.join(SHORT[f] for f in beaten)}")


def _end(state: dict, winners: list[str], how: str) -> None:
    tb = state["tiebreak"]
    tb["pair"] = None
    shared = "" if len(winners) == 1 else \
        " " + " and ".join(SHORT[w] for w in winners) + " share the victory."
    state["result"] = {"winners": winners, "scores": dict(tb["scores"]),
                       "reason": f"{tb['reason']} Tied on VP and Resources: {how}.{shared}"}
    state["log"].append(state["result"]["reason"])
