"""Taj Mahal (Reiner Knizia, 2000) to the engine contract: setup / view / act / result.

Twelve visits, one a province, in the order of the province tiles (Agra's tile 12 last).
On a turn a player plays exactly one coloured card (the colour of their first one binds
them for the visit) plus at most one white or special card, or withdraws: then whoever
has more of a symbol than every player still in the visit wins its prize (an influence
tile and a palace, the crown and a crown palace, the province tile), scores bonus tiles,
commodities and palaces in that order, and takes cards from the face-up supply.
Darbar's readings where the rules are silent are marked "Darbar's reading" below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from engine import rng
from engine.errors import IllegalAction, refusal
from engine.games.taj_mahal import data
from engine.games.taj_mahal.data import (
    BOARD,
    CARDS,
    CITIES_OF,
    FORTRESSES,
    KIND,
    PROVINCE_NAMES,
    PROVINCE_OF,
    ROADS,
    SHORT,
    SPECIAL_IDS,
    SPECIAL_KINDS,
    SPECIAL_OF,
    TILES,
    VISITS,
)
from engine.games.taj_mahal.scoring import commodity_points, hand_points, palace_points
from engine.grammar import and_, count
from engine.jsontree import clone
from engine.options import Option, with_defaults
from engine.rng import seed_state
from engine.steps import offered

ID = "taj_mahal"
NAME = "Taj Mahal"
ROLES = ["red", "blue", "green", "yellow", "black"]  # palace colours, in seating order
ONE_SIDE_EACH = True  # hands are hidden: nobody may hold two colours' cards
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
PLAYERS = (3, 5)
OPTIONS: dict[str, Option] = {"players": {"type": "int", "default": 4, "min": 3, "max": 5,
                       "help": "How many colours play (the computer takes any nobody takes)."}}
HAND = 6
COLOURED = ("red", "yellow", "green", "violet")
COLOUR_CHANGE = KIND["sp_colour_change"]  # the one special card played before its card


def named(cid: str) -> str:
    """A card (any copy, or its kind) in a message: the name a player types for it, as
    inline code. The same everywhere: log, prompts, refusals, hand and score texts."""
    return f"`{KIND[cid]}`"


# --- setup ---------------------------------------------------------------------------------


def setup(seed: int, options: dict | None = None) -> dict:
    opts = with_defaults(OPTIONS, options or {})
    n = opts["players"]
    state: dict = {"game": ID, "options": {"players": n}, "rng": seed_state(seed)}
    roles = ROLES[:n]
    others = [p["id"] for p in BOARD["provinces"] if p["id"] != "agra"]
    order = rng.shuffle(state, others) + ["agra"]
    squares = [k for k, count in TILES["bonus_tiles"].items() for _ in range(count)]
    forts = [c for c in FORTRESSES if c != TILES["taj_mahal"]["city"]]
    bonus = dict(zip(forts, rng.shuffle(state, squares), strict=True))
    bonus[TILES["taj_mahal"]["city"]] = "taj"
    deck = rng.shuffle(state, [c["id"] for c in data.deck()])
    hands = {r: [deck.pop() for _ in range(HAND)] for r in roles}
    state.update(
        roles=roles, order=order, bonus=bonus, deck=deck, discard=[], supply=[],
        hands=hands, specials={cid: None for cid in SPECIAL_IDS}, palaces={},
        players={r: {"score": 0, "influence": {s: 0 for s in data.INFLUENCE}, "goods": [],
                     "tiles": [], "played": [], "colour": None, "out": False,
                     "moved": False} for r in roles},
        visit=0, start=rng.randint(state, n), court={}, turn=None, log=[], result=None,
        move=0)
    _begin_visit(state)
    return state


def sides(options: dict | None = None) -> list[str]:
    """The colours in play: the first n of ROLES for n players."""
    n = int(with_defaults(OPTIONS, options or {})["players"])
    return ROLES[:n]


def _begin_visit(state: dict) -> None:
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


def current(state: dict) -> str:
    return state["order"][state["visit"] - 1]


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


# --- the contract --------------------------------------------------------------------------


def active(state: dict) -> list[str]:
    return [] if state["result"] or not state["turn"] else [state["turn"]["who"]]


def _counts(state: dict, role: str) -> Counter:
    return Counter(s for cid in state["players"][role]["played"] for s in CARDS[cid]["symbols"])


def view(state: dict, role: str | None) -> dict:
    players = {
        r: {"score": p["score"], "hand": len(state["hands"][r]), "played": list(p["played"]),
            "symbols": dict(_counts(state, r)), "colour": p["colour"], "out": p["out"],
            "influence": dict(p["influence"]), "goods": list(p["goods"]),
            "tiles": list(p["tiles"])}
        for r, p in state["players"].items()
    }
    v = {
        "game": ID, "visit": state["visit"], "province": current(state) if state["visit"]
        <= VISITS else None, "order": list(state["order"]), "court": dict(state["court"]),
        "bonus": dict(state["bonus"]), "palaces": {c: list(o) for c, o in
                                                   state["palaces"].items()},
        "supply": list(state["supply"]), "deck_size": len(state["deck"]),
        "discard": list(state["discard"]), "specials": dict(state["specials"]),
        "players": players, "active": active(state), "move": state["move"],
        "log": list(state["log"]), "result": state["result"], "prompt": "", "actions": {},
    }
    if role is not None and role in state["hands"]:
        v["hand"] = list(state["hands"][role])
        if role in v["active"]:
            v["prompt"], v["actions"] = _prompt(state, role)
    return v


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


def _kinds(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(KIND[c] for c in cards))


def _playable_coloured(state: dict, role: str, free: bool) -> list[str]:
    colour = state["players"][role]["colour"]
    return _kinds([c for c in state["hands"][role] if CARDS[c]["colour"] in COLOURED
                   and (free or colour is None or CARDS[c]["colour"] == colour)])


def _prompt(state: dict, role: str) -> tuple[str, dict]:
    task, acts = _stage(state, role)
    return f"{ROLE_NAMES[role]}: {task}.", acts


def _stage(state: dict, role: str) -> tuple[str, dict]:
    """What the turn's stage asks of ``role`` (a clause, for the prompt and for refusals)
    and the steps it allows."""
    t, p = state["turn"], state["players"][role]
    hand = state["hands"][role]
    province = PROVINCE_NAMES[current(state)]
    if t["stage"] == "play":
        acts: dict = {}
        cards = _playable_coloured(state, role, free=False)
        if cards:
            acts["play"] = cards
        if "sp_colour_change" in hand and _playable_coloured(state, role, free=True):
            acts["special"] = [COLOUR_CHANGE]
        acts["withdraw"] = None
        bound = f" ({p['colour']} this visit)" if p["colour"] else ""
        return f"play one coloured card{bound}, or `withdraw`", acts
    if t["stage"] == "change":
        return (f"play a coloured card of any colour with `{COLOUR_CHANGE}`",
                {"play": _playable_coloured(state, role, free=True)})
    if t["stage"] == "extra":
        acts = {}
        whites = _kinds([c for c in hand if CARDS[c]["colour"] == "white"])
        specials = _kinds([c for c in hand if c in SPECIAL_IDS and c != "sp_colour_change"])
        if whites and not t.get("with_special"):
            acts["white"] = whites
        if specials and not t.get("with_special"):
            acts["special"] = specials
        acts["done"] = None
        return "add one white or special card, or `done`", acts
    if t["stage"] == "place":
        return (f"place a palace on an empty city of {province} ({t['places']} to place)",
                {"city": _empty_cities(state)})
    if t["stage"] == "crown":
        return (f"place your crown palace on any city of {province}",
                {"city": list(CITIES_OF[current(state)])})
    return (f"take {count(t['picks'], 'card')} from the supply",
            {"take": _kinds(state["supply"])})


def _empty_cities(state: dict) -> list[str]:
    """Where a palace won by an influence tile may go: an empty city, or the city where the
    crown palace went this visit if it stands alone there ("one normal palace may be placed
    there later in the visit")."""
    crown = state["court"].get("crown_city")
    return [c for c in CITIES_OF[current(state)] if not state["palaces"].get(c)
            or (c == crown and len(state["palaces"][c]) == 1)]


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    word = token(action, arg)
    if state["result"] is not None:
        raise IllegalAction(refusal(word, "The game is over.", []))
    if role not in active(state):
        who = ROLE_NAMES[active(state)[0]]
        raise IllegalAction(refusal(word, f"It is not your turn: waiting for {who}.", []))
    if isinstance(arg, str) and arg in KIND:
        arg = KIND[arg]
    _, acts = _stage(state, role)
    if not offered(acts, action, arg):
        legal = [token(a, x) for a, args in acts.items() for x in (args or [None])]
        raise IllegalAction(refusal(word, _why(state, role, action, arg), legal))
    new = clone(state)
    if action in ("play", "white", "special", "take"):
        pile = new["supply"] if action == "take" else new["hands"][role]
        arg = next(c for c in pile if KIND[c] == arg)
    _apply(new, role, action, arg)
    return new


# --- why a step is refused: from the public position and the role's own hand only ------

AFTER_WITHDRAWAL = ("place", "crown", "supply")
SYMBOL_ORDER = [SHORT.get(s, s) for s in data.SYMBOLS]  # as a card's name lists them
IN_ORDER = f"in the order {', '.join(SYMBOL_ORDER)}"


def _why(state: dict, role: str, action: str, arg: object) -> str:
    """The rule that stops the step, and what the turn asks instead."""
    if action in ("play", "white", "special") and arg in CARDS:
        return _why_card(state, role, KIND[arg])
    if action == "take" and arg in CARDS:
        return _why_take(state, role, str(arg))
    if action == "city" and arg in PROVINCE_OF:
        return _why_city(state, role, str(arg))
    if action in ("withdraw", "done") and arg is None:
        return _why_step(state, role, action)
    return _why_word(state, role, action if arg is None else str(arg))


def _now(state: dict, role: str) -> str:
    return f"Now {_stage(state, role)[0]}."


def _withdrawn(state: dict, role: str) -> str:
    return (f"You have withdrawn from this visit and play no more cards in it "
            f"(\"Withdraw\"). {_now(state, role)}")


def _why_card(state: dict, role: str, kind: str) -> str:
    stage, colour = state["turn"]["stage"], CARDS[kind]["colour"]
    if stage in AFTER_WITHDRAWAL:
        return _withdrawn(state, role)
    if all(KIND[c] != kind for c in state["hands"][role]):
        return f"You have no {named(kind)} in your hand."
    if stage == "change":
        return _with_colour_change(state, role)
    if stage == "extra":
        if colour in COLOURED:
            return ("You have played your coloured card this turn, and a turn plays exactly "
                    f"one (\"Playing the game\"). {_now(state, role)}")
        if kind == COLOUR_CHANGE:
            return (f"`{COLOUR_CHANGE}` frees the colour of the coloured card played with it, "
                    "so it goes first, before that card: play it on a later turn.")
        return ("You have played a white or special card this turn, and a turn plays at most "
                f"one (\"Playing the game\"). {_now(state, role)}")
    if colour in COLOURED:
        return _why_colour(state, role)
    if kind == COLOUR_CHANGE:
        return (f"`{COLOUR_CHANGE}` frees the colour of the coloured card played with it, and "
                "you have no coloured card in your hand.")
    return (f"A {colour} card is played only together with a coloured card, never alone "
            f"(\"Playing the game\"): play your coloured card first, then {named(kind)}.")


def _why_colour(state: dict, role: str) -> str:
    colour = state["players"][role]["colour"]
    held = " You hold it: play it first." if "sp_colour_change" in state["hands"][role] else ""
    return (f"Your colour is locked to {colour} for this visit: the first coloured card you "
            "play in a visit sets it (\"Playing the game\"), and only the free colour change, "
            f"`{COLOUR_CHANGE}` played first, frees one turn's card from it.{held}")


def _with_colour_change(state: dict, role: str) -> str:
    return (f"You have played `{COLOUR_CHANGE}`, your special card this turn, and a special "
            f"card is never played alone (\"The special cards\"). {_now(state, role)}")


def _why_step(state: dict, role: str, action: str) -> str:
    stage = state["turn"]["stage"]
    if stage in AFTER_WITHDRAWAL:
        return _withdrawn(state, role)
    if stage == "change":
        return _with_colour_change(state, role)
    if action == "withdraw":  # in the "extra" stage: a card is already out this turn
        return ("You have played a card this turn, and a turn either plays cards or "
                f"withdraws (\"Playing the game\"); withdraw on a later turn. "
                f"{_now(state, role)}")
    return ("You have played no card this turn: a turn plays one coloured card (and perhaps "
            "one white or special card with it), or withdraws (\"Playing the game\").")


def _why_take(state: dict, role: str, kind: str) -> str:
    if state["turn"]["stage"] == "supply":
        return (f"{named(kind)} is not in the supply, the face-up cards a player who has "
                "withdrawn takes from (\"Finishing a withdrawal\").")
    return ("Cards are taken from the supply when you have withdrawn (\"Finishing a "
            f"withdrawal\"). {_now(state, role)}")


def _why_city(state: dict, role: str, city: str) -> str:
    stage, here = state["turn"]["stage"], current(state)
    if stage == "supply":
        return f"You have no palace left to place this visit. {_now(state, role)}"
    if stage not in ("place", "crown"):
        return ("Palaces are placed when you withdraw with more of a symbol than each player "
                "still in the visit: an influence tile wins a palace, the crown a crown palace "
                "(\"Withdraw\").")
    if PROVINCE_OF[city] != here:
        return (f"`{city}` is in {PROVINCE_NAMES[PROVINCE_OF[city]]}, and palaces go only on "
                f"cities of the province visited, {PROVINCE_NAMES[here]} (\"Withdraw\").")
    if len(state["palaces"].get(city, [])) >= 2:
        return f"`{city}` already has two palaces, the most a city holds."
    return (f"`{city}` already has a palace: the palace an influence tile wins goes on an "
            "empty city; only a crown palace may join another (\"Withdraw\").")


def _why_word(state: dict, role: str, word: str) -> str:
    """A word that is no card, city or step: what it may have meant, then the turn's task."""
    return " ".join(x for x in (_misnamed(word), _now(state, role)) if x)


def _misnamed(word: str) -> str:
    colour, _, rest = word.partition("-")
    if word in PROVINCE_NAMES:
        cities = ", ".join(f"`{c}`" for c in CITIES_OF[word])
        return f"{PROVINCE_NAMES[word]} is a province; its cities are {cities}."
    if colour == "special":
        names = ", ".join(f"`{k}`" for k in SPECIAL_KINDS.values())
        return f"No card is called `{word}`: the special cards are {names}."
    if colour not in (*COLOURED, "white") or not rest:
        return "It names no card, city or step of Taj Mahal."
    symbols = [SHORT.get(s, s) for s in rest.split("-")]
    if all(s in SYMBOL_ORDER for s in symbols):
        meant = "-".join([colour, *sorted(symbols, key=SYMBOL_ORDER.index)])
        if meant in CARDS and meant != word:
            return f"A card's name lists its symbols {IN_ORDER}: this card is `{meant}`."
    return (f"No card is called `{word}`: a card is named by its colour and symbols (two on a "
            f"coloured card, one on a white card) {IN_ORDER}.")


def explain_line(state: dict, role: str, words: list[str]) -> str | None:
    """Why a typed line that runs past the end of its turn is refused: the rule the word
    after the turn would break (a second coloured card, a second white or special card,
    withdrawing after playing), and the line that would do. None for any other refusal,
    which the step itself words (a card not held, a colour locked)."""
    before, turn = state, state["move"]
    for i, word in enumerate(words):
        if state["result"] is not None or role not in active(state) or state["move"] != turn:
            return _past_the_turn(before, role, words[:i], words[i].strip().lower())
        try:
            state = act(state, role, *parse_token(state, role, word))
        except IllegalAction:
            return None
    return None


def _past_the_turn(state: dict, role: str, done: list[str], word: str) -> str | None:
    kinds = [KIND[w] for w in (x.strip().lower() for x in done) if w in KIND]
    if not kinds or (word not in KIND and word != "withdraw"):
        return None
    line = " ".join(w.strip().lower() for w in done)
    instead = f"Send `{line}` now and `{word}` on a later turn."
    if word == "withdraw":
        return ("A turn either plays cards or withdraws (\"Playing the game\"): this turn "
                f"plays {and_([named(k) for k in kinds])}. {instead}")
    coloured = CARDS[KIND[word]]["colour"] in COLOURED
    same = [k for k in kinds if (CARDS[k]["colour"] in COLOURED) == coloured]
    if not same:
        return None
    rule = ("A turn plays exactly one coloured card" if coloured else
            "A turn plays one coloured card and at most one white or special card with it")
    return (f"{rule} (\"Playing the game\"): {named(same[0])} was this turn's, so "
            f"{named(word)} would be a second. {instead}")


# --- steps ---------------------------------------------------------------------------------


def _apply(state: dict, role: str, action: str, arg) -> None:
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
        if list(_prompt(state, role)[1]) == ["done"]:
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
    mine = _counts(state, role)
    rivals = [_counts(state, r) for r in state["roles"] if r != role and not p[r]["out"]]
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
    if t["places"] > 0 and not _empty_cities(state):
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
            _apply(state, role, "take", cid)


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
        _begin_visit(state)


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


# --- tokens --------------------------------------------------------------------------------


def token(action: str, arg: object) -> str:
    return action if arg is None else KIND.get(str(arg), str(arg))


def describe(action: str, arg: object) -> str:
    """A button's label: plain text (Discord shows no inline code there), a card by its
    typed name, which for a special card also says what it does (`special-2points`)."""
    if arg is None:
        return {"withdraw": "Withdraw from the visit", "done": "End the turn"}.get(
            action, action.capitalize())
    if arg in CARDS:
        return f"{'Take' if action == 'take' else 'Play'} {KIND[arg]}"
    if arg in PROVINCE_OF:
        return f"Palace on {arg}" + (" (fortress)" if arg in FORTRESSES else "")
    return str(arg)


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """A card's name is the step that would play it (or take it, once its player has
    withdrawn and takes from the supply), so that ``act`` can say why it may not."""
    tok = tok.strip().lower()
    if tok in CARDS:
        tok = KIND[tok]
        colour = CARDS[tok]["colour"]
        if state.get("turn") and state["turn"]["stage"] == "supply":
            return "take", tok
        return ("play" if colour in COLOURED else "white" if colour == "white"
                else "special"), tok
    if tok in PROVINCE_OF:
        return "city", tok
    return tok, None


def hand_text(view: dict) -> str:
    """A hand in words for its owner's private replies: each kind of card once, with how
    many, in colour order, as it is typed."""
    colours = [*COLOURED, "white", "special"]
    hand = sorted(view.get("hand", []), key=lambda c: (colours.index(CARDS[c]["colour"]),
                                                       KIND[c]))
    counts = Counter(KIND[c] for c in hand)
    items = [f"`{k}`" + (f" ×{n}" if n > 1 else "") for k, n in counts.items()]
    return f"Your hand ({count(len(hand), 'card')}): {', '.join(items) or 'empty'}."


def reveal_mark(state: dict) -> list:
    """Changes whenever a card leaves the deck (to a hand unseen by the others, or to the
    face-up supply) or the deck is shuffled."""
    return [len(state["deck"]), state["rng"]]


def redeal(state: dict, generator: object, keep: Collection[str] = ()) -> dict:
    """The same position with what the roles in ``keep`` cannot see drawn anew from
    ``generator`` (a ``state["rng"]`` value): the deck's order, and the coloured and white
    cards in everyone else's hand (each keeps as many; special cards were won in public)."""
    new = clone(state)
    new["rng"] = generator
    others = [r for r in new["hands"] if r not in keep]
    hidden = {r: [c for c in new["hands"][r] if c not in SPECIAL_IDS] for r in others}
    pool = rng.shuffle(new, new["deck"] + [c for cards in hidden.values() for c in cards])
    for r in others:
        dealt = [pool.pop() for _ in hidden[r]]
        new["hands"][r] = [c for c in new["hands"][r] if c in SPECIAL_IDS] + dealt
    new["deck"] = pool
    return new
