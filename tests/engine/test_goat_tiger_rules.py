import json

import pytest

from engine import IllegalAction, games, jsontree
from engine.games.goat_tiger import rules
from engine.games.goat_tiger.data import ADJ, LINES, N
from tests.support.goat_tiger import g, play, position


def pieces(state, kind):
    return g.summary(state)[kind]


def test_board_has_23_points_10_lines_and_38_edges():
    assert N == 23
    assert len(LINES) == 10
    assert sum(len(a) for a in ADJ) // 2 == 38


def test_act_copies_the_state_with_jsontree_and_leaves_the_old_one_untouched():
    s = play(g.setup(5, {}), "c3")
    before = json.dumps(s, sort_keys=True)
    after = play(s, "b3 d3")  # a leap: the goat on c3 is taken
    assert json.dumps(s, sort_keys=True) == before and after["log"] != s["log"]
    assert jsontree.plain(after, rules.FLAT, ()) == []


def test_setup_tigers_on_apex_and_the_two_points_below_goats_first():
    s = g.setup(5, {})
    assert pieces(s, "tigers") == ["a", "b3", "b4"]
    assert pieces(s, "goats") == []
    v = g.view(s, "goats")
    assert v["active"] == ["goats"]
    assert "place" in v["actions"] and len(v["actions"]["place"]) == 20
    assert g.view(s, "tigers")["actions"] == {}
    assert g.view(s, "tigers")["prompt"] == ""


def test_goat_placement_then_tigers_reply():
    s = play(g.setup(1, {}), "c3")
    assert pieces(s, "goats") == ["c3"]
    assert s["in_hand"] == 14
    assert g.view(s, None)["active"] == ["tigers"]
    assert g.view(s, None)["last"] == {"role": "goats", "from": None, "to": "c3", "over": None}


def test_goats_cannot_move_before_all_are_placed():
    s = position(goats=["c2"], in_hand=3)
    with pytest.raises(IllegalAction, match="Place all the goats"):
        g.act(s, "goats", "select", "c2")


def test_placing_on_an_occupied_point_is_refused_with_a_reason():
    s = g.setup(1, {})
    with pytest.raises(IllegalAction, match="a is taken by a tiger"):
        g.act(s, "goats", "place", "a")


def test_goat_moves_one_step_along_a_line_only():
    s = position(goats=["c2", "e5"], to_move="goats")
    s2 = play(s, "c2 c1")
    assert pieces(s2, "goats") == ["c1", "e5"]
    with pytest.raises(IllegalAction, match="not next to"):
        play(s, "c2 e3")
    with pytest.raises(IllegalAction, match="goats move one step"):
        play(s, "c2 d3")  # diagonal: not a line of this board


def test_tiger_moves_one_step():
    s = position(goats=["e5"], to_move="tigers")
    s2 = play(s, "b3 c3")
    assert pieces(s2, "tigers") == ["a", "b4", "c3"]


@pytest.mark.parametrize(
    "tiger,goat,land",
    [
        ("c1", "c2", "c3"),  # along a row, rightwards
        ("c4", "c3", "c2"),  # along a row, leftwards
        ("a", "b2", "c2"),  # down a fan line from the apex
        ("d4", "c4", "b4"),  # up a fan line
        ("b1", "c1", "d1"),  # down a wing line
        ("d6", "c6", "b6"),  # up the other wing line
        ("e2", "e3", "e4"),  # along the base row
        ("c5", "d5", "e5"),  # down onto the base row
        ("d2", "c2", "b2"),  # up a fan line from row d
    ],
)
def test_tiger_captures_by_leaping_in_every_direction(tiger, goat, land):
    others = [p for p in ("a", "e5", "e2", "d6") if p not in (tiger, goat, land)][:2]
    s = position(goats=[goat, "b6" if goat != "b6" and land != "b6" else "b1"],
                 tigers=[tiger, *others], to_move="tigers")
    s2 = play(s, f"{tiger} {land}")
    assert goat not in pieces(s2, "goats")
    assert land in pieces(s2, "tigers") and tiger not in pieces(s2, "tigers")
    assert s2["captured"] == 1
    assert g.view(s2, None)["last"]["over"] == goat
    assert "captured (1 of 5)" in s2["log"][-1]


def test_no_leap_over_an_empty_point_a_tiger_or_along_a_bend():
    s = position(goats=["c2"], tigers=["c1", "b3", "b4"], to_move="tigers")
    with pytest.raises(IllegalAction, match="only over a goat"):
        play(s, "b3 d3")  # b3→c3→d3 is a line but c3 is empty
    s = position(goats=["e5"], tigers=["c1", "c2", "b4"], to_move="tigers")
    with pytest.raises(IllegalAction, match="holds a tiger"):
        play(s, "c1 c3")
    s = position(goats=["c2"], tigers=["b2", "a", "b4"], to_move="tigers")
    with pytest.raises(IllegalAction, match="cannot reach"):
        play(s, "b2 d3")  # not a straight line


