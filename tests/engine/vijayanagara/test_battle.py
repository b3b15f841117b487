"""Attack (3.2.4, 3.3.4, 3.4.4) and the battle exchange with Cavalry (1.10), on small
positions with fixed dice: the attacker's dice are rolled first, then the defender's two."""

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
    turns,
)

delhi_turn, bahmani_turn, vijayanagara_turn = turns(funds=5)


def spaces_offered(state):
    return set(actions(state).get("space", []))


def attack(state, line, dice):
    """Type ``line`` up to the last step before the roll, fix the dice, then type ``last``."""
    *before, last = line.split()
    state = play(state, " ".join(before)) if before else state
    fix_dice(state, dice)
    return play(state, last)


# --- 3.2.4 Delhi Attack --------------------------------------------------------------------


def test_3_2_4_targets_are_rebelling_units_or_a_structure_alone():
    s = delhi_turn(spaces={
        "gujarat": {"troop": 1, "amir_o": 2},  # Obedient only: no target
        "madhyadesh": {"troop": 1, "amir_o": 1, "amir_r": 1},
        "gondwana": {"troop": 1, "fort": 1},  # a Fort without Amirs
        "orissa": {"troop": 1, "fort": 1, "amir_o": 1},  # a Fort with an Obedient Amir
        "andhra": {"troop": 1, "temple": 1},
        "jaunpur": {"troop": 1},
        "sindh": {"amir_r": 1},  # a target, but no Troop there or next door with a Qasbah
    })
    s = play(s, "cmd attack")
    assert spaces_offered(s) == {"madhyadesh", "gondwana", "andhra"}


@pytest.mark.slow
def test_3_2_4_defender_units_are_set_to_rebelling_other_factions_are_not():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 3, "amir_o": 2, "amir_r": 1,
                                          "raja_o": 1, "raja_r": 1}})
    s = play(s, "cmd attack madhyadesh")
    assert actions(s)["choose"] == ["bahmani", "vijayanagara"]
    s = attack(s, "bahmani", [6, 6, 6, 6, 6, 6])  # everybody misses
    assert pieces(s, "madhyadesh") == {"troop": 3, "amir_r": 3, "raja_o": 1, "raja_r": 1}
    assert s["resources"]["delhi"] == 4


def test_3_2_4_four_dice_against_two():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 4, "amir_r": 5}})
    s = attack(s, "cmd attack madhyadesh", [1, 1, 1, 1, 6, 6])
    assert pieces(s, "madhyadesh") == {"troop": 4, "amir_r": 1}  # four hits, none back


def test_3_2_4_three_dice_against_bahmani_with_a_fort():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 4, "amir_r": 5, "fort": 1}})
    s = attack(s, "cmd attack madhyadesh", [1, 1, 1, 1, 6, 6])
    # Delhi roll [1 1 1]: three hits; Bahmani roll [1 6]: one hit. Bahmani choose.
    s = play(s, "amir_r@madhyadesh amir_r@madhyadesh amir_r@madhyadesh")
    assert pieces(s, "madhyadesh") == {"troop": 3, "amir_r": 2, "fort": 1}
    check(s)


def test_3_2_4_the_defender_may_lose_its_structure_before_its_units():
    """3.2.4: "Each Faction removes its own pieces": the Fort is one of them, and the
    owner chooses (today's reading; it used to fall only after every Amir)."""
    s = delhi_turn(spaces={"madhyadesh": {"troop": 4, "amir_r": 5, "fort": 1}})
    s = attack(s, "cmd attack madhyadesh", [1, 1, 1, 1, 6, 6])
    assert active(s) == "bahmani"
    assert set(actions(s)["lose"]) == {"amir_r@madhyadesh", "fort@madhyadesh"}
    s = play(s, "fort@madhyadesh")  # the other two hits can only take Amirs: no question
    assert pieces(s, "madhyadesh") == {"troop": 3, "amir_r": 3}
    check(s)


