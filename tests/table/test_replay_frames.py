"""A whole game's animation (``/replay whole``, issue 40): each frame is the picture the
board post of that position shows, pixel for pixel, in the order played; and a frame is
drawn once and encoded once, into the GIF (no PNG made only to be decoded again), for
every game."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

import renderer
from bot.story import Log, Look, tell
from engine import games
from renderer.common import png
from renderer.common.animation import FIRST_MS, FRAME_MS, LAST_MS

pytestmark = pytest.mark.slow  # a dozen positions of each game, drawn twice

MOVES = 10


def _log(game_id: str, seed: int = 5) -> tuple[Log, list[dict]]:
    """``MOVES`` random whole moves of the game and every position's spectator view."""
    g = games.get(game_id)
    options = {"players": 3} if "players" in g.OPTIONS else {}
    rng, state = random.Random(seed), g.setup(seed, options)
    steps, views = [], [g.view(state, None)]
    for _ in range(MOVES):
        if g.result(state) is not None:
            break
        role = g.view(state, None)["active"][0]
        move, state = games.random_move(g, state, rng)
        steps += [(role, action, arg) for action, arg in move]
        views.append(g.view(state, None))
    return Log(game_id, seed, games.setup_options(g, options, state), tuple(steps)), views


def _rgb(picture: bytes | Image.Image) -> Image.Image:
    im = Image.open(io.BytesIO(picture)) if isinstance(picture, bytes) else picture
    return im.convert("RGB")


@pytest.mark.parametrize("game_id", renderer.ids())
def test_each_frame_is_the_board_post_of_its_position_in_order(game_id):
    log, views = _log(game_id)
    players = {r: f"{r}_*name*" for r in games.sides(games.get(game_id), log.options)}
    story = tell(log, 2, Look(players, {}, frames=50, limit=8 * 2**20))
    made = story.animation
    assert made is not None and made.kept == tuple(range(story.moves + 1))
    assert story.moves == len(views) - 1
    posts = [_rgb(renderer.render(game_id, {**v, "log": v["log"][-3:]}, players=players))
             for v in views]
    gif = Image.open(io.BytesIO(made.data))
    # Two positions alike in a row are one frame shown for both their times.
    distinct = [p for i, p in enumerate(posts)
                if i == 0 or ImageChops.difference(p, posts[i - 1]).getbbox()]
    assert gif.n_frames == len(distinct)
    shown_ms = 0
    for i, post in enumerate(distinct):
        gif.seek(i)
        shown_ms += gif.info["duration"]
        assert ImageChops.difference(gif.convert("RGB"), post).getbbox() is None, i
    assert shown_ms == FIRST_MS + FRAME_MS * (len(posts) - 2) + LAST_MS


@pytest.mark.parametrize("game_id", renderer.ids())
def test_a_position_drawn_for_an_animation_is_its_post_pixel_for_pixel(game_id):
    _, views = _log(game_id)
    for view in (views[0], views[len(views) // 2], views[-1]):
        post = Image.open(io.BytesIO(renderer.render(game_id, view, players={})))
        frame = renderer.drawn(game_id, view, players={})
        assert frame.mode == post.mode == "P" and frame.size == post.size
        assert frame.getpalette() == post.getpalette()
        assert frame.tobytes() == post.tobytes()


def test_a_whole_replay_encodes_as_png_only_the_position_it_shows(monkeypatch):
    encoded = []
    # A post's PNG is written by Darbar's own writer (renderer/common/png.py), or by
    # Pillow's where that one declines: both are counted.
    Image.init()
    real_save, real_png = Image.SAVE["PNG"], png.palette_png

    def saved(im, fp, filename):
        encoded.append(im.size)
        return real_save(im, fp, filename)

    def written(im):
        encoded.append(im.size)
        return real_png(im)

    monkeypatch.setitem(Image.SAVE, "PNG", saved)
    monkeypatch.setattr(png, "palette_png", written)
    log, views = _log("vijayanagara")
    story = tell(log, 3, Look({}, {}, frames=50, limit=8 * 2**20))
    assert story.animation is not None and len(story.animation.kept) == len(views)
    assert len(encoded) == 1  # the stepper's picture of move 3
