"""Build small Vijayanagara positions for rule tests, and play typed tokens.

``position(...)`` starts from a real setup and overwrites what the test names:
pieces per space (a space named gets exactly those pieces; with ``clear=True``
every other space is emptied too), Tributary/Independent, Resources, Cavalry,
Influence, dynasty, eligibility and the current card. The Available boxes are
recomputed so that every piece total still holds, and Control is recomputed.
The position then waits on the Sequence of Play of ``card`` (an Event card
number, "m1".."m8", "s1".."s3", "t1", "t2"), with ``deck`` (default: the
game's own remaining deck) following it.
"""

from __future__ import annotations

from functools import partial

from engine import games
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara import sequence
from engine.games.vijayanagara.data import FACTIONS, KINDS, TOTALS

g = games.get("vijayanagara")


def position(
    *,
    spaces: dict[str, dict[str, int]] | None = None,
    clear: bool = False,
    independent: list[str] = (),
    resources: dict[str, int] | None = None,
    cavalry: dict[str, int] | None = None,
    influence: dict[str, int] | None = None,
    dynasty: str = "khalji",
    eligible: dict[str, bool] | None = None,
    card: int | str = 1,
    deck: list[str] | None = None,
    seed: int = 7,
    options: dict | None = None,
) -> dict:
    state = g.setup(seed, options or {})
    if clear:
        for s in state["spaces"]:
            state["spaces"][s] = {k: 0 for k in KINDS}
    for s, kinds in (spaces or {}).items():
        state["spaces"][s] = {k: 0 for k in KINDS} | dict(kinds)
    for p in independent:
        state["tributary"][p] = False
    state["resources"].update(resources or {})
    if cavalry is not None:
        for f in FACTIONS:
            state["cavalry"][f] = cavalry.get(f, 0)
        state["cavalry"]["pool"] = 10 - sum(cavalry.get(f, 0) for f in FACTIONS)
    for f, lvl in (influence or {}).items():
        state["influence"][f] = lvl
        for level in state["track"][f]:
            if int(level) <= lvl:
                state["track"][f][level] = 0
    state["dynasty"] = dynasty
    state["eligible"].update(eligible or {})
    for box, total in TOTALS.items():
        state["avail"][box] = total - pc.on_map(state, box) - pc.on_track(state, box)
        assert state["avail"][box] >= 0, f"too many {box} in the position"
    pc.update_control(state)
    card_id = f"e{card}" if isinstance(card, int) else card
    if deck is None:
        deck = [c for c in [state["current"], *state["deck"]] if c != card_id]
    state["deck"] = [card_id, *deck]
    state["current"] = None
    state["played"] = []
    state["stack"] = []
    state["log"] = []
    m.advance(state, sequence.idle)
    state["turn_ended"] = False
    return state


# Event cards whose faction order starts with the named faction (cards.json).
FIRST = {"delhi": 2, "bahmani": 12, "vijayanagara": 6}


def turn_of(faction: str, *, funds: int | None = None, **kw) -> dict:
    """An empty board (unless ``clear=False``), no Cavalry, and ``faction`` first to act;
    ``funds`` sets its Resources when the test gives none."""
    kw.setdefault("clear", True)
    kw.setdefault("cavalry", {})
    if funds is not None:
        kw.setdefault("resources", {faction: funds})
    return position(card=FIRST[faction], **kw)


def turns(funds: int | None = None) -> tuple:
    """(delhi_turn, bahmani_turn, vijayanagara_turn): ``turn_of`` for each faction."""
    return tuple(partial(turn_of, f, funds=funds) for f in FACTIONS)


def active(state: dict) -> str:
    return g.view(state, None)["active"][0]


def play(state: dict, line: str, role: str | None = None) -> dict:
    """Apply whitespace-separated tokens as the table does (each must be legal)."""
    for tok in line.split():
        who = role or active(state)
        action, arg = games.step_for_token(g, state, who, tok)
        state = g.act(state, who, action, arg)
    return state


def actions(state: dict, role: str | None = None) -> dict:
    return g.view(state, role or active(state))["actions"]


def tokens(state: dict, role: str | None = None) -> set[str]:
    return set(games.tokens(g, g.view(state, role or active(state))))


def pieces(state: dict, space: str) -> dict[str, int]:
    return {k: v for k, v in state["spaces"][space].items() if v}


def fix_dice(state: dict, values: list[int]) -> None:
    """Replace the PRNG so the next rolls are ``values`` (tests only): it finds a seed
    whose next d6 rolls match, so the engine still draws from the state's PRNG."""
    from engine import rng

    for seed in range(2_000_000):
        probe = {"rng": seed}
        if all(rng.roll(probe) == v for v in values):
            state["rng"] = seed
            return
    raise AssertionError(f"no seed gives {values}")
