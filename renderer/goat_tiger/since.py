"""What changed on a Goat-Tiger board between two spectator views (a player's "since your
last move"), worked out from the two boards and the Goats' counts alone: the picture marks
exactly these (``board.since``). Both views are public, so nothing hidden can be marked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.games.goat_tiger import data as geo


@dataclass(frozen=True)
class Move:
    src: str
    dst: str
    over: str | None = None  # the Goat a Tiger's leap took


@dataclass(frozen=True)
class Changes:
    moves: tuple[Move, ...] = ()
    placed: tuple[str, ...] = ()  # points where a Goat was placed
    taken: tuple[str, ...] = ()  # points whose Goat was captured

    def __bool__(self) -> bool:
        return bool(self.moves or self.placed or self.taken)


def _near(a: str, b: str) -> bool:
    i, j = geo.INDEX[a], geo.INDEX[b]
    return j in geo.ADJ[i] or any(land == j for _, land in geo.JUMPS[i])


def _pair(gone: list[str], came: list[str], n: int) -> list[tuple[str, str]]:
    """``n`` moves from the points left to the points reached: a step or a leap first
    (each piece moved once), then in board order (one moved twice)."""
    pairs: list[tuple[str, str]] = []
    for near in (True, False):
        for a in list(gone):
            b = next((b for b in came if not near or _near(a, b)), None)
            if b is not None and len(pairs) < n:
                pairs.append((a, b))
                gone.remove(a)
                came.remove(b)
    return pairs


def _board(view: Mapping[str, Any], kind: str) -> set[str]:
    return {p for p, k in (view.get("board") or {}).items() if k == kind}


def changes(before: Mapping[str, Any], now: Mapping[str, Any]) -> Changes:
    """Every change from ``before`` to ``now``: pieces moved (with the Goat a leap took),
    Goats placed, Goats taken."""
    placed_n = int(before.get("in_hand") or 0) - int(now.get("in_hand") or 0)
    goats_then, goats_now = _board(before, "goat"), _board(now, "goat")
    tigers = _pair(sorted(_board(before, "tiger") - _board(now, "tiger")),
                   sorted(_board(now, "tiger") - _board(before, "tiger")), 3)
    gone, came = sorted(goats_then - goats_now), sorted(goats_now - goats_then)
    goats = _pair(gone, came, max(0, len(came) - max(0, placed_n)))
    taken = tuple(gone)  # the Goats that left and arrived nowhere
    return Changes(tuple(Move(a, b, _over(a, b, taken)) for a, b in tigers)
                   + tuple(Move(a, b) for a, b in goats), tuple(came), taken)


def _over(src: str, dst: str, taken: Iterable[str]) -> str | None:
    """The taken Goat a Tiger's move from ``src`` to ``dst`` leapt over, if it leapt."""
    jumps = dict((land, over) for over, land in geo.JUMPS[geo.INDEX[src]])
    over = jumps.get(geo.INDEX[dst])
    return geo.LABELS[over] if over is not None and geo.LABELS[over] in taken else None


def of_last(view: Mapping[str, Any]) -> Changes:
    """The last move alone, as the plain picture marks it."""
    last = view.get("last") or {}
    if not last.get("to"):
        return Changes()
    over = (last["over"],) if last.get("over") else ()
    if last.get("from") is None:
        return Changes(placed=(last["to"],), taken=over)
    return Changes((Move(last["from"], last["to"], last.get("over")),), taken=over)
