"""The Vijayanagara picture of what changed since a player's last move: every change
between the two spectator views is marked (a frame on each changed space, an arrow for
pieces that moved), nothing else, and a picture of a view since itself marks nothing."""

from __future__ import annotations

import copy

import pytest

import renderer
from engine import games
from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.samples import PLAYERS
from engine.games.vijayanagara.samples import game as vijayanagara_game
from renderer import common
from renderer.vijayanagara.since import changes

G = games.get("vijayanagara")


def marks(view: dict, before: dict) -> tuple[set[str], set[tuple[str, str, str]], list]:
    """(spaces framed as changed, moves drawn as (kind, from, to), every text noted)."""
    with common.recording() as drawn:
        png = _since(view, before)
    assert png[:4] == b"\x89PNG"
    framed = {d.text.removeprefix("changed: ") for d in drawn
              if d.marker and d.text.startswith("changed: ")}
    moved = set()
    for d in drawn:
        if d.marker and d.text.startswith("moved: "):
            kind, way = d.text.removeprefix("moved: ").split(" ")
            a, b = way.split("→")
            moved.add((kind, a, b))
    return framed, moved, drawn


def _since(view: dict, before: dict) -> bytes:
    return renderer.render("vijayanagara", view, players=dict(PLAYERS), before=before)


def three_moves(seed: int) -> tuple[dict, dict]:
    """(before, now): the spectator view just after one faction's move, and after the two
    other factions (the computer's Mongols included, where they act) have moved since."""
    states = vijayanagara_game(seed)
    for i in range(1, len(states) - 1):
        mover = G.view(states[i - 1], None)["active"]
        if mover != G.view(states[i], None)["active"] and len(mover) == 1:
            others: set[str] = set()
            for j in range(i + 1, len(states)):
                acted = G.view(states[j - 1], None)["active"]
                if acted != mover:
                    others.update(acted)
                if len(others - set(mover)) >= 2 and G.view(states[j], None)["active"] == mover:
                    before, now = G.view(states[i], None), G.view(states[j], None)
                    if differing(before, now):  # not a stretch of passes
                        return before, now
                    break
    raise AssertionError("no such stretch")


def differing(before: dict, now: dict) -> set[str]:
    return {s for s in geo.SPACES if before["spaces"][s] != now["spaces"][s]}


@pytest.mark.slow
def test_marks_cover_exactly_what_changed_since_the_last_move():
    for seed in (3, 56):
        before, now = three_moves(seed)
        kept = copy.deepcopy((before, now))
        framed, moved, _ = marks(now, before)
        assert framed == differing(before, now), seed
        for kind, a, b in moved:  # each arrow: fewer there, more here, next door
            assert now["spaces"][a]["pieces"].get(kind, 0) < before["spaces"][a]["pieces"].get(
                kind, 0)
            assert now["spaces"][b]["pieces"].get(kind, 0) > before["spaces"][b]["pieces"].get(
                kind, 0)
            assert b in geo.ADJ[a]
        assert (before, now) == kept  # only read


@pytest.mark.slow
def test_a_view_since_itself_marks_nothing():
    _, now = three_moves(3)
    framed, moved, drawn = marks(now, now)
    assert framed == set() and moved == set()
    assert any("no space changed" in d.text for d in drawn)


def test_a_march_is_an_arrow():
    start = G.view(G.setup(1, {}), None)
    sp = next(s for s in geo.SPACES if start["spaces"][s]["pieces"].get("troop"))
    to = next(iter(geo.ADJ[sp]))
    spaces = copy.deepcopy(start["spaces"])
    spaces[sp]["pieces"]["troop"] -= 1
    spaces[to]["pieces"]["troop"] = spaces[to]["pieces"].get("troop", 0) + 1
    now = {**start, "spaces": spaces}
    assert changes(start, now).moves == (("troop", sp, to),)
    framed, moved, _ = marks(now, start)
    assert framed == {sp, to} and moved == {("troop", sp, to)}
