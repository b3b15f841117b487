"""What a game's renderer declares, once, in its package (``renderer/<id>/__init__.py``
exports ``PICTURE``): how it draws the spectator view, what it says of it, and what more
it can draw. ``View`` is the game's spectator view, a TypedDict the engine's game package
declares (``engine/games/<id>/shown.py``), so a renderer reading a key the view lacks is a
type error."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from renderer.common import Names
from renderer.common.animation import Painted

View = TypeVar("View")
ViewIn = TypeVar("ViewIn", contravariant=True)


class Draw(Protocol[ViewIn]):
    """A picture of ``view`` as PNG bytes; ``players`` maps role -> name for the header."""

    def __call__(self, view: ViewIn, players: Names = None, /) -> bytes: ...


class DrawPainted(Protocol[ViewIn]):
    """``Draw``'s picture before it is encoded, and before it is mapped to its palette (an
    animation's frame)."""

    def __call__(self, view: ViewIn, players: Names = None, /) -> Painted: ...


class DrawAfter(Protocol[ViewIn]):
    """``DrawPainted``'s picture drawn over ``after``, the picture of an earlier view of
    the same game (``before``), redrawing only what changed since: the same pixels, and
    the boxes it redrew (``Painted.changed``). It may draw in place: ``after`` is spent."""

    def __call__(self, view: ViewIn, players: Names, before: ViewIn, after: Painted,
                 /) -> Painted: ...


class DrawFocused(Protocol[ViewIn]):
    """A picture that shows one side's own board: the acting side's, or ``focus``'s."""

    def __call__(self, view: ViewIn, players: Names = None, focus: str | None = None,
                 /) -> bytes: ...


class DrawSince(Protocol[ViewIn]):
    """The picture with what changed since ``before`` marked (a player's "since your last
    move"): ``before`` is the spectator view as it was then, so nothing a spectator could
    not see is marked. ``focus`` as for ``DrawFocused`` (None: the acting side)."""

    def __call__(self, view: ViewIn, players: Names, before: ViewIn, focus: str | None,
                 /) -> bytes: ...


class Say(Protocol[ViewIn]):
    """The position in words (Discord markdown for the status; names as given)."""

    def __call__(self, view: ViewIn, players: Mapping[str, str], /) -> str: ...


@dataclass(frozen=True)
class Picture(Generic[View]):
    """What a game's renderer can draw and say, as data (the renderer's side of the
    contract)."""

    render: Draw[View]
    layout: Callable[[], dict[str, tuple[int, int]]]  # every point's pixel centre, by label
    warm: Callable[[], None]  # build caches ahead of the first picture
    # The position in words: `/board text` and, cut to Discord's limit, the alt text.
    describe: Say[View]
    # A few short lines for the public post beside the picture (Discord text stays legible
    # at any width, where a phone shows the picture 400 px wide): what reads better as
    # text than on the board: scores, resources, the card, the sequence of play. A game
    # without them posts none.
    status: Say[View] | None = None
    # Draws one side's own board (the acting side's, or one asked for): Rajas' provinces.
    focused: DrawFocused[View] | None = None
    # Draws a hidden hand from its owner's own view, for that player only (Taj Mahal).
    hand: Draw[Any] | None = None
    # Draws the position with every change since an earlier spectator view marked (moves
    # as arrows, placed, removed or changed pieces highlighted, cards played shown); a
    # game without it draws the plain picture.
    since: DrawSince[View] | None = None
    # ``render``'s picture before it is encoded, and before it is mapped to its palette:
    # an animation encodes its frames itself (a replay's GIF) and maps only the rows of a
    # frame that changed since the frame before; a game without it has its PNG decoded.
    painted: DrawPainted[View] | None = None
    # ``painted`` over the picture of the position before (a replay's frame before): only
    # what changed redrawn, and the animation told which boxes those are; a game without
    # it draws every frame whole and has it told apart whole.
    painted_after: DrawAfter[View] | None = None
