"""Pictures of game positions for Discord: ``render(game_id, view)`` gives PNG bytes, and
``describe`` / ``alt_text`` the same position in words (renderer/text.py).

Renderers are pure: they read the spectator view a game's ``view(state, None)``
returns and draw it, with no I/O beyond loading fonts once, no clock and no
randomness, so the same view always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from renderer import goat_tiger, maharaja, rajas, taj_mahal, vijayanagara
from renderer.banner import with_banner
from renderer.text import alt_text, describe, status

Players = dict[str, str] | None


@dataclass(frozen=True)
class Picture:
    """What a game's renderer can draw, as data (the renderer's side of the contract)."""

    render: Callable[..., bytes]  # (view, players[, focus]) -> PNG
    layout: Callable[[], dict[str, tuple[int, int]]]  # every point's pixel centre, by label
    warm: Callable[[], None]  # build caches ahead of the first picture
    # Draws one side's own board (the acting side's, or one asked for): Rajas' provinces.
    focus: bool = False
    # Draws a hidden hand, for its owner only (Taj Mahal).
    hand: Callable[[dict, Players], bytes] | None = None


_PICTURES: dict[str, Picture] = {
    "goat_tiger": Picture(goat_tiger.render, goat_tiger.layout, goat_tiger.warm),
    "vijayanagara": Picture(vijayanagara.render, vijayanagara.layout, vijayanagara.warm),
    "taj_mahal": Picture(taj_mahal.render, taj_mahal.layout, taj_mahal.warm,
                         hand=taj_mahal.hand),
    "rajas": Picture(rajas.render, rajas.layout, rajas.warm, focus=True),
    "maharaja": Picture(maharaja.render, maharaja.layout, maharaja.warm),
}


def _picture(game_id: str) -> Picture:
    try:
        return _PICTURES[game_id]
    except KeyError:
        known = ", ".join(sorted(_PICTURES))
        raise KeyError(f"no renderer for game {game_id!r}; renderers exist for: {known}") from None


def render(game_id: str, view: dict, *, players: dict[str, str] | None = None,
           focus: str | None = None) -> bytes:
    """PNG picture of ``view``; ``players`` maps role -> display name for the header.
    ``focus``: the side whose own board a picture shows where it shows one (see
    ``focuses``); other renderers ignore it."""
    if focus is not None and focuses(game_id):
        return _picture(game_id).render(view, players, focus)
    return _picture(game_id).render(view, players)


def focuses(game_id: str) -> bool:
    """Whether the game's picture shows one side's own board (the acting side's, unless
    another is asked for): Rajas draws one province of up to four."""
    return _picture(game_id).focus


def hand(game_id: str, view: dict, players: dict[str, str] | None = None) -> bytes | None:
    """PNG picture of the private cards in ``view["hand"]`` (a player's own view), for
    games whose renderer draws hands; None for the others. Only ever sent to that player."""
    draw = _picture(game_id).hand
    return draw(view, players) if draw is not None else None


def layout(game_id: str) -> dict[str, tuple[int, int]]:
    """Pixel centre of every point of the game's board in the rendered image, by label."""
    return _picture(game_id).layout()


def warm(game_id: str | None = None) -> None:
    """Build a renderer's caches ahead of the first render (all games by default)."""
    for gid in [game_id] if game_id else list(_PICTURES):
        _picture(gid).warm()


def ids() -> list[str]:
    return sorted(_PICTURES)


__all__ = ["Picture", "alt_text", "describe", "focuses", "hand", "ids", "layout", "render",
           "status", "warm", "with_banner"]
