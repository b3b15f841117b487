"""A Vijayanagara picture drawn over the picture before (a replay's frame,
renderer/vijayanagara/over.py) is the picture drawn whole, pixel for pixel: every element
it may redraw lies in a rectangle of its own, and a long game's every position drawn so
equals its full drawing, and decodes so from the replay's GIF."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import renderer
from bot.story import LOG_KEPT, Log
from engine import games
from engine.games.vijayanagara import data as geo
from renderer.common.animation import Painted, animation_of
from renderer.vijayanagara import board, header, key, over
from renderer.vijayanagara import map as vmap
from tools.bench.undo import _long_log

PLAYERS = {"delhi": "Ala-ud-din Khalji of Delhi", "bahmani": "B*", "vijayanagara": "Krishna"}
CROWDED = {"troop": 12, "governor": 1, "qasbah": 1, "invader": 7, "amir_r": 3, "raja_r": 2,
           "temple": 1}


def _inside(inner: tuple[int, int, int, int] | None, outer: tuple[int, ...]) -> bool:
    return inner is None or (inner[0] >= outer[0] and inner[1] >= outer[1]
                             and inner[2] <= outer[2] and inner[3] <= outer[3])


def _ink(draw) -> tuple[int, int, int, int] | None:
    """Where ``draw`` changes the background."""
    base = board.background()
    img = base.copy()
    draw(img)
    return ImageChops.difference(img, base).getbbox()


@pytest.mark.parametrize("sp", geo.SPACES)
@pytest.mark.parametrize("marker", [{"control": "vijayanagara"}, {"tributary": True}])
def test_a_space_draws_within_its_reach(sp, marker):
    view = {"spaces": {sp: {"pieces": CROWDED, **marker}}, "touched": [sp]}
    ink = _ink(lambda img: vmap.draw_spaces(img, view, only=[sp]))
    assert ink is not None and _inside(ink, vmap.reach(sp))


def test_no_space_reaches_the_header_the_tracks_or_the_available_counts():
    for sp in geo.SPACES:
        for box in (over.HEADER, over.TRACKS, over.AVAILABLE):
            assert not over._meet(vmap.reach(sp), box), (sp, box)
    for a, b in ((over.HEADER, over.TRACKS), (over.HEADER, over.AVAILABLE),
                 (over.TRACKS, over.AVAILABLE)):
        assert not over._meet(a, b)


def test_spaces_whose_reaches_meet_are_drawn_again_together():
    groups = over.groups()
    for a in geo.SPACES:
        for b in geo.SPACES:
            if over._meet(vmap.reach(a), vmap.reach(b)):
                assert b in groups[a]
    assert groups["madhyadesh"] == ("madhyadesh", "maharashtra")


def _views(log: Log) -> list[dict]:
    """Every shown position of ``log``, with the log a picture keeps."""
    from tools.bench.replay import _views as views

    return [{**v, "log": v["log"][-LOG_KEPT:]} for v in views(log)]


def _random_game() -> Log:
    """A long random game, as the replay bench plays it (85 positions)."""
    return Log("vijayanagara", 1, {}, tuple(_long_log(3000)))


def _fuzzers_longest() -> Log:
    """The fuzzer's longest game (Timur's shadow: the invaders; 88 positions)."""
    from tests.engine.vijayanagara.fuzz import play

    options = {"timurs_shadow": True}
    _, steps = play(33, options=options, checked=False)
    return Log("vijayanagara", 33, options, tuple(steps))


@pytest.fixture(scope="module")
def long_game() -> list[dict]:
    return _views(_random_game())


@pytest.fixture(scope="module", params=[_random_game, _fuzzers_longest],
                ids=["random", "fuzzers_longest"])
def game(request) -> list[dict]:
    return _views(request.param())


def test_the_header_tracks_and_counts_draw_within_their_boxes(long_game):
    playing = [v for v in long_game if not v.get("result")]  # an end is drawn whole
    assert len(playing) == len(long_game) - 1
    for view in playing[::4]:
        assert _inside(_ink(lambda img, v=view: header.draw_header(img, v, PLAYERS)),
                       over.HEADER)
        assert _inside(_ink(lambda img, v=view: key.draw_tracks(img, v)), over.TRACKS)
        assert _inside(_ink(lambda img, v=view: key.draw_available(img, v)), over.AVAILABLE)


def test_every_position_of_a_long_game_drawn_over_the_one_before_is_its_full_drawing(game):
    after = None
    for i, view in enumerate(game):
        whole = renderer.painted("vijayanagara", view, players=PLAYERS)
        drawn = renderer.painted("vijayanagara", view, players=PLAYERS, after=after)
        assert isinstance(whole, Painted) and isinstance(drawn, Painted)
        assert ImageChops.difference(whole.image, drawn.image).getbbox() is None, i
        if after is not None and not view.get("result"):  # an end is drawn whole
            assert drawn.changed is not None and drawn.image is after[1].image
        after = (view, drawn)


def test_a_game_over_is_drawn_whole_after_the_position_before(long_game):
    before, last = long_game[-2], long_game[-1]
    ended = {**last, "result": {"winners": ["delhi"], "reason": "Specimen.",
                                "scores": {f: 1 for f in geo.FACTIONS}}}
    drawn = over.painted_after(ended, PLAYERS, before, board.painted(before, PLAYERS))
    assert drawn.changed is None
    assert ImageChops.difference(drawn.image, board.draw(ended, PLAYERS)).getbbox() is None


def test_the_frames_drawn_over_each_other_decode_to_the_posts_pictures(long_game):
    views = long_game[:30]
    after = None

    def frame(k: int) -> Painted:
        nonlocal after
        drawn = renderer.painted("vijayanagara", views[k], players=PLAYERS, after=after)
        assert isinstance(drawn, Painted)
        after = (views[k], drawn)
        return drawn

    made = animation_of(len(views), frame)
    gif = Image.open(io.BytesIO(made.data))
    posts = [Image.open(io.BytesIO(renderer.render("vijayanagara", v, players=PLAYERS)))
             .convert("RGB") for v in views]
    distinct = [p for i, p in enumerate(posts)
                if i == 0 or ImageChops.difference(p, posts[i - 1]).getbbox()]
    assert gif.n_frames == len(distinct)
    for n, post in enumerate(distinct):
        gif.seek(n)
        assert ImageChops.difference(gif.convert("RGB"), post).getbbox() is None, n


def test_other_games_draw_whole_given_the_picture_before():
    g = games.get("maharaja")
    view = g.view(g.setup(1, {"players": 3}), None)
    first = renderer.painted("maharaja", view)
    assert isinstance(first, Painted)
    again = renderer.painted("maharaja", view, after=(view, first))
    assert isinstance(again, Painted) and again.changed is None


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(60))
def test_the_fuzzers_games_drawn_over_the_position_before_are_their_full_drawings(seed):
    """The property above over many games (every other with Timur's shadow): a space, a
    track or the header that drew outside its box would leave a stale pixel somewhere."""
    from tests.engine.vijayanagara.fuzz import play

    options = {"timurs_shadow": True} if seed % 2 else {}
    _, steps = play(seed, options=options, checked=False)
    after = None
    for i, view in enumerate(_views(Log("vijayanagara", seed, options, tuple(steps)))):
        whole = renderer.painted("vijayanagara", view, players=PLAYERS)
        drawn = renderer.painted("vijayanagara", view, players=PLAYERS, after=after)
        assert ImageChops.difference(whole.image, drawn.image).getbbox() is None, (seed, i)
        after = (view, drawn)
