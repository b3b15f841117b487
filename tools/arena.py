"""One match harness for every game: computer players against random players, against
players a test or the bench writes, or against each other.

A player is a function ``(state, role) -> steps``: the steps of its turn, taken while the
decision stays with it (a game's ``bot_steps`` is one as it is). The players and the turns
are engine/matches.py's (the games' sample positions are played with them too); the arena
adds whole matches and who wins them. Everything is seeded, so a match is the same on every
machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine import games
from engine.contract import Game, State
from engine.matches import Player, Step, computer, random_player, turns

__all__ = ["Opponents", "Player", "Step", "computer", "computer_seat", "computer_wins",
           "play", "random_move_line", "random_move_lines", "random_opponents",
           "random_player", "turns"]

# A player of the other seats for a match, made for its seed (a random player draws from a
# generator of that seed, so each game of a series differs and every run repeats).
Opponents = Callable[[int], Player]


def play(g: Game, state: dict, seats: Mapping[str, Player],
         others: Player | None = None, *, max_turns: int | None = None) -> dict:
    """The state where the game from ``state`` ends (or after ``max_turns`` turns)."""
    for n, (_role, _steps, after) in enumerate(turns(g, state, seats, others), 1):
        state = after
        if max_turns is not None and n >= max_turns:
            break
    return state


def computer_seat(g: Game, options: dict, seed: int) -> str:
    """The side the computer takes in a seeded match: a different one as the seed goes."""
    roles = games.sides(g, options)
    return roles[seed % len(roles)]


def computer_wins(g: Game, seed: int, options: dict, opponents: Opponents) -> bool:
    """A seeded game with the computer on one side (``computer_seat``) and
    ``opponents(seed)`` on the others: whether the computer won (a shared win counts). The
    measure of a computer player's strength in the tests and the bench."""
    me = computer_seat(g, options, seed)
    final = play(g, g.setup(seed, options), {me: computer(g)}, opponents(seed))
    return me in final_result(g, final)["winners"]


def final_result(g: Game, state: State) -> dict:
    """The result of a game that ``play`` ran to its end."""
    result = g.result(state)
    if result is None:
        raise ValueError(f"this game of {g.NAME} is not over")
    return result


def random_opponents(g: Game) -> Opponents:
    """Random players of the game (``random_player`` as the game's ``RANDOM_PLAY`` says)
    drawing from ``random.Random(seed)``."""
    how = g.RANDOM_PLAY
    return lambda seed: random_player(g, random.Random(seed), how.avoid, how.keep)


def random_move_line(state: dict, rng: random.Random) -> str:
    """A random whole move as one typed line (for games whose moves reveal nothing
    midway; see random_move_lines)."""
    lines = random_move_lines(state, rng)
    assert len(lines) == 1, lines
    return lines[0]


def random_move_lines(state: dict, rng: random.Random) -> list[str]:
    """A random whole move as the lines a player types: cut where a step reveals."""
    g = games.get(state["game"])
    role = g.view(state, None)["active"][0]
    steps, _ = games.random_move(g, state, rng)
    return games.typed_lines(g, state, role, steps)
