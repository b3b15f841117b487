"""Why Rajas of the Ganges refuses a step with dice: a die given up to pay, dice taken,
rerolled or given back, and the upgrades, the river and the markets they pay for."""

from __future__ import annotations

from engine import grammar
from engine.games.rajas import data, dice, kali, position, words
from engine.games.rajas.why_spaces import chamber_blocked, colour_values, out_of


def why_stay(state: dict, role: str, arg: object, e: dict) -> str:
    return ("With the printed rules the boat must move: a 1 moves it exactly one free "
            "space, a 2 one or two, a 3 up to three (River action; Yucata's rules, the "
            "default, let it stay)")


# --- dice given up -----------------------------------------------------------------------------


def why_die(state: dict, role: str, tok: object, e: dict) -> str:
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
    rest = colour_values(p, colour)
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


# --- dice taken, rerolled; upgrades, the river, markets ---------------------------------------


def why_colour(state: dict, role: str, colour: object, e: dict) -> str:
    p = position.me(state, role)
    if kali.over_kali(state, role, e):
        return _kali_short(state, role, e)
    if len(p["dice"]) >= p["kali"] and not position.errata(state):
        return (f"Your Kali is full ({p['kali']} dice): put a die back first (`drop-…`), or "
                "`skip` (Placing workers)")
    if e.get("colours") and colour not in e["colours"]:
        return f"This gives {grammar.and_(e['colours'], 'or')} dice only"
    return out_of(state, str(colour))


def _kali_short(state: dict, role: str, e: dict) -> str:
    """Placing workers (Kali's hands): these dice do not all fit."""
    free, due = kali.room(position.me(state, role)), kali.dice_due(state, e)
    hands = f"room for only {free}" if free else "no free hand"
    return (f"This gives {grammar.count(due, 'die', 'dice')} and your Kali has {hands}: first "
            "put dice back into the supply (`return-…`), or take `fewer` (Placing workers)")


def why_return(state: dict, role: str, tok: object, e: dict) -> str:
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


def why_fewer(state: dict, role: str, arg: object, e: dict) -> str:
    if not position.errata(state):
        return "To take fewer dice, type `skip`"
    free = kali.room(position.me(state, role))
    return (f"Your Kali has room for the dice this gives ({free} free hands): take them, or "
            "`skip` the rest (Placing workers)")


def why_drop(state: dict, role: str, tok: object, e: dict) -> str:
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


def why_reroll(state: dict, role: str, tok: object, e: dict) -> str:
    parsed = dice.parse(str(tok))
    if not parsed or parsed[2]:
        return "A die is named by its colour and value, as in `reroll-blue2`"
    colour, value, _ = parsed
    p = position.me(state, role)
    if [colour, value] not in p["dice"]:
        return _no_such_die(p, colour, value)
    return (f"Your {colour} {value} has been rerolled already: each die once (Actions at the "
            "palace: the 2-money space)")


def why_upgrade(state: dict, role: str, building: object, e: dict) -> str:
    return (f"Your {building}s are at the top level already, 4 fame each (The upgrades of "
            "the buildings)")


def why_river(state: dict, role: str, steps: object, e: dict) -> str:
    k = int(str(steps))
    if k == 0:
        return "To leave the boat where it is, type `stay`" if e.get("shorter") else why_stay(
            state, role, None, e)
    if k > e["max"]:
        return f"This move is up to {grammar.count(e['max'], 'free space')} (River action)"
    reach = position.river_reach(state, role, e["max"])
    return (f"Your boat is {grammar.count(len(reach), 'free space')} from the final space "
            "(River action)")


def why_good(state: dict, role: str, good: object, e: dict) -> str:
    return f"You have no {good} market in your province to score (Market action)"


def why_chamber(state: dict, role: str, name: object, e: dict) -> str:
    if data.CHAMBERS[str(name)] < 2:
        return ("This earning carries out a chamber from the Dancer (2) to the Portuguese "
                "(6), not the Great Mogul")
    return chamber_blocked(state, role, str(name))