def test_3_2_4_a_fort_does_not_weaken_an_attack_on_vijayanagara():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 4, "raja_r": 5, "fort": 1, "amir_o": 1}})
    s = attack(s, "cmd attack madhyadesh", [1, 1, 1, 1, 6, 6])
    assert pieces(s, "madhyadesh") == {"troop": 4, "raja_r": 1, "fort": 1, "amir_o": 1}


def test_3_2_4_support_up_to_two_from_one_adjacent_qasbah_space():
    s = delhi_turn(spaces={"gujarat": {"troop": 1, "amir_r": 3},
                           "malwa": {"qasbah": 1, "troop": 3, "governor": 1},
                           "rajput": {"qasbah": 1, "troop": 2}})
    s = play(s, "cmd attack gujarat")
    assert actions(s)["choose"] == ["rajput", "malwa", "alone"]
    s = play(s, "malwa")
    assert actions(s)["count"] == ["0", "1", "2"]  # three Troops there, two at most
    s = play(s, "1")
    assert actions(s)["count"] == ["0", "1"]  # the Governor may be the second
    # Three Units attack: 3s hit. Alone, the one Troop in Gujarat would miss.
    s = attack(s, "1", [3, 3, 3, 3, 6, 6])
    assert pieces(s, "gujarat") == {"troop": 1}
    assert pieces(s, "malwa") == {"qasbah": 1, "troop": 3, "governor": 1}  # they stay home
    assert pieces(s, "rajput") == {"qasbah": 1, "troop": 2}


def test_3_2_4_attack_alone_does_not_count_the_qasbah_neighbours():
    s = delhi_turn(spaces={"gujarat": {"troop": 1, "amir_r": 3},
                           "malwa": {"qasbah": 1, "troop": 3}})
    s = attack(s, "cmd attack gujarat alone", [3, 3, 3, 3, 6, 6])
    assert pieces(s, "gujarat") == {"troop": 1, "amir_r": 3}


def test_3_2_4_pure_raid_from_support():
    s = delhi_turn(spaces={"gujarat": {"amir_r": 2}, "malwa": {"qasbah": 1, "troop": 2}},
                   independent=["gujarat"])
    assert s["control"]["gujarat"] == "bahmani"
    s = play(s, "cmd attack gujarat")
    # No Troop in Gujarat: the raid needs supporters, so fighting alone is no option.
    assert actions(s)["count"] == ["1", "2"]
    with pytest.raises(IllegalAction):
        play(s, "alone")
    s = attack(s, "2", [2, 2, 6, 6, 1, 6])
    assert pieces(s, "gujarat") == {}
    assert s["control"]["gujarat"] is None
    assert pieces(s, "malwa") == {"qasbah": 1, "troop": 1}  # the Bahmani hit
    check(s)


def test_3_2_4_a_lone_structure_falls_to_any_hit():
    s = delhi_turn(spaces={"gondwana": {"troop": 1, "fort": 1}})
    s = attack(s, "cmd attack gondwana", [1, 6, 6, 6, 1, 1])
    assert pieces(s, "gondwana") == {"troop": 1}  # no Amir rolls for the Fort
    assert s["avail"]["fort"] == 5


def test_3_2_4_delhi_attacking_mongols_meets_their_automatic_charge():
    s = delhi_turn(spaces={"passes": {"troop": 2, "invader": 2}})
    s = attack(s, "cmd attack passes", [6, 6, 6, 6, 3, 5])
    # The Mongol token turns their 3 into a 2: a hit with two Invaders (1.10).
    assert pieces(s, "passes") == {"troop": 1, "invader": 2}
    assert s["cavalry"]["pool"] == 10


# --- 3.3.4 Bahmani Attack -------------------------------------------------------------------


def test_3_3_4_amirs_attack_any_opposing_piece_in_a_province():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 1, "raja_o": 1, "troop": 1},
                             "gondwana": {"amir_o": 1, "qasbah": 1},
                             "orissa": {"amir_o": 1}})
    s = play(s, "cmd attack")
    assert spaces_offered(s) == {"andhra", "gondwana"}  # Obedient, Tributary: no matter
    s = play(s, "andhra")
    assert actions(s)["choose"] == ["delhi", "vijayanagara"]


