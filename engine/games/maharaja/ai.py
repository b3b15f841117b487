"""A computer player for Maharaja.

It decides one step at a time from the position alone (there is nothing hidden but the
dice to come). Moves are greedy: of every group move it may make it takes the one that
gains most (an area taken or kept, an objective of its victory card, an attack with the
odds on its side, armies brought into India or out of an overfull stack), until no move
gains; then it ends the movement. It places new armies on its frontier, fights on while
the odds hold and falls back when they do not, submits or allies when a much stronger foe
attacks, builds factories on new coasts and arms its own player's nations.
"""

from __future__ import annotations

from engine.games.maharaja import battle as bt
from engine.games.maharaja import board, colonial, data, decisions, rules, scoring
from engine.games.maharaja import forces as f
from engine.steps import play_while

MAX_STEPS = 400


def bot_steps(state: dict, role: str) -> list[tuple[str, object]]:
    """The computer's steps while the decision stays with it."""
    return play_while(state, role, choose, rules.act,
                      lambda s: role in rules.active(s) and not s["result"], MAX_STEPS)


# --- how much things are worth --------------------------------------------------------------


def area_value(state: dict, nation: str, area: str) -> float:
    """An area to this nation: held areas grow the population, objectives score."""
    v = 1.0
    t = state["turn"]
    for o in scoring.CARDS.get(nation, []):
        later = [x for x in o["turns"] if x >= t]
        if not later:
            continue
        if area in o.get("areas", []) or board.territory(area) == o.get("territory"):
            v += o["vp"] * len(later) * 0.8
    if nation in scoring.RAJ_NATIONS:
        v += 0.6
    if f.colonial(nation) and board.factory_site(area):
        v += 1.0
    return v


def p_hit(state: dict, nation: str, place: str, foe: str, foe_defends: bool) -> float:
    need = bt.target(place, "army", foe, foe_defends) if f.count(state, place, foe) or \
        foe_defends is False else 5
    need -= bt.modifier(state, nation, place)
    return max(0.0, min(1.0, (7 - need) / 6))


def odds(state: dict, nation: str, n: int, place: str, foe: str, foe_n: int) -> float:
    """Our expected hits a round over theirs (above 1: the odds are ours)."""
    ours = n * p_hit(state, nation, place, foe, True)
    theirs = foe_n * p_hit(state, foe, place, nation, False)
    return (ours + 0.01) / (theirs + 0.01)


# --- choosing -------------------------------------------------------------------------------


def choose(state: dict, role: str) -> tuple[str, object]:
    acts = rules.view(state, role)["actions"]
    if "permit" in acts:
        return _answer(state, role)
    if state["queue"]:
        return _queued(state, state["queue"][0], acts)
    if state["battle"]:
        return _battle(state, state["battle"], acts)
    phase = state["phase"]
    if phase == "movement":
        return _movement(state, acts)
    if phase == "factory":
        return _factory(state, acts)
    if phase == "arms":
        return _arms(state, role, acts)
    return next(iter(_flat(acts)))


def _flat(acts: dict) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for a, xs in acts.items():
        out += [(a, None)] if xs is None else [(a, x) for x in xs]
    return out


def _leader(state: dict, vp_of: str) -> float:
    return state["vp"][vp_of]


def _answer(state: dict, role: str) -> tuple[str, object]:
    asker = f.owner(state, state["ask"]["nation"])
    return ("permit", None) if state["vp"][asker] <= state["vp"][role] else ("refuse", None)


def _queued(state: dict, q: dict, acts: dict) -> tuple[str, object]:
    nation = q["nation"]
    if q["do"] == "place":
        return "place", max(acts["place"], key=lambda a: _frontier(state, nation, a))
    if q["do"] == "remove":
        return "remove", min(acts["remove"], key=lambda p: _keep(state, nation, p))
    if q["do"] == "lead":
        return "lead", max(acts["lead"], key=lambda p: f.count(state, p, nation))
    choices = acts["box"]
    if "marker" in choices and (f.on_map(state, nation) <= 2 or state["turn"] >= 14):
        return "box", "marker"
    armies = [c for c in choices if c != "marker"]
    return "box", min(armies, key=lambda p: _keep(state, nation, p)) if armies else "marker"


def _frontier(state: dict, nation: str, area: str) -> float:
    near = data.NEIGHBOURS[area]
    threat = sum(f.count(state, n, foe) for n in near for foe in f.foes_at(state, n, nation))
    room = sum(1 for n in near if board.is_land(n) and f.vacant(state, n))
    return 2 * threat + room + 0.3 * area_value(state, nation, area) - \
        0.5 * f.count(state, area, nation)


def _keep(state: dict, nation: str, place: str) -> float:
    """How much the nation would miss one army from this place."""
    n = f.count(state, place, nation)
    if not board.is_land(place):
        return -1.0
    return (area_value(state, nation, place) if n == 1 else 0.2 * (3 - n)) + \
        0.1 * data.LAND.index(place) / 36


