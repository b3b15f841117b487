"""Layouts a search works out once (where each road may run clear of the boxes, where a
name fits), kept as JSON beside the renderer that draws them: a process reads the file
instead of searching at import. Vijayanagara's roads took half a second of every
process's start, the bot's, each worker's and each test's.

``python -m tools.prebuilt`` writes every file anew from its search; the tests check
that each file is there and exactly what its search gives today
(tests/renderer/test_prebuilt.py), so a change to a search that forgot its file fails
there, not in a picture."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Every prebuilt file a renderer has read, with the search that makes it: filled as the
# renderers are imported (the tool and the tests import them all).
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
        return json.loads(as_json(search))


def as_json(search: Callable[[], Any]) -> str:
    """What a search's file holds (one line a top-level item, so a diff reads)."""
    found = search()
    if isinstance(found, list):
        return "[\n" + ",\n".join(json.dumps(x) for x in found) + "\n]\n"
    return json.dumps(found, indent=1) + "\n"
