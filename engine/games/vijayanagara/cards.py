"""The deck (2.1) and each card as the game shows it: its title, its order and sides, and
the end of a card's turn (2.3.8: the next card is revealed)."""

from __future__ import annotations

from typing import Any, overload

from engine import rng
from engine.games.vijayanagara import decks, events
from engine.games.vijayanagara.data import SHORT, SPECIAL_TITLES


def build_deck(state: dict) -> tuple[list[str], list[str]]:
    """Return (deck top first, cards left out of this game)."""
    ev = rng.shuffle(state, [f"e{n}" for n in sorted(decks.events(state))])
    mongols = rng.shuffle(state, sorted(decks.mongols(state)))
    stacks = [ev[i * 6:(i + 1) * 6] for i in range(4)]
    for i in range(3):
        stacks[i] = rng.shuffle(state, stacks[i] + mongols[2 * i:2 * i + 2])
    stacks[3] = rng.shuffle(state, stacks[3] + ["t1", "t2"])
    # Whichever Timurid card is drawn first is the first one (2.6): label them in order.
    timurid = iter(["t1", "t2"])
    stacks[3] = [next(timurid) if c[0] == "t" else c for c in stacks[3]]
    deck = stacks[0] + ["s1"] + stacks[1] + ["s2"] + stacks[2] + ["s3"] + stacks[3]
    return deck, ev[24:] + mongols[6:]


def card_title(state: dict, card: str) -> str:
    if card[0] == "e":
        return decks.events(state)[int(card[1:])]["title"]
    if card[0] == "m":
        return f"Mongol Invasion ({SHORT[decks.mongols(state)[card]['faction']]})"
    return SPECIAL_TITLES[card]


@overload
def card_info(state: dict, card: str) -> dict: ...
@overload
def card_info(state: dict, card: None) -> None: ...
def card_info(state: dict, card: str | None) -> dict | None:
    if card is None:
        return None
    info: dict[str, Any] = {"id": card, "title": card_title(state, card)}
    if card[0] == "e":
        c = decks.events(state)[int(card[1:])]
        info.update(number=c["number"], order=list(c["order"]),
                    stay_eligible=c["stay_eligible"], year=c.get("year"),
                    sides=events.sides(state, c["number"]),
                    text={side: events.text(state, c["number"], side)
                          for side in ("unshaded", "shaded")})
        info["kind"] = "event"
    else:
        info["kind"] = {"m": "mongol", "s": "succession", "t": "timurid"}[card[0]]
        if card[0] == "m":
            info["faction"] = decks.mongols(state)[card]["faction"]
    return info


def end_turn(state: dict) -> None:
    state["turn_ended"] = True
