"""The game turn and each nation's turn, the parts that need no choice (the remarks'
Sequence of Play, Population and the turn record chart): removals and replacements at the
start of a game turn, a nation's population increase and arrivals, leaders coming and
going, the end-of-turn checks (stacking, overpopulation) and the victory point count."""

from __future__ import annotations

from functools import partial

from engine import grammar
from engine.games.maharaja import board, data, scoring
from engine.games.maharaja import forces as f

LAST_TURN = data.CHART["turns"]
POP_UNIT = 6  # half-points: 3 areas (a hiland counts half) make one new army


def year(turn: int) -> str:
    return data.CHART["years"][turn - 1]


def log(state: dict, text: str) -> None:
    state["log"].append(text)


def nname(nation: str) -> str:
    return f.nation_name(nation)


# "1 army", "2 armies": the count the game says most
armies = partial(grammar.count, noun="army")


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(x for x in (", ".join(items[:-1]), items[-1] if items else "") if x)


def verb(n: int, one: str, many: str) -> str:
    """The verb agreeing with ``n`` armies: ``verb(1, "moves", "move")``."""
    return one if n == 1 else many


def eliminate(state: dict, place: str, nation: str, n: int) -> None:
    """Armies leave the map for the nation's pool; a leader left alone goes with them."""
    n = min(n, f.count(state, place, nation))
    f.add(state, place, nation, -n)
    state["pool"][nation] += n
    if not f.count(state, place, nation):
        lid = f.leader_at(state, place, nation)
        if lid:
            remove_leader(state, lid, "no army is left with him")


def remove_leader(state: dict, lid: str, why: str) -> None:
    if state["leaders"].get(lid):
        del state["leaders"][lid]
        log(state, f"{data.LEADERS[lid]['name']} leaves the map ({why}).")


def skipped(state: dict, turn: int, nation: str, kind: str) -> bool:
    return {"turn": turn, "nation": nation, "kind": kind} in state["skip"]


# --- the start of a game turn ----------------------------------------------------------------


def start_game_turn(state: dict) -> None:
    t = state["turn"]
    log(state, f"**Turn {t}** ({year(t)}).")
    if state["submitted"]:
        log(state, "Submissions lapse: " + ", ".join(nname(n) for n in state["submitted"])
            + ".")
    state["submitted"] = {}
    for lid in list(state["leaders"]):
        ld = data.LEADERS[lid]
        if ld["removed"] == "game_turn_start" and ld["turn"] < t:
            remove_leader(state, lid, "his time is over")
    for r in data.CHART["replacements"]:
        if r["turn"] == t:
            replace(state, r["nation"], r["by"])
    for r in data.CHART["removals"]:
        if r["turn"] == t and r["when"] == "game_turn_start" and not skipped(
                state, t, r["nation"], "remove"):
            queue_removal(state, r["nation"], r["armies"], f"the turn record chart, turn {t}")
    state["order"] = list(data.CHART["order"][str(t)])
    state["idx"] = -1
    state["nation"] = None
    state["phase"] = "turn"


def replace(state: dict, old: str, new: str) -> None:
    """The new nation's counters take the place of the old one's, army for army (as far as
    its counters go); the old nation leaves play."""
    moved = 0
    for place in list(state["armies"]):
        n = f.count(state, place, old)
        if n:
            k = min(n, state["pool"][new])
            f.add(state, place, old, -n)
            state["pool"][old] += n
            f.add(state, place, new, k)
            state["pool"][new] -= k
            moved += k
    for lid in [lid for lid in state["leaders"] if data.LEADERS[lid]["nation"] == old]:
        remove_leader(state, lid, f"the {nname(old)} leave play")
    log(state, f"The {nname(new)} replace the {nname(old)}: {armies(moved)} "
        f"{verb(moved, 'changes', 'change')} hands.")


def queue_removal(state: dict, nation: str, n: int, why: str) -> None:
    n = min(n, f.on_map(state, nation))
    if n:
        state["queue"].append({"do": "remove", "nation": nation, "n": n, "why": why})


# --- a nation's turn -----------------------------------------------------------------------


def plays(state: dict, nation: str) -> bool:
    return f.on_map(state, nation) > 0 or any(
        a["turn"] == state["turn"] and a["nation"] == nation for a in data.CHART["arrivals"])


def start_nation(state: dict, nation: str) -> None:
    state.update(nation=nation, phase="population", round=1, rounds=1, moved={}, came={},
                 sel=None, built=0, demolished=0, fights=None, battle=None, refused=[])
    log(state, f"The {nname(nation)} ({state['names'][f.owner(state, nation)]}) play.")
    for lid in list(state["leaders"]):
        ld = data.LEADERS[lid]
        if ld["nation"] == nation and ld["removed"] == "next_own_turn" and \
                ld["turn"] < state["turn"]:
            remove_leader(state, lid, "his reign is over")
    for a in state["arms"].values():
        if a["nation"] == nation and not a["active"]:
            a["active"] = True
            log(state, f"The {nname(nation)} are armed.")


def population_points(state: dict, nation: str) -> int:
    """Half-points: 2 an area, 1 a hiland; counting only the territory the chart names."""
    only = [terr for terr, turns in data.NATIONS[nation].get("count_only", {}).items()
            if state["turn"] in turns]
    pts = 0
    for a in f.areas_of(state, nation):
        if f.foes_at(state, a, nation) or (only and board.territory(a) not in only):
            continue
        pts += 1 if board.hiland(a) else 2
    return pts


