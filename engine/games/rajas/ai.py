"""A computer player for Rajas of the Ganges.

It plays each turn as a whole: for every worker space it could take, it plays the rest of
the turn greedily (each later choice the one that leaves the best position) and keeps the
space whose turn ends best. A position is worth its race progress (2 x fame + money, the
markers' distance) plus what will make progress later: dice, workers, karma, upgrades,
markets to score again, the boat. It looks ahead only on a copy whose hidden future (the
stacks' order, the white yield tiles' order, the dice still to roll) is drawn anew from
what its side sees (``imagined``), so it never uses what a player cannot know, and the
same view always gets the same decision.
"""

from __future__ import annotations

from engine import games
from engine.games.rajas import province as prov
from engine.games.rajas import rules as R
from engine.games.rajas.data import CROSS, PROVINCE, TILES
from engine.rng import seed_of_seen
from engine.steps import play_while


def value(state: dict, role: str) -> float:
    p = state["players"][role]
    progress = 2 * p["fame"] + p["money"]
    if progress >= CROSS:
        return 10_000 + progress
    # A die pays for tiles of its colour only: a colour's first dice count more.
    seen: dict[str, int] = {}
    dice = 0.0
    for c, v in p["dice"][:8]:
        seen[c] = seen.get(c, 0) + 1
        dice += (0.5 + 0.35 * (v or 3.5)) * (1.15 if seen[c] <= 2 else 0.85)
    markets = sum(m["value"] for t in p["cells"].values()
                  for m in TILES[t["tile"]]["markets"])
    left = max(0.0, 1 - progress / CROSS)  # income is worth less as the end nears
    open_roads = _open_roads(p["cells"])
    return (progress + dice * (0.2 + left) + 9 * left * p["workers"] + 2.5 * p["karma"]
            + 3 * left * sum(p["upgrades"].values()) + 0.8 * left * markets
            + 0.3 * p["boat"] + 1.5 * left * min(open_roads, 4))


def _open_roads(cells: dict) -> int:
    """Road ends that lead to an empty cell: room to build on."""
    n = 0
    for cell in [*cells, PROVINCE["residence"]]:
        for side in prov.roads_at(cells, cell):
            nb = prov.neighbour(cell, side)
            if nb and nb not in cells and nb != PROVINCE["residence"]:
                n += 1
    return n


def imagined(state: dict, role: str) -> dict:
    """The position as ``role`` may imagine it: what each stack and the white yield tiles
    hold is public (every tile drawn from them was shown), their order and the dice to come
    are not. So they are laid in a fixed order and dealt anew, with new dice, from a seed
    made of ``role``'s view: nothing of the real order or the game's generator enters."""
    known = {**state, "stacks": {k: sorted(s) for k, s in state["stacks"].items()},
             "white": sorted(state["white"])}
    return games.redealt(games.get(R.ID), known, seed_of_seen(R.view(state, role)),
                         keep=[role])


def _steps(state: dict, role: str) -> list[tuple[str, object]]:
    return games.legal_steps(games.get(R.ID), R.view(state, role))


def _same_turn(state: dict, role: str, move: int) -> bool:
    return not state["result"] and R.active(state) == [role] and state["move"] == move


def _finish_greedily(state: dict, role: str, move: int, budget: int = 12) -> dict:
    """The rest of the turn, each choice the best by ``value`` one step ahead."""
    while _same_turn(state, role, move) and budget > 0:
        budget -= 1
        best, best_v = None, float("-inf")
        for step in _steps(state, role):
            if step[0] in ("roll",):
                continue
            after = R.act(state, role, *step)
            v = value(after, role) if not _same_turn(after, role, move) or not after[
                "queue"] else value(after, role) + 0.01
            if v > best_v:
                best, best_v = after, v
        if best is None:
            break
        state = best
    return state


def choose(state: dict, role: str) -> tuple[str, object]:
    """The next step for ``role`` (the game must be waiting for it)."""
    acts = R.view(state, role)["actions"]
    if "reroll" in acts:  # a die below the average is worth rerolling; one at a time
        low = [t for t in acts["reroll"] if int(t[-1]) <= 2]
        return ("reroll", low[0]) if low else ("done", None)
    look = imagined(state, role)
    move = look["move"]
    steps = [s for s in _steps(look, role) if s[0] != "roll"]
    if not steps:
        return _steps(state, role)[0]
    best, best_v = steps[0], float("-inf")
    for step in steps:
        after = R.act(look, role, *step)
        end = _finish_greedily(after, role, move)
        v = value(end, role)
        if step[0] == "pass":
            v -= 0.5  # keep a worker working while anything is worth doing
        if v > best_v:
            best, best_v = step, v
    return best


def bot_steps(state: dict, role: str) -> list[tuple[str, object]]:
    """The steps of the computer's whole turn, each chosen from what it may know."""
    move = state["move"]
    return play_while(state, role, choose, R.act, lambda s: _same_turn(s, role, move), 60)
