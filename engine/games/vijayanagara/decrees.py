"""Decrees (4.0) with their Influential variants (4.3.1, 4.3.3, 4.4.3)."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara import upkeep
from engine.games.vijayanagara.data import (
    ADJ,
    BAHMANI,
    DECREES,
    DELHI,
    NAMES,
    NORTH,
    PIECE_NAMES,
    PROSPERITY,
    PROVINCES,
    VIJAYANAGARA,
)

RULE = {
    "tribute": "4.2.1", "campaign": "4.2.2", "obedience": "4.2.3", "trade": "4.3.1",
    ("build", BAHMANI): "4.3.2", "conspire": "4.3.3", "tax": "4.4.1",
    ("build", VIJAYANAGARA): "4.4.2", "compel": "4.4.3",
}
TITLE = {
    "tribute": "Collect Tribute", "campaign": "Campaign", "obedience": "Demand Obedience",
    "trade": "Trade", "build": "Build", "conspire": "Conspire", "tax": "Tax", "compel": "Compel",
}


def rule(name: str, faction: str) -> str:
    return RULE.get(name) or RULE[(name, faction)]


def possible(state: dict, faction: str) -> list[str]:
    return [d for d in DECREES[faction] if _targets(state, faction, d) is not False]


def _targets(state: dict, faction: str, name: str):
    """False when the Decree can do nothing now; otherwise its choices (or True)."""
    if name in ("tribute", "trade", "tax"):
        return True
    if name == "campaign":
        return bool(campaign_origins(state, restricted=False)) or False
    if name == "obedience":
        return obedience_spaces(state) or False
    if name == "build":
        return build_spaces(state, faction) or False
    if name == "conspire":
        return bool(conspire_spaces(state, [])) or False
    if name == "compel":
        return compel_spaces(state) or False
    raise ValueError(name)


def run(state: dict, faction: str, name: str) -> None:
    state["log"].append(f"{pc.fname(faction)}: Decree {TITLE[name]}.")
    if name == "tribute":
        got = pc.gain(state, DELHI, pc.tributary_prosperity(state) // 2)
        state["log"].append(f"Delhi collects {grammar.count(got, 'Resource')}.")
        upkeep.gain_cavalry(state, DELHI, 2)
    elif name == "trade":
        n_prov = sum(1 for p in PROVINCES if pc.pieces(state, p, BAHMANI))
        got = pc.gain(state, BAHMANI, n_prov)
        state["log"].append(f"Bahmani gains {grammar.count(got, 'Resource')}.")
        infl = state["influence"][BAHMANI]
        upkeep.gain_cavalry(state, BAHMANI, 1 if infl == 0 else 2 if infl <= 2 else 3)
    elif name == "tax":
        amount = pc.controlled_prosperity(state, VIJAYANAGARA) + pc.structures_on_map(
            state, VIJAYANAGARA)
        got = pc.gain(state, VIJAYANAGARA, amount)
        state["log"].append(f"Vijayanagara gains {grammar.count(got, 'Resource')}.")
    elif name == "campaign":
        start_campaign(state, restricted=False)
    elif name == "obedience":
        m.push(state, "obedience", DELHI, done=[])
    elif name == "build":
        kind = "fort" if faction == BAHMANI else "temple"
        m.ask_choice(state, faction, f"{pc.fname(faction)}: Build {grammar.a(kind.capitalize())} "
                     f"({rule('build', faction)}): in which Province?",
                     build_spaces(state, faction), "built", faction=faction, kind=kind)
    elif name == "conspire":
        m.push(state, "conspire", BAHMANI, picked=[])
    elif name == "compel":
        m.ask_choice(state, VIJAYANAGARA, "Vijayanagara: Compel (4.4.3) in which Province?",
                     compel_spaces(state), "compel_in")


# --- Build ------------------------------------------------------------------------------------


def build_spaces(state: dict, faction: str) -> list[str]:
    kind, unit = ("fort", "amir") if faction == BAHMANI else ("temple", "raja")
    if not state["avail"][kind]:
        return []
    return [p for p in PROVINCES if not pc.n(state, p, kind)
            and pc.n(state, p, unit + "_o") + pc.n(state, p, unit + "_r")]


@m.callback
def built(state: dict, space: str, *, faction: str, kind: str) -> None:
    pc.place(state, space, kind)
    state["log"].append(f"{pc.says(faction, 'builds')} {grammar.a(kind.capitalize())} in "
                        f"{NAMES[space]}.")


# --- Demand Obedience ----------------------------------------------------------------------------


def obedience_spaces(state: dict, done: list | None = None) -> list[str]:
    return [p for p in PROVINCES if state["control"][p] == DELHI and pc.n(state, p, "governor")
            and p not in (done or [])]


def _obedience_prompt(state: dict, f: dict) -> tuple[str, dict]:
    acts: dict = {}
    spaces = obedience_spaces(state, f["done"])
    if spaces:
        acts["space"] = spaces
    acts["done"] = None
    return ("Delhi: Demand Obedience (4.2.3): pick Sultanate-Controlled Provinces with a "
            "Governor to make Tributary again, then `done`."), acts


def _obedience_act(state: dict, f: dict, action: str, arg) -> None:
    if action == "done":
        m.pop(state, f)
        return
    f["done"].append(arg)
    pc.set_tributary(state, arg, True)
    got = pc.gain(state, DELHI, PROSPERITY[arg])
    state["log"].append(f"{NAMES[arg]} is Tributary again; Delhi gains "
                        f"{grammar.count(got, 'Resource')}.")


m.frame("obedience", prompt=_obedience_prompt, act=_obedience_act)


# --- Campaign -


def campaign_origins(state: dict, restricted: bool) -> list[str]:
    return [s for s in state["spaces"] if pc.units(state, s, DELHI)
            and not (restricted and s in NORTH and s != "delhi")]


def start_campaign(state: dict, restricted: bool) -> None:
    m.push(state, "campaign", DELHI, restricted=restricted, at=None, steps=0,
           carry={"troop": 0, "governor": 0}, dropped={}, path=[])


def _campaign_prompt(state: dict, f: dict) -> tuple[str, dict]:
    where = " (Delhi and Provinces only)" if f["restricted"] else ""
    if f["at"] is None:
        return (f"Delhi: Campaign (4.2.2){where}: choose the space the column starts from.",
                {"space": campaign_origins(state, f["restricted"])})
    acts: dict = {}
    here = f["at"]
    carrying = sum(f["carry"].values())
    takeable = {k: pc.n(state, here, k) - f["carry"][k] - f["dropped"].get(k, 0)
                for k in ("troop", "governor")}
    if any(v > 0 for v in takeable.values()) and not f.get("took_here"):
        acts["take"] = None
    if carrying and f["steps"] > 0 and not f.get("dropped_here"):
        acts["drop"] = None
    if carrying and f["steps"] < 3:
        nxt = [s for s in ADJ[here] if s not in f["path"]
               and not (f["restricted"] and s in NORTH and s != "delhi")]
        if nxt:
            acts["go"] = nxt
    acts["done"] = None
    text = (f"Delhi: Campaign (4.2.2){where} at {NAMES[here]}, carrying "
            f"{f['carry']['troop']} Troops and "
            f"{f['carry']['governor']} Governors, "
            f"{grammar.count(3 - f['steps'], 'step')} left: `take` pieces "
            "here, `drop` some, name an adjacent space to move on, or `done` (the column stops "
            "here).")
    return text, acts


def _campaign_act(state: dict, f: dict, action: str, arg) -> None:
    # The column stays on the map: ``carry`` counts which of the pieces in the current
    # space travel on, so piece totals hold at every step.
    if action == "space":
        f["at"] = arg
        f["path"].append(arg)
        return
    if action == "go":
        here = f["at"]
        for k, v in f["carry"].items():
            pc.move(state, here, arg, k, v)
        state["log"].append(f"The column ({f['carry']['troop']} Troops, "
                            f"{f['carry']['governor']} Governors) moves {NAMES[here]} → "
                            f"{NAMES[arg]}.")
        f.update(at=arg, steps=f["steps"] + 1, dropped={}, took_here=False, dropped_here=False)
        f["path"].append(arg)
        return
    if action == "done":
        m.pop(state, f)
        return
    if action == "take":
        f["took_here"] = True
        for k in ("governor", "troop"):
            hi = pc.n(state, f["at"], k) - f["carry"][k] - f["dropped"].get(k, 0)
            m.ask_count(state, DELHI, f"Delhi: how many {PIECE_NAMES[k]}s join the column in "
                        f"{NAMES[f['at']]}? (0-{hi})", 0, max(0, hi), "campaign_take", kind=k)
    else:
        f["dropped_here"] = True
        for k in ("governor", "troop"):
            m.ask_count(state, DELHI, f"Delhi: how many {PIECE_NAMES[k]}s stay in "
                        f"{NAMES[f['at']]}? (0-{f['carry'][k]})", 0, f["carry"][k],
                        "campaign_drop", kind=k)


def _campaign(state: dict) -> dict:
    return next(x for x in reversed(state["stack"]) if x["t"] == "campaign")


@m.callback
def campaign_take(state: dict, count: int, *, kind: str) -> None:
    f = _campaign(state)
    if count:
        f["carry"][kind] += count
        state["log"].append(f"{pc.counted(count, kind)} join the column in {NAMES[f['at']]}.")


@m.callback
def campaign_drop(state: dict, count: int, *, kind: str) -> None:
    f = _campaign(state)
    if count:
        f["carry"][kind] -= count
        f["dropped"][kind] = f["dropped"].get(kind, 0) + count
        state["log"].append(f"{pc.counted(count, kind)} stay in {NAMES[f['at']]}.")


m.frame("campaign", prompt=_campaign_prompt, act=_campaign_act)


# --- Conspire -


def conspire_spaces(state: dict, picked: list[str]) -> list[str]:
    influential = state["influence"][BAHMANI] >= 2
    with_b = [p for p in PROVINCES if pc.pieces(state, p, BAHMANI)]
    if influential:
        near = set(with_b) | {a for p in with_b for a in ADJ[p] if a in PROVINCES}
        targets = [p for p in PROVINCES if p in near and (
            pc.n(state, p, "governor") + pc.n(state, p, "raja_o") + pc.n(state, p, "raja_r"))]
    else:
        targets = [p for p in with_b if pc.n(state, p, "governor")]
    return [p for p in targets if p not in picked]


def _conspire_prompt(state: dict, f: dict) -> tuple[str, dict]:
    acts: dict = {}
    if len(f["picked"]) < 2:
        spaces = conspire_spaces(state, f["picked"])
        if spaces:
            acts["space"] = spaces
    acts["done"] = None
    extra = (" or Rajas, in or next to Provinces with Bahmani pieces" if
             state["influence"][BAHMANI] >= 2 else "")
    return (f"Bahmani: Conspire (4.3.3): in up to two Provinces replace a Governor{extra} with an "
            "Amir; pick a Province or `done`."), acts


def _conspire_act(state: dict, f: dict, action: str, arg) -> None:
    if action == "done":
        m.pop(state, f)
        return
    f["picked"].append(arg)
    kinds = ["governor"] + (["raja_o", "raja_r"] if state["influence"][BAHMANI] >= 2 else [])
    kinds = [k for k in kinds if pc.n(state, arg, k)]
    m.ask_choice(state, BAHMANI, f"Bahmani: which piece do you replace in {NAMES[arg]}?",
                 kinds, "conspire_target", space=arg)


@m.callback
def conspire_target(state: dict, kind: str, *, space: str) -> None:
    pc.remove(state, space, kind)
    state["log"].append(f"Conspire in {NAMES[space]}: one {PIECE_NAMES[kind]} removed.")
    options = ["none"]
    if state["avail"]["amir"]:
        options = ["rebelling", "none"] if kind == "raja_r" else ["obedient", "rebelling", "none"]
    m.ask_choice(state, BAHMANI, f"Bahmani: place an Amir in {NAMES[space]} in its stead? "
                 "(a Rebelling Raja can only become a Rebelling Amir)", options,
                 "conspire_place", space=space)


@m.callback
def conspire_place(state: dict, choice: str, *, space: str) -> None:
    if choice == "none":
        return
    kind = "amir_r" if choice == "rebelling" else "amir_o"
    pc.place(state, space, kind)
    state["log"].append(f"Conspire in {NAMES[space]}: an {PIECE_NAMES[kind]} placed.")


m.frame("conspire", prompt=_conspire_prompt, act=_conspire_act)


# --- Compel -


def compel_spaces(state: dict) -> list[str]:
    with_v = {p for p in PROVINCES if pc.pieces(state, p, VIJAYANAGARA)}
    return [p for p in PROVINCES if p in with_v or any(a in with_v for a in ADJ[p])]


@m.callback
def compel_in(state: dict, space: str) -> None:
    influential = state["influence"][VIJAYANAGARA] >= 2
    m.push(state, "compel", VIJAYANAGARA, space=space, added=0, source=None,
           removed=not influential, flip=False)
    if influential:
        upkeep.gain_cavalry(state, VIJAYANAGARA, 1)


def _compel_sources(state: dict, f: dict) -> list[str]:
    if f["source"]:
        return [f["source"]] if pc.units(state, f["source"], VIJAYANAGARA) else []
    return [a for a in ADJ[f["space"]] if a in PROVINCES and pc.units(state, a, VIJAYANAGARA)]


def _compel_prompt(state: dict, f: dict) -> tuple[str, dict]:
    s = f["space"]
    acts: dict = {}
    if f["added"] < 2:
        if state["avail"]["raja"]:
            acts["place"] = None
        src = _compel_sources(state, f)
        if src:
            acts["from"] = src
    if not f["removed"]:
        kinds = [k for k in ("troop", "governor", "amir_o", "amir_r") if pc.n(state, s, k)]
        if kinds:
            acts["remove"] = kinds
    acts["done"] = None
    return (f"Vijayanagara: Compel in {NAMES[s]} (4.4.3): `place` a Raja, bring one `from` an "
            "adjacent Province (one source only; two Rajas at most), "
            + ("`remove` a Troop, Governor or Amir, " if "remove" in acts else "")
            + "or `done`."), acts


def _compel_act(state: dict, f: dict, action: str, arg) -> None:
    s = f["space"]
    if action == "done":
        m.pop(state, f)
        return
    if action == "place":
        rebel = state["control"][s] == VIJAYANAGARA or f["flip"]
        kind = "raja_r" if rebel else "raja_o"
        pc.place(state, s, kind)
        f["added"] += 1
        f["fresh"] = f.get("fresh", 0) + (kind == "raja_o")
        state["log"].append(f"Compel: an {PIECE_NAMES[kind]} placed in {NAMES[s]}.")
    elif action == "from":
        f["source"] = arg
        if pc.n(state, arg, "raja_o") and pc.n(state, arg, "raja_r"):
            m.ask_choice(state, VIJAYANAGARA, f"Vijayanagara: which Raja moves in from "
                         f"{NAMES[arg]}, an Obedient or a Rebelling one (4.4.3)?",
                         ["raja_o", "raja_r"], "compel_from")
            return
        _compel_move(state, f, "raja_o" if pc.n(state, arg, "raja_o") else "raja_r")
    else:
        pc.remove(state, s, arg)
        f["removed"] = True
        state["log"].append(f"Compel: one {PIECE_NAMES[arg]} removed from {NAMES[s]}.")
        if arg in ("troop", "governor"):
            f["flip"] = True
            # Rajas placed or moved in so far turn Rebelling (4.4.3), not those already there.
            pc.flip(state, s, "raja_o", min(f.get("fresh", f["added"]), pc.n(state, s, "raja_o")))
            f["fresh"] = 0


@m.callback
def compel_from(state: dict, kind: str) -> None:
    _compel_move(state, m.waiting(state), kind)


def _compel_move(state: dict, f: dict, kind: str) -> None:
    """One Raja of ``kind`` moves in from the frame's source (4.4.3)."""
    src, s = f["source"], f["space"]
    if f["flip"] and kind == "raja_o":
        pc.flip(state, src, "raja_o", 1)
        kind = "raja_r"
    pc.move(state, src, s, kind, 1, orient=False)
    f["added"] += 1
    f["fresh"] = f.get("fresh", 0) + (kind == "raja_o")
    state["log"].append(f"Compel: {'an' if kind == 'raja_o' else 'a'} {PIECE_NAMES[kind]} "
                        f"moves {NAMES[src]} → {NAMES[s]}.")


m.frame("compel", prompt=_compel_prompt, act=_compel_act)
