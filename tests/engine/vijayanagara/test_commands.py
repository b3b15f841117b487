"""Commands (3.0-3.4): locations, costs, single use per piece and every procedure,
played through typed tokens on small positions."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from tests.engine.vijayanagara.fuzz import check
from tests.engine.vijayanagara.positions import (
    actions,
    active,
    fix_dice,
    pieces,
    play,
    position,
    turns,
)

delhi_turn, bahmani_turn, vijayanagara_turn = turns()


def spaces_offered(state):
    return set(actions(state).get("space", []))


# --- 3.1 Commands in general ------------------------------------------------------------


def test_3_1_1_each_space_once_and_one_resource_per_space():
    s = delhi_turn(resources={"delhi": 5})
    s = play(s, "cmd conscript delhi")
    assert s["resources"]["delhi"] == 4
    assert "delhi" not in spaces_offered(s)
    with pytest.raises(IllegalAction):
        play(s, "delhi")
    s = play(s, "tamilakam andhra")
    assert s["resources"]["delhi"] == 2
    assert pieces(s, "delhi") == {"troop": 5}
    assert pieces(s, "tamilakam") == {"troop": 1}
    assert pieces(s, "andhra") == {"troop": 1}
    check(s)


def test_3_1_1_no_space_can_be_selected_without_resources():
    s = delhi_turn(resources={"delhi": 1})
    s = play(s, "cmd conscript delhi")
    assert s["resources"]["delhi"] == 0
    assert "space" not in actions(s)  # no Resource left for a second space
    with pytest.raises(IllegalAction):
        play(s, "tamilakam")
    s = play(s, "done decree tribute")
    assert pieces(s, "tamilakam") == {}


def test_3_1_1_a_command_with_no_space_is_allowed_and_costs_nothing():
    s = delhi_turn(resources={"delhi": 0})
    assert "space" not in actions(play(s, "cmd conscript"))
    s = play(s, "cmd conscript done decree tribute")
    assert active(s) == "bahmani"  # Delhi's turn is over
    assert all(pieces(s, x).get("troop", 0) == 0 for x in ("delhi", "tamilakam"))
    assert s["resources"]["delhi"] == 9  # only the Tribute: 18 Tributary Prosperity / 2


def test_limited_command_selects_a_single_space():
    s = delhi_turn(resources={"delhi": 5})
    s = play(s, "limited conscript delhi")
    assert "space" not in actions(s)
    s = play(s, "done")
    assert s["resources"]["delhi"] == 4
    assert active(s) == "bahmani"


def test_3_1_2_units_that_marched_cannot_march_again():
    s = delhi_turn(spaces={"delhi": {"troop": 2}}, resources={"delhi": 5})
    s = play(s, "cmd march rajput delhi 2 done")
    assert pieces(s, "rajput") == {"troop": 2}
    # Gujarat and Sindh are reachable only by the Troops that just arrived in Rajput.
    assert "gujarat" not in spaces_offered(s)
    assert "sindh" not in spaces_offered(s)
    # Malwa is next to Rajput and Delhi, but every Troop there has moved already.
    assert "malwa" not in spaces_offered(s)


def test_3_1_2_units_that_stayed_behind_may_still_march():
    s = delhi_turn(spaces={"delhi": {"troop": 3}}, resources={"delhi": 5})
    s = play(s, "cmd march rajput delhi 2 done")
    assert "malwa" in spaces_offered(s)
    s = play(s, "malwa")
    assert actions(s)["from"] == ["delhi"]  # not Rajput: those Troops have moved
    s = play(s, "delhi 1 done done")
    assert pieces(s, "malwa") == {"troop": 1}
    assert pieces(s, "rajput") == {"troop": 2}
    assert pieces(s, "delhi") == {}


def test_3_1_2_migrated_amirs_move_only_once():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 2}}, resources={"bahmani": 5})
    s = play(s, "cmd migrate gondwana maharashtra 2 done")
    assert pieces(s, "gondwana") == {"amir_o": 2}
    assert "orissa" not in spaces_offered(s)  # only reachable by the Amirs that moved


def test_3_1_2_a_governor_that_marched_cannot_march_on_with_a_troop_that_stayed():
    s = delhi_turn(spaces={"delhi": {"governor": 1}, "malwa": {"troop": 1}},
                   resources={"delhi": 5})
    s = play(s, "cmd march malwa delhi 1 done gujarat malwa")
    assert actions(s)["count"] == ["0", "1"]  # the Troop that was there may go
    s = play(s, "0")
    assert "count" not in actions(s)  # the Governor has marched already
    s = play(s, "done done")
    assert pieces(s, "malwa") == {"troop": 1, "governor": 1}
    assert pieces(s, "gujarat") == {}


def test_3_1_2_an_amir_that_migrated_stays_while_the_one_already_there_may_leave():
    # A Rebelling Amir from Gondwana turns Obedient in Tributary Maharashtra (3.3.2);
    # the Rebelling Amir already in Maharashtra has not moved and may migrate on.
    s = bahmani_turn(spaces={"gondwana": {"amir_r": 1, "troop": 1},
                             "maharashtra": {"amir_r": 1},
                             "karnataka": {"troop": 5}},
                     independent=["gondwana", "karnataka"], resources={"bahmani": 5})
    s = play(s, "cmd migrate maharashtra gondwana 1 done")
    assert pieces(s, "maharashtra") == {"amir_o": 1, "amir_r": 1}
    s = play(s, "karnataka maharashtra")
    assert actions(s)["count"] == ["0", "1"]  # asked for the Rebelling Amir only
    s = play(s, "1 done done")
    assert pieces(s, "karnataka") == {"troop": 5, "amir_r": 1}
    assert pieces(s, "maharashtra") == {"amir_o": 1}


def _qasbah_attack(malwa_troops, malwa_amirs=1):
    return delhi_turn(spaces={"malwa": {"troop": malwa_troops, "qasbah": 1,
                                        "amir_r": malwa_amirs},
                              "gujarat": {"amir_r": 1}},
                      independent=["malwa", "gujarat"], resources={"delhi": 5})


@pytest.mark.slow
def test_3_1_2_units_that_attacked_cannot_support_another_attack():
    s = play(_qasbah_attack(2), "cmd attack")
    assert spaces_offered(s) == {"malwa", "gujarat"}  # Gujarat only by support from Malwa
    fix_dice(s, [6, 6, 6, 6, 6, 6])
    s = play(s, "malwa")
    assert pieces(s, "malwa")["troop"] == 2  # nobody hit
    assert "gujarat" not in spaces_offered(s)


@pytest.mark.slow
def test_3_1_2_units_that_supported_cannot_attack_again():
    s = play(_qasbah_attack(2), "cmd attack gujarat")
    fix_dice(s, [6, 6, 6, 6, 6, 6])
    s = play(s, "2")
    assert pieces(s, "malwa")["troop"] == 2
    assert "malwa" not in spaces_offered(s)  # both Troops there supported


@pytest.mark.slow
def test_3_1_2_units_that_did_not_support_attack_alone():
    s = play(_qasbah_attack(3, malwa_amirs=3), "cmd attack gujarat")
    fix_dice(s, [6, 6, 6, 6, 6, 6])
    s = play(s, "2")
    fix_dice(s, [2, 2, 2, 2, 6, 6])
    s = play(s, "malwa")
    # One Troop attacks (2s miss against one Unit); three would have scored four hits.
    assert pieces(s, "malwa") == {"troop": 3, "qasbah": 1, "amir_r": 3}


@pytest.mark.slow
def test_3_1_2_a_supporter_lost_in_battle_leaves_the_unused_troop_free():
    s = play(_qasbah_attack(3), "cmd attack gujarat")
    fix_dice(s, [1, 6, 6, 6, 1, 6])  # Delhi hit once, Bahmani hit once
    s = play(s, "2")
    assert pieces(s, "malwa")["troop"] == 2  # one supporter lost
    assert pieces(s, "gujarat") == {}
    assert "malwa" in spaces_offered(s)  # the third Troop never fought
    fix_dice(s, [1, 6, 6, 6, 6, 6])
    s = play(s, "malwa")
    assert pieces(s, "malwa") == {"troop": 2, "qasbah": 1}  # one Troop, one hit


def test_3_1_2_amirs_that_attacked_cannot_support_after_turning_rebelling():
    # Bahmani win Gondwana, so their Amirs there flip to Rebelling (1.4.5); they have
    # still fought in this Command and cannot join from the Fort next door.
    s = bahmani_turn(spaces={"gondwana": {"amir_o": 2, "fort": 1, "raja_o": 3},
                             "madhyadesh": {"raja_o": 1}},
                     independent=["gondwana", "madhyadesh"], resources={"bahmani": 5})
    s = play(s, "cmd attack")
    assert "madhyadesh" in spaces_offered(s)
    fix_dice(s, [1, 1, 6, 6, 6, 6])
    s = play(s, "gondwana")
    assert s["control"]["gondwana"] == "bahmani"
    assert pieces(s, "gondwana") == {"amir_r": 2, "fort": 1, "raja_o": 1}
    assert "madhyadesh" not in spaces_offered(s)


def _free_limited(faction_resources, **kw):
    """Rise of the Rebel Sultans (2.5.2) with Delhi holding no Units (no Campaign)."""
    return position(card="s2", clear=True, cavalry={}, dynasty="tughlaq",
                    resources=faction_resources, **kw)


def test_3_1_3_rise_of_the_rebel_sultans_gives_free_limited_commands():
    s = _free_limited({"bahmani": 0, "vijayanagara": 0},
                      spaces={"maharashtra": {"amir_o": 1}, "karnataka": {"raja_o": 1}})
    assert active(s) == "bahmani"
    s = play(s, "limited rally maharashtra")
    assert pieces(s, "maharashtra") == {"amir_o": 3}  # 1 + Maharashtra bonus, at no cost
    assert "space" not in actions(s)  # Limited: one space
    s = play(s, "done")
    assert s["resources"]["bahmani"] == 0
    assert active(s) == "vijayanagara"
    s = play(s, "limited rally karnataka done")
    assert pieces(s, "karnataka") == {"raja_o": 3}
    assert s["resources"]["vijayanagara"] == 0


def test_3_1_3_free_migrate_still_pays_for_the_influence_shift():
    where = {"maharashtra": {"amir_o": 1}, "andhra": {"raja_o": 1}}
    poor = play(_free_limited({"bahmani": 0, "vijayanagara": 0}, spaces=where),
                "limited migrate andhra")
    assert "shift" not in actions(poor)  # free Migrate, but no Resource for the shift
    s = _free_limited({"bahmani": 2, "vijayanagara": 0}, spaces=where)
    s = play(s, "limited migrate andhra")
    assert s["resources"]["bahmani"] == 2  # the Migrate itself is free
    s = play(s, "shift maharashtra 1 done done")
    assert s["resources"]["bahmani"] == 1
    assert s["influence"]["bahmani"] == 1
    assert pieces(s, "andhra") == {"amir_o": 1, "raja_o": 1}


# --- 3.2 Delhi Sultanate --------------------------------------------------------------------


def test_3_2_1_conscript_five_in_delhi_two_with_qasbah_one_in_tributary():
    s = delhi_turn(spaces={"andhra": {"qasbah": 1}, "punjab": {"qasbah": 1}},
                   resources={"delhi": 10})
    s = play(s, "cmd conscript delhi andhra tamilakam punjab done")
    assert pieces(s, "delhi") == {"troop": 5}
    assert pieces(s, "andhra") == {"qasbah": 1, "troop": 2}
    assert pieces(s, "tamilakam") == {"troop": 1}
    assert pieces(s, "punjab") == {"qasbah": 1, "troop": 2}
    assert s["resources"]["delhi"] == 6
    assert s["avail"]["troop"] == 32 - 10
    check(s)


def test_3_2_1_conscript_not_in_an_independent_province_without_a_qasbah():
    s = delhi_turn(spaces={"malwa": {"qasbah": 1}}, independent=["gujarat", "malwa"],
                   resources={"delhi": 5})
    s = play(s, "cmd conscript")
    offered = spaces_offered(s)
    assert "gujarat" not in offered
    assert "passes" not in offered and "punjab" not in offered  # no Qasbah there
    assert {"delhi", "malwa", "sindh"} <= offered
    with pytest.raises(IllegalAction):
        play(s, "gujarat")
    s = play(s, "malwa")
    assert pieces(s, "malwa") == {"qasbah": 1, "troop": 2}


def test_3_2_1_a_number_after_conscript_places_fewer():
    s = delhi_turn(resources={"delhi": 5})
    s = play(s, "cmd conscript delhi")
    assert actions(s)["fewer"] == ["1", "2", "3", "4"]
    s = play(s, "3")
    assert pieces(s, "delhi") == {"troop": 3}
    assert s["avail"]["troop"] == 29
    assert "fewer" not in actions(s)
    s = play(s, "done decree tribute")
    assert pieces(s, "delhi") == {"troop": 3}
    check(s)


def test_3_2_1_conscript_places_only_what_is_available():
    s = delhi_turn(spaces={"punjab": {"troop": 29}}, resources={"delhi": 5})
    s = play(s, "cmd conscript delhi")
    assert pieces(s, "delhi") == {"troop": 3}
    assert "space" not in actions(s)  # no Troop left to Conscript
    assert s["resources"]["delhi"] == 4


def test_3_2_2_march_from_several_adjacent_spaces_troops_and_governors():
    s = delhi_turn(spaces={"delhi": {"troop": 2}, "rajput": {"troop": 1, "governor": 1},
                           "gujarat": {"troop": 2}, "sindh": {"troop": 4}},
                   resources={"delhi": 5})
    s = play(s, "cmd march malwa")
    assert set(actions(s)["from"]) == {"delhi", "rajput", "gujarat"}  # Sindh is not adjacent
    s = play(s, "delhi 2 rajput 1 1 gujarat 1 done done")
    assert pieces(s, "malwa") == {"troop": 4, "governor": 1}
    assert pieces(s, "gujarat") == {"troop": 1}
    assert pieces(s, "delhi") == {} and pieces(s, "rajput") == {}
    assert s["resources"]["delhi"] == 4  # one destination, one Resource
    check(s)


def test_3_2_2_march_may_enter_any_space_even_independent_or_north():
    s = delhi_turn(spaces={"rajput": {"troop": 2}}, independent=["sindh"],
                   resources={"delhi": 5})
    s = play(s, "cmd march")
    assert {"punjab", "delhi", "sindh", "gujarat", "malwa"} <= spaces_offered(s)
    s = play(s, "punjab rajput 1 done sindh rajput 1 done done")
    assert pieces(s, "punjab") == {"troop": 1}
    assert pieces(s, "sindh") == {"troop": 1}
    assert s["control"]["sindh"] == "delhi"
    assert s["resources"]["delhi"] == 3


def test_3_2_3_govern_places_a_governor():
    s = delhi_turn(resources={"delhi": 5})
    s = play(s, "cmd govern tamilakam delhi done")
    assert pieces(s, "tamilakam") == {"governor": 1}
    assert pieces(s, "delhi") == {"governor": 1}
    assert s["resources"]["delhi"] == 3
    assert s["avail"]["governor"] == 3


def test_3_2_3_govern_with_a_governor_removes_two_obedient_units_and_builds_a_qasbah():
    s = delhi_turn(spaces={"andhra": {"governor": 1, "raja_o": 2, "amir_o": 1, "raja_r": 1}},
                   resources={"delhi": 5})
    s = play(s, "cmd govern andhra")
    assert set(actions(s)["remove"]) == {"raja_o", "amir_o"}  # never a Rebelling Unit
    s = play(s, "raja_o amir_o")
    assert "remove" not in actions(s)  # two at most
    s = play(s, "qasbah")
    assert "qasbah" not in actions(s)
    s = play(s, "done done")
    assert pieces(s, "andhra") == {"governor": 1, "qasbah": 1, "raja_o": 1, "raja_r": 1}
    assert pieces(s, "tamilakam") == {}  # no Governor was placed: the other option
    assert s["resources"]["delhi"] == 4
    check(s)


def test_3_2_3_govern_may_only_build_the_qasbah():
    s = delhi_turn(spaces={"malwa": {"governor": 1, "amir_o": 1}}, resources={"delhi": 5})
    s = play(s, "cmd govern malwa qasbah done done")
    assert pieces(s, "malwa") == {"governor": 1, "qasbah": 1, "amir_o": 1}


def test_3_2_3_govern_where_a_governor_stands_may_place_another_instead():
    """3.2.3: "either place a Governor, OR if the space already contains a Governor remove
    up to two Obedient Units and/or place a Qasbah": both branches where one stands."""
    s = delhi_turn(spaces={"andhra": {"governor": 1, "raja_o": 1}}, resources={"delhi": 5})
    s = play(s, "cmd govern andhra")
    assert {"governor", "remove", "qasbah", "done"} <= set(actions(s))
    available = s["avail"]["governor"]
    s = play(s, "governor")
    s = play(s, "done")
    assert pieces(s, "andhra") == {"governor": 2, "raja_o": 1}
    assert s["avail"]["governor"] == available - 1
    check(s)


