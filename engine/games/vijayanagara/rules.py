"""Vijayanagara (GMT 2023) to the engine contract: setup / view / act / result /
summary, typed tokens and button labels. The rules live in the modules this one
imports; see README "Vijayanagara" for the token grammar and the readings."""

from __future__ import annotations

import re
from collections.abc import Collection
from operator import itemgetter

from engine import rng
from engine.errors import IllegalAction
from engine.games.vijayanagara import cards, commands, decks, negotiation, sequence, tiebreak
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    BAHMANI,
    DELHI,
    FACTION_NAMES,
    FACTIONS,
    KINDS,
    NAMES,
    PROVINCES,
    SETUP_AVAILABLE,
    SETUP_PIECES,
    SETUP_RESOURCES,
    SLOTS,
    SPACES,
    VIJAYANAGARA,
    space_token,
)
from engine.jsontree import clone_state
from engine.lazyview import LazyView
from engine.options import REVISION as REVISION_OPTION
from engine.options import Option, revision_entry, with_defaults
from engine.rng import seed_state
from engine.steps import opening

ID = "vijayanagara"
NAME = "Vijayanagara"
ROLES = list(FACTIONS)
ROLE_NAMES = dict(FACTION_NAMES) | {"mongols": "Mongol Invaders"}
PLAYERS = (1, 3)
OPTIONS: dict[str, Option] = {
    "deck": {
        "type": "choice", "choices": decks.names, "default": "darbar",
        "help": "Event deck: `darbar` (Darbar's own reconstruction) or a deck file of the "
        "printed cards with effects played by hand.",
    },
    "timurs_shadow": {
        "type": "bool", "default": False,
        "help": "Timur's Shadow variant: after the first Timurid card, Commands select one "
        "space.",
    },
    tiebreak.OPTION: {
        "type": "choice", "choices": ["none", tiebreak.GOAT_TIGER], "default": "none",
        "help": "`goat_tiger`: a tie on VP and Resources is played out at Goat-Tiger (5.5).",
    },
}


# --- setup -------------------------------------------------------------------------


# Rules revisions (docs/architecture.md "Rules revisions"): 2 since issue 39, the state
# gathers the spaces every action of the current card touched (``card_touched``), for the
# picture. A stored state without a ``revision`` was set up before and replays exactly as
# it was stored, without them (its picture frames the last action only).
REVISION = 2


def setup(seed: int, options: dict | None = None) -> dict:
    opts = _options(options or {})
    revision = revision_entry(opts, REVISION)
    opts.pop(REVISION_OPTION, None)
    if opts[tiebreak.OPTION] == "none":
        # Off, as every game set up before the option was: its state stays as it was, so
        # stored games and their recorded logs replay to the very same states.
        del opts[tiebreak.OPTION]
    state: dict = {
        "game": ID,
        **revision,
        "options": opts,
        "rng": seed_state(seed),
        "spaces": {s: {k: 0 for k in KINDS} for s in SPACES},
        "tributary": {p: True for p in PROVINCES},
        "control": {p: None for p in PROVINCES},
        "avail": dict(SETUP_AVAILABLE),
        "track": {f: {str(lvl): c for lvl, c in slots.items()} for f, slots in SLOTS.items()},
        "influence": {BAHMANI: 0, VIJAYANAGARA: 0},
        "resources": dict(SETUP_RESOURCES),
        "cavalry": {DELHI: 2, BAHMANI: 0, VIJAYANAGARA: 0, "pool": 8},
        "dynasty": "khalji",
        "eligible": {f: True for f in FACTIONS},
        "turn": None,
        "deck": [],
        "out": [],
        "current": None,
        "played": [],
        "timur_drawn": False,
        "timur_bonus": 0,
        "stack": [],
        "move": 0,
        "turn_ended": False,
        "touched": [],
        "last_touched": [],
        **({"card_touched": [], "touched_card": None} if revision else {}),
        "log": ["Vijayanagara: the Khalji Dynasty rules in Delhi. All provinces are Tributary."],
        "result": None,
    }
    for space, kinds in SETUP_PIECES.items():
        for kind, count in kinds.items():
            state["spaces"][space][kind] = count
    state["deck"], state["out"] = cards.build_deck(state)
    pc.update_control(state)
    m.advance(state, sequence.idle)
    _settle(state, None)
    return state


