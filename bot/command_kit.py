"""What a command of the catalogue (bot/commands.py) is made of: its arguments' fields
(``option``, read back as ``Param``), the kinds a value arrives as besides the plain ones
(``Role``, ``Channel``; ``Actor`` for a member), and ``Command`` itself. Kept apart from
the catalogue so that the list of commands reads on its own."""

from __future__ import annotations

import types
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar, get_args, get_type_hints

from bot.clicks import Click
from bot.replies import Actor, Place, Reply
from bot.table import Table

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

A = TypeVar("A", bound="DataclassInstance")


class BadInput(Exception):
    """What was typed cannot be used: said to the caller alone; the table was not asked."""


# Autocomplete: (table, place, actor, what is typed so far, the other values given) ->
# (shown name, value) pairs.
Suggest = Callable[[Table, Place, Actor, str, Mapping[str, Any]],
                   Awaitable[list[tuple[str, str]]]]


@dataclass(frozen=True)
class Role:
    """A role of the server, as a command names it (its id)."""

    id: str
    name: str = ""


@dataclass(frozen=True)
class Channel:
    """A text channel of the server, as a command names it (its id)."""

    id: str
    name: str = ""


@dataclass(frozen=True)
class Param:
    """A command's parameter as the faces read it: the field of its arguments (name, kind,
    default) with what ``option`` declared."""

    name: str
    kind: type = str  # str, int, bool, Actor (a member of the server), Role or Channel
    description: str = ""  # none: Discord shows "…"
    required: bool = False
    default: Any = None
    # A fixed list to choose from, as (shown name, value) pairs; worked out when a face
    # builds its commands.
    choices: Callable[[], list[tuple[str, str]]] | None = None
    suggest: Suggest | None = None  # autocomplete
    low: int | None = None  # an int's range
    high: int | None = None
    # How the sandbox reads a typed line (``/game remind dm after:12``): a value is given
    # as ``name:value`` (or by one of its ``aliases``), or as a word on its own, which
    # goes to the next parameter that takes it. A bool is given by its name alone
    # (``/board text``).
    aliases: tuple[str, ...] = ()
    accepts: Callable[[str], bool] | None = None  # a word on its own comes here only if so
    rest: bool = False  # takes every word left (a rule topic of several words)
    line: bool = False  # the rest of the line as typed, quotes and all (a move)
    example: str = ""  # the command's words with this value, for the sandbox's hints
    discord: bool = True  # False: the sandbox's own extra, not a slash command option


_PARAM = "darbar.param"


def option(description: str = "", *, required: bool = False, default: Any = None,
           choices: Callable[[], list[tuple[str, str]]] | None = None,
           suggest: Suggest | None = None, low: int | None = None, high: int | None = None,
           aliases: tuple[str, ...] = (), accepts: Callable[[str], bool] | None = None,
           rest: bool = False, line: bool = False, example: str = "",
           discord: bool = True) -> Any:
    """A field of a command's arguments: the parameter ``Param`` describes (its name, kind
    and default are the field's)."""
    spec = {_PARAM: Param("", str, description, required, None, choices, suggest, low, high,
                          aliases, accepts, rest, line, example, discord)}
    return field(metadata=spec) if required else field(default=default, metadata=spec)


@dataclass(frozen=True)
class NoArgs:
    """The arguments of a command that takes none."""


def _kind(hint: Any) -> type:
    """``str`` of ``str | None``: the type a value arrives as."""
    if isinstance(hint, types.UnionType):
        return next(k for k in get_args(hint) if k is not type(None))
    return hint if isinstance(hint, type) else str


@dataclass(frozen=True)
class Command(Generic[A]):
    name: str
    description: str
    args: type[A]
    run: Callable[[Table, Place, Actor, A], Awaitable[Reply]]
    group: str | None = None
    # The sandbox gathers ``name:value`` words that no parameter takes into this one, as
    # ``name=value`` (``/game new goat_tiger goats=12``: the game's options).
    gathers: str | None = None
    buttons: tuple[Click[Any], ...] = ()  # the buttons under its answers (bot/clicks.py)

    @property
    def path(self) -> str:
        """``game new``, ``play``: the command as typed after the slash."""
        return f"{self.group} {self.name}" if self.group else self.name

    @property
    def params(self) -> tuple[Param, ...]:
        """The parameters, in the order of the arguments' fields."""
        hints = get_type_hints(self.args)
        return tuple(replace(f.metadata.get(_PARAM, Param("")), name=f.name,
                             kind=_kind(hints[f.name]),
                             default=None if f.default is MISSING else f.default)
                     for f in fields(self.args))

    def call(self, table: Table, place: Place, actor: Actor,
             values: Mapping[str, Any]) -> Awaitable[Reply]:
        """The table call for the values a face read (by parameter name)."""
        return self.run(table, place, actor, self.args(**values))
