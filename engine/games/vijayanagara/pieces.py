"""Board bookkeeping: pieces, Control, Influence slots, Resources, Cavalry, victory.

Every function takes the (already copied) state and mutates it. Control is
recomputed after every change of pieces (1.7) and the automatic flips of
1.4.5 follow from it.
"""

from __future__ import annotations

from operator import itemgetter

from engine import grammar
from engine.games.vijayanagara.data import (
    BAHMANI,
    BOX,
    CAVALRY_TOKENS,
    DELHI,
    FACTIONS,
    MAX_RESOURCES,
    MONGOLS,
    NAMES,
    OWNER,
    PIECE_NAMES,
    PROSPERITY,
    PROVINCES,
    SHORT,
    SLOT_UNIT,
    SLOTS,
    STRUCTURE,
    UNIT_KINDS,
    VIJAYANAGARA,
)

# --- counting -----------------------------------------------------------------


def n(state: dict, space: str, kind: str) -> int:
    return state["spaces"][space].get(kind, 0)


# A faction's Unit kinds and its Structure's (if any), as pairs for the hot counts below.
_UNITS2 = {f: (ks[0], ks[-1] if len(ks) > 1 else None) for f, ks in UNIT_KINDS.items()}
_PIECES3 = {f: (*_UNITS2[f], STRUCTURE.get(f)) for f in UNIT_KINDS}


def units(state: dict, space: str, faction: str) -> int:
    here = state["spaces"][space]
    a, b = _UNITS2[faction]
    return here.get(a, 0) + (here.get(b, 0) if b else 0)


def pieces(state: dict, space: str, faction: str) -> int:
    here = state["spaces"][space]
    a, b, c = _PIECES3[faction]
    return here.get(a, 0) + (here.get(b, 0) if b else 0) + (here.get(c, 0) if c else 0)


def has_structure(state: dict, space: str, faction: str) -> bool:
    return faction in STRUCTURE and n(state, space, STRUCTURE[faction]) > 0


def obedient(state: dict, space: str) -> int:
    return n(state, space, "amir_o") + n(state, space, "raja_o")


def rebelling_units(state: dict, space: str, faction: str) -> int:
    return {BAHMANI: n(state, space, "amir_r"), VIJAYANAGARA: n(state, space, "raja_r"),
            MONGOLS: n(state, space, "invader")}.get(faction, 0)


# The piece kinds on the map that go back to each Available box (a Rebelling Amir is an Amir).
_KINDS_OF_BOX: dict[str, tuple[str, ...]] = {}
for _kind, _box in BOX.items():
    _KINDS_OF_BOX[_box] = (*_KINDS_OF_BOX.get(_box, ()), _kind)


def on_map(state: dict, box_kind: str) -> int:
    return sum(sum(map(itemgetter(k), state["spaces"].values()))
               for k in _KINDS_OF_BOX.get(box_kind, ()))


def on_track(state: dict, box_kind: str) -> int:
    return sum(
        v for f, slots in state["track"].items() if SLOT_UNIT[f] == box_kind for v in slots.values()
    )


def counted(count: int, kind: str) -> str:
    """``1 Troop``, ``2 Obedient Amirs``: a number of pieces of ``kind``."""
    return grammar.count(count, PIECE_NAMES[kind])


# --- moving pieces -------------------------------------------------------------


def touch(state: dict, *spaces: str) -> None:
    for s in spaces:
        if s not in state["touched"]:
            state["touched"].append(s)


def place(state: dict, space: str, kind: str, count: int = 1) -> int:
    """Place up to ``count`` pieces from Available (1.4.3, 1.4.6); returns how many."""
    box = BOX[kind]
    count = min(count, state["avail"][box])
    if kind in STRUCTURE.values():
        count = min(count, 1 - n(state, space, kind))  # stacking, 1.4.4
    if count <= 0:
        return 0
    state["avail"][box] -= count
    state["spaces"][space][kind] = n(state, space, kind) + count
    touch(state, space)
    update_control(state)
    return count


def remove(state: dict, space: str, kind: str, count: int = 1) -> int:
    count = min(count, n(state, space, kind))
    if count <= 0:
        return 0
    state["spaces"][space][kind] -= count
    state["avail"][BOX[kind]] += count
    touch(state, space)
    update_control(state)
    return count


def move(state: dict, src: str, dst: str, kind: str, count: int, *, orient: bool = True) -> str:
    """Move units; with ``orient`` an Amir/Raja entering a Tributary turns Obedient and
    one entering its own faction's Controlled Province turns Rebelling (3.3.2, 3.4.2).
    Returns the kind the units have on arrival."""
    count = min(count, n(state, src, kind))
    if count <= 0:
        return kind
    state["spaces"][src][kind] -= count
    new_kind = kind
    if orient and kind[-2:] in ("_o", "_r") and dst in PROVINCES:
        owner = OWNER[kind]
        if state["tributary"][dst]:
            new_kind = BOX[kind] + "_o"
        elif state["control"][dst] == owner:
            new_kind = BOX[kind] + "_r"
    state["spaces"][dst][new_kind] = n(state, dst, new_kind) + count
    touch(state, src, dst)
    update_control(state)
    return new_kind


def flip(state: dict, space: str, kind: str, count: int | None = None) -> int:
    """Flip Obedient <-> Rebelling (kind is the current orientation)."""
    count = n(state, space, kind) if count is None else min(count, n(state, space, kind))
    if count <= 0:
        return 0
    other = kind[:-1] + ("r" if kind.endswith("o") else "o")
    state["spaces"][space][kind] -= count
    state["spaces"][space][other] = n(state, space, other) + count
    touch(state, space)
    update_control(state)
    return count


