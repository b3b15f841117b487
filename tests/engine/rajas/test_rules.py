"""Rajas of the Ganges' rules (engine/games/rajas/rules.py), with the rule text's own
numbers as cases, and a fuzzer of random games with invariants."""

from __future__ import annotations

import random

import pytest

from engine import games
from engine.games.rajas import data, dice, effects, position, province
from engine.games.rajas import rules as R
from tests.support.soak import sample


def _legal(state: dict, role: str) -> list[tuple[str, object]]:
    return games.legal_steps(R, R.view(state, role))


def random_step(state: dict, rng: random.Random) -> dict:
    """A random legal step of the player to act, rarely giving up on a turn (pass, skip,
    stay) so that random games reach their end."""
    role = R.active(state)[0]
    legal = _legal(state, role)
    assert legal, "the player to act has nothing to do"
    pool = [x for x in legal if x[0] not in ("pass", "skip", "stay")] or legal
    return R.act(state, role, *rng.choice(pool))


def _tokens(state: dict, role: str) -> dict:
    return games.tokens(R, R.view(state, role))


def _do(state: dict, *tokens: str) -> dict:
    for tok in tokens:
        role = R.active(state)[0]
        state = R.act(state, role, *games.step_for_token(R, state, role, tok))
    return state


def _bare(seed: int = 1, players: int = 3, rules: str = "printed") -> dict:
    """A fresh game whose first player holds no dice: tests give them what they need."""
    state = R.setup(seed, {"players": players, "rules": rules})
    me = R.active(state)[0]
    for c, _ in state["players"][me]["dice"]:
        state["supply"][c] += 1
    state["players"][me]["dice"] = []
    return state


def _give(state: dict, role: str, *ds: tuple[str, int]) -> None:
    for c, v in ds:
        state["supply"][c] -= 1
        state["players"][role]["dice"].append([c, v])


# --- setup (Setup) ---------------------------------------------------------------------------


def test_setup_starting_money_is_3_4_5_6_in_turn_order():
    """Setup: the start player's money marker on 3, the next on 4, then 5 and 6."""
    state = R.setup(5, {"players": 4})
    roles = state["roles"]
    order = [roles[(state["start"] + k) % 4] for k in range(4)]
    assert [state["players"][r]["money"] for r in order] == [3, 4, 5, 6]


def test_setup_each_player_rolls_one_die_of_each_colour_karma_1_three_workers():
    state = R.setup(2, {"players": 3})
    for p in state["players"].values():
        assert sorted(c for c, _ in p["dice"]) == sorted(data.COLOURS)
        assert all(1 <= v <= 6 for _, v in p["dice"])
        assert p["karma"] == 1 and p["workers"] == 3 and p["fame"] == 0
        assert p["upgrades"] == {b: 0 for b in data.BUILDINGS}
    assert sum(state["supply"].values()) + 12 == 48
    assert all(tid for tid in state["display"].values()) and len(state["display"]) == 12


def test_setup_printed_rules_the_lowest_total_starts():
    for seed in range(10):
        state = R.setup(seed, {"players": 4, "rules": "printed"})
        totals = {r: sum(v for _, v in p["dice"]) for r, p in state["players"].items()}
        assert totals[state["roles"][state["start"]]] == min(totals.values())


def test_setup_3_players_cover_the_first_quarry_and_third_harbor_space():
    three, four = (R.setup(1, {"players": n})["layout"] for n in (3, 4))
    assert four["quarry"][0] == 1 and three["quarry"] == four["quarry"][1:]
    assert three["harbor"] == [four["harbor"][0], four["harbor"][1], *four["harbor"][3:]]


# --- the quarry and the province --------------------------------------------------------------


def _a_tile(state: dict, colour: str, cost: int) -> str:
    """Put a tile of this colour and cost on its stack's display."""
    tid = next(t for t, x in data.TILES.items() if x["colour"] == colour and x["cost"] == cost)
    key = f"{colour}-{data.TILES[tid]['back']}"
    state["display"][key] = tid
    return key


