"""Maharaja: its picture and its words, declared once as ``PICTURE`` (found by ``renderer``
by this package's name, the game's id). board.py (the picture) over map.py, pieces.py and
style.py; words.py (the position in words and the post's status lines)."""

from __future__ import annotations

from engine.games.maharaja.shown import MaharajaView
from renderer.common.picture import Picture
from renderer.maharaja import board, words

PICTURE: Picture[MaharajaView] = Picture(
    render=board.render,
    painted=board.painted,
    layout=board.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    since=board.since,
)
