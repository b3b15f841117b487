"""Palette pictures written as PNG files here rather than by Pillow's encoder.

Deflating was the dearest part of a post's picture: 5–6 ms of a Goat-Tiger picture's 14,
because Pillow's wheels deflate with the system's zlib (1.2.13 here, a row at a time). A
PNG of a palette image is a few short chunks around one deflated stream of its rows, each
row after a filter byte (none, for palette images, as Pillow writes them too); ISA-L
(``isal``) deflates that stream at its level 1 in 0.75 ms for Goat-Tiger, to about the size
zlib's level 3 gave. Where ``isal`` has no build for the machine, the standard library's
zlib writes the same format.

The rows are deflated a band of ``BAND_ROWS`` at a time into one stream: the rows with
their filter bytes as one picture, then as one string (Pillow's ``tobytes`` joins it from
pieces), held 2.5 MB at once for a Taj Mahal picture, on each render thread.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

try:
    from isal.isal_zlib import compressobj as _deflater
except ImportError:  # pragma: no cover - isal ships wheels for the usual machines
    from zlib import compressobj as _deflater  # type: ignore[assignment]

LEVEL = 1  # ISA-L's levels are 0-3: 1 is within 2 % of 3's size at its speed; zlib's 1-9

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BAND_ROWS = 128  # rows deflated together: 100 KB of an 800-px picture


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(img: Image.Image) -> bytes | None:
    """``img`` (a "P" image of 8-bit indices) as a PNG file; None for what this writer
    leaves to Pillow (another mode, or a transparent colour)."""
    if img.mode != "P" or "transparency" in img.info:
        return None
    palette = bytes(img.getpalette("RGB") or [])[:768]
    if not palette:
        return None
    width, height = img.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", _deflated_rows(img)), _chunk(b"IEND", b"")))


def _deflated_rows(img: Image.Image) -> bytes:
    """``img``'s rows, each after its filter byte (0: none), as one deflated stream."""
    width, height = img.size
    deflater = _deflater(LEVEL)
    parts = []
    for top in range(0, height, BAND_ROWS):
        rows = Image.new("P", (width + 1, min(BAND_ROWS, height - top)), 0)
        rows.paste(img, (1, -top))  # column 0: each row's filter byte, 0
        parts.append(deflater.compress(rows.tobytes()))
    parts.append(deflater.flush())
    return b"".join(parts)


def png_file(img: Image.Image) -> bytes:
    """``img`` as a PNG file: written here where ``palette_png`` can, else by Pillow's
    encoder (zlib level 3), for a picture's post and the final banner alike."""
    if (written := palette_png(img)) is not None:
        return written
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()