def _options(options: dict) -> dict:
    out = with_defaults(OPTIONS, options)
    decks.load(out["deck"])  # refuses a broken deck
    return out


# --- the contract ----------------------------------------------------------------------


def active(state: dict) -> list[str]:
    f = m.top(state)
    return [f["role"]] if f is not None and state["result"] is None else []


# The keys of a view in their order: the public board (summary), then the rest.
VIEW_KEYS = ("spaces", "factions", "available", "cavalry_pool", "influence", "influence_slots",
             "dynasty", "card", "played", "deck_size", "successions_left", "eligible", "turn",
             "result", "game", "active", "move", "log", "last_touched", "touched", "card_touched",
             "prompt",
             "actions", "waiting_for")


def view(state: dict, role: str | None) -> dict:
    """Whom the game waits for and what ``role`` may do now are worked out at once; the
    board, the log and the rest only when something reads them (a search or a random
    player reads ``active`` and ``actions`` alone, at every step): engine/lazyview.py."""
    who = active(state)
    text: str = ""
    actions: dict = {}
    if role is not None and role in who:
        text, actions = prompt(state, role)
    elif role in ROLES and (now := anytime(state, role)):
        text, actions = ANYTIME_PROMPT, now
    eager = {"game": ID, "active": who, "move": state["move"], "prompt": text,
             "actions": actions, "waiting_for": list(who)}
    return LazyView(eager, lambda: _board(state), VIEW_KEYS)


def _board(state: dict) -> dict:
    """The part of a view read only when needed: the summary, the log, the spaces touched."""
    v = summary(state)
    v.update(log=list(state["log"]), last_touched=list(state["last_touched"]),
             touched=list(state["touched"]), card_touched=list(state.get("card_touched") or []))
    return v


ANYTIME_PROMPT = ("It is not your turn, but you may give Resources or Cavalry to another "
                  "faction at any time (1.5.2): `give`.")


def anytime(state: dict, role: str) -> dict:
    """What a faction the game is not waiting for may do now: give (1.5.2: "Resources and
    Cavalry tokens may be traded among any Factions at any time"). Not while a gift is
    already being made, so that gifts never nest."""
    f = m.top(state)
    if state["result"] is not None or f is None or f["t"] == "give" or f["role"] == role:
        return {}
    return {"give": None} if negotiation.can_give(state, role) else {}


# Generic number / choice prompts name the rule of the procedure that asked them.
CALLBACK_RULES = {
    "advance_from": "3.5.2", "advanced": "3.5.2", "plunder_at": "3.5.3", "gifts": "2.4.2",
    "campaign_take": "4.2.2", "campaign_drop": "4.2.2", "conspire_target": "4.3.3",
    "conspire_place": "4.3.3", "compel_in": "4.4.3", "compel_from": "4.4.3", "cavalry_from": "1.10",
    "succession_campaign": "2.5", "succession_limited": "2.5.2", "succession_gain": "2.5.2",
    "built": "4.3.2, 4.4.2",
}
COMMAND_CALLBACKS = {"moved": None, "supported": "attack", "attack_support": "attack",
                     "attack_defender": "attack"}
RULE_MARK = re.compile(r"\(\d\.\d")


def _rule_of(state: dict, f: dict) -> str | None:
    on = f.get("on")
    if on in CALLBACK_RULES:
        return CALLBACK_RULES[on]
    if on in COMMAND_CALLBACKS:
        cmd = next(x for x in reversed(state["stack"]) if x["t"] == "cmd")
        return commands.rule(cmd["role"], COMMAND_CALLBACKS[on] or cmd["name"])
    return None


# The state object whose waiting frame was last asked, and the frame's prompt and actions:
# act() on that same object (after view() or act()'s opening) takes a step found among them
# without working them out again (a search or a random player views, then acts, at every
# step). The engine never changes a state in place once setup() or act() returned it, so
# the same object still has the same actions; the reference kept here keeps it from being
# freed and its id reused.
_SEEN: list = [None, "", {}]


def _asked(state: dict) -> tuple[str, dict]:
    """The waiting frame's prompt and actions, worked out once for a state object."""
    if _SEEN[0] is not state:
        _SEEN[:] = [state, *m.prompt_of(state, m.waiting(state))]
    return _SEEN[1], _SEEN[2]


