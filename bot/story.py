"""A game's story, for ``/replay`` once it is over: the position after each completed move,
replayed from the step log (the source of truth), and pictured.

A position is one the others were shown (``engine.replay.shown``: the start, a completed move, the
decision passing to another side, the end), judged step by step as the table judges each
write: a side that steps in when the game is not waiting for it (a gift, 1.5.2) is the one
asked until its steps end, and only then is the position shown. Steps of a move left
unfinished when the game ended (an abort, a resignation) make one last position.

Plain functions of plain data, run in a worker process (``bot.workers``), which imports
the engine and the renderer only (not the table and its database): replaying a long
log takes a good part of a second (a Maharaja game of 700 steps: 0.3–0.7 s), and the
pictures of a whole game many seconds, which the bot's event loop must not wait through.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import renderer
from engine import games
from engine.contract import State, View
from engine.replay import shown
from renderer.common.animation import Animation, Frame, Painted, animation_of, sample

# A picture shows the log's last line: the views sent back keep only these many.
LOG_KEPT = 3


@dataclass(frozen=True)
class Log:
    """What a replay needs of a stored game."""

    game: str
    seed: int
    options: dict  # as setup takes them: with the stored rules revision (setup_options)
    steps: tuple[tuple[str, str, Any], ...]  # the live steps: (role, action, arg)


@dataclass(frozen=True)
class Look:
    """How to picture the positions: the players' names by side, what the last picture
    adds (an ended game shows how it ended: ``posts.ending``), and for an animation how
    many positions at most (0: none) within how many bytes."""

    players: dict[str, str]
    ending: dict
    frames: int = 0
    limit: int = 0


@dataclass(frozen=True)
class Position:
    index: int  # 0: the start
    steps: int  # the live steps played by then
    lines: tuple[str, ...]  # the log's lines from the position before to this one
    hands: tuple[tuple[str, str], ...]  # (side, its hand in words) where hands are hidden
    png: bytes
    alt: str


@dataclass(frozen=True)
class Story:
    bounds: tuple[int, ...]  # each position's count of live steps: 0 (the start), …
    shown: Position | None  # the one asked for (None: there is no such position)
    animation: Animation | None = None

    @property
    def moves(self) -> int:
        """Positions after the start: the story runs from 0 to ``moves``."""
        return len(self.bounds) - 1


@dataclass
class _At:
    """A position met on the way: its state and spectator view, and the view before."""

    index: int
    steps: int
    state: State
    view: View
    before: View | None


def _walk(log: Log) -> Iterator[_At]:
    """Every position, from the start."""
    g = games.get(log.game)
    state = g.setup(log.seed, log.options)
    prev = g.view(state, None)
    last = _At(0, 0, state, prev, None)
    yield last
    for i, (role, action, arg) in enumerate(log.steps, 1):
        state = games.apply_step(g, state, role, action, arg)
        view = g.view(state, None)
        offstage = role not in prev["active"] and view["active"] == [role]
        if g.result(state) is not None or (shown(prev, view) and not offstage):
            last = _At(last.index + 1, i, state, view, last.view)
            yield last
        prev = view
    if last.steps < len(log.steps):  # a move the end cut short
        yield _At(last.index + 1, len(log.steps), state, prev, last.view)


def bounds(log: Log) -> tuple[int, ...]:
    """Each position's count of live steps, from 0 (the start): one replay of the log."""
    return tuple(at.steps for at in _walk(log))


def _frame_view(view: View, look: Look, final: bool) -> View:
    """What a picture of the position reads: the view (with its last lines of the log
    only: the picture shows the last), and at the end how the game ended."""
    view = {**view, "log": view["log"][-LOG_KEPT:]}
    return view | look.ending if final else view


def _picture(game: str, view: View, look: Look) -> bytes:
    return renderer.render(game, view, players=look.players)


def _position(log: Log, at: _At, look: Look, final: bool) -> Position:
    g = games.get(log.game)
    before = at.before["log"] if at.before is not None else []
    lines = at.view["log"][len(before):] if len(at.view["log"]) >= len(before) else []
    hands: tuple[tuple[str, str], ...] = ()
    if g.hand_text is not None:
        # Each side's own view holds its hand (``view["hand"]``, as ``renderer.hand``
        # draws it): the game is over, so every hand may be told.
        views = [(role, g.view(at.state, role)) for role in games.sides(g, log.options)]
        hands = tuple((role, g.hand_text(v)) for role, v in views if "hand" in v)
    view = _frame_view(at.view, look, final)
    return Position(at.index, at.steps, tuple(str(x) for x in lines), hands,
                    _picture(log.game, view, look),
                    renderer.alt_text(log.game, view, look.players))


def tell(log: Log, move: int | None, look: Look) -> Story:
    """Every position found (``Story.bounds``), and position ``move`` (None: the last)
    pictured and told; with ``look.frames``, also the animation of the whole game (at most
    that many positions, spread evenly, within ``look.limit`` bytes). One replay of the
    whole log."""
    bounds: list[int] = []
    views: list[View] = []  # with an animation to draw: every position's, for its picture
    chosen: _At | None = None
    last: _At | None = None
    for at in _walk(log):
        bounds.append(at.steps)
        if look.frames:
            views.append({**at.view, "log": at.view["log"][-LOG_KEPT:]})
        if at.index == move:
            chosen = at
        last = at
    assert last is not None  # the start is always there
    chosen = last if move is None else chosen
    if chosen is None:
        return Story(tuple(bounds), None)
    told = _position(log, chosen, look, chosen is last)
    made = None
    if look.frames:
        # Each frame drawn, mapped to the palette a post's PNG holds only where it changed
        # since the frame before, and encoded once, into the GIF: no PNG made only to be
        # decoded again.
        kept = sample(len(views), look.frames)
        # The frame before's view and drawing: a game's picture may draw the next over it,
        # only what changed (the same pixels; the animation then compares only that).
        after: tuple[View, Painted] | None = None

        def frame(k: int) -> Frame:
            nonlocal after
            i = kept[k]
            if i == told.index:
                return told.png
            view = _frame_view(views[i], look, i == last.index)
            drawn = renderer.painted(log.game, view, players=look.players, after=after)
            after = (view, drawn) if isinstance(drawn, Painted) else None
            return drawn

        made = animation_of(len(kept), frame, limit=look.limit, name=f"replay-{log.game}")
    return Story(tuple(bounds), told, made)


def tell_at(log: Log, move: int, look: Look, bounds: tuple[int, ...],
            start: tuple[int, State] | None) -> Story:
    """``tell`` of position ``move`` where every position's count of steps is known
    (``bounds``, from an earlier ``tell``): replayed from ``start`` (a checkpoint: the
    state after that many steps, at most the position before's), else from the setup,
    to ``move`` only."""
    g = games.get(log.game)
    end, before_at = bounds[move], bounds[move - 1] if move else None
    count, state = start if start is not None else (0, g.setup(log.seed, log.options))
    before = g.view(state, None) if before_at == count else None
    for i in range(count, end):
        role, action, arg = log.steps[i]
        state = games.apply_step(g, state, role, action, arg)
        if i + 1 == before_at:
            before = g.view(state, None)
    at = _At(move, end, state, g.view(state, None), before)
    return Story(bounds, _position(log, at, look, move == len(bounds) - 1))
