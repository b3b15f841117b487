"""Issue 24: rules the Rajas engine read wrongly, each fixed for games started now
(``state["revision"] == 2``) while a game stored before keeps its rules (a state without
the key plays as revision 1, so it replays move for move)."""

from __future__ import annotations

import random

import pytest

import renderer
from engine.games.rajas import data, effects, scoring
from engine.games.rajas import rules as R
from engine.games.rajas.texts import RULES_TOPICS
from tests.engine.rajas.test_rules import (
    _bare,
    _check,
    _do,
    _finish_turn,
    _give,
    _lay_browns,
    _nav,
    _near,
    random_step,
)


def _old(state: dict) -> dict:
    """The same position in a game stored before issue 24: no revision key."""
    return {k: v for k, v in state.items() if k != "revision"}


def test_setup_writes_the_revision():
    assert R.setup(1, {})["revision"] == R.REVISION == 2


# --- 1. Mango Village ---------------------------------------------------------------------------


def _brown_pool(state: dict) -> list[str]:
    """The brown yield tiles of a Navaratnas game: dealt to the players, and on display."""
    dealt = [t for p in state["players"].values() for t in p["pending"]]
    dealt += [e["tile"] for e in state["queue"] if e["do"] == "slot"]  # the start player's
    dealt = [t.split("-", 1)[1] for t in dealt if t.startswith("brown-")]
    return sorted(dealt + state["yield_display"]["brown"])


def test_mango_navaratnas_mixes_the_village_yield_tile_into_the_brown_ones():
    """Mango Village: "For the Navaratnas variant: mix the new yield tile with the brown
    yield tiles"; it gives 3 money for each village in the province."""
    brown = sorted(data.FILES["yields"]["brown"])
    for seed in range(4):
        plain = _nav(seed, players=3)
        assert _brown_pool(plain) == brown  # without the module: the 7 of the base game
        state = R.setup(seed, {"players": 3, "variant": "navaratnas", "mango": True})
        assert _brown_pool(state) == sorted([*brown, "money_3_per_village"])
    # It pays when a road reaches its space: 3 money for each of 2 villages.
    me = R.active(state)[0]
    p = state["players"][me]
    p["pending"], state["queue"] = [], []
    villages = [v for v, t in data.TILES.items() if t["colour"] == "village"][:2]
    p["cells"] = {"c2": {"tile": villages[0], "roads": ["N", "S"]},
                  "b1": {"tile": villages[1], "roads": ["E", "W"]}}
    edge = next(f"{c}{s}" for (c, s), e in data.PROVINCE["edges"].items()
                if e["navaratnas"] == "slot_brown")
    p["slots"][edge] = "brown-money_3_per_village"
    money = p["money"]
    effects.reach_edges(state, me, edge[:2], [edge[2:]])
    assert state["players"][me]["money"] == money + 6
    assert "3 money per village" in " ".join(state["log"])
    # The validator names a mango.json without it.
    doc = {k: v for k, v in data.FILES["mango"].items() if k != "navaratnas_brown"}
    assert any("3 money for each village" in x for x in data.check_mango(doc))


def test_mango_the_rules_texts_no_longer_say_the_master_builder_lacks_villages():
    """Mango Village: the master builder may lay a village over any tile for another 5
    (tested in test_rules); the /rules text says so."""
    text = RULES_TOPICS["mango"]
    assert "Not yet" not in text and "another 5" in text and "3 money" in text


# --- 2. Kali's hands ------------------------------------------------------------------------------


def test_kali_full_the_terrace_asks_to_put_a_die_back_or_take_fewer():
    """Placing workers and carrying out the associated actions: only as many dice as
    Kali has free hands; with more, "you either take fewer dice or put dice from your Kali
    statue back into the general supply before taking new ones"."""
    state = _bare()  # printed rules: a die taken is rolled at once
    me = R.active(state)[0]
    _give(state, me, *[("green", 3)] * 9, ("violet", 1))
    state = _do(state, "terrace-blue")
    acts = R.view(state, me)["actions"]
    assert acts == {"return": ["green3", "violet1"], "fewer": None}
    assert "your Kali has no room" in R.view(state, me)["prompt"]
    made_room = _do(state, "return-violet1")
    p = made_room["players"][me]
    assert len(p["dice"]) == 10 and ["violet", 1] not in p["dice"]
    assert [c for c, _ in p["dice"]].count("blue") == 1 and made_room["move"] == 1
    assert f"{R.ROLE_NAMES[me]} puts a violet 1 back into the supply to make room." in \
        made_room["log"]
    fewer = _do(state, "fewer")
    assert fewer["players"][me]["dice"] == state["players"][me]["dice"]
    assert f"{R.ROLE_NAMES[me]} takes no die: Kali has no free hand." in fewer["log"]
    _check(made_room)
    _check(fewer)


