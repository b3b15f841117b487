"""Rajas of the Ganges in words: the pieces of every sentence the game says (log lines,
prompts, button labels, refusals), so that a die, a space or an earning is named the same
way everywhere and with the right article ("an orange 5", "a blue 2"). Published with
data.py: the pictures and the position in words name things with these too."""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.rajas import data
from engine.games.rajas.data import TILES
from engine.grammar import a, and_, count

SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
CHAMBER_NAMES = {"mogul": "the Great Mogul", "dancer": "the Dancer", "yogi": "the Yogi",
                 "raja": "Raja Man Singh", "builder": "the master builder",
                 "portuguese": "the Portuguese"}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def die(colour: str, value: int) -> str:
    """A die in words: ``blue 5``; a die not yet rolled is ``new blue die``."""
    return f"{colour} {value}" if value else f"new {colour} die"


def a_die(colour: str, value: int) -> str:
    """``a blue 5``, ``an orange 2``."""
    return a(die(colour, value))


def dice(ds: Iterable[list]) -> str:
    """Dice in words, ``blue 5, green 3``, or ``no dice``."""
    return ", ".join(die(c, v) for c, v in ds) or "no dice"


def faces(values: Iterable[int]) -> str:
    """``1``, ``1, 2 or 3``, or ``any value``."""
    values = sorted(set(values))
    return "any value" if len(values) == 6 else and_(map(str, values), "or")


def edge(name: str) -> str:
    """A board edge (``d1N``, or a typed ``d1n``) in words: ``d1 north``."""
    return f"{name[:-1]} {SIDE_NAMES.get(name[-1].upper(), name[-1])}"


_GOODS = {g: f"the {g} market" for g in data.GOODS}
_SPACES = {"quarry": "the quarry", "harbor": "the harbor", "market-assorted":
           "the assorted goods market", "assorted": "the assorted goods market",
           "two_money": "the palace's 2-money space", "money": "the palace's 2-money space",
           "mango": "the Mango Tree", **_GOODS,
           **{f"market-{g}": t for g, t in _GOODS.items()}, **CHAMBER_NAMES}


def space(kind: str) -> str:
    """A worker space by the name the rules give it: ``market-silk`` (or the typed
    ``silk``) is "the silk market", ``swap-orange`` "the orange exchange"."""
    if kind in _SPACES:
        return _SPACES[kind]
    head, _, colour = kind.partition("-")
    if head == "swap":
        return f"the {colour} exchange"
    if head == "terrace":
        return a(f"{colour} terrace")
    return kind


# What an earning code gives, in words that follow "earns" or "gets": a code's kind (see
# data.earning) with its number n.
_EARNINGS = {
    "money": lambda n: f"{n} money", "fame": lambda n: f"{n} fame",
    "karma": lambda n: f"{n} karma",
    "upgrade": lambda n: "an upgrade" if n == 1 else f"{n} upgrades",
    "die_any": lambda n: "a die of your choice" if n == 1 else f"{n} dice of your choice",
    "dice_any": lambda n: "a die of your choice" if n == 1 else f"{n} dice of your choice",
    "worker": lambda n: "a worker",
    "river": lambda n: "a boat move of one space",
    "advance": lambda n: f"a boat move of up to {count(n, 'space')}",
    "dice_any_per_karma": lambda n: "a die of your choice per karma",
    "money_1_per_market": lambda n: "1 money per market",
    "market_assorted": lambda n: f"a scoring of assorted goods (up to {n})",
    "market_one_kind": lambda n: f"a scoring of one good (up to {count(n, 'market')})",
    "palace_any": lambda n: "a palace chamber's action, free",
    "fame_1_per_upgrade": lambda n: "1 fame per upgrade made",
    "money_2_per_upgrade": lambda n: "2 money per upgrade made",
    "fame_2_per_karma": lambda n: "2 fame per karma",
    "fame_1_per_building": lambda n: "1 fame per building",
    "money_1_per_building": lambda n: "1 money per building",
    "fame_1_per_market_tile": lambda n: "1 fame per tile with a market",
    "fame_1_per_3_river": lambda n: "1 fame per 3 river spaces",
    "money_2_per_yield_tile": lambda n: "2 money per yield tile reached",
    "fame_2_per_bend": lambda n: "2 fame per bend",
    "fame_1_per_worker": lambda n: "1 fame per worker",
    "money_3_per_village": lambda n: "3 money per village",
}


def earning(code: str) -> str:
    """What an earning code gives: ``money_3`` is "3 money", ``die_violet`` "a violet
    die", ``palace_dancer`` "the Dancer's action, free"."""
    kind, n = data.earning(code)
    if kind in _EARNINGS:
        return _EARNINGS[kind](n)
    parts = kind.split("_")
    if parts[0] == "die":  # die_violet
        return a(f"{parts[1]} die")
    if parts[0] == "dice" and parts[-1] == "karma":  # dice_violet_per_karma
        return f"a {parts[1]} die per karma"
    if parts[0] == "dice":  # dice_violet_green_orange: one die of each colour
        return and_(a(c) for c in parts[1:]) + " die"
    if parts[0] == "palace":  # palace_yogi
        return f"{CHAMBER_NAMES[parts[1]]}'s action, free"
    if parts[0] == "slot":
        return f"a space for a {parts[1]} yield tile"
    return kind.replace("_", " ")


def yield_tile(tile: str) -> str:
    """A yield tile, ``brown-fame_2_per_bend``: "the brown yield tile (2 fame per bend)"."""
    colour, _, code = tile.partition("-")
    return f"the {colour} yield tile ({earning(code)})"


def tile_words(tid: str) -> str:
    """A tile by its colour and cost, with what is on it: ``blue 7 (tea 2, fort)``; a Mango
    village by its bonus: ``village (3 money)``."""
    t = TILES[tid]
    if t["colour"] == "village":
        return f"village ({earning(t['bonus'])})"
    parts = [f"{m['good']} {m['value']}" for m in t["markets"]] + t["buildings"]
    return f"{t['colour']} {t['cost']} ({', '.join(parts)})"


def margin_words(m: int, short: bool = False) -> str:
    """A margin in words: "1 fame space past", "markers met", "3 fame spaces to go";
    ``short`` where the sentence names the unit: "1 past", "0 (met)", "3 to go"."""
    if m == 0:
        return "0 (met)" if short else "markers met"
    what = str(abs(m)) if short else count(abs(m), "fame space")
    return f"{what} {'past' if m > 0 else 'to go'}"
