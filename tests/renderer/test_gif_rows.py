"""A replay's GIF frames: the rows that changed encoded by Pillow, the unchanged rows
between them written as runs of the transparent index (renderer/common/gif_rows.py). A
decoder must read the frames as the pictures they were made of, pixel for pixel."""

from __future__ import annotations

import io
import random

import pytest
from PIL import GifImagePlugin, Image, ImageDraw

from renderer.common import gif_rows, to_palette
from renderer.common.animation import Frame, Painted, animation, animation_of

CUBE = [c for r in range(6) for g in range(6) for b in range(6) for c in (r * 51, g * 51, b * 51)]


def _pictures(n: int, size: tuple[int, int] = (300, 900), noise: int = 0) -> list[Image.Image]:
    """A tall board whose header (a move counter at the top) and one mark far below it
    change from picture to picture, as a replay's do; ``noise``: a band of random pixels
    that changes too (codes that fill LZW's dictionary)."""
    rng = random.Random(n * 7 + noise)
    out = []
    for i in range(n):
        im = Image.new("P", size, 200)
        im.putpalette(CUBE + [0] * (768 - len(CUBE)))
        d = ImageDraw.Draw(im)
        d.rectangle((0, 4, size[0] - 1, 20), fill=100 + i % 6)  # the header's band
        d.text((10, 6), f"move {i}: {'x' * (i % 7)}", fill=0)
        y = 300 + 97 * (i % 6)
        d.rectangle((40 + 13 * i % 200, y, 60 + 13 * i % 200, y + 15), fill=i % 180)
        if noise:
            band = Image.frombytes("P", (size[0], noise),
                                   bytes(b % 216 for b in rng.randbytes(size[0] * noise)))
            im.paste(band, (0, size[1] // 2 - 40))
        out.append(im)
    return out


def _decoded(data: bytes) -> list[bytes]:
    """Every frame of the GIF as Pillow's decoder composes it, as RGB bytes."""
    im = Image.open(io.BytesIO(data))
    out = []
    for i in range(im.n_frames):
        im.seek(i)
        out.append(im.convert("RGB").tobytes())
    return out


@pytest.mark.parametrize("noise", [0, 40])
def test_frames_written_by_bands_decode_to_the_pictures_pixel_for_pixel(noise):
    pictures = _pictures(9, noise=noise)
    made = animation(pictures)
    assert made.kept == tuple(range(9))
    assert _decoded(made.data) == [p.convert("RGB").tobytes() for p in pictures]


def test_a_frame_encodes_only_the_rows_that_changed(monkeypatch):
    """The header and a mark 300-800 px below it change: Pillow's LZW is handed those rows,
    not the rectangle from one to the other (half the picture, a few per cent changed)."""
    pictures = _pictures(6)
    assert gif_rows.joins()  # checked once a process, by encoding bands of its own
    whole: list[int] = []  # pixels of the frames Pillow's GIF writer encodes whole
    bands: list[int] = []  # pixels of the bands handed to its encoder
    getdata, stream = GifImagePlugin.getdata, gif_rows._stream

    def counted(im: Image.Image, *args, **kwargs) -> list[bytes]:
        whole.append(im.width * im.height)
        return getdata(im, *args, **kwargs)

    def counted_band(im: Image.Image, box: gif_rows.Box) -> bytes:
        bands.append((box[2] - box[0]) * (box[3] - box[1]))
        return stream(im, box)

    monkeypatch.setattr(GifImagePlugin, "getdata", counted)
    monkeypatch.setattr(gif_rows, "_stream", counted_band)
    animation(pictures)
    assert whole == [300 * 900]  # the first; each next one in bands
    later = sum(bands) / (len(pictures) - 1)
    assert later < 300 * 100, f"{later:.0f} pixels a frame encoded by LZW"


def test_the_join_is_checked_against_pillows_decoder():
    assert gif_rows.joins()


# Runs whose last code is the 255th, 767th, 1791st (after which the decoder reads codes a
# bit wider) or the last before the dictionary is full, and runs about them.
@pytest.mark.parametrize("count", [1, 2, 3, 4, 10, 255, 256, 257, 5000, 32_385, 32_386, 32_640,
                                   32_641, 294_528, 294_529, 1_604_736, 1_604_737, 7_367_041,
                                   7_367_042, 9_000_000])
def test_a_run_decodes_to_its_pixels_between_two_bands(count):
    rng = random.Random(count)
    width = 1 if count < 60_000 else 600
    count -= count % width
    top = Image.frombytes("P", (width, 40), rng.randbytes(width * 40))
    bottom = Image.frombytes("P", (width, 2), bytes((3,)) * width * 2)
    data = gif_rows.frame([gif_rows.whole(top), (5, count), gif_rows.whole(bottom)], (0, 0),
                          (width, 42 + count // width), 9, 700)
    assert data is not None
    height = 42 + count // width
    gif = (b"GIF89a" + (width).to_bytes(2, "little") + height.to_bytes(2, "little")
           + b"\x87\0\0" + bytes(range(256)) * 3 + data + b";")
    im = Image.open(io.BytesIO(gif))
    im.load()
    assert im.tobytes() == top.tobytes() + bytes((5,)) * count + bottom.tobytes()


@pytest.mark.parametrize("pixels", [1, 2, 254, 255, 256, 257, 767, 768])
def test_a_band_joins_the_run_after_it_whatever_its_last_codes_width(pixels):
    """A band of distinct pixels is one code a pixel: after 255 of them (and 767, …) the
    decoder reads the next code a bit wider than the band's end code was written."""
    width = pixels
    band = Image.frombytes("P", (width, 1), bytes(i % 251 for i in range(width)))
    tail = Image.frombytes("P", (width, 1), bytes((2,)) * width)
    data = gif_rows.frame([gif_rows.whole(band), (7, width * 3), gif_rows.whole(tail)], (0, 0),
                          (width, 5), 7, 700)
    assert data is not None
    gif = (b"GIF89a" + width.to_bytes(2, "little") + (5).to_bytes(2, "little")
           + b"\x87\0\0" + bytes(range(256)) * 3 + data + b";")
    im = Image.open(io.BytesIO(gif))
    im.load()
    assert im.tobytes() == band.tobytes() + bytes((7,)) * width * 3 + tail.tobytes()


@pytest.mark.parametrize("drawn", ["the index the first picture left unused", "every index"])
def test_frames_whose_changes_use_the_spare_index_or_every_index_decode_alike(drawn):
    """A frame's transparent index is the one the first picture leaves unused where its
    changed pixels do not use it; where they do, another; where they use all 256, none
    (the rectangle written as it is)."""
    pictures = _pictures(5)
    for i, im in enumerate(pictures[1:], 1):
        d = ImageDraw.Draw(im)
        if drawn == "every index":
            strip = Image.frombytes("P", (256, 2), bytes(range(256)) * 2)
            im.paste(strip, (i, 700))
        d.rectangle((100 + i, 10, 140, 14), fill=255)
    assert 255 not in pictures[0].tobytes()
    made = animation(pictures)
    assert _decoded(made.data) == [p.convert("RGB").tobytes() for p in pictures]


@pytest.mark.parametrize("broken", ["joins", "a band's end"])
def test_where_bands_cannot_be_joined_frames_are_written_whole(monkeypatch, broken):
    """An encoder whose codes grow otherwise than Pillow's (the check fails, or a band's
    length fits no stream of Pillow's): each frame is its whole rectangle, as before."""
    if broken == "joins":
        monkeypatch.setattr(gif_rows, "joins", lambda: False)
    else:
        monkeypatch.setattr(gif_rows, "_next_width", lambda bits: None)
    pictures = _pictures(5)
    made = animation(pictures)
    assert _decoded(made.data) == [p.convert("RGB").tobytes() for p in pictures]
    monkeypatch.undo()
    assert animation(pictures).data != made.data  # joined where it may be


def test_pictures_given_before_their_palette_decode_to_the_pictures_mapped():
    """A renderer's drawing and its palette (``Painted``): only the rows that changed are
    mapped, and every frame decodes to the whole picture mapped, pixel for pixel; also
    where a colour changed but maps to the same index, and where a frame between them is
    given as a PNG (the stepper's picture, which a whole replay reuses)."""
    pictures = _pictures(8, noise=30)
    palette = Image.new("P", (1, 1))
    palette.putpalette(CUBE + [0] * (768 - len(CUBE)))
    drawings = [p.convert("RGB") for p in pictures]
    ImageDraw.Draw(drawings[3]).rectangle((50, 500, 90, 520), fill=(1, 0, 2))  # maps to 0
    ImageDraw.Draw(drawings[2]).rectangle((50, 500, 90, 520), fill=(0, 0, 0))
    mapped = [to_palette(d, palette) for d in drawings]
    buf = io.BytesIO()
    mapped[5].save(buf, format="PNG")
    frames: list[Frame] = [Painted(d, palette) for d in drawings]
    frames[5] = buf.getvalue()
    made = animation_of(len(frames), frames.__getitem__)
    assert made.kept == tuple(range(len(frames)))
    assert _decoded(made.data) == [m.convert("RGB").tobytes() for m in mapped]
    assert _decoded(animation(frames).data) == _decoded(made.data)  # the same, all mapped


@pytest.mark.parametrize("painted", [False, True])
@pytest.mark.parametrize("gap", [1, 13, 14, 27, 28, 29, 60])
def test_changes_any_number_of_rows_apart_decode_to_the_pictures(gap, painted):
    """Two changes ``gap`` rows apart, about the height of the strips the rows are found
    in (2 × 14 rows for a frame 300 px wide), at the frame's first and last rows and
    across a strip's edge: each frame decodes to its picture, given as the palette image
    or as the drawing before it is mapped."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(CUBE + [0] * (768 - len(CUBE)))
    base = Image.new("P", (300, 200), 200)
    base.putpalette(palette.getpalette() or [])
    pictures = [base]
    for i in range(1, 6):
        im = base.copy()
        d = ImageDraw.Draw(im)
        top = 3 * i + (i % 2) * 25
        d.line((10 + i, top, 290 - i, top), fill=i)  # one row
        d.rectangle((5 * i, top + 1 + gap, 5 * i + 40, top + 1 + gap + i % 3), fill=30 + i)
        pictures.append(im)
    frames: list[Frame] = [Painted(p.convert("RGB"), palette) if painted else p
                           for p in pictures]
    made = animation_of(len(frames), frames.__getitem__)
    assert _decoded(made.data) == [p.convert("RGB").tobytes() for p in pictures]
