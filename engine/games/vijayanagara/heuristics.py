"""The computer player's cheaper self (ai.py): which steps a search weighs in full
(``prune``), and the step it takes without searching (``quick``): the one worth most at
once, or a rule of thumb for the frame the game waits in."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.vijayanagara import commands
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import rules as R
from engine.games.vijayanagara.data import (
    ADJ,
    BAHMANI,
    DELHI,
    NORTH,
    PROSPERITY,
    PROVINCES,
    UNIT_KINDS,
    VIJAYANAGARA,
)
from engine.games.vijayanagara.worth import progress, value, worth

Step = tuple[str, object]
WIDE = 7  # at most this many spaces are weighed in a Command


def prune(state: dict, role: str, f: dict, steps: list[Step]) -> list[Step]:
    """The steps worth weighing in full: in a Command, the spaces that look best by rule of
    thumb (and `done`); elsewhere all."""
    if f["t"] != "cmd" or len(steps) <= WIDE + 1:
        return steps
    spaces = [s for s in steps if s[0] == "space"]
    rest = [s for s in steps if s[0] != "space"]
    spaces.sort(key=lambda s: -space_score(state, role, f["name"], str(s[1])))
    return spaces[:WIDE] + rest


def quick(state: dict, role: str, steps: list[Step]) -> Step:
    """The cheaper player: the step worth most at once where a step changes the board, else
    a rule of thumb for the frame."""
    f = m.waiting(state)
    t = f["t"]
    rule = RULES.get(t)
    if rule is not None:
        step = rule(state, role, f, steps)
        if step is not None:
            return step
    return greedy(state, role, steps)


def greedy(state: dict, role: str, steps: list[Step]) -> Step:
    best, best_v = steps[0], float("-inf")
    for step in steps:
        v = value(R.act(state, role, *step), role)
        if v > best_v:
            best, best_v = step, v
    return best


def _pick(steps: list[Step], *wanted: str) -> Step | None:
    for w in wanted:
        for s in steps:
            if s[0] == w or s[1] == w:
                return s
    return None


def _choose_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    if state["resources"][role] >= 2:
        return _pick(steps, "cmd", "command", "limited", "pass")
    return _pick(steps, "limited", "pass")


COMMAND_ORDER = {
    DELHI: ("attack", "conscript", "govern", "march"),
    BAHMANI: ("rebel", "rally", "attack", "migrate"),
    VIJAYANAGARA: ("rebel", "rally", "attack", "migrate"),
}
DECREE_ORDER = {
    DELHI: ("obedience", "tribute", "campaign"),
    BAHMANI: ("build", "trade", "conspire"),
    VIJAYANAGARA: ("build", "tax", "compel"),
}


def _command(state: dict, role: str, steps: list[Step]) -> Step | None:
    names = {s[0] for s in steps}
    scored = []
    for c in COMMAND_ORDER[role]:
        if c in names:
            spaces = commands.locations(state, role, c)
            top = max((space_score(state, role, c, s) for s in spaces), default=0.0)
            scored.append((top, c))
    if scored:
        top, c = max(scored)
        if top > 0.2:
            return (c, None)
    return None


def _cd_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    if not f["decree"] and state["resources"][role] <= 1:
        return ("decree", None)
    return _command(state, role, steps) or _pick(steps, "decree", "done")


def _pick_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return _command(state, role, steps) or _pick(steps, "skip") or steps[0]


def _decree_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return _pick(steps, *DECREE_ORDER[role])


def _cmd_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    if f["name"] in ("conscript", "rally", "rebel"):
        spaces = [s for s in steps if s[0] in ("space", "done")]
        return greedy(state, role, spaces) if spaces else ("done", None)
    spaces = [s for s in steps if s[0] == "space"]
    if spaces:
        top = max(spaces, key=lambda s: space_score(state, role, f["name"], str(s[1])))
        if space_score(state, role, f["name"], str(top[1])) > 0.4:
            return top
    return ("done", None)


def _gather_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    origins = [s for s in steps if s[0] == "from"]

    def spare(s: Step) -> int:  # units the origin can spare
        h = state["spaces"][str(s[1])]
        return sum(h[k] for k in UNIT_KINDS[role]) - _needed(state, role, str(s[1]))

    top = max(origins, key=spare) if origins else None
    return top if top is not None and spare(top) > 0 else ("done", None)


def _count_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    if f["on"] == "moved":  # as many as the origin can spare
        origin = f["p"]["origin"]
        units = sum(state["spaces"][origin][k] for k in UNIT_KINDS[role])
        want = min(max(0, units - _needed(state, role, origin)), int(str(steps[-1][1])))
        return ("count", str(want)) if ("count", str(want)) in steps else steps[0]
    if f["on"] in ("supported", "advanced", "campaign_take"):
        return steps[-1]  # all they can
    if f["on"] == "campaign_drop":
        return steps[0]
    return None


def _needed(state: dict, role: str, space: str) -> int:
    """Units ``role`` should keep in ``space``: enough to keep its Control, or to keep a
    Tributary out of a rival's reach (Delhi), or its chance to Rebel there."""
    h = state["spaces"][space]
    if space not in PROVINCES:
        inv = sum(state["spaces"][x]["invader"] for x in NORTH)
        return min(h["troop"], inv) if space == "delhi" else 0
    d = h["troop"] + h["governor"] + h["qasbah"]
    b = h["amir_o"] + h["amir_r"] + h["fort"]
    v = h["raja_o"] + h["raja_r"] + h["temple"]
    structure = {DELHI: h["qasbah"], BAHMANI: h["fort"], VIJAYANAGARA: h["temple"]}[role]
    mine = {DELHI: d, BAHMANI: b, VIJAYANAGARA: v}[role]
    others = d + b + v - mine
    if role == DELHI:
        if state["tributary"][space]:
            rival, third = max(b, v), min(b, v)
            keep = rival - third + 1 if rival else 0  # no Rebel: their pieces <= the rest
        else:
            keep = others + 1 if state["control"][space] == DELHI else 0
    elif state["control"][space] == role or state["tributary"][space]:
        keep = others + 1
    else:
        keep = 0
    return max(0, min(mine, keep) - structure)


