"""Aadu-Huli aata (Goat-Tiger): its picture and its words, declared once as ``PICTURE``
(found by ``renderer`` by this package's name, the game's id). board.py (the picture),
geometry.py (where its parts sit), art.py (its pieces and board art), since.py (what
changed between two views),
words.py (the position in words and the post's status
lines)."""

from __future__ import annotations

from engine.games.goat_tiger.shown import GoatTigerView
from renderer.common.picture import Picture
from renderer.goat_tiger import board, geometry, words

PICTURE: Picture[GoatTigerView] = Picture(
    render=board.render,
    layout=geometry.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    since=board.since,
    painted=board.painted,
)
