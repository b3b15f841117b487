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

from engine import games
from engine.games.vijayanagara import decks, events
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import rules as R
from engine.games.vijayanagara.data import FACTIONS, MAX_RESOURCES
from engine.games.vijayanagara.heuristics import Step, prune, quick
from engine.games.vijayanagara.worth import RIVAL, progress, value, worth
from engine.rng import seed_of_seen
from engine.steps import play_while

MAX_STEPS = 400  # a whole move never takes this many steps
ROLLOUT_STEPS = 80  # a look ahead stops here and weighs where it stands
LOOP = 150  # past this many steps in one move, the computer ends what it can
RICH, MOUNTED = 20, 4  # Resources and Cavalry beyond what a faction can use (its gifts)
# Frames whose choices shape the whole action: weighed by playing each option through.
WHOLE = frozenset(("choose", "cd", "cmd_pick", "decree_pick", "event_side", "mongol_card"))
# Frames whose steps show their worth only when the frame is done (a battle's Cavalry,
# a Campaign's column, a gift): a look ahead plays on until the frame is gone.
UNTIL_GONE = frozenset(("battle", "campaign", "give", "manual"))
ENDS = ("done", "pass", "skip", "ready", "cancel")


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
