"""Real positions for the benchmark, the tests and the reference images
(``python -m tools.samples DIR`` draws them all), gathered from the games: each game's
package declares its own in ``engine/games/<id>/samples.py`` (``views()``, the sample
views by name; ``PLAYERS``, the players' names to draw them with; ``hand_view()`` where a
hand is hidden: the mover's own view, for its picture).

Each sample is played through the engine, so the views have exactly the shape the bot
will pass to ``render``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType

from engine import games

Views = Callable[[], dict[str, dict]]
Players = Mapping[str, str | None]


def of(game_id: str) -> ModuleType:
    """The game's samples module."""
    return importlib.import_module(f"engine.games.{game_id}.samples")


# game id -> (its sample views by name, the players' names to draw them with)
SAMPLES: dict[str, tuple[Views, Players]] = {
    game_id: (of(game_id).views, of(game_id).PLAYERS) for game_id in games.ids()}
# game id -> (the view of a hidden hand to draw, the players' names), where hands are hidden
HANDS: dict[str, tuple[Callable[[], dict], Players]] = {
    game_id: (of(game_id).hand_view, of(game_id).PLAYERS) for game_id in games.ids()
    if hasattr(of(game_id), "hand_view")}
