"""Layouts and pictures kept as data (renderer/common/prebuilt.py): each file is there, in
the package, and holds exactly what its search (or drawing) gives today, so the pictures
drawn from the files are the pictures the searches would draw, pixel for pixel."""

from __future__ import annotations

import pytest
from PIL import Image

from renderer.common.prebuilt import SEARCHES, is_current, prebuilt, prebuilt_image, write
from tools.prebuilt import load_all

load_all()


def test_the_renderers_keep_their_searches_as_data():
    """Layouts, every picture's palette (chosen from specimens drawn for it), and what is
    drawn once on big supersampled layers: read, not worked out, in a process that draws."""
    assert {p.parent.name + "/" + p.name for p in SEARCHES} >= {
        "vijayanagara/roads.json", "taj_mahal/markers.json", "goat_tiger/palette.json",
        "vijayanagara/palette.json", "rajas/palette.json", "maharaja/palette.json",
        "taj_mahal/palette.json", "taj_mahal/hand_palette.json", "goat_tiger/carved.png",
        "taj_mahal/roads.png", "vijayanagara/landscape.png"}


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SEARCHES), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_file_is_what_its_search_gives_today(path):
    assert path.exists(), "run `python -m tools.prebuilt`"
    assert is_current(path)


def test_a_search_without_its_file_is_run_and_a_file_is_read_as_written(tmp_path):
    beside = str(tmp_path / "layout.py")
    assert prebuilt(beside, "made", lambda: [["a", [1.5, 2]]]) == [["a", [1.5, 2]]]
    (tmp_path / "made.json").write_text('[["b", [0.1, 3]]]')
    assert prebuilt(beside, "made", lambda: []) == [["b", [0.1, 3]]]
    assert not is_current(tmp_path / "made.json")
    SEARCHES.pop(tmp_path / "made.json")


def test_a_picture_without_its_file_is_drawn_and_a_file_is_read_pixel_for_pixel(tmp_path):
    beside = str(tmp_path / "board.py")
    drawing = Image.new("RGBA", (7, 5), (10, 20, 30, 40))
    drawing.putpixel((3, 2), (250, 1, 2, 255))
    picture = prebuilt_image(beside, "art", drawing.copy)
    assert picture().tobytes() == drawing.tobytes()  # no file yet: drawn
    path = tmp_path / "art.png"
    write(path)
    assert is_current(path)
    drawing.putpixel((0, 0), (0, 0, 0, 0))  # the drawing changed, the file did not
    read = picture()
    assert (read.mode, read.size) == ("RGBA", (7, 5))
    assert read.getpixel((0, 0)) == (10, 20, 30, 40) and read.getpixel((3, 2)) == (250, 1, 2, 255)
    assert not is_current(path)
    SEARCHES.pop(path)