def test_no_leap_onto_an_occupied_point_or_over_two_goats():
    s = position(goats=["c2", "c3"], tigers=["c1", "a", "b4"], to_move="tigers")
    with pytest.raises(IllegalAction, match="taken by a goat"):
        play(s, "c1 c3")
    with pytest.raises(IllegalAction):
        play(s, "c1 c4")


def test_wrong_side_and_unknown_points_are_refused():
    s = g.setup(1, {})
    with pytest.raises(IllegalAction, match=r"It is not your turn: waiting for Goats\."):
        g.act(s, "tigers", "select", "a")
    with pytest.raises(IllegalAction, match="not a point on the board"):
        games.step_for_token(g, s, "goats", "z9")
    with pytest.raises(IllegalAction, match="not a side"):
        g.act(s, "sheep", "place", "c3")


def test_the_position_of_two_turns_ago_cannot_be_recreated():
    s = position(goats=["c1", "d1", "e2", "e3"], tigers=["a", "b3", "d6"], to_move="goats")
    s = play(s, "c1 b1")  # goat forth
    s = play(s, "d6 c6")  # tiger forth
    s = play(s, "b1 c1")  # goat back: a new position (the tiger moved meanwhile)
    with pytest.raises(IllegalAction, match="two turns ago"):
        play(s, "c6 d6")  # tiger back would recreate the position of two turns ago
    assert "d6" not in g.view(s, "tigers")["actions"].get("to", [])
    s = play(s, "c6 c5")  # any other tiger move is fine


def test_goats_win_when_the_tigers_cannot_move():
    # Tigers on b1, e2 and d6; every step and leap is blocked except d6 over d5 to d4,
    # which the last goat closes by stepping c4 → d4.
    walls = ["b2", "c1", "b3", "d1", "e3", "d2", "e4", "c2", "c6", "d5", "b6"]
    s = position(goats=[*walls, "c4"], tigers=["b1", "e2", "d6"], to_move="goats")
    assert g.result(s) is None
    s = play(s, "c4 d4")
    assert g.result(s)["winners"] == ["goats"]
    assert g.result(s)["scores"] == {"goats": 1, "tigers": 0}
    assert "trapped" in g.result(s)["reason"]
    assert g.view(s, None)["active"] == []


def test_tigers_win_on_the_fifth_capture():
    s = position(goats=["c2", "e5"], tigers=["c1", "a", "b4"], to_move="tigers", captured=4)
    s = play(s, "c1 c3")
    assert g.result(s)["winners"] == ["tigers"]
    assert g.result(s)["scores"] == {"goats": 0, "tigers": 1}
    with pytest.raises(IllegalAction, match="over"):
        g.act(s, "goats", "select", "e5")


def test_goats_with_no_legal_move_lose():
    # One goat left on the board, boxed in by tigers, and none to place.
    s = position(goats=["b1"], tigers=["b2", "c1", "e5"], to_move="tigers", captured=3)
    s = play(s, "e5 e4")
    assert g.result(s)["winners"] == ["tigers"]
    assert "Goats have no legal move" in g.result(s)["reason"]


def test_third_repetition_is_a_draw_and_can_be_switched_off():
    def shuffle(options):
        # A goat walks round the square b1-b2-c2-c1 while a tiger walks round d5-d6-c6-c5:
        # the start position returns every 8 moves, never within the two-turn ban.
        s = position(goats=["b1", "e2", "e3"], tigers=["a", "b4", "d5"],
                     to_move="goats", options=options)
        cycle = ["b1 b2", "d5 d6", "b2 c2", "d6 c6", "c2 c1", "c6 c5", "c1 b1", "c5 d5"]
        for _ in range(3):
            for line in cycle:
                if g.result(s) is not None:
                    return s
                s = play(s, line)
        return s

    drawn = shuffle({})
    assert g.result(drawn)["winners"] == []
    assert "three times" in g.result(drawn)["reason"]
    assert g.result(shuffle({"threefold_draw": False})) is None


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="goats"):
        g.setup(1, {"goats": 99})
    with pytest.raises(IllegalAction, match="There is no option `sheep`"):
        g.setup(1, {"sheep": 3})
    assert g.setup(1, {"goats": 12})["in_hand"] == 12


def test_state_round_trips_json_and_act_does_not_mutate():
    s = play(g.setup(3, {}), "c3 b3 b2")
    before = json.dumps(s, sort_keys=True)
    assert json.loads(before) == s
    g.act(s, "goats", "place", "d4")
    assert json.dumps(s, sort_keys=True) == before


def test_every_step_has_a_typed_token_that_maps_back():
    s = play(g.setup(3, {}), "c3")
    v = g.view(s, "tigers")
    for action, arg in games.legal_steps(g, v):
        assert games.step_for_token(g, s, "tigers", g.token(action, arg)) == (action, arg)


# --- every refusal gives its true reason (5.5) ---------------------------------------------

ONE_GOAT = position(goats=["c3"], to_move="tigers")


