"""Taj Mahal: a card has one name, the one a player types for it (`green-general-mogul`),
whichever copy it is and wherever it is named: the log, the buttons, the hand, refusals,
the score text and the position in words (/board text and the image's alt text)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.games.taj_mahal import rules as tm
from engine.games.taj_mahal.data import CARD_IDS
from engine.games.taj_mahal.texts import score_report
from renderer import alt_text, describe
from tests.engine.taj_mahal.positions import bring, dealt

KINDS = sorted(set(tm.KIND.values()), key=len, reverse=True)
SYMBOL_WORDS = ("vizier", "general", "monk", "princess", "mogul", "elephant")


def names_in(text: str) -> list[str]:
    """The card names a text uses, longest first (`special-2points` is not `special-2`)."""
    found = []
    for k in KINDS:
        found += [k] * text.count(k)
        text = text.replace(k, " ")
    return found


def only_name(text: str, kind: str, *, code: bool) -> None:
    """``text`` names the card by ``kind`` alone (as inline code in Discord text): no
    other card name, and no symbols spelt out beside it."""
    assert names_in(text) == [kind], text
    assert (f"`{kind}`" in text) == code, text
    rest = text.replace(kind, "").lower()
    assert " + " not in rest and not any(s in rest for s in SYMBOL_WORDS), text


def _play_step(cid: str) -> str:
    colour = tm.CARDS[cid]["colour"]
    return "play" if colour in tm.COLOURED else colour if colour == "white" else "special"


def _played_log(cid: str) -> list[str]:
    """The log lines of playing this very copy, by its player."""
    kind = tm.KIND[cid]
    partner = "violet-princess-mogul" if kind.startswith("red") else "red-vizier-mogul"
    state, role = dealt(partner)
    state["hands"][role].append(bring(state, cid, role))
    before = len(state["log"])
    if cid == "sp_colour_change":
        state = tm.act(state, role, "special", kind)
        state = tm.act(state, role, "play", partner)
    elif tm.CARDS[cid]["colour"] in tm.COLOURED:
        state = tm.act(state, role, "play", kind)
    else:
        state = tm.act(state, role, "play", partner)
        state = tm.act(state, role, _play_step(cid), kind)
    return [x for x in state["log"][before:] if kind in x]


@pytest.mark.parametrize("cid", CARD_IDS)
def test_every_copy_of_a_card_is_named_as_it_is_typed_everywhere(cid):
    kind = tm.KIND[cid]
    # In the hand: the hand text, the button, the log line of playing it, the score text.
    state, role = dealt()
    state["hands"][role].append(bring(state, cid, role))
    only_name(tm.hand_text(tm.view(state, role)).split(": ", 1)[1], kind, code=True)
    only_name(tm.describe(_play_step(cid), cid), kind, code=False)
    lines = _played_log(cid)
    assert lines and f"plays `{kind}`." in lines[0]
    for line in lines:
        only_name(line, kind, code=True)
    if cid in tm.SPECIAL_IDS:
        held = [x for x in score_report(state).split("\n") if kind in x]
        assert held and f"special: `{kind}`" in held[0]
    # Not in the hand: the refusal names it.
    state, role = dealt("red-vizier-mogul" if kind != "red-vizier-mogul" else "red-monk-princess")
    with pytest.raises(IllegalAction) as e:
        tm.act(state, role, _play_step(cid), cid)
    assert str(e.value).startswith(f"`{kind}` is not possible now. You have no `{kind}` in "
                                   "your hand.")
    if cid in tm.SPECIAL_IDS:
        return  # never in the supply
    # In the supply: /board text and alt text (plain), the button and the log of taking it.
    state, role = dealt("red-vizier-general")
    state["supply"] = [bring(state, cid, role)]
    for text in (describe("taj_mahal", tm.view(state, None)),
                 alt_text("taj_mahal", tm.view(state, None))):
        supply = next(x for x in text.split("\n") if x.startswith("Supply: "))
        only_name(supply.removeprefix("Supply: "), kind, code=False)
    state = tm.act(state, role, "withdraw")
    only_name(tm.describe("take", cid), kind, code=False)
    line = next(x for x in state["log"] if "from the supply" in x)
    only_name(line, kind, code=True)


def test_the_trade_for_a_special_card_names_it_as_typed():
    """Ending a visit: two identical influence tiles trade for their special card."""
    state, role = dealt()
    state["players"][role]["influence"]["princess"] = 2
    for r in state["roles"]:
        state["players"][r]["out"] = r != role
    state = tm.act(state, role, "withdraw")
    while tm.active(state) == [role]:
        state = tm.act(state, role, "take", state["supply"][0])
    assert f"{tm.ROLE_NAMES[role]} trades two Princess tiles for `special-2points`." in \
        state["log"]
