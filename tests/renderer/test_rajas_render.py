"""The Rajas of the Ganges province view (renderer/rajas/province.py, `/board side:`, issue
39): one player's province in full — its tiles with roads and contents, the edge yields
and which are earned, its markets and building scores, the player's fame, money, karma,
workers and dice — landscape and at the phone floors (information 11 px, names 12 px,
markers 10 px at 400 px wide), every symbol keyed in words on it, nothing cut, nothing
over another; over the samples and random positions."""

from __future__ import annotations

import pytest

import renderer
from engine import games
from engine.games.rajas import data
from engine.games.rajas import rules as R
from engine.games.rajas.samples import PLAYERS, views
from renderer.common import PHONE_INFO_FLOOR_PX, PHONE_MARKER_FLOOR_PX, PHONE_WIDTH
from renderer.rajas import board
from renderer.rajas import province as P
from renderer.rajas.since import province_changes
from renderer.rajas.symbols import KEY, keys
from tests.renderer.drawn import size
from tests.renderer.pixels import picture
from tests.renderer.test_rajas_main import NAMES, drawn, positions, problems, three_turns
from tools import arena


@pytest.mark.slow
def test_the_sample_provinces_are_landscape_and_readable_on_a_phone():
    """Before issue 39's second Rajas branch: 880 × 1520, texts 9 px at 400 px."""
    for name, view in views().items():
        for role in view["players"]:
            assert problems(view, PLAYERS, focus=role) == [], (name, role)


def test_a_random_province_is_readable_on_a_phone():
    state = R.setup(8, {"players": 4, "variant": "navaratnas"})
    role = state["roles"][-1]
    state["players"][role]["cells"] = {"b1": {"tile": "vs1", "roads": ["E", "S", "W"]}}
    state["players"][role]["yields"] = ["a1N"]
    assert problems(R.view(state, None), NAMES, focus=role) == []


@pytest.mark.slow
@pytest.mark.parametrize("seed, options", [
    (21, {"players": 4, "variant": "navaratnas", "mango": True}),
    (22, {"players": 3, "advanced": "red", "ganga": True})])
def test_random_provinces_are_readable_on_a_phone(seed, options):
    bad = []
    for k, view in enumerate(positions(seed, options, 5)):
        roles = list(view["players"])
        if p := problems(view, NAMES, focus=roles[k % len(roles)]):
            bad.append((k, p))
    assert bad == []


@pytest.mark.soak
@pytest.mark.parametrize("seed, options", [
    (31, {"players": 2}), (32, {"players": 3, "variant": "navaratnas", "mango": True}),
    (33, {"players": 4, "ganga": True, "mango": True}),
    (34, {"players": 4, "variant": "navaratnas", "rules": "printed"})])
def test_many_random_provinces_are_readable_on_a_phone(seed, options):
    bad = []
    for view in positions(seed, options, 2):
        for role in view["players"]:
            if p := problems(view, NAMES, focus=role):
                bad.append((role, p))
    assert bad == []


# --- no code without its words --------------------------------------------------------------


def _navaratnas_late() -> dict:
    """A late Navaratnas position with Mango Village: yield tiles laid, villages built."""
    *_, last = positions(32, {"players": 3, "variant": "navaratnas", "mango": True}, 1000)
    return last


@pytest.mark.parametrize("which", ["mid", "end", pytest.param("navaratnas",
                                                             marks=pytest.mark.slow)])
def test_the_key_on_the_province_names_every_symbol_drawn(which):
    view = _navaratnas_late() if which == "navaratnas" else views()[which]
    for role, p in view["players"].items():
        said, _ = drawn(view, focus=role)
        key = " ".join(" ".join(d.text for d in said if d.info).split())
        assert "Key:" in key
        side, laid = p.get("side", "basic"), p.get("slots") or {}
        codes = [laid[f"{c}{e}"].split("-", 1)[1] if f"{c}{e}" in laid else y.get(side) or ""
                 for (c, e), y in data.PROVINCE["edges"].items()]
        codes += [data.TILES[c["tile"]].get("bonus") or "" for c in p["cells"].values()]
        for code in filter(None, codes):
            for entry in keys(code):
                assert KEY[entry] in key, (role, code, entry)
        if p["yields"]:
            assert "struck through: earned" in key


# --- the whole province --------------------------------------------------------------------


@pytest.mark.parametrize("which", ["mid", "end", pytest.param("navaratnas",
                                                             marks=pytest.mark.slow)])
