"""Why Rajas of the Ganges refuses a step: the rule that stops it, named by the rule text's
section where one applies, and what is possible instead.

``parse_token`` reads a typed word as the step it would be at this point of the turn, so
that a refused word gets its own reason ("the Dancer takes a die showing 2") and not only
the list of what is legal. Every reason reads the public position (the display, the sizes
of the stacks, the board, the river) and the player's own dice and province: never the
order of a stack, the white yield tiles still face down, or dice not yet rolled.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine import grammar
from engine.errors import refusal
from engine.games.rajas import data, decisions, dice, kali, position, spaces, tokens, words
from engine.games.rajas import province as prov

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
SHAPES = {2: "a bend", 3: "a T-junction", 4: "a crossroads"}
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
        return (f"The exchanges are {grammar.and_(f'`swap-{c}`' for c in _exchanges())}, "
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


def _why_stay(state: dict, role: str, arg: object, e: dict) -> str:
    return ("With the printed rules the boat must move: a 1 moves it exactly one free "
            "space, a 2 one or two, a 3 up to three (River action; Yucata's rules, the "
            "default, let it stay)")


# --- worker spaces -----------------------------------------------------------------------------


def _why_place(state: dict, role: str, space: object) -> str:
    space = str(space)
    if space.startswith("swap-") and space[5:] not in _exchanges():
        return (f"There is no {space[5:]} exchange: the exchanges take "
                f"{grammar.and_(_exchanges(), 'or')} dice")
    if space.startswith("terrace-") and space[8:] not in data.COLOURS:
        return (f"There is no {space[8:]} terrace: the terraces give "
                f"{grammar.and_(data.COLOURS)} dice")
    if space == "mango" and not state["options"].get("mango"):
        return "Mango Village is not in this game (option `mango=on`)"
    limit = _once_a_round(state, role, space)
    if limit:
        return limit
    kind = spaces.space_kind(space)
    if not spaces.free(state, kind):
        return _taken(state, kind)
    reason = _SPACE_REASONS.get(space.partition("-")[0])
    return reason(state, role, space) if reason else ""


def _exchanges() -> list[str]:
    return [x["give"] for x in data.BOARD["exchange"]]


def _once_a_round(state: dict, role: str, space: str) -> str:
    """Market action / Mango Village: with 3 or 4 players, one worker a round each on the
    assorted goods market and in the village."""
    if len(state["roles"]) < 3:
        return ""
    p = position.me(state, role)
    if space == "assorted" and p["assorted"]:
        return ("You have had a worker on the assorted goods market this round: with 3 or 4 "
                "players, one a round each (Market action)")
    if space == "mango" and role in state["used"].get("mango", []):
        return ("You have had a worker at the Mango Tree this round: with 3 or 4 players, "
                "one a round each (Mango Village)")
    return ""


def _taken(state: dict, kind: str) -> str:
    """Placing workers: each action space holds one worker."""
    many = spaces.space_count(state, kind) > 1
    if kind.startswith("terrace-"):
        name = f"{'every' if many else 'the'} {kind[8:]} terrace"
    else:
        name = f"every space at {words.space(kind)}" if many else words.space(kind)
    return (f"{words.cap(name)} is taken this round: each action space holds one worker "
            "(Placing workers)")


def _short_of_money(state: dict, role: str, kind: str) -> str:
    cost, money = spaces.space_cost(state, kind), position.me(state, role)["money"]
    if money >= cost:
        return ""
    return (f"The next space at {words.space(kind)} costs {cost} money and you have {money} "
            "(Placing workers: an action you are short of money for cannot be taken)")


def _no_face(p: dict, faces: tuple[int, ...]) -> str:
    """"none of your dice shows 2, even turned with a karma"."""
    turned = ", even turned with a karma" if p["karma"] else " and you have no karma to turn one"
    return f"none of your dice shows {words.faces(faces)}{turned}"


def _quarry(state: dict, role: str, space: str) -> str:
    return _short_of_money(state, role, "quarry") or _nothing_to_build(state, role)


def _nothing_to_build(state: dict, role: str) -> str:
    """Why no displayed tile can be built: none payable, or none that fits."""
    p = position.me(state, role)
    shown = [tid for tid in state["display"].values() if tid]
    if not shown:
        return "No tile is on display"
    if not any(_payable(p, tid) for tid in shown):
        village = ", a village a double" if any(
            data.TILES[t]["colour"] == "village" for t in shown) else ""
        yours = f"your dice are {words.dice(p['dice'])}" if p["dice"] else "you have no dice"
        return ("You can pay for no tile on display: each costs dice of its own colour worth "
                f"at least its value{village} (Building action), and {yours}")
    return ("No tile you can pay for fits your province: a new tile must meet a road joined "
            "to the residence (The province boards)")


def _payable(p: dict, tid: str) -> bool:
    t = data.TILES[tid]
    if t["colour"] == "village":
        return dice.has_double(p["dice"], p["karma"])
    return dice.can_pay(_values(p, t["colour"]), p["karma"], t["cost"])


def _values(p: dict, colour: str) -> list[int]:
    return [v for c, v in p["dice"] if c == colour and v]


def _harbor(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if p["boat"] >= data.FINAL:
        return "Your boat is on the final river space (River action)"
    if not dice.any_steps(p["dice"], p["karma"], (1, 2, 3)):
        return (f"The harbor takes a die showing 1, 2 or 3, but {_no_face(p, (1, 2, 3))} "
                "(River action)")
    return _short_of_money(state, role, "harbor")


def _market(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if space == "assorted":
        return "" if position.markets_of(p) else "You have no market in your province to score"
    if not position.rolled(p):
        held = "none of yours is rolled yet (`roll`)" if p["dice"] else "you have no dice"
        return f"The {space} market takes a die of any value, and {held} (Market action)"
    if not any(m["good"] == space for m in position.markets_of(p)):
        return f"You have no {space} market in your province to score (Market action)"
    return ""


def _chamber(state: dict, role: str, name: str) -> str:
    p = position.me(state, role)
    face = data.CHAMBERS[name]
    if not dice.face_steps(p["dice"], face, p["karma"]):
        return (f"{words.cap(words.CHAMBER_NAMES[name])} takes a die showing {face}, but "
                f"{_no_face(p, (face,))} (Actions at the palace)")
    return _chamber_blocked(state, role, name)


def _chamber_blocked(state: dict, role: str, name: str) -> str:
    """The master builder's and the Portuguese's own conditions (Actions at the palace)."""
    if name == "builder":
        return ("The master builder needs a tile of yours that a dearer tile on display can "
                "cover, the difference paid with dice of the new tile's colour and every tile "
                "still joined to the residence (Actions at the palace)")
    if name == "portuguese":
        return ("The Portuguese is closed to a boat in the river's last 6 spaces, and yours "
                f"is on space {position.me(state, role)['boat']} (Actions at the palace)")
    return ""


def _swap(state: dict, role: str, space: str) -> str:
    give = space[5:]
    take = next(x["take"] for x in data.BOARD["exchange"] if x["give"] == give)
    if not any(c == give for c, _ in position.me(state, role)["dice"]):
        return f"The {give} exchange takes {grammar.a(give)} die, and you have none"
    return _out_of(state, take)


def _out_of(state: dict, colour: str) -> str:
    if state["supply"][colour] > 0:
        return ""
    return (f"No {colour} die is left in the supply, and a colour the supply is out of "
            "cannot be taken")


def _mango(state: dict, role: str, space: str) -> str:
    p = position.me(state, role)
    if not any(data.TILES[t["tile"]]["colour"] == "village" for t in p["cells"].values()):
        return "You have no village in your province to score again (Mango Village)"
    return ""


_SPACE_REASONS: dict[str, Callable[[dict, str, str], str]] = {
    "quarry": _quarry, "harbor": _harbor, "assorted": _market,
    **{g: _market for g in data.GOODS}, **{c: _chamber for c in data.CHAMBERS},
    "swap": _swap, "terrace": lambda state, role, space: _out_of(state, space[8:]),
    "mango": _mango,
}


# --- dice given up -----------------------------------------------------------------------------


def _why_die(state: dict, role: str, tok: object, e: dict) -> str:
    parsed = dice.parse(str(tok))
    if not parsed or parsed[0] not in data.COLOURS or not 1 <= parsed[1] <= 6:
        return ("A die is named by its colour and value, as in `blue5`; a `k` after it turns "
                "it with a karma (`blue2k` gives the blue 2 as a 5)")
    colour, value, turned = parsed
    p = position.me(state, role)
    if e.get("colour") and colour != e["colour"]:  # the rule first, then the player's dice
        return _wrong_colour(e)
    if [colour, value] not in p["dice"]:
        return _no_such_die(p, colour, value)
    if turned and not p["karma"]:
        return "You have no karma left to turn a die (Karma)"
    if e["do"] == "pay":
        return _why_pay(p, e, colour, value, turned)
    return _why_face(p, e, colour, value, turned)


def _wrong_colour(e: dict) -> str:
    if e["do"] == "pay":
        return (f"This is paid with {e['colour']} dice only: a tile costs dice of its own "
                "colour (Building action)")
    return f"The {e['colour']} exchange takes {grammar.a(e['colour'])} die (Actions at the palace)"


def _no_such_die(p: dict, colour: str, value: int) -> str:
    mine = [v for c, v in p["dice"] if c == colour]
    if not mine:
        return f"You have no {colour} die"
    shown = [str(v) for v in sorted(v for v in mine if v)]
    new = len(mine) - len(shown)
    if new:
        shown.append(f"{grammar.count(new, 'new die', 'new dice')} not rolled yet (`roll`)")
    return f"You have no {colour} {value}; your {colour} dice: {grammar.and_(shown)}"


def _why_pay(p: dict, e: dict, colour: str, value: int, turned: bool) -> str:
    """Building action: dice of the tile's colour worth at least its value; a payment is
    only begun where it can be completed."""
    if turned and dice.flip(value) <= value:
        return (f"Turned with a karma your {colour} {value} would give {dice.flip(value)}, "
                f"fewer pips than as it lies: give `{dice.token(colour, value)}`")
    gives = dice.flip(value) if turned else value
    rest = _values(p, colour)
    rest.remove(value)
    karma = p["karma"] - turned
    best = dice.best_total(rest, karma)
    other = dice.token(colour, value, not turned)
    instead = f": give `{other}` instead" if other in dice.payment_steps(
        p["dice"], colour, p["karma"], e["need"]) else ""
    return (f"Given as {grammar.a(str(gives))}, your {colour} {value} leaves "
            f"{e['need'] - gives} to pay, and your other {colour} dice make at most {best}"
            f"{' with your karma' if karma else ''} (Building action){instead}")


def _face_rule(e: dict) -> str:
    """The rule that names the face a queued "face" effect takes."""
    faces, then = e["faces"], e["then"]
    if then in data.CHAMBERS:
        return (f"{words.cap(words.CHAMBER_NAMES[then])} takes a die showing {faces[0]} "
                "(Actions at the palace)")
    if then == "harbor":
        return "The harbor takes a die showing 1, 2 or 3 (River action)"
    if e["after"]["do"] == "place_tile":
        return f"The double's second die must show {faces[0]}, as the first did (Mango Village)"
    return "A village laid over a tile costs another 5 (Mango Village)"


def _why_face(p: dict, e: dict, colour: str, value: int, turned: bool) -> str:
    shown = dice.flip(value) if turned else value
    if e["then"] == "double":
        return _why_double(p, colour, value, turned, shown)
    if shown in e["faces"]:
        return ""
    other = value if turned else dice.flip(value)
    rule, die = _face_rule(e), f"your {colour} {value}"
    if other not in e["faces"]:
        return f"{rule}; {die} shows {value}, or {dice.flip(value)} turned with a karma"
    if turned:
        return f"{rule}; {die} shows {value} as it lies: type `{dice.token(colour, value)}`"
    if not p["karma"]:
        return f"{rule}; {die} shows {other} only turned with a karma, and you have none left"
    return (f"{rule}; {die} shows {other} only turned with a karma: type "
            f"`{dice.token(colour, value, True)}`")


def _why_double(p: dict, colour: str, value: int, turned: bool, shown: int) -> str:
    """Mango Village: a village costs a double, two dice showing one value."""
    rest = [list(d) for d in p["dice"]]
    rest.remove([colour, value])
    even = ", even turned with a karma" if p["karma"] - turned else ""
    if dice.face_steps(rest, shown, p["karma"] - turned):
        return ""
    return (f"A village costs a double, two dice showing one value (Mango Village), and no "
            f"other die of yours shows {shown}{even}")


# --- tiles and where they go ---------------------------------------------------------------


def _why_tile(state: dict, role: str, tid: object, e: dict) -> str:
    if tid not in data.TILES:
        return _no_tile_there(state, str(tid))
    tid = str(tid)  # a key of data.TILES
    p = position.me(state, role)
    t, name = data.TILES[tid], f"the {words.tile_words(tid)}"
    if e["do"] == "cover_tile":
        return _why_cover_tile(state, p, e["cell"], tid)
    if t["colour"] == "village" and not _payable(p, tid):
        even = ", even turned with a karma" if p["karma"] else ""
        return ("A village costs a double, two dice showing one value in any colours (Mango "
                f"Village), and no two of your dice show one value{even}")
    if not _payable(p, tid):
        return (f"{words.cap(name)} costs {t['colour']} dice worth {t['cost']}, and "
                f"{_most(p, t['colour'])} (Building action)")
    return (f"{words.cap(name)} fits nowhere in your province: turned any way, none of its "
            "roads meets a road joined to the residence on an empty cell (The province boards)")


def _most(p: dict, colour: str) -> str:
    """What the player's dice of a colour can pay at most, in words."""
    values = _values(p, colour)
    if values:
        karma = " with your karma" if p["karma"] else ""
        return f"your {colour} dice make at most {dice.best_total(values, p['karma'])}{karma}"
    if any(c == colour for c, _ in p["dice"]):
        return f"your {colour} dice are not rolled yet (`roll`)"
    return f"you have no {colour} die"


