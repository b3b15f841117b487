"""Commands (3.0): locations, costs and procedures for all three factions.

A Command is a ``cmd`` frame: the acting faction selects spaces one at a time
(each once, 3.1.1), paying 1 Resource per space unless the Command is free
(3.1.3), then ``done``. Per-space procedures that need choices push their own
frames. ``used`` / ``arrived`` keep every piece to one use per Command (3.1.2).
"""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import battle, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    ADJ,
    BAHMANI,
    COMMANDS,
    DELHI,
    MONGOLS,
    NAMES,
    NORTH,
    PIECE_NAMES,
    PROVINCES,
    STRUCTURE,
    UNIT_KINDS,
    VIJAYANAGARA,
    may_enter,
)

RULE = {
    (DELHI, "conscript"): "3.2.1", (DELHI, "march"): "3.2.2", (DELHI, "govern"): "3.2.3",
    (DELHI, "attack"): "3.2.4", (BAHMANI, "rally"): "3.3.1", (BAHMANI, "migrate"): "3.3.2",
    (BAHMANI, "rebel"): "3.3.3", (BAHMANI, "attack"): "3.3.4", (VIJAYANAGARA, "rally"): "3.4.1",
    (VIJAYANAGARA, "migrate"): "3.4.2", (VIJAYANAGARA, "rebel"): "3.4.3",
    (VIJAYANAGARA, "attack"): "3.4.4",
}
WHERE = {
    "conscript": "Tributary Provinces, spaces with a Qasbah, or Delhi, with a Troop Available",
    "march": "any space next to Troops or Governors that have not moved yet",
    "govern": "Tributaries, Sultanate-Controlled Provinces, Punjab, Mountain Passes or Delhi, "
    "where a Governor is present or Available",
    "attack": "spaces holding a target and at least one of your Units there or in support",
    "rally": "Provinces with your piece (or your home Province) with a Unit Available",
    "migrate": "Provinces next to your Units that have not moved yet",
    "rebel": "Tributary Provinces where your pieces outnumber all others (Tughlaq Dynasty only)",
}
HOME = {BAHMANI: "maharashtra", VIJAYANAGARA: "karnataka"}
SUPPORT_CAP = {DELHI: 2, BAHMANI: 2, VIJAYANAGARA: 1}


def rule(faction: str, name: str) -> str:
    return RULE[(faction, name)]


def find(state: dict, t: str) -> dict:
    return next(f for f in reversed(state["stack"]) if f["t"] == t)


def start(state: dict, faction: str, name: str, *, limited: bool = False, free: bool = False,
          only: list[str] | None = None) -> None:
    single = limited or (state["options"]["timurs_shadow"] and state["timur_drawn"])
    m.push(state, "cmd", faction, name=name, single=single, free=free, only=only,
           selected=[], used={}, arrived={}, shifted=False, adjust=None)
    kind = " ".join(w for w, on in (("free", free), ("Limited", limited)) if on)
    state["log"].append(f"{pc.fname(faction)}: {(kind + ' ') if kind else ''}{name.capitalize()}.")


def rebel_allowed(state: dict) -> bool:
    return state["dynasty"] == "tughlaq" or state.get("rebel_open", False)


def available_commands(state: dict, faction: str) -> list[str]:
    return [c for c in COMMANDS[faction] if c != "rebel" or rebel_allowed(state)]


def locations(state: dict, faction: str, name: str, f: dict | None = None) -> list[str]:
    used = f["used"] if f else {}
    arrived = f["arrived"] if f else {}
    if name == "conscript":
        if not state["avail"]["troop"]:
            return []
        return [s for s in state["spaces"] if s == "delhi" or pc.n(state, s, "qasbah")
                or (s in PROVINCES and state["tributary"][s])]
    if name == "march":
        return [s for s in state["spaces"] if any(
            _movable(state, o, DELHI, arrived) for o in ADJ[s])]
    if name == "govern":
        return [s for s in state["spaces"] if (
            s in NORTH or state["tributary"].get(s) or state["control"].get(s) == DELHI
        ) and _govern_useful(state, s)]
    if name == "attack":
        return [s for s in state["spaces"] if _defenders(state, faction, s)
                and (_attackers_in(state, faction, s, used)
                     or _support_spaces(state, faction, s, used))]
    if name == "rally":
        if not state["avail"][UNIT_KINDS[faction][0][:-2]]:
            return []
        return [p for p in PROVINCES if p == HOME[faction] or pc.pieces(state, p, faction)]
    if name == "migrate":
        return [p for p in PROVINCES if any(
            o in PROVINCES and _movable(state, o, faction, arrived) for o in ADJ[p])]
    if name == "rebel":
        return [p for p in PROVINCES if state["tributary"][p]
                and 2 * pc.pieces(state, p, faction) > sum(pc.pieces(state, p, x) for x in
                                                           (DELHI, BAHMANI, VIJAYANAGARA))]
    raise ValueError(name)


