"""Pieces every game's rules and computer player share: whether a step is one of those
offered, and a turn of steps chosen one at a time."""

from __future__ import annotations

from collections.abc import Callable, Mapping

Step = tuple[str, object]
Actions = Mapping[str, list | None]


def offered(actions: Actions, action: str, arg: object) -> bool:
    """Whether ``(action, arg)`` is one of the legal steps in ``actions`` (a view's
    ``actions``: an action with no argument maps to None, else to its legal args)."""
    if action not in actions:
        return False
    args = actions[action]
    return arg is None if args is None else arg in args


def play_while(state: dict, role: str, choose: Callable[[dict, str], Step],
               act: Callable[[dict, str, str, object], dict],
               going_on: Callable[[dict], bool], limit: int = 1000) -> list[Step]:
    """A computer player's steps: ``choose`` one, apply it, again while ``going_on`` says
    the decision is still this role's (its move has not ended, another role is not asked)
    and ``limit`` is not reached. Returns the steps chosen."""
    steps: list[Step] = []
    while going_on(state) and len(steps) < limit:
        step = choose(state, role)
        steps.append(step)
        state = act(state, role, *step)
    return steps