def test_3_3_4_fort_support_up_to_two_amirs_and_pure_raid():
    s = bahmani_turn(spaces={"andhra": {"troop": 2},
                             "maharashtra": {"fort": 1, "amir_o": 2, "amir_r": 1}})
    s = play(s, "cmd attack andhra")
    assert actions(s)["count"] == ["0", "1", "2"]  # Obedient Amirs first
    s = play(s, "1")
    assert actions(s)["count"] == ["0", "1"]
    s = attack(s, "1", [2, 2, 6, 6, 6, 6])
    assert pieces(s, "andhra") == {}
    assert pieces(s, "maharashtra") == {"fort": 1, "amir_o": 2, "amir_r": 1}


def test_3_3_4_no_support_from_delhi_space_without_a_fort():
    s = bahmani_turn(spaces={"andhra": {"troop": 2}, "maharashtra": {"amir_o": 2}})
    s = play(s, "cmd attack")
    assert "andhra" not in spaces_offered(s)


def test_3_3_4_winner_gains_influence_loser_loses_it():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 2, "raja_o": 3}},
                     influence={"bahmani": 1, "vijayanagara": 1})
    s = attack(s, "cmd attack andhra", [1, 1, 6, 6, 6, 6])
    assert pieces(s, "andhra") == {"amir_o": 2, "raja_o": 1}
    assert s["influence"] == {"bahmani": 2, "vijayanagara": 0}
    # Bahmani reached slot 2: its two Amirs became Available (1.9.1).
    assert s["track"]["bahmani"]["2"] == 0
    # Vijayanagara fell below its emptied slot 1 and must refill it (1.9).
    assert active(s) == "vijayanagara"


@pytest.mark.slow
def test_3_3_4_the_defender_may_win_the_influence():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 2, "raja_o": 3}},
                     influence={"bahmani": 1, "vijayanagara": 0})
    s = attack(s, "cmd attack andhra", [6, 6, 6, 6, 1, 2])
    assert pieces(s, "andhra") == {"raja_o": 3}
    assert s["influence"] == {"bahmani": 0, "vijayanagara": 1}


@pytest.mark.slow
def test_3_3_4_equal_losses_shift_no_influence():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 2, "raja_o": 3}},
                     influence={"bahmani": 1, "vijayanagara": 1})
    s = attack(s, "cmd attack andhra", [1, 6, 6, 6, 1, 6])
    assert pieces(s, "andhra") == {"amir_o": 1, "raja_o": 2}
    assert s["influence"] == {"bahmani": 1, "vijayanagara": 1}


def test_3_3_4_no_influence_shift_against_delhi():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 2, "troop": 2}},
                     influence={"bahmani": 1, "vijayanagara": 1})
    s = attack(s, "cmd attack andhra", [1, 1, 6, 6, 6, 6])
    assert pieces(s, "andhra") == {"amir_o": 2}
    assert s["influence"] == {"bahmani": 1, "vijayanagara": 1}


# --- 3.4.4 Vijayanagara Attack --------------------------------------------------------------


def test_3_4_4_temple_support_one_raja():
    s = vijayanagara_turn(spaces={"andhra": {"raja_o": 1, "amir_o": 3},
                                  "karnataka": {"temple": 1, "raja_o": 3}})
    s = play(s, "cmd attack andhra karnataka")
    assert actions(s)["count"] == ["0", "1"]  # one Raja at most
    s = attack(s, "1", [2, 2, 2, 2, 6, 6])
    assert pieces(s, "andhra") == {"raja_o": 1}  # two Rajas: the 2s hit
    assert pieces(s, "karnataka") == {"temple": 1, "raja_o": 3}


