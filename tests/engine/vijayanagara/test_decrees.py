"""Decrees (4.0-4.4) and their Influential variants, on small positions typed as
the Discord table does."""

from __future__ import annotations

import pytest

from engine import games
from engine.errors import IllegalAction
from tests.engine.vijayanagara.fuzz import check
from tests.engine.vijayanagara.positions import (
    actions,
    active,
    pieces,
    play,
    turns,
)

delhi_turn, bahmani_turn, vijayanagara_turn = turns(funds=5)


# --- 4.1 Decrees in general --------------------------------------------------------------


def test_4_1_decree_after_the_command():
    s = delhi_turn(resources={"delhi": 5})
    s = play(s, "cmd conscript delhi")
    assert "decree" not in actions(s)  # the Command is under way
    s = play(s, "done decree tribute")
    assert pieces(s, "delhi") == {"troop": 5}
    assert s["resources"]["delhi"] == 5 - 1 + 9
    assert active(s) == "bahmani"


def test_4_1_decree_before_the_command():
    s = delhi_turn(resources={"delhi": 0})
    s = play(s, "cmd decree tribute")
    assert s["resources"]["delhi"] == 9
    assert {"conscript", "march", "govern", "attack", "done"} <= set(actions(s))
    s = play(s, "conscript delhi done")  # paid with the Tribute just collected
    assert pieces(s, "delhi") == {"troop": 5}
    assert s["resources"]["delhi"] == 8
    assert active(s) == "bahmani"


def test_4_1_decree_first_then_no_command():
    s = delhi_turn(resources={"delhi": 0})
    s = play(s, "cmd decree tribute done")
    assert active(s) == "bahmani"
    assert s["resources"]["delhi"] == 9


def test_4_1_the_order_matters_build_after_rally():
    before = bahmani_turn(resources={"bahmani": 5})
    s = play(before, "cmd decree")
    assert "build" not in actions(s)  # no Amir on the map yet
    s = play(before, "cmd rally maharashtra done decree build")
    assert pieces(s, "maharashtra") == {"amir_o": 2, "fort": 1}


def test_4_1_only_one_decree_and_command_only_has_none():
    s = play(delhi_turn(), "command conscript delhi done")
    assert active(s) == "bahmani"  # no Decree with Command only
    assert s["resources"]["delhi"] == 4


# --- 4.2 Delhi Sultanate -------------------------------------------------------------------


def test_4_2_1_collect_tribute_half_tributary_prosperity_rounded_down_and_two_cavalry():
    s = delhi_turn(independent=["andhra", "sindh"], resources={"delhi": 3})
    s = play(s, "cmd decree tribute")
    assert s["resources"]["delhi"] == 3 + 15 // 2  # 18 - 2 - 1 = 15 Tributary Prosperity
    assert s["cavalry"]["delhi"] == 2 and s["cavalry"]["pool"] == 8


def test_4_2_1_tribute_cavalry_comes_from_another_faction_when_the_pool_is_empty():
    s = delhi_turn(cavalry={"bahmani": 6, "vijayanagara": 4})
    s = play(s, "cmd decree tribute")
    assert actions(s)["choose"] == ["bahmani", "vijayanagara"]
    s = play(s, "bahmani vijayanagara")
    assert s["cavalry"] == {"delhi": 2, "bahmani": 5, "vijayanagara": 3, "pool": 0}


def test_4_2_2_campaign_picks_up_and_drops_along_a_route_of_three_spaces():
    s = delhi_turn(spaces={"delhi": {"troop": 4, "governor": 1}, "malwa": {"troop": 2},
                           "rajput": {"troop": 3}})
    s = play(s, "cmd decree campaign")
    assert set(actions(s)["space"]) == {"delhi", "malwa", "rajput"}
    s = play(s, "delhi take 3 1")  # 3 Troops and the Governor form the column
    s = play(s, "malwa take 2 drop 1 0")  # pick up 2 in Malwa, leave 1 there
    assert pieces(s, "delhi") == {"troop": 1}
    assert "delhi" not in actions(s)["go"]  # never back
    s = play(s, "gujarat maharashtra")
    assert "go" not in actions(s)  # three spaces away: the column stops
    s = play(s, "done")
    assert pieces(s, "malwa") == {"troop": 1}
    assert pieces(s, "gujarat") == {}
    assert pieces(s, "maharashtra") == {"troop": 4, "governor": 1}
    assert pieces(s, "rajput") == {"troop": 3}  # not on the route
    assert s["resources"]["delhi"] == 5  # Decrees cost nothing
    check(s)


