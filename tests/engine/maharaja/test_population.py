"""Starting areas, the sequence of play, population and leaders, each test citing the rule
remarks (Starting Areas, Sequence of Play, Population, Stacking's leader removal, the
3 Player Short Game)."""

from __future__ import annotations

from engine.games.maharaja import data, phases, turns
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position, tokens


def test_starting_areas_one_army_in_each_area():
    s = R.setup(1, {"players": 4})
    for group in data.FULL_START:
        for area in group:
            assert sum(s["armies"][area].values()) == 1, area
    assert set(f.areas_of(s, "harappans")) == data.FULL_START[2]


def test_3_player_short_game_begins_with_turn_9_and_guptas_keep_their_armies():
    s = R.setup(1, {"length": "short"})
    assert s["turn"] == 9 and len(s["roles"]) == 3
    assert len(f.areas_of(s, "guptas")) == 10 and f.on_map(s, "guptas") == 10
    assert not any(q["do"] == "remove" for q in s["queue"])  # no removal at turn 9
    full = position({"agra": {"guptas": 9}}, nation="guptas", turn=8)
    full["turn"] = 9
    turns.start_game_turn(full)
    assert full["queue"] == [{"do": "remove", "nation": "guptas", "n": 8,
                              "why": "the turn record chart, turn 9"}]


def test_sequence_of_play_population_then_invasion_then_movement():
    s = position({}, nation="marathas", turn=5, phase="population")
    phases.advance(s)
    assert s["phase"] == "movement"  # no areas: no increase; then 6 arrive
    assert f.count(s, "maharashtra", "marathas") == 6


def test_population_one_new_army_for_3_areas_hiland_counts_half():
    s = position({"delhi": {"rajputs": 1}, "agra": {"rajputs": 1}, "kashmir": {
        "rajputs": 1}, "malwa": {"rajputs": 1}}, nation="rajputs", turn=7)
    assert turns.population_points(s, "rajputs") == 7  # half-points: 2 + 2 + 1 + 2
    assert turns.increase(s, "rajputs") == 1 and s["pop"]["rajputs"] == 1  # kept on track


def test_population_at_most_1_new_army_in_an_area_if_possible():
    s = position({"delhi": {"rajputs": 1}, "agra": {"rajputs": 1}}, nation="rajputs",
                 turn=7, phase="population")
    s["pop"]["rajputs"] = 2 * turns.POP_UNIT - 4  # with 4 half-points: 2 new armies
    phases.advance(s)
    assert tokens(s) == {"delhi", "agra"}
    s = do(s, "delhi")
    assert tokens(s) == {"agra"}


def test_population_no_exception_to_stacking():
    s = position({"delhi": {"rajputs": 3}, "agra": {"rajputs": 1}}, nation="rajputs",
                 turn=7)
    assert turns.place_options(s, "rajputs", []) == ["agra"]


def test_population_increase_restrictions():
    for nation, turn in (("mauryans", 5), ("guptas", 8), ("cholas", 10)):
        s = position({a: {nation: 1} for a in ("delhi", "agra", "oudh", "malwa")},
                     nation=nation, turn=turn)
        s["pop"][nation] = 5
        assert turns.increase(s, nation) == 0, nation
    for nation, turn in (("guptas", 7), ("cholas", 9)):
        s = position({a: {nation: 1} for a in ("delhi", "agra", "oudh")}, nation=nation,
                     turn=turn)
        assert turns.increase(s, nation) == 1, nation


def test_population_muslims_and_mughals_count_only_south_india_late():
    north_and_south = {"delhi": 1, "agra": 1, "berar": 1}
    for nation, turns_only, before in (("muslims", 12, 11), ("mughals", 15, 14)):
        s = position({a: {nation: n} for a, n in north_and_south.items()}, turn=turns_only)
        assert turns.population_points(s, nation) == 2  # Berar only
        s = position({a: {nation: n} for a, n in north_and_south.items()}, turn=before)
        assert turns.population_points(s, nation) == 6