def test_building_blue_7_paid_with_blue_3_and_blue_5():
    """Building action: "a tile with the value blue 7 can be paid with a blue 3 and a
    blue 5" (overpaying is allowed)."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 3), ("blue", 5), ("green", 6))
    key = _a_tile(state, "blue", 7)
    state = _do(state, "quarry", f"tile-{key}")
    offered = _tokens(state, me)
    assert {"blue5", "blue3"} <= set(offered) and not any(t.startswith("green") for t in offered)
    state = _do(state, "blue3", "blue5")
    assert state["players"][me]["dice"] == [["green", 6]]
    assert "cell" in R.view(state, me)["actions"]


def test_a_payment_never_starts_down_a_road_it_cannot_finish():
    """Blue 1 and blue 3 with one karma pay 9 only as 6 (the 1 turned) + 3: the karma
    is not offered on the 3, and the 1 is not offered unturned."""
    assert dice.payment_steps([["blue", 1], ["blue", 3]], "blue", 1, 9) == ["blue3", "blue1k"]
    assert dice.payment_steps([["blue", 1], ["blue", 3]], "blue", 0, 9) == []


def test_a_tile_must_join_a_road_to_the_residence_and_may_be_turned():
    """The province boards: each tile is connected to the residence by a road; any
    rotation; a road of a neighbour may be cut off."""
    straight = ["N", "S"]
    ways = province.placements({}, straight)
    cells = {c for c, _ in ways}
    assert cells == {"b1", "d1", "c2"}  # the residence's three roads: west, east, south
    assert ("c2", ["N", "S"]) in ways and ("b1", ["E", "W"]) in ways
    assert ("c2", ["E", "W"]) not in ways  # turned across: no road meets the residence
    # A tile that cuts a neighbour's road is fine if one of its own roads joins.
    cells = {"c2": {"tile": "x", "roads": ["N", "S"]}}
    assert ("c3", ["N", "E"]) in province.placements(cells, ["N", "E"])


def test_building_with_two_buildings_at_level_1_gives_4_fame():
    """Province boards: "2, 3 or 4 fame points for each building" by the upgrade level;
    at the start, 4 fame for a tile with 2 buildings."""
    state = _bare()
    me = R.active(state)[0]
    tid = next(t for t, x in data.TILES.items() if len(x["buildings"]) == 2 and not x["markets"])
    t = data.TILES[tid]
    key = f"{t['colour']}-{t['back']}"
    state["display"][key] = tid
    _give(state, me, *[(t["colour"], 6)] * 2)
    state = _do(state, "quarry", f"tile-{key}")
    while "die" in R.view(state, me)["actions"]:
        state = _do(state, R.view(state, me)["actions"]["die"][0])
    cell = next(c for c in R.view(state, me)["actions"]["cell"] if c.startswith("c2"))
    state = _do(state, cell)
    assert state["players"][me]["fame"] == 4


def test_a_market_tile_pays_its_value_and_an_edge_yield_comes_after():
    state = _bare()
    me = R.active(state)[0]
    state["players"][me]["cells"] = {"b1": {"tile": "vs1", "roads": ["E", "W"]}}
    tid = next(t for t, x in data.TILES.items() if x["markets"] and not x["buildings"]
               and len(x["roads"]) == 2 and x["roads"] == ["N", "E"])
    t = data.TILES[tid]
    key = f"{t['colour']}-{t['back']}"
    state["display"][key] = tid
    _give(state, me, *[(t["colour"], 6)] * 2)
    money = state["players"][me]["money"]
    state = _do(state, "quarry", f"tile-{key}")
    while "die" in R.view(state, me)["actions"]:
        state = _do(state, R.view(state, me)["actions"]["die"][0])
    # a1 turned east-north: east meets b1's road; north reaches the board's edge yield.
    assert "a1-ne" in R.view(state, me)["actions"]["cell"]
    state = _do(state, "a1-ne")
    cost = state["layout"]["quarry"][0]
    gained = state["players"][me]["money"] - (money - cost)
    edge = data.PROVINCE["edges"][("a1", "N")]["basic"]
    assert edge == "money_3" and gained == sum(m["value"] for m in t["markets"]) + 3
    assert state["log"].index(next(x for x in state["log"] if "yield at a1N" in x)) > \
        state["log"].index(next(x for x in state["log"] if "places it on a1" in x))


# --- the river ------------------------------------------------------------------------------


def test_karma_2_gives_4_fame_on_its_river_space():
    """Earnings on the river: "2 fame points per karma … at level 2, 4 spaces"."""
    state = _bare()
    me = R.active(state)[0]
    p = state["players"][me]
    space = data.RIVER["spaces"].index("fame_2_per_karma") + 1
    p["boat"], p["karma"] = space - 1, 2
    _give(state, me, ("green", 1))
    fame = p["fame"]
    state = _do(state, "harbor", "green1", "river1")
    assert state["players"][me]["boat"] == space
    assert state["players"][me]["fame"] == fame + 4


def test_occupied_river_spaces_are_skipped_and_passing_the_bridge_gives_a_worker():
    state = _bare()
    me, other = state["roles"][state["start"]], state["roles"][(state["start"] + 1) % 3]
    bridge = data.RIVER["bridge_after"]
    state["players"][me]["boat"] = bridge - 1
    state["players"][other]["boat"] = bridge
    _give(state, me, ("blue", 1))
    state = _do(state, "harbor", "blue1", "river1")
    p = state["players"][me]
    assert p["boat"] == bridge + 1 and p["workers"] == 4


def test_karma_turns_a_die_to_its_opposite_face():
    """Karma: a "1" can turn into a "6", a "2" into a "5"; karma goes down by one."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("orange", 6))  # turned: a 1, for the Great Mogul
    assert "mogul" in R.view(state, me)["actions"]["place"]
    state = _do(state, "mogul", "orange6k")
    p = state["players"][me]
    assert p["karma"] == 0 and p["fame"] == 2 and state["mogul"] == me