def _battle(state: dict, b: dict, acts: dict) -> tuple[str, object]:
    place, att, dfn = b["place"], b["att"], b["def"]
    a_n, d_n = f.count(state, place, att), f.count(state, place, dfn)
    d_dice = _defending_dice(state, place, dfn, b["factory"])
    if b["stage"] in ("att_count", "def_count"):
        return "count", acts["count"][-1]
    if b["stage"] == "offer":
        good = d_n == 0 and a_n >= 2 or odds(state, att, a_n, place, dfn, d_dice) >= 1.5
        return ("fight" if good else "skip"), None
    ratio = odds(state, att, a_n, place, dfn, d_dice)
    if b["stage"] == "open" or b["stage"] == "def":
        weak = ratio >= 2.0 or (a_n >= 2 * max(d_n, 1) and ratio >= 1.3)
        if weak and dfn in (acts.get("submit") or []):
            return "submit", dfn
        if weak and dfn in (acts.get("ally") or []) and state["turn"] < 16:
            return "ally", dfn
        if weak and "retreat" in acts and b["stage"] == "def":
            return "retreat", acts["retreat"][0]
        return "fight", None
    # the attacker after a round
    if d_n == 0 and "break" in acts and a_n < 2:
        return "break", None
    if ratio < 0.7 and "retreat" in acts:
        return "retreat", acts["retreat"][0]
    return "fight", None


def _defending_dice(state: dict, place: str, nation: str, factory: bool) -> int:
    return bt.defending_dice(state, place, nation, bt.units(state, place, nation, factory))


def _factory(state: dict, acts: dict) -> tuple[str, object]:
    nation = state["nation"]
    if "factory" in acts:
        covered = {s for a, c in state["factories"].items() if c == nation
                   for s in board.seas_of(a)}
        sites = colonial.factory_sites(state, nation)

        def worth(a: str) -> float:
            new = len(set(board.seas_of(a)) - covered)
            return 2 * new + (1 if sites[a] is None else 0) + area_value(state, nation, a)

        best = max(acts["factory"], key=worth)
        if worth(best) > 2 or state["built"] == 0:
            return "factory", best
    return "done", None


def _arms(state: dict, role: str, acts: dict) -> tuple[str, object]:
    mine = [n for n in acts.get("arm", []) if f.owner(state, n) == role]
    if mine and state["nation"] not in state["arms"]:
        return "arm", max(mine, key=lambda n: f.on_map(state, n))
    return "done", None


# --- movement -------------------------------------------------------------------------------


def _movement(state: dict, acts: dict) -> tuple[str, object]:
    nation = state["nation"]
    sel = state["sel"]
    plan = _best_move(state, nation)
    if sel:
        # A selection under way is the plan's (the computer moves one group at a time).
        if plan and plan[0] == sel["from"]:
            if "to" not in sel and plan[1] in acts.get("to", []):
                return "to", plan[1]
            if "to" in sel and sel["to"] == plan[1] and plan[2] in acts.get("count", []):
                return "count", plan[2]
        return "back", None
    if plan and plan[0] in acts.get("from", []):
        return "from", plan[0]
    return "done", None


def _best_move(state: dict, nation: str) -> tuple[str, str, str] | None:
    best, best_gain = None, 0.4
    held = set(f.areas_of(state, nation))
    crowd = f.on_map(state, nation) - 2 * len(held) if not f.colonial(nation) else -99
    for origin in f.places_of(state, nation):
        dests = decisions.destinations(state, nation, origin)  # empty: nothing to move here
        free = decisions.free_armies(state, origin, nation)
        here = f.count(state, origin, nation)
        over = here - f.limit(state, origin, nation) if board.is_land(origin) else here
        if f.friends_at(state, origin, nation):
            over = here  # arrived where a friendly nation stands: all must go
        outside = not board.is_land(origin)
        for dest, info in dests.items():
            for tok in info["counts"]:
                k = int(tok.rstrip("l"))
                if info.get("free"):  # shut out (The General 30-2): on to a way in
                    gain = 1.0 * k
                else:
                    gain = _gain(state, nation, origin, dest, k, tok.endswith("l"), free,
                                 here, over, outside, crowd, held)
                if info["need"][tok]:
                    gain -= 0.5
                if gain > best_gain:
                    best, best_gain = (origin, dest, tok), gain
    return best


def _gain(state: dict, nation: str, origin: str, dest: str, k: int, lead: bool, free: int,
          here: int, over: int, outside: bool, crowd: int, held: set) -> float:
    gain = 0.0
    left = here - k
    if outside:
        gain += 2.0 * k if board.is_land(dest) else -0.5  # into India
    elif over > 0:
        gain += 1.5 * min(k, over)
    elif left == 0 and origin in held:
        gain -= area_value(state, nation, origin) * 0.9
        if lead:
            gain += 0.2
    if board.is_sea(dest):
        foes = f.foes_at(state, dest, nation)
        if not f.colonial(nation):
            return gain - 1 if not foes else -5
        if foes:
            return -1.0
        # a colonial army at sea waits to land: only worth it to reach a coast
        return gain - 0.3
    foes = f.foes_at(state, dest, nation)
    value = area_value(state, nation, dest) if board.is_land(dest) else 0.0
    if not foes:
        if dest in held:
            # reinforcing: worth it against a threat next door
            threat = sum(f.count(state, n, x) for n in data.NEIGHBOURS[dest]
                         for x in f.foes_at(state, n, nation))
            have = f.count(state, dest, nation)
            return gain + (0.3 * min(k, max(0, threat - have)) if threat > have else -0.1 * k)
        if board.is_offmap(dest):
            return gain - 0.5
        extra = 0.3 * (crowd > 0) * min(k, crowd)
        return gain + value - 0.15 * (k - 1) + extra
    d_n = sum(f.count(state, dest, x) for x in foes)
    mine = f.count(state, dest, nation) + k
    r = odds(state, nation, mine, dest, foes[0], d_n)
    if r < 1.1 or mine < d_n:
        return -1.0
    p_win = min(0.95, 0.35 + 0.25 * r)
    loss = d_n * p_hit(state, foes[0], dest, nation, False) * 2
    foe_value = area_value(state, foes[0], dest)
    return gain + p_win * (value + 0.5 * foe_value) - 0.6 * loss - 0.1 * (k - 1)
