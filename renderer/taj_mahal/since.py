"""What changed in a Taj Mahal game between two spectator views (a player's "since your
last move"), worked out from the two views alone: the palaces placed, the cards laid in
this visit, who withdrew, the points won, a visit that ended. The picture marks exactly
these (``board.since``); both views are public, so no hand or deck is read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games.taj_mahal import data


@dataclass(frozen=True)
class Changes:
    palaces: tuple[tuple[str, str], ...] = ()  # (city, role) of each palace placed
    laid: tuple[tuple[str, tuple[str, ...]], ...] = ()  # role -> cards laid this visit
    withdrew: tuple[str, ...] = ()  # roles that left the visit
    points: tuple[tuple[str, int], ...] = ()  # role -> points won
    ended: tuple[tuple[int, str], ...] = ()  # the visits that ended, with their province

    def __bool__(self) -> bool:
        return bool(self.palaces or self.laid or self.withdrew or self.points or self.ended)

    def lines(self) -> list[str]:
        """The changes that are no piece on the map, in words (cards by their typed
        names, as the log gives them)."""
        out = [f"Visit {v} ({data.PROVINCE_NAMES.get(p, p)}) ended" for v, p in self.ended]
        out += [f"{r.capitalize()} laid {', '.join(data.KIND.get(c, c) for c in cards)}"
                for r, cards in self.laid]
        out += [f"{r.capitalize()} withdrew" for r in self.withdrew]
        return out


def _palaces(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(c, r) for c, roles in (view.get("palaces") or {}).items() for r in roles]


def changes(before: Mapping[str, Any], now: Mapping[str, Any]) -> Changes:
    """Every change from ``before`` to ``now``."""
    then_visit, visit = int(before.get("visit") or 0), int(now.get("visit") or 0)
    same = then_visit == visit
    then = before.get("players") or {}
    table = now.get("players") or {}
    placed = sorted((Counter(_palaces(now)) - Counter(_palaces(before))).elements())
    laid: list[tuple[str, tuple[str, ...]]] = []
    withdrew: list[str] = []
    points: list[tuple[str, int]] = []
    for role, p in table.items():
        old = then.get(role) or {}
        cards = list(p.get("played") or [])
        earlier = list(old.get("played") or []) if same else []
        if cards[:len(earlier)] == earlier and len(cards) > len(earlier):
            laid.append((role, tuple(cards[len(earlier):])))
        if p.get("out") and not (same and old.get("out")):
            withdrew.append(role)
        gained = int(p.get("score") or 0) - int(old.get("score") or 0)
        if gained:
            points.append((role, gained))
    order = list(now.get("order") or [])
    over = range(then_visit, visit + 1 if now.get("result") and not before.get("result")
                 else visit)
    ended = tuple((v, order[v - 1] if 0 < v <= len(order) else "") for v in over if v > 0)
    return Changes(tuple(placed), tuple(laid), tuple(withdrew), tuple(points), ended)