def test_3_2_3_a_governor_is_not_offered_once_the_other_branch_has_begun():
    s = delhi_turn(spaces={"andhra": {"governor": 1, "raja_o": 1}}, resources={"delhi": 5})
    s = play(s, "cmd govern andhra raja_o")
    assert "governor" not in actions(s)


def test_3_2_3_a_space_with_a_governor_and_nothing_to_remove_or_build_may_still_govern():
    """Delhi with its Governor and Qasbah: today's only choice there is another Governor."""
    s = delhi_turn(spaces={"delhi": {"governor": 1, "qasbah": 1, "troop": 2}},
                   resources={"delhi": 5})
    s = play(s, "cmd govern")
    assert "delhi" in spaces_offered(s)
    s = play(s, "delhi governor done")
    assert pieces(s, "delhi")["governor"] == 2


def test_3_2_3_govern_locations():
    s = delhi_turn(
        spaces={"gujarat": {"troop": 2, "amir_r": 1},  # Sultanate Controlled
                "maharashtra": {"amir_r": 2},  # Bahmani Controlled
                "orissa": {"troop": 1, "raja_r": 1}},  # Independent, Uncontrolled
        independent=["gujarat", "maharashtra", "orissa"], resources={"delhi": 5})
    s = play(s, "cmd govern")
    offered = spaces_offered(s)
    assert {"delhi", "punjab", "passes", "gujarat", "tamilakam"} <= offered
    assert "maharashtra" not in offered and "orissa" not in offered


