"""A game played by players that are functions, for the samples, the tools and the tests
(never the table): a player is ``(state, role) -> steps``, the steps of its turn (a game's
``bot_steps`` is one as it is). ``turns`` asks the first active role of the position,
applies what it chose and asks again until the game ends; ``random_player`` draws legal
steps from a seeded generator, so a game is the same on every machine. tools/arena.py
builds its matches from these."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache

from engine import games
from engine.contract import Game
from engine.jsontree import clone_state

Step = tuple[str, object]
Player = Callable[[dict, str], Sequence[Step]]


def computer(g: Game) -> Player:
    """The game's own computer player."""
    if g.bot_steps is None:
        raise ValueError(f"{g.NAME} has no computer player")
    return g.bot_steps


def random_player(g: Game, rng: random.Random, avoid: Iterable[str] = (),
                  keep: float = 1.0) -> Player:
    """A player taking one legal step at a time, drawn by ``rng``. Steps named in ``avoid``
    (ending a turn, going back, giving up a move) are drawn only when nothing else is legal,
    or, with ``keep`` below 1, also in the share ``1 - keep`` of the steps where something
    else is: so random games reach their end (a game's ``RANDOM_PLAY`` says how)."""
    avoided = frozenset(avoid)

    def play(state: dict, role: str) -> list[Step]:
        legal = games.legal_steps(g, g.view(state, role))
        busy = [s for s in legal if s[0] not in avoided]
        # The generator is asked for the share only when it matters (and keep < 1), so a
        # player that always keeps away draws exactly one number a step.
        use_busy = bool(busy) and (keep >= 1.0 or rng.random() < keep)
        return [rng.choice(busy if use_busy else legal)]

    return play


def turns(g: Game, state: dict, seats: Mapping[str, Player],
          others: Player | None = None) -> Iterator[tuple[str, Sequence[Step], dict]]:
    """Each turn of the game from ``state`` on, as (role, its steps, the state after them),
    until it ends: ``seats[role]`` plays for a role, ``others`` for any role not seated."""
    while g.result(state) is None:
        role = g.view(state, None)["active"][0]
        player = seats.get(role, others)
        if player is None:
            raise KeyError(f"nobody plays {role!r}")
        steps = player(state, role)
        for action, arg in steps:
            state = g.act(state, role, action, arg)
        yield role, steps, state


def computer_game(g: Game, seed: int, options: dict,
                  is_mid: Callable[[dict], bool]) -> tuple[dict, dict, dict]:
    """The start, the middle (the first position ``is_mid`` accepts after a computer's
    turn, or else the end) and the end of a game the computer plays in every seat."""
    start, *after = _computer_turns(g.ID, seed, json.dumps(options, sort_keys=True))
    mid = next((state for state in after if is_mid(state)), None)
    end = after[-1] if after else start
    return clone_state(start), clone_state(mid or end), clone_state(end)


@cache
def _computer_turns(game_id: str, seed: int, options: str) -> tuple[dict, ...]:
    """Every position of that game, the start and after each turn: played once a process
    (a whole game of the computer's searches takes seconds, and the render tests, the
    bench and the reference pictures ask for the same few games again and again); the
    callers get copies."""
    g = games.get(game_id)
    start = g.setup(seed, json.loads(options))
    return (start, *(after for _role, _steps, after in turns(g, start, {}, computer(g))))


def spectator_views(g: Game, states: tuple[dict, dict, dict]) -> dict[str, dict]:
    """The spectator's views of a game's ``start``, ``mid`` and ``end``."""
    return {name: g.view(state, None) for name, state in zip(("start", "mid", "end"), states,
                                                              strict=True)}