def prompt(state: dict, role: str) -> tuple[str, dict]:
    """What the faction the game waits for is asked, with the rule that asks it, and its
    steps: the waiting frame's, and a gift (1.5.2) where it may make one."""
    f = m.waiting(state)
    text, actions = _asked(state)
    if not RULE_MARK.search(text) and (rule := _rule_of(state, f)):
        text = f"{text} ({rule})"
    actions = dict(actions)
    if f["t"] != "give" and negotiation.can_give(state, role):
        actions["give"] = None
    return text, actions


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    if (why := tiebreak.refusal(state)) is not None:
        raise IllegalAction(why)
    opening(state, role, action, arg, names=ROLE_NAMES, active=active(state), prompt=prompt,
            refused=_refused, anytime=anytime, offstage=_offstage)
    known = _asked(state)[1]
    new = _copy(state)
    f = m.waiting(new)
    if action == "give" and f["t"] != "give":
        negotiation.start_give(new, role)
    else:
        m.apply(new, f, action, arg, known)
    m.advance(new, sequence.idle)
    _settle(new, role)
    return new


# The parts of a state that hold only plain values (FLAT), or dicts of such (FLAT_INSIDE):
# copied without looking inside. The fuzzer checks that they stay so.
FLAT = frozenset(("log", "deck", "out", "played", "touched", "last_touched", "card_touched",
                  "options",
                  "tributary", "control", "avail", "influence", "resources", "cavalry",
                  "eligible"))
FLAT_INSIDE = frozenset(("spaces", "track"))


NO_GIFT = "You have no Resources or Cavalry to give."


