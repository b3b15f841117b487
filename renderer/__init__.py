"""Pictures of game positions for Discord: ``render(game_id, view)`` gives PNG bytes, and
``describe`` / ``alt_text`` the same position in words (renderer/text.py).

Renderers are pure: they read the spectator view a game's ``view(state, None)``
returns and draw it, with no I/O beyond loading fonts once, no clock and no
randomness, so the same view always gives the same bytes.
"""

from __future__ import annotations

from types import ModuleType

from renderer import goat_tiger, maharaja, rajas, taj_mahal, vijayanagara
from renderer.text import alt_text, describe

# game id -> module with render(view, players) -> bytes, layout() -> {label: (x, y)}
# and warm() -> None
_RENDERERS: dict[str, ModuleType] = {goat_tiger.ID: goat_tiger, vijayanagara.ID: vijayanagara,
                                     taj_mahal.ID: taj_mahal, rajas.ID: rajas,
                                     maharaja.ID: maharaja}


def _module(game_id: str) -> ModuleType:
    try:
        return _RENDERERS[game_id]
    except KeyError:
        known = ", ".join(sorted(_RENDERERS))
        raise KeyError(f"no renderer for game {game_id!r}; renderers exist for: {known}") from None


def render(game_id: str, view: dict, *, players: dict[str, str] | None = None,
           focus: str | None = None) -> bytes:
    """PNG picture of ``view``; ``players`` maps role -> display name for the header.
    ``focus``: the side whose own board a picture shows where it shows one (see
    ``focuses``); other renderers ignore it."""
    if focus is not None and focuses(game_id):
        return _module(game_id).render(view, players, focus)
    return _module(game_id).render(view, players)


def focuses(game_id: str) -> bool:
    """Whether the game's picture shows one side's own board (the acting side's, unless
    another is asked for): Rajas draws one province of up to four."""
    return getattr(_module(game_id), "FOCUS", False)


def hand(game_id: str, view: dict, players: dict[str, str] | None = None) -> bytes | None:
    """PNG picture of the private cards in ``view["hand"]`` (a player's own view), for
    games whose renderer draws hands; None for the others. Only ever sent to that player."""
    module = _module(game_id)
    return module.hand(view, players) if hasattr(module, "hand") else None


def layout(game_id: str) -> dict[str, tuple[int, int]]:
    """Pixel centre of every point of the game's board in the rendered image, by label."""
    return _module(game_id).layout()


def warm(game_id: str | None = None) -> None:
    """Build a renderer's caches ahead of the first render (all games by default)."""
    for gid in [game_id] if game_id else list(_RENDERERS):
        _module(gid).warm()


def ids() -> list[str]:
    return sorted(_RENDERERS)


__all__ = ["alt_text", "describe", "focuses", "hand", "ids", "layout", "render", "warm"]