def _no_tile_there(state: dict, key: str) -> str:
    """``tile-<stack>`` when that stack shows no tile: the stack sizes and the display are
    public, so this tells nothing hidden."""
    if key == "village-mango" and "village-mango" not in state["display"]:
        return "Mango Village is not in this game (option `mango=on`)"
    if key not in state["display"]:
        return ("A tile is named by the stack it lies on: `tile-`, a colour, then snake, cow "
                "or tiger, as in `tile-blue-cow`")
    stack = "Mango Village" if key == "village-mango" else key.replace("-", " ")
    if key in state["refill"]:
        return (f"The {stack} stack's tile was taken this turn: the display refills at the "
                "end of the turn (Yucata's rules)")
    return f"The {stack} stack is used up: its display space stays empty"


def _why_cover_tile(state: dict, p: dict, cell: str, tid: str) -> str:
    """Actions at the palace, master builder: a dearer tile, the difference paid in its
    colour, every tile still joined; a village over a tile for another 5 (Mango Village)."""
    old, new = data.TILES[p["cells"][cell]["tile"]], data.TILES[tid]
    name = f"the {words.tile_words(tid)}"
    if new["colour"] == "village":
        return (f"A village laid over a tile costs another 5, but {_no_face(p, (5,))} "
                "(Mango Village)")
    if new["cost"] <= old["cost"]:
        return (f"The new tile must cost more than the "
                f"{words.tile_words(p['cells'][cell]['tile'])} on {cell} (Actions at the palace: "
                "master builder)")
    diff = new["cost"] - old["cost"]
    if not dice.can_pay(_values(p, new["colour"]), p["karma"], diff):
        return (f"The difference, {diff}, is paid with {new['colour']} dice, and "
                f"{_most(p, new['colour'])} (Actions at the palace: master builder)")
    return (f"Turned any way on {cell}, {name} would cut a tile off from the residence: every "
            "tile keeps a road to it (Actions at the palace: master builder)")


