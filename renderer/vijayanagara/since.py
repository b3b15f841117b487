"""What changed on the Vijayanagara board between two spectator views (a player's "since
your last move"): the spaces whose pieces, Control or Tributary status changed, the pieces
that left one space and arrived in another (drawn as arrows), and the cards played since.
Pure: it reads the two views only, both spectator views, so nothing hidden is compared."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.games.vijayanagara import data as geo


@dataclass(frozen=True)
class Changes:
    spaces: tuple[str, ...]  # spaces whose pieces, Control or Tributary status changed
    moves: tuple[tuple[str, str, str], ...]  # (kind, from, to): pieces that moved
    cards: tuple[str, ...]  # ids of the cards played since, the current one last


def _pieces(view: Mapping, space: str) -> dict[str, int]:
    info = (view.get("spaces") or {}).get(space) or {}
    return {k: int(n or 0) for k, n in (info.get("pieces") or {}).items() if n}


def _marks(view: Mapping, space: str) -> tuple:
    info = (view.get("spaces") or {}).get(space) or {}
    return info.get("control"), info.get("tributary")


def changes(before: Mapping, now: Mapping) -> Changes:
    """Everything a spectator could see change between ``before`` and ``now``. A move is
    a kind of piece that fewer of stand in one space and more in an adjacent one (a March,
    a Migrate): each lost piece is paired with a gained one of the same kind next door."""
    spaces = tuple(s for s in geo.SPACES if _pieces(before, s) != _pieces(now, s)
                   or _marks(before, s) != _marks(now, s))
    lost: dict[str, list[str]] = {}
    gained: dict[str, list[str]] = {}
    for s in spaces:
        was, is_ = _pieces(before, s), _pieces(now, s)
        for k in set(was) | set(is_):
            d = is_.get(k, 0) - was.get(k, 0)
            (gained if d > 0 else lost).setdefault(k, []).extend([s] * abs(d))
    moves: list[tuple[str, str, str]] = []
    for k, froms in lost.items():
        tos = gained.get(k, [])
        for a in froms:
            b = next((t for t in tos if t in geo.ADJ.get(a, ())), None)
            if b is not None:
                tos.remove(b)
                if (k, a, b) not in moves:
                    moves.append((k, a, b))
    played = list(now.get("played") or [])
    gone = len(before.get("played") or [])
    cards = played[gone:] if played[:gone] == list(before.get("played") or []) else played
    card = (now.get("card") or {}).get("id")
    if card and card != (before.get("card") or {}).get("id"):
        cards.append(card)
    return Changes(spaces, tuple(moves), tuple(str(c) for c in cards))
