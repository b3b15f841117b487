"""Vijayanagara's status lines: what the public post says beside the picture (issue 26),
because it reads better as text on a phone than in a picture 400 px wide: the current
card and what it does, the Sequence of Play on it, each faction's victory points,
Resources and Cavalry, the Dynasty, the deck and the Cavalry pool."""

from __future__ import annotations

import pytest

import renderer
from engine import games
from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.samples import game as vijayanagara_game
from engine.games.vijayanagara.samples import views as vijayanagara_views

VIEWS = vijayanagara_views()


def status(view: dict) -> str:
    return renderer.status("vijayanagara", view, {"delhi": "ravi"})


def test_the_card_its_text_and_the_sequence_of_play():
    view = VIEWS["crowded"]
    card = view["card"]
    said = status(view).split("\n")
    assert said[0] == f"**Card {card['number']}: {card['title']}** ({card['year']})"
    assert said[1] == f"Unshaded: {card['text']['unshaded']}"
    assert said[2] == f"Shaded: {card['text']['shaded']}"
    # in the card's order: who acted and how, who acts now, who may not
    assert said[3] == ("Order: Vijayanagara Ineligible → Delhi Command ✓ → "
                       "**Bahmani to act**")


def test_stay_eligible_and_an_event_played():
    view = VIEWS["start"]
    assert view["card"]["stay_eligible"]
    head = status(view).split("\n")[0]
    assert head.endswith(" · Stay Eligible")
    # once a faction has played the Event, its text is done with: the card is named only
    first = view["card"]["order"][0]
    played = {**view, "active": [view["card"]["order"][1]],
              "turn": {"acted": [first], "cmd_decree": None, "event_or_command": first,
                       "choices": {first: "event"}}}
    said = status(played)
    assert "Unshaded" not in said and "Shaded" not in said
    assert f"{geo.SHORT[first]} Event ✓" in said


def test_the_numbers_of_every_faction_the_dynasty_and_the_deck():
    view = VIEWS["crowded"]
    f = view["factions"]
    said = status(view)
    assert ("VP / Resources / Cavalry: "
            f"Delhi {f['delhi']['vp']}/{f['delhi']['resources']}/{f['delhi']['cavalry']} · "
            f"Bahmani {f['bahmani']['vp']}/{f['bahmani']['resources']}/"
            f"{f['bahmani']['cavalry']} · Vijayanagara {f['vijayanagara']['vp']}/"
            f"{f['vijayanagara']['resources']}/{f['vijayanagara']['cavalry']}") in said
    assert (f"{view['dynasty'].capitalize()} Dynasty · deck {view['deck_size']} cards "
            f"(no Succession) · Cavalry pool {view['cavalry_pool']}") in said
    start = status(VIEWS["start"])
    assert "(3 Succession to come)" in start


@pytest.mark.parametrize(("card", "words"), [
    ({"id": "m1", "title": "Mongol Invasion (Bahmani)", "kind": "mongol",
      "faction": "bahmani"}, f"**Mongol Invasion (Bahmani)**: Bahmani {geo.MONGOL_TEXT}"),
    ({"id": "s1", "title": "Zenith of the Delhi Sultanate", "kind": "succession"},
     f"**Zenith of the Delhi Sultanate**: {geo.SPECIAL_TEXTS['s1']}"),
    ({"id": "t9", "title": "Timur", "kind": "timurid"}, "**Timur**"),
    ({"id": "e5", "title": "By hand", "number": 5, "kind": "event", "order": [],
      "stay_eligible": False, "text": {"unshaded": "", "shaded": ""}},
     "Unshaded: by hand: read your card"),
])
def test_every_kind_of_card(card, words):
    assert words in status({**VIEWS["start"], "card": card})


def test_a_finished_game_says_the_final_numbers_only():
    said = status(VIEWS["end"])
    assert said.startswith("VP / Resources / Cavalry: ") and "\n" not in said


def test_short_enough_for_a_post_and_only_what_the_spectator_view_holds():
    """A few lines, whatever the position: the card's two sides are most of it. The lines
    come from the spectator view (no player's secrets: Vijayanagara has none, and the
    status reads nothing else)."""
    g = games.get("vijayanagara")
    for state in vijayanagara_game(3)[::25]:
        view = g.view(state, None)
        said = status(view)
        assert len(said) <= 600 and len(said.split("\n")) <= 6
        assert said == renderer.status("vijayanagara", view, {})