# --- 3.3 Bahmani Kingdom --------------------------------------------------------------------


def test_3_3_1_rally_one_amir_where_bahmani_are_and_two_in_maharashtra():
    s = bahmani_turn(spaces={"gondwana": {"fort": 1}}, resources={"bahmani": 5})
    s = play(s, "cmd rally")
    assert spaces_offered(s) == {"gondwana", "maharashtra"}
    s = play(s, "maharashtra gondwana done")
    assert pieces(s, "maharashtra") == {"amir_o": 2}
    assert pieces(s, "gondwana") == {"fort": 1, "amir_o": 1}
    assert s["resources"]["bahmani"] == 3


def test_3_3_1_rally_in_a_controlled_province_adds_one_placed_rebelling():
    s = bahmani_turn(spaces={"gondwana": {"amir_r": 1}, "maharashtra": {"amir_r": 1}},
                     independent=["gondwana", "maharashtra"], resources={"bahmani": 5})
    assert s["control"]["gondwana"] == "bahmani"
    s = play(s, "cmd rally gondwana maharashtra")
    assert pieces(s, "gondwana") == {"amir_r": 3}
    assert pieces(s, "maharashtra") == {"amir_r": 4}  # 1 + Maharashtra + Controlled
    s = play(s, "2 done")  # a number places fewer in the last space
    assert pieces(s, "maharashtra") == {"amir_r": 3}
    check(s)


