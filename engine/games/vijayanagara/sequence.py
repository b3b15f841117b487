"""The Sequence of Play (2.3): the next card revealed, each card handed to what it starts,
and an Event card's turn: the Eligible factions in the card's order, each choosing a
Command and Decree, a Command, the Event, a Limited Command or a pass."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import commands, decks, decrees, events, mongols, succession
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.cards import card_info, end_turn
from engine.games.vijayanagara.data import FACTIONS, PASS_RESOURCES, SHORT

# --- the next card (2.3.8) ---------------------------------------------------------------------


def idle(state: dict) -> bool:
    """Empty stack: reveal the next card (2.3.8); none once the final score is taken, also
    while a tie waits on its Goat-Tiger tiebreak (5.5)."""
    if state["result"] is not None or "tiebreak" in state:
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
        mongols.invasion(state, decks.mongols(state)[card]["faction"])
    elif kind == "s":
        succession.start(state, card)
    elif card == "t1":
        mongols.timur_stirs(state)
    else:
        mongols.timur_invades(state)
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
