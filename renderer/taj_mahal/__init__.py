"""Taj Mahal: its picture and its words, declared once as ``PICTURE`` (found by ``renderer``
by this package's name, the game's id). board.py (the picture), hand.py (a player's hidden
hand), map.py (the board's geometry), style.py (colours and fonts), marks.py (the key under
the map, and what changed since a player's last move), since.py (those changes, from two
views); words.py (the position in words and the post's status lines)."""

from __future__ import annotations

from engine.games.taj_mahal.shown import TajMahalView
from renderer.common.picture import Picture
from renderer.taj_mahal import board, hand, words

PICTURE: Picture[TajMahalView] = Picture(
    render=board.render,
    painted=board.painted,
    layout=board.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    hand=hand.hand,
    since=board.since,
)
