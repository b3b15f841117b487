"""The renderer finds each game's picture by package (renderer/<id>/, named for a game the
engine has), with no list of games kept anywhere: a new game's picture package is drawn,
described and posted from without an edit elsewhere."""

from __future__ import annotations

import sys

import pytest

import renderer
from engine import games

TOY = '''
from renderer.common.picture import Picture

def render(view, players=None):
    return b"toy " + str(view["counters"]).encode()

PICTURE = Picture(
    render=render,
    layout=lambda: {"a1": (10, 10)},
    warm=lambda: None,
    describe=lambda view, players: f"Toy, {view['counters']} counters.",
)
'''


@pytest.fixture
def toy_renderer(tmp_path, monkeypatch):
    """A sixth game: an engine id, and a picture package beside the five."""
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "__init__.py").write_text(TOY)
    known = games.ids()
    monkeypatch.setattr(games, "ids", lambda: [*known, "toy"])
    monkeypatch.setattr(renderer, "__path__", [*renderer.__path__, str(tmp_path)])
    yield
    sys.modules.pop("renderer.toy", None)


def test_every_game_of_the_engine_has_its_picture_found():
    assert renderer.ids() == sorted(games.ids())


def test_a_new_games_picture_package_is_found_without_an_edit_elsewhere(toy_renderer):
    assert "toy" in renderer.ids()
    assert renderer.render("toy", {"counters": 3}) == b"toy 3"
    assert renderer.layout("toy") == {"a1": (10, 10)}
    assert renderer.alt_text("toy", {"counters": 3}) == "Toy, 3 counters."
    # What the picture does not declare, it does not draw or say.
    assert renderer.status("toy", {"counters": 3}) == ""
    assert renderer.hand("toy", {"counters": 3}) is None
    assert not renderer.focuses("toy")


def test_a_game_without_a_picture_package_is_named_in_a_clear_error():
    with pytest.raises(KeyError, match=r"no renderer for game 'toy'; renderers exist for: "
                                       r"goat_tiger, maharaja, rajas, taj_mahal, vijayanagara"):
        renderer.describe("toy", {})
