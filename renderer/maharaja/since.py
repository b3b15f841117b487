"""What changed on the Maharaja map between two spectator views (a player's "since your
last move"), as the picture marks it: armies that moved (an arrow from where a nation's
armies went down to where they went up nearby), armies that arrived from nowhere (new
armies, arrivals), armies lost (battle, overpopulation, removals), leaders moved,
factories built, taken or removed, and the nations whose badges changed (arms, a
submission, an alliance with the British).

Both views are spectator views: nothing a spectator could not see is compared, so
nothing hidden can be marked. Pure: it reads the two views and the map's adjacency only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

from engine.games.maharaja import data
from engine.games.maharaja.shown import MaharajaView

# A nation's armies going down in one place and up in another at most this many steps
# away (a turn's movement, by land or by sea) are read as a move; farther apart, as a
# loss and an arrival.
REACH = 4


@dataclass(frozen=True)
class Move:
    nation: str
    src: str
    dst: str
    count: int


@dataclass
class Changes:
    """Every change to the pieces between two views, each with the place it is drawn."""

    moves: list[Move] = field(default_factory=list)
    placed: dict[tuple[str, str], int] = field(default_factory=dict)  # (place, nation)
    lost: dict[tuple[str, str], int] = field(default_factory=dict)  # (place, nation)
    leaders: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    built: dict[str, str] = field(default_factory=dict)  # area -> colonial nation, new there
    razed: dict[str, str] = field(default_factory=dict)  # area -> colonial nation, gone
    badges: set[str] = field(default_factory=set)  # nations whose badges changed

    def __bool__(self) -> bool:
        return bool(self.moves or self.placed or self.lost or self.leaders or self.built
                    or self.razed or self.badges)

    def arrived(self) -> set[tuple[str, str]]:
        """The (place, nation) chips that are new or changed: armies came (moved in or
        placed), a leader came, or the nation's badges changed (every chip of it)."""
        out = {(m.dst, m.nation) for m in self.moves} | set(self.placed)
        for lid, (_, to) in self.leaders.items():
            if to is not None:
                out.add((to, data.LEADERS[lid]["nation"]))
        return out


@lru_cache(maxsize=1)
def _steps() -> dict[str, dict[str, int]]:
    """Steps between any two places of the map (land, off-map and seas)."""
    out = {}
    for start in data.NEIGHBOURS:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            p = queue.popleft()
            for q in data.NEIGHBOURS.get(p, ()):
                if q not in seen:
                    seen[q] = seen[p] + 1
                    queue.append(q)
        out[start] = seen
    return out


def _armies(view: MaharajaView) -> dict[tuple[str, str], int]:
    return {(p, n): k for p, here in view["armies"].items() for n, k in here.items() if k}


def _badges(view: MaharajaView, nation: str) -> tuple[bool, bool, bool]:
    armed = any(a["nation"] == nation for a in view.get("arms", {}).values())
    return armed, nation in view.get("submitted", {}), nation in view.get("allies", [])


def changes(before: MaharajaView, now: MaharajaView) -> Changes:
    """What the picture of ``now`` marks as changed since ``before``."""
    out = Changes()
    was, is_ = _armies(before), _armies(now)
    for nation in data.NATIONS:
        down = {p: k - is_.get((p, nation), 0) for (p, n), k in was.items()
                if n == nation and k > is_.get((p, nation), 0)}
        up = {p: k - was.get((p, nation), 0) for (p, n), k in is_.items()
              if n == nation and k > was.get((p, nation), 0)}
        steps = _steps()
        # the nearest pairs first, so that each arrow is the shortest reading of the move
        pairs = sorted(((steps.get(s, {}).get(d, 99), s, d) for s in down for d in up),
                       key=lambda t: (t[0], data.NAMES.get(t[1], t[1]), t[2]))
        for far, s, d in pairs:
            k = min(down[s], up[d])
            if far > REACH or k <= 0:
                continue
            out.moves.append(Move(nation, s, d, k))
            down[s] -= k
            up[d] -= k
        out.lost.update({(p, nation): k for p, k in down.items() if k > 0})
        out.placed.update({(p, nation): k for p, k in up.items() if k > 0})
        if _badges(before, nation) != _badges(now, nation):
            out.badges.add(nation)
    for lid in set(before["leaders"]) | set(now["leaders"]):
        a, b = before["leaders"].get(lid), now["leaders"].get(lid)
        if a != b:
            out.leaders[lid] = (a, b)
    for area in set(before["factories"]) | set(now["factories"]):
        a, b = before["factories"].get(area), now["factories"].get(area)
        if a == b:
            continue
        if b is not None:
            out.built[area] = b
        elif a is not None:
            out.razed[area] = a
    return out
