"""The main Rajas picture (renderer/rajas/board.py, issue 39): landscape, every text and
marker at the phone floors, no code without its words on the picture, the whole position
in the picture or the post's text, and every change since an earlier view marked."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import renderer
from engine import games
from engine.games.rajas import data
from engine.games.rajas.samples import PLAYERS, views
from renderer.common import (
    PHONE_INFO_FLOOR_PX,
    PHONE_MARKER_FLOOR_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    Drawn,
    recording,
)
from renderer.rajas import board
from renderer.rajas.since import changes
from renderer.rajas.symbols import KEY, keys, parts
from tests.renderer.drawn import clashes, outside, size
from tools import arena

NAMES = {"red": "ravi", "yellow": "Meena the Magnificent", "white": "Computer",
         "black": None}


def drawn(view: dict, players=NAMES, before: dict | None = None,
          focus: str | None = None) -> tuple[list[Drawn], bytes]:
    with recording() as said:
        png = renderer.render("rajas", view, players=players, before=before, focus=focus)
    return said, png


def problems(view: dict, players=NAMES, focus: str | None = None) -> list[str]:
    """What keeps the picture (``focus``: that player's province view) from a phone:
    texts, names or markers under the floors, cut, overlapping, or a shape that a chat
    column or the desktop box would show narrower than 400 px."""
    said, png = drawn(view, players, focus=focus)
    w, h = size(png)
    at = PHONE_WIDTH / w
    info = [d for d in said if d.info]
    names = {data.ROLE_NAMES[r] for r in view["players"]} | {"S"}
    out = [f"small {d.text} {d.px * at:.1f}" for d in info if d.px * at < PHONE_INFO_FLOOR_PX]
    out += [f"name {d.text}" for d in info
            if d.text in names and d.px * at < PHONE_NAME_FLOOR_PX]
    out += [f"marker {d.text}" for d in said if d.marker and d.px * at < PHONE_MARKER_FLOOR_PX]
    out += [f"cut {t}" for t in outside(said, (w, h))]
    out += [f"overlap {c}" for c in clashes(info)]
    if not 8 / 7 <= w / h <= 11 / 7:
        out.append(f"shape {w} × {h}")
    return out


def positions(seed: int, options: dict, every: int) -> Iterator[dict]:
    """Every ``every``-th turn of a seeded game of random players, and its end."""
    g = games.get("rajas")
    player = arena.random_player(g, random.Random(seed))
    state = g.setup(seed, options)
    for k, (_role, _steps, after) in enumerate(arena.turns(g, state, {}, player)):
        state = after
        if k % every == 0:
            yield g.view(state, None)
    yield g.view(state, None)


def test_the_sample_pictures_are_landscape_and_readable_on_a_phone():
    for name, view in views().items():
        assert problems(view, PLAYERS) == [], name


def test_a_long_name_is_cut_in_the_title_rather_than_making_it_two_lines():
    """Four players' provinces and a two-line title made the picture too tall for the
    desktop's box (soak seed 14): the name is cut short, the words around it kept."""
    view = {**views()["mid"], "end": True}
    who = view["active"][0]
    long = {**NAMES, who: "Meena the Magnificent of the Eastern Ghats"}
    said, png = drawn(view, long)
    titles = [d.text for d in said if d.text.startswith(f"Round {view['round']}:")]
    assert len(titles) == 1 and titles[0].endswith("…) to play (last stage)"), titles
    assert "Meena the" in titles[0]
    w, h = size(png)
    assert size(drawn(view, {**NAMES, who: "Meena"})[1]) == (w, h)  # as tall as one line


@pytest.mark.slow
def test_random_positions_are_readable_on_a_phone():
    bad = [p for v in positions(3, {"players": 4, "mango": True, "ganga": True}, 9)
           if (p := problems(v))]
    assert bad == []


@pytest.mark.soak
@pytest.mark.parametrize("seed, options", [
    (11, {"players": 2}), (12, {"players": 3, "variant": "navaratnas", "mango": True}),
    (13, {"players": 4, "ganga": True}), (14, {"players": 4, "mango": True})])
def test_many_random_positions_are_readable_on_a_phone(seed, options):
    bad = [p for v in positions(seed, options, 2) if (p := problems(v))]
    assert bad == []


# --- no code without its words --------------------------------------------------------------


def test_every_symbol_an_earning_can_show_is_keyed_in_words():
    codes = {*data.RIVER["spaces"], *data.RIVER["ganga_tiles"],
             *(t["bonus"] for t in data.TILES.values() if t.get("bonus"))}
    for code in codes:
        texts = [t for kind, t in parts(code) if kind == "text"]
        entries = keys(code)
        for t in texts:
            for sym in ("$", "★", "K", "Up", "W", "→", "Ch", "mix", "sell", "/", "mkt"):
                if sym in t:
                    assert sym in entries or any(sym in KEY[e] for e in entries), (code, t)
        if any(kind == "die" for kind, _ in parts(code)):
            assert "die" in entries, code


def test_the_key_on_the_picture_names_every_symbol_drawn():
    view = views()["mid"]
    said, _ = drawn(view)
    key = " ".join(d.text for d in said if d.text.startswith("Key:") or d.box[1] > 0)
    for code in view["river"]:
        for entry in keys(code):
            assert KEY[entry].split(" (")[0] in " ".join(key.split()), (code, entry)
    assert [d for d in said if d.marker and d.text.startswith("die ")]  # dice drawn as dice


# --- the whole position: in the picture or the post's text ---------------------------------


@pytest.mark.parametrize("name", ["mid", "placing"])
def test_every_item_of_the_whole_position_is_in_the_picture_or_the_text(name):
    """docs/rajas.md "What the post shows": each item found where the table says."""
    view = views()[name]
    said, png = drawn(view, PLAYERS)
    at = PHONE_WIDTH / size(png)[0]
    texts = {d.text for d in said if d.info and d.px * at >= PHONE_INFO_FLOOR_PX}
    marks = {d.text for d in said if d.marker and d.px * at >= PHONE_MARKER_FLOOR_PX}
    status = renderer.status("rajas", view, PLAYERS)
    who = view["active"][0]
    # whose turn (the title) and what is in hand (the tile taken, while it is placed)
    assert any(data.ROLE_NAMES[who] in t and "to play" in t for t in texts)
    if board.held_tile(view):
        assert "in hand" in texts
    for r, p in view["players"].items():
        # the tracks that decide the game, karma, workers: the text
        assert f"{p['fame']} fame, {p['money']} money" in status
        assert f"karma {p['karma']}" in status
        # the boats, every province, the dice: the picture
        assert f"boat {r} on {p['boat']}" in marks
        assert len([m for m in marks if m.startswith("tile ")]) >= len(p["cells"])
        assert f"player {r}" in marks and data.ROLE_NAMES[r] in texts
        assert all(str(v) in texts for _c, v in p["dice"] if v)
    # the tiles for sale, their costs and contents
    for tid in filter(None, view["display"].values()):
        assert all(line in texts for line in board.contents(tid)), tid
        assert str(data.TILES[tid]["cost"] or "2=") in texts
    # the worker spaces taken: the text
    for space, who_ in view["used"].items():
        for r in who_:
            assert data.ROLE_NAMES[r] in status.split("Workers out:")[1], space


# --- marks since an earlier view --------------------------------------------------------------


def three_turns(seed: int) -> tuple[dict, dict]:
    """A 3-player computer game: the spectator view after a seat's turn, and after the
    next two seats' turns."""
    g = games.get("rajas")
    seen = []
    for _role, _steps, state in arena.turns(g, g.setup(seed, {"players": 3}), {},
                                            arena.computer(g)):
        seen.append(g.view(state, None))
        if len(seen) == 8:
            break
    return seen[4], seen[7]


def expected(before: dict, now: dict) -> set[str]:
    """Every change the picture shows, read off the two views field by field."""
    out = set()
    for r, p in now["players"].items():
        q = before["players"][r]
        if p["boat"] != q["boat"]:
            out.add(f"changed boat {r} {q['boat']} {p['boat']}")
        if p["cells"] != q["cells"]:
            out.add(f"changed province {r}")
        if p["dice"] != q["dice"]:
            out.add(f"changed dice {r}")
    return out | {f"changed {k}" for k, t in now["display"].items()
                  if t != before["display"][k]}


@pytest.mark.parametrize("seed", [5, 21])
def test_the_marks_cover_exactly_the_changes_since_an_earlier_view(seed):
    before, now = three_turns(seed)
    said, _ = drawn(now, before=before)
    marked = {d.text for d in said if d.marker and d.text.startswith("changed ")}
    assert marked == expected(before, now) and marked
    plain, _ = drawn(now, before=now)
    assert not [d for d in plain if d.marker and d.text.startswith("changed ")]


def test_the_marks_read_only_what_spectators_see():
    """The same two positions with the stacks dealt anew and other dice to come: the same
    marks (both views are spectator views; nothing hidden changes them)."""
    g = games.get("rajas")
    start = g.setup(6, {"players": 3})
    turns = [s for _k, (_r, _s, s) in zip(range(5), arena.turns(
        g, start, {}, arena.computer(g)), strict=False)]
    a, b = turns[1], turns[4]
    assert changes(g.view(a, None), g.view(b, None)) == changes(
        g.view(games.redealt(g, a, 3), None), g.view(games.redealt(g, b, 3), None))