def _choice_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    on = f["on"]
    opts = [s[1] for s in steps]
    if on == "attack_defender":
        w = worth(state)
        return ("choose", max(opts, key=lambda x: w.get(str(x), 0.0)))
    if on == "attack_support":
        c = commands.find(state, "cmd")
        return ("choose", max(opts, key=lambda x: 0 if x == "alone" else sum(
            commands._unused(state, role, str(x), c["used"]).values())))
    if on in ("fx_command", "fx_decree", "succession_limited"):
        return ("choose", next(x for x in opts if x != "skip"))
    if on == "succession_campaign":
        return ("choose", "skip")
    if on == "gifts":
        return ("choose", "gifts" if state["resources"][role] < 4 else "decline")
    if on == "cavalry_from":
        w = worth(state)
        return ("choose", max(opts, key=lambda x: w.get(str(x), 0.0)))
    return None


def _mongol_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return _pick(steps, "plunder", "advance", "amass")


def _battle_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    if f["phase"].endswith("cav"):
        return ("ready", None)
    return None  # casualties: the loss that costs least


def _refill_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return _pick(steps, "available")


def _done_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return ("done", None) if ("done", None) in steps else None


def _give_rule(state: dict, role: str, f: dict, steps: list[Step]) -> Step | None:
    return ("cancel", None) if ("cancel", None) in steps else None


RULES: dict[str, Callable[[dict, str, dict, list[Step]], Step | None]] = {
    "choose": _choose_rule, "cd": _cd_rule, "cmd_pick": _pick_rule,
    "decree_pick": _decree_rule, "cmd": _cmd_rule, "gather": _gather_rule,
    "count": _count_rule, "choice": _choice_rule, "mongol_card": _mongol_rule,
    "battle": _battle_rule, "refill": _refill_rule, "lords": _done_rule,
    "campaign": _done_rule, "give": _give_rule, "manual": _done_rule,
}


def space_score(state: dict, role: str, name: str, space: str) -> float:
    """A rule of thumb for selecting ``space`` for Command ``name``: about the victory
    points it may bring."""
    s = state["spaces"]
    h = s[space]
    pr = PROSPERITY.get(space, 0)
    d = h["troop"] + h["governor"] + h["qasbah"]
    b = h["amir_o"] + h["amir_r"] + h["fort"]
    v = h["raja_o"] + h["raja_r"] + h["temple"]
    mine = {DELHI: d, BAHMANI: b, VIJAYANAGARA: v}[role]
    total = d + b + v
    trib = state["tributary"].get(space)
    ctrl = state["control"].get(space)
    if name == "rebel":
        return 2.0 + pr
    if name in ("rally", "conscript"):
        if space in NORTH:
            inv = sum(s[x]["invader"] for x in NORTH)
            return 0.3 * inv + (1.0 if progress(state) > 0.6 else 0.0) - 0.1 * d
        edge = 2 * mine - total
        return pr * (1.0 if -3 <= edge <= 1 else 0.3) + 0.2
    if name in ("march", "migrate"):
        near = sum(sum(s[o][k] for k in UNIT_KINDS[role]) for o in ADJ[space]
                   if o in PROVINCES or role == DELHI)
        if not near:
            return -1.0
        if space in NORTH:
            inv = sum(s[x]["invader"] for x in NORTH)
            return (0.2 * inv + (1.5 if progress(state) > 0.6 else 0.0)) - 0.1 * d
        edge = 2 * mine - total
        if role == DELHI:
            rival = max(b, v)
            if trib and rival and 2 * rival >= total - 1:
                return pr * 1.2
            if not trib and ctrl != DELHI and total:
                return pr * (1.5 if h["governor"] else 0.8)
            return -0.5
        if ctrl == role:
            return -0.5 if edge > 2 else pr * 0.5
        return pr * (1.2 if -3 <= edge <= 1 else 0.3)
    if name == "attack":
        foes = total - mine
        if role == DELHI:
            rebels = h["amir_r"] + h["raja_r"] + h["invader"]
            return (pr + 1.0) * min(1.0, (mine + 1) / (rebels + 1)) if rebels or foes else -1
        if not foes:
            return -1.0
        return (pr + 0.5) * min(1.0, (mine + 1) / (foes + 1)) - (0.5 if trib and
                                                                   role != DELHI else 0)
    if name == "govern":
        obedient = h["amir_o"] + h["raja_o"]
        return 0.6 * obedient + (0.8 if not h["governor"] and pr else 0.0) + (
            0.5 if not h["qasbah"] and h["governor"] else 0.0) + 0.2 * pr
    return 0.0