def increase(state: dict, nation: str) -> int:
    """The population increase: how many new armies (the track keeps the remainder)."""
    info = data.NATIONS[nation]
    if info.get("colonial") or nation in state["no_pop"]:
        return 0
    if state["turn"] in info.get("no_increase", []):
        log(state, f"No increase for the {nname(nation)} this turn.")
        return 0
    total = state["pop"].get(nation, 0) + population_points(state, nation)
    new, state["pop"][nation] = divmod(total, POP_UNIT)
    if new > state["pool"][nation]:
        new = state["pool"][nation]
    return new


def place_options(state: dict, nation: str, placed: list[str]) -> list[str]:
    """Where a new army may go: an area the nation holds with room under the stacking
    limit (no exception for an increase), not one that has a new army already if
    possible."""
    held = [a for a in f.areas_of(state, nation) if not f.foes_at(state, a, nation)
            and f.room(state, a, nation) > 0]
    fresh = [a for a in held if a not in placed]
    return fresh or held


def south_vacant(state: dict) -> list[str]:
    return [a for a in board.in_territory("south") if f.vacant(state, a)]


def arrivals(state: dict, nation: str) -> list[dict]:
    return [a for a in data.CHART["arrivals"] if a["turn"] == state["turn"]
            and a["nation"] == nation]


def entering_leader(state: dict, nation: str) -> str | None:
    for lid, ld in data.LEADERS.items():
        if ld["nation"] == nation and ld["turn"] == state["turn"] and \
                lid not in state["leaders_seen"]:
            return lid
    return None


# --- the end of a nation's turn -------------------------------------------------------------


def stacking_check(state: dict, nation: str) -> None:
    """At the end of movement: the excess over the stacking limit is removed, and so are
    armies left in an area a friendly nation holds, and an Indian nation's armies left at
    sea (only colonial armies stop there; those attacking colonial armies at sea fight
    first)."""
    if not f.colonial(nation):
        for sea in data.SEAS:
            n = f.count(state, sea, nation)
            if n and not any(f.colonial(x) for x in f.foes_at(state, sea, nation)):
                eliminate(state, sea, nation, n)
                log(state, f"{armies(n)} of the {nname(nation)} left at sea in "
                    f"{board.called(sea)} {verb(n, 'is', 'are')} lost.")
    for place in data.LAND:
        n = f.count(state, place, nation)
        share = f.friends_at(state, place, nation)
        if n and share:
            # Darbar's reading: nations that never fight never share an area either; the
            # one that ends its movement there (arrivals included) gives way.
            eliminate(state, place, nation, n)
            log(state, f"{armies(n)} of the {nname(nation)} may not stay in "
                f"{board.called(place)} with the {nname(share[0])} and "
                f"{verb(n, 'is', 'are')} removed.")
            continue
        over = n - f.limit(state, place, nation)
        if over > 0:
            eliminate(state, place, nation, over)
            log(state, f"{armies(over)} of the {nname(nation)} in {board.called(place)} "
                f"{verb(over, 'exceeds', 'exceed')} the stacking limit and "
                f"{verb(over, 'is', 'are')} removed.")


def overpopulation(state: dict, nation: str) -> None:
    """A whole people keeps at most 2 armies an area it holds (not colonial armies);
    the excess goes first from off the map and the seas, then from the largest stacks
    (Darbar's reading: the remarks do not say who chooses)."""
    if f.colonial(nation):
        return
    excess = f.on_map(state, nation) - f.OVERPOPULATION * len(f.areas_of(state, nation))
    if excess <= 0:
        return
    log(state, f"Overpopulation: the {nname(nation)} lose {armies(excess)}.")
    while excess > 0:
        outside = [p for p in data.PLACES if not board.is_land(p) and f.count(state, p,
                                                                                nation)]
        if outside:
            place = outside[0]
        else:
            place = max(f.areas_of(state, nation), key=lambda a: (f.count(state, a, nation),
                                                                 -data.LAND.index(a)))
        k = min(excess, f.count(state, place, nation))
        if board.is_land(place):
            k = 1
        eliminate(state, place, nation, k)
        excess -= k


def end_nation(state: dict, nation: str) -> None:
    if state["rounds"] < 2:  # a major invasion's was at the end of its last movement
        overpopulation(state, nation)
    for lid in list(state["leaders"]):
        ld = data.LEADERS[lid]
        if ld["nation"] == nation and ld["removed"] == "own_turn_end":
            remove_leader(state, lid, "at the end of his nation's turn")
    for r in data.CHART["removals"]:
        if r["turn"] == state["turn"] and r["when"] == "own_turn_end" and \
                r["nation"] == nation:
            queue_removal(state, nation, r["armies"], f"the turn record chart, turn "
                                                      f"{state['turn']}")


def score(state: dict, nation: str) -> None:
    """The victory point count: the card's objectives of this turn, and a Raj title."""
    t = state["turn"]
    got = []
    for _o, pts in scoring.card_points(state, nation, t):
        if pts:
            got.append(pts)
    total = sum(got)
    if nation in scoring.RAJ_NATIONS:
        n = scoring.raj_areas(state).get(nation, 0)
        level = scoring.title(n)
        state["titles"][nation] = level["title"] if level else None
        if level:
            total += level["vp"]
            log(state, f"The {nname(nation)} count {n} areas: **{level['title']}**, "
                f"{level['vp']} VP.")
    if got:
        log(state, f"The {nname(nation)} score {sum(got)} VP for their objectives.")
    if total:
        state["nation_vp"][nation] = state["nation_vp"].get(nation, 0) + total
        role = f.owner(state, nation)
        state["vp"][role] += total
