"""Pieces every game's rules and computer player share: whether a step is one of those
offered, the opening every game's ``act`` starts with, and a turn of steps chosen one at a
time."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.errors import IllegalAction

Step = tuple[str, object]
Actions = Mapping[str, list | None]
# A game's words for a step it does not offer: (state, role, action, arg, offered) -> text.
Refused = Callable[[dict, str, str, object, dict], str]

GAME_OVER = "This game is over."


def offered(actions: Actions, action: str, arg: object) -> bool:
    """Whether ``(action, arg)`` is one of the legal steps in ``actions`` (a view's
    ``actions``: an action with no argument maps to None, else to its legal args)."""
    if action not in actions:
        return False
    args = actions[action]
    return arg is None if args is None else arg in args


def opening(state: dict, role: str, action: str, arg: object, *,
            names: Mapping[str, str], active: list[str],
            prompt: Callable[[dict, str], tuple[str, dict]], refused: Refused,
            anytime: Callable[[dict, str], dict] | None = None,
            offstage: Callable[[dict, str, str, object, dict], str | None] | None = None,
            ) -> dict:
    """How every game's ``act`` opens: the step is refused (IllegalAction) when the game is
    over, when ``role`` is no side of the game (``names``: every role's name), when it is
    not the role's turn (``active``) and the step is none the game lets it take at any time
    (``anytime``; ``offstage`` may word that refusal, else it names whose turn it is), and
    when the step is not among those offered now (``prompt``, the role's prompt and steps;
    ``refused`` words why). Returns the steps offered, the step among them, so that the
    game goes straight on to apply it."""
    if state["result"] is not None:
        raise IllegalAction(GAME_OVER)
    if role not in names:
        raise IllegalAction(f"`{role}` is not a side in this game.")
    if role in active:
        acts = prompt(state, role)[1]
    else:
        acts = anytime(state, role) if anytime else {}
        if not offered(acts, action, arg):
            reason = offstage(state, role, action, arg, acts) if offstage else None
            waiting = " and ".join(names[r] for r in active)
            raise IllegalAction(reason or f"It is not your turn: waiting for {waiting}.")
    if not offered(acts, action, arg):
        raise IllegalAction(refused(state, role, action, arg, acts))
    return acts


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
