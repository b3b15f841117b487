"""Effects that follow from one another: the fame and money tracks with their bonuses,
karma, upgrades, earnings (river spaces, board edges, yield tiles), a palace chamber's
action, markets scored, tiles built and built over, the boat's moves, and the markers
meeting. An effect that needs a choice is queued (``state["queue"]``) and waits for it."""

from __future__ import annotations

from engine import grammar
from engine.games.rajas import data, words
from engine.games.rajas import province as prov
from engine.games.rajas.data import CROSS, RIVER, ROLE_NAMES, TILES, TRACKS
from engine.games.rajas.position import markets_of, me, river_reach
from engine.games.rajas.words import tile_words

MAX_KARMA = 3


def after_face(state: dict, role: str, then: str, value: int | None) -> None:
    """What a die given up buys (``value`` None: a chamber carried out for free)."""
    q = state["queue"]
    if then == "harbor":
        q.insert(0, {"do": "river", "max": value,
                     "shorter": state["options"]["rules"] == "yucata"})
    elif then.startswith("market-"):
        assert value is not None  # a die was given up: no chamber carried out free scores
        score_markets(state, role, then[7:], value)
    elif then.startswith("take-"):
        q.insert(0, {"do": "dice", "n": 2, "colours": [then[5:]]})
    elif then == "mogul":
        add_fame(state, role, 2)
        state["log"].append(f"{ROLE_NAMES[role]} will start the next round.")
    elif then == "dancer" and me(state, role)["yield_tiles"]:
        q.insert(0, {"do": "dice", "n": 2})
        q.insert(1, {"do": "yield_tile"})  # any yield tile on display, for a free space
    elif then == "dancer":
        q.insert(0, {"do": "dice", "n": 2})
        code = state["white"].pop() if state["white"] else None
        if code:
            state["log"].append(f"{ROLE_NAMES[role]} draws a white yield tile: "
                                f"{words.earning(code)}.")
            earn(state, role, code, front=False, at=1)
    elif then == "yogi":
        add_karma(state, role, 2)
        q.insert(0, {"do": "dice", "n": 1})
    elif then == "raja":
        add_money(state, role, 3)
        q.insert(0, {"do": "upgrade"})
    elif then == "builder":
        q.insert(0, {"do": "cover"})
    elif then == "portuguese":
        move_boat(state, role, 6)


def add_karma(state: dict, role: str, n: int) -> None:
    p = me(state, role)
    before, p["karma"] = p["karma"], min(MAX_KARMA, p["karma"] + n)
    state["log"].append(f"{ROLE_NAMES[role]} gains {p['karma'] - before} karma (now "
                        f"{p['karma']})." if p["karma"] > before else
                        f"{ROLE_NAMES[role]}'s karma stays at {MAX_KARMA}, the most.")


def upgrade(state: dict, role: str, building: str) -> None:
    p = me(state, role)
    p["upgrades"][building] += 1
    p["upgrades_made"] += 1
    state["log"].append(f"{ROLE_NAMES[role]} upgrades their {building}s to "
                        f"{2 + p['upgrades'][building]} fame.")


def add_fame(state: dict, role: str, n: int) -> None:
    """Fame up the track (to 60 at most), with the bonuses of every space reached."""
    p = me(state, role)
    before = p["fame"]
    p["fame"] = min(TRACKS["fame_max"], before + n)
    if n:
        state["log"].append(f"{ROLE_NAMES[role]} gains {p['fame'] - before} fame "
                            f"(now {p['fame']}).")
    for space, code in sorted(TRACKS["fame_bonus"].items(), key=lambda x: int(x[0])):
        if before < int(space) <= p["fame"] and space not in p["fame_bonus"]:
            p["fame_bonus"].append(space)
            earn(state, role, code, front=False, why=f"fame {space}")
    check_cross(state, role)


def add_money(state: dict, role: str, n: int) -> None:
    """Money along its track (0-120); a bonus space reached for the first time in the
    bonus marker's order pays once, and the marker walks on."""
    p = me(state, role)
    before = p["money"]
    p["money"] = max(0, min(TRACKS["money_max"], before + n))
    if n > 0:
        state["log"].append(f"{ROLE_NAMES[role]} gains {p['money'] - before} money "
                            f"(now {p['money']}).")
    marker = TRACKS["bonus_marker"]
    while p["bonus"] < len(marker) and p["money"] >= marker[p["bonus"]]:
        space = str(marker[p["bonus"]])
        p["bonus"] += 1
        earn(state, role, TRACKS["money_bonus"][space], front=False, why=f"money {space}")
    if before < 20 <= p["money"] and "money20" not in p["extra"]:
        earn(state, role, "worker", front=False, why="money 20", source="money20")
    check_cross(state, role)


