"""A Taj Mahal visit played out: a step applied, the cards played, a withdrawal's prizes,
the palaces placed and what they score, the supply, then the visit's end and the game's.
Every point scored goes into the log."""

from __future__ import annotations

from engine import rng
from engine.games.taj_mahal import data
from engine.games.taj_mahal.data import (
    CARDS,
    CITIES_OF,
    PROVINCE_NAMES,
    PROVINCE_OF,
    ROADS,
    SPECIAL_IDS,
    SPECIAL_OF,
    TILES,
    VISITS,
)
from engine.games.taj_mahal.scoring import commodity_points, hand_points, palace_points
from engine.games.taj_mahal.turn import (
    ROLE_NAMES,
    counts,
    current,
    empty_cities,
    named,
    prompt,
)
from engine.grammar import and_, count


def begin_visit(state: dict) -> None:
    state["visit"] += 1
    if state["visit"] > 1:
        state["start"] = (state["start"] + 1) % len(state["roles"])
    state["court"] = {**{s: True for s in data.INFLUENCE}, "crown": True, "province": True}
    for p in state["players"].values():
        p.update(played=[], colour=None, out=False, moved=False)
    state["supply"] = [_draw(state) for _ in range(2 * len(state["roles"]) - 1)]
    state["supply"] = [c for c in state["supply"] if c]
    first = state["roles"][state["start"]]
    state["turn"] = {"who": first, "stage": "play", "places": 0, "crown": False,
                     "picks": 0, "placed": []}
    province = current(state)
    state["log"].append(f"Visit {state['visit']}: {PROVINCE_NAMES[province]} (tile "
                        f"{state['visit']}). {ROLE_NAMES[first]} begins.")


def _draw_into_hand(state: dict, role: str) -> str:
    """The top card of the deck into ``role``'s hand, and the log's words for it (which
    never name the card: only its new holder may see it)."""
    drawn = _draw(state)
    if drawn is None:
        return "draws nothing: the deck and the discard pile are empty"
    state["hands"][role].append(drawn)
    return "draws a card from the deck"


def _draw(state: dict) -> str | None:
    """The top card of the deck; the discard pile reshuffled when it runs out."""
    if not state["deck"] and state["discard"]:
        state["deck"] = rng.shuffle(state, state["discard"])
        state["discard"] = []
        state["log"].append("The discard pile is shuffled into a new deck.")
    return state["deck"].pop() if state["deck"] else None


def apply(state: dict, role: str, action: str, arg) -> None:
    t, p = state["turn"], state["players"][role]
    if action == "special" and t["stage"] == "play":  # the colour change, first
        _play_card(state, role, arg)
        t["stage"], t["with_special"] = "change", True
        return
    if action == "play":
        _play_card(state, role, arg)
        if t["stage"] == "play" and p["colour"] is None:
            p["colour"] = CARDS[arg]["colour"]
        elif t["stage"] == "change" and p["colour"] is None:
            pass  # played with the colour change on a first turn: the next card sets it
        t["stage"] = "extra"
        if list(prompt(state, role)[1]) == ["done"]:
            _end_turn(state)  # no white or special card to add: nothing to ask
        return
    if action in ("white", "special"):
        _play_card(state, role, arg)
        t["with_special"] = True
        _end_turn(state)
        return
    if action == "done":
        _end_turn(state)
        return
    if action == "withdraw":
        _withdraw(state, role)
        return
    if action == "city":
        _place(state, role, arg)
        return
    if action == "take":
        state["supply"].remove(arg)
        state["hands"][role].append(arg)
        t["picks"] -= 1
        state["log"].append(f"{ROLE_NAMES[role]} takes {named(arg)} from the supply.")
        if t["picks"] <= 0 or not state["supply"]:
            _next_player(state)


def _play_card(state: dict, role: str, cid: str) -> None:
    state["hands"][role].remove(cid)
    p = state["players"][role]
    p["played"].append(cid)
    p["moved"] = True
    state["log"].append(f"{ROLE_NAMES[role]} plays {named(cid)}.")
    if cid == "sp_points2":
        _score(state, role, 2, named(cid))


def _score(state: dict, role: str, points: int, why: str) -> None:
    """Every point goes through here, and into the log, which the fuzzer adds up."""
    state["players"][role]["score"] += points
    state["log"].append(f"{ROLE_NAMES[role]} scores {count(points, 'point')} for {why}.")


def _end_turn(state: dict) -> None:
    state["turn"].pop("with_special", None)
    _next_player(state)


def _next_player(state: dict) -> None:
    """The next player still in the visit, clockwise (the last one plays on alone); when
    everyone has withdrawn, the visit ends."""
    roles = state["roles"]
    i = roles.index(state["turn"]["who"])
    for k in range(1, len(roles) + 1):
        r = roles[(i + k) % len(roles)]
        if not state["players"][r]["out"]:
            state["turn"] = {"who": r, "stage": "play", "places": 0, "crown": False,
                             "picks": 0, "placed": []}
            state["move"] += 1
            return
    _end_visit(state)


