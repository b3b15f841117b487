"""Taj Mahal (Reiner Knizia, 2000) to the engine contract: setup / view / act / result.

Twelve visits, one a province, in the order of the province tiles (Agra's tile 12 last).
On a turn a player plays exactly one coloured card (the colour of their first one binds
them for the visit) plus at most one white or special card, or withdraws: then whoever
has more of a symbol than every player still in the visit wins its prize (an influence
tile and a palace, the crown and a crown palace, the province tile), scores bonus tiles,
commodities and palaces in that order, and takes cards from the face-up supply.
Darbar's readings where the rules are silent are marked "Darbar's reading" where they
apply. By what each module holds, one way: turn.py (whose turn, what it asks: the
prompt), visits.py (a step applied and the visit played out, over turn.py),
refusals.py (why a step is refused, over turn.py); this module sets up, shows and checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from engine import rng
from engine.errors import IllegalAction
from engine.games.taj_mahal import data
from engine.games.taj_mahal.data import (
    BOARD,
    CARDS,
    FORTRESSES,
    KIND,
    PROVINCE_OF,
    SPECIAL_IDS,
    TILES,
    VISITS,
)
from engine.games.taj_mahal.refusals import message
from engine.games.taj_mahal.turn import (
    COLOURED,
    ROLE_NAMES,
    ROLES,
    active,
    counts,
    current,
    named,
    prompt,
)

# token is the contract's (the GAME reads it here), written where the refusals need it
from engine.games.taj_mahal.turn import token as token
from engine.games.taj_mahal.visits import apply, begin_visit
from engine.grammar import and_, count
from engine.jsontree import clone
from engine.options import Option, with_defaults
from engine.rng import seed_state
from engine.steps import opening

ID = "taj_mahal"
NAME = "Taj Mahal"
ONE_SIDE_EACH = True  # hands are hidden: nobody may hold two colours' cards
PLAYERS = (3, 5)
OPTIONS: dict[str, Option] = {"players": {"type": "int", "default": 4, "min": 3, "max": 5,
                       "help": "How many colours play (the computer takes any nobody takes)."}}
HAND = 6


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
    begin_visit(state)
    return state


def sides(options: dict | None = None) -> list[str]:
    """The colours in play: the first n of ROLES for n players."""
    n = int(with_defaults(OPTIONS, options or {})["players"])
    return ROLES[:n]


# --- the contract --------------------------------------------------------------------------


def view(state: dict, role: str | None) -> dict:
    players = {
        r: {"score": p["score"], "hand": len(state["hands"][r]), "played": list(p["played"]),
            "symbols": dict(counts(state, r)), "colour": p["colour"], "out": p["out"],
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
            v["prompt"], v["actions"] = prompt(state, role)
    return v


def summary(state: dict) -> dict:
    return view(state, None)


def result(state: dict) -> dict | None:
    return state["result"]


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    if isinstance(arg, str) and arg in KIND:
        arg = KIND[arg]
    opening(state, role, action, arg, names=ROLE_NAMES, active=active(state), prompt=prompt,
            refused=message)
    new = clone(state)
    if action in ("play", "white", "special", "take"):
        pile = new["supply"] if action == "take" else new["hands"][role]
        arg = next(c for c in pile if KIND[c] == arg)
    apply(new, role, action, arg)
    return new


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


# --- tokens --------------------------------------------------------------------------------


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
