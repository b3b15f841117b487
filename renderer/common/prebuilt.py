"""Layouts a search works out once (where each road may run clear of the boxes, where a
name fits), kept as JSON beside the renderer that draws them, and pictures drawn once on
big supersampled layers, kept as PNG: a process reads the file instead of searching at
import or drawing at its first post. Vijayanagara's roads took half a second of every
process's start, the bot's, each worker's and each test's; Goat-Tiger's carved slab took
a quarter of a second and 50 MB of layers at a process's first picture.

``python -m tools.prebuilt`` writes every file anew from its search; the tests check
that each file is there and exactly what its search gives today
(tests/renderer/test_prebuilt.py), so a change to a search that forgot its file fails
there, not in a picture."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

# Every prebuilt file a renderer has read or will read, with the search (or drawing) that
# makes it: filled as the renderers are imported (the tool and the tests import them all).
SEARCHES: dict[Path, Callable[[], Any]] = {}


def prebuilt(beside: str, name: str, search: Callable[[], Any]) -> Any:
    """The JSON ``search()`` gives, read from ``name``.json in the folder of the module
    file ``beside`` (pass ``__file__``). ``search`` must return JSON's own types (lists,
    not tuples), so that what is read is what it gives."""
    path = Path(beside).with_name(f"{name}.json")
    SEARCHES[path] = search
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        # A new search before its file was written: slow, but the same picture (and the
        # tests fail until the file is there).
        return json.loads(made(path))


def prebuilt_image(beside: str, name: str, draw: Callable[[], Image.Image]
                   ) -> Callable[[], Image.Image]:
    """A function giving the picture ``draw()`` gives, read from ``name``.png beside the
    module file ``beside``: read when first called (the picture is the caller's to keep
    or cache), so a process that never draws it never holds it."""
    path = Path(beside).with_name(f"{name}.png")
    SEARCHES[path] = draw

    def read() -> Image.Image:
        try:
            with Image.open(path) as img:
                img.load()
                return img
        except FileNotFoundError:  # as for a layout: drawn, and the tests fail
            return draw()

    return read


def made(path: Path) -> str | bytes:
    """What ``path``'s file holds, made anew by its search: a layout as JSON (one line a
    top-level item, so a diff reads), a picture as PNG (lossless: what is read is what
    was drawn, its mode included)."""
    found = SEARCHES[path]()
    if path.suffix == ".png":
        out = io.BytesIO()
        found.save(out, "PNG", optimize=True)
        return out.getvalue()
    if isinstance(found, list):
        return "[\n" + ",\n".join(json.dumps(x) for x in found) + "\n]\n"
    return json.dumps(found, indent=1) + "\n"


def write(path: Path) -> None:
    """Write ``path``'s file anew from its search."""
    content = made(path)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)


def is_current(path: Path) -> bool:
    """Whether ``path``'s file holds what its search gives today (a picture: pixel for
    pixel, in the same mode; a layout: the same JSON, however it is laid out)."""
    content = made(path)
    if isinstance(content, str):
        return bool(json.loads(path.read_text()) == json.loads(content))
    with Image.open(path) as kept, Image.open(io.BytesIO(content)) as drawn:
        return (kept.mode, kept.size, kept.tobytes()) == (drawn.mode, drawn.size,
                                                          drawn.tobytes())
