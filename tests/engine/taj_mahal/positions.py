"""Taj Mahal positions for tests: seed 3's opening (three players; Green begins in Ajmer,
cities ajmer1 to ajmer4) with the cards that matter put where a test needs them."""

from __future__ import annotations

from engine.games.taj_mahal import rules as tm
from engine.games.taj_mahal.data import CARD_IDS

SEED = 3


def bring(state: dict, card: str, role: str) -> str:
    """``card`` (a copy's id, or a name: then a copy not yet with ``role``) taken from
    wherever it lay, for ``role``; a special card's holder is ``role`` from now on."""
    mine = state["hands"][role] + state["players"][role]["played"]
    cid = card if card in CARD_IDS else next(
        c for c in CARD_IDS if tm.KIND[c] == card and c not in mine)
    for pile in (state["deck"], state["supply"], state["discard"], *state["hands"].values()):
        if cid in pile:
            pile.remove(cid)
    if cid in tm.SPECIAL_IDS:
        state["specials"][cid] = role
    return cid


def dealt(*hand: str, played: tuple[str, ...] = ()) -> tuple[dict, str]:
    """The opening with the player to act holding exactly ``hand`` (their dealt cards go
    to the deck) and, as if from earlier turns of this visit, ``played`` out: the first
    coloured one binds their colour. Returns the state and that player's colour."""
    state = tm.setup(SEED, {"players": 3})
    role = tm.active(state)[0]
    state["deck"] += state["hands"][role]
    state["hands"][role] = []
    for card in hand:
        state["hands"][role].append(bring(state, card, role))
    p = state["players"][role]
    for card in played:
        p["played"].append(bring(state, card, role))
        p["moved"] = True
        if p["colour"] is None and tm.CARDS[card]["colour"] in tm.COLOURED:
            p["colour"] = tm.CARDS[card]["colour"]
    return state, role
