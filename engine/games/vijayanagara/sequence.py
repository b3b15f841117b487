"""Deck, Sequence of Play (2.3), Mongol Invasion (2.4, 3.5), Succession (2.5),
Timurid cards and Timur Invades Delhi (2.6), negotiation (1.5.2), final score."""

from __future__ import annotations

from typing import Any, overload

from engine import grammar, rng
from engine.games.vijayanagara import battle, commands, decks, decrees, events, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    BAHMANI,
    DELHI,
    FACTIONS,
    MONGOLS,
    NAMES,
    PASS_RESOURCES,
    PROVINCES,
    SHORT,
    SPECIAL_TITLES,
    VIJAYANAGARA,
)

# --- deck (2.1) ----------------------------------------------------------------------


def build_deck(state: dict) -> tuple[list[str], list[str]]:
    """Return (deck top first, cards left out of this game)."""
    ev = rng.shuffle(state, [f"e{n}" for n in sorted(decks.events(state))])
    mongols = rng.shuffle(state, sorted(decks.mongols(state)))
    stacks = [ev[i * 6:(i + 1) * 6] for i in range(4)]
    for i in range(3):
        stacks[i] = rng.shuffle(state, stacks[i] + mongols[2 * i:2 * i + 2])
    stacks[3] = rng.shuffle(state, stacks[3] + ["t1", "t2"])
    # Whichever Timurid card is drawn first is the first one (2.6): label them in order.
    timurid = iter(["t1", "t2"])
    stacks[3] = [next(timurid) if c[0] == "t" else c for c in stacks[3]]
    deck = stacks[0] + ["s1"] + stacks[1] + ["s2"] + stacks[2] + ["s3"] + stacks[3]
    return deck, ev[24:] + mongols[6:]


def card_title(state: dict, card: str) -> str:
    if card[0] == "e":
        return decks.events(state)[int(card[1:])]["title"]
    if card[0] == "m":
        return f"Mongol Invasion ({SHORT[decks.mongols(state)[card]['faction']]})"
    return SPECIAL_TITLES[card]


@overload
def card_info(state: dict, card: str) -> dict: ...
@overload
def card_info(state: dict, card: None) -> None: ...
def card_info(state: dict, card: str | None) -> dict | None:
    if card is None:
        return None
    info: dict[str, Any] = {"id": card, "title": card_title(state, card)}
    if card[0] == "e":
        c = decks.events(state)[int(card[1:])]
        info.update(number=c["number"], order=list(c["order"]),
                    stay_eligible=c["stay_eligible"], year=c.get("year"),
                    sides=events.sides(state, c["number"]),
                    text={side: events.text(state, c["number"], side)
                          for side in ("unshaded", "shaded")})
        info["kind"] = "event"
    else:
        info["kind"] = {"m": "mongol", "s": "succession", "t": "timurid"}[card[0]]
        if card[0] == "m":
            info["faction"] = decks.mongols(state)[card]["faction"]
    return info


def end_turn(state: dict) -> None:
    state["turn_ended"] = True


def idle(state: dict) -> bool:
    """Empty stack: reveal the next card (2.3.8)."""
    if state["result"] is not None:
        return False
    if state["current"] is not None:
        state["played"].append(state["current"])
    card = state["deck"].pop(0)
    state["current"] = card
    info = card_info(state, card)
    line = f"Card: {info['title']}"
    if info["kind"] == "event":
        line = f"Card {info['number']}: {info['title']} (order " + ", ".join(
            SHORT[f] for f in info["order"]) + (", Stay Eligible" if info["stay_eligible"] else "")
        line += ")"
    state["log"].append(line + ".")
    kind = card[0]
    state["turn"] = None  # only Event cards have a Sequence of Play turn
    if kind == "e":
        state["turn"] = {"acted": [], "cd": None, "ec": None, "stay": [], "choices": {}}
        m.push(state, "sop")
    elif kind == "m":
        m.push(state, "mongol_card", decks.mongols(state)[card]["faction"], left=2,
               gifts=False)
    elif kind == "s":
        m.push(state, "succession", card=card, step=0)
    elif card == "t1":
        state["timur_drawn"] = True
        count = state["avail"]["invader"] // 2
        pc.place(state, "passes", "invader", count)
        state["log"].append(f"The Timurid Empire stirs: {count} Mongol Invaders enter the "
                            "Mountain Passes (2.6).")
        end_turn(state)
    else:
        state["log"].append("Timur Invades Delhi (2.6).")
        m.push(state, "timur", stage="passes", fought=False)
    return True


# --- Sequence of Play on an Event card (2.3) ----------------------------------------------


def _order(state: dict) -> list[str]:
    return list(decks.events(state)[int(state["current"][1:])]["order"])


