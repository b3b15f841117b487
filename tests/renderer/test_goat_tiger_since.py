"""Goat-Tiger's "since your last move" marks: after one side moves and the other answers
(or several turns pass), the picture marks exactly what changed between the two spectator
views (an arrow to each piece that moved, a ring on each goat placed, a ✕ on each goat
taken), reads nothing but those views, and marks nothing when nothing changed."""

from __future__ import annotations

import random
from functools import cache

import pytest

import renderer
from engine import games
from engine.games.goat_tiger import ai as GT_AI
from engine.games.goat_tiger.samples import GAMES, state
from renderer.common import recording
from renderer.goat_tiger.board import POS
from renderer.goat_tiger.since import changes
from tests.renderer.drawn import Reading
from tools import arena

GT = games.get("goat_tiger")
PLAYERS = {"goats": "ravi", "tigers": "Computer"}


@cache
def views_along(seed: int, turns: int) -> list[dict]:
    """Spectator views after each turn of a seeded game: the computer's Tigers (its easy
    level: they leap whenever they can, and what is marked does not depend on how well
    they play) against random Goats."""
    rng = random.Random(seed)
    state = GT.setup(seed, {})
    seats = {"goats": arena.random_player(GT, rng),
             "tigers": lambda s, role: GT_AI.bot_steps(s, role, level="easy")}
    out = [GT.view(state, None)]
    for n, (_role, _steps, after) in enumerate(arena.turns(GT, state, seats, seats["goats"])):
        if n >= turns:
            break
        out.append(GT.view(after, None))
    return tuple(out)


def marked(view: dict, before: dict) -> dict[str, set[str]]:
    """The points the since picture marks, by what the mark says."""
    with recording() as drawn:
        renderer.render("goat_tiger", view, players=PLAYERS, before=before)
    out: dict[str, set[str]] = {"moved": set(), "placed": set(), "goat taken": set(),
                                "taken slot": set()}
    for d in drawn:
        if d.info and d.text.endswith("since)"):  # the tally: "3 / 5 (+2 since)"
            out["taken slot"].add(d.text.split("(+")[1].split()[0])
        if d.marker and d.text in out:
            x, y = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            at = [p for p, xy in POS.items() if abs(xy[0] - x) < 1 and abs(xy[1] - y) < 1]
            out[d.text].update(at)  # a capture's slot in the corner is at no point
    return out


def truth(before: dict, now: dict) -> tuple[set[str], int, int]:
    """What changed, straight from the two views: the points a piece arrived at, how many
    goats were placed and how many taken."""
    b, n = before["board"], now["board"]
    return ({p for p, k in n.items() if b.get(p) != k}, before["in_hand"] - now["in_hand"],
            now["captured"] - before["captured"])


def check(before: dict, now: dict, one_turn: bool = True) -> None:
    marks = marked(now, before)
    arrived, placed, taken = truth(before, now)
    assert marks["moved"] | marks["placed"] == arrived
    # Over several turns a goat may be placed, then taken, or taken and another placed on
    # its point: the two boards cannot tell, and the capture tally gives the count.
    assert len(marks["placed"]) == placed if one_turn else len(marks["placed"]) <= placed
    assert len(marks["goat taken"]) == taken if one_turn else len(marks["goat taken"]) <= taken
    assert marks["taken slot"] == ({str(taken)} if taken else set())
    assert marks["goat taken"] <= {p for p, k in before["board"].items() if k == "goat"}
    # the marks, applied to the earlier board, give the board now
    c = changes(before, now)
    board = dict(before["board"])
    for p in c.taken:
        board.pop(p)
    moving = {m.src: board.pop(m.src) for m in c.moves}
    board.update({m.dst: moving[m.src] for m in c.moves})
    board.update({p: "goat" for p in c.placed})
    assert board == now["board"]


def test_the_marks_cover_the_tigers_leap_after_the_goats_move():
    moves = GAMES["mid"].split()  # the Goats place on c2, then a Tiger leaps over it
    before = GT.view(state(" ".join(moves[:-1])), None)
    now = GT.view(state(GAMES["mid"]), None)
    check(before, now)
    assert changes(before, now).moves[0].over == "c2"


@pytest.mark.slow
def test_the_marks_cover_exactly_the_others_move():
    views = views_along(7, 24)
    leaps = 0
    for i in range(1, len(views) - 1, 2):  # a Goats' move, then the Tigers' answer
        check(views[i], views[i + 1])
        leaps += bool((views[i + 1]["last"] or {}).get("over"))
    assert leaps, "no leap in the game: choose another seed"


@pytest.mark.slow
def test_the_marks_cover_several_turns():
    views = views_along(11, 40)
    for i in range(1, len(views) - 6, 5):
        check(views[i], views[i + 5], one_turn=False)


def test_nothing_is_marked_when_nothing_changed():
    view = GT.view(state(GAMES["mid"]), None)
    assert not any(marked(view, view).values())


def test_the_marks_read_only_the_two_spectator_views():
    moves = GAMES["mid"].split()
    Reading.read = set()
    renderer.render("goat_tiger", Reading(GT.view(state(GAMES["mid"]), None)),
                    players=PLAYERS,
                    before=Reading(GT.view(state(" ".join(moves[:-4])), None)))
    assert Reading.read <= set(GT.view(GT.setup(1, {}), None))