def _withdraw(state: dict, role: str) -> None:
    p, t = state["players"], state["turn"]
    me = p[role]
    name = ROLE_NAMES[role]
    if not me["moved"]:
        state["log"].append(f"{name} withdraws without playing and "
                            f"{_draw_into_hand(state, role)}.")
    mine = counts(state, role)
    rivals = [counts(state, r) for r in state["roles"] if r != role and not p[r]["out"]]
    won = [s for s in (*data.INFLUENCE, "grand_mogul", "elephant")
           if mine[s] > 0 and all(mine[s] > c[s] for c in rivals)]
    court, prizes = state["court"], []
    for s in data.INFLUENCE:
        if s in won and court[s]:
            court[s] = False
            me["influence"][s] += 1
            t["places"] += 1
            prizes.append(f"the {s.capitalize()} tile")
    if "grand_mogul" in won and court["crown"]:
        court["crown"] = False
        t["crown"] = True
        prizes.append("the crown (most Grand Moguls)")
    t["province"] = "elephant" in won and court["province"]
    if t["province"]:
        court["province"] = False
        prizes.append("the province tile (most Elephants)")
    me["out"] = True
    if me["moved"]:
        state["log"].append(f"{name} withdraws and wins {and_(prizes) or 'nothing'}.")
    _next_placement(state, role)


def _next_placement(state: dict, role: str) -> None:
    t = state["turn"]
    if t["places"] > 0 and not empty_cities(state):
        state["log"].append(f"No city of {PROVINCE_NAMES[current(state)]} is empty, so no "
                            "palace is placed there.")
        t["places"] = 0
    if t["places"] > 0:
        t["stage"] = "place"
    elif t["crown"]:
        t["stage"] = "crown"
    else:
        _score_withdrawal(state, role)


def _place(state: dict, role: str, city: str) -> None:
    t = state["turn"]
    state["palaces"].setdefault(city, []).append(role)
    crown = t["stage"] == "crown"
    if crown:
        t["crown"] = False
        state["court"]["crown_city"] = city
    else:
        t["places"] -= 1
    t["placed"].append([city, crown])
    state["log"].append(f"{ROLE_NAMES[role]} places {'the crown' if crown else 'a'} palace "
                        f"on `{city}`.")
    _next_placement(state, role)


BONUS_NAMES = {"taj": "the Taj Mahal tile", "points2": "the +2 bonus tile"}


def _score_withdrawal(state: dict, role: str) -> None:
    """Bonus tiles, then the province tile, then palaces (the rules' order)."""
    t, me = state["turn"], state["players"][role]
    for city, crown in t["placed"]:
        kind = state["bonus"].get(city)
        if crown or kind is None:  # a crown palace leaves the tile for the next palace
            continue
        del state["bonus"][city]
        if kind == "taj":
            gain = TILES["taj_mahal"]["points"]
        elif kind == "points2":
            gain = 2
        elif kind == "card":
            state["log"].append(f"{ROLE_NAMES[role]} takes the card bonus tile and "
                                f"{_draw_into_hand(state, role)}.")
            continue
        else:
            gain = commodity_points(me["goods"], [kind])
            me["goods"].append(kind)
        _score(state, role, gain, BONUS_NAMES.get(kind, f"the {kind} bonus tile"))
    if t.get("province"):
        shown = TILES["province_tiles"][str(state["visit"])]
        gain = commodity_points(me["goods"], shown)
        me["goods"] += shown
        me["tiles"].append(state["visit"])
        _score(state, role, gain, f"the province tile ({and_(shown)})")
    if t["placed"]:
        gain = palace_points(PROVINCE_OF, ROADS, state["palaces"], role, current(state))
        _score(state, role, gain, "palaces")
    for cid in me["played"]:
        (state["hands"][role] if cid in SPECIAL_IDS else state["discard"]).append(cid)
    me["played"] = []
    t["stage"] = "supply"
    t["picks"] = min(2, len(state["supply"]))
    if t["picks"] == 0:
        _next_player(state)
    elif len(set(state["supply"])) == 1 and t["picks"] >= len(state["supply"]):
        for cid in list(state["supply"]):
            apply(state, role, "take", cid)


def _end_visit(state: dict) -> None:
    for r in state["roles"]:
        tiles = state["players"][r]["influence"]
        for s in data.INFLUENCE:
            if tiles[s] >= 2:
                tiles[s] -= 2
                cid = SPECIAL_OF[s]
                holder = state["specials"][cid]
                if holder and holder != r:
                    state["hands"][holder].remove(cid)
                if holder != r:
                    state["hands"][r].append(cid)
                state["specials"][cid] = r
                state["log"].append(f"{ROLE_NAMES[r]} trades two {s.capitalize()} tiles for "
                                    f"{named(cid)}.")
    state["discard"] += state["supply"]
    state["supply"] = []
    # Bonus tiles not won this visit leave the game (no palace can reach them any more).
    for city in CITIES_OF[current(state)]:
        state["bonus"].pop(city, None)
    state["move"] += 1
    if state["visit"] >= VISITS:
        _finish(state)
    else:
        begin_visit(state)


def _finish(state: dict) -> None:
    for r in state["roles"]:
        hand = [CARDS[c] for c in state["hands"][r]]
        _score(state, r, hand_points(hand), "the cards in hand")
    scores = {r: state["players"][r]["score"] for r in state["roles"]}
    best = max(scores.values())
    winners = [r for r, s in scores.items() if s == best]
    # Darbar's reading: the rules name no tie-break, so tied players share the victory.
    state["result"] = {"winners": winners, "scores": scores,
                       "reason": "Final score: " + ", ".join(
                           f"{ROLE_NAMES[r]} {s}" for r, s in scores.items()) + "."}
    state["log"].append(state["result"]["reason"])
    state["turn"] = None
