"""Layouts kept as data (renderer/common/prebuilt.py): each file is there, in the package,
and holds exactly what its search gives today, so the pictures drawn from the files are
the pictures the searches would draw, pixel for pixel."""

from __future__ import annotations

import json

import pytest

from renderer.common.prebuilt import SEARCHES, as_json, prebuilt
from tools.prebuilt import load_all

load_all()


def test_the_renderers_keep_their_searches_as_data():
    """Layouts, and every picture's palette (chosen from specimens drawn for it): read, not
    worked out, in a process that draws."""
    assert {p.parent.name + "/" + p.name for p in SEARCHES} >= {
        "vijayanagara/roads.json", "taj_mahal/markers.json", "goat_tiger/palette.json",
        "vijayanagara/palette.json", "rajas/palette.json", "maharaja/palette.json",
        "taj_mahal/palette.json", "taj_mahal/hand_palette.json"}


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SEARCHES), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_file_is_what_its_search_gives_today(path):
    assert path.exists(), "run `python -m tools.prebuilt`"
    assert json.loads(path.read_text()) == json.loads(as_json(SEARCHES[path]))


def test_a_search_without_its_file_is_run_and_a_file_is_read_as_written(tmp_path):
    beside = str(tmp_path / "layout.py")
    assert prebuilt(beside, "made", lambda: [["a", [1.5, 2]]]) == [["a", [1.5, 2]]]
    (tmp_path / "made.json").write_text('[["b", [0.1, 3]]]')
    assert prebuilt(beside, "made", lambda: []) == [["b", [0.1, 3]]]
    SEARCHES.pop(tmp_path / "made.json")