def _why_cell(state: dict, role: str, word: object, e: dict) -> str:
    placed = prov.parse(str(word))
    if not placed:
        return ("A place is a cell and the sides its roads reach once turned, as in `b2-nes` "
                "(cell b2, roads north, east and south)")
    cell, roads = placed
    lay = data.PROVINCE
    if cell == lay["residence"]:
        return f"{cell} is your residence"
    if cell not in lay["cells"]:
        return (f"{cell} is not a cell of your province: columns a to "
                f"{'abcdefgh'[lay['cols'] - 1]}, rows 1 to {lay['rows']}")
    if e["do"] == "cover_turn" and cell != e["cell"]:
        return f"The new tile goes on {e['cell']}, over the tile you chose to build over"
    tile = data.TILES[e["tile"]]
    if roads not in prov.rotations(tile["roads"]):
        return _wrong_shape(e["tile"], cell)
    p = position.me(state, role)
    if e["do"] == "cover_turn":
        return _cut_off(p, cell, roads)
    if cell in p["cells"]:
        return (f"{cell} already holds the {words.tile_words(p['cells'][cell]['tile'])}: a placed "
                "tile stays where it is (The province boards)")
    return _no_road_in(p, cell, tile["roads"])


def _shape(roads: list[str]) -> str:
    if len(roads) == 2 and prov.OPPOSITE[roads[0]] == roads[1]:
        return "a straight road"
    return SHAPES[len(roads)]