# --- tracks ---------------------------------------------------------------------------------


def test_money_20_gives_a_worker_once_and_fame_24_karma():
    state = _bare()
    me = R.active(state)[0]
    effects.add_money(state, me, 30 - state["players"][me]["money"])
    effects.add_money(state, me, -15)
    effects.add_money(state, me, 10)
    assert state["players"][me]["workers"] == 4
    effects.add_fame(state, me, 24)
    assert state["players"][me]["karma"] == 3


def test_the_money_bonus_marker_walks_12_33_44_55():
    state = _bare()
    me = R.active(state)[0]
    p = state["players"][me]
    effects.add_money(state, me, 12 - p["money"])  # 12: the boat one space on
    assert p["bonus"] == 1 and state["queue"][-1]["do"] == "river"
    state["queue"] = []
    effects.add_money(state, me, -5)
    effects.add_money(state, me, 5)
    assert p["bonus"] == 1  # 12 again pays nothing
    effects.add_money(state, me, 60)  # 33, 44, 55 at once, in order
    assert p["bonus"] == 4
    assert [e["do"] for e in state["queue"]] == ["dice", "river", "dice"]


def test_no_more_than_120_money_or_60_fame():
    state = _bare()
    me = R.active(state)[0]
    effects.add_money(state, me, 500)
    effects.add_fame(state, me, 500)
    assert state["players"][me]["money"] == 120 and state["players"][me]["fame"] == 60


# --- the end ----------------------------------------------------------------------------------


def _finish_turn(state: dict) -> dict:
    """End the current player's turn, declining every further choice."""
    role = R.active(state)[0]
    while R.active(state) == [role] and not state["result"]:
        acts = R.view(state, role)["actions"]
        word = next(w for w in ("done", "stay", "skip", "pass") if w in acts)
        state = _do(state, word)
    return state


def _near(state: dict, role: str, fame: int, money: int) -> None:
    """Markers placed by hand, their bonuses already had."""
    state["players"][role].update(fame=fame, money=money, bonus=4, extra=["money20", "fame15"],
                                  fame_bonus=["5", "15", "24", "31"])


def test_the_stage_is_completed_and_the_widest_crossing_wins():
    """End of the game: the players between the one who crossed and the start player
    place one more worker; the greatest difference wins, ties to the first to cross."""
    state = R.setup(3, {"players": 3, "rules": "printed"})
    roles = state["roles"]
    first = roles[state["start"]]
    second = roles[(state["start"] + 1) % 3]
    third = roles[(state["start"] + 2) % 3]
    _near(state, first, 50, 20)  # 2 x 50 + 20 = 120: one short of meeting
    state = _finish_turn(_do(state, "money"))  # +2 money: 122, the markers meet
    assert state["end"] == {"trigger": first}
    assert R.active(state) == [second]
    _near(state, second, 54, 12)
    _give(state, second, ("blue", 1))
    state = _do(state, "mogul", "blue1")  # +2 fame: 2 x 56 + 12 = 124
    assert R.active(state) == [third]  # the stage goes on to the player before the start
    state = _do(state, "pass")
    assert state["result"]["winners"] == [second]
    # In fame spaces: 122 is level (0), 124 one space past (1).
    assert state["result"]["scores"] == {first: 0, second: 1, third: state["result"][
        "scores"][third]}


