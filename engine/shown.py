"""What every game's spectator view holds, as a TypedDict: each game's own view extends
``Shown`` in ``engine/games/<id>/shown.py`` with the keys its picture and words read, so a
renderer reading a key the view lacks is a type error (Rally the Troops' view schema,
OpenSpiel's observation). The views themselves stay plain dicts (``engine.contract.View``);
``tests/renderer/test_shown.py`` holds every sample view to its declaration."""

from __future__ import annotations

from typing import Any, TypedDict


class Shown(TypedDict):
    game: str
    active: list[str]  # the roles to act now; [] once the game is over
    move: int
    log: list[str]
    # The rules' result once the game is over (winners, scores, reason); the table adds
    # how it ended otherwise (resigned, abandoned).
    result: dict[str, Any] | None
    prompt: str  # "" in a spectator view
    actions: dict[str, Any]  # {} in a spectator view
