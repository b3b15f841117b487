"""What a Vijayanagara position is worth to each faction, as Darbar's computer player weighs
it (ai.py says how it decides): its victory points now and what its pieces promise (the
module doc of ai.py words it in full). ``value`` is a faction's own worth less its
rivals', the leader weighing most."""

from __future__ import annotations

from engine.games.vijayanagara.data import (
    BAHMANI,
    DELHI,
    FACTIONS,
    NORTH,
    PROSPERITY,
    PROVINCES,
    UNIT_KINDS,
    VIJAYANAGARA,
)

DECK_CARDS = 35  # cards a game draws: 24 Events, 6 Mongol Invasions, 3 Successions, 2 Timurid
RIVAL = {DELHI: (BAHMANI, VIJAYANAGARA), BAHMANI: (DELHI, VIJAYANAGARA),
         VIJAYANAGARA: (DELHI, BAHMANI)}


def progress(state: dict) -> float:
    """How far the game has gone: 0 at the start, 1 when Timur comes."""
    return 1.0 - len(state["deck"]) / DECK_CARDS


# The weights of what a position is worth (tuned in games of the computer against itself).
W = {
    "hope": 0.8,  # what pieces promise fades by this much at the end
    "rebel": 0.75, "rebel_khalji": 0.35,  # a Tributary a rival outnumbers all others in
    "even": 0.3, "near": 0.1,  # ... where it is level with them, or one short
    "thin": 0.35, "thin2": 0.15,  # a Province held by one piece, or two
    "retake": 0.5, "retake_far": 0.2,  # Delhi's share of that, with pieces there or not
    "obey": 0.75, "obey_later": 0.4,  # a Sultanate-Controlled Province, Governor or not
    "open": 0.35,  # an uncontrolled Province whoever is closest may take
    "influential": 0.3, "unit": 0.1, "troop": 0.06,
    "res": 0.18, "res_more": 0.07, "res_floor": 0.3, "res_cap": 10, "cavalry": 0.25,
    "leader": 0.7,  # the leading rival's share of the rivals' worth in ``value``
    # What an Invader threatens Delhi with where it stands: a plunder there costs Delhi
    # Resources, and 1 Troop in the Provinces an Invader in Punjab, 2 one in Delhi (3.5.3).
    # (With 0.15, 0.3, 0.5 Delhi won 47 % of 150 games against itself; with these, 35 %.)
    "passes": 0.2, "punjab": 0.5, "delhi": 1.0,
}
# What each faction weighs otherwise: Bahmani lives by Trade, so a Resource is worth more
# to it (with the others at 0.18, Bahmani won 19 % of 90 games against the computer with
# 0.18, 33 % with 0.25; in all three seats 0.24 gave 30, 35, 34 % over 300 games).
BY_FACTION: dict[str, dict[str, float]] = {BAHMANI: {"res": 0.24}}
WEIGHTS = {f: {**W, **BY_FACTION.get(f, {})} for f in FACTIONS}


