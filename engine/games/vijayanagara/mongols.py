"""The Mongols: Mongol Invasion cards (2.4) and their Commands (3.5), Compromising Gifts
(2.4.2), the Timurid cards and Timur Invades Delhi (2.6), then the final score (5.0)."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import battle, tiebreak, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.cards import end_turn
from engine.games.vijayanagara.data import DELHI, FACTIONS, MONGOLS, NAMES, PROVINCES, SHORT


def invasion(state: dict, faction: str) -> None:
    """A Mongol Invasion card naming ``faction``: it chooses two Mongol Commands (2.4.1)."""
    m.push(state, "mongol_card", faction, left=2, gifts=False)


def timur_stirs(state: dict) -> None:
    """The first Timurid card: half the Invaders Available enter the Passes (2.6)."""
    state["timur_drawn"] = True
    count = state["avail"]["invader"] // 2
    pc.place(state, "passes", "invader", count)
    state["log"].append(f"The Timurid Empire stirs: {count} Mongol Invaders enter the "
                        "Mountain Passes (2.6).")
    end_turn(state)


def timur_invades(state: dict) -> None:
    """The second Timurid card: Timur fights his way to Delhi, and the game ends (2.6)."""
    state["log"].append("Timur Invades Delhi (2.6).")
    m.push(state, "timur", stage="passes", fought=False)


def _mongol_options(state: dict) -> list[str]:
    out = []
    if state["avail"]["invader"]:
        out.append("amass")
    if pc.n(state, "passes", "invader") or pc.n(state, "punjab", "invader"):
        out.append("advance")
    if any(pc.n(state, s, "invader") for s in ("passes", "punjab", "delhi")):
        out.append("plunder")
    return out


def _mongol_auto(state: dict, f: dict) -> bool:
    if f["left"] > 0:
        return False
    faction = f["role"]
    if not f["gifts"]:
        f["gifts"] = True
        if state["influence"][faction] > 0:
            m.ask_choice(state, faction, f"{pc.fname(faction)}: Compromising Gifts (2.4.2): "
                         "`gifts` lowers your Influence by one for 2 Resources and 2 Cavalry, or "
                         "`decline`.", ["gifts", "decline"], "gifts", faction=faction)
        return True
    m.pop(state, f)
    end_turn(state)
    return True


@m.callback
def gifts(state: dict, choice: str, *, faction: str) -> None:
    if choice != "gifts":
        return
    pc.shift_influence(state, faction, -1)
    pc.gain(state, faction, 2)
    state["log"].append(f"{pc.says(faction, 'accepts')} Compromising Gifts: Influence -1, "
                        "+2 Resources.")
    upkeep.gain_cavalry(state, faction, 2)
    upkeep.refill_slots(state, faction)


def _mongol_prompt(state: dict, f: dict) -> tuple[str, dict]:
    opts = _mongol_options(state)
    text = (f"{pc.fname(f['role'])}: Mongol Invasion (2.4.1): choose Mongol Command "
            f"{3 - f['left']} of 2: " + ", ".join(
                {"amass": "`amass` (3.5.1)", "advance": "`advance` (3.5.2)",
                 "plunder": "`plunder` Attack and Plunder (3.5.3)"}[o] for o in opts) + ".")
    return text, {o: None for o in opts}


def _mongol_act(state: dict, f: dict, action: str, arg) -> None:
    f["left"] -= 1
    faction = f["role"]
    if action == "amass":
        placed = pc.place(state, "passes", "invader", 3)
        spill = max(0, pc.n(state, "passes", "invader") - 4)
        pc.move(state, "passes", "punjab", "invader", spill)
        spill2 = max(0, pc.n(state, "punjab", "invader") - 4)
        pc.move(state, "punjab", "delhi", "invader", spill2)
        state["log"].append(f"Mongols Amass: {placed} Invaders enter the Mountain Passes"
                            + (f", {spill} press on to Punjab" if spill else "")
                            + (f", {spill2} reach Delhi" if spill2 else "") + ".")
    elif action == "advance":
        routes = [s for s in ("passes", "punjab") if pc.n(state, s, "invader")]
        m.ask_choice(state, faction, "Mongols Advance (3.5.2): from the Mountain Passes "
                     "(`passes`, to Punjab) or from Punjab (`punjab`, to Delhi)?", routes,
                     "advance_from", faction=faction)
    else:
        spaces = [s for s in ("passes", "punjab", "delhi") if pc.n(state, s, "invader")]
        m.ask_choice(state, faction, "Mongols Attack and Plunder (3.5.3): where?", spaces,
                     "plunder_at")


NEXT = {"passes": "punjab", "punjab": "delhi"}


@m.callback
def advance_from(state: dict, src: str, *, faction: str) -> None:
    hi = pc.n(state, src, "invader")
    m.ask_count(state, faction, f"How many Invaders advance from {NAMES[src]} to "
                f"{NAMES[NEXT[src]]}? (1-{hi})", 1, hi, "advanced", src=src)


@m.callback
def advanced(state: dict, count: int, *, src: str) -> None:
    pc.move(state, src, NEXT[src], "invader", count)
    state["log"].append(f"Mongols Advance: {count} Invaders {NAMES[src]} → {NAMES[NEXT[src]]}.")


@m.callback
def plunder_at(state: dict, space: str) -> None:
    if pc.pieces(state, space, DELHI):
        inv = pc.n(state, space, "invader")
        battle.start(state, MONGOLS, DELHI, space, {f"invader@{space}": inv},
                     dice=battle.attack_dice(state, MONGOLS, DELHI, space),
                     after="plundered", after_args={"space": space})
    else:
        plundered(state, None, space=space)


@m.callback
def plundered(state: dict, f: dict | None, *, space: str, resources: bool = True,
              provinces: bool = True, excess: bool = True) -> None:
    inv = pc.n(state, space, "invader")
    if resources:
        res = state["resources"][DELHI]
        loss = max(0, min(inv, res - 3))
        pc.gain(state, DELHI, -loss)
        state["log"].append(f"Plunder in {NAMES[space]}: Delhi loses "
                            f"{grammar.count(loss, 'Resource')}.")
    per = {"punjab": 1, "delhi": 2}.get(space, 0)
    if provinces and per and inv:
        m.push(state, "lose_troops", DELHI, left=per * inv, space=space)
    if excess and inv > 3:
        pc.remove(state, space, "invader", inv - 3)
        state["log"].append(f"{inv - 3} Invaders return from {NAMES[space]} to their box.")


def _troop_provinces(state: dict) -> list[str]:
    return [p for p in PROVINCES if pc.n(state, p, "troop")]


def _lose_auto(state: dict, f: dict) -> bool:
    spaces = _troop_provinces(state)
    if f["left"] <= 0 or not spaces:
        m.pop(state, f)
        return True
    if len(spaces) == 1:
        _lose_act(state, f, "space", spaces[0])
        return True
    return False


def _lose_prompt(state: dict, f: dict) -> tuple[str, dict]:
    return (f"Delhi: Mongols plunder {NAMES[f['space']]}: remove "
            f"{grammar.count(f['left'], 'more Troop')} from "
            "Provinces of your choice (3.5.3)."), {"space": _troop_provinces(state)}


def _lose_act(state: dict, f: dict, action: str, arg) -> None:
    pc.remove(state, arg, "troop")
    f["left"] -= 1
    state["log"].append(f"Delhi remove a Troop from {NAMES[arg]}.")


m.frame("mongol_card", prompt=_mongol_prompt, act=_mongol_act, auto=_mongol_auto)
m.frame("lose_troops", prompt=_lose_prompt, act=_lose_act, auto=_lose_auto)


# --- Timur Invades Delhi (2.6) and the end (5.0) -


def _timur_auto(state: dict, f: dict) -> bool:
    stage = f["stage"]
    if stage in ("passes", "punjab"):
        if not f["fought"]:
            f["fought"] = True
            if pc.n(state, stage, "invader") and pc.pieces(state, stage, DELHI):
                battle.start(state, MONGOLS, DELHI, stage,
                             {f"invader@{stage}": pc.n(state, stage, "invader")},
                             dice=battle.attack_dice(state, MONGOLS, DELHI, stage))
            return True
        for kind in ("invader", "troop", "governor"):
            pc.move(state, stage, NEXT[stage], kind, pc.n(state, stage, kind))
        state["log"].append(f"Survivors move from {NAMES[stage]} to {NAMES[NEXT[stage]]}.")
        f["stage"], f["fought"] = NEXT[stage], False
        return True
    if stage == "delhi":
        plunder = {"space": "delhi", "provinces": False, "excess": False}
        if pc.n(state, "delhi", "invader") and pc.units(state, "delhi", DELHI):
            f["plundered"] = True
            battle.start(state, MONGOLS, DELHI, "delhi",
                         {"invader@delhi": pc.n(state, "delhi", "invader")},
                         dice=3, after="plundered", after_args=plunder)
            return True
        if pc.n(state, "delhi", "invader") and not f.get("plundered"):
            # 3.5.3: the consequences apply "regardless of whether any attack actually
            # occurred", so Invaders reaching an undefended Delhi still cost Resources.
            f["plundered"] = True
            plundered(state, None, **plunder)
        f["stage"] = "score"
        return True
    left = pc.n(state, "delhi", "invader")
    state["timur_bonus"] = max(-3, 3 - left)
    state["log"].append(f"Timur's invasion is over: "
                        f"{grammar.count(left, 'Invader')} {grammar.agree(left, 'remains')} in "
                        "Delhi; Delhi "
                        f"{state['timur_bonus']:+d} VP (5.1).")
    m.pop(state, f)
    finish(state)
    return True


m.frame("timur", auto=_timur_auto)


def standings(state: dict) -> list[tuple[str, int, int]]:
    vp = pc.victory_points(state)
    return sorted(((f, vp[f], state["resources"][f]) for f in FACTIONS),
                  key=lambda t: (-t[1], -t[2]))


def finish(state: dict) -> None:
    """The final score (5.0): most victory points, ties broken by Resources; a tie on both
    is a shared victory, or with ``tiebreak=goat_tiger`` waits on a game of Aadu-Huli
    aata (5.5, ``tiebreak``)."""
    table = standings(state)
    best = table[0][1:]
    winners = [f for f, v, r in table if (v, r) == best]
    scores = {f: v for f, v, _ in table}
    said = "Final score (5.0): " + ", ".join(
        f"{SHORT[f]} {v} VP ({r} Resources)" for f, v, r in table) + "."
    state["stack"].clear()
    end_turn(state)
    if len(winners) > 1 and tiebreak.wanted(state):
        state["log"].append(said)
        tiebreak.start(state, winners, scores, said)
        return
    state["result"] = {
        "winners": winners,
        "scores": scores,
        "reason": f"{said} " + " and ".join(SHORT[w] for w in winners)
        + (" win." if len(winners) == 1 else " share the victory."),
    }
    state["log"].append(state["result"]["reason"])