def test_3_3_2_migrate_up_to_three_from_several_adjacent_provinces():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 3}, "gondwana": {"amir_r": 2},
                             "karnataka": {"amir_o": 1}, "andhra": {"troop": 3}},
                     independent=["andhra"], resources={"bahmani": 5})
    s = play(s, "cmd migrate andhra maharashtra 2 gondwana")
    assert actions(s)["count"] == ["0", "1"]  # only one more fits
    s = play(s, "1")
    assert "from" not in actions(s)
    s = play(s, "done done")
    # Independent and Uncontrolled (3 against 3): each keeps its orientation.
    assert pieces(s, "andhra") == {"troop": 3, "amir_o": 2, "amir_r": 1}
    assert s["resources"]["bahmani"] == 4


def test_3_3_2_migrate_into_tributary_makes_obedient_into_controlled_makes_rebelling():
    s = bahmani_turn(spaces={"gondwana": {"amir_r": 2}, "maharashtra": {"amir_o": 1},
                             "madhyadesh": {"amir_r": 1}},
                     independent=["gondwana", "madhyadesh"], resources={"bahmani": 5})
    assert s["control"]["madhyadesh"] == "bahmani"
    s = play(s, "cmd migrate orissa gondwana 1 done")  # Orissa is Tributary
    assert pieces(s, "orissa") == {"amir_o": 1}
    s = play(s, "madhyadesh maharashtra 1 done done")  # into a Bahmani Controlled Province
    assert pieces(s, "madhyadesh") == {"amir_r": 2}
    check(s)


