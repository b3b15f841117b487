"""Playing Maharaja in tests: a random legal step (now and then a declaration by a player
who is not asked), and the invariants every position keeps."""

from __future__ import annotations

import random

from engine import games, jsontree
from engine.games.maharaja import board, data
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R


def random_step(state: dict, rng: random.Random) -> dict:
    return logged_step(state, rng)[0]


def logged_step(state: dict, rng: random.Random) -> tuple[dict, tuple[str, str, object]]:
    """``random_step``, and the step it took as the log holds it: (role, action, arg)."""
    if rng.random() < 0.03:
        for role in state["roles"]:
            if role not in R.active(state):
                v = R.view(state, role)
                if v["actions"]:
                    action, arg = rng.choice(games.legal_steps(R, v))
                    return R.act(state, role, action, arg), (role, action, arg)
    role = R.active(state)[0]
    legal = games.legal_steps(R, R.view(state, role))
    step = rng.choice(legal)
    if step[0] == "done" and len(legal) > 1 and rng.random() < 0.7:
        step = rng.choice([s for s in legal if s[0] != "done"])
    return R.act(state, role, *step), (role, *step)


def check(state: dict) -> None:
    """What no position may break (the fuzzer asks it after every step)."""
    assert not jsontree.plain(state, R.FLAT, R.FLAT_INSIDE), "a flat part holds a nested one"
    for nation, info in data.NATIONS.items():
        boxed = 1 if state["alliance_box"].get(nation) == "army" else 0
        assert state["pool"][nation] >= 0, nation
        assert f.on_map(state, nation) + state["pool"][nation] + boxed == info["armies"], \
            f"the {nation}' counter mix"
    battle = state["battle"]
    for place, here in state["armies"].items():
        for nation, n in here.items():
            assert n > 0
            if board.is_offmap(place):
                assert not f.colonial(nation), f"colonial {nation} off the map in {place}"
            if board.is_sea(place) and not f.colonial(nation):
                landing = nation == state["nation"] and state["phase"] == "movement"
                attack = nation == state["nation"] and state["phase"] == "battle" and any(
                    f.colonial(x) for x in f.foes_at(state, place, nation))
                assert landing or attack or (battle and battle["place"] == place
                                             and battle["att"] == nation), \
                    f"{nation} at sea in {place} outside a battle or a landing"
    mover = state["nation"]
    if state["phase"] not in ("movement", "battle"):
        for place in data.LAND:
            assert len(f.at(state, place)) <= 1, f"two nations share {place}"
    if mover and state["phase"] in ("battle", "factory", "arms", "score") and not (
            state["phase"] == "battle" and state["rounds"] == 2 and state["round"] == 1):
        for place in data.LAND:
            assert f.count(state, place, mover) <= f.limit(state, place, mover), \
                f"{mover} over the stacking limit in {place}"
    sites = [a for a in state["factories"]]
    assert all(board.factory_site(a) for a in sites)
    for c in f.COLONIAL:
        assert sum(1 for x in state["factories"].values() if x == c) <= \
            data.NATIONS[c]["factories"]
    for lid, place in state["leaders"].items():
        assert f.count(state, place, data.LEADERS[lid]["nation"]), f"{lid} alone in {place}"
    for role in R.active(state):
        acts = R.view(state, role)["actions"]
        assert games.legal_steps(R, R.view(state, role)), "a decision with no choice"
        assert all(v is None or v for v in acts.values()), f"an empty choice: {acts}"
