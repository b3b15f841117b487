"""Dice and Kali: dice given up to pay or to use a space (a karma turns one over), dice
taken from the supply while Kali has free hands (Placing workers: first make room, or take
fewer), rolled at once (printed rules) or at the end of the turn (Yucata)."""

from __future__ import annotations

from engine import grammar, rng
from engine.games.rajas import dice, words
from engine.games.rajas.data import COLOURS, ROLE_NAMES
from engine.games.rajas.position import errata, me


def room(p: dict) -> int:
    """Kali's free hands: how many more dice the player may store."""
    return max(0, p["kali"] - len(p["dice"]))


def dice_due(state: dict, e: dict) -> int:
    """How many dice a queued gain would bring: as many as it gives, if the supply has
    them in its colours (a colour the supply is out of cannot be taken)."""
    return min(e["n"], sum(state["supply"][c] for c in set(e.get("colours") or COLOURS)))


def over_kali(state: dict, role: str, e: dict) -> bool:
    """Placing workers (Kali's hands): the dice a gain brings do not all fit. Before any
    is taken, the player puts dice back into the supply or takes fewer."""
    return errata(state) and dice_due(state, e) > room(me(state, role))


def dice_decision(state: dict, role: str, e: dict) -> tuple[str, dict]:
    """Dice from the supply: first make room where they do not fit (dice of the player's
    choice back into the supply, or `fewer`), then take them: one colour's come by
    themselves, the player picks colours one die at a time where the gain leaves a
    choice (and may take fewer with `skip`)."""
    p = me(state, role)
    colours = list(dict.fromkeys(e.get("colours") or COLOURS))
    kind = f"{colours[0]} " if len(colours) == 1 else ""
    what = (f"{e['n']} {kind}dice" if e["n"] > 1 else grammar.a(f"{kind}die")) + (
        "" if kind else " of your choice")
    if over_kali(state, role, e):
        free = room(p)
        hands = f"room for {grammar.count(free, 'more die', 'more dice')}" if free else "no room"
        return (f"take {what}: your Kali has {hands}, so first put dice of yours back into "
                "the supply (`return-…`), or take `fewer`",
                {"return": sorted({dice.token(c, v) for c, v in p["dice"]}), "fewer": None})
    return f"take {what}", {"colour": [c for c in colours if state["supply"][c] > 0],
                            "skip": None}


def make_room(state: dict, role: str, e: dict, action: str, arg: str | None) -> None:
    """Placing workers (Kali's hands): a die of the player's choice back into the supply,
    the gain asked again; or fewer dice, as many as Kali has free hands."""
    p, who = me(state, role), ROLE_NAMES[role]
    if action == "return":
        assert arg is not None  # `return` is offered with a die (dice_decision)
        give_die(state, role, arg, quiet=True)
        put = words.a_die(*dice.die_of(arg)[:2])
        state["log"].append(f"{who} puts {put} back into the supply to make room.")
        state["queue"].insert(0, e)
        return
    free, due = room(p), dice_due(state, e)
    state["log"].append(f"{who} takes fewer dice: {free} of {due}, as many as Kali has free "
                        "hands." if free else f"{who} takes no die: Kali has no free hand.")
    if free:
        state["queue"].insert(0, {**e, "n": free})


def give_die(state: dict, role: str, tok: str, quiet: bool = False) -> int:
    colour, value, turned = dice.die_of(tok)
    p = me(state, role)
    i = next(i for i, (c, v) in enumerate(p["dice"]) if c == colour and v == value)
    p["dice"].pop(i)
    state["supply"][colour] += 1
    shown = dice.flip(value) if turned else value
    if turned:
        p["karma"] -= 1
    if not quiet:
        state["log"].append(f"{ROLE_NAMES[role]} gives up {words.a_die(colour, value)}" + (
            f", turned with a karma to {grammar.a(str(shown))}" if turned else "") + ".")
    return shown


def gain_die(state: dict, role: str, colour: str) -> None:
    p = me(state, role)
    if state["supply"][colour] <= 0:
        state["log"].append(f"No {colour} die is left in the supply.")
        return
    if len(p["dice"]) >= p["kali"]:
        state["log"].append(f"{ROLE_NAMES[role]}'s Kali is full: no {colour} die.")
        return
    state["supply"][colour] -= 1
    value = rng.randint(state, 6) + 1 if state["options"]["rules"] == "printed" else 0
    p["dice"].append([colour, value])
    state["log"].append(f"{ROLE_NAMES[role]} takes {grammar.a(colour)} die"
                        + (f" and rolls {grammar.a(str(value))}." if value else " (rolled at the "
                           "end of the turn)."))


def roll_all(state: dict, role: str) -> None:
    p = me(state, role)
    rolled = []
    for d in p["dice"]:
        if d[1] == 0:
            d[1] = rng.randint(state, 6) + 1
            rolled.append(list(d))
    if rolled:
        state["log"].append(f"{ROLE_NAMES[role]} rolls: {words.dice(rolled)}.")
