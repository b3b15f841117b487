"""The Vijayanagara picture frames every space an action of the current card touched (up
to four factions act on one card), not only the last action's."""

from __future__ import annotations

import pytest

from engine import games
from engine.games.vijayanagara.samples import GAME_SEED
from engine.games.vijayanagara.samples import game as vijayanagara_game
from renderer import common
from renderer.vijayanagara import board


def framed(view: dict) -> set[str]:
    """The spaces the picture of ``view`` frames as touched on this card."""
    with common.recording() as drawn:
        board.draw(view)
    return {d.text.removeprefix("this card: ") for d in drawn
            if d.marker and d.text.startswith("this card: ")}


def card_runs(states: list[dict]) -> list[list[dict]]:
    """The states of a game grouped by the card they were played on, in order."""
    runs: list[list[dict]] = []
    for s in states:
        if runs and runs[-1][-1]["current"] == s["current"]:
            runs[-1].append(s)
        else:
            runs.append([s])
    return runs


@pytest.mark.slow
def test_every_action_of_the_current_card_is_framed():
    g = games.get("vijayanagara")
    states = vijayanagara_game(GAME_SEED)[:400]
    checked = 0
    for run in card_runs(states):
        so_far: set[str] = set()  # spaces touched by the card's actions up to each state
        for s in run:
            so_far |= set(s["touched"])
            if not s["touched"] and len(s["turn"]["acted"] if s["turn"] else []) >= 2 \
                    and len(so_far) > len(set(s["last_touched"])):
                assert framed(g.view(s, None)) == so_far, s["move"]
                checked += 1
    assert checked >= 3  # positions where the last action alone would show less


@pytest.mark.slow
def test_a_new_card_shows_the_last_action_until_one_is_taken_on_it():
    g = games.get("vijayanagara")
    states = vijayanagara_game(GAME_SEED)[:400]
    first = [run[0] for run in card_runs(states)[1:] if run[0]["last_touched"]]
    assert first
    for s in first[:5]:
        assert framed(g.view(s, None)) == set(s["last_touched"])