def test_4_2_2_campaign_has_a_single_origin_and_picks_up_once_per_space():
    s = delhi_turn(spaces={"delhi": {"troop": 2}, "malwa": {"troop": 2}})
    s = play(s, "cmd decree campaign delhi take 1")
    assert "take" not in actions(s)
    s = play(s, "malwa")
    assert "take" in actions(s)
    with pytest.raises(IllegalAction):
        play(s, "space")


def test_4_2_3_demand_obedience_in_sultanate_controlled_provinces_with_a_governor():
    s = delhi_turn(
        spaces={"malwa": {"governor": 1, "troop": 2, "amir_r": 1},
                "rajput": {"governor": 1, "raja_r": 1, "troop": 1},
                "gujarat": {"troop": 3, "amir_r": 1},  # Sultanate Controlled, no Governor
                "jaunpur": {"governor": 1}},  # Tributary already
        independent=["malwa", "rajput", "gujarat"], resources={"delhi": 5})
    assert s["control"]["malwa"] == "delhi" and s["control"]["gujarat"] == "delhi"
    s = play(s, "cmd decree obedience")
    assert set(actions(s)["space"]) == {"malwa", "rajput"}
    s = play(s, "malwa rajput done")
    assert s["tributary"]["malwa"] and s["tributary"]["rajput"]
    assert s["control"]["malwa"] is None
    assert pieces(s, "malwa") == {"governor": 1, "troop": 2, "amir_o": 1}
    assert pieces(s, "rajput") == {"governor": 1, "raja_o": 1, "troop": 1}
    assert s["resources"]["delhi"] == 5 + 2 + 1  # Prosperity of Malwa and Rajput
    assert not s["tributary"]["gujarat"]
    check(s)


def test_4_2_3_no_demand_obedience_without_a_target():
    s = play(delhi_turn(spaces={"malwa": {"governor": 1}}), "cmd decree")
    assert "obedience" not in actions(s)


# --- 4.3 Bahmani Kingdom ----------------------------------------------------------------------


@pytest.mark.parametrize("influence,cavalry", [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3)])
def test_4_3_1_trade_resources_per_province_and_cavalry_by_influence(influence, cavalry):
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "gondwana": {"fort": 1},
                             "andhra": {"amir_r": 2, "raja_o": 1}},
                     influence={"bahmani": influence}, resources={"bahmani": 5})
    s = play(s, "cmd decree trade")
    assert s["resources"]["bahmani"] == 5 + 3
    assert s["cavalry"]["bahmani"] == cavalry
    assert s["cavalry"]["pool"] == 10 - cavalry


def test_4_3_2_build_a_fort_where_an_amir_is_one_per_province():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "gondwana": {"fort": 1, "amir_r": 1},
                             "andhra": {"raja_o": 1}})
    s = play(s, "cmd decree build")
    assert pieces(s, "maharashtra") == {"amir_o": 1, "fort": 1}  # the only choice
    assert s["avail"]["fort"] == 3
    assert pieces(s, "gondwana") == {"fort": 1, "amir_r": 1}


def test_4_3_2_build_offers_every_province_with_an_amir_and_no_fort():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "orissa": {"amir_r": 1},
                             "gondwana": {"fort": 1, "amir_r": 1}})
    s = play(s, "cmd decree build")
    assert actions(s)["choose"] == ["orissa", "maharashtra"]
    s = play(s, "orissa")
    assert pieces(s, "orissa") == {"amir_r": 1, "fort": 1}
    assert pieces(s, "maharashtra") == {"amir_o": 1}


def test_4_3_2_no_build_without_an_available_fort():
    forts = {p: {"fort": 1, "amir_o": 1} for p in
             ("gujarat", "malwa", "madhyadesh", "gondwana", "orissa")}
    s = bahmani_turn(spaces={**forts, "maharashtra": {"amir_o": 1}})
    s = play(s, "cmd decree")
    assert "build" not in actions(s)


def test_4_3_3_conspire_replaces_governors_in_two_provinces_with_bahmani_pieces():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1, "governor": 1},
                             "gondwana": {"fort": 1, "governor": 1},
                             "madhyadesh": {"amir_r": 1, "governor": 1},
                             "gujarat": {"governor": 1},  # no Bahmani piece
                             "andhra": {"amir_o": 1, "raja_o": 1}})  # no Governor
    s = play(s, "cmd decree conspire")
    assert set(actions(s)["space"]) == {"maharashtra", "gondwana", "madhyadesh"}
    s = play(s, "maharashtra")
    assert actions(s)["choose"] == ["obedient", "rebelling", "none"]
    s = play(s, "rebelling gondwana obedient")
    assert "space" not in actions(s)  # two Provinces at most
    s = play(s, "done")
    assert pieces(s, "maharashtra") == {"amir_o": 1, "amir_r": 1}
    assert pieces(s, "gondwana") == {"fort": 1, "amir_o": 1}
    assert pieces(s, "madhyadesh") == {"amir_r": 1, "governor": 1}
    assert s["avail"]["governor"] == 5 - 2  # Madhyadesh and Gujarat keep theirs
    check(s)


