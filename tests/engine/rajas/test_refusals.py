"""Rajas of the Ganges' refusals (engine/games/rajas/refusals.py): every refused step names
the rule that stops it, with the rule text's section, and what is possible instead; a
refusal reads only what the player may know. And the game's texts in plain English."""

from __future__ import annotations

import random
import re

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.games.rajas import data
from engine.games.rajas import rules as R
from tests.engine.rajas.test_rules import _a_tile, _bare, _do, _give

REASON = re.compile(r"is not possible now\. (.+?) (Possible: |Nothing is possible)")


def _refused(state: dict, word: str) -> str:
    """What the player to act is told for typing ``word`` (through the shared resolver,
    as the table does)."""
    role = R.active(state)[0]
    with pytest.raises(IllegalAction) as e:
        R.act(state, role, *games.step_for_token(R, state, role, word))
    return str(e.value)


def _reason(message: str) -> str:
    m = REASON.search(message)
    assert m, message
    return m.group(1)


def _at_placing(state: dict, colour: str, cost: int) -> dict:
    """The quarry taken, a tile of this colour and cost bought with sixes: its placing is
    next."""
    me = R.active(state)[0]
    key = _a_tile(state, colour, cost)
    _give(state, me, *[(colour, 6)] * 2)
    state = _do(state, "quarry", f"tile-{key}")
    while "die" in R.view(state, me)["actions"]:
        state = _do(state, R.view(state, me)["actions"]["die"][0])
    return state


# --- worker spaces (Placing workers; Building action) ---------------------------------------


def test_the_quarry_without_money_names_the_cost_and_the_money():
    """Placing workers: "If you have to pay money ... you can't carry out that action if
    you are short of money"; the quarry's next space costs 1 with 3 players."""
    state = _bare()
    me = R.active(state)[0]
    state["players"][me]["money"] = 0
    _give(state, me, ("blue", 6))
    msg = _refused(state, "quarry")
    assert "The next space at the quarry costs 1 money and you have 0" in msg
    assert "(Placing workers:" in msg and "`quarry`" not in msg.split("Possible: ")[1]


def test_the_quarry_without_dice_to_pay_says_a_tile_costs_dice_of_its_colour():
    """Building action: dice of the tile's colour worth at least its value."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 1))
    state["players"][me]["karma"] = 0  # or the 1 turns into a 6
    state["display"] = {k: (tid if data.TILES[tid]["cost"] > 1 else None)
                        for k, tid in state["display"].items()}
    why = _reason(_refused(state, "quarry"))
    assert "You can pay for no tile on display" in why and "(Building action)" in why
    assert "your dice are blue 1" in why


def test_a_taken_space_and_the_assorted_market_once_a_round():
    """Placing workers: one worker an action space; Market action: with 3 or 4 players,
    one worker a round each on the assorted goods market."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 2))
    state["used"]["dancer"] = ["yellow"]
    assert "The Dancer is taken this round: each action space holds one worker" in _refused(
        state, "dancer")
    state["players"][me]["cells"] = {"c2": {"tile": "vs1", "roads": ["N", "S"]}}
    state["players"][me]["assorted"] = True
    assert "one a round each (Market action)" in _refused(state, "assorted")


def test_a_chamber_without_its_die_says_which_face_it_takes():
    """Actions at the palace: the Dancer takes a die showing 2; karma turns a die."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 4))
    state["players"][me]["karma"] = 0
    why = _reason(_refused(state, "dancer"))
    assert why == ("The Dancer takes a die showing 2, but none of your dice shows 2 and you "
                   "have no karma to turn one (Actions at the palace).")


# --- dice given up (Karma; Building action) --------------------------------------------------


def test_a_die_that_shows_the_face_only_turned_is_refused_with_its_k_token():
    """Actions at the palace and Karma: the Dancer takes a "2"; a blue 5 shows 2 only when
    turned with a karma, so `blue5` is refused and `blue5k` suggested."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 5))
    state = _do(state, "dancer")
    msg = _refused(state, "blue5")
    assert "The Dancer takes a die showing 2 (Actions at the palace)" in msg
    assert "your blue 5 shows 2 only turned with a karma: type `blue5k`" in msg
    assert msg.endswith("Possible: `blue5k`.")
    # And the other way round: a die that shows the face as it lies.
    state = _bare()
    _give(state, me, ("blue", 2))
    state = _do(state, "dancer")
    assert "your blue 2 shows 2 as it lies: type `blue2`" in _refused(state, "blue2k")


