"""The game registry: ``games.get("goat_tiger")`` returns the rules module.

A game module exposes ID, NAME, ROLES, PLAYERS, OPTIONS and the functions
setup / view / act / result / summary / token / parse_token / describe.
``tokens`` / ``step_for_token`` / ``legal_steps`` below are the shared helpers
the table layer uses to turn typed lines into steps for any game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.errors import IllegalAction

# Module names in priority order; a game is listed once its package exists.
_KNOWN = ["goat_tiger", "vijayanagara"]
_cache: dict[str, ModuleType] = {}


def ids() -> list[str]:
    return list(_KNOWN)


def get(game_id: str) -> ModuleType:
    if game_id not in _KNOWN:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_KNOWN)}")
    if game_id not in _cache:
        _cache[game_id] = importlib.import_module(f"engine.games.{game_id}")
    return _cache[game_id]


def legal_steps(g: ModuleType, view: dict) -> list[tuple[str, object]]:
    """Flatten ``view["actions"]`` into (action, arg) pairs, in display order."""
    steps: list[tuple[str, object]] = []
    for action, args in view["actions"].items():
        if args is None:
            steps.append((action, None))
        else:
            steps.extend((action, a) for a in args)
    return steps


def tokens(g: ModuleType, view: dict) -> dict[str, tuple[str, object]]:
    """Map each legal step's typed token to its (action, arg)."""
    return {g.token(a, arg): (a, arg) for a, arg in legal_steps(g, view)}


def step_for_token(g: ModuleType, state: dict, role: str, token: str) -> tuple[str, object]:
    """Resolve a typed token to a step; legal ones first, then the game's parser
    (which may return an illegal step so that ``act`` can say why it is illegal)."""
    token = token.strip().lower()
    legal = tokens(g, g.view(state, role))
    if token in legal:
        return legal[token]
    parse = getattr(g, "parse_token", None)
    if parse is not None:
        return parse(state, role, token)
    raise IllegalAction(f"`{token}` is not a legal step now.")


def random_move(g: ModuleType, state: dict, rng) -> tuple[list[tuple[str, object]], dict]:
    """One whole legal move for the role to act, chosen step by step with ``rng``
    (a ``random.Random``): for fuzzers, benchmarks and test scripts, never for rules.
    Returns the steps and the state after them."""
    role = g.view(state, None)["active"][0]
    move = g.view(state, None)["move"]
    steps: list[tuple[str, object]] = []
    while g.view(state, None)["move"] == move and g.result(state) is None:
        action, arg = rng.choice(legal_steps(g, g.view(state, role)))
        steps.append((action, arg))
        state = g.act(state, role, action, arg)
    return steps, state


__all__ = [
    "get", "ids", "legal_steps", "tokens", "step_for_token", "random_move", "IllegalAction",
]