def test_a_tie_goes_to_the_first_to_cross():
    state = R.setup(3, {"players": 3, "rules": "printed"})
    roles = state["roles"]
    first, second = roles[state["start"]], roles[(state["start"] + 1) % 3]
    _near(state, first, 50, 20)
    state = _finish_turn(_do(state, "money"))
    _near(state, second, 49, 20)
    _give(state, second, ("blue", 1))
    state = _do(state, "mogul", "blue1")  # 2 x 51 + 20 = 122, as the first
    while not state["result"]:
        state = _do(state, "pass")
    assert state["result"]["winners"] == [first]


# --- the fuzzer ---------------------------------------------------------------------------------


def _check(state: dict) -> None:
    assert sum(state["supply"].values()) + sum(
        len(p["dice"]) for p in state["players"].values()) == 48, "a die is lost"
    for p in state["players"].values():
        assert 0 <= p["fame"] <= 60 and 0 <= p["money"] <= 120 and 0 <= p["karma"] <= 3
        assert len(p["dice"]) <= p["kali"] and 3 <= p["workers"] <= 3 + p["max_extra"]
        assert province.connected(p["cells"]) == set(p["cells"]), "a tile not joined"
        assert 0 <= p["boat"] <= data.FINAL


@pytest.mark.slow
@pytest.mark.parametrize("players, rules", sample([(3, "yucata"), (2, "printed"),
                                                  (4, "yucata"), (2, "yucata"),
                                                  (3, "printed"), (4, "printed")], keep=2))
@pytest.mark.slow
def test_random_games_keep_every_invariant_and_end_with_a_result(players, rules):
    for seed in range(3):
        r = random.Random(seed)
        # The printed rules' games also lay the Ganga module's river tiles; Yucata's add
        # Mango Village.
        state = R.setup(seed, {"players": players, "rules": rules,
                               "ganga": rules == "printed", "mango": rules == "yucata"})
        for _ in range(20000):
            if state["result"]:
                break
            state = random_step(state, r)
            _check(state)
        assert state["result"] and state["result"]["winners"]
        assert state["crossed"]  # random games still get there


# --- the Ganga module ---------------------------------------------------------------------------


def test_ganga_a_roll_of_2_covers_space_2_and_never_the_final_space():
    """The Ganga module: "if you roll a 2, you place the first river tile on the second
    space and, in doing so, replace the 2 karma shown there"."""
    seen_two = False
    for seed in range(60):
        river = R.setup(seed, {"ganga": True})["river"]
        base = data.RIVER["spaces"]
        covered = [i for i, (a, b) in enumerate(zip(river, base, strict=True), 1) if a != b]
        assert covered and len(covered) <= 8 and river[-1] == base[-1]
        assert all(river[i - 1] in data.RIVER["ganga_tiles"] for i in covered)
        if covered[0] == 2:
            seen_two = True
            assert river[1] != "karma_2" and river[0] == base[0]
    assert seen_two
    assert R.setup(1, {})["river"] == list(data.RIVER["spaces"])  # without the module


@pytest.mark.parametrize("code", ["dice_any_per_karma", "dice_violet_green_orange",
                                  "palace_yogi", "palace_raja", "advance_3",
                                  "market_one_kind_3"])
def test_ganga_tiles_pay_as_printed(code):
    state = _bare()
    me = R.active(state)[0]
    p = state["players"][me]
    p["karma"] = 2
    state["river"][0] = code
    _give(state, me, ("green", 1))
    p["cells"] = {"c2": {"tile": "vs1", "roads": ["N", "S"]}}  # a silk market
    before = (len(p["dice"]), p["karma"], p["money"], p["boat"])
    state = _do(state, "harbor", "green1", "river1")
    for _ in range(6):  # answer any choice the tile asks for with its first option
        if R.active(state) != [me]:
            break
        acts = R.view(state, me)["actions"]
        key = next(k for k in ("colour", "upgrade", "good", "river") if acts.get(k))
        state = _do(state, R.token(key, acts[key][0]))
    p = state["players"][me]
    after = (len(p["dice"]), p["karma"], p["money"], p["boat"])
    assert after != (before[0] - 1, before[1], before[2], 1), code  # it paid something


# --- Mango Village ------------------------------------------------------------------------------