def test_a_payment_step_that_could_not_be_completed_says_what_is_left():
    """Building action: blue dice worth at least 9 from a blue 1 and a blue 3 with one
    karma: only as 6 (the 1 turned) + 3."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 1), ("blue", 3))
    state = _do(state, "quarry", f"tile-{_a_tile(state, 'blue', 9)}")
    why = _reason(_refused(state, "blue1"))
    assert why == ("Given as a 1, your blue 1 leaves 8 to pay, and your other blue dice make "
                   "at most 4 with your karma (Building action): give `blue1k` instead.")
    assert "paid with blue dice only" in _refused(state, "green2")
    assert "You have no blue 5; your blue dice: 1 and 3" in _refused(state, "blue5")


# --- placing a tile (The province boards) ----------------------------------------------------


def test_a_cell_no_road_leads_to_names_the_road_rule_and_where_roads_lead():
    """The province boards: a new tile's road must meet a road joined to the residence;
    at the start the residence's roads lead to b1, c2 and d1."""
    state = _at_placing(_bare(), "blue", 5)  # a T-junction
    why = _reason(_refused(state, "b2-nes"))
    assert why == ("No road leads to b2: a new tile must meet a road joined to the residence "
                   "(The province boards); roads lead to b1, c2 and d1.")


def test_a_turn_whose_roads_miss_the_road_says_how_to_turn_it():
    state = _at_placing(_bare(), "blue", 7)  # a straight road
    assert "A road reaches c2 only from the north: turn the tile so that one of its roads " \
        "meets it, as `c2-ns` (The province boards)" in _refused(state, "c2-ew")
    assert "has a straight road: turned, it lies as `c2-ns` or `c2-ew`" in _refused(
        state, "c2-nes")
    assert "c1 is your residence" in _refused(state, "c1-ns")
    assert "f9 is not a cell of your province" in _refused(state, "f9-n")
    # The sides in another order name the same turn.
    assert games.step_for_token(R, state, R.active(state)[0], "c2-sn") == ("cell", "c2-ns")


def test_the_master_builder_refuses_a_turn_that_cuts_a_tile_off():
    """Actions at the palace, master builder: "All tiles still need to have a connection
    to the residence"."""
    state = _bare()
    me = R.active(state)[0]
    state["players"][me]["cells"] = {"c2": {"tile": "bs1", "roads": ["N", "E", "S"]},
                                     "c3": {"tile": "bc1", "roads": ["N", "E"]}}
    state["queue"] = [{"do": "cover_turn", "cell": "c2", "tile": "bs2"}]
    state["turn"]["placed"] = True
    assert "Turned so, the new tile would cut c3 off from the residence" in _refused(
        state, "c2-new")
    assert "The new tile goes on c2" in _refused(state, "b1-nes")


# --- the other choices ------------------------------------------------------------------------


