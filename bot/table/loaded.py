"""A game as one table call reads it (``Loaded``), and the polite no (``Refusal``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.replies import Actor, echo
from bot.table.positions import Positions
from db import TIEBREAK, Game, MoveReads, Player, Seat
from engine import games
from engine.contract import Game as Rules
from engine.contract import State, View

NOT_STARTED = "The game has not started yet."


class Refusal(Exception):
    """A polite no: shown only to the caller; nothing was written."""


def check_role(g: Rules, role: str | None, options: dict) -> str | None:
    """A side a player named, read against the game (None: any side)."""
    if role in (None, "", "random", "any"):
        return None
    role = role.strip().lower()
    roles = g.ROLES if games.count_left_open(g, options) else games.sides(g, options)
    if role not in roles:
        raise Refusal(f"{echo(role)} is not a side in this game of {g.NAME}. Sides: "
                      f"{', '.join(roles)}.")
    return role


@dataclass
class Loaded:
    """A game as read for one call. ``state`` is the latest position; ``public`` is the
    position everyone sees: the same object between moves, and the position after the
    last completed move while the mover's steps are still private. A game still being set
    up has neither (None): ``started()`` and ``seen()`` give them where a game must have
    begun, and refuse otherwise."""

    game: Game
    seats: list[Seat]
    module: Rules  # the game's rules (engine/contract.py)
    state: State | None
    public: State | None = None
    # The /me settings of the people seated, where they were read with the game (None:
    # not read; a person's None: no settings).
    players: dict[str, Player | None] | None = None
    # Who follows the game by DM, where they were read with it for a call that posts a
    # move (None: read with the post; bot/table/game_threads.py).
    followers: tuple[str, ...] | None = None
    # What this position's post reads, where the write that made it read it (db MoveReads).
    reads: MoveReads | None = None
    # The positions this process keeps parsed, with the views built for them (the call
    # that wrote a position built its view; the next one reads that position back).
    kept: Positions | None = field(default=None, repr=False, compare=False)
    _views: dict[str, View] = field(default_factory=dict, init=False, repr=False,
                                    compare=False)
    # Positions a typed line reached, and their spectator views (the last few; identity:
    # no state is ever changed once made).
    _reached: list[tuple[State, View]] = field(default_factory=list, init=False, repr=False,
                                               compare=False)

    def __post_init__(self) -> None:
        if self.public is None:
            self.public = self.state

    def started(self) -> State:
        """``state``, of a game that has started; refused for one still being set up."""
        if self.state is None:
            raise Refusal(NOT_STARTED)
        return self.state

    def seen(self) -> State:
        """``public``, of a game that has started; refused for one still being set up."""
        if self.public is None:
            raise Refusal(NOT_STARTED)
        return self.public

    @property
    def in_move(self) -> bool:
        """A move is under way: some of its steps are stored but not yet shown."""
        return self.public is not self.state

    def _view(self, key: str, state: State) -> View:
        # Worked out once per state: a Loaded never changes its states (a new one is made
        # for every new state), and nothing edits a view.
        if key not in self._views:
            game_id = self.game.id
            view = None if self.kept is None or game_id is None else \
                self.kept.view(game_id, state)
            if view is None:
                view = self.module.view(state, None)
                if self.kept is not None and game_id is not None:
                    self.kept.saw(game_id, state, view)
            self._views[key] = view
        return self._views[key]

    def spectator(self, state: State) -> View:
        """``module.view(state, None)`` of this call's positions: the stored ones, or one a
        typed line reached (its last one's is asked to store it and again to tell it; a
        Rajas view is about 0.1 ms)."""
        if state is self.state:
            return self.current_view()
        if state is self.public:
            return self.public_view()
        for seen, view in self._reached:
            if seen is state:
                return view
        view = self.module.view(state, None)
        self._reached = [*self._reached[-3:], (state, view)]
        return view

    def active(self, state: State) -> list[str]:
        """Whom the game waits for in ``state``: from its spectator view where this call
        builds that anyway (the stored positions, one a line has reached before), else
        from the rules (``games.active``): a line of several steps asks it of every
        position it passes, and builds the view of the one it ends at alone."""
        if state is self.state or state is self.public or self.module.active is None:
            return self.spectator(state)["active"]
        for seen, view in self._reached:
            if seen is state:
                return view["active"]
        return games.active(self.module, state)

    def public_view(self) -> View:
        """``module.view(public, None)``: what spectators and the other players see."""
        return self._view("public", self.seen())

    def current_view(self) -> View:
        """The spectator view of the latest state (the mover's own position mid-move)."""
        return self.public_view() if not self.in_move else self._view("current", self.started())

    def status_after(self, state: State, result: object) -> str:
        """The status a write of ``state`` leaves the game in: finished, waiting on a side
        game (a tiebreak: bot/table/side_games.py), or as it was."""
        if result is not None:
            return "finished"
        g = self.module
        return TIEBREAK if g.side_game is not None and g.side_game(state) else self.game.status

    def moved_to(self, game: Game, state: State, view: View, *, shown: bool) -> Loaded:
        """The game after a write of ``state`` (whose spectator view is ``view``): public
        if ``shown``, else the others keep this position's public one (and its view)."""
        new = Loaded(game, self.seats, self.module, state, None if shown else self.public,
                     players=self.players, followers=self.followers, kept=self.kept)
        new._views["public" if shown else "current"] = view
        if not shown and "public" in self._views:
            new._views["public"] = self._views["public"]
        return new

    def settings_of(self, seats: Iterable[Seat]) -> dict[str, Player] | None:
        """The settings of those in ``seats`` (people with none left out), as read with
        the game; None where someone in them was not read with it (a seat handed on)."""
        if self.players is None:
            return None
        users = {s.user_id for s in seats if s.user_id and s.role}
        if not users <= self.players.keys():
            return None
        return {u: p for u in users if (p := self.players[u]) is not None}

    def roles_of(self, actor: Actor) -> list[str]:
        return [s.role for s in self.seats if s.user_id == actor.user_id and s.role]

    def seat_for(self, role: str) -> Seat | None:
        return next((s for s in self.seats if s.role == role), None)

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if not s.is_bot]

    @property
    def no_computer(self) -> str | None:
        """Why the computer cannot take a seat in this game (its game has no computer
        player, or its options rule it out: Vijayanagara's Events by hand); None: it can."""
        return games.no_computer(self.module, json.loads(self.game.options))

    @property
    def computer(self) -> bool:
        return self.no_computer is None
