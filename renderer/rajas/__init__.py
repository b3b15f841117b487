"""Rajas of the Ganges: its picture and its words, declared once as ``PICTURE`` (found by
``renderer`` by this package's name, the game's id). board.py (the main picture: the
shared board and every player at a glance) with symbols.py (earnings as keyed symbols),
since.py (what changed since an earlier view) and reading.py (the title, the tile in
hand); province.py (one player's province in full, ``/board side:``, over board.py's
tiles and dice); art.py (colours, sprites, texts that note themselves); words.py (the
position in words and the post's status lines)."""

from __future__ import annotations

from engine.games.rajas.shown import RajasView
from renderer.common.picture import Picture
from renderer.rajas import board, province, words

PICTURE: Picture[RajasView] = Picture(
    render=board.render,
    painted=board.painted,
    layout=board.layout,
    warm=board.warm,
    describe=words.describe,
    status=words.status,
    focused=province.render,
    since=province.since,
)
