"""Taj Mahal's "since your last move" marks: in a three-player game the computer plays,
after one seat's turn and the two others' answers, the picture rings exactly the cities
that got a palace, shows the points each player won beside their score, names every card
laid and every withdrawal in words under the key, reads nothing but the two spectator
views, and marks nothing when nothing changed."""

from __future__ import annotations

import re
from functools import cache

import pytest

import renderer
from engine import games
from engine.games.taj_mahal import data
from renderer.common import recording
from renderer.taj_mahal import map as geo
from tests.renderer.drawn import Reading
from tools import arena

TM = games.get("taj_mahal")
PLAYERS = {"red": "ravi", "blue": "Meena", "green": "arjun"}


@cache
def turns(seed: int, n: int) -> tuple[tuple[str, tuple, dict], ...]:
    """(role, steps, spectator view after) for the first ``n`` turns of a seeded game the
    computer plays in three seats."""
    state = TM.setup(seed, {"players": 3})
    out = [("", (), TM.view(state, None))]
    for i, (role, steps, after) in enumerate(arena.turns(TM, state, {}, arena.computer(TM))):
        if i >= n:
            break
        out.append((role, tuple(steps), TM.view(after, None)))
    return tuple(out)


def marks(view: dict, before: dict) -> tuple[set[str], dict[str, int], str]:
    """What the since picture marks: the cities ringed, the points beside each score, and
    the words under the key."""
    with recording() as drawn:
        renderer.render("taj_mahal", view, players=PLAYERS, before=before)
    ringed = set()
    for d in drawn:
        if d.marker and d.text == "ringed":
            x, y = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            ringed |= {c for c, xy in geo.CITY_XY.items()
                       if abs(xy[0] - x) < 1 and abs(xy[1] - y) < 1}
    gained = {}
    for d in drawn:
        found = re.fullmatch(r"(\d+) \(\+(\d+)\)", d.text)
        if found:
            role = next(r for r, p in view["players"].items() if p["score"] == int(found[1]))
            gained[role] = int(found[2])
    words = " ".join(d.text for d in drawn if d.info)
    return ringed, gained, words[words.index("Since your last move"):]


def check(window: tuple[tuple[str, tuple, dict], ...]) -> int:
    """``window``: the turn that gives ``before``, then the turns since."""
    before, now = window[0][2], window[-1][2]
    ringed, gained, words = marks(now, before)
    steps = [(role, step) for role, steps, _ in window[1:] for step in steps]
    assert ringed == {arg for _, (kind, arg) in steps if kind == "city"}
    assert gained == {r: p["score"] - before["players"][r]["score"]
                      for r, p in now["players"].items()
                      if p["score"] != before["players"][r]["score"]}
    ended = now["visit"] != before["visit"]
    for role, (kind, arg) in steps:
        if kind == "play" and not ended and not now["players"][role]["out"]:
            assert re.search(rf"{role.capitalize()} laid [^;]*{arg}", words), (role, arg)
        if kind == "withdraw":
            assert f"{role.capitalize()} withdrew" in words or "ended" in words
    if ended:
        province = data.PROVINCE_NAMES[before["province"]]
        assert f"Visit {before['visit']} ({province}) ended" in words
    return len(ringed) + len(gained)


@pytest.mark.slow
def test_the_marks_cover_exactly_the_two_others_turns():
    played = turns(5, 60)
    kinds, marked = set(), 0
    for i in range(1, len(played) - 2, 3):
        marked += check(played[i:i + 3])
        kinds |= {k for _, steps, _ in played[i + 1:i + 3] for k, _ in steps}
    assert {"play", "withdraw", "city"} <= kinds and marked > 5


def test_the_marks_cover_a_turn_of_cards():
    played = turns(5, 4)
    check(played[1:4])


def test_nothing_is_marked_when_nothing_changed():
    view = turns(5, 4)[-1][2]
    ringed, gained, words = marks(view, view)
    assert (ringed, gained) == (set(), {})
    assert words.startswith("Since your last move: no card laid, no withdrawal.")


def test_the_marks_read_only_the_two_spectator_views():
    played = turns(5, 4)
    Reading.read = set()
    renderer.render("taj_mahal", Reading(played[-1][2]), players=PLAYERS,
                    before=Reading(played[1][2]))
    assert Reading.read <= set(TM.view(TM.setup(1, {"players": 3}), None))
    assert "hand" not in Reading.read
