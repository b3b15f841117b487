"""The Rajas of the Ganges picture (renderer/rajas.py): the main board, the race, the
river with its boats, the workers on their spaces and the acting player's province."""

from __future__ import annotations

import io

from PIL import Image

from engine import games
from engine.games.rajas import data
from engine.games.rajas import rules as R
from renderer import rajas as P
from tests.renderer.pixels import near, picture


def img(view: dict, **kw) -> Image.Image:
    return picture(P.render(view, **kw))


def test_a_png_the_size_of_a_post():
    data = P.render(R.view(R.setup(1, {"players": 4}), None))
    assert Image.open(io.BytesIO(data)).size == (P.WIDTH, P.HEIGHT) and len(data) < 500_000


def test_a_boat_shows_on_its_river_space_in_its_players_colour():
    state = R.setup(2, {"players": 3})
    role = state["roles"][0]
    view = R.view(state, None)
    x, y = P.layout()["river5"]
    before = near(img(view), (x - 9, y - 25), 3, P.PLAYER[role])
    view["players"][role]["boat"] = 5
    assert near(img(view), (x - 9, y - 25), 3, P.PLAYER[role]) > before


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
    """A phone's chat column shrinks the picture about 3.5 times: every tile's label on
    the display (110 px tiles) is set at 18 px or more, and the display's costs at 22."""
    for tid in data.TILES:
        label = P.tile_label(tid)
        assert label, tid
        assert P.label_font(label, 106).size >= 18, (tid, label)
    assert P.label_font("word " * 20, 106).size == 14  # an over-long label still fits, small

