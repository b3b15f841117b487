"""Rajas of the Ganges' status lines (renderer/rajas/words.py, issue 26): what left the picture
for the post's text — the order of play, each player's fame, money, margin, karma,
workers and building levels — short, whole, from the spectator view only."""

from __future__ import annotations

import re

import pytest

import renderer
from engine import games
from engine.games.rajas import rules as R
from tools import arena

NAMES = {"red": "ravi", "yellow": "Meena", "white": "Computer", "black": "Asha"}


def test_the_order_of_play_and_every_players_standing():
    state = R.setup(3, {"players": 4})
    view = R.view(state, None)
    p = view["players"]
    start = view["start"]
    text = renderer.status("rajas", view, NAMES)
    head, *rows = text.split("\n")
    order = state["roles"][state["roles"].index(start):] + state["roles"][
        :state["roles"].index(start)]
    assert head == "Round 1: " + " → ".join(
        f"**{r.capitalize()}**" if r == start else r.capitalize() for r in order)
    assert [row.split(" (")[0] for row in rows] == [r.capitalize() for r in order]
    first = p[order[0]]
    assert rows[0] == (f"{order[0].capitalize()} ({NAMES[order[0]]}): 0 fame, "
                       f"{first['money']} money ({-first['margin']} to go), karma 1, "
                       "3/3 workers")
    assert len(text) <= 300
    view["players"][order[1]]["upgrades"].update(temple=2, fort=1)
    assert renderer.status("rajas", view, NAMES).split("\n")[2].endswith(
        "3/3 workers, T4 F3")


@pytest.mark.slow
def test_a_game_in_play_and_a_game_over():
    g = games.get("rajas")
    seen = False
    for _role, _steps, state in arena.turns(g, g.setup(8, {"players": 2}), {},
                                            arena.computer(g)):
        view = g.view(state, None)
        text = renderer.status("rajas", view, {})
        assert len(text) <= 600 and text.count("**") == (0 if view["result"] else 2)
        assert not re.search(r"\*\*[^*\n]+\*\*:\s*(\n|$)", text)
        for r, p in view["players"].items():
            assert f"{r.capitalize()}: {p['fame']} fame, {p['money']} money" in text
        seen = seen or any(p["upgrades"]["temple"] for p in view["players"].values())
    assert seen and text.startswith(f"Final, round {view['round']}:")


def test_the_status_reads_the_spectator_view_only():
    """Nothing a player may not know: a mover's own view (with the steps offered) says
    exactly what the public one does."""
    g = games.get("rajas")
    state = g.setup(9, {"players": 2})
    role = g.view(state, None)["active"][0]
    assert renderer.status("rajas", g.view(state, role), NAMES) == renderer.status(
        "rajas", g.view(state, None), NAMES)
