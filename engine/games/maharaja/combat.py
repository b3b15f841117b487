"""A battle step by step: the battles of a battle phase in map order, offered or fought,
each round's dice and hits, falling back, and boats that attacked at sea going home."""

from __future__ import annotations

from engine import grammar
from engine.games.maharaja import battle as bt
from engine.games.maharaja import board, data, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja.decisions import battle_prompt, side_text
from engine.games.maharaja.declarations import ally, submit


def fights(state: dict, nation: str) -> list[dict]:
    """The battles of this phase, in map order: against a foe's armies (fought), against a
    foe's factory alone or colonial armies at sea (the mover chooses)."""
    out = []
    for place in data.PLACES:
        if not f.count(state, place, nation):
            continue
        foes = f.foes_at(state, place, nation)
        if board.is_sea(place):
            for foe in foes:
                if f.colonial(foe):
                    out.append({"place": place, "def": foe, "optional": f.colonial(nation)})
            continue
        for foe in foes:
            out.append({"place": place, "def": foe, "optional": False})
        fac = f.factory_foe(state, place, nation)
        if fac and fac not in foes:
            out.append({"place": place, "def": fac, "optional": True})
    return out


def start_battle(state: dict, fight: dict) -> None:
    place, dfn = fight["place"], fight["def"]
    att = state["nation"]
    if not f.count(state, place, att):
        return
    has_fac = state["factories"].get(place) == dfn
    if not f.count(state, place, dfn) and not has_fac:
        return
    if not f.hostile(state, att, dfn) or f.submitted_here(state, dfn, att, place):
        return
    stage = "offer" if fight["optional"] else "open"
    state["battle"] = {"place": place, "att": att, "def": dfn, "factory": has_fac,
                       "stage": stage, "rounds": 0,
                       "at_sea": board.is_sea(place) and not f.colonial(att)}
    turns.log(state, f"Battle in {board.called(place)}: the {turns.nname(att)} "
              f"({f.count(state, place, att)}) against the {turns.nname(dfn)} "
              f"({side_text(state, place, dfn, has_fac)}).")
    if stage == "open" and not battle_prompt(state, state["battle"])[1].keys() - {"fight"}:
        _round(state, state["battle"])


def battle_step(state: dict, b: dict, action: str, arg) -> None:
    place, att, dfn = b["place"], b["att"], b["def"]
    if b["stage"] == "offer":
        if action == "skip":
            turns.log(state, f"The {turns.nname(att)} leave the {turns.nname(dfn)} in "
                      f"{board.called(place)} be.")
            state["battle"] = None
            return
        _round(state, b)
        return
    if action == "submit":
        submit(state, dfn)
        state["battle"] = None
        return
    if action == "ally":
        ally(state, dfn)
        state["battle"] = None
        return
    if b["stage"] in ("att_count", "def_count"):
        if action == "back":
            b["stage"] = b["stage"][:3]
            return
        side = att if b["stage"] == "att_count" else dfn
        n = int(arg)
        if side == att:
            bt.fall_back(state, place, att, b["to"], n)
        else:
            f.add(state, place, side, -n)
            f.add(state, b["to"], side, n)
            lid = f.leader_at(state, place, side)
            if lid and not f.count(state, place, side):
                state["leaders"][lid] = b["to"]
        turns.log(state, f"{turns.armies(n)} of the {turns.nname(side)} "
                  f"{turns.verb(n, 'falls', 'fall')} back from {board.called(place)} to "
                  f"{board.called(b['to'])}.")
        if b["stage"] == "att_count":
            if not f.count(state, place, att):
                state["battle"] = None
                return
            b["stage"] = "def"
            if not battle_prompt(state, b)[1].keys() - {"fight"}:
                _round(state, b)
            return
        if not f.count(state, place, dfn) and not (b["factory"] and state["factories"].get(
                place) == dfn):
            state["battle"] = None
            return
        _round(state, b)
        return
    if action == "retreat":
        b["to"] = arg
        b["stage"] = b["stage"] + "_count"
        return
    if action == "break":
        turns.log(state, f"The {turns.nname(att)} break off the fight for the factory in "
                  f"{board.called(place)}.")
        state["battle"] = None
        return
    # fight
    if b["stage"] == "att":
        turns.log(state, f"The {turns.nname(att)} fight on in {board.called(place)}.")
        b["stage"] = "def"
        if f.count(state, place, dfn) and battle_prompt(state, b)[1].keys() - {"fight"}:
            return
    _round(state, b)


