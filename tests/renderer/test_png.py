"""The posts' PNG files are written by Darbar (renderer/common/png.py), not Pillow's
encoder: they must hold exactly the picture Pillow's file held, and be files any viewer
opens (every chunk's CRC right, the pixels one deflated stream)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

import renderer
from engine import games
from renderer.common.banner import with_banner
from renderer.common.png import SIGNATURE, palette_png


def _pillow(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()


def _held(png: bytes) -> tuple:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im.mode, im.size, im.getpalette(), im.info.get("transparency"), im.tobytes()


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    assert png.startswith(SIGNATURE)
    out, at = [], len(SIGNATURE)
    while at < len(png):
        (n,) = struct.unpack(">I", png[at:at + 4])
        kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + n]
        (crc,) = struct.unpack(">I", png[at + 8 + n:at + 12 + n])
        assert crc == zlib.crc32(kind + data), kind
        out.append((kind, data))
        at += 12 + n
    return out


def test_every_game_s_picture_is_the_picture_pillow_wrote():
    for game_id in games.ids():
        g = games.get(game_id)
        view = g.view(g.setup(7, {}), None)
        drawn = renderer.drawn(game_id, view)
        png = renderer.render(game_id, view)
        assert _held(png) == _held(_pillow(drawn)), game_id
        kinds = [k for k, _ in _chunks(png)]
        assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"], game_id
        width, height = drawn.size
        rows = zlib.decompress(dict(_chunks(png))[b"IDAT"])
        assert len(rows) == (width + 1) * height  # a filter byte, then the row's indices
        assert rows[::width + 1] == bytes(height)  # every row unfiltered, as Pillow's


def test_the_final_banner_keeps_its_palette_and_pixels():
    g = games.get("goat_tiger")
    board = renderer.render("goat_tiger", g.view(g.setup(3, {}), None))
    png = with_banner(board, "Tigers win", ["Five goats taken in 31 moves."])
    im = Image.open(io.BytesIO(png))
    im.load()
    assert _held(png) == _held(_pillow(im))
    assert im.height > Image.open(io.BytesIO(board)).height


def test_what_it_does_not_write_is_left_to_pillow():
    assert palette_png(Image.new("RGB", (4, 4))) is None
    transparent = Image.new("P", (4, 4))
    transparent.info["transparency"] = 0
    assert palette_png(transparent) is None
