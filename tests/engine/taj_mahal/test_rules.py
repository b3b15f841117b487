"""Taj Mahal rules: a fuzzer of random games with invariants, and rule tests citing the
rules' sections ("Playing the game", "Withdraw", "Influence points", "Game end")."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.games.taj_mahal import data, turn
from engine.games.taj_mahal import rules as tm
from engine.games.taj_mahal.data import CARD_IDS
from tests.support.soak import sample

ALL_CARDS = set(CARD_IDS)
SCORED = re.compile(r"^(\w+) scores (\d+) points? for ")


def legal(state: dict, role: str) -> list[tuple[str, object]]:
    return games.legal_steps(tm, tm.view(state, role))


def check(state: dict) -> None:
    """Every card is somewhere, once; no hand shows in another's view or the public one."""
    places = [*state["deck"], *state["discard"], *state["supply"]]
    for r in state["roles"]:
        places += state["hands"][r] + state["players"][r]["played"]
    places += [c for c, holder in state["specials"].items() if holder is None]
    assert sorted(places) == sorted(ALL_CARDS), "a card is lost or doubled"
    public = json.dumps(tm.view(state, None))
    for r in state["roles"]:
        for other in [None, *[x for x in state["roles"] if x != r]]:
            shown = json.dumps(tm.view(state, other).get("hand", [])) if other else ""
            seen = json.dumps(tm.view(state, other)) if other else public
            for cid in state["hands"][r]:
                assert f'"{cid}"' not in shown
                if cid not in tm.SPECIAL_IDS:  # a special card's holder is public
                    assert f'"{cid}"' not in seen or cid in state["discard"], (r, other, cid)
    logged = {r: 0 for r in state["roles"]}
    for line in state["log"]:
        if m := SCORED.match(line):
            logged[m.group(1).lower()] += int(m.group(2))
    for r in state["roles"]:
        assert state["players"][r]["score"] == logged[r], "a score not in the log"


def play(seed: int, players: int, checked: bool = True) -> dict:
    r = random.Random(seed)
    state = tm.setup(seed, {"players": players})
    for _ in range(5000):
        if state["result"]:
            return state
        role = tm.active(state)[0]
        steps = legal(state, role)
        assert steps, "the player to act has no legal step"
        # withdraw now and then, else play: games of sensible length
        pick = [s for s in steps if s[0] != "withdraw"] if r.random() < 0.7 else steps
        state = tm.act(state, role, *r.choice(pick or steps))
        if checked:
            check(state)
    raise AssertionError("no end")


@pytest.mark.slow
@pytest.mark.parametrize("players", sample([4, 3, 5]))
def test_games_of_computer_and_random_players_keep_every_invariant(players):
    """The fuzzer with the computer in some seats: it plays the positions random players
    never reach (long visits, contested majorities), checked after every step."""
    from engine.games.taj_mahal import ai

    for seed in range(2):
        r = random.Random(seed)
        state = tm.setup(seed + 50, {"players": players})
        computer = set(r.sample(state["roles"], players - 1))
        while not state["result"]:
            role = tm.active(state)[0]
            step = (ai.choose(tm.view(state, role), role) if role in computer
                    else r.choice(legal(state, role)))
            state = tm.act(state, role, *step)
            check(state)
        assert state["visit"] == 12


@pytest.mark.slow
@pytest.mark.parametrize("players", sample([5, 3, 4]))
def test_random_games_end_after_twelve_visits_with_every_card_accounted(players):
    for seed in range(4):
        state = play(seed * 10 + players, players)
        assert state["visit"] == 12 and state["result"]["winners"]
        assert set(state["result"]["scores"]) == set(state["roles"])


def test_the_first_coloured_card_binds_the_colour_for_the_visit():
    """Playing the game: "the colored cards a player plays must be the same color as the
    first card he played in the visit"."""
    state = tm.setup(5, {"players": 3})
    role = tm.active(state)[0]
    card = next(c for c in state["hands"][role] if tm.CARDS[c]["colour"] in tm.COLOURED)
    colour = tm.CARDS[card]["colour"]
    state = tm.act(state, role, "play", card)
    state = tm.act(state, role, "done")
    while tm.active(state)[0] != role:  # the others withdraw without playing
        state = tm.act(state, tm.active(state)[0], "withdraw")
        while tm.view(state, tm.active(state)[0])["actions"].get("take"):
            who = tm.active(state)[0]
            state = tm.act(state, who, "take", state["supply"][0])
    offered = tm.view(state, role)["actions"].get("play", [])
    assert offered and all(tm.CARDS[c]["colour"] == colour for c in offered)
    other = next((c for c in state["hands"][role] if tm.CARDS[c]["colour"] in tm.COLOURED
                  and tm.CARDS[c]["colour"] != colour), None)
    if other:
        with pytest.raises(IllegalAction, match=f"Your colour is locked to {colour}"):
            tm.act(state, role, "play", other)