def _village(state: dict) -> str:
    return state["display"]["village-mango"]


def test_mango_a_village_costs_a_double_and_pays_its_bonus():
    """Mango Village: "give up a double, i.e. two dice showing the same values (the dice
    colour does not matter)"; each village gives the bonus in its corner once placed."""
    state = R.setup(1, {"players": 3, "rules": "printed", "mango": True})
    me = R.active(state)[0]
    for c, _ in state["players"][me]["dice"]:
        state["supply"][c] += 1
    state["players"][me]["dice"] = []
    _give(state, me, ("blue", 4), ("green", 4), ("violet", 2))
    tid = _village(state)
    state = _do(state, "quarry", R.token("tile", tid))
    first = R.view(state, me)["actions"]["die"]
    assert set(first) == {"blue4", "green4"}  # not the 2: nothing else shows a 2
    state = _do(state, "blue4")
    assert R.view(state, me)["actions"]["die"] == ["green4"]
    state = _do(state, "green4")
    cell = R.view(state, me)["actions"]["cell"][0]
    money, fame = state["players"][me]["money"], state["players"][me]["fame"]
    state = _do(state, cell)
    bonus = data.TILES[tid]["bonus"]
    assert any("village's bonus" in line for line in state["log"])
    kind, n = data_earning(bonus)
    if kind == "money":
        assert state["players"][me]["money"] >= money + n
    if kind == "fame":
        assert state["players"][me]["fame"] >= fame + n


def data_earning(code: str) -> tuple[str, int]:
    from engine.games.rajas import data

    return data.earning(code)


def test_mango_tree_scores_up_to_two_villages_once_a_worker_per_round():
    state = R.setup(2, {"players": 3, "rules": "printed", "mango": True})
    me = R.active(state)[0]
    money_villages = [v for v, t in data.TILES.items() if t.get("bonus", "").startswith("money")]
    p = state["players"][me]
    p["cells"] = {"c2": {"tile": money_villages[0], "roads": ["N", "S"]},
                  "b1": {"tile": money_villages[1], "roads": ["E", "W"]},
                  "d1": {"tile": "vs1", "roads": ["E", "W"]}}
    money = p["money"]
    state = _do(state, "mango", "c2", "b1")
    gained = sum(data_earning(data.TILES[v]["bonus"])[1] for v in money_villages[:2])
    assert state["players"][me]["money"] == money + gained
    # The other Mango Tree space is open, but not to the same player this round.
    state["turn"] = {"who": me}
    assert "mango" not in R.view(state, me)["actions"].get("place", [])


def test_mango_a_village_is_never_built_over():
    state = R.setup(3, {"players": 3, "rules": "printed", "mango": True})
    me = R.active(state)[0]
    village = next(v for v, t in data.TILES.items() if t["colour"] == "village")
    state["players"][me]["cells"] = {"c2": {"tile": village, "roads": ["N", "S"]}}
    _give(state, me, *[(c, 6) for c in data.COLOURS])
    assert position.overbuilds(state, me) == []


# --- Navaratnas ---------------------------------------------------------------------------------


def _nav(seed: int = 1, players: int = 2) -> dict:
    return R.setup(seed, {"players": players, "rules": "printed", "variant": "navaratnas"})


def _lay_browns(state: dict) -> dict:
    """Each player lays the brown tile dealt at the start when their first turn comes."""
    while "slot" in R.view(state, R.active(state)[0])["actions"]:
        state = _do(state, R.token("slot", R.view(state, R.active(state)[0])["actions"][
            "slot"][0]))
    return state


def test_navaratnas_8_dice_6_workers_and_a_brown_tile_to_lay_first():
    state = _nav()
    me = R.active(state)[0]
    p = state["players"][me]
    assert p["kali"] == 8 and p["max_extra"] == 3 and p["side"] == "navaratnas"
    acts = R.view(state, me)["actions"]
    assert set(acts) == {"slot"} and len(acts["slot"]) == 2  # "one of the two spaces"
    state = _do(state, R.token("slot", acts["slot"][1]))
    assert list(state["players"][me]["slots"]) == [acts["slot"][1]]
    assert "place" in R.view(state, me)["actions"]  # then the worker, as usual
    shown = state["yield_display"]
    assert (len(shown["brown"]), len(shown["yellow"]), len(shown["red"])) == (7 - 2, 9, 6)


