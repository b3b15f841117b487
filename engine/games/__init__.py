"""The game registry and the helpers every game shares.

The registry is found, not listed: every package under engine/games that exports a
``GAME`` (engine/contract.py) is a game, listed in the order of its ``LISTED`` rank.
``games.get("goat_tiger")`` returns the game's ``GAME``: its identity,
the functions of its rules and its capabilities as data. ``tokens`` / ``step_for_token`` /
``legal_steps`` turn typed lines into steps for any game; ``random_move`` and
``typed_lines`` serve fuzzers, tests and the bench; ``reveal_mark``, ``redealt``,
``apply_step`` and ``REDEAL`` are what fair play and undo need of every game alike.

``parse_token(state, role, word)`` maps a word that is not a legal token to the step it
would be, so that ``act`` can say why it is refused. A word it does not understand at all
it either refuses (raises IllegalAction) or passes through as ``(word, None)``;
``step_for_token`` then adds "Did you mean …?" with the closest tokens legal for that
role now, for every game alike.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import pkgutil
from collections.abc import Callable, Collection, Iterable
from typing import Any

from engine.contract import Game
from engine.errors import IllegalAction
from engine.rng import seed_state


@functools.cache
def found() -> dict[str, Game]:
    """Every game, by id, in the order players are shown them: each package on this
    package's path whose ``GAME`` is a ``Game``, ordered by its ``LISTED`` rank (then id).
    Found on first use, not at import: a game package imports this module."""
    found: list[Game] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if not isinstance(game, Game):
            continue  # a package of shared pieces, not a game
        if module.name != game.ID:
            raise ValueError(f"engine/games/{module.name} exports the GAME of {game.ID!r}: "
                             "a game's package is named by its ID")
        found.append(game)
    return {g.ID: g for g in sorted(found, key=lambda g: (g.LISTED, g.ID))}


def ids() -> list[str]:
    return list(found())


def get(game_id: str) -> Game:
    games = found()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]


def sides(g: Game, options: dict | None = None) -> list[str]:
    """The roles in play with these options (see ``sides`` above)."""
    return list(g.sides(options or {})) if g.sides else list(g.ROLES)


def side_name(g: Game, role: str) -> str:
    """A side as a sentence names it: ``Red`` where the sides are colours (the game says
    ``COLOUR_SIDES = True``), else with its article: ``the Goats``, ``the Delhi
    Sultanate``. Sentences are worded so that no verb has to agree with it."""
    name = g.ROLE_NAMES[role]
    return name if g.COLOUR_SIDES else f"the {name}"


def setup_options(g: Game, options: dict, like: dict | None) -> dict:
    """The options to set a stored game up again for a replay: its own, and the rules
    revision its stored state ``like`` was set up under. A game that fixes its rules
    (``REVISION``) gates each change on the state's ``revision``, and a state stored
    before has none: revision 1, which setup must rebuild as it was."""
    if like is None or g.REVISION == 1:
        return options
    return {**options, "revision": like.get("revision", 1)}


def no_computer(g: Game, options: dict | None = None) -> str | None:
    """Why the computer cannot take a seat in a game of ``g`` with ``options`` (a sentence
    to follow "because"), or None when it can."""
    if g.bot_steps is None:
        return f"{g.NAME} has no computer player"
    return g.computer_refuses(options or {}) if g.computer_refuses is not None else None


def count_left_open(g: Game, options: dict | None) -> bool:
    """Whether the number of players is the table's to settle when the game starts (the
    game has a ``players`` option, the creator did not set it, and the other options leave
    it open: Maharaja's short game is for 3): then it is the number of people seated, or
    the game's default when the computer fills the table."""
    options = options or {}
    if "players" not in g.OPTIONS or "players" in options:
        return False
    lo, hi = g.PLAYERS
    return len(sides(g, {**options, "players": lo})) != len(sides(g, {**options,
                                                                      "players": hi}))


def legal_steps(g: Game, view: dict) -> list[tuple[str, object]]:
    """Flatten ``view["actions"]`` into (action, arg) pairs, in display order."""
    steps: list[tuple[str, object]] = []
    for action, args in view["actions"].items():
        if args is None:
            steps.append((action, None))
        else:
            steps.extend((action, a) for a in args)
    return steps


def tokens(g: Game, view: dict) -> dict[str, tuple[str, object]]:
    """Map each legal step's typed token to its (action, arg)."""
    return {g.token(a, arg): (a, arg) for a, arg in legal_steps(g, view)}


def step_for_token(g: Game, state: dict, role: str, token: str) -> tuple[str, object]:
    """Resolve a typed token to a step; legal ones first, then the game's parser
    (which may return an illegal step so that ``act`` can say why it is illegal).
    A word the game does not understand is refused here, with the game's own reason
    and the closest legal tokens as "Did you mean …?"."""
    token = token.strip().lower()
    legal = tokens(g, g.view(state, role))
    if token in legal:
        return legal[token]
    parse = g.parse_token
    if parse is None:
        raise IllegalAction(f"`{token}` is not a legal step now." + _did_you_mean(token, legal))
    try:
        step = parse(state, role, token)
    except IllegalAction as e:
        raise IllegalAction(f"{e}{_did_you_mean(token, legal)}") from None
    hint = _did_you_mean(token, legal) if step == (token, None) else ""
    if hint:
        # Passed through unparsed: only ``act`` knows why it is refused; ask it now so
        # that the suggestion can follow the game's own reason.
        try:
            g.act(state, role, token, None)
        except IllegalAction as e:
            raise IllegalAction(f"{e}{hint}") from None
    return step