def test_the_province_view_shows_the_whole_province_and_its_player(which):
    """Every item the brief lists for one province, as text or markers at the floors:
    fame, money, karma, workers, dice, each tile's contents, each edge yield and whether
    it is earned, the markets and the buildings' scores."""
    view = _navaratnas_late() if which == "navaratnas" else views()[which]
    for role, p in view["players"].items():
        said, png = drawn(view, PLAYERS, focus=role)
        at = PHONE_WIDTH / size(png)[0]
        texts = " | ".join(d.text for d in said if d.info and d.px * at >= PHONE_INFO_FLOOR_PX)
        marks = {d.text for d in said if d.marker and d.px * at >= PHONE_MARKER_FLOOR_PX}
        assert f"{data.ROLE_NAMES[role]}" in texts
        assert f"{p['fame']} fame" in texts and f"{p['money']} money" in texts
        assert f"karma {p['karma']}" in texts
        assert f"{p['workers'] - p['placed']} of {p['workers']} workers" in texts \
            or "passed" in texts
        assert len([m for m in marks if m.startswith("dice ")]) == len(p["dice"])
        for cell, c in p["cells"].items():
            assert f"tile {cell}" in marks, cell
            for line in board.contents(c["tile"]):
                assert line in texts, (cell, line)
        side = p.get("side", "basic")
        for (cell, edge), e in data.PROVINCE["edges"].items():
            if e.get(side) or (p.get("slots") or {}).get(f"{cell}{edge}"):
                assert f"yield {cell}{edge}" in marks, (cell, edge)
                assert (f"earned {cell}{edge}" in marks) == (f"{cell}{edge}" in p["yields"])
        for building in data.BUILDINGS:
            assert f"{building} {2 + p['upgrades'].get(building, 0)}★" in texts
        for good, total in P.markets(p).items():
            assert f"{good} {total}" in texts


# --- what it reads ---------------------------------------------------------------------------


def test_the_province_view_does_not_depend_on_the_stacks_order():
    state = R.setup(4, {"players": 3})
    role = state["roles"][1]
    assert renderer.render("rajas", R.view(state, None), focus=role) == renderer.render(
        "rajas", R.view(games.redealt(R, state, 9), None), focus=role)


def test_any_players_province_can_be_drawn():
    state = R.setup(5, {"players": 3})
    a, b = state["roles"][:2]
    state["players"][b]["cells"] = {"c2": {"tile": "vs1", "roads": ["N", "S"]}}
    view = R.view(state, None)
    one = picture(renderer.render("rajas", view, focus=a))
    other = picture(renderer.render("rajas", view, focus=b))
    assert one.tobytes() != other.tobytes()


def test_long_names_are_drawn_whole():
    """A 32-character name takes the title's whole width or a second line, and the
    picture keeps its shape and floors."""
    state = R.setup(3, {"players": 4})
    view = R.view(state, None)
    names = {r: "W" * 32 for r in state["roles"]}
    said, _ = drawn(view, names, focus=state["roles"][0])
    assert "W" * 32 in "".join(d.text for d in said if d.info).replace(" ", "")
    assert problems(view, names, focus=state["roles"][0]) == []


def test_the_tile_in_hand_frames_the_cells_it_may_go_to():
    """The mover's own preview: each cell offered is framed, and the key says why."""
    view = views()["placing"]
    cells = {str(t).split("-")[0] for t in view["actions"]["cell"]}
    said, _ = drawn(view, PLAYERS, focus=view["active"][0])
    assert {d.text for d in said if d.marker and d.text.startswith("may go ")} == {
        f"may go {c}" for c in cells}
    assert "gold frame: where the tile in hand may go" in " ".join(
        " ".join(d.text for d in said if d.info).split())


# --- marks since an earlier view -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 21])
def test_the_province_view_marks_exactly_what_changed_in_that_province(seed):
    """A 3-player computer game: the spectator views after a seat's turn and after the
    next two seats' turns; each province drawn with ``before`` rings exactly its tiles
    placed, yields earned and changed dice, and nothing for the same view."""
    before, now = three_turns(seed)
    seen = set()
    for role, p in now["players"].items():
        q = before["players"][role]
        said, _ = drawn(now, before=before, focus=role)
        marked = {d.text for d in said if d.marker and d.text.startswith("changed ")}
        cells = {c for c in {*p["cells"], *q["cells"]} if p["cells"].get(c) != q["cells"].get(c)}
        assert marked == {*(f"changed cell {c}" for c in cells),
                          *(f"changed yield {y}" for y in set(p["yields"]) - set(q["yields"])),
                          *(["changed dice"] if p["dice"] != q["dice"] else [])}, role
        seen |= marked
        plain, _ = drawn(now, before=now, focus=role)
        assert not [d for d in plain if d.marker and d.text.startswith("changed ")]
    assert seen  # the two turns changed something in some province


@pytest.mark.slow
def test_the_province_marks_read_only_what_spectators_see():
    """The same two positions with the stacks dealt anew and other dice to come: the same
    marks on every province."""
    g = games.get("rajas")
    turns = [s for _k, (_r, _s, s) in zip(range(5), arena.turns(
        g, g.setup(6, {"players": 3}), {}, arena.computer(g)), strict=False)]
    a, b = turns[1], turns[4]
    for role in a["roles"]:
        assert province_changes(g.view(a, None), g.view(b, None), role) == province_changes(
            g.view(games.redealt(g, a, 3), None), g.view(games.redealt(g, b, 3), None), role)