def worth(state: dict, k: dict[str, float] = W) -> dict[str, float]:
    """Each faction's victory points with what its pieces promise (see the module's doc),
    as weighed with ``k`` (the weights of the faction that weighs)."""
    res = state["result"]
    if res is not None:
        return {f: float(v) for f, v in res["scores"].items()}
    spaces, trib, ctrl = state["spaces"], state["tributary"], state["control"]
    late = progress(state)
    hope = 1.0 - k["hope"] * late  # what pieces promise counts less as the end nears
    rebel = k["rebel"] if state["dynasty"] == "tughlaq" or state.get("rebel_open") else \
        k["rebel_khalji"]
    even, near, thin, thin2 = k["even"] * rebel, k["near"] * rebel, k["thin"], k["thin2"]
    w = {DELHI: 0.0, BAHMANI: 0.0, VIJAYANAGARA: 0.0}
    for p in PROVINCES:
        h = spaces[p]
        pr = PROSPERITY[p]
        d = h["troop"] + h["governor"] + h["qasbah"]
        b = h["amir_o"] + h["amir_r"] + h["fort"]
        v = h["raja_o"] + h["raja_r"] + h["temple"]
        total = d + b + v
        if trib[p]:
            w[DELHI] += pr
            for f, x in ((BAHMANI, b), (VIJAYANAGARA, v)):
                if not x:
                    continue
                edge = 2 * x - total  # > 0: they could Rebel here
                threat = (rebel if edge > 0 else even if edge == 0 else
                          near if edge == -1 else 0.0)
                if threat:
                    w[f] += threat * pr * hope
                    w[DELHI] -= threat * pr * hope
        else:
            c = ctrl[p]
            if c in (BAHMANI, VIJAYANAGARA):
                w[c] += pr
                x = b if c == BAHMANI else v
                margin = 2 * x - total
                if margin <= 2:  # thinly held: Delhi or the rival may take it
                    risk = (thin if margin <= 1 else thin2) * pr * hope
                    w[c] -= risk
                    # Delhi needs a Governor and Control to make it Tributary again.
                    w[DELHI] += (k["retake"] if d else k["retake_far"]) * risk
            elif c == DELHI:
                w[DELHI] += (k["obey"] if h["governor"] else k["obey_later"]) * pr * (
                    1.0 if late < 0.97 else 0)
            else:  # nobody Controls it: whoever is closest may
                for f, x in ((DELHI, d), (BAHMANI, b), (VIJAYANAGARA, v)):
                    if x and 2 * x >= total - 1:
                        w[f] += k["open"] * pr * hope
    for f in (BAHMANI, VIJAYANAGARA):
        structure = "fort" if f == BAHMANI else "temple"
        infl = state["influence"][f]
        on_map = 0
        units = 0
        for s in PROVINCES:
            h = spaces[s]
            on_map += h[structure]
            units += h[UNIT_KINDS[f][0]] + h[UNIT_KINDS[f][1]]
        w[f] += on_map + infl + (k["influential"] if infl >= 2 else 0.0) * hope + \
            k["unit"] * units * hope
    w[DELHI] += state.get("timur_bonus", 0) + _against_mongols(state, late, k)
    troops = sum(spaces[p]["troop"] + spaces[p]["governor"] for p in PROVINCES)
    w[DELHI] += k["troop"] * troops * hope
    cap, floor = k["res_cap"], k["res_floor"]
    for f in FACTIONS:
        r = state["resources"][f]
        w[f] += (k["res"] * min(r, cap) + k["res_more"] * max(0, r - cap)) * (floor + hope) + \
            k["cavalry"] * state["cavalry"][f] * hope
    return w


def _against_mongols(state: dict, late: float, k: dict[str, float] = W) -> float:
    """Delhi's prospects against the Mongols: plunder threatened now, and Timur's count at
    the end (5.1: 3 less the Invaders left in Delhi), which weighs more as it nears."""
    s = state["spaces"]
    inv = {x: s[x]["invader"] for x in NORTH}
    guard = {x: s[x]["troop"] + s[x]["governor"] for x in NORTH}
    threat = k["passes"] * inv["passes"] + k["punjab"] * inv["punjab"] + k["delhi"] * inv[
        "delhi"]
    held = min(threat, 0.1 * (guard["delhi"] + guard["punjab"]))
    now = -(threat - held)
    # Timur: the first Timurid card sends half the Invaders Available into the Passes.
    coming = sum(inv.values()) + (0 if state["timur_drawn"] else state["avail"]["invader"] // 2)
    army = guard["passes"] + guard["punjab"] + 1.3 * guard["delhi"]
    left = max(0.0, coming - 0.55 * army)
    timur = max(-3.0, min(3.0, 3.0 - left))
    weight = max(0.0, (late - 0.45) / 0.55) ** 1.5
    return now * (1 - weight) + timur * weight


def value(state: dict, role: str) -> float:
    """What ``state`` is worth to ``role``: its worth less its rivals' (the leader weighs
    most); a game over is a win or a loss before anything else."""
    k = WEIGHTS[role]
    w = worth(state, k)
    a, b = (w[x] for x in RIVAL[role])
    lead = k["leader"]
    v = w[role] - lead * max(a, b) - (1 - lead) * min(a, b)
    res = state["result"]
    if res is not None:
        v += 50.0 / len(res["winners"]) if role in res["winners"] else -50.0
    return v
