"""Maharaja's "since your last move" picture (renderer/maharaja/since.py, marks.py): after
a seat moved and two other seats moved, the picture marks exactly the changes between the
two spectator views (an arrow per move, a frame per chip or factory that came or changed,
a pale chip or house per loss), reads nothing but those views, keys every mark it draws,
and marks nothing when nothing changed."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import renderer
from engine import games, matches
from engine.games.maharaja import data
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from renderer.common import Drawn, recording
from renderer.maharaja import board as P
from renderer.maharaja.marks import KEY_WORDS
from renderer.maharaja.since import Changes, Move, changes
from tests.engine.maharaja.play import random_step
from tests.renderer.drawn import clashes, outside, size

G = games.get("maharaja")


def since_a_seats_move(seats: dict, state: dict, skip: int) -> tuple[dict, dict, str]:
    """From ``state``, after ``skip`` turns: the spectator view after one seat's turn, the
    view once two other seats have had theirs (or the game ended), and that seat."""
    before = me = None
    others: set[str] = set()
    now = None
    for i, (role, _steps, after) in enumerate(matches.turns(G, state, seats,
                                                            matches.computer(G))):
        if i == skip:
            before, me = G.view(after, None), role
        elif me is not None:
            if role == me and len(others) >= 2:
                break
            others.add(role) if role != me else None
            now = G.view(after, None)
            if len(others) >= 2 and G.view(after, None)["active"][:1] == [me]:
                break
    assert before is not None and now is not None and me is not None
    return before, now, me


def random_seats(seed: int) -> dict:
    rng = random.Random(seed)
    return {r: matches.random_player(G, rng, ("done",), keep=0.7) for r in ("blue", "red")}


def apply(before: dict, ch: Changes) -> tuple[dict, dict, dict]:
    """The armies, leaders and factories of ``before`` with ``ch`` carried out."""
    armies: Counter = Counter({(p, n): k for p, here in before["armies"].items()
                               for n, k in here.items() if k})
    for m in ch.moves:
        armies[(m.src, m.nation)] -= m.count
        armies[(m.dst, m.nation)] += m.count
    armies.update(ch.placed)
    armies.subtract(ch.lost)
    leaders = dict(before["leaders"])
    for lid, (_, to) in ch.leaders.items():
        if to is None:
            leaders.pop(lid, None)
        else:
            leaders[lid] = to
    factories = {a: c for a, c in before["factories"].items() if a not in ch.razed}
    factories.update(ch.built)
    return +armies, leaders, factories


def pieces(view: dict) -> tuple[Counter, dict, dict]:
    return (Counter({(p, n): k for p, here in view["armies"].items()
                     for n, k in here.items() if k}), view["leaders"], view["factories"])


def is_mark(d: Drawn) -> bool:
    """A mark of what changed (or its key), not a piece the picture notes as a marker."""
    return d.marker and d.text.split(":")[0] in {*KEY_WORDS, "key"}


def marks(drawn: list[Drawn], kind: str) -> list[str]:
    return sorted(d.text.split(": ", 1)[1] for d in drawn
                  if d.marker and d.text.startswith(kind + ": "))


def where(place: str, nation: str) -> str:
    return f"{data.NATION_NAMES[nation]} in {data.NAMES[place]}"


def check_marks(before: dict, now: dict) -> list[Drawn]:
    """The picture of ``now`` since ``before`` marks exactly their differences."""
    kept = copy.deepcopy((before, now))
    ch = changes(before, now)
    assert apply(before, ch) == pieces(now)
    with recording() as drawn:
        png = renderer.render("maharaja", now, players={}, before=before)
    assert (before, now) == kept  # the views are only read
    assert marks(drawn, "moved") == sorted(
        f"{data.NATION_NAMES[m.nation]}, {data.NAMES[m.src]} to {data.NAMES[m.dst]}"
        for m in ch.moves)
    gone = {(p, n) for p, n in ch.lost if not now["armies"].get(p, {}).get(n)}
    assert marks(drawn, "lost") == sorted(
        [where(p, n) for p, n in gone] + [f"factory in {data.NAMES[a]}" for a in ch.razed])
    changed = set(marks(drawn, "changed"))
    # every chip that came, grew or shrank, every factory built or taken, is framed ...
    shrank = {where(p, n) for p, n in set(ch.lost) - gone}
    assert {where(p, n) for p, n in ch.arrived()} | shrank <= changed
    assert {f"factory in {data.NAMES[a]}" for a in ch.built} <= changed
    # ... and nothing else but chips whose leader or badges changed
    badged = {where(p, n) for p, here in now["armies"].items() for n in here
              if n in ch.badges or any(data.LEADERS[lid]["nation"] == n and p in ends
                                       for lid, ends in ch.leaders.items())}
    assert changed <= ({where(p, n) for p, n in ch.arrived()} | badged | shrank
                       | {f"factory in {data.NAMES[a]}" for a in ch.built})
    # the key names every kind of mark drawn
    kinds = {d.text.split(":")[0] for d in drawn if is_mark(d) and not d.text.startswith("key")}
    said = {d.text for d in drawn}
    assert {KEY_WORDS[k] for k in kinds} <= said
    assert outside(drawn, size(png)) == []
    assert clashes([d for d in drawn if d.info]) == []
    return drawn


@pytest.mark.slow
def test_after_two_others_moved_the_marks_cover_exactly_what_changed():
    state = G.setup(5, {"players": 3})
    before, now, me = since_a_seats_move(random_seats(5), state, 40)
    assert before != now
    drawn = check_marks(before, now)
    assert marks(drawn, "moved") and marks(drawn, "changed")


def test_the_same_view_marks_nothing_and_draws_the_plain_picture():
    view = R.view(R.setup(2, {"players": 3}), None)
    with recording() as drawn:
        png = renderer.render("maharaja", view, players={}, before=copy.deepcopy(view))
    assert [d.text for d in drawn if is_mark(d)] == []
    assert png == P.render(view, {})


def test_a_move_a_loss_an_arrival_and_factories_each_marked():
    state = R.setup(1, {})
    f.add(state, "magadha", "guptas", 3)
    f.add(state, "tibet", "guptas", 1)
    state["factories"]["bengal"] = "british"
    before = R.view(state, None)
    f.add(state, "magadha", "guptas", -2)
    f.add(state, "bihar", "guptas", 2)  # next door: a move
    f.add(state, "tibet", "guptas", -1)  # lost
    f.add(state, "sind", "guptas", 1)  # five steps from the loss, too far to move: new
    del state["factories"]["bengal"]
    state["factories"]["orissa"] = "british"
    now = R.view(state, None)
    ch = changes(before, now)
    assert ch.moves == [Move("guptas", "magadha", "bihar", 2)]
    assert ch.lost == {("tibet", "guptas"): 1}
    assert ch.placed == {("sind", "guptas"): 1}
    assert (ch.built, ch.razed) == ({"orissa": "british"}, {"bengal": "british"})
    drawn = check_marks(before, now)
    assert "Gu −1" in {d.text for d in drawn}  # the pale chip where armies were lost


def _seat_views(seed: int, steps: int) -> list[dict]:
    """The spectator view each time the seat to act changes, in a random 3-player game."""
    rng = random.Random(seed)
    state = R.setup(seed, {"players": 3})
    out = [R.view(state, None)]
    for _ in range(steps):
        if state["result"]:
            break
        state = random_step(state, rng)
        view = R.view(state, None)
        if view["active"][:1] != out[-1]["active"][:1]:
            out.append(view)
    return out


@pytest.mark.parametrize("seed", [3])
@pytest.mark.slow
def test_random_play_since_three_seats_back(seed):
    views = _seat_views(seed, 400)
    for i in range(0, len(views) - 3, 7):
        check_marks(views[i], views[i + 3])


@pytest.mark.parametrize("seed", range(10, 16))
@pytest.mark.soak
def test_random_play_since_three_seats_back_soak(seed):
    views = _seat_views(seed, 3000)
    for i in range(0, len(views) - 3, 3):
        check_marks(views[i], views[i + 3])
