"""Where a group of armies may move (the remarks' Movement): 2 areas, colonial armies 3, a
group with its leader 3; entering a hiland ends a move, except for a leader's group; an
army entering an area held by a foe stops there unless its own nation already has twice
the foe's armies there (the 2-to-1 stop: the rest may go on); boats carry an Indian
nation through one sea area and only colonial armies stop at sea, where an Indian nation
with boats may attack them; passing a sea where another player's colonial armies are needs
their permission; no move between Malwa and Gondwana (the map has no border there)."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.maharaja import board, data
from engine.games.maharaja import forces as f


def has_boats(state: dict, nation: str) -> bool:
    return state["turn"] in data.NATIONS[nation].get("boats", [])


def budget(nation: str, with_leader: bool) -> int:
    return 3 if f.colonial(nation) or with_leader else 2


def _blocked(state: dict, nation: str, place: str, honour: bool = True) -> bool:
    """No entry at all: an area of a nation that has submitted to this one (outside a major
    invasion, which may pass through). ``honour``: False where the submission is ignored
    (General 30-2, below)."""
    if not honour:
        return False
    for other in f.at(state, place):
        if other != nation and f.submitted_here(state, other, nation, place) and \
                state["rounds"] < 2:
            return True
    return False


def _must_stop(state: dict, nation: str, place: str, with_leader: bool,
               honour: bool = True) -> bool:
    if board.hiland(place) and not with_leader:
        return True
    if board.is_sea(place):
        return False
    foes = sum(f.count(state, place, n) for n in f.foes_at(state, place, nation)
               if not (honour and f.submitted_here(state, n, nation, place)))
    return foes > 0 and f.count(state, place, nation) < 2 * foes


def _may_end(state: dict, nation: str, place: str, honour: bool = True) -> bool:
    """A land or off-map place the group may stop in."""
    others = f.others_at(state, place, nation)
    # A friendly nation's area (one player's nations, the British and an ally) or an area
    # of a nation that has submitted is passed through, never shared.
    return not any(f.friendly(state, nation, n)
                   or (honour and f.submitted_here(state, n, nation, place))
                   for n in others)


def reach(state: dict, nation: str, origin: str, with_leader: bool = False
          ) -> dict[str, frozenset[str]]:
    """Each place the group may end in, with the colonial nations (of other players) whose
    permission the easiest way there needs (empty: none).

    The General 30-2: an invasion waiting off the map that submissions shut out of India
    moves, as one force and for free, to a neighbouring foreign area from which a way in
    is open (``free_moves``: that is its only move then), and if there is none, attacks a
    nation that submitted to it, the submission ignored. (Before issue 24 it had no free
    move: it moved on off the map within its own allowance, as it liked.)"""
    best = _reach(state, nation, origin, with_leader, honour=True)
    if board.is_offmap(origin) and not any(board.is_land(p) for p in best):
        if f.errata(state) and (not shut_out(state, nation, origin)):
            return best  # the way in is its leader's: the others move as they may
        if free_moves(state, nation, origin):
            return {}  # the free move is the force's only move (rules._destinations)
        forced = _reach(state, nation, origin, with_leader, honour=False)
        if any(board.is_land(p) for p in forced):
            return forced
    return best


class _Found(Exception):
    """A search told to stop at the first place of a kind has met one."""


def reaches(state: dict, nation: str, origin: str, with_leader: bool,
            where: Callable[[str], bool]) -> bool:
    """Whether ``reach`` has a place where ``where`` holds: the search stops at the first
    (from an off-map area, whose ways in are read from all it reaches, after it all)."""
    if board.is_offmap(origin):
        return any(where(p) for p in reach(state, nation, origin, with_leader))
    try:
        _reach(state, nation, origin, with_leader, honour=True, stop=where)
    except _Found:
        return True
    return False


def _way_in(state: dict, nation: str, place: str, lead: bool, honour: bool = True) -> bool:
    """A way into India from an off-map area (honouring submissions, or not)."""
    return any(board.is_land(p) for p in _reach(state, nation, place, lead, honour))


def shut_out(state: dict, nation: str, origin: str) -> bool:
    """An invasion waiting off the map with every way into India shut, and shut by
    submissions (for the best group there: its leader's, when he is there)."""
    lead = f.leader_at(state, origin, nation) is not None
    return board.is_offmap(origin) and not _way_in(state, nation, origin, lead) and \
        _way_in(state, nation, origin, lead, honour=False)


def free_moves(state: dict, nation: str, origin: str) -> list[str]:
    """The General 30-2 (since issue 24): the neighbouring foreign areas to which a
    shut-out invasion may move as one force, for free, because a way into India is open
    from there."""
    if not f.errata(state) or not shut_out(state, nation, origin):
        return []
    lead = f.leader_at(state, origin, nation) is not None
    return [o for o in data.NEIGHBOURS[origin] if board.is_offmap(o)
            and _way_in(state, nation, o, lead)]


def _reach(state: dict, nation: str, origin: str, with_leader: bool, honour: bool,
           stop: Callable[[str], bool] | None = None) -> dict[str, frozenset[str]]:
    colonial = f.colonial(nation)
    boats = has_boats(state, nation)
    best: dict[str, frozenset[str]] = {}

    # Each way is walked to the end (a cheaper way may need fewer permissions), so a
    # place is met on many ways: what it allows is read once a search, into plain dicts
    # (three functools.cache wrappers made for every search cost more than they saved).
    blocks: dict[str, bool] = {}
    ends: dict[str, bool] = {}
    stops: dict[str, bool] = {}

    def blocked(place: str) -> bool:
        if place not in blocks:
            blocks[place] = _blocked(state, nation, place, honour)
        return blocks[place]

    def may_end(place: str) -> bool:
        if place not in ends:
            ends[place] = _may_end(state, nation, place, honour)
        return ends[place]

    def must_stop(place: str) -> bool:
        if place not in stops:
            stops[place] = _must_stop(state, nation, place, with_leader, honour)
        return stops[place]

    def record(place: str, need: frozenset[str]) -> None:
        if place == origin:
            return
        if stop is not None and place not in best and stop(place):
            raise _Found
        if place not in best or len(need) < len(best[place]):
            best[place] = need

    def walk(place: str, left: int, sea_used: bool, perm: frozenset[str]) -> None:
        for nxt in data.NEIGHBOURS[place]:
            if board.is_offmap(nxt) and (colonial or not board.is_offmap(place)):
                continue  # once in India, armies stay (Darbar's reading)
            need = perm
            if board.is_sea(nxt):
                if colonial:
                    record(nxt, perm)
                else:
                    if not boats or sea_used:
                        continue
                    foes = frozenset(n for n in f.foes_at(state, nxt, nation)
                                     if f.colonial(n))
                    if foes & set(state.get("refused", [])):
                        continue  # refused passage this phase: no second asking
                    if foes:
                        record(nxt, perm)  # an attack on them, not a passage
                    need = perm | foes
            else:
                if blocked(nxt):
                    continue
                if may_end(nxt):
                    record(nxt, need)
            if left > 1 and not must_stop(nxt):
                walk(nxt, left - 1, sea_used or board.is_sea(nxt), need)

    walk(origin, budget(nation, with_leader), False, frozenset())
    return best