def _sop_auto(state: dict, f: dict) -> bool:
    turn = state["turn"]
    for faction in _order(state):
        if state["eligible"][faction] and faction not in turn["acted"]:
            m.push(state, "choose", faction, phase="pick", choice=None)
            return True
    # Adjust Eligibility (2.3.7)
    for faction in FACTIONS:
        took_fork = faction in (turn["cd"], turn["ec"])
        state["eligible"][faction] = turn.get("force", {}).get(
            faction, not took_fork or faction in turn["stay"])
    inel = [SHORT[x] for x in FACTIONS if not state["eligible"][x]]
    state["log"].append("Eligibility: " + (", ".join(inel) + " Ineligible next card."
                                           if inel else "everyone Eligible next card."))
    m.pop(state, f)
    return True


m.frame("sop", auto=_sop_auto)

CHOICE_TEXT = {
    "cmd": "`cmd` Command + Decree",
    "command": "`command` Command only",
    "event": "`event` the Event",
    "limited": "`limited` Limited Command (stay Eligible)",
    "pass": "`pass` (stay Eligible, +{res} Resources)",
}


def _choose_options(state: dict, faction: str) -> list[str]:
    turn = state["turn"]
    out = []
    if turn["cd"] is None:
        out.append("cmd")
    if turn["ec"] is None:
        out.append("command")
        if events.sides(state, int(state["current"][1:])):
            out.append("event")
    if commands.has_location(state, faction):
        out.append("limited")
    out.append("pass")
    return out


def _choose_auto(state: dict, f: dict) -> bool:
    if f["phase"] != "doing":
        return False
    faction, choice = f["role"], f["choice"]
    turn = state["turn"]
    turn["acted"].append(faction)
    turn["choices"][faction] = choice
    if choice == "cmd":
        turn["cd"] = faction
    elif choice in ("command", "event"):
        turn["ec"] = faction
    m.pop(state, f)
    end_turn(state)
    return True


def _choose_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    opts = _choose_options(state, faction)
    card = card_info(state, state["current"])
    text = (f"{pc.fname(faction)}: your turn on card {card['number']} ({card['title']}). "
            "Choose (2.3.3): " + "; ".join(
                CHOICE_TEXT[o].format(res=PASS_RESOURCES[faction]) for o in opts) + ".")
    return text, {o: None for o in opts}


def _choose_act(state: dict, f: dict, action: str, arg) -> None:
    faction = f["role"]
    f["choice"] = action
    f["phase"] = "doing"
    if action == "pass":
        got = pc.gain(state, faction, PASS_RESOURCES[faction])
        state["log"].append(f"{pc.says(faction, 'passes')} (+{grammar.count(got, 'Resource')}).")
    elif action == "cmd":
        m.push(state, "cd", faction, cmd=False, decree=False)
    elif action == "command":
        m.push(state, "cmd_pick", faction, limited=False, free=False, optional=False)
    elif action == "limited":
        m.push(state, "cmd_pick", faction, limited=True, free=False, optional=False)
    elif action == "event":
        m.push(state, "event_side", faction)


m.frame("choose", prompt=_choose_prompt, act=_choose_act, auto=_choose_auto)


def _cd_auto(state: dict, f: dict) -> bool:
    if f["cmd"] and f["decree"]:
        m.pop(state, f)
        return True
    return False


def _cd_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    acts: dict = {}
    if not f["cmd"]:
        acts.update({c: None for c in commands.available_commands(state, faction)})
    if not f["decree"]:
        acts["decree"] = None
    elif not f["cmd"]:
        acts["done"] = None
    if f["cmd"]:
        text = f"{pc.fname(faction)}: now your Decree (4.1): `decree`."
    elif f["decree"]:
        text = f"{pc.fname(faction)}: now your Command (3.0), or `done` to select no space."
    else:
        text = (f"{pc.fname(faction)}: Command + Decree (2.3.3): name a Command, or `decree` to "
                "take your Decree first.")
    return text, acts


def _cd_act(state: dict, f: dict, action: str, arg) -> None:
    faction = f["role"]
    if action == "decree":
        f["decree"] = True
        m.push(state, "decree_pick", faction)
    elif action == "done":
        f["cmd"] = True
    else:
        f["cmd"] = True
        commands.start(state, faction, action)


m.frame("cd", prompt=_cd_prompt, act=_cd_act, auto=_cd_auto)


def _pick_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    names = commands.available_commands(state, faction)
    if f["limited"]:
        names = [c for c in names if commands.locations(state, faction, c)]
    acts = {c: None for c in names}
    if f["optional"]:
        acts["skip"] = None
    kind = ("free " if f["free"] else "") + ("Limited Command, one space (2.3.5)" if f["limited"]
                                             else "Command (3.0)")
    return f"{pc.fname(faction)}: choose your {kind}.", acts