def test_a_white_card_is_never_played_alone():
    state = tm.setup(2, {"players": 4})
    role = tm.active(state)[0]
    assert "white" not in tm.view(state, role)["actions"]
    white = next((c for c in state["hands"][role] if tm.CARDS[c]["colour"] == "white"), "w84")
    with pytest.raises(IllegalAction):
        tm.act(state, role, "white", white)


def test_withdrawing_without_playing_draws_a_card_then_takes_two_from_the_supply():
    """Playing the game: "such a player draws the topmost card from the drawing deck and
    then takes two cards from the card supply"."""
    state = tm.setup(9, {"players": 4})
    role = tm.active(state)[0]
    deck = len(state["deck"])
    state = tm.act(state, role, "withdraw")
    assert len(state["hands"][role]) == tm.HAND + 1 and len(state["deck"]) == deck - 1
    for _ in range(2):
        state = tm.act(state, role, "take", state["supply"][0])
    assert len(state["hands"][role]) == tm.HAND + 3
    assert tm.active(state)[0] != role


def test_a_strict_majority_against_those_still_in_the_visit_wins():
    """Withdraw: "more symbols of one of these types than any other single player"; the
    cards of players who withdrew earlier no longer count."""
    state = tm.setup(3, {"players": 3})
    a, b, c = state["roles"]
    state["turn"]["who"] = a
    state["players"][a]["played"] = ["r00"]  # elephant + grand mogul
    state["players"][b]["played"] = ["r02"]
    state["players"][c]["out"] = True
    sym_a = set(tm.CARDS["r00"]["symbols"])
    sym_b = set(tm.CARDS["r02"]["symbols"])
    state = tm.act(state, a, "withdraw")
    court = state["court"]
    for s in sym_a - sym_b:
        if s == "grand_mogul":
            assert not court["crown"]
        elif s == "elephant":
            assert not court["province"]
    for s in sym_a & sym_b:  # a tie wins nothing
        key = {"grand_mogul": "crown", "elephant": "province"}.get(s, s)
        assert court[key]


def test_a_game_replays_from_its_steps_exactly():
    r = random.Random(4)
    state = tm.setup(77, {"players": 4})
    steps = []
    for _ in range(300):
        if state["result"]:
            break
        role = tm.active(state)[0]
        step = r.choice(legal(state, role))
        steps.append((role, *step))
        state = tm.act(state, role, *step)
    again = tm.setup(77, {"players": 4})
    for role, action, arg in steps:
        again = tm.act(again, role, action, arg)
    assert again == state
    assert json.loads(json.dumps(state)) == state


def test_a_crown_palace_leaves_room_and_its_bonus_tile_for_one_normal_palace():
    """Withdraw, Grand Mogul: "If the crown palace is placed on an empty city, one normal
    palace may be placed there later in the visit by another player"; the crown palace
    does not take the bonus tile, which waits for that palace."""
    state = tm.setup(3, {"players": 3})
    a, b, c = state["roles"]
    province = tm.current(state)
    fort = next((x for x in data.CITIES_OF[province] if x in state["bonus"]), None)
    assert fort, "every province has a fortress"
    kind = state["bonus"][fort]
    state["turn"]["who"] = a
    state["players"][a]["played"] = ["w95"]  # the white Grand Mogul
    state = tm.act(state, a, "withdraw")
    state = tm.act(state, a, "city", fort)  # the crown palace
    assert state["bonus"][fort] == kind
    while tm.active(state) == [a]:
        state = tm.act(state, a, "take", state["supply"][0])
    who = tm.active(state)[0]
    vizier = next(x for x in tm.CARDS if tm.CARDS[x]["symbols"] == ["vizier"])
    state["players"][who]["played"] = [vizier]
    state = tm.act(state, who, "withdraw")
    assert fort in tm.view(state, who)["actions"]["city"]
    state = tm.act(state, who, "city", fort)
    assert state["palaces"][fort] == [a, who] and fort not in state["bonus"]
    assert fort not in turn.empty_cities(state)  # two palaces at most


def test_every_refusal_says_what_is_possible_instead():
    def has_white(s: dict) -> bool:
        return any(tm.CARDS[c]["colour"] == "white" for c in s["hands"][tm.active(s)[0]])

    state = next(s for s in (tm.setup(seed, {"players": 3}) for seed in range(50))
                 if has_white(s))
    role = tm.active(state)[0]
    white = next(tm.KIND[c] for c in state["hands"][role] if tm.CARDS[c]["colour"] == "white")

    def why(tok: str) -> str:
        with pytest.raises(games.IllegalAction) as e:
            tm.act(state, role, *games.step_for_token(tm, state, role, tok))
        return str(e.value)

    assert "when you withdraw" in why("delhi3")
    assert "You have played no card this turn" in why("done")
    assert "only together with a coloured card" in why(white)
    missing = next(k for k in sorted(set(tm.KIND.values()))
                   if k.startswith(("red", "yellow", "green", "violet"))
                   and all(tm.KIND[c] != k for c in state["hands"][role]))
    assert f"You have no `{missing}` in your hand" in why(missing)
    assert all("Possible: " in why(w) for w in ("delhi3", "done", white, missing))