def test_kali_an_exchange_at_9_dice_after_paying_asks_before_taking_either_die():
    """Placing workers (Kali's hands): an exchange gives 2 violet dice; with 9 dice
    after paying, the player puts one back first or takes only one."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, *[("green", 3)] * 9, ("orange", 4))
    state = _do(state, "swap-orange", "orange4")
    assert R.view(state, me)["actions"] == {"return": ["green3"], "fewer": None}
    assert R.view(state, me)["prompt"].endswith(
        "take 2 violet dice: your Kali has room for 1 more die, so first put dice of yours "
        "back into the supply (`return-…`), or take `fewer`.")
    both = _do(state, "return-green3")
    assert [c for c, _ in both["players"][me]["dice"]].count("violet") == 2
    one = _do(state, "fewer")
    assert [c for c, _ in one["players"][me]["dice"]].count("violet") == 1
    assert f"{R.ROLE_NAMES[me]} takes fewer dice: 1 of 2, as many as Kali has free hands." \
        in one["log"]
    for s in (both, one):
        assert len(s["players"][me]["dice"]) == 10 and s["move"] == 1
        _check(s)


def test_kali_one_die_per_karma_at_9_dice_with_karma_3():
    """Earnings on the river: a die of one colour for each karma (0 to 3); Kali's hands:
    two dice put back make room for all three."""
    state = _bare()
    me = R.active(state)[0]
    p = state["players"][me]
    space = data.RIVER["spaces"].index("dice_blue_per_karma") + 1
    p["boat"], p["karma"] = space - 1, 3
    _give(state, me, *[("green", 3)] * 9, ("orange", 1))
    state = _do(state, "harbor", "orange1", "river1")
    assert R.view(state, me)["actions"] == {"return": ["green3"], "fewer": None}
    state = _do(state, "return-green3")
    assert "room for 2 more dice" in R.view(state, me)["prompt"]  # still one short
    state = _do(state, "return-green3")
    p = state["players"][me]
    assert [c for c, _ in p["dice"]].count("blue") == 3 and len(p["dice"]) == 10
    assert all(v for _, v in p["dice"])  # rolled as they are taken (printed rules)
    _check(state)


def test_kali_any_colour_dice_are_made_room_for_before_the_first_is_taken():
    """Placing workers (Kali's hands): the Dancer's 2 dice of any colours at 9 dice after
    the 2 is given up: put a die back, then choose both colours."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, *[("green", 3)] * 9, ("orange", 2))
    state = _do(state, "dancer", "orange2")
    assert set(R.view(state, me)["actions"]) == {"return", "fewer"}
    state = _do(state, "return-green3", "blue")
    assert "colour" in R.view(state, me)["actions"]  # the second die: no more putting back
    assert "return" not in R.view(state, me)["actions"]


def test_kali_a_game_stored_before_keeps_its_rules():
    """Revision 1: the terrace with a full Kali gave nothing and asked nothing."""
    state = _bare()
    me = R.active(state)[0]
    _give(state, me, *[("green", 3)] * 10)
    old = _do(_old(state), "terrace-blue")
    assert old["move"] == 1 and len(old["players"][me]["dice"]) == 10
    assert f"{R.ROLE_NAMES[me]}'s Kali is full: no blue die." in old["log"]
    assert "revision" not in old


# --- 3. The end in fame spaces ------------------------------------------------------------------


def _race(first_at: tuple[int, int], second_at: tuple[int, int], stored: bool = False
          ) -> tuple[dict, list[str]]:
    """The start player's markers meet with the 2-money space (+2 money), then the next
    player's with the Great Mogul (+2 fame); the third passes and the game ends."""
    state = R.setup(3, {"players": 3, "rules": "printed"})
    if stored:
        state = _old(state)
    roles = state["roles"]
    order = [roles[(state["start"] + k) % 3] for k in range(3)]
    _near(state, order[0], *first_at)
    state = _finish_turn(_do(state, "money"))
    _near(state, order[1], *second_at)
    _give(state, order[1], ("blue", 1))
    state = _do(state, "mogul", "blue1", "pass")
    assert state["result"]
    return state, order


@pytest.mark.parametrize("first_at, second_at, margin", [
    ((50, 19), (49, 20), 0),  # sums 121 and 122: both level (0 fame spaces)
    ((50, 21), (49, 22), 1),  # sums 123 and 124: both 1 fame space past
])
def test_the_end_counts_fame_spaces_and_a_tie_goes_to_the_first_to_meet(
        first_at, second_at, margin):
    """End of the game: each player counts the difference in fame points between the
    markers; 2 money spaces belong to each fame space and both count the same; a tie goes
    to the first whose markers passed each other."""
    state, (first, second, third) = _race(first_at, second_at)
    assert state["result"]["winners"] == [first]
    scores = state["result"]["scores"]
    assert scores[first] == scores[second] == margin
    names = R.ROLE_NAMES
    past = "0 (met)" if margin == 0 else "1 past"
    assert state["result"]["reason"].startswith(
        f"Fame spaces between the markers (2 money spaces make one): {names[first]} {past}, "
        f"{names[second]} {past}, {names[third]} ")
    assert state["result"]["reason"].endswith(
        f"; {names[first]}'s met first, which wins the tie.")
    # A game stored before issue 24 keeps the sum: the later player won on a half space.
    old, _ = _race(first_at, second_at, stored=True)
    assert old["result"]["winners"] == [second]


def test_the_places_after_the_winner_and_a_stalled_game_count_fame_spaces():
    """End of the game: "to find out who is second and third, count the fame points still
    separating your fame marker from your money marker": 120 and 119 are both 1 to go."""
    state = R.setup(4, {"players": 4})
    a, b, c, d = state["roles"]
    for r, (fame, money) in zip((a, b, c, d), ((50, 21), (40, 40), (50, 19), (50, 20)),
                                strict=True):
        _near(state, r, fame, money)
    state["crossed"] = [a]
    assert [scoring.margin(state["players"][r]) for r in (a, b, c, d)] == [0, -1, -1, -1]
    assert scoring.standing(state)[0] == a and set(scoring.standing(state)[1:]) == {b, c, d}
    scoring.finish(state)
    assert state["result"]["scores"] == {a: 0, b: -1, c: -1, d: -1}
    # Nobody's markers met (a stalled game, Darbar's reading): the closest share the win.
    stalled = R.setup(4, {"players": 4})
    for r, (fame, money) in zip((a, b, c, d), ((50, 18), (40, 40), (50, 19), (50, 20)),
                                strict=True):
        _near(stalled, r, fame, money)
    scoring.finish(stalled)
    assert stalled["result"]["winners"] == [b, c, d]


def test_margins_are_shown_in_fame_spaces():
    """The view, /board text, the picture and /score show whole fame spaces: no "54.5
    to go"."""
    state = R.setup(2, {"players": 3})
    a, b, c = state["roles"]
    _near(state, a, 50, 19)  # 119: 1 fame space to go
    _near(state, b, 51, 20)  # 122: the markers met
    _near(state, c, 52, 20)  # 124: 1 fame space past
    state["crossed"] = [c, b]
    view = R.view(state, None)
    assert [view["players"][r]["margin"] for r in (a, b, c)] == [-1, 0, 1]
    text = renderer.describe("rajas", view, {})
    assert "19 money (1 fame space to go)" in text and "20 money (markers met)" in text
    assert "(1 fame space past)" in text and ".5" not in text
    renderer.render("rajas", view)
    report = R.score_report(state).split("\n")
    assert report[1:4] == [f"{R.ROLE_NAMES[c]}: fame 52, money 20: 1 fame space past.",
                           f"{R.ROLE_NAMES[b]}: fame 51, money 20: markers met.",
                           f"{R.ROLE_NAMES[a]}: fame 50, money 19: 1 fame space to go."]
    _near(state, c, 50, 21)  # 121: level with b (122) in fame spaces, and met first
    assert R.score_report(state).split("\n")[1:3] == [
        f"{R.ROLE_NAMES[c]}: fame 50, money 21: markers met (met first).",
        f"{R.ROLE_NAMES[b]}: fame 51, money 20: markers met."]
    start = R.setup(2, {"players": 3})
    assert "59 fame spaces to go" in renderer.describe("rajas", R.view(start, None), {})


# --- 4. Navaratnas' catch-up tiles ----------------------------------------------------------------


def _stage(workers: tuple[int, int], placed: tuple[int, int]) -> tuple[dict, str, str]:
    """A 2-player Navaratnas game, the start player ``a`` to place: its workers and the
    workers placed so far, and ``b``'s."""
    state = _lay_browns(_nav(5))
    a, b = state["roles"][state["start"]], state["roles"][(state["start"] + 1) % 2]
    for role, w, k in ((a, workers[0], placed[0]), (b, workers[1], placed[1])):
        state["players"][role].update(workers=w, placed=k)
    state["turn"] = {"who": a}
    return state, a, b


def _catch_up(state: dict) -> dict:
    """The catch-up player takes the first yield tile offered and lays it."""
    who = R.active(state)[0]
    assert state["turn"].get("catchup")
    state = _do(state, R.token("yield", R.view(state, who)["actions"]["yield"][0]))
    return _do(state, R.token("slot", R.view(state, who)["actions"]["slot"][0]))


def test_navaratnas_catch_up_when_the_player_with_more_workers_starts():
    """Navaratnas, fewer active workers: with 4 workers against 5, a yield tile in the
    fifth stage "if it were your turn to place a worker but you don't have any left", also
    when the other player (the start player) placed their fifth first."""
    state, a, b = _stage((5, 4), (4, 4))
    state = _do(state, "money", "done")  # a's fifth worker
    assert R.active(state) == [b] and state["turn"].get("catchup")
    state = _catch_up(state)
    assert len(state["players"][b]["slots"]) == 1 and state["round"] == 2  # then a new round
    # Stored before: the tile was lost once a had placed its last worker.
    old, _, _ = _stage((5, 4), (4, 4))
    old = _do(_old(old), "money", "done")
    assert old["round"] == 2 and not old["players"][b]["slots"]


def test_navaratnas_two_workers_fewer_give_a_tile_in_each_of_the_last_two_stages():
    """Navaratnas: "If at least one other player even has 2 more active workers than
    you, you take another yield tile" (stages 4 and 5 with 3 workers against 5)."""
    state, a, b = _stage((5, 3), (3, 3))
    state = _catch_up(_do(state, "money", "done"))  # stage 4: a's fourth, b's tile
    assert R.active(state) == [a]
    _give(state, a, ("blue", 1))
    state = _catch_up(_do(state, "mogul", "blue1"))  # stage 5: a's fifth, b's tile
    assert len(state["players"][b]["slots"]) == 2 and state["round"] == 2


def test_navaratnas_catch_up_in_the_game_s_last_stage():
    """End of the game: the stage is completed; a player between the one whose markers
    met and the start player whose turn it would be, out of workers, takes the yield
    tile."""
    state, a, b = _stage((5, 4), (4, 4))
    _near(state, a, 50, 20)
    state = _do(state, "money", "done")  # 122: a's markers meet with its fifth worker
    assert state["end"] and R.active(state) == [b] and state["turn"].get("catchup")
    state = _catch_up(state)
    assert state["result"]


# --- both revisions play whole games ----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"players": 3, "mango": True},
                                     {"players": 2, "variant": "navaratnas", "mango": True},
                                     {"players": 4, "rules": "printed", "ganga": True}])
@pytest.mark.slow
def test_random_games_of_a_stored_revision_1_still_play_to_the_end(options):
    for seed in range(2):
        r = random.Random(seed)
        state = _old(R.setup(seed, options))
        for _ in range(20000):
            if state["result"]:
                break
            state = random_step(state, r)
            _check(state)
            assert "revision" not in state
            if not state["result"]:  # revision 1 never asks to make room
                view = R.view(state, R.active(state)[0])
                assert not {"return", "fewer"} & set(view["actions"])
        assert state["result"] and state["result"]["winners"]
