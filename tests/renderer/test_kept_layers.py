"""What a picture keeps from one post to the next so that sixteen games at once cost what
one does (issue 40): texts kept as the masks FreeType drew (``renderer/common/glyphs.py``)
and Taj Mahal's boards kept packed (``renderer/common/packed.py``). Both must give the very
pixels drawing afresh gives."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from engine import games
from renderer.common import FONT_DIR, FONT_FILES, font, glyphs, packed
from renderer.common.packed import packed_cache
from renderer.taj_mahal import board as taj_board

TEXTS = [((10.25, 12.5), "Bengal 7", {}), ((40.75, 60.0), "Ayodhya", {"anchor": "mm"}),
         ((5.5, 90.3), "Pred: 31 points", {"stroke_width": 3, "stroke_fill": (200, 190, 160)}),
         ((120, 30), "12", {"anchor": "lm"})]


def _drawn(f: ImageFont.FreeTypeFont) -> Image.Image:
    img = Image.new("RGB", (260, 120), (240, 230, 210))
    d = ImageDraw.Draw(img)
    for xy, text, kw in TEXTS:
        d.text(xy, text, font=f, fill=(30, 20, 10), **kw)
        d.textbbox(xy, text, font=f, **{k: v for k, v in kw.items() if k != "stroke_fill"})
    return img


def test_a_text_drawn_again_is_the_same_pixels_and_is_not_rendered_again(monkeypatch):
    plain = ImageFont.FreeTypeFont(str(FONT_DIR / FONT_FILES[False]), 23)
    kept = font(23)
    assert isinstance(kept, glyphs.KeptFont)
    first = _drawn(kept)
    assert ImageChops.difference(first, _drawn(plain)).getbbox() is None
    rendered = []
    real = ImageFont.FreeTypeFont.getmask2
    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2",
                        lambda self, *a, **k: rendered.append(a[0]) or real(self, *a, **k))
    again = _drawn(kept)
    assert rendered == []  # every mask came from the first drawing
    assert ImageChops.difference(first, again).getbbox() is None


def test_the_kept_masks_stay_within_their_budget(monkeypatch):
    monkeypatch.setattr(glyphs, "MASK_BYTES", 50_000)
    f = font(31)
    d = ImageDraw.Draw(Image.new("RGB", (900, 60)))
    for n in range(400):  # scores that change with every post
        d.text((3.5, 4), f"Player {n}: {n * 7} points, {n % 5} palaces", font=f, fill=(0, 0, 0))
    assert 0 < glyphs.kept_bytes() <= 50_000


def test_only_the_faces_asked_for_last_stay_open_and_one_opened_again_draws_the_same(
        monkeypatch):
    """A font whose FreeType face was closed (the bot keeps ``FACES`` open: each face maps
    the font file on its own) opens it again for a text it has not drawn, the pixels the
    same as a plain font's."""
    monkeypatch.setattr(glyphs, "FACES", 2)
    kept = font(27)
    for size in (28, 29, 30):  # three other sizes asked for since: 27's face is closed
        font(size).getlength("Bengal")
    assert glyphs._faces.open_count() == 2
    opened = glyphs._faces.opened
    drawn = _drawn(kept)
    assert glyphs._faces.opened == opened + 1
    assert glyphs._faces.open_count() == 2
    plain = ImageFont.FreeTypeFont(str(FONT_DIR / FONT_FILES[False]), 27)
    assert ImageChops.difference(drawn, _drawn(plain)).getbbox() is None
    assert kept.getmetrics() == plain.getmetrics()


def test_a_packed_layer_comes_back_with_the_same_pixels_without_drawing_it_again():
    draws = []

    def draw(n: int) -> tuple[Image.Image, tuple[int, ...]]:
        draws.append(n)
        img = Image.new("RGB", (90, 70), (n * 20, 250 - n * 20, 7))
        ImageDraw.Draw(img).ellipse((n, n, 60 + n, 50), fill=(3, 90, 200), outline=(0, 0, 0))
        return img, (n,)

    layer = packed_cache(hot=1, packed=8)(draw)
    first = {n: layer(n)[0].copy() for n in range(5)}  # five games: only one stays drawn
    again = {n: layer(n) for n in range(5)}
    assert draws == [0, 1, 2, 3, 4]
    for n, (img, notes) in again.items():
        assert notes == (n,)
        assert ImageChops.difference(img, first[n]).getbbox() is None


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_a_layer_packed_in_bands_unpacks_to_the_same_pixels(mode):
    """Bands of ``BAND_ROWS`` rows, the last one short: every pixel back where it was."""
    h = 3 * packed.BAND_ROWS + 17
    img = Image.effect_noise((203, h), 60).convert(mode)
    ImageDraw.Draw(img).line((0, 0, 202, h - 1), fill=200, width=5)
    kept = packed.pack(img)
    assert len(kept[2]) == 4
    back = packed.unpack(kept)
    assert back.mode == img.mode and back.size == img.size
    assert back.tobytes() == img.tobytes()