def _wrong_shape(tid: str, cell: str) -> str:
    turns = [f"`{prov.token(cell, r)}`" for r in prov.rotations(data.TILES[tid]["roads"])]
    return (f"The {words.tile_words(tid)} has {_shape(data.TILES[tid]['roads'])}: turned, it "
            f"lies as {grammar.and_(turns, 'or')}")


def _no_road_in(p: dict, cell: str, roads: list[str]) -> str:
    """The province boards: a new tile's road must meet a road joined to the residence."""
    fed = _fed_sides(p["cells"], cell)
    if not fed:
        open_cells = sorted({c for c, _ in prov.placements(p["cells"], roads)})
        where = f"; roads lead to {grammar.and_(open_cells)}" if open_cells else ""
        return (f"No road leads to {cell}: a new tile must meet a road joined to the "
                f"residence (The province boards){where}")
    ways = [f"`{prov.token(cell, r)}`" for r in prov.rotations(roads) if set(r) & set(fed)]
    sides = grammar.and_((words.SIDE_NAMES[s] for s in fed), "or")
    return (f"A road reaches {cell} only from the {sides}: turn the tile so that one of its "
            f"roads meets it, as {grammar.and_(ways, 'or')} (The province boards)")


def _fed_sides(cells: dict, cell: str) -> list[str]:
    """The sides of an empty cell that a road of a neighbouring tile (or the residence)
    reaches: every placed tile is joined to the residence, so these roads are too."""
    res = data.PROVINCE["residence"]
    out = []
    for side in prov.SIDES:
        n = prov.neighbour(cell, side)
        if n and (n == res or n in cells) and prov.OPPOSITE[side] in prov.roads_at(cells, n):
            out.append(side)
    return out