def has_location(state: dict, faction: str, free: bool = False) -> bool:
    if not free and state["resources"][faction] < 1:
        return False
    return any(locations(state, faction, c) for c in available_commands(state, faction))


def _movable(state: dict, space: str, faction: str, arrived: dict) -> int:
    if space not in arrived:  # the common case, and a hot one: asked of every neighbour
        return pc.units(state, space, faction)
    return sum(_unused(state, faction, space, arrived).values())


def _unused(state: dict, faction: str, s: str, spent: dict) -> dict[str, int]:
    """The faction's Units in ``s`` not used yet in this Command (3.1.2), by kind.
    ``spent[s]`` counts the used ones by the kind they had then; an Amir or Raja
    flipped since then is counted against its other side."""
    by_kind = spent.get(s)
    if not by_kind:  # the common case, and a hot one
        here = state["spaces"][s]
        return {k: here[k] for k in UNIT_KINDS[faction] if here.get(k, 0) > 0}
    out = {k: pc.n(state, s, k) - by_kind.get(k, 0) for k in UNIT_KINDS[faction]}
    for k in out:
        other = k[:-1] + ("r" if k.endswith("_o") else "o")
        if out[k] < 0 and k[-2:] in ("_o", "_r") and other in out:
            out[other] += out[k]
            out[k] = 0
    return {k: v for k, v in out.items() if v > 0}


def _govern_useful(state: dict, s: str) -> bool:
    if state["avail"]["governor"] > 0:  # 3.2.3: a Governor may join one already there
        return True
    return pc.n(state, s, "governor") > 0 and (pc.obedient(state, s) > 0 or (
        state["avail"]["qasbah"] > 0 and not pc.n(state, s, "qasbah")))


def _defenders(state: dict, faction: str, s: str) -> list[str]:
    if faction == DELHI:
        return [x for x in (BAHMANI, VIJAYANAGARA, MONGOLS) if pc.rebelling_units(state, s, x)
                or (x in STRUCTURE and pc.has_structure(state, s, x) and not pc.units(state, s, x))]
    if s not in PROVINCES:
        return []
    return [x for x in (DELHI, BAHMANI, VIJAYANAGARA) if x != faction and pc.pieces(state, s, x)]


def _attackers_in(state: dict, faction: str, s: str, used: dict) -> dict[str, int]:
    return _unused(state, faction, s, used)


def _support_spaces(state: dict, faction: str, s: str, used: dict) -> list[str]:
    return [a for a in ADJ[s] if pc.has_structure(state, a, faction)
            and (faction == DELHI or a in PROVINCES)
            and _attackers_in(state, faction, a, used)]


# --- the cmd frame --------------------------------------------------------------------


def _cmd_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction, name = f["role"], f["name"]
    acts: dict = {}
    if not (f["single"] and f["selected"]):
        can_pay = f["free"] or state["resources"][faction] >= 1
        spaces = [s for s in locations(state, faction, name, f)
                  if s not in f["selected"] and (f["only"] is None or s in f["only"])]
        if can_pay and spaces:
            acts["space"] = spaces
    adj = f["adjust"]
    if adj and adj["placed"] > adj["lo"]:
        acts["fewer"] = [str(i) for i in range(adj["lo"], adj["placed"])]
    acts["done"] = None
    cost = "free" if f["free"] else "1 Resource per space"
    lim = "one space only" if f["single"] else "any number of spaces"
    text = (f"{pc.fname(faction)}: {name.capitalize()} ({rule(faction, name)}): select a space "
            f"({WHERE[name]}; {cost}; {lim}), or `done`.")
    if adj and adj["placed"] > adj["lo"]:
        text += f" A number places fewer in {NAMES[adj['space']]} (placed {adj['placed']})."
    return text, acts