def earn(state: dict, role: str, code: str, front: bool = True, why: str = "",
          source: str = "", at: int | None = None) -> None:
    """Carry out an earning code now where it needs no choice; else queue its decision
    (first, or after what is already queued when ``front`` is False)."""
    p = me(state, role)
    kind, n = data.earning(code)
    q = state["queue"]

    def push(effect: dict) -> None:
        if at is not None:
            q.insert(at, effect)
        elif front:
            q.insert(0, effect)
        else:
            q.append(effect)

    if why:
        state["log"].append(_earned(ROLE_NAMES[role], code, why))
    if kind == "money":
        add_money(state, role, n)
    elif kind == "fame":
        add_fame(state, role, n)
    elif kind == "karma":
        add_karma(state, role, n)
    elif kind == "upgrade":
        for _ in range(n):
            push({"do": "upgrade"})
    elif kind in ("die_any", "dice_any"):
        push({"do": "dice", "n": n})
    elif kind.startswith("die_"):
        push({"do": "dice", "n": n, "colours": [kind[4:]]})
    elif kind == "worker":
        key = source or why
        if len(p["extra"]) < p["max_extra"] and key not in p["extra"]:
            p["extra"].append(key)
            p["workers"] += 1
            state["log"].append(f"{ROLE_NAMES[role]} gains a worker (now {p['workers']}).")
        elif key not in p["extra"]:
            p["extra"].append(key)
    elif kind == "river":  # "you may move your boat to the next unoccupied space"
        push({"do": "river", "max": 1, "shorter": True})
    elif kind == "advance":  # a Ganga tile: up to n free spaces on
        push({"do": "river", "max": n, "shorter": True})
    elif kind == "dice_any_per_karma":
        if p["karma"]:
            push({"do": "dice", "n": p["karma"]})
    elif kind in ("dice_violet_green_orange", "dice_blue_green_orange"):
        for colour in kind.split("_")[1:]:  # one die of each colour named
            push({"do": "dice", "n": 1, "colours": [colour]})
    elif kind in ("palace_dancer", "palace_yogi", "palace_raja"):
        after_face(state, role, kind[7:], None)
    elif kind.endswith("_per_karma") and kind.startswith("dice_"):
        colour = kind[5:-10]
        if p["karma"]:
            push({"do": "dice", "n": p["karma"], "colours": [colour]})
    elif kind == "money_1_per_market":
        add_money(state, role, len(markets_of(p)))
    elif kind == "market_assorted":
        score_markets(state, role, None, n)
    elif kind == "market_one_kind":
        if markets_of(p):
            push({"do": "market", "max": n})
    elif kind == "palace_any":
        push({"do": "chamber"})
    elif kind == "fame_1_per_upgrade":
        add_fame(state, role, p["upgrades_made"])
    elif kind == "money_2_per_upgrade":
        add_money(state, role, 2 * p["upgrades_made"])
    elif kind == "fame_2_per_karma":
        add_fame(state, role, 2 * p["karma"])
    elif kind in _COUNTED:  # yield tiles that count something of the player's
        track, per, count = _COUNTED[kind]
        (add_fame if track == "fame" else add_money)(state, role, per * count(p))
    else:
        raise AssertionError(f"earning {code} is not carried out in the base game")


def _tiles_of(p: dict) -> list[dict]:
    return [TILES[t["tile"]] for t in p["cells"].values()]