def _pick_act(state: dict, f: dict, action: str, arg) -> None:
    m.pop(state, f)
    if action != "skip":
        commands.start(state, f["role"], action, limited=f["limited"], free=f["free"])


m.frame("cmd_pick", prompt=_pick_prompt, act=_pick_act)


def _decree_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    names = decrees.possible(state, faction)
    return (f"{pc.fname(faction)}: choose your Decree (4.0): " + ", ".join(
        f"`{d}` {decrees.TITLE[d]} ({decrees.rule(d, faction)})" for d in names) + "."), {
        d: None for d in names}


def _decree_act(state: dict, f: dict, action: str, arg) -> None:
    m.pop(state, f)
    decrees.run(state, f["role"], action)


m.frame("decree_pick", prompt=_decree_prompt, act=_decree_act)


def _event_prompt(state: dict, f: dict) -> tuple[str, dict]:
    number = int(state["current"][1:])
    return (f"{pc.fname(f['role'])}: carry out the `unshaded` or the `shaded` Event of card "
            f"{number} (2.3.4)."), {s: None for s in events.sides(state, number)}


def _event_act(state: dict, f: dict, action: str, arg) -> None:
    number = int(state["current"][1:])
    m.pop(state, f)
    if decks.events(state)[number]["stay_eligible"]:
        state["turn"]["stay"].append(f["role"])
    state["log"].append(f"{pc.says(f['role'], 'carries out')} the {action} Event.")
    events.run(state, number, action, f["role"])


m.frame("event_side", prompt=_event_prompt, act=_event_act)


# --- Mongol Invasion cards (2.4, 3.5) --------------------------------------------------------


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


# --- Succession cards (2.5) ---------------------------------------------------------------------

SUCCESSION_STEPS = {
    "s1": ["tughlaq", "campaign", "b_cavalry", "v_resources"],
    "s2": ["campaign", "b_limited", "b_gain", "v_limited", "v_gain"],
    "s3": ["lords_d", "lords_b", "lords_v"],
}


def _succession_auto(state: dict, f: dict) -> bool:
    steps = SUCCESSION_STEPS[f["card"]]
    if f["step"] >= len(steps):
        m.pop(state, f)
        end_turn(state)
        return True
    step = steps[f["step"]]
    f["step"] += 1
    if step == "tughlaq":
        state["dynasty"] = "tughlaq"
        state["log"].append("The Tughlaq Dynasty takes the throne: Rebel is now allowed (2.7).")
    elif step == "campaign":
        opts = (["campaign", "skip"] if decrees.campaign_origins(state, restricted=True)
                else ["skip"])
        m.ask_choice(state, DELHI, "Delhi: you may Campaign (4.2.2) using only Delhi and "
                     "Provinces: `campaign` or `skip` (2.5).", opts, "succession_campaign")
    elif step == "b_cavalry":
        upkeep.gain_cavalry(state, BAHMANI, state["influence"][BAHMANI]
                            + pc.structures_on_map(state, BAHMANI))
    elif step == "v_resources":
        got = pc.gain(state, VIJAYANAGARA, state["influence"][VIJAYANAGARA]
                      + pc.structures_on_map(state, VIJAYANAGARA))
        state["log"].append(f"Vijayanagara gains {grammar.count(got, 'Resource')}.")
    elif step in ("b_limited", "v_limited"):
        faction = BAHMANI if step[0] == "b" else VIJAYANAGARA
        opts = ["limited", "skip"] if commands.has_location(state, faction, free=True) else ["skip"]
        m.ask_choice(state, faction, f"{pc.fname(faction)}: you may take a free Limited Command "
                     "(2.5.2): `limited` or `skip`.", opts, "succession_limited", faction=faction)
    elif step in ("b_gain", "v_gain"):
        faction = BAHMANI if step[0] == "b" else VIJAYANAGARA
        amount = min(3, pc.controlled_prosperity(state, faction))
        m.ask_count(state, faction, f"{pc.fname(faction)}: you gain {amount} in any mix of "
                    f"Resources and Cavalry (2.5.2): how many as Cavalry? (0-{amount})",
                    0, amount, "succession_gain", faction=faction, amount=amount)
    else:
        faction = {"d": DELHI, "b": BAHMANI, "v": VIJAYANAGARA}[step[-1]]
        m.push(state, "lords", faction, left=3)
    return True


@m.callback
def succession_campaign(state: dict, choice: str) -> None:
    if choice == "campaign":
        decrees.start_campaign(state, restricted=True)


@m.callback
def succession_limited(state: dict, choice: str, *, faction: str) -> None:
    if choice == "limited":
        m.push(state, "cmd_pick", faction, limited=True, free=True, optional=False)