@pytest.mark.slow
def test_sixteen_taj_mahal_games_in_turn_draw_each_board_once():
    """The board of a visit is drawn once a game, however many other games were drawn in
    between (sixteen channels at once redrew every board, every post)."""
    g = games.get("taj_mahal")
    views = []
    for seed in range(16):
        state = g.setup(seed, {"players": 3 + seed % 3})
        views.append(g.view(state, None))
    taj_board._board.cache_clear()
    taj_board._map.cache_clear()
    misses = taj_board._map.misses
    first = [taj_board.draw(v) for v in views]
    again = [taj_board.draw(v) for v in views]
    assert taj_board._map.misses - misses == 16
    assert all(ImageChops.difference(a, b).getbbox() is None
               for a, b in zip(first, again, strict=True))


@pytest.mark.parametrize("hot", [0, 1])
def test_a_layer_drawn_on_by_one_post_is_the_same_for_the_next(hot):
    """``fresh`` hands out a picture to draw on (a board under its pieces): what one post
    draws on it never shows in the next post's board, whether the layer is kept as it is
    (``hot``) or only packed."""
    def draw(n: int) -> tuple[Image.Image, None]:
        return Image.new("RGB", (40, 30), (n, 100, 200)), None

    layer = packed_cache(hot=hot, packed=4)(draw)
    img, _ = layer.fresh(7)
    ImageDraw.Draw(img).rectangle((0, 0, 39, 29), fill=(255, 0, 0))  # one post's pieces
    again, _ = layer.fresh(7)
    assert again.getpixel((5, 5)) == (7, 100, 200)
    assert layer.misses == 1


def test_a_layer_handed_out_taller_has_its_pixels_on_top_and_is_kept_hot_for_one_game_only():
    """``fresh(below=...)``: the layer unpacked (or drawn) straight into a taller picture,
    ``fill`` under it. Kept as it is only while one game posts (asked for twice in a
    row); posts of several games in turn hold no such copy."""
    def draw(n: int) -> tuple[Image.Image, int]:
        img = Image.new("RGB", (50, 70), (n, 90, 160))
        ImageDraw.Draw(img).ellipse((5, 5, 40, 60), fill=(250, 200, n))
        return img, n

    layer = packed_cache(hot=1, packed=8)(draw)
    for n in (1, 2, 3, 1, 2, 3):  # three games in turn: each unpacked, none kept hot
        img, extra = layer.fresh(n, below=20, fill=(9, 9, 9))
        assert extra == n and img.size == (50, 90)
        assert ImageChops.difference(img.crop((0, 0, 50, 70)), draw(n)[0]).getbbox() is None
        assert img.crop((0, 70, 50, 90)).getcolors() == [(50 * 20, (9, 9, 9))]
        ImageDraw.Draw(img).rectangle((0, 0, 49, 89), fill=(255, 0, 0))  # a post drawn on it
    assert (layer.misses, layer.unpacked, layer.hits) == (3, 3, 0)
    for _ in range(3):  # one game's posts: the second finds it hot
        img, _ = layer.fresh(2, below=5, fill=(0, 0, 0))
        assert img.getpixel((1, 1)) == (2, 90, 160) and img.size == (50, 75)
        ImageDraw.Draw(img).rectangle((0, 0, 49, 74), fill=(255, 0, 0))
    assert (layer.unpacked, layer.hits) == (5, 1)


def test_taj_mahal_posts_in_turn_and_alone_are_the_pictures_drawn_afresh():
    """Each map unpacked straight into the taller picture its post's words need, or pasted
    from the hot one while one game posts: the very pixels of a map drawn afresh."""
    g = games.get("taj_mahal")
    posts = []
    for seed in (4, 5):
        state = g.setup(seed, {"players": 3 + seed % 2})
        before = g.view(state, None)
        for step in range(3):
            state = games.random_move(g, state, random.Random(seed * 10 + step))[1]
            view = g.view(state, None)
            posts.append((view, before if step % 2 == 0 else None))
            before = view

    def afresh(view: dict, before: dict | None) -> Image.Image:
        taj_board._map.cache_clear()
        taj_board._board.cache_clear()
        return taj_board.draw(view, None, before)

    expected = [afresh(v, b) for v, b in posts]
    in_turn = [posts[0], posts[3], posts[1], posts[4], posts[2], posts[5]]
    alone = [posts[1]] * 3 + [posts[2]] * 2
    for view, before in in_turn + alone:
        drawn = taj_board.draw(view, None, before)
        want = expected[[id(p[0]) for p in posts].index(id(view))]
        assert ImageChops.difference(drawn, want).getbbox() is None
