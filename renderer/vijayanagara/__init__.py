"""Vijayanagara: its picture and its words, declared once as ``PICTURE`` (found by
``renderer`` by this package's name, the game's id). board.py (the picture) over layout.py,
map.py, header.py, key.py and art.py; words.py (the position in words and the post's status
lines)."""

from __future__ import annotations

from engine.games.vijayanagara.shown import VijayanagaraView
from renderer.common.picture import Picture
from renderer.vijayanagara import board, over, words

PICTURE: Picture[VijayanagaraView] = Picture(
    render=board.render,
    painted=board.painted,
    painted_after=over.painted_after,
    layout=board.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    since=board.render_since,
)