def test_population_removals_as_listed():
    s = position({"magadha": {"mauryans": 3}, "bihar": {"mauryans": 3},
                  "bengal": {"mauryans": 2}}, nation="harappans", turn=4,
                 leaders={"ashoka": "bihar"})
    s["turn"] = 5
    turns.start_game_turn(s)
    assert "ashoka" not in s["leaders"]  # Ashoka at the beginning of turn 5
    phases.advance(s)
    assert R.active(s) == ["yellow"] and "remove" in R.view(s, "yellow")["actions"]
    s = do(s, *["magadha"] * 3, "bihar", "bihar", "bengal")
    assert f.on_map(s, "mauryans") == 2


def test_leader_removal_alexander_at_end_of_greek_turn_others_at_next_own_turn():
    s = position({"punjab": {"greeks": 4}}, nation="greeks", turn=4, phase="score",
                 leaders={"alexander": "punjab"})
    phases.advance(s)
    assert "alexander" not in s["leaders"]
    assert s["queue"][0] == {"do": "remove", "nation": "greeks", "n": 2,
                             "why": "the turn record chart, turn 4"}
    s = position({"delhi": {"mughals": 3}}, nation="mughals", turn=12, phase="score",
                 leaders={"akbar": "delhi"})
    phases.advance(s)
    assert s["leaders"] == {"akbar": "delhi"}  # stays through the others' turns
    s["turn"] = 13
    turns.start_nation(s, "mughals")
    assert "akbar" not in s["leaders"]


def test_population_chola_and_maratha_reinforcements_in_a_vacant_south_area():
    s = position({"delhi": {"rajputs": 1}}, nation="marathas", turn=11, phase="invasion")
    phases.advance(s)
    assert R.active(s) == ["blue"]
    opts = tokens(s)
    assert opts and all(a in turns.south_vacant(s) for a in opts)
    s = do(s, sorted(opts)[0])
    assert f.count(s, sorted(opts)[0], "marathas") == 2
    crowded = position({a: {"rajputs": 1} for a in turns.south_vacant(position({}))},
                       nation="marathas", turn=11, phase="invasion")
    phases.advance(crowded)
    assert f.on_map(crowded, "marathas") == 0  # no vacant area: they do not appear


def test_population_british_reinforcements_in_the_indian_ocean():
    s = position({}, nation="british", turn=13, phase="population")
    phases.advance(s)
    assert f.count(s, "ocean", "british") == 3


def test_overpopulation_2_armies_for_each_area_checked_after_turn():
    s = position({"delhi": {"rajputs": 3}, "agra": {"rajputs": 3}, "afghanistan": {
        "rajputs": 1}}, nation="rajputs", turn=7)
    turns.overpopulation(s, "rajputs")
    assert f.on_map(s, "rajputs") == 4 and not f.count(s, "afghanistan", "rajputs")
    s = position({"bengal": {"british": 3}}, nation="british", turn=14)
    turns.overpopulation(s, "british")
    assert f.on_map(s, "british") == 3  # not for colonial armies


def test_overpopulation_of_a_major_invasion_at_the_end_of_its_last_movement():
    """Errata: in a major invasion, overpopulation is checked at the end of the last
    movement phase (not after the turn): before its battles (here an optional one against
    a British factory, which waits for the Mughals' answer)."""
    armies = {"delhi": {"mughals": 3}, "agra": {"mughals": 3}, "central-asia": {"mughals": 1},
              "bengal": {"mughals": 1}}
    s = position(armies, turn=11, rounds=2, round=1, factories={"bengal": "british"})
    s = do(s, "done", "skip")  # the first movement and its battle: no check yet
    assert f.on_map(s, "mughals") == 8 and s["round"] == 2 and s["phase"] == "movement"
    s = do(s, "done")  # the last movement: 3 areas hold at most 6
    assert s["battle"] and s["battle"]["stage"] == "offer"
    assert f.on_map(s, "mughals") == 6 and not f.count(s, "central-asia", "mughals")
    assert any("Overpopulation" in line for line in s["log"])