def test_a_step_of_another_stage_says_what_is_asked_now():
    """Placing workers: place, pay, then carry out the action; a worker's action is
    finished before anything else."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 5))
    state = _do(state, "dancer")
    assert _reason(_refused(state, "quarry")) == (
        "Your worker's action is not finished: first give up a die showing 2 for the Dancer.")
    assert "cannot be left out" in _refused(state, "skip")


CHAMBER_NAMES = ("The palace's chambers are typed by name, one for each die face: `mogul` "
                 "takes a 1, `dancer` a 2, `yogi` a 3, `raja` a 4, `builder` a 5 and "
                 "`portuguese` a 6; its other spaces are `swap-…`, `terrace-…` and `money` "
                 "(Actions at the palace).")


def test_palace_names_the_chambers_it_accepts_by_die_value():
    """Actions at the palace: the Great Mogul takes a die showing "1", the Dancer "2", the
    Yogi "3", Raja Man Singh "4", the master builder "5", the Portuguese "6". `palace`
    names no space: the refusal lists the chambers' names with their die values."""
    state = _bare()
    msg = _refused(state, "palace")
    assert _reason(msg) == (f"{CHAMBER_NAMES} You are asked to place a worker, or `pass` for "
                            "this round."), msg
    assert msg.endswith("`money`, `pass`.")
    assert _reason(_refused(state, "chamber")) == _reason(msg)


def test_a_chamber_typed_by_its_die_value_names_the_chamber():
    """Actions at the palace: "Yogi: Give up one die showing a 3"."""
    state = _bare()
    for word in ("palace-3", "palace3", "3"):
        why = _reason(_refused(state, word))
        assert why.startswith(f"A die showing 3 goes to the Yogi, `yogi`. {CHAMBER_NAMES}"), why


def test_the_market_the_exchanges_and_the_terraces_name_their_spaces():
    """Market action: the assorted goods market and the markets of one good; Actions at
    the palace: the exchanges and the terraces, one a colour."""
    state = _bare()
    assert _reason(_refused(state, "market")).startswith(
        "The market's spaces are `assorted`, `silk`, `tea` and `spices` (Market action).")
    assert _reason(_refused(state, "swap")).startswith(
        "The exchanges are `swap-orange`, `swap-green`, `swap-violet` and `swap-blue`, named "
        "by the colour of the die each takes (Actions at the palace).")
    assert _reason(_refused(state, "terrace")).startswith(
        "The terraces are `terrace-violet`, `terrace-blue`, `terrace-orange` and "
        "`terrace-green`, named by the colour of the die each gives (Actions at the "
        "palace).")
    assert _reason(_refused(state, "harbour")).startswith("The harbor is typed `harbor`")


