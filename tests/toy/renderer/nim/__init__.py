"""Nim's picture and words, declared once."""

from engine.games.nim.shown import NimView
from renderer.common.picture import Picture
from renderer.nim import board

PICTURE: Picture[NimView] = Picture(
    render=board.render, layout=board.layout, warm=board.warm, describe=board.describe)
