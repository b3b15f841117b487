"""A view whose costly part is worked out only when something reads it.

A search, a fuzzer or a random player asks for a view at every step and reads one or two
keys of it (``active``, ``actions``); the table and the pictures read it all. A game's
``view`` may return a ``LazyView``: a dict holding the cheap keys at once and a function
giving the rest, which runs the first time anything but a key already present is read
(any other key, its length, iteration, comparison, copying, pickling, JSON). From then on
it is an ordinary dict with exactly the keys, values and order the eager view had.

What is already there stays as it is (the cheap keys, and anything a caller set), so a
caller that writes into a view before reading the rest sees what it wrote, as with an
eager view. The function must read the state as it was when the view was made: the
engine never changes a state in place once ``act`` or ``setup`` returned it, so it may
keep a reference to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


class LazyView(dict):
    """``dict(eager)`` now, and ``rest()`` merged in when first needed; ``order``: the keys
    in the order the eager view has them (keys not named follow, as they were added)."""

    __slots__ = ("_rest", "_order")

    def __init__(self, eager: dict, rest: Callable[[], dict], order: Iterable[str]) -> None:
        dict.__init__(self, eager)
        self._rest: Callable[[], dict] | None = rest
        self._order = order

    @property
    def filled(self) -> bool:
        return self._rest is None

    def _fill(self) -> None:
        rest = self._rest
        if rest is None:
            return
        self._rest = None
        have = dict.copy(self)
        more = rest()
        dict.clear(self)
        for k in self._order:
            if k in have:
                dict.__setitem__(self, k, have.pop(k))
            elif k in more:
                dict.__setitem__(self, k, more.pop(k))
        for k, v in more.items():
            dict.__setitem__(self, k, v)
        for k, v in have.items():
            dict.__setitem__(self, k, v)

    # Reading a key not yet there, or the view as a whole, fills it first.
    def __missing__(self, key: Any) -> Any:
        if self._rest is None:
            raise KeyError(key)
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        if self._rest is not None and not dict.__contains__(self, key):
            self._fill()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        if self._rest is not None and not dict.__contains__(self, key):
            self._fill()
        return dict.__contains__(self, key)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __reversed__(self):
        self._fill()
        return dict.__reversed__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self):
        self._fill()
        return dict.keys(self)

    def values(self):
        self._fill()
        return dict.values(self)

    def items(self):
        self._fill()
        return dict.items(self)

    def copy(self) -> dict:
        self._fill()
        return dict.copy(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, LazyView):
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __or__(self, other):
        self._fill()
        return dict.__or__(dict.copy(self), other)

    def __ror__(self, other):
        self._fill()
        return dict.__or__(dict(other), dict.copy(self))

    def __delitem__(self, key: Any) -> None:
        self._fill()
        dict.__delitem__(self, key)

    def pop(self, *args: Any) -> Any:
        self._fill()
        return dict.pop(self, *args)

    def popitem(self) -> tuple:
        self._fill()
        return dict.popitem(self)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if self._rest is not None and not dict.__contains__(self, key):
            self._fill()
        return dict.setdefault(self, key, default)

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    # Copies and pickles are plain dicts.
    def __reduce_ex__(self, protocol: Any) -> tuple:
        self._fill()
        return dict, (dict.copy(self),)

    def __reduce__(self) -> tuple:
        return self.__reduce_ex__(2)

    def __copy__(self) -> dict:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> dict:
        import copy

        return copy.deepcopy(self.copy(), memo)
