"""Random legal games and the invariants every state must keep (shared by the
fuzz test and by scripts that want a random game)."""

from __future__ import annotations

import json
import random
import re

from engine import games, jsontree
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara import rules
from engine.games.vijayanagara.data import (
    BAHMANI,
    BOX,
    CAVALRY_TOKENS,
    FACTIONS,
    NORTH,
    PROVINCES,
    STRUCTURE,
    TOTALS,
    VIJAYANAGARA,
)

g = games.get("vijayanagara")
RULE_MARK = re.compile(r"\(\d\.\d")


def check(state: dict) -> None:
    """Assert the core invariants of issue 4 on one state."""
    for box, total in TOTALS.items():
        where = pc.on_map(state, box) + state["avail"][box] + pc.on_track(state, box)
        assert where == total, f"{box}: {where} != {total}"
    for f in FACTIONS:
        assert 0 <= state["resources"][f] <= 24, (f, state["resources"][f])
        assert state["cavalry"][f] >= 0
    assert sum(state["cavalry"].values()) == CAVALRY_TOKENS
    for s, pieces in state["spaces"].items():
        assert all(v >= 0 for v in pieces.values()), (s, pieces)
        for structure in STRUCTURE.values():
            assert pieces[structure] <= 1, (s, structure)
        if s in NORTH:
            assert pc.pieces(state, s, BAHMANI) == 0 and pc.pieces(state, s, VIJAYANAGARA) == 0, s
        else:
            assert pieces["invader"] == 0, s
    for p in PROVINCES:
        if state["tributary"][p]:
            assert state["control"][p] is None, p
        if state["control"][p] == BAHMANI:
            assert state["spaces"][p]["amir_o"] == 0, p
        if state["control"][p] == VIJAYANAGARA:
            assert state["spaces"][p]["raja_o"] == 0, p
    for box in BOX.values():
        assert state["avail"][box] >= 0, box
    # act() copies these parts shallow (engine/jsontree.py): they must hold plain values.
    assert not jsontree.plain(state, rules.FLAT, rules.FLAT_INSIDE)
    if state["result"] is None:
        who = g.view(state, None)["active"]
        assert len(who) == 1, who
        view = g.view(state, who[0])
        steps = games.legal_steps(g, view)
        assert steps, "active role has no legal step"
        assert RULE_MARK.search(view["prompt"]), f"prompt names no rule: {view['prompt']}"
        assert len(games.tokens(g, view)) == len(steps), f"two steps share a token: {steps}"
    else:
        assert state["current"] == "t2" and state["result"]["winners"]


def play(seed: int, *, options: dict | None = None, give_rate: float = 0.02,
         checked: bool = True, max_steps: int = 20000,
         events: set | None = None) -> tuple[dict, list]:
    """Play one complete game with random legal steps; returns (state, steps).
    ``events`` collects (card, side) for every Event carried out."""
    r = random.Random(seed)
    state = g.setup(seed, options or {})
    steps = []
    for _ in range(max_steps):
        if state["result"] is not None:
            return state, steps
        role = g.view(state, None)["active"][0]
        if r.random() < give_rate / 2:  # a faction not asked gives (1.5.2: "at any time")
            offstage = [x for x in g.ROLES if x != role and g.view(state, x)["actions"]]
            role = r.choice(offstage) if offstage else role
        legal = games.legal_steps(g, g.view(state, role))
        pool = [s for s in legal if s[0] not in ("give", "cancel")]
        if not pool or r.random() < give_rate:
            pool = legal
        action, arg = r.choice(pool)
        if events is not None and action in ("unshaded", "shaded"):
            events.add((state["current"], action))
        state = g.act(state, role, action, arg)
        steps.append((role, action, arg))
        if checked:
            check(state)
    raise AssertionError(f"seed {seed}: no end after {max_steps} steps")


def roundtrip(state: dict) -> dict:
    return json.loads(json.dumps(state))
