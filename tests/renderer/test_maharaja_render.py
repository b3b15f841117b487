"""The Maharaja picture (renderer/maharaja.py): the reconstructed map with every area
named, armies as counted chips in their nation's colour, leaders, factories, arms,
submissions and alliances, and the panel with the turn record, the order of play and
each player's points."""

from __future__ import annotations

import io

from PIL import Image

from engine import games
from engine.games.maharaja import board, data
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from renderer import maharaja as P
from renderer.common import font
from tests.renderer.pixels import near, picture


def img(view: dict, **kw) -> Image.Image:
    return picture(P.render(view, **kw))


def chip_at(place: str) -> tuple[float, float]:
    """Where the first chip of an area is drawn (left of the box, below its name)."""
    x, y = P.layout()[place]
    return x - P.BOX_W / 2 + 14, y - P.BOX_H / 2 + 41


def test_a_png_the_size_of_a_post():
    data = P.render(R.view(R.setup(1, {}), None))
    assert Image.open(io.BytesIO(data)).size == (P.WIDTH, P.HEIGHT) and len(data) < 500_000


def test_an_army_shows_in_its_nations_colour_in_its_area():
    state = R.setup(1, {})
    view = R.view(state, None)
    assert near(img(view), chip_at("magadha"), 5, P.COLOURS["guptas"]) == 0
    f.add(state, "magadha", "guptas", 2)
    assert near(img(R.view(state, None)), chip_at("magadha"), 5, P.COLOURS["guptas"]) > 10


def test_an_arms_marker_shows_beside_the_armed_nation():
    state = R.setup(1, {})
    f.add(state, "magadha", "guptas", 1)
    before = img(R.view(state, None))
    state["arms"]["dutch"] = {"nation": "guptas", "active": True}
    after = img(R.view(state, None))
    x, y = chip_at("magadha")
    right = (x + 60, y)  # past the chip "Gu 1"
    assert near(after, right, 6, P.COLOURS["dutch"]) > near(before, right, 6,
                                                            P.COLOURS["dutch"])


def test_a_factory_and_a_british_ally_are_drawn():
    state = R.setup(1, {})
    f.add(state, "bengal", "marathas", 1)
    x, y = P.layout()["bengal"]
    top = (x - P.BOX_W / 2 + 15, y - P.BOX_H / 2 - 4)
    assert near(img(R.view(state, None)), top, 4, P.COLOURS["british"]) == 0
    state["factories"]["bengal"] = "british"
    assert near(img(R.view(state, None)), top, 4, P.COLOURS["british"]) > 5
    ring = (x, y - P.BOX_H / 2 - 4)
    state["allies"].append("marathas")
    assert near(img(R.view(state, None)), ring, 2, P.COLOURS["british"]) > 0


def test_every_area_is_named_in_type_a_phone_can_read():
    """A phone's chat column shrinks the picture about 3 times: every area's whole name
    fits its box at 14 px or more (a hiland's peak sits on the box's edge, not in the
    name's way)."""
    for place in data.LAND + list(data.OFFMAP):
        assert font(14, bold=True).getlength(board.name(place)) <= P.BOX_W - 10, place


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
