"""Rajas of the Ganges: its picture and its words, declared once as ``PICTURE`` (found by
``renderer`` by this package's name, the game's id). board.py (the picture) over layout.py
(where everything lies, the static layers) and art.py; words.py (the position in words and
the post's status lines)."""

from __future__ import annotations

from engine.games.rajas.shown import RajasView
from renderer.common.picture import Picture
from renderer.rajas import board, words

PICTURE: Picture[RajasView] = Picture(
    render=board.render,
    layout=board.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    focused=board.render,
)
