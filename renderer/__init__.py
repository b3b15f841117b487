"""Pictures of game positions for Discord: ``render(game_id, view)`` gives PNG bytes, and
``describe`` / ``alt_text`` / ``status`` the same position in words.

Each game's renderer is a package named for the game's id, ``renderer/<id>/``, that
declares its ``PICTURE`` (renderer/common/picture.py) once; this module finds it by that
name among the engine's games, so no list of games is kept here. What every picture
shares (fonts, shapes, the result banner, charts, animations, the words' helpers) is in
``renderer/common/``.

Renderers are pure: they read the spectator view a game's ``view(state, None)``
returns and draw it, with no I/O beyond loading fonts once, no clock and no
randomness, so the same view always gives the same bytes.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import sys
from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine import games
from renderer.common import Names
from renderer.common.animation import Frame, Painted
from renderer.common.banner import with_banner
from renderer.common.picture import Picture
from renderer.common.words import within_alt_limit

View = Mapping[str, Any]


def _has_picture(game_id: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{game_id}") is not None


def ids() -> list[str]:
    """The games with a renderer: the engine's games whose id names a package here."""
    return sorted(g for g in games.ids() if _has_picture(g))


def _picture(game_id: str) -> Picture[Any]:
    # Only the asked game's modules are imported: a process that draws one game never
    # loads the others' pictures. One imported is taken as it is (a post asks for its
    # picture four or five times: its words, its status, the picture; finding the
    # package again was 7 µs a time).
    if game_id in games.ids() and ((module := sys.modules.get(f"{__name__}.{game_id}"))
                                   is not None or _has_picture(game_id)):
        if module is None:
            module = importlib.import_module(f"{__name__}.{game_id}")
        picture: Picture[Any] = module.PICTURE
        return picture
    known = ", ".join(ids())
    raise KeyError(f"no renderer for game {game_id!r}; renderers exist for: {known}")


def render(game_id: str, view: View, *, players: Names = None,
           focus: str | None = None, before: View | None = None) -> bytes:
    """PNG picture of ``view``; ``players`` maps role -> display name for the header.
    ``focus``: the side whose own board a picture shows where it shows one (see
    ``focuses``); other renderers ignore it. ``before``: an earlier spectator view of the
    same game; what changed since is marked where the game's picture can mark it."""
    picture = _picture(game_id)
    if before is not None and picture.since is not None:
        return picture.since(view, players, before, focus)
    if focus is not None and picture.focused is not None:
        return picture.focused(view, players, focus)
    return picture.render(view, players)


def drawn(game_id: str, view: View, *, players: Names = None) -> Image.Image:
    """``render``'s picture as the palette image its PNG holds, pixel for pixel: an
    animation's frame, which is then never encoded as PNG only to be decoded again."""
    picture = _picture(game_id)
    if picture.painted is not None:
        return picture.painted(view, players).mapped()
    return Image.open(io.BytesIO(picture.render(view, players)))


def painted(game_id: str, view: View, *, players: Names = None,
            after: tuple[View, Painted] | None = None) -> Frame:
    """``drawn``'s picture before it is mapped to its palette, where the game's picture
    can give it (an animation then maps only the rows of a frame that changed), else its
    PNG. ``after``: an earlier view of the same game and its picture from here, which the
    game's picture may draw over, in place (the same pixels; the animation told where it
    redrew): ``after``'s picture is spent."""
    picture = _picture(game_id)
    if after is not None and picture.painted_after is not None:
        return picture.painted_after(view, players, *after)
    if picture.painted is not None:
        return picture.painted(view, players)
    return picture.render(view, players)


def marks_since(game_id: str) -> bool:
    """Whether the game's picture can mark what changed since an earlier view."""
    return _picture(game_id).since is not None


def focuses(game_id: str) -> bool:
    """Whether the game's picture shows one side's own board (the acting side's, unless
    another is asked for): Rajas draws one province of up to four."""
    return _picture(game_id).focused is not None


def hand(game_id: str, view: View, players: Names = None) -> bytes | None:
    """PNG picture of the private cards in ``view["hand"]`` (a player's own view), for
    games whose renderer draws hands; None for the others. Only ever sent to that player."""
    draw = _picture(game_id).hand
    return draw(view, players) if draw is not None else None


def layout(game_id: str) -> dict[str, tuple[int, int]]:
    """Pixel centre of every point of the game's board in the rendered image, by label."""
    return _picture(game_id).layout()


def warm(game_id: str | None = None) -> None:
    """Build a renderer's caches ahead of the first render (all games by default)."""
    for gid in [game_id] if game_id else ids():
        _picture(gid).warm()


def describe(game_id: str, view: View, players: Mapping[str, str] | None = None) -> str:
    """The position in words, for `/board text`."""
    return _picture(game_id).describe(view, players or {})


def status(game_id: str, view: View, players: Mapping[str, str] | None = None) -> str:
    """The post's status lines (Discord markdown; names as given, escaped by the caller);
    "" for a game whose picture says none."""
    said = _picture(game_id).status
    return said(view, players or {}) if said else ""


def alt_text(game_id: str, view: View, players: Mapping[str, str] | None = None) -> str:
    """``describe`` within Discord's alt text limit: whole lines, then a pointer to the rest."""
    return within_alt_limit(describe(game_id, view, players))


__all__ = ["Picture", "alt_text", "describe", "drawn", "focuses", "hand", "ids", "layout",
           "marks_since", "render", "status", "warm", "with_banner"]
