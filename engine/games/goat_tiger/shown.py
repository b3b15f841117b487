"""Goat-Tiger's spectator view, as its picture and words read it (engine/shown.py)."""

from __future__ import annotations

from typing import TypedDict

from engine.shown import Shown

# The last move: a placement has no "from"; a leap names the Goat it took ("over").
Last = TypedDict("Last", {"role": str, "from": str | None, "to": str, "over": str | None})


class GoatTigerView(Shown):
    board: dict[str, str]  # point label -> "goat" / "tiger"
    to_move: str | None
    in_hand: int  # Goats still to place
    captured: int
    captures_to_win: int
    selected: str | None  # the point of a Tiger picked up mid-move
    last: Last | None