# Yield tiles that pay per thing counted: (track, per thing, counter).
_COUNTED = {
    "fame_1_per_market_tile": ("fame", 1, lambda p: sum(bool(t["markets"])
                                                        for t in _tiles_of(p))),
    "fame_1_per_3_river": ("fame", 1, lambda p: p["boat"] // 3),
    "money_1_per_building": ("money", 1, lambda p: sum(len(t["buildings"])
                                                       for t in _tiles_of(p))),
    "fame_1_per_building": ("fame", 1, lambda p: sum(len(t["buildings"])
                                                     for t in _tiles_of(p))),
    "money_2_per_yield_tile": ("money", 2, lambda p: sum(e in p["yields"]
                                                         for e in p["slots"])),
    "fame_2_per_bend": ("fame", 2, lambda p: prov.bends(p["cells"])),
    "fame_1_per_worker": ("fame", 1, lambda p: p["workers"]),
    "money_3_per_village": ("money", 3, lambda p: sum(t["colour"] == "village"
                                                      for t in _tiles_of(p))),
}


def _earned(who: str, code: str, why: str) -> str:
    """The log line of an earning: "Red reaches fame 5: an upgrade." on a track, else
    "Red earns 3 money from the yield at a1N." (``why`` also keys an extra worker in the
    state, so it keeps its old words)."""
    if why.startswith(("fame ", "money ")):
        return f"{who} reaches {why}: {words.earning(code)}."
    if why == "the bridge":
        return f"{who}'s boat passes the bridge: {words.earning(code)}."
    return f"{who} earns {words.earning(code)} from {why}."


def score_markets(state: dict, role: str, good: str | None, most: int) -> None:
    """Assorted goods (``good`` None): the best market of each good, up to ``most`` goods;
    one good: its ``most`` best markets."""
    markets = markets_of(me(state, role))
    if good is None:
        best: dict[str, int] = {}
        for m in markets:
            best[m["good"]] = max(best.get(m["good"], 0), m["value"])
        values = sorted(best.values(), reverse=True)[:most]
        what = "assorted goods"
    else:
        values = sorted((m["value"] for m in markets if m["good"] == good),
                        reverse=True)[:most]
        what = good
    state["log"].append(f"{ROLE_NAMES[role]} scores {grammar.count(len(values), what + ' market')}"
                        ".")
    add_money(state, role, sum(values))


def build(state: dict, role: str, tid: str, cell: str, roads: list[str]) -> None:
    p = me(state, role)
    t = TILES[tid]
    p["cells"][cell] = {"tile": tid, "roads": roads}
    state["log"].append(f"{ROLE_NAMES[role]} places it on {cell}.")
    # The tile scores first, then the edge yields it reaches.
    _score_tile(state, role, t)
    reach_edges(state, role, cell, roads)


def _score_tile(state: dict, role: str, t: dict) -> None:
    """A tile just laid: its markets' money, its buildings' fame at the player's levels,
    a village's bonus."""
    p = me(state, role)
    if t["markets"]:
        add_money(state, role, sum(m["value"] for m in t["markets"]))
    fame = sum(2 + p["upgrades"][b] for b in t["buildings"])
    if fame:
        add_fame(state, role, fame)
    if t.get("bonus"):
        earn(state, role, t["bonus"], front=False, why="the village's bonus")


def reach_edges(state: dict, role: str, cell: str, roads: list[str]) -> None:
    """The board-edge yields a new tile's roads reach, once each. On the Navaratnas side
    a yield-tile space pays when a tile lies there (now, or when one is laid later)."""
    p = me(state, role)
    for edge, code in prov.edge_yields(cell, roads, p["side"]):
        if edge in p["reached"]:
            continue
        p["reached"].append(edge)
        if code.startswith("slot_"):
            if edge in p["slots"]:
                yield_tile_pays(state, role, edge)
            continue
        p["yields"].append(edge)
        earn(state, role, code, front=False, why=f"the yield at {edge}")


def yield_tile_pays(state: dict, role: str, edge: str) -> None:
    p = me(state, role)
    if edge not in p["yields"]:
        p["yields"].append(edge)
        earn(state, role, p["slots"][edge].split("-", 1)[1], front=False,
              why=f"the yield tile at {edge}")


def overbuild(state: dict, role: str, tid: str, cell: str, roads: list[str]) -> None:
    p = me(state, role)
    old = p["cells"][cell]["tile"]
    p["cells"][cell] = {"tile": tid, "roads": roads, "under": old}
    t = TILES[tid]
    state["log"].append(f"{ROLE_NAMES[role]} builds the {tile_words(tid)} over {cell}.")
    # Darbar's reading: the new tile scores as a newly built one; no edge yield again.
    _score_tile(state, role, t)


def move_boat(state: dict, role: str, steps: int) -> None:
    p = me(state, role)
    reach = river_reach(state, role, steps)
    if not reach or steps == 0:
        state["log"].append(f"{ROLE_NAMES[role]} leaves their boat where it is.")
        return
    before, p["boat"] = p["boat"], reach[-1]
    state["log"].append(f"{ROLE_NAMES[role]} moves their boat to river space {p['boat']}.")
    if before <= RIVER["bridge_after"] < p["boat"]:
        earn(state, role, "worker", why="the bridge", source="bridge")
    earn(state, role, state["river"][p["boat"] - 1])


def check_cross(state: dict, role: str) -> None:
    p = me(state, role)
    if 2 * p["fame"] + p["money"] >= CROSS and role not in state["crossed"]:
        state["crossed"].append(role)
        state["log"].append(f"{ROLE_NAMES[role]}'s fame and money markers meet: the game "
                            "ends when this stage is over.")
        if state["end"] is None:
            state["end"] = {"trigger": role}