def test_3_3_2_migrate_shift_influence_once_in_a_destination_with_a_raja():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 4}, "andhra": {"raja_o": 1}},
                     influence={"vijayanagara": 0}, resources={"bahmani": 5})
    s = play(s, "cmd migrate gujarat")
    assert "shift" not in actions(s)  # no Vijayanagara piece in Gujarat
    s = play(s, "maharashtra 1 done andhra")
    assert "shift" in actions(s)
    s = play(s, "shift")
    assert s["resources"]["bahmani"] == 2  # two destinations and the shift
    assert s["influence"] == {"bahmani": 1, "vijayanagara": 0}
    assert "shift" not in actions(s)
    s = play(s, "maharashtra 1 done karnataka")
    assert "shift" not in actions(s)  # up to one destination per Migrate


def test_3_3_2_migrate_shift_lowers_vijayanagara_influence():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 1}, "andhra": {"raja_o": 1}},
                     influence={"bahmani": 2, "vijayanagara": 3}, resources={"bahmani": 5})
    s = play(s, "cmd migrate andhra shift")
    assert s["influence"] == {"bahmani": 3, "vijayanagara": 2}


def test_3_3_3_rebel_only_under_the_tughlaq_dynasty():
    where = {"maharashtra": {"amir_o": 2, "troop": 1}}
    s = play(bahmani_turn(spaces=where, resources={"bahmani": 5}), "cmd")
    assert "rebel" not in actions(s)
    s = play(bahmani_turn(spaces=where, resources={"bahmani": 5}, dynasty="tughlaq"), "cmd")
    assert "rebel" in actions(s)


