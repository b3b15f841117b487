"""One Attack as an exchange (1.10, 3.2.4, 3.3.4, 3.4.4, 3.5.3): dice from the
state's PRNG, the attacker's then the defender's Cavalry (Charge / Screen),
hits, casualties chosen by their owners, and the Bahmani-Vijayanagara
Influence shift. Mongols never decide: their one Charge is always played to
best effect and their casualties are all alike."""

from __future__ import annotations

from engine import grammar, rng
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara import upkeep
from engine.games.vijayanagara.data import (
    BAHMANI,
    DELHI,
    MONGOLS,
    NAMES,
    PIECE_NAMES,
    STRUCTURE,
    UNIT_KINDS,
    VIJAYANAGARA,
)

MAX_HITS = 5


def start(state: dict, attacker: str, defender: str, space: str, involved: dict[str, int],
          *, dice: int, after: str | None = None, after_args: dict | None = None) -> None:
    """Push a battle. ``involved`` maps "kind@space" to the attacking units."""
    a_units = sum(involved.values())
    d_units = pc.units(state, space, defender)
    m.push(
        state, "battle", None, attacker=attacker, defender=defender, space=space,
        involved={k: v for k, v in involved.items() if v}, a_units=a_units, d_units=d_units,
        a_n=dice, a_dice=[], d_dice=[], a_gone=[], d_gone=[], phase="roll",
        a_hits=0, d_hits=0, a_lost=0, d_lost=0, after=after, p=after_args or {},
    )


def attack_dice(state: dict, attacker: str, defender: str, space: str) -> int:
    if attacker == MONGOLS:
        return 3 if space == "delhi" else 4
    if defender == BAHMANI and attacker != BAHMANI and pc.has_structure(state, space, BAHMANI):
        return 3  # a Fort weakens the attack (3.2.4, 3.4.4)
    return 4


def _hits(dice: list[int], gone: list[int], units: int) -> int:
    hits = sum(1 for i, v in enumerate(dice) if i not in gone and v != 6 and v <= units)
    return min(MAX_HITS, hits)


def _live(f: dict, side: str) -> list[int]:
    return [i for i in range(len(f[side + "_dice"])) if i not in f[side + "_gone"]]


def _show(f: dict, side: str) -> str:
    dice = f[side + "_dice"]
    return "[" + " ".join(
        ("x" if i in f[side + "_gone"] else str(v)) for i, v in enumerate(dice)
    ) + "]"


def _mongol_charge(f: dict, side: str) -> None:
    """The Mongol token: turn a miss into a hit if possible, else a 2 into a 1 (1.10)."""
    dice, units = f[side + "_dice"], f[side + "_units"]
    live = _live(f, side)
    # A 6 is a miss however many units there are (it charges to a 5).
    pick = next((i for i in live if (dice[i] > units or dice[i] == 6) and dice[i] - 1 <= units
                 and dice[i] > 1), None)
    if pick is None:
        pick = next((i for i in live if dice[i] == 2), None)
    if pick is not None:
        dice[pick] -= 1


def _auto(state: dict, f: dict) -> bool:
    a, d, space = f["attacker"], f["defender"], f["space"]
    ph = f["phase"]
    if ph == "roll":
        f["a_dice"] = [rng.roll(state) for _ in range(f["a_n"])]
        f["d_dice"] = [rng.roll(state) for _ in range(2)]
        state["log"].append(
            f"Attack in {NAMES[space]}: {pc.fname(a)} ({grammar.count(f['a_units'], 'unit')})"
            f" {grammar.agree(pc.fname(a), 'rolls')} {_show(f, 'a')}, {pc.fname(d)} "
            f"({grammar.count(f['d_units'], 'unit')}) {grammar.agree(pc.fname(d), 'rolls')} "
            f"{_show(f, 'd')}."
        )
        pc.touch(state, space)
        f["phase"] = "a_cav"
        return True
    if ph in ("a_cav", "d_cav"):
        side = ph[0]
        who = a if side == "a" else d
        if who == MONGOLS:
            _mongol_charge(f, side)
            state["log"].append(f"The Mongol Charge: {_show(f, side)}.")
        elif state["cavalry"][who] > 0 and _cav_options(f, side):
            f["role"] = who
            return False
        f["phase"] = "d_cav" if side == "a" else "hits"
        f["role"] = None
        return True
    if ph == "hits":
        f["a_hits"] = _hits(f["a_dice"], f["a_gone"], f["a_units"])
        f["d_hits"] = _hits(f["d_dice"], f["d_gone"], f["d_units"])
        state["log"].append(
            f"{pc.fname(a)} {_show(f, 'a')} {grammar.agree(pc.fname(a), 'scores')} "
            f"{grammar.count(f['a_hits'], 'hit')}; {pc.fname(d)} {_show(f, 'd')} "
            f"{grammar.agree(pc.fname(d), 'scores')} {grammar.count(f['d_hits'], 'hit')}."
        )
        f["a_left"], f["d_left"] = f["d_hits"], f["a_hits"]
        f["phase"] = "a_cas"
        return True
    if ph in ("a_cas", "d_cas"):
        side = ph[0]
        who = a if side == "a" else d
        opts = _casualty_options(state, f, side)
        left = f[side + "_left"]
        if left <= 0 or not opts:
            f["phase"] = "d_cas" if side == "a" else "end"
            f["role"] = None
            return True
        total = sum(c for _, c in opts)
        if who == MONGOLS or len(opts) == 1 or total <= left:
            _remove(state, f, side, opts[0][0])
            return True
        f["role"] = who
        return False
    # end
    m.pop(state, f)
    if {a, d} == {BAHMANI, VIJAYANAGARA} and f["a_lost"] != f["d_lost"]:
        win, lose = (a, d) if f["a_lost"] < f["d_lost"] else (d, a)
        up = pc.shift_influence(state, win, +1)
        down = pc.shift_influence(state, lose, -1)
        state["log"].append(
            f"{pc.says(win, 'wins')} the battle: Influence {pc.fname(win)} {up:+d}, "
            f"{pc.fname(lose)} {down:+d} (3.3.4)."
        )
        upkeep.refill_slots(state, lose)
    if f["after"]:
        m.CALLBACKS[f["after"]](state, f, **f["p"])
    return True


