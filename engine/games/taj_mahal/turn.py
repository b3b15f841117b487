"""What a Taj Mahal turn asks: whose turn it is, the stage the turn has reached and the
steps it allows (the prompt, whose clause the refusals repeat), and a card in the words
every message uses for it."""

from __future__ import annotations

from collections import Counter

from engine.games.taj_mahal.data import (
    CARDS,
    CITIES_OF,
    KIND,
    PROVINCE_NAMES,
    SPECIAL_IDS,
)
from engine.grammar import count

ROLES = ["red", "blue", "green", "yellow", "black"]  # palace colours, in seating order
ROLE_NAMES = {r: r.capitalize() for r in ROLES}
COLOURED = ("red", "yellow", "green", "violet")
COLOUR_CHANGE = KIND["sp_colour_change"]  # the one special card played before its card


def named(cid: str) -> str:
    """A card (any copy, or its kind) in a message: the name a player types for it, as
    inline code. The same everywhere: log, prompts, refusals, hand and score texts."""
    return f"`{KIND[cid]}`"


def current(state: dict) -> str:
    return state["order"][state["visit"] - 1]


def active(state: dict) -> list[str]:
    return [] if state["result"] or not state["turn"] else [state["turn"]["who"]]


def counts(state: dict, role: str) -> Counter:
    return Counter(s for cid in state["players"][role]["played"] for s in CARDS[cid]["symbols"])


def kinds(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(KIND[c] for c in cards))


def playable_coloured(state: dict, role: str, free: bool) -> list[str]:
    colour = state["players"][role]["colour"]
    return kinds([c for c in state["hands"][role] if CARDS[c]["colour"] in COLOURED
                   and (free or colour is None or CARDS[c]["colour"] == colour)])


def prompt(state: dict, role: str) -> tuple[str, dict]:
    task, acts = stage(state, role)
    return f"{ROLE_NAMES[role]}: {task}.", acts


def stage(state: dict, role: str) -> tuple[str, dict]:
    """What the turn's stage asks of ``role`` (a clause, for the prompt and for refusals)
    and the steps it allows."""
    t, p = state["turn"], state["players"][role]
    hand = state["hands"][role]
    province = PROVINCE_NAMES[current(state)]
    if t["stage"] == "play":
        acts: dict = {}
        cards = playable_coloured(state, role, free=False)
        if cards:
            acts["play"] = cards
        if "sp_colour_change" in hand and playable_coloured(state, role, free=True):
            acts["special"] = [COLOUR_CHANGE]
        acts["withdraw"] = None
        bound = f" ({p['colour']} this visit)" if p["colour"] else ""
        return f"play one coloured card{bound}, or `withdraw`", acts
    if t["stage"] == "change":
        return (f"play a coloured card of any colour with `{COLOUR_CHANGE}`",
                {"play": playable_coloured(state, role, free=True)})
    if t["stage"] == "extra":
        acts = {}
        whites = kinds([c for c in hand if CARDS[c]["colour"] == "white"])
        specials = kinds([c for c in hand if c in SPECIAL_IDS and c != "sp_colour_change"])
        if whites and not t.get("with_special"):
            acts["white"] = whites
        if specials and not t.get("with_special"):
            acts["special"] = specials
        acts["done"] = None
        return "add one white or special card, or `done`", acts
    if t["stage"] == "place":
        return (f"place a palace on an empty city of {province} ({t['places']} to place)",
                {"city": empty_cities(state)})
    if t["stage"] == "crown":
        return (f"place your crown palace on any city of {province}",
                {"city": list(CITIES_OF[current(state)])})
    return (f"take {count(t['picks'], 'card')} from the supply",
            {"take": kinds(state["supply"])})


def empty_cities(state: dict) -> list[str]:
    """Where a palace won by an influence tile may go: an empty city, or the city where the
    crown palace went this visit if it stands alone there ("one normal palace may be placed
    there later in the visit")."""
    crown = state["court"].get("crown_city")
    return [c for c in CITIES_OF[current(state)] if not state["palaces"].get(c)
            or (c == crown and len(state["palaces"][c]) == 1)]


def token(action: str, arg: object) -> str:
    return action if arg is None else KIND.get(str(arg), str(arg))