def test_3_3_3_rebel_needs_a_majority_in_a_tributary():
    s = bahmani_turn(spaces={"maharashtra": {"amir_o": 2, "troop": 1},
                             "gujarat": {"amir_o": 1, "troop": 1},
                             "gondwana": {"amir_o": 2, "raja_o": 1, "troop": 1},
                             "madhyadesh": {"amir_o": 1}},
                     independent=["madhyadesh"], dynasty="tughlaq", resources={"bahmani": 5})
    s = play(s, "cmd rebel")
    assert spaces_offered(s) == {"maharashtra"}  # a tie is no majority; not Independent
    s = play(s, "maharashtra done")
    assert s["tributary"]["maharashtra"] is False
    assert s["control"]["maharashtra"] == "bahmani"
    assert pieces(s, "maharashtra") == {"amir_r": 2, "troop": 1}
    assert s["resources"]["bahmani"] == 4
    check(s)


# --- 3.4 Vijayanagara Empire -------------------------------------------------------------


def test_3_4_1_rally_karnataka_temple_and_controlled_bonuses():
    s = vijayanagara_turn(spaces={"andhra": {"raja_o": 1}, "tamilakam": {"temple": 1},
                                  "orissa": {"raja_r": 1}},
                          independent=["orissa"], resources={"vijayanagara": 9})
    s = play(s, "cmd rally")
    assert spaces_offered(s) == {"andhra", "tamilakam", "orissa", "karnataka"}
    s = play(s, "karnataka andhra tamilakam orissa done")
    assert pieces(s, "karnataka") == {"raja_o": 2}
    assert pieces(s, "andhra") == {"raja_o": 2}
    assert pieces(s, "tamilakam") == {"temple": 1, "raja_o": 2}
    assert pieces(s, "orissa") == {"raja_r": 3}  # Controlled: +1, placed Rebelling
    assert s["resources"]["vijayanagara"] == 5


