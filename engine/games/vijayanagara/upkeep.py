"""Decisions that any procedure may trigger: where a Cavalry token comes from
when the pool is empty (1.10) and refilling Influence slots (1.9)."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import NAMES, SLOT_UNIT, SLOTS, UNIT_KINDS


def gain_cavalry(state: dict, faction: str, count: int) -> None:
    """Take ``count`` tokens: from the pool first, then from other factions; the
    gaining faction picks the donor when there is a choice (1.10)."""
    got = 0
    while count > 0:
        if pc.take_cavalry(state, faction, "pool"):
            got += 1
            count -= 1
            continue
        donors = pc.cavalry_donors(state, faction)
        if not donors:
            break
        if len(donors) > 1:
            m.ask_choice(
                state, faction,
                f"{pc.fname(faction)}: the Cavalry pool is empty; take a token from which "
                "faction? (1.10)", donors, "cavalry_from", faction=faction, left=count,
            )
            break
        pc.take_cavalry(state, faction, donors[0])
        state["log"].append(f"{pc.says(faction, 'takes')} a Cavalry token from "
                            f"{pc.fname(donors[0])}.")
        count -= 1
    if got:
        state["log"].append(f"{pc.says(faction, 'gains')} {got} Cavalry.")


@m.callback
def cavalry_from(state: dict, donor: str, *, faction: str, left: int) -> None:
    pc.take_cavalry(state, faction, donor)
    state["log"].append(f"{pc.says(faction, 'takes')} a Cavalry token from {pc.fname(donor)}.")
    gain_cavalry(state, faction, left - 1)


def refill_slots(state: dict, faction: str) -> None:
    if pc.empty_slots(state, faction) and not any(
        f["t"] == "refill" and f["role"] == faction for f in state["stack"]
    ):
        m.push(state, "refill", faction)


def _sources(state: dict, faction: str) -> list[str]:
    """Where a unit may come from (1.9): `available`, a space, or, where a space holds
    both, which unit: `amir_o@gujarat` (the owner chooses its Obedient or Rebelling one)."""
    out = ["available"] if state["avail"][SLOT_UNIT[faction]] > 0 else []
    for s in state["spaces"]:
        kinds = [k for k in UNIT_KINDS[faction] if pc.n(state, s, k)]
        out += [s] if len(kinds) == 1 else [f"{k}@{s}" for k in kinds]
    return out


def _refill_auto(state: dict, f: dict) -> bool:
    faction = f["role"]
    slots = pc.empty_slots(state, faction)
    srcs = _sources(state, faction)
    if not slots or not srcs:
        m.pop(state, f)
        return True
    if len(srcs) == 1:
        _take(state, faction, srcs[0], slots[0])
        return True
    return False


def _take(state: dict, faction: str, src: str, level: int) -> None:
    unit = SLOT_UNIT[faction]
    if src == "available":
        state["avail"][unit] -= 1
        where = "Available"
    else:
        if "@" in src:
            kind, src = src.split("@")
        else:
            kind = next(k for k in UNIT_KINDS[faction] if pc.n(state, src, k))
        state["spaces"][src][kind] -= 1
        pc.touch(state, src)
        pc.update_control(state)
        where = NAMES[src]
    state["track"][faction][str(level)] += 1
    state["log"].append(
        f"{pc.says(faction, 'returns')} {grammar.a(unit.capitalize())} from "
        f"{where} to Influence slot {level}."
    )


def _refill_prompt(state: dict, f: dict) -> tuple[str, dict]:
    faction = f["role"]
    level = pc.empty_slots(state, faction)[0]
    need = SLOTS[faction][level] - state["track"][faction][str(level)]
    unit = SLOT_UNIT[faction].capitalize()
    return (
        f"{pc.fname(faction)}: Influence fell below slot {level}; put "
        f"{grammar.count(need, f'more {unit}')} back "
        "on it from `available` or from a space on the map (1.9).",
        {"from": _sources(state, faction)},
    )


def _refill_act(state: dict, f: dict, action: str, arg) -> None:
    _take(state, f["role"], arg, pc.empty_slots(state, f["role"])[0])


m.frame("refill", prompt=_refill_prompt, act=_refill_act, auto=_refill_auto)
