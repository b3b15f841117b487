"""The engine contract, typed: what every game gives the table, the renderer and the tests.

Each game package exports ``GAME = Game(...)``: its identity, the functions of its rules
(after Rally the Troops' setup / view / act, and OpenSpiel's legal actions) and what it
can do beyond them, as data: a capability a game lacks is None or False, never a missing
attribute to probe for. ``engine.games.get(id)`` returns it. The field names are the
contract's own (``ROLES``, ``view``), so ``g.ROLES`` and ``g.view(state, role)`` read the
same whether ``g`` is a game's ``GAME`` or its rules module; and so a package declares its
game once, as ``GAME = declared(rules, texts, ai, data, LISTED=…)``: each field from the
module that defines it under that name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, fields
from types import ModuleType
from typing import Any, Protocol

from engine.datafiles import DataFiles
from engine.options import Option

State = dict[str, Any]  # JSON-shaped; round-trips through json unchanged
View = dict[str, Any]  # what view() gives: prompt, actions, active, log, move, public fields
Step = tuple[str, Any]  # (action, arg): one step of a move
Result = dict[str, Any]  # {"winners": [roles], "scores": {role: number}, "reason"?: str}


@dataclass(frozen=True)
class RandomPlay:
    """How a random player of the game (the fuzzers', the samples', the bench's opponents)
    plays, where it needs to for random games to end: the steps by which it gives up its
    turn or goes back, taken only when nothing else is legal, and the share of its steps in
    which it keeps away from them (below 1: it also takes one in the other share)."""

    avoid: tuple[str, ...] = ()
    keep: float = 1.0


@dataclass(frozen=True)
class Game:
    """One game, as the rest of Darbar sees it (see docs/architecture.md)."""

    # --- identity -------------------------------------------------------------------------
    ID: str
    NAME: str
    ROLES: list[str]  # every role, in turn-order sense
    ROLE_NAMES: Mapping[str, str]
    PLAYERS: tuple[int, int]  # the fewest and most people who may sit down
    OPTIONS: Mapping[str, Option]  # the options schema (engine/options.py)

    # --- the rules ------------------------------------------------------------------------
    setup: Callable[[int, dict], State]
    view: Callable[[State, str | None], View]
    act: Callable[[State, str, str, Any], State]
    result: Callable[[State], Result | None]
    summary: Callable[[State], dict]
    token: Callable[[str, Any], str]  # the typed word of a step
    describe: Callable[[str, Any], str]  # its button label
    # Any word to the step it would be, so a refusal can say why (None: legal tokens only).
    parse_token: Callable[[State, str, str], Step] | None = None

    # --- texts ----------------------------------------------------------------------------
    RULES_SUMMARY: str = ""
    RULES_TOPICS: Mapping[str, str] = field(default_factory=dict)
    card_report: Callable[[State], str] | None = None  # /card
    score_report: Callable[[State], str] | None = None  # /score

    # --- where it is listed, and how a random player plays it ------------------------------
    LISTED: int = 1000  # its rank in the list of games players are shown (then by ID)
    RANDOM_PLAY: RandomPlay = RandomPlay()

    # --- capabilities ---------------------------------------------------------------------
    bot_steps: Callable[[State, str], list[Step]] | None = None  # a computer player
    # The computer at its quickest, for a game computers play alone (a side game between
    # two computer seats: nobody waits on its quality, everyone on its length).
    quick_bot_steps: Callable[[State, str], list[Step]] | None = None
    # Why the computer cannot take a seat in a game with these options (None: it can).
    computer_refuses: Callable[[dict], str | None] | None = None
    # Whom the game waits for, as its spectator view's ``active`` says, without building
    # the view (the table asks it of every position a typed line passes); None: the view's.
    active: Callable[[State], list[str]] | None = None
    # What a step reveals (dice, a card, a face-down tile); None: any draw from the
    # state's generator. A typed line stops there; undo across it needs consent.
    reveal_mark: Callable[[State], object] | None = None
    # The same position with what the roles in ``keep`` cannot see drawn anew from a
    # ``state["rng"]`` value; None: the game hides nothing.
    redeal: Callable[[State, object, Collection[str]], State] | None = None
    explain_line: Callable[[State, str, list[str]], str | None] | None = None
    sides: Callable[[dict], list[str]] | None = None  # the roles in play, by option `players`
    hand_text: Callable[[View], str] | None = None  # a hidden hand in words, to its owner
    # What the winners' victory means, where the game's sources read it (as history, as a
    # theme) and in Darbar's words; None before the rules end the game, or for a win
    # they do not read. The field None: the sources read no victory.
    result_story: Callable[[State], str | None] | None = None
    # A game of another kind the position waits on before it ends (Vijayanagara's
    # Goat-Tiger tiebreak, 5.5): ``{"game": id, "sides": {its side: our role}, "round": n}``;
    # the table opens it as a game of its own and, when it ends, writes a SIDE_GAME step
    # (engine.games) with its winning side (None: no winner), which ``side_game_over``
    # applies.
    side_game: Callable[[State], dict | None] | None = None
    side_game_over: Callable[[State, Any], State] | None = None
    ONE_SIDE_EACH: bool = False  # each side hides a hand: one person per side, for good
    COLOUR_SIDES: bool = False  # sides are colours: "Red", not "the Red"
    REVISION: int = 1  # the rules revision new games are set up under
    FILES: DataFiles | None = None  # the data files (maps, cards, charts), if any

    @property
    def computer(self) -> bool:
        return self.bot_steps is not None

    @property
    def hidden(self) -> bool:
        """Whether anything is hidden (a deck, face-down tiles, dice to come, hands)."""
        return self.redeal is not None


class Rules(Protocol):
    """What a game's rules module must define: the contract's fields without a default
    (a module type-checks against it as it stands)."""

    @property
    def ID(self) -> str: ...
    @property
    def NAME(self) -> str: ...
    @property
    def ROLES(self) -> list[str]: ...
    @property
    def ROLE_NAMES(self) -> Mapping[str, str]: ...
    @property
    def PLAYERS(self) -> tuple[int, int]: ...
    @property
    def OPTIONS(self) -> Mapping[str, Option]: ...
    def setup(self, seed: int, options: dict, /) -> State: ...
    def view(self, state: State, role: str | None, /) -> View: ...
    def act(self, state: State, role: str, action: str, arg: Any, /) -> State: ...
    def result(self, state: State, /) -> Result | None: ...
    def summary(self, state: State, /) -> dict: ...
    def token(self, action: str, arg: Any, /) -> str: ...
    def describe(self, action: str, arg: Any, /) -> str: ...


def declared(rules: Rules, *more: ModuleType, **given: Any) -> Game:
    """The game a package declares: every field of the contract that ``rules`` or one of
    ``more`` (its texts, computer player, data) defines under the field's own name, and
    ``given`` for what no module names so (its ``LISTED`` rank, a capability under another
    name). Two modules defining one field as different things is an error, not a choice."""
    found: dict[str, Any] = {}
    for module in (rules, *more):
        for name in (f.name for f in fields(Game)):
            if name in given or not hasattr(module, name):
                continue
            value = getattr(module, name)
            if name in found and found[name] is not value:
                raise TypeError(f"{name} is defined twice over: name one in declared()")
            found[name] = value
    return Game(**found, **given)