def test_4_3_3_conspire_may_just_remove_the_governor():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1, "governor": 1}})
    s = play(s, "cmd decree conspire maharashtra none done")
    assert pieces(s, "maharashtra") == {"amir_o": 1}


def test_4_3_3_conspire_without_influence_never_touches_rajas():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "karnataka": {"raja_o": 1},
                             "andhra": {"amir_o": 1, "raja_r": 1}},
                     influence={"bahmani": 1})
    s = play(s, "cmd decree")
    assert "conspire" not in actions(s)


def test_4_3_3_influential_conspire_reaches_rajas_in_or_next_to_bahmani_provinces():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "karnataka": {"raja_o": 1},
                             "andhra": {"amir_o": 1, "raja_r": 1},
                             "orissa": {"raja_r": 1},  # next to Andhra
                             "tamilakam": {"raja_o": 1}},  # next to Andhra too
                     influence={"bahmani": 2})
    s = play(s, "cmd decree conspire")
    assert set(actions(s)["space"]) == {"karnataka", "andhra", "orissa", "tamilakam"}
    s = play(s, "orissa")
    assert actions(s)["choose"] == ["rebelling", "none"]  # a Rebelling Raja
    with pytest.raises(IllegalAction):
        play(s, "obedient")
    s = play(s, "rebelling karnataka obedient")
    assert pieces(s, "orissa") == {"amir_r": 1}
    assert pieces(s, "karnataka") == {"amir_o": 1}
    # 22 Rajas: 8 wait on the Influence track, 2 stay on the map, 2 came back.
    assert s["avail"]["raja"] == 22 - 8 - 2


def test_4_3_3_influential_conspire_chooses_which_piece_to_replace():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 1, "raja_o": 1, "governor": 1}},
                     influence={"bahmani": 3})
    s = play(s, "cmd decree conspire andhra")
    assert actions(s)["choose"] == ["governor", "raja_o"]
    s = play(s, "raja_o obedient done")
    assert pieces(s, "andhra") == {"amir_o": 2, "governor": 1}  # one piece per Province


def test_4_3_3_conspire_tributary_too_far_is_not_offered():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "tamilakam": {"raja_o": 1}},
                     influence={"bahmani": 2})
    s = play(s, "cmd decree")
    assert "conspire" not in actions(s)  # Tamilakam is two Provinces away


# --- 4.4 Vijayanagara Empire ------------------------------------------------------------------


def test_4_4_1_tax_controlled_prosperity_plus_temples_on_the_map():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_r": 2},  # Controlled, Prosperity 1
                                  "tamilakam": {"raja_r": 1, "temple": 1},  # Controlled, 2
                                  "andhra": {"raja_o": 3, "temple": 1},  # Tributary
                                  "orissa": {"raja_r": 1, "troop": 1}},  # no Control
                          independent=["karnataka", "tamilakam", "orissa"],
                          resources={"vijayanagara": 2})
    s = play(s, "cmd decree tax")
    assert s["resources"]["vijayanagara"] == 2 + 1 + 2 + 2


def test_4_4_2_build_a_temple_where_a_raja_is():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_o": 1, "temple": 1},
                                  "andhra": {"raja_r": 1}, "tamilakam": {"amir_o": 1}})
    s = play(s, "cmd decree build")
    assert pieces(s, "andhra") == {"raja_r": 1, "temple": 1}
    assert s["avail"]["temple"] == 3


def test_4_4_3_compel_places_up_to_two_rajas():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_o": 1}})
    s = play(s, "cmd decree compel")
    assert set(actions(s)["choose"]) == {"maharashtra", "andhra", "karnataka", "tamilakam"}
    s = play(s, "andhra place place")
    assert "place" not in actions(s) and "from" not in actions(s)
    assert "remove" not in actions(s)  # not Influential
    s = play(s, "done")
    assert pieces(s, "andhra") == {"raja_o": 2}
    assert s["cavalry"]["vijayanagara"] == 0