def _round(state: dict, b: dict) -> None:
    place, att, dfn = b["place"], b["att"], b["def"]
    b["rounds"] += 1
    a_units = bt.units(state, place, att, False)
    d_units = bt.units(state, place, dfn, b["factory"])
    a_dice = bt.roll(state, len(a_units))
    d_dice = bt.roll(state, bt.defending_dice(state, place, dfn, d_units))
    a_mod, d_mod = bt.modifier(state, att, place), bt.modifier(state, dfn, place)
    a_hits = bt.hits(a_dice, a_mod, place, d_units, dfn, True)
    d_hits = bt.hits(d_dice, d_mod, place, a_units, att, False)
    state["dice"] = {"place": place, "att": att, "def": dfn, "att_dice": a_dice,
                     "def_dice": d_dice, "att_mod": a_mod, "def_mod": d_mod,
                     "att_hits": a_hits, "def_hits": d_hits}
    turns.log(state, f"Round {b['rounds']} in {board.called(place)}: "
              f"{_roll_text(att, a_dice, a_mod, a_hits)}; "
              f"{_roll_text(dfn, d_dice, d_mod, d_hits)}.")
    army_hits = min(a_hits, f.count(state, place, dfn))
    turns.eliminate(state, place, dfn, army_hits)
    if a_hits > army_hits and b["factory"] and state["factories"].get(place) == dfn:
        del state["factories"][place]
        turns.log(state, f"The {turns.nname(dfn)} factory in {board.called(place)} is "
                  "destroyed.")
    turns.eliminate(state, place, att, d_hits)
    a_left = f.count(state, place, att)
    d_left = f.count(state, place, dfn) + (1 if b["factory"] and state["factories"].get(
        place) == dfn else 0)
    if not a_left or not d_left:
        winner = att if a_left else dfn if d_left else None
        turns.log(state, f"The {turns.nname(winner)} win in {board.called(place)}."
                  if winner else f"Nobody is left in {board.called(place)}.")
        state["battle"] = None
    if a_left and b["at_sea"]:  # boats attack colonial armies at sea, then go home
        # home: where they sailed from, unless another nation has since taken it (a
        # retreat to sea is for colonial armies only: those with no home are lost)
        k = _sail_home(state, place, att, a_left)
        if a_left > k:
            turns.eliminate(state, place, att, a_left - k)
            lost = a_left - k
            turns.log(state, f"{turns.armies(lost)} of the {turns.nname(att)} "
                      f"{turns.verb(lost, 'has', 'have')} nowhere to land and "
                      f"{turns.verb(lost, 'is', 'are')} lost.")
        state["battle"] = None
    if state["battle"]:
        b["stage"] = "att"


def _sail_home(state: dict, place: str, att: str, n: int) -> int:
    """Boats that attacked at sea go home, each army to the area it sailed from (before
    issue 24 all to the first of them); how many could."""
    if f.errata(state):
        homes = bt.go_home(state, place, att, n)
    else:
        origin = next((o for o in state["came"].get(place, {}) if not board.is_sea(o)
                       and not f.others_at(state, o, att)), None)
        k = min(n, f.room(state, origin, att)) if origin else 0
        homes = [(origin, k)] if origin and k else []
        if origin and k:  # k is 0 without an origin
            f.add(state, place, att, -k)
            f.add(state, origin, att, k)
            lid = f.leader_at(state, place, att)
            if lid:
                state["leaders"][lid] = origin
    for origin, _k in homes:
        turns.log(state, f"The {turns.nname(att)} sail back to {board.called(origin)}.")
    return sum(k for _, k in homes)


def _roll_text(nation: str, dice: list[int], mod: int, hits: int) -> str:
    if not dice:
        return f"the {turns.nname(nation)} roll no dice (a factory never rolls)"
    return (f"the {turns.nname(nation)} roll " + " ".join(map(str, dice))
            + (f" (+{mod})" if mod else "") + f", {grammar.count(hits, 'hit')}")
