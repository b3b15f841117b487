"""renderer/common/animation.py: a game's pictures as one animated GIF under an upload limit,
keeping the first and the last, exact where it keeps everything, and the same every time."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderer.common.animation import (
    FRAME_MS,
    LAST_MS,
    MIN_FRAMES,
    Painted,
    TooLarge,
    animate,
    animation,
    animation_of,
    sample,
)


def _frames(n: int, size: tuple[int, int] = (400, 300), noise: int = 0) -> list[bytes]:
    """``n`` pictures of one palette, as the renderers draw them, a counter moving across
    them; ``noise``: a patch of that many random pixels each (pictures that do not
    compress)."""
    rng = random.Random(n)
    # One palette for all: a 6×6×6 colour cube, and the cream (216) as the background.
    cube = [(r * 51, g * 51, b * 51) for r in range(6) for g in range(6) for b in range(6)]
    palette = [c for rgb in [*cube, (240, 230, 200)] for c in rgb]
    out = []
    for i in range(n):
        im = Image.new("P", size, 216)
        im.putpalette(palette)
        d = ImageDraw.Draw(im)
        x = 10 + 7 * i % (size[0] - 40)
        d.ellipse((x, 40, x + 30, 70), fill=180)
        d.text((10, 10), f"move {i}", fill=0)
        if noise:
            side = int(noise ** 0.5)
            patch = Image.frombytes("P", (side, side),
                                    bytes(b % 216 for b in rng.randbytes(side * side)))
            im.paste(patch, (size[0] - side - 5, size[1] - side - 5))
        buf = io.BytesIO()
        im.save(buf, format="PNG")
        out.append(buf.getvalue())
    return out


def _gif_frames(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    out = []
    for i in range(im.n_frames):
        im.seek(i)
        out.append(im.convert("RGB"))
    return out


@pytest.mark.parametrize("count, keep", [(10, 3), (100, 24), (7, 7), (7, 20), (2, 2),
                                         (266, 150), (5, 1)])
def test_a_sample_is_spread_evenly_and_keeps_the_first_and_the_last(count, keep):
    kept = sample(count, keep)
    assert kept[0] == 0 and kept[-1] == count - 1
    assert kept == sorted(set(kept)) and len(kept) == min(count, max(2, keep))
    gaps = [b - a for a, b in zip(kept, kept[1:], strict=False)]
    assert max(gaps) - min(gaps) <= 1


def test_every_frame_is_kept_exactly_when_it_fits():
    frames = _frames(12)
    made = animation(frames)
    assert made.kept == tuple(range(12)) and made.scale == 1.0
    assert made.name == "replay.gif" and made.data[:6] == b"GIF89a"
    shown = _gif_frames(made.data)
    assert len(shown) == 12
    for png, gif in zip(frames, shown, strict=True):
        assert ImageChops.difference(Image.open(io.BytesIO(png)).convert("RGB"),
                                     gif).getbbox() is None
    im = Image.open(io.BytesIO(made.data))
    durations = []
    for i in range(im.n_frames):
        im.seek(i)
        durations.append(im.info["duration"])
    assert durations[1:-1] == [FRAME_MS] * 10 and durations[-1] == LAST_MS
    assert animate(frames) == (made.name, made.data)  # the same bytes every time


@pytest.mark.slow
def test_too_big_it_keeps_fewer_positions_first_and_last_among_them():
    frames = _frames(48, noise=200)
    whole = len(animation(frames).data)
    limit = whole * 2 // 3
    made = animation(frames, limit=limit, name="game-3")
    assert len(made.data) <= limit and made.name == "game-3.gif"
    assert made.kept[0] == 0 and made.kept[-1] == 47 and MIN_FRAMES <= len(made.kept) < 48
    assert made.scale == 1.0
    assert len(_gif_frames(made.data)) == len(made.kept)
    last = _gif_frames(made.data)[-1]
    assert ImageChops.difference(Image.open(io.BytesIO(frames[-1])).convert("RGB"),
                                 last).getbbox() is None


@pytest.mark.slow
def test_with_few_positions_left_it_draws_them_smaller():
    frames = _frames(MIN_FRAMES, size=(400, 300), noise=1500)
    whole = len(animation(frames).data)
    made = animation(frames, limit=whole // 2)
    assert len(made.data) <= whole // 2 and made.scale < 1.0
    assert made.kept == tuple(range(MIN_FRAMES))
    assert _gif_frames(made.data)[0].size[0] < 400


def test_what_cannot_fit_is_said():
    with pytest.raises(TooLarge):
        animation(_frames(3, noise=500), limit=500)
    with pytest.raises(ValueError):
        animation([])


def test_pictures_given_as_the_palette_images_a_renderer_draws_animate_alike():
    frames = _frames(6)
    images = [Image.open(io.BytesIO(f)) for f in frames]
    for im in images:
        im.load()
    assert animation(images).data == animation(frames).data
    assert animation([frames[0], *images[1:]]).data == animation(frames).data


def _drawn_here(frames: list[bytes]) -> tuple[list[int], Callable[[int], Image.Image]]:
    """A drawing of ``frames`` by index, and the indices it drew, in order."""
    here: list[int] = []

    def draw(i: int) -> Image.Image:
        here.append(i)
        return Image.open(io.BytesIO(frames[i]))
    return here, draw


@pytest.mark.parametrize("repeats", [(), (20, 21, 22), (39,)])
def test_an_animation_encoded_as_it_is_drawn_is_the_same_gif_byte_for_byte(repeats):
    """Each picture is encoded once drawn, the one before it alone kept: the same bytes as
    ``animation`` makes of them all, a position alike to the one before shown for both
    their times, and each picture drawn once, in order."""
    frames = _frames(40)
    for i in repeats:
        frames[i] = frames[i - 1]
    here, draw = _drawn_here(frames)
    made = animation_of(len(frames), draw)
    alone = animation(frames)
    assert (made.data, made.kept, made.scale) == (alone.data, alone.kept, alone.scale)
    assert here == list(range(len(frames)))


def test_an_animation_encoded_as_it_is_drawn_too_big_keeps_fewer_as_animation_does():
    frames = _frames(30, noise=400)
    whole = len(animation(frames).data)
    _, draw = _drawn_here(frames)
    made = animation_of(len(frames), draw, limit=whole // 2)
    alone = animation(frames, limit=whole // 2)
    assert (made.data, made.kept, made.scale) == (alone.data, alone.kept, alone.scale)


def test_an_animation_of_one_picture_is_that_picture():
    frames = _frames(1)
    _, draw = _drawn_here(frames)
    made = animation_of(1, draw)
    assert made.data == animation(frames).data and made.kept == (0,)
    assert _gif_frames(made.data)[0].tobytes() == \
        Image.open(io.BytesIO(frames[0])).convert("RGB").tobytes()


def test_frames_drawn_in_place_decode_to_their_pictures_told_apart_in_their_boxes():
    """A renderer that draws each picture over the one before, in place, and says which
    boxes it redrew (``Painted.changed``; side by side, overlapping, some unchanged, and
    a frame alike to the one before): the GIF shows every picture as drawn."""
    palette = Image.open(io.BytesIO(_frames(1)[0]))
    canvas = Image.new("RGB", (400, 300), (240, 230, 200))
    pictures: list[Image.Image] = []
    boxes = [(10, 100, 90, 180), (80, 120, 200, 160), (300, 10, 390, 290), (0, 0, 400, 40)]

    def draw(i: int) -> Painted:
        if i == 0:
            pictures.append(canvas.copy())
            return Painted(canvas, palette)
        held = tuple((b, canvas.crop(b)) for b in boxes)
        d = ImageDraw.Draw(canvas)
        if i % 4:  # every fourth frame redraws its boxes as they were
            x = 12 + 9 * i % 60
            d.rectangle((x, 110, x + 20, 170), fill=(0, 0, 0) if i % 2 else (255, 0, 0))
            d.rectangle((120 + i, 125, 150 + i, 150), fill=(0, 51, 102))
            d.text((10, 10), f"move {i}", fill=(0, 0, 0))
        pictures.append(canvas.copy())
        return Painted(canvas, palette, held)

    made = animation_of(12, draw)
    # as their PNGs hold them: mapped to the palette
    pictures = [Painted(p, palette).mapped().convert("RGB") for p in pictures]
    shown = [p for i, p in enumerate(pictures)
             if i == 0 or ImageChops.difference(p, pictures[i - 1]).getbbox()]
    decoded = _gif_frames(made.data)
    assert len(decoded) == len(shown) < len(pictures)
    for got, want in zip(decoded, shown, strict=True):
        assert ImageChops.difference(got, want).getbbox() is None