@pytest.mark.parametrize(
    "state,line,reason",
    [
        # Reach is checked before occupation: e3 holds a goat, but is not a tiger move from a.
        (position(goats=["e3", "c2"], to_move="tigers"), "a e3",
         "The tiger on a cannot reach e3"),
        # A leap over an empty point onto a goat: the missing goat is the reason.
        (position(goats=["d3"], to_move="tigers"), "b3 d3",
         "only over a goat, and c3 is empty"),
        (position(goats=["c3"], tigers=["c1", "c2", "b4"], to_move="tigers"), "c1 c3",
         "only over a goat, and c2 holds a tiger"),
        (position(goats=["c2", "c3"], tigers=["c1", "a", "b4"], to_move="tigers"), "c1 c3",
         "c3 is taken by a goat: a leap must land on an empty point"),
        (ONE_GOAT, "a b3", "b3 is taken by a tiger"),  # not "you have already picked a"
        (ONE_GOAT, "a a", "already on a"),
        (ONE_GOAT, "c4", "There is no tiger on c4: it is empty"),
        (ONE_GOAT, "c3", "There is no tiger on c3: it holds a goat"),
        # Goats: a step along a line is checked before what is on the point.
        (position(goats=["c2", "e3"]), "c2 e3", "e3 is not next to c2 along a line"),
        (position(goats=["c2", "c3"]), "c2 c3", "c3 is taken by a goat"),
        (position(goats=["c2"]), "a", "There is no goat on a: it holds a tiger"),
    ],
    ids=["no-reach-before-taken", "leap-over-empty", "leap-over-tiger", "leap-onto-goat",
         "onto-own-tiger", "to-itself", "pick-empty", "pick-goat", "goat-no-reach-before-taken",
         "goat-onto-goat", "goat-picks-tiger"],
)
def test_a_refused_move_names_its_true_reason(state, line, reason):
    """5.5: a Tiger moves to an adjacent vertex or leaps over a Goat to a free vertex;
    a Goat moves to an adjacent vertex. The refusal names the rule the move breaks."""
    with pytest.raises(IllegalAction) as refused:
        play(state, line)
    assert reason in str(refused.value)


def _tiger_whose_only_move_goes_back() -> dict:
    # The tiger on d6 steps to c6; boxed in by goats on b6, c5 (with c4 behind it), its
    # only way on is back to d6, which would recreate the position of two turns ago.
    s = position(goats=["b6", "c5", "c4", "d5", "d4", "e2"], tigers=["a", "b3", "d6"])
    return play(s, "e2 e3 d6 c6 e3 e2")


@pytest.mark.parametrize(
    "state,role,action,point,reason",
    [
        (_tiger_whose_only_move_goes_back(), "tigers", "select", "c6",
         "Every move of the tiger on c6 would recreate the position of two turns ago"),
        (position(goats=["b2", "c1", "b3", "d1"], tigers=["b1", "a", "e5"], to_move="tigers"),
         "tigers", "select", "b1", "The tiger on b1 has nowhere to go"),
        (position(goats=["c2"]), "goats", "place", "c3", "All the goats are on the board"),
        (position(goats=["c2"], to_move="tigers", in_hand=3), "tigers", "place", "c3",
         "Only the Goats place pieces"),
    ],
    ids=["every-move-repeats", "boxed-in", "place-when-all-placed", "tigers-place"],
)
def test_refusals_that_only_direct_steps_reach_name_their_reason(state, role, action, point,
                                                                   reason):
    """5.5: the no-return rule, a Tiger with no move, and placing only from the Goats'
    supply, each refused with its own reason (steps as a panel button or the AI send them)."""
    with pytest.raises(IllegalAction, match=reason):
        g.act(state, role, action, point)


def test_a_goat_move_typed_while_placing_is_explained_as_a_placement():
    """5.5: Goats move only once all Goats are placed. ``c3 d3`` while goats are in hand
    gets that reason, with the count still in hand and a point that can be placed."""
    s = g.setup(1, {})
    why = g.explain_line(s, "goats", ["c3", "d3"])
    assert "cannot move until all the goats are placed (15 still in hand)" in why
    assert "`c3`" in why  # c3 is empty: a single `c3` places there
    s = play(s, "c3 b3 b2")
    why = g.explain_line(s, "goats", ["C3", "d3"])
    assert "14 still in hand" in why and "`d3`" in why  # c3 already holds a goat


@pytest.mark.parametrize(
    "state,role,words",
    [
        (g.setup(1, {}), "goats", ["c3"]),  # a placement is one point
        (g.setup(1, {}), "goats", ["c3", "zz"]),  # not a move of points
        (g.setup(1, {}), "goats", ["c3", "b3", "b2"]),  # one person placing, then the tiger
        (position(goats=["c2"]), "goats", ["c2", "c3"]),  # all placed: moves are allowed
        (position(goats=["c2"], to_move="tigers", in_hand=3), "tigers", ["b3", "c3"]),
    ],
)
def test_explain_line_stays_silent_when_placing_is_not_the_reason(state, role, words):
    assert g.explain_line(state, role, words) is None
