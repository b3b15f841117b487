"""Darbar's own computer player for Vijayanagara.

The printed Non-Player booklet (1.5.1) is not public, so this is not its flowcharts: it is
a search built from the rulebook's victory conditions (5.1-5.3) and each faction's means.
It plays any faction, in any mix with people, through every decision the game asks.

How it decides. A position is worth, to each faction, its victory points now and what its
pieces promise: Delhi the Prosperity of Tributary Provinces, less what Rebels threaten
there, plus Provinces it could make Tributary again, and its army against the Mongols and
Timur's final count; Bahmani and Vijayanagara what they Control, their Forts or Temples and
Influence, plus Tributaries their pieces could Rebel in and Provinces they could take,
less what they may lose; Resources and Cavalry for all. A faction's ``value`` is its own
worth less its rivals' (the leader weighs most).

At a choice that shapes the whole action (the Sequence of Play, a Command or Decree, an
Event's side, the Mongols' Commands, Succession), it plays each option through to the end
of the action and keeps the one that ends best; within an action it weighs each step by
playing on to the end of what that step starts (a March, an Attack and its battle) with a
cheaper player, which takes the step worth most at once or follows a rule of thumb. It then
follows the line it found until dice or a card show something new, and thinks again. Its
one rule that is not a search: Resources and Cavalry it cannot use go to the faction that
is not leading (1.5.2).

It never reads what its faction cannot see: it searches a copy of the position in which
the cards not yet seen are drawn anew into the stacks (2.1) and the dice to come are new
(``games.redealt``), from a seed made of the position as its faction sees it, so the same
view always gets the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import games
from engine.games.vijayanagara import commands, decks, events
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import rules as R
from engine.games.vijayanagara.data import (
    ADJ,
    BAHMANI,
    DELHI,
    FACTIONS,
    MAX_RESOURCES,
    NORTH,
    PROSPERITY,
    PROVINCES,
    UNIT_KINDS,
    VIJAYANAGARA,
)
from engine.rng import seed_of_seen
from engine.steps import play_while

Step = tuple[str, object]
MAX_STEPS = 400  # a whole move never takes this many steps
ROLLOUT_STEPS = 80  # a look ahead stops here and weighs where it stands
LOOP = 150  # past this many steps in one move, the computer ends what it can
RICH, MOUNTED = 20, 4  # Resources and Cavalry beyond what a faction can use (its gifts)
DECK_CARDS = 35  # cards a game draws: 24 Events, 6 Mongol Invasions, 3 Successions, 2 Timurid
# Frames whose choices shape the whole action: weighed by playing each option through.
WHOLE = frozenset(("choose", "cd", "cmd_pick", "decree_pick", "event_side", "mongol_card"))
# Frames whose steps show their worth only when the frame is done (a battle's Cavalry,
# a Campaign's column, a gift): a look ahead plays on until the frame is gone.
UNTIL_GONE = frozenset(("battle", "campaign", "give", "manual"))
ENDS = ("done", "pass", "skip", "ready", "cancel")
RIVAL = {DELHI: (BAHMANI, VIJAYANAGARA), BAHMANI: (DELHI, VIJAYANAGARA),
         VIJAYANAGARA: (DELHI, BAHMANI)}


# --- what a position is worth -----------------------------------------------------------------


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


# --- what the computer may know ------------------------------------------------------------


def seed_of(state: dict, role: str) -> int:
    """A seed made of what ``role`` sees (the position, the log, its prompt), never of the
    hidden deck or dice: the same view gets the same decision."""
    v = R.view(state, role)
    seen = [role, v["move"], v["prompt"], len(state["log"]), state["log"][-8:],
            state["stack"], state["current"], len(state["deck"]), state["resources"],
            state["cavalry"], state["spaces"]]
    return seed_of_seen(seen)


def sample(state: dict, role: str, seed: int) -> dict:
    """The position as ``role`` may imagine it: every card not yet seen drawn anew into the
    stacks still to come (each keeps its public count of Events, Mongol Invasions and
    Timurid cards, 2.1) and new dice, all from ``seed``. Nothing of the real order or of
    which cards were left out of this game is read."""
    played = set(state["played"])
    if state["current"] is not None:
        played.add(state["current"])
    unseen_e = [f"e{n}" for n in sorted(decks.events(state)) if f"e{n}" not in played]
    unseen_m = [c for c in sorted(decks.mongols(state)) if c not in played]
    r = random.Random(seed)
    r.shuffle(unseen_e)
    r.shuffle(unseen_m)
    deck: list[str] = []
    stack: list[str] = []
    for card in [*state["deck"], None]:  # the counts of each kind per stack are public
        if card is None or card[0] == "s":
            e = sum(c[0] == "e" for c in stack)
            mg = sum(c[0] == "m" for c in stack)
            deck += [unseen_e.pop() for _ in range(e)] + [unseen_m.pop() for _ in range(mg)]
            deck += sorted(c for c in stack if c[0] == "t")
            stack = []
            if card is not None:
                deck.append(card)
        else:
            stack.append(card)
    copy = dict(state)
    copy["deck"] = deck
    copy["out"] = unseen_e + unseen_m
    return games.redealt(_game(), copy, seed, keep=[role])


def _game():
    return games.get(R.ID)


# --- the player --------------------------------------------------------------------------------


def legal(state: dict, role: str) -> list[Step]:
    """The steps worth weighing: a gift (1.5.2) only by the computer's own rule, never an
    Event carried out by hand (a by-hand deck keeps people on the seats that play them)."""
    acts = R.view(state, role)["actions"]
    out: list[Step] = []
    f = m.top(state)
    for a, args in acts.items():
        if a in ("give", "cancel") and not (f is not None and f["t"] == "give"):
            continue
        if a == "event" and _by_hand(state):
            continue
        if args is None:
            out.append((a, None))
        else:
            out.extend((a, x) for x in args)
    if not out:  # only a gift or a cancel is offered (never while deciding): take it
        out = [(a, None) if args is None else (a, args[0]) for a, args in acts.items()]
    return out


def _by_hand(state: dict) -> bool:
    card = state["current"]
    if card is None or card[0] != "e":
        return False
    number = int(card[1:])
    return any((decks.events(state)[number].get(s) or {}).get("effect") == "manual"
               for s in events.sides(state, number))


class Player:
    """One faction's thinking for one call of ``bot_steps``: the line it found, followed
    while the game goes as it foresaw."""

    def __init__(self, role: str, deep: int = 2, samples: int = 1) -> None:
        self.role = role
        self.deep = deep
        self.samples = samples  # futures a step that rolls dice is weighed in, at the top
        self.seed = 0  # of the decision under way (``seed_of``)
        self.taken = 0  # steps chosen so far in this call
        # The line found: (the position foreseen, or None for any, and the step there).
        self.plan: list[tuple[dict | None, Step]] = []

    # -- the real decision --
    def choose(self, state: dict, role: str) -> Step:
        steps = legal(state, role)
        if len(steps) == 1:
            self.plan = []
            return steps[0]
        self.taken += 1
        if self.taken > LOOP:  # a safeguard: end what is under way rather than go round
            end = next((s for s in steps if s[0] in ENDS), None)
            if end is not None:
                return end
        while self.plan:
            foreseen, step = self.plan.pop(0)
            if _same(foreseen, state) and step in steps:
                return step
            self.plan = []
        gift = self._gift(state)
        if gift is not None:
            return gift
        self.seed = seed_of(state, role)
        look = sample(state, role, self.seed)
        f = m.waiting(look)
        depth = self.deep if f["t"] in WHOLE else max(1, self.deep - 1)
        step, line = self.best(look, role, depth, steps, keep_line=True, futures=self.samples)
        self.plan = line
        return step

    def best(self, state: dict, role: str, depth: int, steps: list[Step] | None = None,
             keep_line: bool = False, futures: int = 1
             ) -> tuple[Step, list[tuple[dict | None, Step]]]:
        """The step worth most to ``role``, each played on to the end of what it starts
        (``depth`` - 1 deep), and the line that follows it. A step whose play rolls dice
        is weighed in ``futures`` futures (the others drawn anew from this one)."""
        steps = steps if steps is not None else legal(state, role)
        if len(steps) == 1:
            return steps[0], []
        if depth <= 0:
            return quick(state, role, steps), []
        f = m.waiting(state)
        base, kind = len(state["stack"]), f["t"]
        best: tuple[float, Step, list | None] | None = None
        # Ending what is under way comes first, so a step that changes nothing never wins.
        for step in sorted(prune(state, role, f, steps), key=lambda s: s[0] not in ENDS):
            line: list[tuple[dict | None, Step]] | None = [] if keep_line else None
            after = R.act(state, role, *step)
            end = self.play_on(after, depth - 1, base, kind, line)
            v = value(end, role)
            if futures > 1 and end["rng"] != state["rng"]:
                for i in range(1, futures):
                    other = games.redealt(_game(), state, self.seed + i, keep=[role])
                    v += value(self.play_on(R.act(other, role, *step), depth - 1, base, kind,
                                            None), role)
                v /= futures
            if best is None or v > best[0]:
                best = (v, step, line)
        assert best is not None
        return best[1], best[2] or []

    def play_on(self, state: dict, depth: int, base: int, kind: str,
                line: list | None) -> dict:
        """Play on from ``state`` until what the last step started is done: the frame it
        was taken in is back on top (or gone), or the game is over."""
        for _ in range(ROLLOUT_STEPS):
            if state["result"] is not None:
                break
            stack = state["stack"]
            if len(stack) < base or (len(stack) == base and stack[-1]["t"] == kind
                                     and kind not in UNTIL_GONE):
                break
            who = R.active(state)
            if not who:
                break
            r = who[0]
            steps = legal(state, r)
            if r == self.role and depth > 0 and m.waiting(state)["t"] not in UNTIL_GONE:
                step, _ = self.best(state, r, depth, steps)
            else:
                step = quick(state, r, steps)
            if line is not None and r == self.role:
                line.append((state, step))
            state = R.act(state, r, *step)
        return state

    def _gift(self, state: dict) -> Step | None:
        """1.5.2, what serves it to give: Resources it cannot use (it holds 20 or more,
        before the last stack) and Cavalry beyond what it needs (more than 4 tokens) go to
        the faction that is not leading, so that the leader's rival is stronger; never to
        the leader, never when the computer leads itself."""
        f = m.waiting(state)
        if f["t"] != "choose" or f["phase"] != "pick" or progress(state) > 0.75:
            return None
        me = self.role
        if "give" not in R.view(state, me)["actions"]:
            return None
        w = worth(state)
        leader = max(FACTIONS, key=lambda x: w[x])
        if leader == me:
            return None
        other = next(x for x in RIVAL[me] if x != leader)
        res, cav = state["resources"], state["cavalry"]
        if res[me] >= RICH and res[other] <= RICH - 2:
            what, amount = "resources", min(res[me] - RICH + 4, MAX_RESOURCES - res[other])
        elif cav[me] > MOUNTED:
            what, amount = "cavalry", cav[me] - MOUNTED + 1
        else:
            return None
        self.plan = [(None, ("to", other)), (None, ("what", what)),
                     (None, ("amount", str(amount)))]
        return ("give", None)


def _same(foreseen: dict | None, state: dict) -> bool:
    """Whether the game stands where the line foresaw (what a player sees of it: the log
    and what the game waits on); a die or card seen otherwise ends the line."""
    if foreseen is None:
        return True
    a, b = foreseen["log"], state["log"]
    return len(a) == len(b) and (not a or a[-1] == b[-1]) and foreseen["stack"] == state["stack"]


# --- pruning and rules of thumb -----------------------------------------------------------------

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


# --- the contract's entry -----------------------------------------------------------------------


def refuses(options: dict) -> str | None:
    """Why the computer cannot take a seat with these options: a by-hand deck's Events are
    carried out by hand (manual.py), and any faction may take the Event, so people hold
    every seat of such a game."""
    deck = options.get("deck", "darbar")
    if deck == "darbar":
        return None
    return (f"the Events of the deck `{deck}` are carried out by hand, which the computer "
            "cannot do, and every faction may take an Event, so people hold every seat")


def bot_steps(state: dict, role: str, **how) -> list[Step]:
    """The computer's steps while the decision stays with ``role`` (its action, or its part
    in another's: a battle's Cavalry and casualties, a refill, a choice of donor). ``how``:
    the Player's settings (tests and the bench compare them)."""
    move = state["move"]
    player = Player(role, **how)
    return play_while(state, role, player.choose, R.act,
                      lambda s: s["result"] is None and R.active(s) == [role]
                      and s["move"] == move, MAX_STEPS)


def choose(state: dict, role: str) -> Step:
    """One step for ``role`` (the game must be waiting for it)."""
    return Player(role).choose(state, role)


__all__ = ["bot_steps", "choose", "value", "worth", "sample", "seed_of"]