def _cmd_act(state: dict, f: dict, action: str, arg) -> None:
    faction = f["role"]
    if action == "done":
        m.pop(state, f)
        return
    if action == "fewer":
        adj = f["adjust"]
        back = adj["placed"] - int(arg)
        pc.remove(state, adj["space"], adj["kind"], back)
        state["log"].append(f"… {back} fewer placed in {NAMES[adj['space']]}.")
        f["adjust"] = None
        return
    space = arg
    f["selected"].append(space)
    f["adjust"] = None
    if not f["free"]:
        pc.gain(state, faction, -1)
    pc.touch(state, space)
    PROCEDURES[f["name"]](state, f, faction, space)


m.frame("cmd", prompt=_cmd_prompt, act=_cmd_act)


# --- per-space procedures ---------------------------------------------------------------


def _conscript(state: dict, f: dict, faction: str, s: str) -> None:
    cap = 5 if s == "delhi" else 2 if pc.n(state, s, "qasbah") else 1
    placed = pc.place(state, s, "troop", cap)
    state["log"].append(f"Conscript in {NAMES[s]}: {pc.counted(placed, 'troop')} placed.")
    f["adjust"] = {"space": s, "kind": "troop", "placed": placed, "lo": 1}


def _rally(state: dict, f: dict, faction: str, s: str) -> None:
    cap = 1 + (s == HOME[faction]) + (state["control"][s] == faction)
    if faction == VIJAYANAGARA:
        cap += pc.has_structure(state, s, VIJAYANAGARA)
    obedient, rebelling = UNIT_KINDS[faction]
    kind = rebelling if state["control"][s] == faction else obedient
    placed = pc.place(state, s, kind, cap)
    state["log"].append(f"Rally in {NAMES[s]}: {pc.counted(placed, kind)} placed.")
    f["adjust"] = {"space": s, "kind": kind, "placed": placed, "lo": 1}


def _rebel(state: dict, f: dict, faction: str, s: str) -> None:
    pc.flip(state, s, UNIT_KINDS[faction][0])
    pc.set_tributary(state, s, False)
    state["log"].append(f"Rebel in {NAMES[s]}: no longer Tributary, now {pc.fname(faction)} "
                        "Controlled.")


def _govern(state: dict, f: dict, faction: str, s: str) -> None:
    if not pc.n(state, s, "governor"):
        pc.place(state, s, "governor")
        state["log"].append(f"Govern in {NAMES[s]}: a Governor placed.")
        return
    m.push(state, "govern_at", DELHI, space=s, removed=0, qasbah=False)


def _govern_prompt(state: dict, f: dict) -> tuple[str, dict]:
    s = f["space"]
    acts: dict = {}
    started = f["removed"] or f["qasbah"]
    if not started and state["avail"]["governor"]:
        acts["governor"] = None  # the other branch of 3.2.3
    if f["removed"] < 2:
        kinds = [k for k in ("amir_o", "raja_o") if pc.n(state, s, k)]
        if kinds:
            acts["remove"] = kinds
    if not f["qasbah"] and not pc.n(state, s, "qasbah") and state["avail"]["qasbah"]:
        acts["qasbah"] = None
    acts["done"] = None
    either = "place another Governor, or " if "governor" in acts else ""
    return (f"Delhi: Govern in {NAMES[s]} (3.2.3): {either}remove up to two Obedient Units "
            f"({2 - f['removed']} left) and/or place a Qasbah, then `done`."), acts


def _govern_act(state: dict, f: dict, action: str, arg) -> None:
    s = f["space"]
    if action == "done":
        m.pop(state, f)
    elif action == "governor":
        m.pop(state, f)
        pc.place(state, s, "governor")
        state["log"].append(f"Govern in {NAMES[s]}: another Governor placed.")
    elif action == "qasbah":
        pc.place(state, s, "qasbah")
        f["qasbah"] = True
        state["log"].append(f"Govern in {NAMES[s]}: a Qasbah built.")
    else:
        pc.remove(state, s, arg)
        f["removed"] += 1
        state["log"].append(f"Govern in {NAMES[s]}: one {PIECE_NAMES[arg]} removed.")


m.frame("govern_at", prompt=_govern_prompt, act=_govern_act)


