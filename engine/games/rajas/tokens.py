"""A step's typed word (``token``) and its button label (``describe``)."""

from __future__ import annotations

from engine import grammar
from engine.games.rajas import dice, words
from engine.games.rajas import province as prov
from engine.games.rajas.data import BOARD, CHAMBERS, TILES, stack_of
from engine.games.rajas.words import tile_words


def token(action: str, arg: object) -> str:
    if arg is None:
        return action
    if action in ("colour", "upgrade", "good", "chamber", "cover", "village"):
        return str(arg)
    if action == "slot":  # a board edge, `d1n`: typed lines are read in lower case
        return str(arg).lower()
    if action == "tile":  # the stack it lies on: one tile a stack is on display
        return f"tile-{stack_of(str(arg))}"
    if action == "river":
        return f"river{arg}"
    if action in ("drop", "return"):
        return f"{action}-{arg}"
    if action == "reroll":
        return f"reroll-{arg}"
    return str(arg)
_LABELS = {"pass": "Pass for this round", "roll": "Roll your new dice", "skip": "Skip",
           "done": "Done", "stay": "Leave the boat where it is",
           "fewer": "Take fewer dice"}


def describe(action: str, arg: object) -> str:
    """A step's button label, in words."""
    if arg is None:
        return _LABELS.get(action, action.capitalize())
    arg = str(arg)
    if action == "tile":
        return f"{TILES[arg]['back'].capitalize()}: {tile_words(arg)}"
    if action == "die":
        colour, value, turned = dice.die_of(arg)
        return f"Give up {words.a_die(colour, value)}" + (
            f" as {grammar.a(str(dice.flip(value)))} (karma)" if turned else "")
    if action == "cell":
        cell, roads = prov.placement_of(arg)
        return f"Place on {cell}, roads {grammar.and_(words.SIDE_NAMES[r] for r in roads)}"
    if action == "place":
        return _space_label(arg)
    if action == "return":  # revision 2's name for revision 1's `drop`
        action = "drop"
    labels = {
        "yield": lambda: f"Take {words.yield_tile(arg)}",
        "slot": lambda: f"Lay it on {words.edge(arg)}",
        "village": lambda: f"Score the village on {arg}",
        "colour": lambda: f"Take {grammar.a(arg)} die",
        "drop": lambda: f"Put back {words.a_die(*dice.die_of(arg)[:2])}",
        "reroll": lambda: f"Reroll {words.a_die(*dice.die_of(arg)[:2])}",
        "upgrade": lambda: f"Upgrade your {arg}s",
        "river": lambda: f"Move the boat {grammar.count(int(arg), 'free space')}",
        "good": lambda: f"Score {arg} markets",
        "chamber": lambda: f"{words.cap(words.CHAMBER_NAMES[arg])}, free",
        "cover": lambda: f"Build over {arg}",
    }
    return labels[action]() if action in labels else f"{action.capitalize()} {arg}"


def _space_label(space: str) -> str:
    """A worker space's label: where, and what it does."""
    if space in CHAMBERS:
        return f"{words.cap(words.CHAMBER_NAMES[space])} (a {CHAMBERS[space]})"
    if space.startswith("swap-"):
        give = space[5:]
        take = next(x["take"] for x in BOARD["exchange"] if x["give"] == give)
        return f"Exchange {grammar.a(give)} die for two {take}"
    if space.startswith("terrace-"):
        return f"Terrace: {grammar.a(space[8:])} die"
    return {"quarry": "Quarry: build", "harbor": "Harbor: river", "assorted":
            "Market: assorted goods", "money": "Palace: 2 money, reroll",
            "mango": "Mango Tree: villages again"}.get(space, f"Market: {space}")