def _refused(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """Why the faction the game waits for may not take a step: no gift to make, or what
    the waiting frame says."""
    f = m.waiting(state)
    if action == "give" and f["t"] != "give" and not negotiation.can_give(state, role):
        return NO_GIFT
    return m.why_not(state, f, action, arg)


def _offstage(state: dict, role: str, action: str, arg: object, acts: dict) -> str | None:
    """A faction not waited for may only give (1.5.2): say so when it has nothing to give."""
    if (action, arg) == ("give", None) and not negotiation.can_give(state, role):
        return NO_GIFT
    return None


def _copy(state: dict) -> dict:
    return clone_state(state, FLAT, FLAT_INSIDE)


def _settle(state: dict, role: str | None) -> None:
    """Count completed moves: a faction's action ended, or the decision passed to
    another role. The table posts publicly when this number changes."""
    now = active(state)
    if state["turn_ended"] or (role is not None and now != [role]):
        state["move"] += 1
        state["last_touched"] = list(state["touched"])
        if state.get("revision", 1) >= 2:
            _card_touched(state)
        state["touched"] = []
    state["turn_ended"] = False


def _card_touched(state: dict) -> None:
    """Gather the spaces each completed action of the current card touched (up to four
    factions act on one card; the picture frames them all). An action that ended its card
    belongs to the one before: the new card starts with none. Revision 2 on (a state
    stored before has neither key and never gathers them, so it replays as stored)."""
    if state.get("touched_card") != state["current"]:
        state["touched_card"] = state["current"]
        state["card_touched"] = []
        return
    gathered = state.setdefault("card_touched", [])
    gathered += [s for s in state["touched"] if s not in gathered]


def reveal_mark(state: dict) -> list:
    """Changes whenever dice are rolled or a card is revealed: a typed line stops there,
    and undo past it needs the other players' consent."""
    return [state["rng"], state["current"], len(state["played"])]


def redeal(state: dict, generator: object, keep: Collection[str] = ()) -> dict:
    """The same public position with its hidden future drawn anew from ``generator`` (a
    ``state["rng"]`` value): the cards not yet drawn reshuffled within their stacks (2.1:
    Succession cards stay where they are, the Timurid cards stay in the last stack), and
    new dice to come. No side hides a hand, so ``keep`` changes nothing."""
    new = _copy(state)
    new["rng"] = generator
    stacks: list[list[str]] = [[]]
    for card in new["deck"]:
        if card[0] == "s":
            stacks.append([card])
            stacks.append([])
        else:
            stacks[-1].append(card)
    deck: list[str] = []
    for stack in stacks:
        deck += stack if stack and stack[0][0] == "s" else rng.shuffle(new, stack)
    # Whichever Timurid card comes first is the first one (2.6), as when the deck is built.
    timurid = iter(sorted(c for c in deck if c[0] == "t"))
    new["deck"] = [next(timurid) if c[0] == "t" else c for c in deck]
    return new


def result(state: dict) -> dict | None:
    return state["result"]


def side_game(state: dict) -> dict | None:
    """The Goat-Tiger tiebreak the position waits on (5.5), if any."""
    return tiebreak.pending(state)


def side_game_over(state: dict, winner: object) -> dict:
    """The position told how its Goat-Tiger tiebreak ended: ``winner`` its winning side
    ("goats", "tigers"), or None."""
    if tiebreak.pending(state) is None:
        raise IllegalAction("This game waits on no Goat-Tiger tiebreak.")
    new = _copy(state)
    tiebreak.settle(new, winner)
    return new


def summary(state: dict) -> dict:
    """The normalised public board (documented in the README)."""
    tributary, control, here = state["tributary"], state["control"], state["spaces"]
    spaces = {
        s: {
            "name": NAMES[s],
            "pieces": dict(filter(itemgetter(1), here[s].items())),  # the kinds present
            "tributary": tributary.get(s),
            "control": control.get(s),
        }
        for s in SPACES
    }
    vp = pc.victory_points(state)
    factions = {}
    for f in FACTIONS:
        factions[f] = {
            "resources": state["resources"][f],
            "cavalry": state["cavalry"][f],
            "vp": vp[f],
        }
    turn = state["turn"] or {}
    return {
        "spaces": spaces,
        "factions": factions,
        "available": dict(state["avail"]),
        "cavalry_pool": state["cavalry"]["pool"],
        "influence": dict(state["influence"]),
        "influence_slots": {f: dict(v) for f, v in state["track"].items()},
        "dynasty": state["dynasty"],
        "card": cards.card_info(state, state["current"]),
        "played": list(state["played"]),
        "deck_size": len(state["deck"]),
        "successions_left": [c for c in state["deck"] if c[0] == "s"],
        "eligible": dict(state["eligible"]),
        "turn": {"acted": list(turn.get("acted", [])), "cmd_decree": turn.get("cd"),
                 "event_or_command": turn.get("ec"), "choices": dict(turn.get("choices", {}))},
        "result": state["result"],
    }


# --- tokens --------------------------------------------------------------------------------


def token(action: str, arg: object) -> str:
    return action if arg is None else str(arg)


DESCRIBE = {
    "cmd": "Command + Decree", "command": "Command only", "event": "Event", "limited":
    "Limited Command", "pass": "Pass", "done": "Done", "decree": "Take the Decree", "give":
    "Give…", "ready": "Cavalry done", "cancel": "Cancel", "skip": "Skip", "qasbah": "Build Qasbah",
    "governor": "Place a Governor", "take": "Take pieces", "drop": "Drop pieces",
    "place": "Place a Raja", "shift": "Shift Influence",
}


def describe(action: str, arg: object) -> str:
    """A short button label for a step."""
    if arg is None:
        return DESCRIBE.get(action, action.capitalize())
    text = str(arg)
    if text in NAMES:
        return NAMES[text]
    if "@" in text:
        kind, space = text.split("@")
        return f"{pc.PIECE_NAMES[kind]} ({NAMES[space]})"
    if text in pc.PIECE_NAMES:
        return pc.PIECE_NAMES[text]
    return {"fewer": f"Only {text}", "count": text}.get(action, text)


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """Map a typed word to the step it would be, so that act() can say why it is refused."""
    tok = tok.strip().lower()
    f = m.top(state)
    if f is None or role not in active(state):
        return (tok, None)
    parse = m.FRAMES[f["t"]].parse
    if parse is not None:
        return parse(state, f, tok)
    _, actions = prompt(state, role)
    space = space_token(tok)
    if space is not None:
        for a, args in actions.items():
            if args and space in args:
                return a, space
        if "space" in actions or "from" in actions:
            return ("space" if "space" in actions else "from"), space
    return (tok, None)