def test_the_printed_rules_neither_roll_later_nor_let_the_boat_stay():
    """River action (printed rules): a "1" moves the boat exactly one space; dice are
    rolled as they are taken."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 1))
    assert "a new die is rolled as soon as you take it" in _refused(state, "roll")
    state = _do(state, "harbor", "blue1")
    assert "With the printed rules the boat must move" in _refused(state, "stay")
    assert "This move is up to 1 free space (River action)" in _refused(state, "river3")


def test_a_full_kali_and_an_empty_stack_display():
    """Placing workers: at most as many dice as Kali has hands (10); Yucata's rules: the
    display refills at the end of the turn."""
    state = _bare(rules="yucata")
    me = R.active(state)[0]
    _give(state, me, *[("green", 3)] * 10)
    state["queue"] = [{"do": "dice", "n": 1}]
    state["turn"]["placed"] = True
    assert "This gives 1 die and your Kali has no free hand: first put dice back into the " \
        "supply (`return-…`), or take `fewer` (Placing workers)" in _refused(state, "blue")
    old = {k: v for k, v in state.items() if k != "revision"}  # a game stored before
    assert "Your Kali is full (10 dice): put a die back first" in _refused(old, "blue")
    state["queue"] = [{"do": "tile"}]
    state["display"]["blue-cow"] = None
    state["refill"] = ["blue-cow"]
    assert "The blue cow stack's tile was taken this turn: the display refills at the end " \
        "of the turn" in _refused(state, "tile-blue-cow")


def test_a_village_costs_a_double():
    """Mango Village: "give up a double, i.e. two dice showing the same values"."""
    state = R.setup(1, {"players": 3, "rules": "printed", "mango": True})
    me = R.active(state)[0]
    for c, _ in state["players"][me]["dice"]:
        state["supply"][c] += 1
    state["players"][me]["dice"], state["players"][me]["karma"] = [], 0
    _give(state, me, ("blue", 4), ("green", 4), ("violet", 2))
    state = _do(state, "quarry", R.token("tile", state["display"]["village-mango"]))
    assert "A village costs a double, two dice showing one value (Mango Village), and no " \
        "other die of yours shows 2" in _refused(state, "violet2")


# --- every refusal, and fair play ---------------------------------------------------------------

WORDS = ["quarry", "harbor", "assorted", "silk", "dancer", "builder", "portuguese",
         "swap-orange", "terrace-blue", "money", "mango", "pass", "roll", "skip", "done",
         "stay", "blue5", "blue5k", "green2", "orange1k", "c2", "b2-nes", "c2-ns", "a1-ne",
         "tile-blue-cow", "tile-green-tiger", "tile-village-mango", "river1", "river3",
         "drop-blue2", "return-blue2", "fewer", "reroll-blue2", "temple", "blue", "d1n",
         "zzz"]


def _positions(n: int):
    """Random positions of every kind of game (Navaratnas, Ganga, Mango, both rules)."""
    kinds = [{"players": 3, "mango": True}, {"players": 4, "rules": "printed", "ganga": True},
             {"players": 2, "variant": "navaratnas", "mango": True}]
    rng = random.Random(5)
    for seed in range(n):
        state = R.setup(seed, kinds[seed % len(kinds)])
        for _ in range(rng.randrange(0, 120)):
            if state["result"]:
                break
            role = R.active(state)[0]
            state = R.act(state, role, *rng.choice(games.legal_steps(R, R.view(state, role))))
        if not state["result"]:
            yield state


def _all_refusals(state: dict) -> dict[str, str]:
    role = R.active(state)[0]
    out = {}
    for word in WORDS:
        try:
            R.act(state, role, *games.step_for_token(R, state, role, word))
        except IllegalAction as e:
            out[word] = str(e)
    return out


@pytest.mark.slow
def test_every_refusal_says_why_and_reads_nothing_hidden():
    """Every refused word gets a reason and what is possible; and the same public position
    with the stacks' order, the white yield tiles and the dice to come drawn anew reads the
    same refusals."""
    for i, state in enumerate(_positions(24)):
        refused = _all_refusals(state)
        for word, msg in refused.items():
            assert len(_reason(msg)) > 10, (word, msg)
        if i % 2:
            assert refused == _all_refusals(games.redealt(R, state, 77))


# --- plain English ----------------------------------------------------------------------------

# A colour's name with a verb that would need an -s ("Red take"), an "a" before a vowel.
WRONG = re.compile(r"\b(Red|Yellow|White|Black) (take|give|send|pass|gain|reach|score|place|"
                   r"build|roll|move|draw|lay|put|reroll|upgrade|leave|have)\b|\ba (orange|8)\b")


@pytest.mark.slow
def test_log_lines_prompts_and_labels_read_as_english():
    """"Red sends", not "Red send"; "an orange 6", not "a orange6"."""
    texts = []
    for state in _positions(9):
        role = R.active(state)[0]
        view = R.view(state, role)
        texts += [*state["log"], view["prompt"]]
        texts += [R.describe(a, x) for a, x in games.legal_steps(R, view)]
    assert not [t for t in texts if WRONG.search(t)]
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("orange", 6))
    assert R.describe("die", "orange6k") == "Give up an orange 6 as a 1 (karma)"
    state = _do(state, "mogul", "orange6k")
    assert f"{R.ROLE_NAMES[me]} gives up an orange 6, turned with a karma to a 1." in state["log"]
    assert f"{R.ROLE_NAMES[me]} sends a worker to the Great Mogul." in state["log"]


def test_prompts_count_in_the_singular_and_plural():
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, ("blue", 1))
    state = _do(state, "harbor", "blue1")
    assert R.view(state, me)["prompt"].endswith("move your boat up to 1 free space.")
    state = _bare()
    _give(state, me, ("blue", 3))
    state = _do(state, "yogi", "blue3")
    assert R.view(state, me)["prompt"].endswith("take a die of your choice.")
