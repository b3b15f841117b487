"""The bot gives back the heap its pictures freed (``bot/memory.py``): between two
scheduler ticks a burst of play must not leave the process at its high-water mark."""

from __future__ import annotations

import pytest

from bot import memory


@pytest.fixture
def process(monkeypatch):
    """A process whose resident size the test sets, and whose trims it counts."""
    state = {"mb": 100.0, "trims": 0}

    def trim_heap(_pad: int) -> int:
        state["trims"] += 1
        state["mb"] = 90.0  # what the heap gave back
        return 1

    monkeypatch.setattr(memory, "resident_mb", lambda: state["mb"])
    monkeypatch.setattr(memory, "_malloc_trim", lambda: trim_heap)
    monkeypatch.setattr(memory, "_trimmed_at", [])
    return state


def test_pictures_trim_the_heap_once_the_process_has_grown_since_its_last_trim(process):
    assert memory.trim_if_grown(8.0) is False  # the first picture notes where it stands
    process["mb"] = 107.0
    assert memory.trim_if_grown(8.0) is False and process["trims"] == 0
    process["mb"] = 109.0
    assert memory.trim_if_grown(8.0) is True and process["trims"] == 1
    # measured from where the trim left it (90), not from where it started
    process["mb"] = 97.0
    assert memory.trim_if_grown(8.0) is False and process["trims"] == 1
    process["mb"] = 99.0
    assert memory.trim_if_grown(8.0) is True and process["trims"] == 2


def test_the_scheduler_trim_counts_as_the_last_trim(process):
    memory.trim_if_grown(8.0)
    process["mb"] = 120.0
    assert memory.trim() == 30.0  # the tick's trim gave back 30 MB, leaving 90
    process["mb"] = 95.0
    assert memory.trim_if_grown(8.0) is False and process["trims"] == 1


def test_resident_size_is_read_from_the_kernel():
    mb = memory.resident_mb()
    whole = memory.rss_mb()
    if whole is None:
        pytest.skip("no /proc here")
    assert mb is not None and abs(mb - whole[0]) < 16  # the same figure, moments apart


async def test_every_picture_drawn_asks_whether_to_trim(monkeypatch):
    from bot.table import posts

    asked = []
    monkeypatch.setattr(memory, "trim_if_grown", lambda: asked.append(1) or False)
    monkeypatch.setattr(posts, "_WARMED", {("goat_tiger", "board")})
    assert await posts.drawn("goat_tiger", "board", lambda: b"png") == b"png"
    assert await posts.drawn("goat_tiger", "board", lambda: b"png") == b"png"
    assert len(asked) == 2


async def test_a_renderers_first_picture_leaves_what_it_built_to_no_collection(monkeypatch):
    """After each renderer's first picture, what the process holds is frozen out of the
    garbage collector's collections (its caches live as long as the process); later
    pictures freeze nothing more."""
    import gc

    from bot.table import posts

    frozen = []
    monkeypatch.setattr(memory, "freeze_long_lived", lambda: frozen.append(1))
    monkeypatch.setattr(posts, "_WARMED", set())
    for _ in range(3):
        assert await posts.drawn("goat_tiger", "board", lambda: b"png") == b"png"
    assert await posts.drawn("rajas", "board", lambda: b"png") == b"png"
    assert len(frozen) == 2  # once for each renderer's first picture
    monkeypatch.undo()
    kept = [object()]  # held before the freeze: frozen with it
    before = gc.get_freeze_count()
    memory.freeze_long_lived()
    assert gc.get_freeze_count() > before
    assert not any(o is kept for o in gc.get_objects())
    gc.unfreeze()  # the rest of the test run as it was
