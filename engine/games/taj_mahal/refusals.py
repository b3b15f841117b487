"""Why Taj Mahal refuses a step: the rule that stops it, named by the rule book's section,
and what the turn asks instead. Read from the public position and the role's own hand
only."""

from __future__ import annotations

from engine.errors import refusal
from engine.games.taj_mahal import data
from engine.games.taj_mahal.data import (
    CARDS,
    CITIES_OF,
    KIND,
    PROVINCE_NAMES,
    PROVINCE_OF,
    SHORT,
    SPECIAL_KINDS,
)
from engine.games.taj_mahal.turn import (
    COLOUR_CHANGE,
    COLOURED,
    current,
    named,
    stage,
    token,
)

AFTER_WITHDRAWAL = ("place", "crown", "supply")
SYMBOL_ORDER = [SHORT.get(s, s) for s in data.SYMBOLS]  # as a card's name lists them
IN_ORDER = f"in the order {', '.join(SYMBOL_ORDER)}"


def message(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """The whole refusal: the word, the rule that stops it, and the legal words (``acts``)."""
    legal = [token(a, x) for a, args in acts.items() for x in (args or [None])]
    return refusal(token(action, arg), why(state, role, action, arg), legal)


def why(state: dict, role: str, action: str, arg: object) -> str:
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
    return f"Now {stage(state, role)[0]}."


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
