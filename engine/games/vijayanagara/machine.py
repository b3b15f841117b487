"""The prompt machine: a stack of frames, each a JSON dict with a type ``t`` and
the ``role`` that decides it. A frame type registers three functions:

- ``auto(state, frame) -> bool``: do the work that needs no decision; return True
  if the stack changed (the loop then looks at the new top), False to wait;
- ``prompt(state, frame) -> (text, actions)``: what the owner may do now;
- ``act(state, frame, action, arg)``: apply one legal step.

Procedures that need a decision half-way push a frame and continue from the
frame's ``auto`` when it is back on top (Rally the Troops' state machine, in
Python). Callbacks are referred to by name so that frames stay JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.steps import offered


@dataclass
class FrameType:
    prompt: Callable | None = None
    act: Callable | None = None
    auto: Callable | None = None
    why: Callable | None = None  # (state, frame, action, arg) -> reason a step is refused
    parse: Callable | None = None  # (state, frame, word) -> the step a typed word means


FRAMES: dict[str, FrameType] = {}
CALLBACKS: dict[str, Callable] = {}


def frame(name: str, *, prompt=None, act=None, auto=None, why=None, parse=None) -> None:
    FRAMES[name] = FrameType(prompt, act, auto, why, parse)


def callback(fn: Callable) -> Callable:
    CALLBACKS[fn.__name__] = fn
    return fn


def push(state: dict, t: str, role: str | None = None, **fields) -> dict:
    f = {"t": t, "role": role, **fields}
    state["stack"].append(f)
    return f


def pop(state: dict, f: dict) -> None:
    """Remove ``f`` (normally the top frame)."""
    for i in range(len(state["stack"]) - 1, -1, -1):
        if state["stack"][i] is f:
            del state["stack"][i]
            return
    raise RuntimeError(f"frame {f['t']} is not on the stack")


def top(state: dict) -> dict | None:
    return state["stack"][-1] if state["stack"] else None


def waiting(state: dict) -> dict:
    """The frame a game in progress waits on: ``advance`` stops only at a frame that asks,
    or when the game is over."""
    f = top(state)
    if f is None:
        raise RuntimeError("the prompt machine waits on no frame")
    return f


def advance(state: dict, idle: Callable[[dict], bool]) -> None:
    """Run automatic frames until one waits for a decision; ``idle`` is called
    on an empty stack and returns False once nothing more can happen."""
    for _ in range(100000):
        f = top(state)
        if f is None:
            if not idle(state):
                return
            continue
        ft = FRAMES[f["t"]]
        if ft.auto is not None and ft.auto(state, f):
            continue
        if ft.prompt is None:
            raise RuntimeError(f"frame {f['t']} can neither run nor ask")
        return
    raise RuntimeError("the prompt machine did not settle")


def prompt_of(state: dict, f: dict) -> tuple[str, dict]:
    prompt = FRAMES[f["t"]].prompt
    if prompt is None:  # advance never stops at such a frame
        raise RuntimeError(f"frame {f['t']} asks nothing")
    return prompt(state, f)


def apply(state: dict, f: dict, action: str, arg, known: dict | None = None) -> None:
    """Take a step at frame ``f``, if it is legal. ``known``: the frame's actions as they
    were just worked out for this very position (rules.view keeps them), so a step found
    among them is not checked again."""
    if known is not None and offered(known, action, arg):
        act = FRAMES[f["t"]].act
        if act is None:  # it offered steps, so it takes them
            raise RuntimeError(f"frame {f['t']} takes no step")
        act(state, f, action, arg)
        return
    if not offered(prompt_of(state, f)[1], action, arg):
        raise IllegalAction(why_not(state, f, action, arg))
    act = FRAMES[f["t"]].act
    if act is None:  # it offered steps, so it takes them
        raise RuntimeError(f"frame {f['t']} takes no step")
    act(state, f, action, arg)


def why_not(state: dict, f: dict, action: str, arg) -> str:
    """Why frame ``f`` refuses a step it does not offer: the frame's own reason where it
    has one, else what it asks and what is possible."""
    text, actions = prompt_of(state, f)
    why = FRAMES[f["t"]].why
    return (why(state, f, action, arg) if why else None) or refusal(action, arg, text, actions)


def refusal(action: str, arg, text: str, actions: dict) -> str:
    what = f"`{arg if arg is not None else action}`"
    legal = []
    for a, args in actions.items():
        legal.extend([a] if args is None else [str(x) for x in args])
    shown = ", ".join(f"`{t}`" for t in legal[:12]) + (" …" if len(legal) > 12 else "")
    return f"{what} is not possible now. {text} Possible: {shown}."


# --- generic frames -----------------------------------------------------------------


def ask_count(state: dict, role: str, text: str, lo: int, hi: int, on: str, **params) -> None:
    """Ask for a number lo..hi, then call CALLBACKS[on](state, n, **params)."""
    push(state, "count", role, text=text, lo=lo, hi=hi, on=on, p=params)


def _count_auto(state: dict, f: dict) -> bool:
    if f["hi"] <= f["lo"]:
        pop(state, f)
        CALLBACKS[f["on"]](state, max(f["lo"], f["hi"]), **f["p"])
        return True
    return False


def _count_prompt(state: dict, f: dict) -> tuple[str, dict]:
    return f["text"], {"count": [str(i) for i in range(f["lo"], f["hi"] + 1)]}


def _count_act(state: dict, f: dict, action: str, arg) -> None:
    pop(state, f)
    CALLBACKS[f["on"]](state, int(arg), **f["p"])


frame("count", prompt=_count_prompt, act=_count_act, auto=_count_auto)


def ask_choice(state: dict, role: str, text: str, options: list[str], on: str, **params) -> None:
    """Ask to pick one of ``options`` (tokens), then CALLBACKS[on](state, choice, **params).
    A single option is taken without asking."""
    push(state, "choice", role, text=text, options=options, on=on, p=params)


def _choice_auto(state: dict, f: dict) -> bool:
    if len(f["options"]) <= 1:
        pop(state, f)
        if f["options"]:
            CALLBACKS[f["on"]](state, f["options"][0], **f["p"])
        return True
    return False


def _choice_prompt(state: dict, f: dict) -> tuple[str, dict]:
    return f["text"], {"choose": list(f["options"])}


def _choice_act(state: dict, f: dict, action: str, arg) -> None:
    pop(state, f)
    CALLBACKS[f["on"]](state, arg, **f["p"])


frame("choice", prompt=_choice_prompt, act=_choice_act, auto=_choice_auto)
