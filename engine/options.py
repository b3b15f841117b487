"""Game options: one schema per game (its ``OPTIONS``), read the same way everywhere.

Each entry of a game's ``OPTIONS`` names its type, its default and a line of help:

- ``{"type": "int", "min": 3, "max": 5}``: a whole number in that range;
- ``{"type": "bool"}``: on or off (``on``/``off``, ``yes``/``no``, ``true``/``false``, 1/0);
- ``{"type": "choice", "choices": [...]}``: one of the words listed (or a function that
  lists them, where they are files an owner may add: Vijayanagara's decks);
- ``{"type": "set", "choices": [...]}``: some of the words listed, joined with ``+``
  (``red+white``; empty for none), stored in the order of ``choices``.

``read`` turns what a player typed (text) or a stored game's options (typed values) into
typed values, refusing an unknown name, a wrong type or a value out of range with a
message that lists what is valid. A game's ``setup`` calls ``with_defaults``, which reads
and fills in the defaults, and then checks what one option says of another (a colour named
in ``advanced`` must be in play). ``describe`` and ``in_force`` word the schema and a
game's options for ``/help`` and ``/game status``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal, NotRequired, TypedDict

from engine.errors import IllegalAction

TRUE = ("on", "yes", "true", "1")
FALSE = ("off", "no", "false", "0")
MAX_DIGITS = 6  # no option is a number anywhere near a million
SHOWN = 30  # characters of a refused value quoted back


class Option(TypedDict):
    """One entry of a game's ``OPTIONS`` (above): mypy checks every game's schema."""

    type: Literal["int", "bool", "choice", "set"]
    default: int | bool | str
    help: str
    min: NotRequired[int]  # int: the range
    max: NotRequired[int]
    # choice and set: the words, or a function that lists them (files an owner may add)
    choices: NotRequired[Sequence[str] | Callable[[], Sequence[str]]]


Spec = Mapping[str, Option]  # a game's OPTIONS


def read(spec: Spec, given: Mapping[str, object]) -> dict:
    """``given`` as typed values, checked against ``spec``: IllegalAction naming the
    first problem and the valid values."""
    unknown = sorted(str(k) for k in given if k not in spec)
    if unknown:
        names = ", ".join(f"`{k}`" for k in spec) or "none"
        raise IllegalAction(f"There is no option {', '.join(f'`{_shown(k)}`' for k in unknown)}"
                            f". Options: {names}.")
    return {key: _value(key, spec[key], value) for key, value in given.items()}


# Not an option a player sets: the rules revision a stored game was set up under, which its
# replays pass to setup (engine.games.setup_options) so that it keeps those rules.
REVISION = "revision"


def with_defaults(spec: Spec, options: Mapping[str, object]) -> dict:
    """Every option: the ones given, read and checked, and the defaults for the rest; a
    ``revision`` a replay passes is kept as it is (a whole number from 1)."""
    given = dict(options)
    revision = given.pop(REVISION, None)
    out = {k: s["default"] for k, s in spec.items()} | read(spec, given)
    if revision is not None:
        if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
            raise IllegalAction(f"A rules revision is a whole number from 1, not "
                                f"`{_shown(revision)}`.")
        out[REVISION] = revision
    return out


def revision_entry(options: Mapping[str, object], current: int) -> dict:
    """The ``revision`` entry of a new state: the game's current rules, or those a replay
    asks for. A revision-1 state has none, as before games had revisions, so a stored game
    set up again is exactly as it was."""
    revision = options.get(REVISION, current)
    assert isinstance(revision, int)  # options as with_defaults read them: a whole number
    return {REVISION: revision} if revision > 1 else {}


def valid(key: str, entry: Option) -> str:
    """What an option may be, as a refusal or ``/help`` lists it."""
    kind = entry["type"]
    if kind == "int":
        return f"a whole number from {entry['min']} to {entry['max']}"
    if kind == "bool":
        return "`on` or `off`"
    choices = _choices(entry)
    if kind == "choice":
        return " or ".join(f"`{c}`" for c in choices)
    example = "+".join(choices[:2])
    return f"some of {', '.join(f'`{c}`' for c in choices)} joined by `+` " \
        f"(e.g. `{key}={example}`), or nothing"


def _choices(entry: Option) -> list[str]:
    choices = entry["choices"]
    return list(choices() if callable(choices) else choices)


def describe(spec: Spec) -> str:
    """The options as ``/help`` lists them: name, what it may be, default, help."""
    if not spec:
        return "Options: none."
    lines = ["Options (`/game new … options:name=value`):"]
    for key, entry in spec.items():
        lines.append(f"- `{key}`: {valid(key, entry)}; default `{_word(entry, entry['default'])}`"
                     f". {entry['help']}")
    return "\n".join(lines)


def in_force(spec: Spec, options: Mapping[str, object]) -> str:
    """A game's options as ``/game status`` says them: every option with its value."""
    values = with_defaults(spec, options)
    return ", ".join(f"{k}={_word(spec[k], v)}" for k, v in values.items()) or "none"


def _word(entry: Option, value: object) -> str:
    if entry["type"] == "bool":
        return "on" if value else "off"
    return str(value) if value != "" else "none"


def _value(key: str, entry: Option, value: object) -> object:
    kind = entry["type"]
    text = value.strip().lower() if isinstance(value, str) else None
    problem = f"Option `{key}` is {valid(key, entry)}"
    if kind == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif text is not None and text.lstrip("-").isdigit() and len(text) <= MAX_DIGITS:
            number = int(text)
        else:
            raise IllegalAction(f"{problem}: `{_shown(value)}` is not.")
        if not entry["min"] <= number <= entry["max"]:
            raise IllegalAction(f"{problem}: {number} is not.")
        return number
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if text in TRUE or text in FALSE:
            return text in TRUE
        raise IllegalAction(f"{problem}: `{_shown(value)}` is not.")
    if text is None:
        raise IllegalAction(f"{problem}: `{_shown(value)}` is not.")
    choices = _choices(entry)
    if kind == "choice":
        if text not in choices:
            raise IllegalAction(f"{problem}: `{_shown(value)}` is not.")
        return text
    words = [w for w in text.split("+") if w]
    wrong = [w for w in words if w not in choices]
    if wrong or len(set(words)) != len(words):
        why = f"`{_shown(wrong[0])}` is not one" if wrong else "each may be named once"
        raise IllegalAction(f"{problem}: {why}.")
    return "+".join(c for c in choices if c in words)


def _shown(value: object) -> str:
    """A refused value quoted back: short, and unable to close its code span."""
    text = " ".join(str(value).split())
    return (text[:SHOWN] + "…" if len(text) > SHOWN else text).replace("`", "ˋ") or " "
