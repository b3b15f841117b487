"""The Maharaja picture (renderer/maharaja*.py): the reconstructed map with every area
named, armies as counted chips in their player's colour with badges for leaders, arms,
submissions and alliances, factories, the battle's frame and a key; 800 px wide for a
phone's chat column."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import games
from engine.games.maharaja import data
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from renderer.maharaja import board as P
from renderer.maharaja import map as M
from renderer.maharaja import pieces as pieces
from renderer.maharaja.style import NAME_PX, PLAYER, name_font
from tests.renderer.pixels import near, picture
from tools.samples import SAMPLES


def img(view: dict, **kw) -> Image.Image:
    return picture(P.render(view, **kw))


def chip_of(view: dict, place: str, nation: str) -> tuple[pieces.Chip, float, float]:
    placed = pieces.place_area(view, place) if place not in data.SEAS else None
    found = placed.chips if placed else pieces.place_sea(view, place)
    return next(c for c in found if c[0].nation == nation)


def fill_of(im: Image.Image, chip: tuple[pieces.Chip, float, float]) -> tuple:
    """The colour inside a chip, left of its text."""
    _, x, y = chip
    return im.getpixel((round(x) + 3, round(y) + 13))


def test_a_png_narrow_enough_for_a_phone_and_small():
    png = P.render(R.view(R.setup(1, {}), None))
    assert Image.open(io.BytesIO(png)).size == (P.WIDTH, P.HEIGHT) == (640, 1084)
    assert len(png) < 400_000


@pytest.mark.parametrize("name", ["start", "mid", "end"])
@pytest.mark.slow
def test_samples_stay_under_400_kb(name):
    views, players = SAMPLES["maharaja"]
    assert len(P.render(views()[name], dict(players))) <= 400_000


def test_an_army_shows_in_its_area_in_its_players_colour():
    state = R.setup(1, {})
    f.add(state, "magadha", "guptas", 2)
    view = R.view(state, None)
    chip = chip_of(view, "magadha", "guptas")
    assert chip[0].text == "Gu 2"
    assert fill_of(img(view), chip) == PLAYER[view["control"]["guptas"]]


@pytest.mark.slow
def test_a_nations_chips_show_the_player_who_owns_it():
    """The tester's case: in the mid sample the Cholas belong to Green and are green, and
    nations of different players never share a colour."""
    views, players = SAMPLES["maharaja"]
    view = views()["mid"]
    assert view["control"]["cholas"] == "green"
    im = img(view, players=dict(players))
    for place, here in view["armies"].items():
        for nation in here:
            colour = fill_of(im, chip_of(view, place, nation))
            assert colour == PLAYER[view["control"][nation]], (place, nation)


def test_the_badges_show_leader_arms_submission_and_alliance():
    state = R.setup(1, {})
    f.add(state, "magadha", "guptas", 1)
    view = R.view(state, None)
    assert chip_of(view, "magadha", "guptas")[0].badges == ()
    view["arms"]["dutch"] = {"nation": "guptas", "active": True}
    view["submitted"]["guptas"] = {"to": "mauryans", "where": ["north"], "turn": 1}
    view["allies"].append("guptas")
    view["leaders"]["chandra"] = "magadha"
    chip = chip_of(view, "magadha", "guptas")
    assert chip[0].badges == ("leader", "arms", "submitted", "ally")
    # the badges sit on a light inset at the chip's right end, after its text
    _, x, y = chip
    inset = (x + pieces.chip_width("Gu 1", 0) + 2, y + 5)
    assert near(img(view), inset, 1, (246, 238, 220), tol=8) > 0


def test_a_factory_is_a_house_in_its_players_colour_clear_of_the_name():
    state = R.setup(1, {})
    f.add(state, "bengal", "marathas", 1)
    view = R.view(state, None)
    b = M.box("bengal")
    fx, fy = M.factory_xy(b)
    owner = PLAYER[view["control"]["british"]]
    assert near(img(view), (fx - 6, fy + 8), 2, owner, tol=5) == 0
    view["factories"]["bengal"] = "british"
    assert near(img(view), (fx - 6, fy + 8), 2, owner, tol=5) > 0
    placed = pieces.place_area(view, "bengal")
    name = M.name_box("bengal", placed.box)
    assert all(not _meet(name, p) for p in placed.piece_boxes())


def test_the_battle_area_is_framed_in_gold():
    state = R.setup(1, {})
    view = R.view(state, None)
    b = M.box("delhi")
    edge = ((b[0] + b[2]) / 2, b[1] - 3)
    assert near(img(view), edge, 1, (234, 184, 64), tol=10) == 0
    view["battle"] = {"place": "delhi", "att": "guptas", "def": "mauryans"}
    assert near(img(view), edge, 1, (234, 184, 64), tol=10) > 0


def _meet(a, b, gap: float = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def test_every_area_is_named_in_full_in_its_box_in_type_a_phone_can_read():
    """Shown 400 px wide, a 20-px name on the 640-px picture is 12.5 px tall; every name
    fits its box whole, clear of the factory's slot and the hiland's peak."""
    assert NAME_PX * 400 / P.WIDTH >= 12
    for place in data.LAND + list(data.OFFMAP):
        b = M.box(place)
        name = M.name_box(place, b)
        assert name[0] >= b[0] + (M.SLOT if M.can_build(place) else 0) and name[2] <= b[2]
        assert name_font().getlength(data.NAMES[place]) <= name[2] - name[0] + 1, place
        if data.AREAS.get(place, {}).get("hiland"):  # the peak stands on the top edge
            assert name[1] > b[1] + 2, place


def test_boxes_stay_on_the_map_apart_and_off_the_key_and_the_seas():
    places = data.LAND + list(data.OFFMAP)
    boxes = {p: M.box(p) for p in places}
    for p, b in boxes.items():
        assert M.MAP[0] < b[0] and b[2] < M.MAP[2] and M.MAP[1] < b[1] and b[3] < M.MAP[3], p
        assert not _meet(b, M.KEY, 4), p
        for q in places[places.index(p) + 1:]:
            assert not _meet(b, boxes[q], 8), (p, q)


def _crosses(p0, p1, r) -> bool:
    for i in range(1, 100):
        x, y = p0[0] + (p1[0] - p0[0]) * i / 100, p0[1] + (p1[1] - p0[1]) * i / 100
        if r[0] < x < r[2] and r[1] < y < r[3]:
            return True
    return False


def test_a_border_line_joins_its_two_areas_and_crosses_no_other_box():
    places = data.LAND + list(data.OFFMAP)
    for a in places:
        for b in data.NEIGHBOURS[a]:
            if b not in data.SEAS and a < b:
                path = M._path(a, b)
                for q in places:
                    if q not in (a, b):
                        assert not any(_crosses(path[i], path[i + 1], M.box(q))
                                       for i in range(len(path) - 1)), (a, b, q)


def test_the_picture_does_not_depend_on_the_dice_to_come():
    state = R.setup(4, {})
    assert P.render(R.view(state, None)) == P.render(R.view(games.redealt(R, state, 9), None))


def test_the_header_names_the_acting_nation_and_the_player_asked():
    state = R.setup(2, {})
    names = {"yellow": "ravi", "blue": "meera", "red": "arjun", "green": "asha"}
    role = R.active(state)[0]
    title = P.header_title(R.view(state, None), names)
    nation = R.turns.nname(state["nation"])
    assert title == (f"Turn 1 (1500 BC): the {nation} — {role.capitalize()} "
                     f"({names[role]})")
    state["result"] = {"winners": ["blue"], "scores": {}}
    assert "Blue (meera)" in P.header_title(R.view(state, None), names)


def test_the_layout_gives_every_place_its_centre():
    assert set(P.layout()) == set(data.PLACES)
