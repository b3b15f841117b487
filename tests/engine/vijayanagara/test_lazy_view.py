"""view() works out the board only when something reads it (issue 29: a search reads
``active`` and ``actions`` alone at every step). Every view must still hold exactly what
the eager view held, in the same order, however it is read."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.games.vijayanagara import rules
from engine.lazyview import LazyView

g = games.get("vijayanagara")


def _eager_view(state: dict, role: str | None) -> dict:
    """The view as it was worked out before it was lazy (the reference)."""
    v = rules.summary(state)
    v.update(
        game=rules.ID,
        active=rules.active(state),
        move=state["move"],
        log=list(state["log"]),
        last_touched=list(state["last_touched"]),
        touched=list(state["touched"]),
        card_touched=list(state["card_touched"]),
        prompt="",
        actions={},
        waiting_for=rules.active(state),
    )
    if role is not None and role in v["active"]:
        v["prompt"], v["actions"] = rules.prompt(state, role)
    elif role in rules.ROLES and rules.anytime(state, role):
        v["prompt"], v["actions"] = rules.ANYTIME_PROMPT, rules.anytime(state, role)
    return v


def _positions(seeds: range, every: int) -> list[dict]:
    out = []
    for seed in seeds:
        r = random.Random(seed)
        state = g.setup(seed, {"timurs_shadow": seed % 2 == 1})
        n = 0
        while g.result(state) is None:
            if n % every == 0:
                out.append(state)
            role = g.view(state, None)["active"][0]
            state = g.act(state, role, *r.choice(games.legal_steps(g, g.view(state, role))))
            n += 1
        out.append(state)
    return out


@pytest.mark.slow
def test_every_view_holds_what_the_eager_view_held_in_its_order():
    positions = _positions(range(6), 4)
    assert len(positions) > 400
    for state in positions:
        for role in (None, *rules.ROLES):
            want = json.dumps(_eager_view(state, role))
            assert json.dumps(g.view(state, role)) == want  # keys, values and order
            assert json.dumps(dict(g.view(state, role))) == want
            assert g.view(state, role) == json.loads(want)


def test_the_cheap_keys_are_read_without_working_out_the_board():
    state = _positions(range(1), 50)[3]
    role = rules.active(state)[0]
    v = g.view(state, role)
    assert isinstance(v, LazyView) and not v.filled
    assert v["active"] == [role] and v["actions"] and v["move"] == state["move"]
    assert not v.filled
    assert v["log"] == state["log"] and v.filled


def test_a_lazy_view_behaves_as_a_dict_however_it_is_read():
    state = _positions(range(1), 50)[5]
    want = _eager_view(state, None)

    def fresh() -> LazyView:
        v = g.view(state, None)
        assert not v.filled
        return v

    assert len(fresh()) == len(want)
    assert list(fresh()) == list(want)
    assert list(fresh().keys()) == list(want)
    assert list(fresh().items()) == list(want.items())
    assert list(fresh().values()) == list(want.values())
    assert "spaces" in fresh() and "nothing" not in fresh()
    assert fresh().get("dynasty") == want["dynasty"] and fresh().get("nothing", 1) == 1
    assert fresh()["card"] == want["card"]
    assert {**fresh()} == want and dict(fresh()) == want and fresh().copy() == want
    assert want == fresh() and (want != fresh()) is False and fresh() != {}
    assert copy.deepcopy(fresh()) == want and type(copy.deepcopy(fresh())) is dict
    assert copy.copy(fresh()) == want
    assert pickle.loads(pickle.dumps(fresh())) == want
    assert (fresh() | {"x": 1}) == {**want, "x": 1}
    assert ({"x": 1} | fresh()) == {"x": 1, **want}
    assert repr(fresh()) == repr(want)
    v = fresh()
    del v["spaces"]
    assert "spaces" not in v and len(v) == len(want) - 1
    v = fresh()
    assert v.pop("log") == want["log"] and "log" not in v
    v = fresh()
    v["prompt"] = "mine"  # written before the rest is read: kept, in its place
    v["extra"] = 2
    assert list(v) == [*want, "extra"] and v["prompt"] == "mine" and v["spaces"] == want[
        "spaces"]
    assert fresh().setdefault("dynasty", "x") == want["dynasty"]


def test_act_after_view_takes_the_same_steps_and_refuses_the_same():
    # act() takes a step found among the actions view() just worked out for the very same
    # state without working them out again; anything else is checked in full, as before.
    r = random.Random(9)
    state = g.setup(9, {})
    for _ in range(300):
        if g.result(state) is not None:
            break
        role = g.view(state, None)["active"][0]
        legal = games.legal_steps(g, g.view(state, role))
        step = r.choice(legal)
        other = g.act(state, role, *step)  # after a view of this state
        g.view(g.setup(1, {}), "delhi")  # another state viewed in between
        assert g.act(state, role, *step) == other
        g.view(state, role)
        with pytest.raises(IllegalAction):
            g.act(state, role, "space", "nowhere")
        state = other