def test_navaratnas_a_yield_tile_pays_only_when_a_road_reaches_it():
    state = _nav(3)
    me = R.active(state)[0]
    p = state["players"][me]
    p["pending"] = []
    state["queue"] = []
    edge = next(f"{c}{s}" for (c, s), e in data.PROVINCE["edges"].items()
                if e["navaratnas"] == "slot_brown")
    p["slots"][edge] = "brown-fame_1_per_worker"
    cell, side = edge[:2], edge[2:]
    fame = p["fame"]
    # A tile on that cell whose road reaches the edge: the tile scores, then the yield.
    effects.reach_edges(state, me, cell, [side])
    assert state["players"][me]["fame"] == fame + p["workers"]
    effects.reach_edges(state, me, cell, [side])
    assert state["players"][me]["fame"] == fame + p["workers"]  # once


def test_navaratnas_catch_up_tiles_when_one_player_has_4_workers_and_another_5():
    """Navaratnas: "if you have a total of 4 active workers, but at least one of the
    other players already has 5, you get 1 yield tile in the fifth stage"."""
    state = _lay_browns(_nav(5))
    a, b = state["roles"][state["start"]], state["roles"][(state["start"] + 1) % 2]
    state["players"][a]["workers"], state["players"][b]["workers"] = 5, 4
    got = 0
    for _ in range(300):
        who = R.active(state)[0]
        if state["turn"].get("catchup"):
            # b is out of workers in the fifth stage, after a (the start player) placed its
            # fifth worker
            assert who == b and state["players"][b]["placed"] == 4
            assert state["players"][a]["placed"] == 5
            got += 1
            state = _do(state, R.token("yield", R.view(state, who)["actions"]["yield"][0]))
            state = _do(state, R.token("slot", R.view(state, who)["actions"]["slot"][0]))
            break
        legal = games.legal_steps(R, R.view(state, who))
        step = next((x for x in legal if x[0] not in ("pass", "roll")), legal[0])
        state = R.act(state, who, *step)
    assert got == 1


@pytest.mark.slow
@pytest.mark.parametrize("players", sample([4, 2, 3]))
def test_navaratnas_random_games_keep_every_invariant(players):
    for seed in range(2):
        r = random.Random(seed)
        state = R.setup(seed, {"players": players, "variant": "navaratnas",
                               "mango": seed == 1})
        while not state["result"]:
            state = random_step(state, r)
            _check(state)
            for p in state["players"].values():
                assert len(p["dice"]) <= 8 and p["workers"] <= 6
                assert set(p["slots"]) <= {f"{c}{s}" for (c, s) in
                                           data.PROVINCE["edges"]}


def test_mixed_groups_advanced_players_use_the_backs_without_yield_tiles():
    """For mixed player groups: advanced players use the Navaratnas side with minor yields
    and the Kali's back (8 dice), up to 5 workers, and the dancer's white tile."""
    state = R.setup(1, {"players": 3, "advanced": "red+white", "rules": "printed"})
    for role, p in state["players"].items():
        advanced = role in ("red", "white")
        assert p["kali"] == (8 if advanced else 10) and p["max_extra"] == 2
        assert p["side"] == ("navaratnas" if advanced else "basic")
        assert not p["yield_tiles"] and not p["pending"]
    with pytest.raises(games.IllegalAction):
        R.setup(1, {"players": 2, "advanced": "black"})


def test_mango_the_master_builder_lays_a_village_over_a_tile_for_another_5():
    """Mango Village: "you can place these tiles on top of any other laid-out tile if you
    give up another 5"."""
    state = R.setup(4, {"players": 3, "rules": "printed", "mango": True})
    me = R.active(state)[0]
    p = state["players"][me]
    for c, _ in p["dice"]:
        state["supply"][c] += 1
    p["dice"] = []
    p["cells"] = {"c2": {"tile": "vs1", "roads": ["N", "S"]}}
    _give(state, me, ("blue", 5))
    assert "builder" not in R.view(state, me)["actions"]["place"]  # one 5 is not enough
    _give(state, me, ("green", 5))
    village = _village(state)
    state = _do(state, "builder", "blue5", "c2", R.token("tile", village), "green5")
    ways = R.view(state, me)["actions"]["cell"]
    state = _do(state, ways[0])
    cell = state["players"][me]["cells"]["c2"]
    assert cell["tile"] == village and cell["under"] == "vs1"
    assert any("village's bonus" in line for line in state["log"])
