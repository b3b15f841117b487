"""The Rajas of the Ganges province picture (renderer/rajas/province.py, `/board side:`): the
river with its boats, the workers on their spaces, the display, the acting player's
province and the tile in hand; readable on a phone (issue 26): 880 px wide, every
information text 9 px or more at 400 px, none cut, none over another, over many
positions of random and computer play."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import games
from engine.games.rajas import data
from engine.games.rajas import rules as R
from engine.games.rajas.samples import PLAYERS as RAJAS_PLAYERS
from engine.games.rajas.samples import placing as rajas_placing
from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, Drawn, recording
from renderer.rajas import province as P
from renderer.rajas.art import DIE, code_text, key_lines, key_of, label_font, tile_label
from renderer.rajas.layout import CELL, TILE
from tests.renderer.pixels import near, picture
from tools import arena


def img(view: dict, **kw) -> Image.Image:
    return picture(P.render(view, **kw))


@pytest.fixture(scope="module")
def placing() -> dict:
    """The mover's own preview with a tile taken and paid for (``tools.samples``), in the
    third round of a computer game."""
    g = games.get("rajas")
    start = g.setup(7, {"players": 3})
    state = next(after for _role, _steps, after in arena.turns(g, start, {}, arena.computer(g))
                 if after["round"] == 3)
    return rajas_placing(state)


def test_a_png_the_size_of_a_post():
    png = P.render(R.view(R.setup(1, {"players": 4}), None))
    width, height = Image.open(io.BytesIO(png)).size
    assert width == P.WIDTH == 880 and height < 1700 and len(png) < 400_000


def test_a_boat_shows_on_its_river_space_in_its_players_colour():
    state = R.setup(2, {"players": 3})
    role = state["roles"][0]
    view = R.view(state, None)
    x, y = P.layout()["river5"]
    before = near(img(view), (x, y - 32), 3, P.PLAYER[role])
    view["players"][role]["boat"] = 5
    assert near(img(view), (x, y - 32), 3, P.PLAYER[role]) > before


def test_the_picture_does_not_depend_on_the_stacks_order():
    state = R.setup(4, {"players": 3})
    assert P.render(R.view(state, None)) == P.render(R.view(games.redealt(R, state, 9), None))


def test_any_players_province_can_be_drawn():
    state = R.setup(5, {"players": 3})
    a, b = state["roles"][:2]
    state["players"][b]["cells"] = {"c2": {"tile": "vs1", "roads": ["N", "S"]}}
    view = R.view(state, None)
    assert img(view, province_of=a).tobytes() != img(view, province_of=b).tobytes()


def test_every_tiles_contents_are_set_large_enough_to_read_on_a_phone():
    """Shown 400 px wide, the 880-px picture's 20-px texts are 9 px: every tile's label
    fits a province cell at 20 px or more, most a display tile at 22 or more."""
    for tid in data.TILES:
        label = tile_label(tid)
        assert label, tid
        assert P.label_font(label, CELL - 8).getlength(label) + 2 <= CELL - 2, (tid, label)
        assert label_font(label, TILE - 6).size >= 20, (tid, label)


def test_every_code_has_its_words_in_the_key():
    """The river's and the edges' codes (4$, vD/K, One4, Ch …) are explained in the key
    below the picture, each by the entries its text uses."""
    codes = set(data.RIVER["spaces"]) | set(data.RIVER["ganga_tiles"]) | {
        e[side] for e in data.PROVINCE["edges"].values() for side in ("basic", "navaratnas")
        if e.get(side)} | {
        c for colour in ("white", "yellow", "red", "brown")
        for c in data.FILES["yields"][colour]} | {
        t["bonus"] for t in data.TILES.values() if t.get("bonus")} | {
        data.FILES["mango"]["navaratnas_brown"]}
    for code in codes:
        entries = key_of(code)
        assert entries, code
        words = " ".join(key_lines(entries, 10_000))
        text = code_text(code)
        for piece in ("$", "★", "K", "D", "Up", "W", "R", "Ch", "Mix", "One"):
            if piece in text.split("/")[0]:
                assert piece in words, (code, text, words)
        if "/" in text:
            assert "/" + text.split("/", 1)[1] in words, (code, text, words)


# --- the tile in hand ---------------------------------------------------------------------


@pytest.mark.slow
def test_the_tile_in_hand_is_drawn_on_every_cell_it_may_go_to_and_in_its_slot(placing):
    """The mover's own preview, a tile taken and paid for: it lies nowhere in the view
    (its display slot is empty), yet the picture shows it in its slot, marked, and on each
    cell offered, with the ways to place it written below the province."""
    view = placing
    held = P.held_tile(view)
    assert held and view["display"][data.stack_of(held)] is None
    cells = {str(t).split("-")[0] for t in view["actions"]["cell"]}
    with recording() as drawn:
        im = picture(P.render(view, RAJAS_PLAYERS))
    texts = [d.text for d in drawn]
    g = P._board(view)
    for cell in cells:  # the tile's contents written on every cell offered
        x0, y0, x1, y1 = g.cell_box(cell)
        assert [d for d in drawn if d.text == tile_label(held) and x0 <= d.box[0]
                and d.box[2] <= x1 and y0 <= d.box[1] and d.box[3] <= y1], cell
    assert "in hand" in texts
    assert any(str(view["actions"]["cell"][0]) in t for t in texts)
    colour = DIE[data.TILES[held]["colour"]]
    for cell in cells:
        x0, y0, x1, y1 = g.cell_box(cell)
        assert near(im, (x0 + 5, (y0 + y1) / 2), 2, colour) > 0, cell
    without = {**view, "actions": {}}
    assert P.render(without) != P.render(view)


def test_the_tile_in_hand_is_read_from_the_log():
    view = {"active": ["white"], "players": {"white": {"cells": {}}},
            "log": ["Round 2. Red starts.", "White sends a worker to the quarry.",
                    f"White takes the {data_words('vs5')}."]}
    assert P.held_tile(view) == "vs5"
    placed = {**view, "players": {"white": {"cells": {"d1": {"tile": "vs5", "roads": []}}}}}
    assert P.held_tile(placed) is None
    assert P.held_tile({**view, "log": view["log"][:2]}) is None
    assert P.held_tile({**view, "active": []}) is None


def data_words(tid: str) -> str:
    from engine.games.rajas.words import tile_words
    return tile_words(tid)


# --- nothing cut ------------------------------------------------------------------------------


def test_long_names_and_long_log_lines_are_drawn_whole():
    """A 32-character name takes the title's whole width or a second line; the round's
    first log line (every die of every player) keeps its whole sentences; nothing ends in
    an ellipsis."""
    state = R.setup(3, {"players": 4})
    view = R.view(state, None)
    names = {r: "W" * 32 for r in state["roles"]}
    with recording() as drawn:
        png = P.render(view, names)
    width, height = Image.open(io.BytesIO(png)).size
    info = [d for d in drawn if d.info]
    title = "".join(d.text for d in info if d.px >= 22 and d.box[1] < 80)
    assert "W" * 32 in title.replace(" ", "")
    assert view["log"][-1].split(". ")[0] in " ".join(d.text for d in info)
    assert not [d.text for d in info if "…" in d.text]
    assert not [d.text for d in info if d.box[2] > width or d.box[3] > height]
    assert not _clashes(info)


# --- many positions ---------------------------------------------------------------------------


def _clashes(drawn: list[Drawn]) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes overlap by more than a pixel (as the legibility test
    reads them), found by sweeping down the picture."""
    boxes = sorted(drawn, key=lambda d: d.box[1])
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b.box[1] >= a.box[3] - 1:
                break
            if a.box[0] < b.box[2] - 1 and b.box[0] < a.box[2] - 1:
                out.append((a.text, b.text))
    return out


