"""A picture is drawn on a render thread and handed back to the event loop (``drawn``):
what the drawing returns, or the error it raised, where the post awaits it."""

from __future__ import annotations

import threading

import pytest

from bot.table import posts


async def test_a_picture_comes_back_from_its_render_thread():
    def draw() -> tuple[bytes, str]:
        return b"png", threading.current_thread().name
    png, thread = await posts.drawn("goat_tiger", "board", draw)
    assert png == b"png" and thread.startswith("darbar-render")


async def test_a_drawing_that_fails_raises_where_it_is_awaited():
    def draw() -> bytes:
        raise ValueError("no such sprite")
    with pytest.raises(ValueError, match="no such sprite"):
        await posts.drawn("goat_tiger", "board", draw)
    assert await posts.drawn("goat_tiger", "board", lambda: b"again") == b"again"
