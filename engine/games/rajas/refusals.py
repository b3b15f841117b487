"""Why Rajas of the Ganges refuses a step: the rule that stops it, named by the rule text's
section where one applies, and what is possible instead.

``parse_token`` reads a typed word as the step it would be at this point of the turn, so
that a refused word gets its own reason ("the Dancer takes a die showing 2") and not only
the list of what is legal. Every reason reads the public position (the display, the sizes
of the stacks, the board, the river) and the player's own dice and province: never the
order of a stack, the white yield tiles still face down, or dice not yet rolled.

The reasons by what is refused: a worker's space (why_spaces.py), dice (why_dice.py,
over why_spaces), tiles and the province (why_tiles.py, over why_spaces); this module reads
the typed word and picks the reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine import grammar
from engine.errors import refusal
from engine.games.rajas import data, decisions, tokens, words
from engine.games.rajas import province as prov
from engine.games.rajas.why_dice import (
    why_chamber,
    why_colour,
    why_die,
    why_drop,
    why_fewer,
    why_good,
    why_reroll,
    why_return,
    why_river,
    why_stay,
    why_upgrade,
)
from engine.games.rajas.why_spaces import exchanges, why_place
from engine.games.rajas.why_tiles import (
    why_cell,
    why_cover,
    why_slot,
    why_tile,
    why_village,
    why_yield,
)

# The steps each stage of a turn takes: the queued effect's "do" (None: placing a worker).
STAGE_ACTIONS = {
    None: {"place", "pass"}, "tile": {"tile"}, "pay": {"die"}, "face": {"die"},
    "place_tile": {"cell"}, "dice": {"colour", "drop", "skip", "return", "fewer"},
    "upgrade": {"upgrade", "skip"},
    "river": {"river", "stay"}, "reroll": {"reroll", "done"}, "market": {"good"},
    "cover": {"cover"}, "cover_tile": {"tile"}, "cover_turn": {"cell"},
    "yield_tile": {"yield", "skip"}, "slot": {"slot"}, "villages": {"village", "done"},
    "chamber": {"chamber", "skip"},
}
PLAIN = ("pass", "roll", "skip", "done", "stay", "fewer")  # the steps without an argument
SPACE_WORDS = {"quarry", "harbor", "assorted", "money", "mango", *data.GOODS, *data.CHAMBERS}
DIE = re.compile(r"[a-z]+\d+k?")
CELL = re.compile(r"[a-z]\d+")
EDGE = re.compile(r"[a-z]\d+[nesw]")
YIELD_COLOURS = ("brown", "yellow", "red", "white")
# Steps typed before the worker that asks for them: where they belong.
BELONGS = {
    "tile": "A tile is taken by a worker at the quarry, `quarry` (Building action)",
    "cell": "A tile is placed once it is taken at the quarry (Building action)",
    "die": "A die is given up for the space a worker takes (Placing workers)",
}


# --- reading a typed word --------------------------------------------------------------------


def parse_token(state: dict, role: str, word: str) -> tuple[str, object]:
    """The step ``word`` would be now: of the readings a word has (``silk`` places a worker
    on the silk market, or names the good to score), the one this stage of the turn takes;
    a word with no reading passes through as ``(word, None)``."""
    readings = _readings(state, word)
    if not readings:
        return word, None
    fits = STAGE_ACTIONS[_stage(state)]
    return next((r for r in readings if r[0] in fits), readings[0])


def _readings(state: dict, word: str) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    if word in PLAIN:
        out.append((word, None))
    if DIE.fullmatch(word) and not word.startswith("river"):
        out.append(("die", word))
    head, sep, rest = word.partition("-")
    if sep and head in ("drop", "reroll", "return"):
        out.append((head, rest))
    if sep and head == "tile":
        out.append(("tile", state["display"].get(rest) or rest))
    if word.startswith("river") and word[5:].isdigit():
        out.append(("river", word[5:]))
    placed = prov.parse(word) if sep else None
    if placed:  # the sides in any order: `b2-sen` is `b2-nes`
        out.append(("cell", prov.token(*placed)))
    if CELL.fullmatch(word):
        out += [("cover", word), ("village", word)]
    if EDGE.fullmatch(word):
        out.append(("slot", word[:-1] + word[-1].upper()))
    if word in data.COLOURS:
        out.append(("colour", word))
    if word in data.BUILDINGS:
        out.append(("upgrade", word))
    if word in data.GOODS:
        out.append(("good", word))
    if word in data.CHAMBERS:
        out.append(("chamber", word))
    if word in SPACE_WORDS or (sep and head in ("swap", "terrace")):
        out.append(("place", word))
    if sep and head in YIELD_COLOURS:
        out.append(("yield", word))
    return out


def _stage(state: dict) -> str | None:
    return state["queue"][0]["do"] if state["queue"] else None


# --- the refusal ------------------------------------------------------------------------------


def refusal_of(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """The whole refusal: "`w` is not possible now. <the rule> Possible: …"."""
    legal = [tokens.token(a, x) for a, xs in acts.items() for x in ([None] if xs is None else xs)]
    return refusal(_word(action, arg), why(state, role, action, arg), legal)


def _word(action: str, arg: object) -> str:
    if arg is None:
        return action
    if action == "tile" and arg not in data.TILES:  # a stack with no tile on display
        return f"tile-{arg}"
    return tokens.token(action, arg)


def why(state: dict, role: str, action: str, arg: object) -> str:
    """The rule that stops this step now."""
    e = state["queue"][0] if state["queue"] else None
    meant = _misnamed(_word(action, arg))
    if meant:  # a word for a group of spaces: its spaces' names, then what is asked now
        return f"{meant} {_elsewhere(state, role, '', e)}"
    if action == "roll":
        return _why_roll(state)
    if action in STAGE_ACTIONS[_stage(state)] and (arg is not None or action in PLAIN):
        reason = (_PLACING_REASONS[action](state, role, arg) if e is None
                  else _REASONS[action](state, role, arg, e))
        if reason:
            return reason
    return _elsewhere(state, role, action, e)


def _elsewhere(state: dict, role: str, action: str, e: dict | None) -> str:
    """A step that belongs to another stage of the turn: what is asked now instead."""
    text, _ = decisions.asked(state, role)
    if action in ("place", "pass") and e is not None:
        if state["turn"].get("placed"):
            return f"Your worker's action is not finished: first {text}"
        if state["turn"].get("catchup"):
            return f"You have no worker left to place this stage: {text}"
        return f"Before you place a worker, {text}"
    if action in ("skip", "done", "stay"):
        return f"This step cannot be left out: you are asked to {text}"
    if e is None and action in BELONGS:
        return f"{BELONGS[action]}; now you are asked to {text}"
    return f"You are asked to {text}"


CHAMBER_BY_FACE = re.compile(r"(?:palace|chamber)?-?([1-6])")


def _misnamed(word: str) -> str:
    """What a player may have meant by a word that names a group of spaces (``palace``,
    ``market``, ``swap``) or a palace chamber by its die value (``palace-3``): the spaces'
    own names, by the rule text's section; empty for any other word."""
    face = CHAMBER_BY_FACE.fullmatch(word)
    if face or word in ("palace", "chamber", "chambers"):
        chambers = grammar.and_(f"`{name}` {'takes ' * (n == 1)}a {n}"
                                 for name, n in data.CHAMBERS.items())
        named = ("The palace's chambers are typed by name, one for each die face: "
                 f"{chambers}; its other spaces are `swap-…`, `terrace-…` and `money` "
                 "(Actions at the palace).")
        if not face:
            return named
        chamber = next(c for c, n in data.CHAMBERS.items() if n == int(face[1]))
        return (f"A die showing {face[1]} goes to {words.CHAMBER_NAMES[chamber]}, "
                f"`{chamber}`. {named}")
    if word in ("market", "markets"):
        markets = grammar.and_(f"`{g}`" for g in ("assorted", *data.GOODS))
        return f"The market's spaces are {markets} (Market action)."
    if word in ("swap", "exchange", "exchanges"):
        return (f"The exchanges are {grammar.and_(f'`swap-{c}`' for c in exchanges())}, "
                "named by the colour of the die each takes (Actions at the palace).")
    if word in ("terrace", "terraces"):
        return (f"The terraces are {grammar.and_(f'`terrace-{c}`' for c in data.COLOURS)}, "
                "named by the colour of the die each gives (Actions at the palace).")
    if word in ("harbour", "port", "boat"):
        return "The harbor is typed `harbor` (River action)."
    return ""


def _why_roll(state: dict) -> str:
    if state["options"]["rules"] == "printed":
        return ("With the printed rules (`rules=printed`) a new die is rolled as soon as "
                "you take it: there is nothing to roll")
    return "All your dice are rolled already"



# The reasons while placing a worker (nothing queued), and for a queued effect ``e``.
_PLACING_REASONS: dict[str, Callable[[dict, str, object], str]] = {
    "place": why_place, "pass": lambda *_: "",
}
_REASONS: dict[str, Callable[[dict, str, object, dict], str]] = {
    "die": why_die, "tile": why_tile, "cell": why_cell,
    "colour": why_colour, "drop": why_drop, "return": why_return, "fewer": why_fewer,
    "reroll": why_reroll, "upgrade": why_upgrade,
    "river": why_river, "stay": why_stay, "good": why_good, "chamber": why_chamber,
    "cover": why_cover, "yield": why_yield, "slot": why_slot, "village": why_village,
    "skip": lambda *_: "", "done": lambda *_: "",
}
