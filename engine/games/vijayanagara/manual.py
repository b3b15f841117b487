"""By-hand Events for the printed deck: the executing faction edits the board with
logged steps (place, remove, move, flip, Tributary, Resources, Cavalry, Influence,
Eligibility), each checked against Available, the piece limits, stacking and who may
enter, or grants a free Command or Decree that then runs as the engine's own, dice and
checks included (3.1.3), then says `done`. A refused edit changes nothing and says why."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import commands, decrees, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    BAHMANI,
    BOX,
    BOX_KINDS,
    COMMANDS,
    DECREES,
    FACTIONS,
    KINDS,
    NAMES,
    OWNER,
    PIECE_NAMES,
    PROVINCES,
    SPACES,
    STRUCTURE,
    VIJAYANAGARA,
    piece_may_enter,
    space_token,
)

EDITS = ("place", "remove", "move", "flip", "tributary", "resources", "cavalry", "influence",
         "eligible", "ineligible", "command", "limited", "decree")
# Placed as named, even in a Tributary (1.4.5, 1.4.6 "unless otherwise indicated").
REBELLING = ("amir_r", "raja_r")
# The words a stage expects, in order, after the edit is named.
STAGES = {
    "place": ("kind", "space"), "remove": ("kind", "space"), "move": ("kind", "from", "to"),
    "flip": ("kind", "space"), "tributary": ("space",), "resources": ("faction", "amount"),
    "cavalry": ("faction", "amount"), "influence": ("faction", "amount"),
    "eligible": ("faction",), "ineligible": ("faction",),
    "command": ("faction", "command"), "limited": ("faction", "command"),
    "decree": ("faction", "decree"),
}


def start(state: dict, faction: str) -> None:
    state["log"].append(f"{pc.says(faction, 'carries out')} this Event by hand; every edit is "
                        "logged (undo if the table disagrees).")
    m.push(state, "manual", faction, edit=None, got={})


def _stage(f: dict) -> str | None:
    if f["edit"] is None:
        return None
    return STAGES[f["edit"]][len(f["got"])]


def _options(state: dict, f: dict) -> list[str]:
    edit, stage = f["edit"], _stage(f)
    if stage == "kind":
        if edit == "place":
            return [k for k in (*BOX_KINDS, *REBELLING) if state["avail"][BOX.get(k, k)]]
        kinds = ("amir_o", "amir_r", "raja_o", "raja_r") if edit == "flip" else [
            k for k in KINDS if edit == "remove" or k not in STRUCTURE.values()]
        return [k for k in kinds if any(pc.n(state, s, k) for s in SPACES)]
    if stage in ("space", "from", "to"):
        return [s for s in (PROVINCES if edit == "tributary" else SPACES)
                if _why_space(state, f, s) is None]
    if stage == "faction":
        return [x for x in FACTIONS if edit != "influence" or x in (BAHMANI, VIJAYANAGARA)]
    if stage == "command":
        return list(COMMANDS[f["got"]["faction"]])
    if stage == "decree":
        return _decrees(state, f["got"]["faction"])
    return [a for a in ("+1", "-1") if _why_amount(state, f, a) is None]


def _decrees(state: dict, faction: str) -> list[str]:
    """The Decrees that can do something now; the income ones always can (as an Event's)."""
    return [d for d in DECREES[faction]
            if d in decrees.possible(state, faction) or d in ("tribute", "trade", "tax")]


def _kind_for(state: dict, f: dict, s: str) -> str:
    kind = f["got"]["kind"]
    if kind in ("amir", "raja"):
        owner = OWNER[kind + "_o"]
        rebel = state["control"].get(s) == owner
        return kind + ("_r" if rebel else "_o")
    return kind


def _why_space(state: dict, f: dict, s: str) -> str | None:
    edit, got, stage = f["edit"], f["got"], _stage(f)
    name = NAMES.get(s, s)
    if s not in SPACES:
        return f"`{s}` is not a space on the map."
    if edit == "tributary":
        return None if s in PROVINCES else f"{name} is not a Province: it never holds a " \
            "Tributary marker (1.3.2, 1.3.3)."
    kind = got["kind"]
    if edit == "place" or stage == "to":
        real = _kind_for(state, f, s) if edit == "place" else kind
        if not piece_may_enter(real, s):
            return f"{PIECE_NAMES[real]}s may not enter {name} (1.3.2, 1.3.3)."
        if real in STRUCTURE.values() and pc.n(state, s, real):
            return f"{name} already holds {grammar.a(PIECE_NAMES[real])}: one per space (1.4.4)."
        if stage == "to" and s == got["from"]:
            return "Pick a different space to move to."
        return None
    if not pc.n(state, s, kind):
        return f"There is no {PIECE_NAMES[kind]} in {name}."
    # Rebelling Units may stand in a Tributary (1.4.5, 3.2.4): only placing the marker
    # turns them Obedient (1.6), so a card may flip them there; not in their own Province.
    if edit == "flip" and kind.endswith("_r") and state["control"].get(s) == OWNER[kind]:
        return f"{name} is Controlled by their own faction: they stay Rebelling (1.4.5)."
    return None


def _why_amount(state: dict, f: dict, a: str) -> str | None:
    edit, who = f["edit"], f["got"]["faction"]
    up = a == "+1"
    if edit == "resources":
        have = state["resources"][who]
        if (up and have >= 24) or (not up and have <= 0):
            return f"Resources stay within 0-24 (1.8); {pc.says(who, 'has')} {have}."
    elif edit == "cavalry":
        if up and not state["cavalry"]["pool"] and not pc.cavalry_donors(state, who):
            return "There is no Cavalry token left to take (1.10)."
        if not up and not state["cavalry"][who]:
            return f"{pc.says(who, 'holds')} no Cavalry."
    else:
        lvl = state["influence"][who]
        if (up and lvl >= 4) or (not up and lvl <= 0):
            return f"Influence stays within 0-4 (1.9); {pc.says(who, 'is')} at {lvl}."
    return None


def _prompt(state: dict, f: dict) -> tuple[str, dict]:
    who = pc.fname(f["role"])
    stage = _stage(f)
    if stage is None:  # no edit chosen yet
        return (f"{who}: carry out the Event by hand (2.3.4): choose an edit, or `done` when "
                "the Event is complete.", {e: None for e in EDITS} | {"done": None})
    ask = {"kind": "which piece?", "space": "in which space?", "from": "from which space?",
           "to": "to which space?", "faction": "for which faction?", "amount": "+1 or -1?",
           "command": "which free Command (3.1.3)?", "decree": "which free Decree (4.1)?"}
    return (f"{who}: by-hand {f['edit']} (2.3.4): {ask[stage]} Or `cancel`.",
            {stage: _options(state, f), "cancel": None})


def _act(state: dict, f: dict, action: str, arg) -> None:
    if action == "done":
        state["log"].append(f"{pc.says(f['role'], 'finishes')} the Event.")
        m.pop(state, f)
    elif action == "cancel":
        f["edit"], f["got"] = None, {}
    elif f["edit"] is None:
        f["edit"] = action
    else:
        f["got"][action] = arg
        if len(f["got"]) == len(STAGES[f["edit"]]):
            _apply(state, f)
            f["edit"], f["got"] = None, {}


def _apply(state: dict, f: dict) -> None:
    edit, got = f["edit"], f["got"]
    who = pc.fname(f["role"])
    if edit == "place":
        kind = _kind_for(state, f, got["space"])
        pc.place(state, got["space"], kind)
        line = f"place {grammar.a(PIECE_NAMES[kind])} in {NAMES[got['space']]}"
    elif edit == "remove":
        pc.remove(state, got["space"], got["kind"])
        line = f"remove {grammar.a(PIECE_NAMES[got['kind']])} from {NAMES[got['space']]}"
    elif edit == "move":
        pc.move(state, got["from"], got["to"], got["kind"], 1)
        line = (f"move {grammar.a(PIECE_NAMES[got['kind']])} {NAMES[got['from']]} → "
                f"{NAMES[got['to']]}")
    elif edit == "flip":
        pc.flip(state, got["space"], got["kind"], 1)
        line = f"flip {grammar.a(PIECE_NAMES[got['kind']])} in {NAMES[got['space']]}"
    elif edit == "tributary":
        now = not state["tributary"][got["space"]]
        pc.set_tributary(state, got["space"], now)
        line = ("place" if now else "remove") + f" the Tributary marker in {NAMES[got['space']]}"
    elif edit in ("eligible", "ineligible"):
        # As a card's own Eligibility effect: it holds for the next card (2.3.2).
        state["turn"].setdefault("force", {})[got["faction"]] = edit == "eligible"
        line = f"{pc.fname(got['faction'])} will be {edit.capitalize()} for the next card"
    elif edit in ("command", "limited"):
        line = (f"grant {pc.fname(got['faction'])} a free "
                f"{'Limited ' if edit == 'limited' else ''}{got['command'].capitalize()}")
        state["log"].append(f"By hand, {who}: {line} (3.1.3).")
        commands.start(state, got["faction"], got["command"], limited=edit == "limited",
                       free=True)
        return
    elif edit == "decree":
        line = f"grant {pc.fname(got['faction'])} a free {decrees.TITLE[got['decree']]}"
        state["log"].append(f"By hand, {who}: {line}.")
        decrees.run(state, got["faction"], got["decree"])
        return
    else:
        target, step = got["faction"], 1 if got["amount"] == "+1" else -1
        if edit == "resources":
            pc.gain(state, target, step)
        elif edit == "cavalry":
            if step > 0:
                upkeep.gain_cavalry(state, target, 1)
            else:
                pc.spend_cavalry(state, target, 1)
        else:
            pc.shift_influence(state, target, step)
            upkeep.refill_slots(state, target)
        line = f"{pc.fname(target)} {edit} {got['amount']}"
    state["log"].append(f"By hand, {who}: {line}.")


def _why(state: dict, f: dict, action: str, arg) -> str | None:
    stage = _stage(f)
    if stage is None or action != stage:
        return None
    if stage == "kind":
        box = BOX.get(arg)
        if box is None:
            return f"`{arg}` is not a piece: " + ", ".join(BOX_KINDS) + "."
        if f["edit"] == "place" and not state["avail"][box]:
            return f"No {PIECE_NAMES[box]} is Available to place (1.4.3)."
        return f"There is no {PIECE_NAMES[arg]} on the map to {f['edit']}."
    if stage in ("space", "from", "to"):
        return _why_space(state, f, arg)
    if stage == "amount":
        return _why_amount(state, f, arg) if arg in ("+1", "-1") else "Type `+1` or `-1`."
    if stage in ("command", "decree"):
        faction = f["got"]["faction"]
        return (f"{pc.says(faction, 'has')} no {stage} `{arg}`: "
                + ", ".join(_options(state, f)) + ".")
    return None


def _parse(state: dict, f: dict, tok: str) -> tuple[str, object]:
    stage = _stage(f)
    if stage in ("space", "from", "to"):
        return stage, space_token(tok) or tok
    if stage is not None and tok != "cancel":
        return stage, tok
    return tok, None


m.frame("manual", prompt=_prompt, act=_act, why=_why, parse=_parse)

__all__ = ["start", "EDITS", "BOX", "VIJAYANAGARA"]
