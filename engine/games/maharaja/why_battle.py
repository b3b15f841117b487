"""Why Maharaja refuses a step in a battle: fight, fall back (where to, how many), break
off or skip, each with the battle's decision it waits for. From the public position only,
never the dice to come."""

from __future__ import annotations

from engine.games.maharaja import battle as bt
from engine.games.maharaja import (
    board,
    data,
    turns,
)
from engine.games.maharaja import forces as f
from engine.games.maharaja.why_words import COUNT, STACKING, a_place, cap, the


def battle_asks(state: dict, b: dict) -> str:
    place, att, dfn = board.called(b["place"]), the(b["att"]), the(b["def"])
    stage = b["stage"]
    if stage == "offer":
        return f"The battle in {place} is optional: {att} `fight` or `skip` it."
    if stage == "open":
        return f"{cap(att)} attack {dfn} in {place}: {dfn} fight or submit."
    if stage.endswith("_count"):
        side = the(b["att"] if stage == "att_count" else b["def"])
        return (f"Say how many of {side} fall back from {place} to "
                f"{board.called(b['to'])}, or `back`.")
    side = att if stage == "att" else dfn
    return f"The battle in {place} goes on: {side} fight on or fall back."


def why_battle(state: dict, b: dict, action: str, arg: object) -> str:
    stage = b["stage"]
    if stage.endswith("_count"):
        return _retreat_count_stop(state, b, str(arg)) if action == "count" \
            else battle_asks(state, b)
    if action == "retreat":
        return _retreat_stop(state, b, arg)
    if action == "break":
        if stage != "att":
            return ("Only the attacker breaks off, after a round against a factory left "
                    "alone. " + battle_asks(state, b))
        n = f.count(state, b["place"], b["def"])
        return (f"Only a fight against a factory left alone is broken off: {the(b['def'])} "
                f"still have {turns.armies(n)} in {board.called(b['place'])}.")
    if action == "skip":
        return ("Only an optional battle (against a factory alone, or colonial armies at sea) "
                "is skipped, before its first round. " + battle_asks(state, b))
    return battle_asks(state, b)


def _retreat_stop(state: dict, b: dict, to: object) -> str:
    stage = b["stage"]
    if stage in ("offer", "open"):
        return ("A side falls back only after a round (Britannia's battle: after each round "
                "the attacker, then the defender, chooses). " + battle_asks(state, b))
    if not_place := a_place(to):
        return not_place
    if stage == "att":
        return _attacker_retreat_stop(state, b["place"], b["att"], str(to))
    return _defender_retreat_stop(state, b, str(to))


def _attacker_retreat_stop(state: dict, place: str, nation: str, to: str) -> str:
    """The remarks' Battle: the attacker falls back to the area it came from."""
    came = list(state["came"].get(place, {}))
    where, dest = board.called(place), board.called(to)
    if to not in came:
        froms = turns.listed([board.called(c) for c in came])
        return ("The attacker falls back only to where its armies came from: "
                + (f"{the(nation)} in {where} came from {froms}." if came else
                   f"{the(nation)} arrived in {where} and have no area to fall back to."))
    if board.is_sea(to) and not f.colonial(nation):
        return "Only colonial armies fall back to sea."
    if not bt.came_back_most(state, place, to, 1):
        return (f"Each army falls back only to the area it came from, and those that came "
                f"from {dest} have gone back already.")
    if f.room(state, to, nation) == 0:
        return f"{dest} is full: {STACKING}."
    holders = f.others_at(state, to, nation)
    return (f"{the(holders[0], cap=True)} hold {dest} now: the attacker falls back only to "
            "an area no other nation holds.")


def _defender_retreat_stop(state: dict, b: dict, to: str) -> str:
    """The remarks' Battle: the defender falls back to an area of its own or a vacant one
    not next to the attacker's area, never to the area the attack came from."""
    place, nation = b["place"], b["def"]
    where, dest = board.called(place), board.called(to)
    if not f.count(state, place, nation):
        return "A factory cannot fall back."
    origins = list(state["came"].get(place, {}))
    if to not in data.NEIGHBOURS[place]:
        return f"{dest} is not next to {where}."
    if to in origins:
        return f"The attack came from {dest}: the defender never falls back there."
    if board.is_offmap(to):
        return "Armies in India never go back off the map."
    if board.is_sea(to):
        return ("Only colonial armies fall back to sea." if not f.colonial(nation) else
                f"{the(f.foes_at(state, to, nation)[0], cap=True)} are in {dest}.")
    if f.room(state, to, nation) == 0:
        return f"{dest} is full: {STACKING}."
    if not f.vacant(state, to):
        holders = ", ".join(the(n) for n in f.others_at(state, to, nation))
        return (f"{cap(holders)} hold {dest}: the defender falls back to an area of "
                "its own or a vacant one.")
    near = next(o for o in origins if to in data.NEIGHBOURS[o])
    return (f"{dest} is next to {board.called(near)}, where the attack came from: a vacant "
            "area is open to the defender only if it is not next to that area.")


def _retreat_count_stop(state: dict, b: dict, word: str) -> str:
    side = b["att"] if b["stage"] == "att_count" else b["def"]
    n = f.count(state, b["place"], side)
    came = bt.came_back_most(state, b["place"], b["to"], n) if side == b["att"] else n
    space = f.room(state, b["to"], side)
    most = min(came, space)
    rule = "The count must be 1" if most == 1 else f"The count must be from 1 to {most}"
    m = COUNT.fullmatch(word)
    if not m or m.group(2):
        return f"{rule}: how many armies fall back (a leader goes with the last of them)."
    k = int(m.group(1))
    if k > n:
        return f"{rule}: {turns.armies(n)} of {the(side)} {turns.verb(n, 'is', 'are')} in " \
            f"{board.called(b['place'])}."
    if k > came:
        return (f"{rule}: {turns.armies(came)} of {the(side)} came from "
                f"{board.called(b['to'])}, and each army falls back only to the area it "
                "came from.")
    if k > space:
        return f"{rule}: {board.called(b['to'])} has room for {space} more ({STACKING})."
    return f"{rule}: at least 1 army falls back (`back` chooses again)."