def _did_you_mean(word: str, legal: Iterable[str]) -> str:
    """The "Did you mean" sentence: up to three close tokens, all legal now (fair play:
    nothing the role could not type); empty when none is close."""
    close = [f"`{t}`" for t in difflib.get_close_matches(word, list(legal), n=3)]
    if not close:
        return ""
    options = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
    return f" Did you mean {options}?"


def random_move(g: Game, state: dict, rng) -> tuple[list[tuple[str, object]], dict]:
    """One whole legal move for the role to act, chosen step by step with ``rng``
    (a ``random.Random``): for fuzzers, benchmarks and test scripts, never for rules.
    Returns the steps and the state after them."""
    role = g.view(state, None)["active"][0]
    move = g.view(state, None)["move"]
    steps: list[tuple[str, object]] = []
    # A move ends when the count of moves changes, or the decision passes to another
    # role meanwhile (Maharaja asks a permission without ending the mover's move).
    while (g.view(state, None)["move"] == move and g.result(state) is None
           and role in g.view(state, None)["active"]):
        action, arg = rng.choice(legal_steps(g, g.view(state, role)))
        steps.append((action, arg))
        state = g.act(state, role, action, arg)
    return steps, state


def typed_lines(g: Game, state: dict, role: str,
                steps: list[tuple[str, object]]) -> list[str]:
    """The lines a player would type for ``steps`` from ``state``: one line, cut after
    every step that reveals something (the table stops a line there, see reveal_mark)."""
    lines: list[list[str]] = [[]]
    for action, arg in steps:
        mark = reveal_mark(g, state)
        state = g.act(state, role, action, arg)
        lines[-1].append(g.token(action, arg))
        if reveal_mark(g, state) != mark:
            lines.append([])
    return [" ".join(words) for words in lines if words]


# The action of a step the table writes, not a player: after an undo that the players agreed
# to take back past a reveal, the hidden future (deck order, face-down stacks, dice to come)
# is dealt anew, so nobody knows what comes next from the timeline taken back. Its arg is
# where the game's generator stood at the end of that timeline (a counter, never the key),
# so the new future is drawn from outputs nobody has seen and replays exactly.
REDEAL = "~redeal"
# The action of the other step the table writes: a game the position waited on, played as a
# game of its own (``side_game``: Vijayanagara's Goat-Tiger tiebreak), is over; its arg is
# that game's winning side, or None when it ended without one.
SIDE_GAME = "~side_game"
# Steps nobody played: no side's move, no one's wait.
TABLE_STEPS = (REDEAL, SIDE_GAME)


def apply_step(g: Game, state: dict, role: str, action: str, arg: object) -> dict:
    """``g.act``, or for a REDEAL step the same position with its hidden future dealt
    anew, or for a SIDE_GAME step the position told how its side game ended: what every
    replay of a stored log uses."""
    if action == REDEAL:
        return _redeal(g)(state, _generator_at(state["rng"], arg), g.ROLES)
    if action == SIDE_GAME:
        if g.side_game_over is None:
            raise ValueError(f"{g.NAME} waits on no other game.")
        return g.side_game_over(state, arg)
    return g.act(state, role, action, arg)


def redealt(g: Game, state: dict, seed: int, keep: Iterable[str] = ()) -> dict:
    """``state`` with everything the roles in ``keep`` cannot see drawn anew from a
    generator seeded with ``seed`` (for what-if tests, and search that must not peek)."""
    return _redeal(g)(state, seed_state(seed), tuple(keep))


def _redeal(g: Game) -> Callable[[dict, object, Collection[str]], dict]:
    """The game's redeal, which only a game with hidden information has."""
    if g.redeal is None:
        raise ValueError(f"{g.NAME} hides nothing, so there is nothing to deal anew.")
    return g.redeal


def redeal_arg(later: dict) -> object:
    """The arg of a REDEAL step taken back to from the position ``later``: where its
    generator stands (the counter of a keyed generator; the whole state of a legacy one,
    which the stored snapshot holds anyway)."""
    r = later["rng"]
    return r["n"] if isinstance(r, dict) else r


def _generator_at(current: object, arg: Any) -> object:
    """The generator where a REDEAL step's ``arg`` (a step's arg: JSON, here the counter)
    says it stood."""
    return {"key": current["key"], "n": int(arg)} if isinstance(current, dict) else int(arg)


def active(g: Game, state: dict) -> list[str]:
    """The roles the game waits for in ``state``: ``g.view(state, None)["active"]``, from
    the rules' own ``active`` where they have one (a view can take a tenth of a ms)."""
    return g.active(state) if g.active is not None else g.view(state, None)["active"]


def reveal_mark(g: Game, state: dict) -> object:
    """A value that changes whenever a step rolls dice or reveals hidden information
    (a game names what it reveals with its own ``reveal_mark``; by default, any draw from
    the state's generator). A typed line stops at such a step, autocomplete offers nothing
    past it, and undo across it needs the other players' consent."""
    return g.reveal_mark(state) if g.reveal_mark is not None else state.get("rng")


__all__ = [
    "REDEAL", "apply_step", "redeal_arg", "redealt",
    "reveal_mark",
    "typed_lines",
    "count_left_open", "no_computer", "setup_options", "side_name", "sides",
    "found", "get", "ids", "legal_steps", "tokens", "step_for_token", "random_move",
    "IllegalAction",
]