def set_tributary(state: dict, space: str, value: bool) -> None:
    """Placing a Tributary marker flips every Rebelling Amir and Raja there (1.6)."""
    state["tributary"][space] = value
    if value:
        for kind in ("amir_r", "raja_r"):
            c = n(state, space, kind)
            if c:
                state["spaces"][space][kind] = 0
                state["spaces"][space][kind[:-1] + "o"] = n(state, space, kind[:-1] + "o") + c
    touch(state, space)
    update_control(state)


# Each faction has two Unit kinds and a Structure.
_FACTION_PIECES = [(f, (UNIT_KINDS[f][0], UNIT_KINDS[f][1], STRUCTURE[f])) for f in FACTIONS]


def update_control(state: dict) -> None:
    """Control (1.7) and the flips it forces (1.4.5)."""
    tributary, control, spaces = state["tributary"], state["control"], state["spaces"]
    for p in PROVINCES:
        ctrl = None
        if not tributary[p]:
            here = spaces[p]
            counts = [(f, here.get(a, 0) + here.get(b, 0) + here.get(c, 0))
                      for f, (a, b, c) in _FACTION_PIECES]
            total = counts[0][1] + counts[1][1] + counts[2][1]
            for f, c in counts:
                if c > total - c:
                    ctrl = f
        control[p] = ctrl
        if ctrl in (BAHMANI, VIJAYANAGARA):
            kind = UNIT_KINDS[ctrl][0]  # the Obedient kind
            c = n(state, p, kind)
            if c:
                state["spaces"][p][kind] = 0
                state["spaces"][p][UNIT_KINDS[ctrl][1]] = n(state, p, UNIT_KINDS[ctrl][1]) + c


# --- resources and cavalry ---------------------------------------------------------


def gain(state: dict, faction: str, amount: int) -> int:
    """Adjust Resources within 0..24 (1.8); returns the real change."""
    before = state["resources"][faction]
    state["resources"][faction] = max(0, min(MAX_RESOURCES, before + amount))
    return state["resources"][faction] - before


def spend_cavalry(state: dict, faction: str, count: int = 1) -> None:
    count = min(count, state["cavalry"][faction])
    state["cavalry"][faction] -= count
    state["cavalry"]["pool"] += count


def cavalry_donors(state: dict, faction: str) -> list[str]:
    return [f for f in FACTIONS if f != faction and state["cavalry"][f] > 0]


def take_cavalry(state: dict, faction: str, source: str = "pool") -> bool:
    """One token from the pool, or from another faction when the pool is empty (1.10)."""
    if state["cavalry"][source] <= 0:
        return False
    state["cavalry"][source] -= 1
    state["cavalry"][faction] += 1
    return True


def check_cavalry(state: dict) -> None:
    assert sum(state["cavalry"].values()) == CAVALRY_TOKENS


# --- influence -------------------------------------------------------------------------


def shift_influence(state: dict, faction: str, delta: int) -> int:
    """Move the Influence marker (1.9); off-track moves are ignored. Returns the change.
    Units on slots reached go to Available; slots passed downwards wait for a refill
    (see ``empty_slots``), which the caller turns into a prompt."""
    before = state["influence"][faction]
    after = max(0, min(4, before + delta))
    state["influence"][faction] = after
    for level, count in state["track"][faction].items():
        if int(level) <= after and count:
            state["avail"][SLOT_UNIT[faction]] += count
            state["track"][faction][level] = 0
    return after - before


def empty_slots(state: dict, faction: str) -> list[int]:
    """Slots above the marker that are not full: they must be refilled (1.9)."""
    lvl = state["influence"][faction]
    return sorted(
        int(level)
        for level, count in state["track"][faction].items()
        if int(level) > lvl and count < SLOTS[faction][int(level)]
    )


# --- victory -------------------------------------------------------------------------------


def tributary_prosperity(state: dict) -> int:
    return sum(PROSPERITY[p] for p in PROVINCES if state["tributary"][p])


def controlled_prosperity(state: dict, faction: str) -> int:
    return sum(PROSPERITY[p] for p in PROVINCES if state["control"][p] == faction)


def structures_on_map(state: dict, faction: str) -> int:
    return on_map(state, STRUCTURE[faction])


def victory_points(state: dict) -> dict[str, int]:
    # One pass over the provinces: this is part of every view.
    vp = {DELHI: state.get("timur_bonus", 0), BAHMANI: 0, VIJAYANAGARA: 0}
    tributary, control = state["tributary"], state["control"]
    for p in PROVINCES:
        if tributary[p]:
            vp[DELHI] += PROSPERITY[p]
        elif control[p] in (BAHMANI, VIJAYANAGARA):
            vp[control[p]] += PROSPERITY[p]
    for f in (BAHMANI, VIJAYANAGARA):
        vp[f] += structures_on_map(state, f) + state["influence"][f]
    return vp


def describe_space(space: str) -> str:
    return NAMES[space]


def fname(faction: str) -> str:
    return SHORT[faction]


def says(faction: str, verb: str) -> str:
    """``Delhi carries out``, ``Mongols carry out``: a faction's short name and a verb
    (said of one) that agrees with it (engine.grammar)."""
    return grammar.says(SHORT[faction], verb)