@pytest.mark.slow
def test_3_4_4_pure_raid_by_a_single_raja():
    s = vijayanagara_turn(spaces={"andhra": {"troop": 2},
                                  "karnataka": {"temple": 1, "raja_o": 3}})
    s = attack(s, "cmd attack andhra", [1, 6, 6, 6, 1, 6])  # the one Raja joins at once
    assert pieces(s, "andhra") == {"troop": 1}
    assert pieces(s, "karnataka") == {"temple": 1, "raja_o": 2}


def test_3_4_4_three_dice_against_a_fort_and_the_fort_falls_last():
    s = vijayanagara_turn(spaces={"andhra": {"raja_o": 4, "amir_o": 2, "fort": 1}})
    s = attack(s, "cmd attack andhra", [1, 1, 1, 1, 6, 6])
    # Vijayanagara roll [1 1 1]: two Amirs, then the Fort; Bahmani roll [1 6]: one Raja.
    assert pieces(s, "andhra") == {"raja_o": 3}
    assert s["influence"]["vijayanagara"] == 1
    check(s)


def test_3_4_4_four_dice_against_delhi_even_with_a_fort_present():
    s = vijayanagara_turn(spaces={"andhra": {"raja_o": 4, "troop": 5, "fort": 1}})
    s = play(s, "cmd attack andhra")
    assert actions(s)["choose"] == ["delhi", "bahmani"]
    s = attack(s, "delhi", [1, 1, 1, 1, 6, 6])
    assert pieces(s, "andhra") == {"raja_o": 4, "troop": 1, "fort": 1}


# --- 1.10 Cavalry and the hits -------------------------------------------------------------


def test_1_10_charge_lowers_own_die_not_below_one_and_the_token_returns_to_the_pool():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 5}}, cavalry={"delhi": 2})
    s = attack(s, "cmd attack madhyadesh", [2, 3, 6, 1, 6, 6])
    assert active(s) == "delhi"
    acts = actions(s)
    assert acts["charge"] == ["charge1", "charge2", "charge3"]  # die 4 shows a 1
    assert acts["screen"] == ["screen1", "screen2"]
    s = play(s, "charge2")
    assert s["cavalry"]["delhi"] == 1 and s["cavalry"]["pool"] == 9
    s = play(s, "charge2")  # the last token: the battle goes on without `ready`
    assert s["cavalry"]["delhi"] == 0 and s["cavalry"]["pool"] == 10
    # [2 1 6 1] against two Units: three hits; the 6 misses.
    assert pieces(s, "madhyadesh") == {"troop": 2, "amir_r": 2}


@pytest.mark.slow
def test_1_10_a_charged_six_may_hit():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 5, "amir_r": 5}}, cavalry={"delhi": 1})
    s = attack(s, "cmd attack madhyadesh", [6, 6, 6, 6, 6, 6])
    s = play(s, "charge1")
    assert pieces(s, "madhyadesh") == {"troop": 5, "amir_r": 4}


@pytest.mark.slow
def test_1_10_sixes_always_miss():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 9, "amir_r": 5}})
    s = attack(s, "cmd attack madhyadesh", [6, 6, 6, 6, 6, 6])
    assert pieces(s, "madhyadesh") == {"troop": 9, "amir_r": 5}


def test_1_10_hits_are_rolls_at_most_the_units_involved():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 5}})
    s = attack(s, "cmd attack madhyadesh", [1, 2, 3, 4, 3, 2])
    # Delhi: 1 and 2 hit; Bahmani (5 Amirs): 3 and 2 hit.
    assert pieces(s, "madhyadesh") == {"amir_r": 3}


def test_1_10_four_dice_score_four_hits_at_most():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 7, "amir_r": 7}})
    s = attack(s, "cmd attack madhyadesh", [1, 1, 1, 1, 6, 6])
    assert pieces(s, "madhyadesh") == {"troop": 7, "amir_r": 3}


