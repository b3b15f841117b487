"""Section ``rajas``: the board picture, the computer's think time, its wins against
random and greedy players, and the balance of games it plays in every seat."""

from __future__ import annotations

import statistics
from collections import Counter

import renderer
from engine import games
from engine.games.rajas import ai
from engine.games.rajas.data import TILES
from tools import arena
from tools.bench.common import median_ms, play, seeds_split, think_times

# Giving up a turn: what the greedy player does only when it gains as much by it.
GIVING_UP = games.get("rajas").RANDOM_PLAY.avoid


def _rajas_games(seeds: list[int], players: int) -> dict:
    """Games the computer plays in every seat: rounds, wins by seat (the start player
    first), worker spaces and tiles used."""
    g = games.get("rajas")
    rounds: list[int] = []
    by_seat: Counter = Counter()
    spaces: Counter = Counter()
    tiles: Counter = Counter()
    for seed in seeds:
        state = g.setup(seed, {"players": players})
        order = [state["roles"][(state["start"] + k) % players] for k in range(players)]
        for _role, steps, after in arena.turns(g, state, {}, arena.computer(g)):
            for action, arg in steps:
                if action == "place":
                    spaces[arg] += 1
                elif action == "tile":
                    tiles[arg] += 1
            state = after
        rounds.append(state["round"])
        for w in arena.final_result(g, state)["winners"]:
            by_seat[order.index(w)] += 1
    return {"rounds": rounds, "wins_by_seat": dict(by_seat), "spaces": dict(spaces),
            "tiles": dict(tiles)}


def greedy_player(seed: int) -> arena.Player:
    """The step whose position is best straight away, judged by the computer's own
    measure, on a copy with the hidden future redrawn (from ``seed``); giving up a turn
    only when nothing else gains as much."""
    g = games.get("rajas")

    def choose(state: dict, role: str) -> list[arena.Step]:
        legal = games.legal_steps(g, g.view(state, role))
        look = games.redealt(g, state, seed)
        return [max(legal, key=lambda s: ai.value(g.act(look, role, *s), role)
                    - (s[0] in GIVING_UP))]

    return choose


def _rajas_match(seeds: list[int], opponent: str) -> int:
    """Games of 3 with the computer in one seat (a different one as the seed goes) and
    ``opponent`` players in the others: ``random`` (any legal step, rarely giving up a
    turn) or ``greedy`` (``greedy_player``). The computer's wins."""
    g = games.get("rajas")
    opponents = greedy_player if opponent == "greedy" else arena.random_opponents(g)
    return sum(arena.computer_wins(g, seed, {"players": 3}, opponents) for seed in seeds)


def rajas_matches(n_games: int, opponent: str, procs: int = 2) -> int:
    return sum(seeds_split(_rajas_match, n_games, opponent, procs))


def rajas_balance(n_games: int, players: int = 3, procs: int = 2) -> dict:
    """``_rajas_games`` for seeds 0…n-1, split over ``procs`` processes, added up."""
    parts = seeds_split(_rajas_games, n_games, players, procs)
    out: dict = {"games": n_games, "rounds": []}
    for key in ("wins_by_seat", "spaces", "tiles"):
        total: Counter = Counter()
        for part in parts:
            total.update(part[key])
        out[key] = dict(total)
    for part in parts:
        out["rounds"] += part["rounds"]
    return out


def rajas_figures(n_games: int) -> None:
    g = games.get("rajas")
    mid = play("rajas", 7, 60).state
    view = g.view(mid, None)
    print("rajas:")
    ms, png = median_ms(lambda: renderer.render("rajas", view), 10)
    print(f"  board picture        {ms:.1f} ms, {len(png) / 1024:.1f} KB")
    think = think_times("rajas", 3, 40)
    print(f"  computer think time  median {statistics.median(think) * 1000:.0f} ms, "
          f"max {max(think) * 1000:.0f} ms CPU a turn")
    matches = max(2, n_games // 10)
    for opponent in ("random", "greedy"):
        won = rajas_matches(matches, opponent)
        print(f"  against 2 {opponent} players: the computer wins {won} of {matches}",
              flush=True)
    b = rajas_balance(n_games)
    r = b["rounds"]
    print(f"  {n_games} computer games of 3: {statistics.mean(r):.1f} rounds on average "
          f"({min(r)}–{max(r)}); wins by seat from the start player: "
          + ", ".join(f"{b['wins_by_seat'].get(k, 0)}" for k in range(3)))
    used = sorted(b["spaces"].items(), key=lambda x: -x[1])
    print("  worker spaces used: " + ", ".join(f"{k} {v}" for k, v in used))
    counts = [b["tiles"].get(t, 0) for t, x in TILES.items() if x["colour"] != "village"]
    print(f"  tiles built: {sum(c > 0 for c in counts)} of {len(counts)} different tiles, "
          f"each {min(counts)}–{max(counts)} times (median {statistics.median(counts):g})",
          flush=True)
    print(flush=True)