def test_3_4_1_rally_all_bonuses_together():
    s = vijayanagara_turn(spaces={"karnataka": {"temple": 1, "raja_r": 1}},
                          independent=["karnataka"], resources={"vijayanagara": 2})
    s = play(s, "cmd rally karnataka")
    assert pieces(s, "karnataka") == {"temple": 1, "raja_r": 5}


def test_3_4_2_migrate_rajas_with_orientation_and_shift():
    s = vijayanagara_turn(spaces={"karnataka": {"raja_r": 2}, "tamilakam": {"raja_o": 2},
                                  "andhra": {"amir_o": 1}},
                          independent=["karnataka", "tamilakam"],
                          influence={"bahmani": 2}, resources={"vijayanagara": 5})
    s = play(s, "cmd migrate andhra")  # Andhra is Tributary and holds an Amir
    assert set(actions(s)["from"]) == {"karnataka", "tamilakam"}
    s = play(s, "karnataka 2 tamilakam 1")
    assert "from" not in actions(s)  # three at most
    s = play(s, "shift")
    # Bahmani Influence fell below its emptied slot 2: Bahmani refill it (1.9).
    assert active(s) == "bahmani"
    s = play(s, "available available")
    assert s["track"]["bahmani"]["2"] == 2
    assert active(s) == "vijayanagara"
    s = play(s, "done done")
    assert pieces(s, "andhra") == {"amir_o": 1, "raja_o": 3}  # all Obedient in a Tributary
    assert s["influence"] == {"bahmani": 1, "vijayanagara": 1}
    assert s["resources"]["vijayanagara"] == 3
    check(s)


def test_3_4_3_rebel_makes_the_province_vijayanagara_controlled():
    s = vijayanagara_turn(spaces={"tamilakam": {"raja_o": 2, "temple": 1, "troop": 2},
                                  "karnataka": {"raja_o": 1, "amir_o": 1}},
                          dynasty="tughlaq", resources={"vijayanagara": 5})
    s = play(s, "cmd rebel")
    assert spaces_offered(s) == {"tamilakam"}
    s = play(s, "tamilakam done")
    assert s["tributary"]["tamilakam"] is False
    assert s["control"]["tamilakam"] == "vijayanagara"
    assert pieces(s, "tamilakam") == {"raja_r": 2, "temple": 1, "troop": 2}