@pytest.mark.slow
def test_1_10_screen_removes_an_opposing_die_but_never_a_one():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 2}}, cavalry={"delhi": 1})
    s = attack(s, "cmd attack madhyadesh", [6, 6, 6, 6, 1, 2])
    assert actions(s)["screen"] == ["screen2"]
    with pytest.raises(IllegalAction):
        play(s, "screen1")
    s = play(s, "screen2")
    assert s["cavalry"]["pool"] == 10
    assert pieces(s, "madhyadesh") == {"troop": 1, "amir_r": 2}  # only the 1 hit


def test_1_10_attacker_decides_first_then_the_defender_on_its_own_prompt():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 2}},
                   cavalry={"delhi": 1, "bahmani": 1})
    s = attack(s, "cmd attack madhyadesh", [1, 6, 6, 6, 3, 5])
    assert active(s) == "delhi"
    assert actions(s)["charge"] == ["charge2", "charge3", "charge4"]
    s = play(s, "ready")
    assert active(s) == "bahmani"  # the defender's Cavalry, on Delhi's turn
    assert actions(s)["screen"] == ["screen2", "screen3", "screen4"]  # not Delhi's 1
    assert actions(s)["charge"] == ["charge1", "charge2"]
    s = play(s, "charge1")  # 3 -> 2: a hit with two Amirs
    assert s["cavalry"] == {"delhi": 1, "bahmani": 0, "vijayanagara": 0, "pool": 9}
    assert pieces(s, "madhyadesh") == {"troop": 1, "amir_r": 1}
    assert active(s) == "delhi"  # back to Delhi's Command


def test_1_10_the_defender_may_screen_the_attackers_die():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 2}}, cavalry={"bahmani": 1})
    s = attack(s, "cmd attack madhyadesh", [2, 6, 6, 6, 6, 6])
    assert active(s) == "bahmani"  # Delhi hold no Cavalry: straight to the defender
    assert actions(s)["screen"] == ["screen1", "screen2", "screen3", "screen4"]
    s = play(s, "screen1")
    assert pieces(s, "madhyadesh") == {"troop": 2, "amir_r": 2}


def test_1_10_no_cavalry_prompt_without_tokens():
    s = delhi_turn(spaces={"madhyadesh": {"troop": 2, "amir_r": 2}})
    s = attack(s, "cmd attack madhyadesh", [1, 6, 6, 6, 6, 6])
    assert pieces(s, "madhyadesh") == {"troop": 2, "amir_r": 1}
    assert active(s) == "delhi" and "done" in actions(s)  # back in the Command


def test_casualties_are_chosen_by_the_defending_owner():
    s = bahmani_turn(spaces={"andhra": {"amir_o": 3, "troop": 2, "governor": 1}})
    s = attack(s, "cmd attack andhra", [1, 6, 6, 6, 6, 6])
    assert active(s) == "delhi"
    assert set(actions(s)["lose"]) == {"troop@andhra", "governor@andhra"}
    s = play(s, "troop@andhra")
    assert pieces(s, "andhra") == {"amir_o": 3, "troop": 1, "governor": 1}
    assert active(s) == "bahmani"


@pytest.mark.slow
def test_casualties_are_chosen_by_the_attacker_among_involved_pieces():
    s = delhi_turn(spaces={"gujarat": {"troop": 1, "amir_r": 2},
                           "malwa": {"qasbah": 1, "troop": 3}})
    s = play(s, "cmd attack gujarat malwa")
    s = attack(s, "1", [6, 6, 6, 6, 1, 6])
    assert set(actions(s)["lose"]) == {"troop@gujarat", "troop@malwa"}
    s = play(s, "troop@malwa")
    assert pieces(s, "malwa") == {"qasbah": 1, "troop": 2}
    assert pieces(s, "gujarat") == {"troop": 1, "amir_r": 2}


def test_casualties_never_exceed_the_involved_pieces():
    s = delhi_turn(spaces={"gujarat": {"amir_r": 3}, "malwa": {"qasbah": 1, "troop": 4}})
    s = attack(s, "cmd attack gujarat 1", [6, 6, 6, 6, 1, 1])
    # Two hits, but only the one supporting Troop took part.
    assert pieces(s, "malwa") == {"qasbah": 1, "troop": 3}
    check(s)