def _problems(view: dict, players: dict | None, **kw) -> list[str]:
    with recording() as drawn:
        png = P.render(view, players, **kw)
    width, height = Image.open(io.BytesIO(png)).size
    info = [d for d in drawn if d.info]
    small = [d.text for d in info if d.px * PHONE_WIDTH / width < PHONE_MIN_PX]
    cut = [d.text for d in info if "…" in d.text or d.box[0] < 0 or d.box[1] < 0
           or d.box[2] > width or d.box[3] > height]
    return ([f"small {small}"] if small else []) + ([f"cut {cut}"] if cut else []) + (
        [f"overlap {_clashes(info)}"] if _clashes(info) else []) + (
        [f"{len(png)} bytes"] if len(png) > 400_000 else []) + (
        [f"width {width}"] if width != P.WIDTH else [])


GAMES = [  # seed, options, the computer (else random players)
    (1, {"players": 2}, True),
    (2, {"players": 3, "mango": True}, False),
    (3, {"players": 4, "variant": "navaratnas"}, True),
    (4, {"players": 4, "ganga": True, "mango": True}, False),
    (5, {"players": 3, "variant": "navaratnas", "mango": True}, True),
    (6, {"players": 2, "rules": "printed", "advanced": "red"}, False),
]


def _positions(seed: int, options: dict, computer: bool, every: int):
    """Every ``every``-th step of a seeded game: the public view after it, or (every
    other time) the mover's own preview mid-move, with their steps offered."""
    g = games.get("rajas")
    rng = random.Random(seed)
    player = arena.computer(g) if computer else arena.random_player(g, rng)
    state = g.setup(seed, options)
    k = 0
    while g.result(state) is None:
        role = g.view(state, None)["active"][0]
        for action, arg in player(state, role):
            state = g.act(state, role, action, arg)
            k += 1
            if k % every == 0:
                if g.result(state) is None and (k // every) % 2:
                    mover = g.view(state, None)["active"][0]
                    yield {**g.view(state, None), "actions": g.view(state, mover)["actions"]}
                else:
                    yield g.view(state, None)
    yield g.view(state, None)


NAMES = {"red": "ravi", "yellow": "Meena the Magnificent", "white": "Computer",
         "black": None}


@pytest.mark.parametrize("seed, options, computer", [g for g in GAMES if not g[2]])
@pytest.mark.slow
def test_random_positions_are_readable_on_a_phone(seed, options, computer):
    bad = [(i, p) for i, view in enumerate(_positions(seed, options, computer, 23))
           if (p := _problems(view, NAMES))]
    assert bad == []


@pytest.mark.soak  # test_random_positions_are_readable_on_a_phone samples every run
@pytest.mark.parametrize("seed, options, computer", GAMES)
def test_many_random_positions_are_readable_on_a_phone(seed, options, computer):
    bad = []
    for i, view in enumerate(_positions(seed + 100, options, computer, 5)):
        roles = list(view["players"])
        if p := _problems(view, NAMES, province_of=roles[i % len(roles)]):
            bad.append((i, p))
    assert bad == []
