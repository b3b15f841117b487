"""The game positions this process last wrote or read, kept parsed, with their spectator
views: a move mostly reads back the position it (or the step before it) wrote, and
parsing a stored state again was a fifth of a millisecond of every Rajas move (its state
and, mid-move, the position the others see), and its view another tenth.

A position is reused only when the stored text is the very text it was parsed from, so
a write by another process (or an undo) is simply read afresh. States and views are
never changed once made (``engine.contract``: ``act`` returns a new state; nothing edits
a view), so one parsed state and its view may serve every call that reads the same text.
A Rajas state is about 45 KB parsed and its view 7 KB: the games kept take a few MB."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine import jsontext
from engine.contract import State, View

GAMES_KEPT = 32  # the games played in the last moments (the load bench plays 16 at once)
PER_GAME = 2  # the latest state and, mid-move, the position the others still see


@dataclass
class _Kept:
    text: str
    state: State
    view: View | None = None  # the spectator view, once a call has built it


class Positions:
    def __init__(self, games: int = GAMES_KEPT) -> None:
        self._games = games
        self._kept: OrderedDict[int, list[_Kept]] = OrderedDict()

    def loads(self, game_id: int, text: str) -> State:
        """``jsontext.loads(text)``, the stored position of ``game_id``."""
        for kept in self._kept.get(game_id, ()):
            if kept.text == text:
                self._kept.move_to_end(game_id)
                return kept.state
        state = jsontext.loads(text)
        self.keep(game_id, text, state)
        return state

    def keep(self, game_id: int, text: str, state: State, view: View | None = None) -> None:
        """Note that ``text`` (just written, or read) is ``state``, whose spectator view
        is ``view`` where the caller built it."""
        kept = [_Kept(text, state, view),
                *(k for k in self._kept.get(game_id, ()) if k.text != text)]
        self._kept[game_id] = kept[:PER_GAME]
        self._kept.move_to_end(game_id)
        while len(self._kept) > self._games:
            self._kept.popitem(last=False)

    def view(self, game_id: int, state: State) -> View | None:
        """The spectator view of ``state`` (this very object, as ``loads`` gave it), where
        one was built; None otherwise."""
        for kept in self._kept.get(game_id, ()):
            if kept.state is state:
                return kept.view
        return None

    def saw(self, game_id: int, state: State, view: View) -> None:
        """Note the spectator view a call built for ``state``, a position kept here."""
        for kept in self._kept.get(game_id, ()):
            if kept.state is state:
                kept.view = view


T = TypeVar("T")


class ByText(Generic[T]):
    """Values parsed from stored texts (a pace, a recorded view), kept by the text itself,
    the last ``size`` of them: what the database holds is always what is parsed, so a
    value kept can never stand for another text. The values are never changed once made."""

    def __init__(self, size: int, parse: Callable[[str], T]) -> None:
        self._size = size
        self._parse = parse
        self._kept: OrderedDict[str, T] = OrderedDict()

    def get(self, text: str) -> T:
        """``parse(text)``, kept."""
        value = self._kept.get(text)
        if value is None:
            value = self._parse(text)
            self.keep(text, value)
        else:
            self._kept.move_to_end(text)
        return value

    def keep(self, text: str, value: T) -> None:
        """Note that ``text`` (just written) is ``value``."""
        self._kept[text] = value
        self._kept.move_to_end(text)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