def test_4_4_3_compel_moves_up_to_two_from_one_adjacent_province():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_o": 3}, "tamilakam": {"raja_r": 2}},
                          independent=["tamilakam"])
    s = play(s, "cmd decree compel andhra")
    assert set(actions(s)["from"]) == {"karnataka", "tamilakam"}
    s = play(s, "karnataka")
    assert actions(s)["from"] == ["karnataka"]  # one source only
    s = play(s, "karnataka")
    assert "place" not in actions(s) and "from" not in actions(s)
    s = play(s, "done")
    assert pieces(s, "andhra") == {"raja_o": 2}
    assert pieces(s, "karnataka") == {"raja_o": 1}


def test_4_4_3_compel_one_placed_and_one_moved_rebelling_in_a_controlled_province():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_r": 1}, "tamilakam": {"raja_o": 1}},
                          independent=["karnataka"])
    s = play(s, "cmd decree compel karnataka place tamilakam")
    assert "place" not in actions(s)
    s = play(s, "done")
    assert pieces(s, "karnataka") == {"raja_r": 3}
    assert pieces(s, "tamilakam") == {}


@pytest.mark.parametrize("choice,left", [("raja_o", {"raja_r": 1}), ("raja_r", {"raja_o": 1})])
def test_4_4_3_compel_the_owner_chooses_which_raja_moves_in(choice, left):
    """4.4.3 "move in up to two Rajas from one adjacent Province": where that Province
    holds an Obedient and a Rebelling Raja, Vijayanagara choose which (it keeps its side)."""
    s = vijayanagara_turn(spaces={"karnataka": {"raja_o": 1, "raja_r": 1}})
    s = play(s, "cmd decree compel andhra karnataka")
    assert set(actions(s)["choose"]) == {"raja_o", "raja_r"}
    assert "(4.4.3)" in games.get("vijayanagara").view(s, "vijayanagara")["prompt"]
    s = play(s, f"{choice} done")
    assert pieces(s, "andhra") == {choice: 1}
    assert pieces(s, "karnataka") == left


def test_4_4_3_compel_not_next_to_vijayanagara_pieces():
    s = vijayanagara_turn(spaces={"tamilakam": {"raja_o": 1}})
    s = play(s, "cmd decree compel")
    assert set(actions(s)["choose"]) == {"andhra", "karnataka", "tamilakam"}


def test_4_4_3_influential_compel_cavalry_and_removing_a_troop_turns_new_rajas_rebelling():
    s = vijayanagara_turn(spaces={"andhra": {"troop": 1, "governor": 1, "amir_o": 1},
                                  "karnataka": {"raja_o": 2}},
                          influence={"vijayanagara": 2})
    s = play(s, "cmd decree compel andhra")
    assert s["cavalry"]["vijayanagara"] == 1
    assert set(actions(s)["remove"]) == {"troop", "governor", "amir_o"}
    s = play(s, "place troop")
    assert pieces(s, "andhra") == {"governor": 1, "amir_o": 1, "raja_r": 1}
    assert "remove" not in actions(s)  # one piece at most
    s = play(s, "karnataka done")  # moved in after the removal: Rebelling too
    assert pieces(s, "andhra") == {"governor": 1, "amir_o": 1, "raja_r": 2}
    assert pieces(s, "karnataka") == {"raja_o": 1}
    check(s)


def test_4_4_3_influential_compel_removing_an_amir_flips_nothing():
    s = vijayanagara_turn(spaces={"andhra": {"amir_o": 1}, "karnataka": {"raja_o": 2}},
                          influence={"vijayanagara": 3})
    s = play(s, "cmd decree compel andhra karnataka amir_o place done")
    assert pieces(s, "andhra") == {"raja_o": 2}


def test_4_4_3_influential_compel_leaves_rajas_already_there_as_they_were():
    s = vijayanagara_turn(spaces={"andhra": {"troop": 1, "raja_o": 1},
                                  "karnataka": {"raja_r": 1}},
                          independent=["karnataka"], influence={"vijayanagara": 2})
    # A Rebelling Raja moves in, then the Troop goes: the Raja that was already in
    # Andhra was neither placed nor moved, and stays Obedient.
    s = play(s, "cmd decree compel andhra karnataka troop done")
    assert pieces(s, "andhra") == {"raja_o": 1, "raja_r": 1}


def test_4_4_3_influential_compel_removal_is_optional():
    s = vijayanagara_turn(spaces={"andhra": {"troop": 1}, "karnataka": {"raja_o": 1}},
                          influence={"vijayanagara": 2})
    s = play(s, "cmd decree compel andhra place place done")
    assert pieces(s, "andhra") == {"troop": 1, "raja_o": 2}
    assert s["cavalry"]["vijayanagara"] == 1
