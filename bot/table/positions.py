"""The game positions this process last wrote or read, kept parsed: a move mostly reads
back the position it (or the step before it) wrote, and parsing a stored state again
was a fifth of a millisecond of every Rajas move (its state and, mid-move, the position
the others see).

A position is reused only when the stored text is the very text it was parsed from, so
a write by another process (or an undo) is simply read afresh. States are never changed
once made (``engine.contract``: ``act`` returns a new one), so one parsed state may serve
every call that reads the same text."""

from __future__ import annotations

from collections import OrderedDict

from engine import jsontext
from engine.contract import State

GAMES_KEPT = 32  # the games played in the last moments (the load bench plays 16 at once)
PER_GAME = 2  # the latest state and, mid-move, the position the others still see


class Positions:
    def __init__(self, games: int = GAMES_KEPT) -> None:
        self._games = games
        self._kept: OrderedDict[int, list[tuple[str, State]]] = OrderedDict()

    def loads(self, game_id: int, text: str) -> State:
        """``jsontext.loads(text)``, the stored position of ``game_id``."""
        for seen, state in self._kept.get(game_id, ()):
            if seen == text:
                self._kept.move_to_end(game_id)
                return state
        state = jsontext.loads(text)
        self.keep(game_id, text, state)
        return state

    def keep(self, game_id: int, text: str, state: State) -> None:
        """Note that ``text`` (just written, or read) is ``state``."""
        kept = [(text, state), *(x for x in self._kept.get(game_id, ()) if x[0] != text)]
        self._kept[game_id] = kept[:PER_GAME]
        self._kept.move_to_end(game_id)
        while len(self._kept) > self._games:
            self._kept.popitem(last=False)