# --- moving units in (March, Migrate) ------------------------------------------------------


def _gather(state: dict, f: dict, faction: str, s: str) -> None:
    m.push(state, "gather", faction, dest=s, moved=0,
           cap=None if faction == DELHI else 3, name=f["name"])


def _origins(state: dict, g: dict) -> list[str]:
    c = find(state, "cmd")
    faction = g["role"]
    return [o for o in ADJ[g["dest"]] if may_enter(faction, o) and (
        faction == DELHI or o in PROVINCES) and _movable(state, o, faction, c["arrived"])]


def _shift_possible(state: dict, g: dict) -> bool:
    faction = g["role"]
    other = VIJAYANAGARA if faction == BAHMANI else BAHMANI
    return (g["name"] == "migrate" and not find(state, "cmd")["shifted"]
            and state["resources"][faction] >= 1 and pc.pieces(state, g["dest"], other) > 0
            and (state["influence"][faction] < 4 or state["influence"][other] > 0))


def _gather_prompt(state: dict, g: dict) -> tuple[str, dict]:
    faction = g["role"]
    acts: dict = {}
    room = g["cap"] is None or g["moved"] < g["cap"]
    origins = _origins(state, g) if room else []
    if origins:
        acts["from"] = origins
    if _shift_possible(state, g):
        acts["shift"] = None
    acts["done"] = None
    what = "Troops and Governors" if faction == DELHI else (
        "up to three " + ("Amirs" if faction == BAHMANI else "Rajas"))
    r = rule(faction, g["name"])
    text = f"{pc.fname(faction)}: move {what} into {NAMES[g['dest']]} ({r}): pick a space they "
    text += "come from, " + ("`shift` Influence (1 Resource), " if "shift" in acts else "")
    return text + "or `done`.", acts


def _gather_act(state: dict, g: dict, action: str, arg) -> None:
    faction = g["role"]
    if action == "done":
        m.pop(state, g)
        return
    if action == "shift":
        find(state, "cmd")["shifted"] = True
        other = VIJAYANAGARA if faction == BAHMANI else BAHMANI
        pc.gain(state, faction, -1)
        up = pc.shift_influence(state, faction, +1)
        down = pc.shift_influence(state, other, -1)
        state["log"].append(f"{pc.says(faction, 'shifts')} Influence in {NAMES[g['dest']]}: "
                            f"{pc.fname(faction)} {up:+d}, {pc.fname(other)} {down:+d}.")
        upkeep.refill_slots(state, other)
        return
    _ask_move(state, g, arg, list(UNIT_KINDS[faction]), 0)


def _ask_move(state: dict, g: dict, origin: str, kinds: list[str], batch: int) -> None:
    kind, rest = kinds[0], kinds[1:]
    c = find(state, "cmd")
    # Units moved already have left ``origin``; those that arrived there stay (3.1.2).
    left = _unused(state, g["role"], origin, c["arrived"]).get(kind, 0)
    if g["cap"] is not None:
        left = min(left, g["cap"] - g["moved"])
    hi = max(0, min(pc.n(state, origin, kind), left))
    m.ask_count(state, g["role"], f"{pc.fname(g['role'])}: how many {PIECE_NAMES[kind]}s move "
                f"from {NAMES[origin]} to {NAMES[g['dest']]}? (0-{hi})", 0, hi, "moved",
                origin=origin, kind=kind, rest=rest, batch=batch)


@m.callback
def moved(state: dict, count: int, *, origin: str, kind: str, rest: list, batch: int) -> None:
    g = find(state, "gather")
    c = find(state, "cmd")
    if count:
        new_kind = pc.move(state, origin, g["dest"], kind, count)
        here = c["arrived"].get(g["dest"])
        here = here if isinstance(here, dict) else {}
        here[new_kind] = here.get(new_kind, 0) + count
        c["arrived"][g["dest"]] = here
        g["moved"] += count
        state["log"].append(f"{pc.counted(count, kind)} move {NAMES[origin]} → {NAMES[g['dest']]}.")
    if rest:
        _ask_move(state, g, origin, rest, batch + count)


m.frame("gather", prompt=_gather_prompt, act=_gather_act)


# --- Attack ---------------------------------------------------------------------------------


def _attack(state: dict, f: dict, faction: str, s: str) -> None:
    m.push(state, "attack_at", faction, space=s, stage="defender", defender=None,
           support=None, support_units={})


