"""The Event effect language (docs/vijayanagara_events.md): ops from the card data,
run in order; every choice an op leaves open becomes a prompt for the deciding
faction, and every op does as much as it can (2.3.4)."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import commands, decrees, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    ADJ,
    BAHMANI,
    BOX,
    DELHI,
    FACTIONS,
    KINDS,
    MONGOLS,
    NAMES,
    OWNER,
    PIECE_NAMES,
    PROVINCES,
    SPACES,
    STRUCTURE,
    VIJAYANAGARA,
    check_effect,
    piece_may_enter,
)

# The effect language's words are checked with the files that hold them (data.py).
validate = check_effect


# --- filters ---------------------------------------------------------------------------------


def _holds(state: dict, s: str, what: str) -> bool:
    if what in FACTIONS or what == MONGOLS:
        return (pc.units(state, s, what) + (pc.n(state, s, STRUCTURE[what])
                                             if what in STRUCTURE else 0)) > 0
    kinds = [k for k in KINDS if BOX[k] == what or k == what]
    return any(pc.n(state, s, k) for k in kinds)


def matches(state: dict, s: str, where: dict | None, me: str) -> bool:
    w = where or {}
    if "spaces" in w and s not in w["spaces"]:
        return False
    if (w.get("provinces") or "tributary" in w or "controlled_by" in w) and s not in PROVINCES:
        return False
    if "tributary" in w and state["tributary"][s] != w["tributary"]:
        return False
    if "controlled_by" in w:
        want = _who(w["controlled_by"], me) if w["controlled_by"] else None
        if state["tributary"][s] or state["control"][s] != want:
            return False
    if any(not _holds(state, s, _who(x, me)) for x in w.get("has", [])):
        return False
    if any(_holds(state, s, _who(x, me)) for x in w.get("lacks", [])):
        return False
    if "adjacent_to" in w and not any(a in ADJ[s] for a in w["adjacent_to"]):
        return False
    if "near" in w:
        f = _who(w["near"], me)
        if not any(_holds(state, x, f) for x in (s, *ADJ[s])):
            return False
    return True


def _who(name: str, me: str) -> str:
    return me if name == "self" else name


def _kinds(piece) -> list[str]:
    names = [piece] if isinstance(piece, str) else list(piece)
    return [k for k in KINDS if k in names or BOX[k] in names]


# --- running a side ----------------------------------------------------------------------------


def start(state: dict, effect: list, faction: str, title: str) -> None:
    m.push(state, "effect", None, ops=list(effect), i=0, me=faction, title=title)


def _effect_auto(state: dict, f: dict) -> bool:
    if f["i"] >= len(f["ops"]):
        m.pop(state, f)
        return True
    op = f["ops"][f["i"]]
    f["i"] += 1
    _run(state, op, f["me"])
    return True


m.frame("effect", auto=_effect_auto)


def _run(state: dict, op: dict, me: str) -> None:
    name = op["op"]
    who = _who(op.get("faction", "self"), me)
    by = _who(op.get("by", "self"), me)
    count = op.get("count", 1)
    log = state["log"]
    if name == "resources":
        got = pc.gain(state, who, op["amount"])
        log.append(f"{pc.says(who, 'gains' if got >= 0 else 'loses')} "
                   f"{grammar.count(abs(got), 'Resource')}.")
    elif name == "cavalry":
        if op["amount"] > 0:
            upkeep.gain_cavalry(state, who, op["amount"])
        else:
            lost = min(-op["amount"], state["cavalry"][who])
            pc.spend_cavalry(state, who, lost)
            log.append(f"{pc.says(who, 'returns')} {lost} Cavalry to the pool.")
    elif name == "influence":
        moved = pc.shift_influence(state, who, op["amount"])
        log.append(f"{pc.fname(who)} Influence {moved:+d} (now {state['influence'][who]}).")
        upkeep.refill_slots(state, who)
    elif name in ("ineligible", "eligible"):
        state["turn"].setdefault("force", {})[who] = name == "eligible"
        log.append(f"{pc.fname(who)} will be {name.capitalize()} for the next card.")
    elif name == "command":
        if op["command"] == "rebel" and not (op.get("ignore_dynasty")
                                             or commands.rebel_allowed(state)):
            log.append(f"{pc.fname(who)} may not Rebel under the Khalji Dynasty (2.7.1).")
            return
        only = [s for s in SPACES if matches(state, s, op.get("where"), me)] if op.get(
            "where") else None
        params = {"faction": who, "command": op["command"], "limited": op.get("limited", False),
                  "only": only}
        options = [op["command"], "skip"] if op.get("optional") else [op["command"]]
        m.ask_choice(state, who, f"{pc.fname(who)}: the Event grants a free "
                     f"{op['command'].capitalize()} (3.1.3): take it or `skip`.", options,
                     "fx_command", **params)
    elif name == "decree":
        if op["decree"] not in decrees.possible(state, who) and op["decree"] not in (
                "tribute", "trade", "tax"):
            log.append(f"{pc.fname(who)} cannot {decrees.TITLE[op['decree']]} now.")
            return
        options = [op["decree"], "skip"] if op.get("optional") else [op["decree"]]
        m.ask_choice(state, who, f"{pc.fname(who)}: the Event grants a free "
                     f"{decrees.TITLE[op['decree']]} (4.0): take it or `skip`.", options,
                     "fx_decree", faction=who)
    else:
        m.push(state, "fx_" + name, by, op=op, left=count, me=me, done={})


@m.callback
def fx_command(state: dict, choice: str, *, faction: str, command: str, limited: bool,
               only: list | None) -> None:
    if choice != "skip":
        commands.start(state, faction, command, limited=limited, free=True, only=only)


@m.callback
def fx_decree(state: dict, choice: str, *, faction: str) -> None:
    if choice != "skip":
        decrees.run(state, faction, choice)


# --- piece ops: one frame type each, one piece at a time ------------------------------------------


def _place_options(state: dict, f: dict) -> list[str]:
    op = f["op"]
    box = op["piece"]
    if not state["avail"][box] or f["left"] <= 0:
        return []
    kind = [k for k in KINDS if BOX[k] == box][0]
    out = []
    for s in SPACES:
        if not piece_may_enter(kind, s) or not matches(state, s, op.get("where"), f["me"]):
            continue
        if kind in STRUCTURE.values() and pc.n(state, s, kind):
            continue
        if "per_space" in op and f["done"].get(s, 0) >= op["per_space"]:
            continue
        out.append(s)
    return out


def _place(state: dict, f: dict, s: str) -> None:
    op = f["op"]
    box = op["piece"]
    kind = box
    if box in ("amir", "raja"):
        owner = BAHMANI if box == "amir" else VIJAYANAGARA
        rebel = op.get("rebelling") and not (s in PROVINCES and state["tributary"][s])
        kind = box + ("_r" if rebel or state["control"].get(s) == owner else "_o")
    pc.place(state, s, kind)
    f["left"] -= 1
    f["done"][s] = f["done"].get(s, 0) + 1
    state["log"].append(f"Event: {grammar.a(PIECE_NAMES[kind])} is placed in {NAMES[s]}.")


def _remove_options(state: dict, f: dict) -> list[str]:
    op = f["op"]
    if f["left"] != "all" and f["left"] <= 0:
        return []
    spaces = [s for s in SPACES if matches(state, s, op.get("where"), f["me"])]
    if f["left"] == "all":
        return [s for s in spaces if any(pc.n(state, s, k) for k in _kinds(op["piece"]))]
    return [f"{k}@{s}" for s in spaces for k in _kinds(op["piece"]) if pc.n(state, s, k)]


def _remove(state: dict, f: dict, arg: str) -> None:
    if f["left"] == "all":
        for k in _kinds(f["op"]["piece"]):
            c = pc.remove(state, arg, k, pc.n(state, arg, k))
            if c:
                state["log"].append(f"Event: {pc.counted(c, k)} removed from {NAMES[arg]}.")
        f["left"] = 0
        return
    kind, s = arg.split("@")
    pc.remove(state, s, kind)
    f["left"] -= 1
    state["log"].append(f"Event: one {PIECE_NAMES[kind]} removed from {NAMES[s]}.")


def _move_targets(state: dict, f: dict, kind: str, src: str) -> list[str]:
    op = f["op"]
    near = ADJ[src] if op.get("adjacent", True) else SPACES
    return [s for s in near if s != src and piece_may_enter(kind, s)
            and matches(state, s, op.get("to"), f["me"])]


def _move_options(state: dict, f: dict) -> list[str]:
    op = f["op"]
    if f["left"] <= 0:
        return []
    if f.get("src"):
        kind, src = f["src"].split("@")
        return _move_targets(state, f, kind, src)
    return [f"{k}@{s}" for s in SPACES if matches(state, s, op.get("from"), f["me"])
            for k in _kinds(op["piece"]) if k in OWNER and k not in STRUCTURE.values()
            and pc.n(state, s, k) and _move_targets(state, f, k, s)]


def _move(state: dict, f: dict, arg: str) -> None:
    if not f.get("src"):
        f["src"] = arg
        return
    kind, src = f.pop("src").split("@")
    pc.move(state, src, arg, kind, 1)
    f["left"] -= 1
    state["log"].append(f"Event: {grammar.a(PIECE_NAMES[kind])} moves {NAMES[src]} → {NAMES[arg]}.")


def _flip_ok(state: dict, kind: str, s: str) -> bool:
    """A flip may not leave a unit against 1.4.5 (own Control) or 1.6 (Tributary)."""
    to_rebel = kind.endswith("_o")
    if s not in PROVINCES:
        return False
    if to_rebel:
        return not state["tributary"][s]
    owner = OWNER[kind]
    return state["control"][s] != owner


def _flip_options(state: dict, f: dict) -> list[str]:
    op = f["op"]
    if f["left"] != "all" and f["left"] <= 0:
        return []
    src = "_o" if op["to"] == "rebelling" else "_r"
    kinds = [k for k in _kinds(op["piece"]) if k.endswith(src)]
    spaces = [s for s in PROVINCES if matches(state, s, op.get("where"), f["me"])]
    if f["left"] == "all":
        return [s for s in spaces if any(pc.n(state, s, k) and _flip_ok(state, k, s)
                                         for k in kinds)]
    return [f"{k}@{s}" for s in spaces for k in kinds if pc.n(state, s, k)
            and _flip_ok(state, k, s)]


def _flip(state: dict, f: dict, arg: str) -> None:
    to = f["op"]["to"]
    if f["left"] == "all":
        src = "_o" if to == "rebelling" else "_r"
        for k in _kinds(f["op"]["piece"]):
            if k.endswith(src) and _flip_ok(state, k, arg):
                c = pc.flip(state, arg, k)
                state["log"].append(f"Event: {grammar.count(c, PIECE_NAMES[k])} in "
                                    f"{NAMES[arg]} turn {to}.")
        f["left"] = 0
        return
    kind, s = arg.split("@")
    pc.flip(state, s, kind, 1)
    f["left"] -= 1
    state["log"].append(f"Event: one {PIECE_NAMES[kind]} in {NAMES[s]} turns {to}.")


def _trib_options(state: dict, f: dict) -> list[str]:
    op = f["op"]
    if f["left"] <= 0:
        return []
    return [p for p in PROVINCES if state["tributary"][p] != op["value"]
            and matches(state, p, op.get("where"), f["me"])]


def _trib(state: dict, f: dict, p: str) -> None:
    pc.set_tributary(state, p, f["op"]["value"])
    f["left"] -= 1
    state["log"].append(f"Event: {NAMES[p]} is " + ("Tributary again." if f["op"]["value"]
                                                    else "no longer Tributary."))


PIECE_OPS = {
    "place": (_place_options, _place, "place a {piece} in which space?"),
    "remove": (_remove_options, _remove, "remove which {piece}?"),
    "move": (_move_options, _move, "move which {piece}, and where?"),
    "flip": (_flip_options, _flip, "which {piece} turns {to}?"),
    "tributary": (_trib_options, _trib, "which Province?"),
}


def _register(name: str) -> None:
    options, apply, question = PIECE_OPS[name]

    def auto(state: dict, f: dict) -> bool:
        opts = options(state, f)
        if not opts:
            f.pop("src", None)
            m.pop(state, f)
            return True
        if len(opts) == 1:
            apply(state, f, opts[0])
            return True
        return False

    def prompt(state: dict, f: dict) -> tuple[str, dict]:
        op = f["op"]
        piece = op.get("piece", "")
        piece = piece if isinstance(piece, str) else "/".join(piece)
        left = f["left"]
        more = "" if left in ("all", 1) else f" ({left} to go)"
        ask = question.format(piece=piece.replace("_o", " (obedient)").replace(
            "_r", " (rebelling)"), to=op.get("to", ""))
        if f.get("src"):
            kind, src = f["src"].split("@")
            ask = f"move the {PIECE_NAMES[kind]} from {NAMES[src]} to which space?"
        if name == "tributary":
            ask = ("place a Tributary marker: " if op["value"] else "remove a Tributary marker: "
                   ) + ask
        return (f"{pc.fname(f['role'])}: Event (2.3.4): {ask}{more}",
                {"choose": options(state, f)})

    def act(state: dict, f: dict, action: str, arg) -> None:
        apply(state, f, arg)

    m.frame("fx_" + name, prompt=prompt, act=act, auto=auto)


for _name in PIECE_OPS:
    _register(_name)

__all__ = ["validate", "start", "matches", "DELHI"]