def _cut_off(p: dict, cell: str, roads: list[str]) -> str:
    trial = {**p["cells"], cell: {**p["cells"][cell], "roads": roads}}
    lost = sorted(set(trial) - prov.connected(trial))
    return (f"Turned so, the new tile would cut {grammar.and_(lost)} off from the residence: "
            "every tile keeps a road to it (Actions at the palace: master builder)")


def _why_cover(state: dict, role: str, cell: object, e: dict) -> str:
    p = position.me(state, role)
    placed = p["cells"].get(str(cell))
    if not placed:
        return f"{cell} holds no tile of yours to build over"
    if data.TILES[placed["tile"]]["colour"] == "village":
        return "A village is never built over (Mango Village)"
    if placed.get("under"):
        return (f"The tile on {cell} was built over already: each tile once (Actions at the "
                "palace: master builder)")
    return (f"No tile on display can go over the {words.tile_words(placed['tile'])} on {cell}: it "
            "must cost more, the difference paid with dice of its colour, and leave every "
            "tile joined (Actions at the palace: master builder)")


# --- dice taken, rerolled; upgrades, the river, markets ---------------------------------------


def _why_colour(state: dict, role: str, colour: object, e: dict) -> str:
    p = position.me(state, role)
    if kali.over_kali(state, role, e):
        return _kali_short(state, role, e)
    if len(p["dice"]) >= p["kali"] and not position.errata(state):
        return (f"Your Kali is full ({p['kali']} dice): put a die back first (`drop-…`), or "
                "`skip` (Placing workers)")
    if e.get("colours") and colour not in e["colours"]:
        return f"This gives {grammar.and_(e['colours'], 'or')} dice only"
    return _out_of(state, str(colour))