@m.callback
def succession_gain(state: dict, cavalry: int, *, faction: str, amount: int) -> None:
    got = pc.gain(state, faction, amount - cavalry)
    if amount:
        state["log"].append(f"{pc.says(faction, 'gains')} {grammar.count(got, 'Resource')}.")
    upkeep.gain_cavalry(state, faction, cavalry)


m.frame("succession", auto=_succession_auto)

SHIFTS = ("bahmani+", "bahmani-", "vijayanagara+", "vijayanagara-")


def _lords_shifts(state: dict, f: dict) -> list[str]:
    if f["left"] <= 0 or state["resources"][f["role"]] < 3:
        return []
    return [s for s in SHIFTS if 0 <= state["influence"][s[:-1]] + (1 if s[-1] == "+" else -1)
            <= 4]


def _lords_auto(state: dict, f: dict) -> bool:
    if not _lords_shifts(state, f):
        m.pop(state, f)
        return True
    return False


def _lords_prompt(state: dict, f: dict) -> tuple[str, dict]:
    return (f"{pc.fname(f['role'])}: Lords of the Deccan (2.5.3): pay 3 Resources to shift an "
            f"Influence track by one ({grammar.count(f['left'], 'time')} left), or `done`."), {
        "shift": _lords_shifts(state, f), "done": None}


def _lords_act(state: dict, f: dict, action: str, arg) -> None:
    if action == "done":
        m.pop(state, f)
        return
    f["left"] -= 1
    target = arg[:-1]
    pc.gain(state, f["role"], -3)
    pc.shift_influence(state, target, 1 if arg[-1] == "+" else -1)
    state["log"].append(f"{pc.says(f['role'], 'pays')} 3 Resources: {pc.fname(target)} Influence "
                        f"{arg[-1]}1 (now {state['influence'][target]}).")
    upkeep.refill_slots(state, target)


m.frame("lords", prompt=_lords_prompt, act=_lords_act, auto=_lords_auto)


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
    table = standings(state)
    best = table[0][1:]
    winners = [f for f, v, r in table if (v, r) == best]
    state["result"] = {
        "winners": winners,
        "scores": {f: v for f, v, _ in table},
        "reason": "Final score (5.0): " + ", ".join(
            f"{SHORT[f]} {v} VP ({r} Resources)" for f, v, r in table) + ". "
        + " and ".join(SHORT[w] for w in winners) + (" win." if len(winners) == 1 else
                                                      " share the victory."),
    }
    state["log"].append(state["result"]["reason"])
    state["stack"].clear()
    end_turn(state)


# --- Negotiation (1.5.2) ----------------------------------------------------------------------


def can_give(state: dict, faction: str) -> bool:
    return state["resources"][faction] > 0 or state["cavalry"][faction] > 0


def start_give(state: dict, faction: str) -> None:
    m.push(state, "give", faction, to=None, what=None)


def _give_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    if f["to"] is None:
        return (f"{pc.fname(faction)}: give Resources or Cavalry to whom (1.5.2)? Or `cancel`.",
                {"to": [x for x in FACTIONS if x != faction], "cancel": None})
    if f["what"] is None:
        room = 24 - state["resources"][f["to"]]
        what = [w for w, have in (("resources", min(room, state["resources"][faction])),
                                  ("cavalry", state["cavalry"][faction])) if have]
        return f"{pc.fname(faction)}: give what to {pc.fname(f['to'])} (1.5.2)?", {
            "what": what, "cancel": None}
    have = state["resources"][faction] if f["what"] == "resources" else state["cavalry"][faction]
    room = 24 - state["resources"][f["to"]] if f["what"] == "resources" else have
    hi = min(have, room)
    return f"{pc.fname(faction)}: how many {f['what']} to {pc.fname(f['to'])} (1.5.2)?", {
        "amount": [str(i) for i in range(1, hi + 1)], "cancel": None}


def _give_act(state: dict, f: dict, action: str, arg) -> None:
    faction = f["role"]
    if action == "cancel":
        m.pop(state, f)
        state["log"].append(f"{pc.says(faction, 'gives')} nothing after all.")
    elif action == "to":
        f["to"] = arg
    elif action == "what":
        f["what"] = arg
    else:
        count = int(arg)
        if f["what"] == "resources":
            pc.gain(state, faction, -count)
            pc.gain(state, f["to"], count)
        else:
            state["cavalry"][faction] -= count
            state["cavalry"][f["to"]] += count
        # Cavalry is a mass noun ("2 Cavalry"); Resources are counted ("1 Resource").
        what = (grammar.count(count, "Resource") if f["what"] == "resources"
                else f"{count} Cavalry")
        state["log"].append(f"{pc.says(faction, 'gives')} {what} to {pc.fname(f['to'])}.")
        m.pop(state, f)


m.frame("give", prompt=_give_prompt, act=_give_act)