def _cav_options(f: dict, side: str) -> dict:
    own, opp = side, "d" if side == "a" else "a"
    charge = [f"charge{i + 1}" for i in _live(f, own) if f[own + "_dice"][i] > 1]
    screen = [f"screen{i + 1}" for i in _live(f, opp) if f[opp + "_dice"][i] != 1]
    out = {}
    if charge:
        out["charge"] = charge
    if screen:
        out["screen"] = screen
    return out


def _casualty_options(state: dict, f: dict, side: str) -> list[tuple[str, int]]:
    """(kind@space, removable count) for the side's pieces in this battle. The defender
    removes its own pieces (3.2.4): its Units in the space, or its Structure there."""
    if side == "a":
        out = []
        for key, cnt in f["involved"].items():
            kind, space = key.split("@")
            c = min(cnt, pc.n(state, space, kind))
            if c:
                out.append((key, c))
        return out
    d, space = f["defender"], f["space"]
    out = [(f"{k}@{space}", pc.n(state, space, k)) for k in UNIT_KINDS[d] if pc.n(state, space, k)]
    if d in STRUCTURE and pc.n(state, space, STRUCTURE[d]):
        out.append((f"{STRUCTURE[d]}@{space}", 1))
    return out


def _remove(state: dict, f: dict, side: str, key: str) -> None:
    kind, space = key.split("@")
    pc.remove(state, space, kind)
    if side == "a" and key in f["involved"]:
        f["involved"][key] -= 1
    f[side + "_left"] -= 1
    f[side + "_lost"] += 1
    who = f["attacker"] if side == "a" else f["defender"]
    state["log"].append(f"{pc.says(who, 'loses')} one {PIECE_NAMES[kind]} in {NAMES[space]}.")


def _prompt(state: dict, f: dict) -> tuple[str, dict]:
    ph = f["phase"]
    side = ph[0]
    if ph.endswith("cav"):
        opts = _cav_options(f, side)
        you, them = _show(f, side), _show(f, "d" if side == "a" else "a")
        text = (
            f"{pc.fname(f['role'])}: Cavalry in the battle in {NAMES[f['space']]} (1.10). "
            f"Your dice {you}, theirs {them}; you hold "
            f"{grammar.count(state['cavalry'][f['role']], 'token')}. "
            "`chargeN` lowers your die N by one; `screenN` removes their die N (not a 1); "
            "`ready` when done."
        )
        return text, {**opts, "ready": None}
    left = f[side + "_left"]
    losses = _casualty_options(state, f, side)
    text = (
        f"{pc.fname(f['role'])}: remove {left} more of your pieces as casualties of the battle "
        f"in {NAMES[f['space']]} (3.2.4)."
    )
    return text, {"lose": [k for k, _ in losses]}


def _act(state: dict, f: dict, action: str, arg) -> None:
    side = f["phase"][0]
    who = f["role"]
    if action == "ready":
        f["phase"] = "d_cav" if side == "a" else "hits"
        f["role"] = None
        return
    if action == "lose":
        _remove(state, f, side, arg)
        return
    i = int(arg[6:]) - 1
    pc.spend_cavalry(state, who)
    if action == "charge":
        f[side + "_dice"][i] -= 1
        state["log"].append(f"{pc.fname(who)} Charge: die {i + 1} now {f[side + '_dice'][i]}.")
    else:
        opp = "d" if side == "a" else "a"
        f[opp + "_gone"].append(i)
        state["log"].append(f"{pc.fname(who)} Screen the opposing die {i + 1}.")


m.frame("battle", prompt=_prompt, act=_act, auto=_auto)

__all__ = ["start", "attack_dice", "DELHI"]
