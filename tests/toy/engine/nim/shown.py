"""Nim's spectator view, as its picture and words read it."""

from engine.shown import Shown


class NimView(Shown):
    pile: int