def _kali_short(state: dict, role: str, e: dict) -> str:
    """Placing workers (Kali's hands): these dice do not all fit."""
    free, due = kali.room(position.me(state, role)), kali.dice_due(state, e)
    hands = f"room for only {free}" if free else "no free hand"
    return (f"This gives {grammar.count(due, 'die', 'dice')} and your Kali has {hands}: first "
            "put dice back into the supply (`return-…`), or take `fewer` (Placing workers)")


def _why_return(state: dict, role: str, tok: object, e: dict) -> str:
    """Placing workers (Kali's hands): dice go back only to make room for new ones,
    before any is taken."""
    p = position.me(state, role)
    if not position.errata(state):
        return "A die goes back to make room with `drop-…`, as in `drop-blue2`"
    if not kali.over_kali(state, role, e):
        return (f"Your Kali has room for the dice this gives ({kali.room(p)} free hands): a die "
                "goes back only to make room before new ones are taken (Placing workers)")
    parsed = dice.parse(str(tok))
    if not parsed or parsed[2]:
        return "A die is named by its colour and value, as in `return-blue2`"
    return _no_such_die(p, *parsed[:2])


def _why_fewer(state: dict, role: str, arg: object, e: dict) -> str:
    if not position.errata(state):
        return "To take fewer dice, type `skip`"
    free = kali.room(position.me(state, role))
    return (f"Your Kali has room for the dice this gives ({free} free hands): take them, or "
            "`skip` the rest (Placing workers)")


def _why_drop(state: dict, role: str, tok: object, e: dict) -> str:
    p = position.me(state, role)
    if position.errata(state):
        return ("A die goes back into the supply with `return-…`, as in `return-blue2`, "
                "before the new dice are taken (Placing workers)")
    if len(p["dice"]) < p["kali"]:
        return (f"Your Kali has room ({len(p['dice'])} of {p['kali']} dice): a die goes back "
                "only to make room for a new one (Placing workers)")
    parsed = dice.parse(str(tok))
    if not parsed or parsed[2]:
        return "A die is named by its colour and value, as in `drop-blue2`"
    return _no_such_die(p, *parsed[:2])