def _attack_auto(state: dict, a: dict) -> bool:
    faction, s = a["role"], a["space"]
    c = find(state, "cmd")
    st = a["stage"]
    if st == "defender":
        a["stage"] = "support"
        names = _defenders(state, faction, s)
        m.ask_choice(state, faction, f"{pc.fname(faction)}: which faction do you attack in "
                     f"{NAMES[s]}? (3.1)", names, "attack_defender")
        return True
    if st == "support":
        a["stage"] = "count"
        spaces = _support_spaces(state, faction, s, c["used"])
        # Without an attacking Unit in the space, support is needed (a pure raid).
        alone = ["alone"] if _attackers_in(state, faction, s, c["used"]) else []
        if spaces:
            m.ask_choice(state, faction, f"{pc.fname(faction)}: bring up to "
                         f"{grammar.count(SUPPORT_CAP[faction], 'Unit')} from one adjacent space "
                         f"with your "
                         f"{STRUCTURE[faction].capitalize()}"
                         + (", or fight `alone`." if alone else "."),
                         [*spaces, *alone], "attack_support")
        return True
    if st == "count":
        a["stage"] = "fight"
        if a["support"]:
            _ask_support(state, a, list(UNIT_KINDS[faction]))
        return True
    if st == "fight":
        a["stage"] = "over"
        d = a["defender"]
        if faction == DELHI and d in (BAHMANI, VIJAYANAGARA):
            pc.flip(state, s, UNIT_KINDS[d][0])  # defenders are set to Rebelling (3.2.4)
        inside = _attackers_in(state, faction, s, c["used"])
        involved = {f"{k}@{s}": v for k, v in inside.items()}
        involved |= {f"{k}@{a['support']}": v for k, v in a["support_units"].items()}
        for key, v in involved.items():
            kind, sp = key.split("@")
            c["used"].setdefault(sp, {})[kind] = c["used"].get(sp, {}).get(kind, 0) + v
        battle.start(state, faction, d, s, involved,
                     dice=battle.attack_dice(state, faction, d, s),
                     after="attack_fought", after_args={"before": involved})
        return True
    m.pop(state, a)
    return True


@m.callback
def attack_fought(state: dict, b: dict, *, before: dict) -> None:
    """Units lost in the battle no longer count as used: the unused ones of the same
    kind there stay free for the rest of the Command (3.1.2)."""
    used = find(state, "cmd")["used"]
    for key, v in before.items():
        kind, sp = key.split("@")
        lost = v - b["involved"].get(key, 0)
        if lost > 0:
            used[sp][kind] = max(0, used[sp].get(kind, 0) - lost)


def _ask_support(state: dict, a: dict, kinds: list[str]) -> None:
    c = find(state, "cmd")
    kind, rest = kinds[0], kinds[1:]
    free = _attackers_in(state, a["role"], a["support"], c["used"])
    hi = min(free.get(kind, 0), SUPPORT_CAP[a["role"]] - sum(a["support_units"].values()))
    # A pure raid needs at least one supporting Unit: the last kind on offer must give one.
    lo = int(hi > 0 and not sum(a["support_units"].values()) and not any(
        free.get(k) for k in rest) and not _attackers_in(state, a["role"], a["space"], c["used"]))
    m.ask_count(state, a["role"], f"{pc.fname(a['role'])}: how many {PIECE_NAMES[kind]}s join "
                f"from {NAMES[a['support']]}? ({lo}-{max(0, hi)})", lo, max(lo, hi),
                "supported", kind=kind, rest=rest)


@m.callback
def supported(state: dict, count: int, *, kind: str, rest: list) -> None:
    a = find(state, "attack_at")
    if count:
        a["support_units"][kind] = count
    if rest:
        _ask_support(state, a, rest)


@m.callback
def attack_defender(state: dict, choice: str) -> None:
    find(state, "attack_at")["defender"] = choice


@m.callback
def attack_support(state: dict, choice: str) -> None:
    find(state, "attack_at")["support"] = None if choice == "alone" else choice


m.frame("attack_at", auto=_attack_auto)

PROCEDURES = {
    "conscript": _conscript, "march": _gather, "govern": _govern, "attack": _attack,
    "rally": _rally, "migrate": _gather, "rebel": _rebel,
}