def _why_reroll(state: dict, role: str, tok: object, e: dict) -> str:
    parsed = dice.parse(str(tok))
    if not parsed or parsed[2]:
        return "A die is named by its colour and value, as in `reroll-blue2`"
    colour, value, _ = parsed
    p = position.me(state, role)
    if [colour, value] not in p["dice"]:
        return _no_such_die(p, colour, value)
    return (f"Your {colour} {value} has been rerolled already: each die once (Actions at the "
            "palace: the 2-money space)")


def _why_upgrade(state: dict, role: str, building: object, e: dict) -> str:
    return (f"Your {building}s are at the top level already, 4 fame each (The upgrades of "
            "the buildings)")


def _why_river(state: dict, role: str, steps: object, e: dict) -> str:
    k = int(str(steps))
    if k == 0:
        return "To leave the boat where it is, type `stay`" if e.get("shorter") else _why_stay(
            state, role, None, e)
    if k > e["max"]:
        return f"This move is up to {grammar.count(e['max'], 'free space')} (River action)"
    reach = position.river_reach(state, role, e["max"])
    return (f"Your boat is {grammar.count(len(reach), 'free space')} from the final space "
            "(River action)")


def _why_good(state: dict, role: str, good: object, e: dict) -> str:
    return f"You have no {good} market in your province to score (Market action)"


def _why_chamber(state: dict, role: str, name: object, e: dict) -> str:
    if data.CHAMBERS[str(name)] < 2:
        return ("This earning carries out a chamber from the Dancer (2) to the Portuguese "
                "(6), not the Great Mogul")
    return _chamber_blocked(state, role, str(name))


# --- Navaratnas' yield tiles and Mango Village -------------------------------------------------


def _why_yield(state: dict, role: str, tile: object, e: dict) -> str:
    colour, _, code = str(tile).partition("-")
    if code not in state["yield_display"].get(colour, []):
        return "There is no such yield tile on display"
    return (f"You have no free {colour} space in your province for it: a yield tile goes on "
            "a free space of its colour (Navaratnas version)")


def _why_slot(state: dict, role: str, edge: object, e: dict) -> str:
    p = position.me(state, role)
    colour = e["tile"].split("-")[0]
    if edge in p["slots"]:
        return (f"{words.edge(str(edge))} holds a yield tile already, and one is never moved "
                "or covered (Navaratnas version)")
    free = [words.edge(s) for s in position.free_slots(p, colour)]
    return (f"{words.edge(str(edge))} is not a free {colour} space; yours: "
            f"{grammar.and_(free) or 'none'}")


def _why_village(state: dict, role: str, cell: object, e: dict) -> str:
    p = position.me(state, role)
    placed = p["cells"].get(str(cell))
    if not placed or data.TILES[placed["tile"]]["colour"] != "village":
        return f"{cell} holds no village of yours"
    return (f"You have scored the village on {cell} on this visit: up to two different "
            "villages (Mango Village)")


# The reasons while placing a worker (nothing queued), and for a queued effect ``e``.
_PLACING_REASONS: dict[str, Callable[[dict, str, object], str]] = {
    "place": _why_place, "pass": lambda *_: "",
}
_REASONS: dict[str, Callable[[dict, str, object, dict], str]] = {
    "die": _why_die, "tile": _why_tile, "cell": _why_cell,
    "colour": _why_colour, "drop": _why_drop, "return": _why_return, "fewer": _why_fewer,
    "reroll": _why_reroll, "upgrade": _why_upgrade,
    "river": _why_river, "stay": _why_stay, "good": _why_good, "chamber": _why_chamber,
    "cover": _why_cover, "yield": _why_yield, "slot": _why_slot, "village": _why_village,
    "skip": lambda *_: "", "done": lambda *_: "",
}
