"""Rule tests for the board, the pieces and their bookkeeping: 1.3-1.10 and 1.5.2.

Each test builds a small position (positions.position) and plays typed tokens the way
the Discord table does; the assertions are what a player would see on the board."""

from __future__ import annotations

from collections import deque

import pytest

from engine import IllegalAction
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import (
    ADJ,
    KIND,
    NORTH,
    PROSPERITY,
    PROVINCES,
    SPACES,
    TOTALS,
)
from tests.engine.vijayanagara.fuzz import check
from tests.engine.vijayanagara.positions import (
    actions,
    active,
    fix_dice,
    g,
    pieces,
    play,
    position,
    tokens,
)

TWELVE = {
    "sindh", "rajput", "gujarat", "malwa", "jaunpur", "madhyadesh", "gondwana", "orissa",
    "maharashtra", "andhra", "karnataka", "tamilakam",
}
# Cards whose faction order starts with the faction named (cards.json).
DELHI_FIRST, BAHMANI_FIRST, VIJAYANAGARA_FIRST = 2, 9, 7


def summ(state: dict) -> dict:
    return g.summary(state)


def vp(state: dict) -> dict[str, int]:
    return {f: v["vp"] for f, v in summ(state)["factions"].items()}


# --- 1.3 the map -----------------------------------------------------------------------------


def test_map_is_twelve_provinces_plus_delhi_punjab_and_the_mountain_passes():
    assert set(PROVINCES) == TWELVE
    assert set(SPACES) == TWELVE | {"delhi", "punjab", "passes"}
    assert KIND["delhi"] == "delhi"
    assert KIND["punjab"] == KIND["passes"] == "region"
    board = summ(g.setup(1, {}))["spaces"]
    assert set(board) == set(SPACES)
    assert board["karnataka"]["name"] == "Karnataka"
    assert board["passes"]["name"] == "Mountain Passes"


def test_every_province_has_prosperity_one_or_two_summing_to_eighteen():
    assert all(PROSPERITY[p] in (1, 2) for p in PROVINCES)
    assert sum(PROSPERITY[p] for p in PROVINCES) == 18


def test_adjacency_is_symmetric_and_matches_the_stated_facts():
    for a in SPACES:
        for b in ADJ[a]:
            assert a in ADJ[b], (a, b)
        assert a not in ADJ[a]
    # 1.3.5: shared vertices count
    assert "andhra" in ADJ["gondwana"]
    assert "orissa" in ADJ["madhyadesh"]
    assert "punjab" not in ADJ["jaunpur"]
    # 1.3.6: the Vindhya Range blocks these two pairs
    assert "gondwana" not in ADJ["malwa"]
    assert "jaunpur" not in ADJ["madhyadesh"]
    # the invasion route of 3.5 and 2.6
    assert "punjab" in ADJ["passes"] and "delhi" in ADJ["punjab"]


def _reach(start: str, allowed: set[str]) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for b in ADJ[todo.popleft()]:
            if b in allowed and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def test_every_space_is_reachable_and_the_provinces_connect_among_themselves():
    assert _reach("delhi", set(SPACES)) == set(SPACES)
    # Bahmani and Vijayanagara move only through Provinces: they must still reach all
    assert _reach("tamilakam", set(PROVINCES)) == set(PROVINCES)


def test_delhi_starts_at_18_vp_and_the_others_at_zero():
    assert vp(g.setup(3, {})) == {"delhi": 18, "bahmani": 0, "vijayanagara": 0}


def test_vindhya_range_blocks_a_march_from_malwa_into_gondwana():
    s = position(card=DELHI_FIRST, spaces={"malwa": {"troop": 3}, "andhra": {"troop": 1}})
    s = play(s, "cmd march gondwana")
    origins = actions(s)["from"]
    assert "andhra" in origins
    assert "malwa" not in origins
    with pytest.raises(IllegalAction):
        play(s, "malwa")


def test_no_march_from_jaunpur_into_punjab_but_from_delhi_yes():
    s = position(card=DELHI_FIRST, spaces={"jaunpur": {"troop": 2}, "delhi": {"troop": 2}})
    s = play(s, "cmd march punjab")
    assert "delhi" in actions(s)["from"]
    assert "jaunpur" not in actions(s)["from"]


# --- 1.3.2 / 1.3.3: the north is for Delhi and the Mongols only ------------------------------

NORTHERN_FRONT = {
    # Bahmani and Vijayanagara pieces right next to Delhi, Punjab and the Passes,
    # with Delhi pieces in the north to tempt an Attack.
    "sindh": {"amir_o": 2, "fort": 1, "raja_o": 1},
    "rajput": {"raja_o": 2, "temple": 1, "amir_o": 1},
    "malwa": {"amir_r": 2, "fort": 1, "troop": 1},
    "jaunpur": {"raja_r": 2, "temple": 1, "troop": 1},
    "delhi": {"troop": 3, "governor": 1},
    "punjab": {"troop": 2},
    "passes": {"troop": 1},
}


@pytest.mark.parametrize("faction,card", [("bahmani", BAHMANI_FIRST),
                                          ("vijayanagara", VIJAYANAGARA_FIRST)])
@pytest.mark.parametrize("command", ["rally", "migrate", "rebel", "attack"])
def test_bahmani_and_vijayanagara_commands_never_select_the_north(faction, card, command):
    s = position(card=card, spaces=NORTHERN_FRONT, dynasty="tughlaq", independent=["malwa"],
                 resources={faction: 10})
    assert active(s) == faction
    s = play(s, f"cmd {command}")
    offered = set(actions(s).get("space", []))
    assert not offered & set(NORTH)
    for north in NORTH:
        with pytest.raises(IllegalAction):
            play(s, north)
    assert offered or command == "rebel"


def test_migrate_cannot_bring_units_out_of_or_into_the_north():
    s = position(card=BAHMANI_FIRST, spaces=NORTHERN_FRONT)
    s = play(s, "cmd migrate rajput")
    assert set(actions(s)["from"]) <= set(PROVINCES)
    assert "sindh" in actions(s)["from"] and "malwa" in actions(s)["from"]


def test_bahmani_and_vijayanagara_decrees_never_select_the_north():
    s = position(card=BAHMANI_FIRST, spaces=NORTHERN_FRONT, influence={"bahmani": 2},
                 resources={"bahmani": 10})
    for decree in ("build", "conspire"):
        t = play(s, f"cmd decree {decree}")
        offered = set(actions(t).get("choose", []) + actions(t).get("space", []))
        assert offered and not offered & set(NORTH), decree
    s = position(card=VIJAYANAGARA_FIRST, spaces=NORTHERN_FRONT, influence={"vijayanagara": 2})
    for decree in ("build", "compel"):
        t = play(s, f"cmd decree {decree}")
        offered = set(actions(t)["choose"])
        assert offered and not offered & set(NORTH), decree


def test_delhi_itself_may_select_the_north():
    s = position(card=DELHI_FIRST)
    s = play(s, "cmd govern")
    assert {"delhi", "punjab", "passes"} <= set(actions(s)["space"])


def test_north_spaces_are_never_tributary_or_controlled():
    s = position(card=DELHI_FIRST, spaces={"punjab": {"troop": 9}, "delhi": {"troop": 1}})
    board = summ(s)["spaces"]
    for north in NORTH:
        assert board[north]["tributary"] is None
        assert board[north]["control"] is None


# --- 1.4 forces ------------------------------------------------------------------------------


def test_piece_totals_are_the_printed_counts():
    assert TOTALS == {"troop": 32, "governor": 5, "qasbah": 5, "amir": 18, "fort": 5,
                      "raja": 22, "temple": 5, "invader": 12}


def test_setup_holding_boxes_and_every_piece_accounted_for():
    s = g.setup(11, {})
    assert summ(s)["available"] == {"troop": 10, "governor": 4, "qasbah": 4, "amir": 6,
                                    "fort": 5, "raja": 8, "temple": 5, "invader": 12}
    for box, total in TOTALS.items():
        assert pc.on_map(s, box) + pc.on_track(s, box) + s["avail"][box] == total
    check(s)


def test_no_amir_available_means_no_rally():
    # 14 Amirs on the map + 4 on the Influence track = all 18: none Available
    s = position(card=BAHMANI_FIRST, spaces={"maharashtra": {"amir_o": 10}})
    assert summ(s)["available"]["amir"] == 0
    assert "rally" not in tokens(play(s, "limited"))
    s = play(s, "command rally")
    assert "space" not in actions(s)


def test_rally_places_only_what_is_available():
    # Maharashtra allows two Amirs, but only one is in the box
    s = position(card=BAHMANI_FIRST, spaces={"maharashtra": {"amir_o": 9}})
    assert summ(s)["available"]["amir"] == 1
    s = play(s, "command rally maharashtra")
    assert pieces(s, "maharashtra") == {"amir_o": 10}
    assert summ(s)["available"]["amir"] == 0


def test_conscript_in_delhi_places_up_to_five_from_the_box():
    s = position(card=DELHI_FIRST, spaces={"delhi": {"troop": 12}})
    assert summ(s)["available"]["troop"] == 2
    s = play(s, "command conscript delhi")
    assert pieces(s, "delhi") == {"troop": 14}
    assert summ(s)["available"]["troop"] == 0
    # and with the box empty, Conscript has nowhere to go
    assert "space" not in actions(s)


def test_no_fort_available_means_no_build():
    s = position(card=BAHMANI_FIRST, spaces={
        "sindh": {"fort": 1, "amir_o": 1}, "rajput": {"fort": 1}, "malwa": {"fort": 1},
        "jaunpur": {"fort": 1}, "orissa": {"fort": 1}})
    assert summ(s)["available"]["fort"] == 0
    s = play(s, "cmd decree")
    assert "build" not in actions(s)
    assert "trade" in actions(s)


def test_removed_pieces_go_back_to_their_holding_box():
    s = position(card=DELHI_FIRST, spaces={"gujarat": {"governor": 1, "amir_o": 2}})
    before = summ(s)["available"]["amir"]
    s = play(s, "command govern gujarat amir_o amir_o done")
    assert pieces(s, "gujarat") == {"governor": 1}
    assert summ(s)["available"]["amir"] == before + 2


# --- 1.4.4 stacking ----------------------------------------------------------------------------


def test_build_is_not_offered_where_a_fort_already_stands():
    s = position(card=BAHMANI_FIRST, spaces={
        "maharashtra": {"amir_o": 2, "fort": 1}, "gujarat": {"amir_o": 1},
        "gondwana": {"amir_o": 1}})
    s = play(s, "cmd decree build")
    assert set(actions(s)["choose"]) == {"gujarat", "gondwana", "madhyadesh"}
    s = play(s, "gujarat")
    assert pieces(s, "gujarat") == {"amir_o": 1, "fort": 1}


def test_a_temple_is_not_built_twice_in_one_province():
    s = position(card=VIJAYANAGARA_FIRST, spaces={
        "karnataka": {"raja_o": 3, "temple": 1}, "andhra": {"raja_o": 1},
        "tamilakam": {"raja_o": 1, "troop": 1}})
    s = play(s, "cmd decree build")
    assert set(actions(s)["choose"]) == {"andhra", "tamilakam"}


def test_govern_offers_no_second_qasbah():
    s = position(card=DELHI_FIRST, spaces={
        "andhra": {"governor": 1, "qasbah": 1, "raja_o": 2},
        "gujarat": {"governor": 1, "amir_o": 1}})
    t = play(s, "command govern andhra")
    assert "qasbah" not in actions(t)
    assert "remove" in actions(t)
    t = play(s, "command govern gujarat")
    assert "qasbah" in actions(t)
    t = play(t, "qasbah")
    assert "qasbah" not in actions(t)
    assert pieces(t, "gujarat")["qasbah"] == 1


def test_stacking_holds_even_for_a_direct_placement():
    s = position(card=DELHI_FIRST)
    assert pc.place(s, "andhra", "qasbah") == 0
    assert pc.place(s, "andhra", "fort") == 1
    assert pc.place(s, "andhra", "fort") == 0
    assert pieces(s, "andhra")["qasbah"] == 1 and pieces(s, "andhra")["fort"] == 1


def test_any_number_of_units_may_share_a_space():
    s = position(card=BAHMANI_FIRST, spaces={"maharashtra": {"amir_o": 9}})
    s = play(s, "command rally maharashtra")
    assert pieces(s, "maharashtra")["amir_o"] == 10


# --- 1.4.5 / 1.4.6 Obedient and Rebelling -------------------------------------------------------


def test_rebel_makes_the_province_bahmani_controlled_and_every_amir_rebelling():
    s = position(card=BAHMANI_FIRST, dynasty="tughlaq",
                 spaces={"maharashtra": {"amir_o": 3, "troop": 1}})
    s = play(s, "command rebel maharashtra done")
    board = summ(s)["spaces"]["maharashtra"]
    assert board["tributary"] is False
    assert board["control"] == "bahmani"
    assert board["pieces"] == {"amir_r": 3, "troop": 1}


def test_gaining_control_flips_the_units_already_there():
    # Independent, uncontrolled (1 Amir v 1 Troop); Rally adds an Obedient Amir -> Control
    s = position(card=BAHMANI_FIRST, independent=["gujarat"],
                 spaces={"gujarat": {"amir_o": 1, "troop": 1}})
    assert summ(s)["spaces"]["gujarat"]["control"] is None
    s = play(s, "command rally gujarat")
    assert summ(s)["spaces"]["gujarat"]["control"] == "bahmani"
    assert pieces(s, "gujarat") == {"amir_r": 2, "troop": 1}


def test_rajas_flip_when_vijayanagara_gains_control():
    s = position(card=VIJAYANAGARA_FIRST, independent=["andhra"],
                 spaces={"andhra": {"raja_o": 2, "troop": 1, "qasbah": 1}})
    assert summ(s)["spaces"]["andhra"]["control"] is None
    s = play(s, "command rally andhra")
    assert summ(s)["spaces"]["andhra"]["control"] == "vijayanagara"
    assert pieces(s, "andhra") == {"raja_r": 3, "troop": 1, "qasbah": 1}


def test_units_placed_or_moved_into_their_own_controlled_province_are_rebelling():
    s = position(card=BAHMANI_FIRST, independent=["gujarat"],
                 spaces={"gujarat": {"amir_r": 2}, "maharashtra": {"amir_o": 2}})
    t = play(s, "command rally gujarat")
    assert pieces(t, "gujarat") == {"amir_r": 4}
    t = play(s, "command migrate gujarat maharashtra 2")
    assert pieces(t, "gujarat") == {"amir_r": 4}
    assert pieces(t, "maharashtra") == {}


def test_units_placed_elsewhere_are_obedient():
    s = position(card=BAHMANI_FIRST, spaces={"maharashtra": {"amir_r": 1}})
    s = play(s, "command rally maharashtra")
    assert pieces(s, "maharashtra") == {"amir_r": 1, "amir_o": 2}


def test_rebelling_units_stay_rebelling_when_control_is_lost():
    s = position(card=DELHI_FIRST, independent=["gujarat"],
                 spaces={"gujarat": {"amir_r": 1}, "sindh": {"troop": 2}})
    assert summ(s)["spaces"]["gujarat"]["control"] == "bahmani"
    s = play(s, "command march gujarat sindh 2 done")
    assert summ(s)["spaces"]["gujarat"]["control"] == "delhi"
    assert pieces(s, "gujarat") == {"amir_r": 1, "troop": 2}


# --- 1.6 Tributary marker ----------------------------------------------------------------------


def test_demand_obedience_restores_the_tributary_and_flips_rebels_to_obedient():
    s = position(card=DELHI_FIRST, independent=["malwa"], resources={"delhi": 5},
                 spaces={"malwa": {"governor": 1, "troop": 3, "amir_r": 1, "raja_r": 1}})
    assert summ(s)["spaces"]["malwa"]["control"] == "delhi"
    assert vp(s)["delhi"] == 18 - PROSPERITY["malwa"]
    s = play(s, "cmd decree obedience malwa done done")
    board = summ(s)["spaces"]["malwa"]
    assert board["tributary"] is True
    assert board["control"] is None
    assert board["pieces"] == {"governor": 1, "troop": 3, "amir_o": 1, "raja_o": 1}
    assert s["resources"]["delhi"] == 5 + PROSPERITY["malwa"]
    assert vp(s)["delhi"] == 18


def test_demand_obedience_needs_a_governor_and_sultanate_control():
    s = position(card=DELHI_FIRST, independent=["malwa", "gujarat"],
                 spaces={"malwa": {"troop": 3, "amir_r": 1},
                         "gujarat": {"governor": 1, "troop": 1, "amir_r": 2}})
    s = play(s, "cmd decree")
    assert "obedience" not in actions(s)


# --- 1.7 Control -------------------------------------------------------------------------------


@pytest.mark.parametrize("pieces_there,owner", [
    ({"amir_o": 2, "troop": 1}, "bahmani"),
    ({"amir_o": 2, "troop": 2}, None),
    ({"amir_o": 2, "troop": 1, "raja_o": 1}, None),
    ({"fort": 1, "amir_o": 1, "troop": 1}, "bahmani"),
    ({"raja_o": 1, "temple": 1, "amir_o": 1}, "vijayanagara"),
    ({"troop": 2, "qasbah": 1, "amir_o": 1, "raja_o": 1}, "delhi"),
    ({}, None),
])
def test_control_is_a_strict_majority_of_pieces_structures_included(pieces_there, owner):
    s = position(card=DELHI_FIRST, independent=["gujarat"], spaces={"gujarat": pieces_there})
    assert summ(s)["spaces"]["gujarat"]["control"] == owner


def test_a_tributary_is_never_controlled_whatever_the_majority():
    s = position(card=BAHMANI_FIRST, spaces={"maharashtra": {"amir_o": 4}})
    assert summ(s)["spaces"]["maharashtra"]["control"] is None
    s = play(s, "command rally maharashtra")
    assert pieces(s, "maharashtra") == {"amir_o": 6}
    assert summ(s)["spaces"]["maharashtra"]["control"] is None
    assert vp(s)["bahmani"] == 0


def test_control_changes_as_soon_as_the_majority_changes():
    s = position(card=DELHI_FIRST, independent=["gujarat"],
                 spaces={"gujarat": {"amir_r": 2}, "sindh": {"troop": 3}})
    s = play(s, "command march gujarat sindh")
    assert summ(s)["spaces"]["gujarat"]["control"] == "bahmani"
    s = play(s, "2")  # two Troops in: 2 v 2, nobody
    assert summ(s)["spaces"]["gujarat"]["control"] is None


# --- 1.8 Resources -------------------------------------------------------------------------------


def test_pass_never_lifts_resources_above_24():
    s = position(card=DELHI_FIRST, resources={"delhi": 23})
    s = play(s, "pass")
    assert s["resources"]["delhi"] == 24
    assert summ(s)["factions"]["delhi"]["resources"] == 24


def test_trade_stops_at_24():
    s = position(card=BAHMANI_FIRST, resources={"bahmani": 22})
    s = play(s, "cmd decree trade done")
    assert s["resources"]["bahmani"] == 24


def test_no_command_space_without_a_resource_to_pay_for_it():
    s = position(card=BAHMANI_FIRST, resources={"bahmani": 0})
    assert "limited" not in actions(s)
    s = play(s, "command rally")
    assert "space" not in actions(s)
    s = position(card=BAHMANI_FIRST, resources={"bahmani": 1})
    s = play(s, "command rally maharashtra")
    assert s["resources"]["bahmani"] == 0
    assert "space" not in actions(s)
    assert set(actions(s)) >= {"done"}


def test_resources_never_fall_below_zero():
    s = position(card=BAHMANI_FIRST, resources={"bahmani": 2})
    assert pc.gain(s, "bahmani", -5) == -2
    assert summ(s)["factions"]["bahmani"]["resources"] == 0


# --- 1.9 Deccan Influence -----------------------------------------------------------------------


def test_setup_puts_units_on_the_influence_slots():
    s = g.setup(5, {})
    assert summ(s)["influence"] == {"bahmani": 0, "vijayanagara": 0}
    assert summ(s)["influence_slots"] == {"bahmani": {"2": 2, "4": 2},
                                          "vijayanagara": {"1": 2, "2": 2, "3": 2, "4": 2}}


def _shift_position(faction: str, **kw) -> dict:
    """Ready for a Migrate from Karnataka (Rajas) or Madhyadesh (Amirs) into Maharashtra /
    Gujarat, where the other faction has a piece, so the Influence shift is possible."""
    if faction == "vijayanagara":
        return position(card=VIJAYANAGARA_FIRST, cavalry={}, spaces={
            "karnataka": {"raja_o": 2}, "maharashtra": {"amir_o": 1}}, **kw)
    return position(card=BAHMANI_FIRST, cavalry={}, spaces={
        "madhyadesh": {"amir_o": 2}, "gujarat": {"raja_o": 1}, "andhra": {"raja_o": 2}}, **kw)


def _migrate_shift(faction: str, **kw) -> dict:
    dest = "maharashtra" if faction == "vijayanagara" else "gujarat"
    return play(_shift_position(faction, **kw), f"cmd migrate {dest} shift")


def test_reaching_a_slot_sends_its_units_to_available():
    before = summ(_shift_position("vijayanagara"))["available"]["raja"]
    s = _migrate_shift("vijayanagara")
    assert summ(s)["influence"]["vijayanagara"] == 1
    assert summ(s)["influence_slots"]["vijayanagara"]["1"] == 0
    assert summ(s)["available"]["raja"] == before + 2
    assert s["resources"]["vijayanagara"] == 7 - 2  # the destination and the shift


def test_bahmani_slot_two_empties_at_influence_two_and_slot_four_at_four():
    before = summ(_shift_position("bahmani", influence={"bahmani": 1}))["available"]["amir"]
    s = _migrate_shift("bahmani", influence={"bahmani": 1})
    assert summ(s)["influence"]["bahmani"] == 2
    assert summ(s)["influence_slots"]["bahmani"] == {"2": 0, "4": 2}
    assert summ(s)["available"]["amir"] == before + 2
    s = _migrate_shift("bahmani", influence={"bahmani": 3})
    assert summ(s)["influence_slots"]["bahmani"] == {"2": 0, "4": 0}


def test_falling_below_an_emptied_slot_asks_for_a_refill_from_the_box_or_the_map():
    s = _migrate_shift("bahmani", influence={"vijayanagara": 1})
    assert summ(s)["influence"] == {"bahmani": 1, "vijayanagara": 0}
    assert active(s) == "vijayanagara"
    offered = actions(s)["from"]
    assert offered[0] == "available"
    assert {"gujarat", "andhra"} <= set(offered)
    box = s["avail"]["raja"]
    s = play(s, "available")
    assert summ(s)["influence_slots"]["vijayanagara"]["1"] == 1
    assert s["avail"]["raja"] == box - 1
    s = play(s, "andhra")
    assert summ(s)["influence_slots"]["vijayanagara"]["1"] == 2
    assert pieces(s, "andhra") == {"raja_o": 1}
    # the refill is done: the Bahmani Migrate goes on
    assert active(s) == "bahmani"
    check(s)


def _refill_from_gujarat() -> dict:
    s = position(card=BAHMANI_FIRST, cavalry={}, influence={"vijayanagara": 1}, spaces={
        "madhyadesh": {"amir_o": 2}, "gujarat": {"raja_o": 1, "raja_r": 1}})
    return play(s, "cmd migrate gujarat shift")


@pytest.mark.parametrize("choice,left", [("raja_o@gujarat", "raja_r"),
                                         ("raja_r@gujarat", "raja_o")])
def test_1_9_the_owner_chooses_which_unit_refills_a_slot_from_the_map(choice, left):
    """1.9: the Faction "must place Amirs/Rajas in the empty spaces from either their
    holding box or anywhere on the map": where a space holds an Obedient and a Rebelling
    Raja, Vijayanagara choose which."""
    s = _refill_from_gujarat()
    assert active(s) == "vijayanagara"
    assert {"raja_o@gujarat", "raja_r@gujarat"} <= set(actions(s)["from"])
    assert "gujarat" not in actions(s)["from"]
    s = play(s, choice)
    assert pieces(s, "gujarat") == {left: 1}


def test_1_9_a_space_with_one_kind_of_unit_is_named_alone():
    s = _refill_from_gujarat()
    assert "andhra" in actions(s)["from"] or "karnataka" in actions(s)["from"]


def test_influence_moves_off_the_track_are_ignored():
    s = _migrate_shift("bahmani", influence={"bahmani": 3})
    assert summ(s)["influence"] == {"bahmani": 4, "vijayanagara": 0}
    assert active(s) == "bahmani"  # no refill prompt: Vijayanagara did not move
    s = _migrate_shift("bahmani", influence={"bahmani": 4, "vijayanagara": 2})
    assert summ(s)["influence"] == {"bahmani": 4, "vijayanagara": 1}


@pytest.mark.parametrize("influence,cavalry", [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3)])
def test_trade_gives_one_two_or_three_cavalry_by_influence(influence, cavalry):
    s = position(card=BAHMANI_FIRST, cavalry={}, influence={"bahmani": influence},
                 resources={"bahmani": 5})
    with_amirs = sum(1 for p in PROVINCES if pc.pieces(s, p, "bahmani"))
    s = play(s, "cmd decree trade done")
    assert summ(s)["factions"]["bahmani"]["cavalry"] == cavalry
    assert summ(s)["cavalry_pool"] == 10 - cavalry
    assert s["resources"]["bahmani"] == 5 + with_amirs


def test_conspire_reaches_rajas_only_from_influence_two():
    spaces = {"maharashtra": {"amir_o": 2, "governor": 1}, "karnataka": {"raja_o": 2},
              "andhra": {"raja_r": 1, "troop": 1}}
    s = position(card=BAHMANI_FIRST, spaces=spaces, clear=True, influence={"bahmani": 1})
    s = play(s, "cmd decree conspire")
    assert actions(s)["space"] == ["maharashtra"]
    s = position(card=BAHMANI_FIRST, spaces=spaces, clear=True, influence={"bahmani": 2})
    s = play(s, "cmd decree conspire")
    assert set(actions(s)["space"]) == {"maharashtra", "karnataka", "andhra"}
    s = play(s, "karnataka rebelling")
    assert pieces(s, "karnataka") == {"raja_o": 1, "amir_r": 1}


def test_conspire_turns_a_rebelling_raja_only_into_a_rebelling_amir():
    s = position(card=BAHMANI_FIRST, influence={"bahmani": 2}, spaces={
        "maharashtra": {"amir_o": 1}, "andhra": {"raja_r": 1, "troop": 1}})
    s = play(s, "cmd decree conspire andhra")
    assert set(actions(s)["choose"]) == {"rebelling", "none"}


def test_compel_removes_and_gives_cavalry_only_from_influence_two():
    spaces = {"karnataka": {"raja_o": 2}, "tamilakam": {"troop": 1}}
    s = position(card=VIJAYANAGARA_FIRST, cavalry={}, spaces=spaces,
                 influence={"vijayanagara": 1})
    s = play(s, "cmd decree compel tamilakam")
    assert "remove" not in actions(s)
    assert summ(s)["factions"]["vijayanagara"]["cavalry"] == 0
    s = position(card=VIJAYANAGARA_FIRST, cavalry={}, spaces=spaces,
                 influence={"vijayanagara": 2})
    s = play(s, "cmd decree compel tamilakam")
    assert actions(s)["remove"] == ["troop"]
    assert summ(s)["factions"]["vijayanagara"]["cavalry"] == 1
    s = play(s, "place troop done")
    assert pieces(s, "tamilakam") == {"raja_r": 1}


# --- 1.10 Cavalry ------------------------------------------------------------------------------


def test_ten_cavalry_tokens_delhi_holds_two_at_setup():
    s = g.setup(2, {})
    assert summ(s)["cavalry_pool"] == 8
    assert summ(s)["factions"]["delhi"]["cavalry"] == 2
    assert summ(s)["cavalry_pool"] + sum(
        f["cavalry"] for f in summ(s)["factions"].values()) == 10


def test_with_the_pool_empty_a_token_comes_from_the_only_other_holder():
    s = position(card=DELHI_FIRST, cavalry={"bahmani": 9, "delhi": 1})
    s = play(s, "cmd decree tribute done")
    assert s["cavalry"] == {"delhi": 3, "bahmani": 7, "vijayanagara": 0, "pool": 0}


def test_with_two_holders_the_gaining_faction_picks_the_donor():
    s = position(card=DELHI_FIRST, cavalry={"bahmani": 4, "vijayanagara": 5}, resources={
        "delhi": 0})
    s = play(s, "cmd decree tribute")
    # one token from the pool, then a choice for the second
    assert s["cavalry"]["pool"] == 0 and s["cavalry"]["delhi"] == 1
    assert active(s) == "delhi"
    assert set(actions(s)["choose"]) == {"bahmani", "vijayanagara"}
    s = play(s, "vijayanagara")
    assert s["cavalry"] == {"delhi": 2, "bahmani": 4, "vijayanagara": 4, "pool": 0}
    assert "done" in actions(s)


def test_cavalry_spent_in_battle_returns_to_the_pool():
    s = position(card=DELHI_FIRST, cavalry={"delhi": 2}, independent=["gujarat"],
                 spaces={"gujarat": {"troop": 2, "amir_r": 2}})
    fix_dice(s, [3, 3, 1, 4, 1, 2])
    s = play(s, "command attack gujarat")
    assert active(s) == "delhi" and "charge" in actions(s)
    # Delhi [3 3 1 4] with two Troops: one hit. Bahmani [1 2]: two hits.
    assert "screen1" not in tokens(s)  # a die showing 1 cannot be Screened
    assert "charge3" not in tokens(s)  # nor can a 1 be lowered
    s = play(s, "charge1 screen2")  # Delhi [2 3 1 4]: two hits; Bahmani [1 x]: one
    assert s["cavalry"] == {"delhi": 0, "bahmani": 0, "vijayanagara": 0, "pool": 10}
    assert pieces(s, "gujarat") == {"troop": 1}
    assert summ(s)["spaces"]["gujarat"]["control"] == "delhi"


# --- 1.5.2 negotiation -------------------------------------------------------------------------


def test_give_resources_to_another_faction_any_time_you_are_active():
    s = position(card=DELHI_FIRST, resources={"delhi": 12, "bahmani": 6})
    assert "give" in actions(s)
    s = play(s, "give bahmani resources 5")
    assert s["resources"]["delhi"] == 7 and s["resources"]["bahmani"] == 11
    # still Delhi's choice on the card
    assert active(s) == "delhi" and "cmd" in actions(s)


def test_give_cavalry_and_the_pool_is_unchanged():
    s = position(card=DELHI_FIRST, cavalry={"delhi": 3})
    s = play(s, "give vijayanagara cavalry 2")
    assert s["cavalry"] == {"delhi": 1, "bahmani": 0, "vijayanagara": 2, "pool": 7}


def test_give_can_be_cancelled_at_every_step():
    s = position(card=DELHI_FIRST)
    for line in ("give cancel", "give bahmani cancel", "give bahmani resources cancel"):
        t = play(s, line)
        assert t["resources"] == s["resources"] and t["cavalry"] == s["cavalry"]
        assert "cmd" in actions(t)


def test_give_in_the_middle_of_a_command_then_carry_on():
    s = position(card=DELHI_FIRST, resources={"delhi": 4})
    s = play(s, "command conscript delhi give vijayanagara resources 2")
    assert s["resources"]["delhi"] == 1 and s["resources"]["vijayanagara"] == 9
    assert "tamilakam" in actions(s)["space"]
    s = play(s, "tamilakam")
    assert s["resources"]["delhi"] == 0
    assert "space" not in actions(s)


def test_give_is_limited_by_the_receivers_room_and_by_what_you_hold():
    s = position(card=DELHI_FIRST, resources={"delhi": 12, "bahmani": 21}, cavalry={})
    s = play(s, "give")
    assert set(actions(s)["to"]) == {"bahmani", "vijayanagara"}
    s = play(s, "bahmani")
    assert actions(s)["what"] == ["resources"]  # no Cavalry to give
    s = play(s, "resources")
    assert actions(s)["amount"] == ["1", "2", "3"]


def test_nothing_to_give_means_no_give():
    s = position(card=DELHI_FIRST, resources={"delhi": 0}, cavalry={})
    assert "give" not in actions(s)
    with pytest.raises(IllegalAction):
        g.act(s, "delhi", "give")


def test_1_5_2_a_faction_not_asked_may_give_at_any_time():
    """1.5.2: "Resources and Cavalry tokens may be traded among any Factions at any time":
    Bahmani give while Delhi decide, and the decision comes back to Delhi."""
    s = position(card=DELHI_FIRST, resources={"delhi": 5, "bahmani": 6})
    assert active(s) == "delhi"
    assert g.view(s, "bahmani")["actions"] == {"give": None}
    assert "(1.5.2)" in g.view(s, "bahmani")["prompt"]
    s = play(s, "give delhi resources 4", role="bahmani")
    assert s["resources"]["delhi"] == 9 and s["resources"]["bahmani"] == 2
    assert "Bahmani gives 4 Resources to Delhi." in s["log"]
    assert active(s) == "delhi" and "cmd" in actions(s)


def test_1_5_2_a_defenders_ally_gives_cavalry_in_the_middle_of_a_battle():
    s = position(card=DELHI_FIRST, cavalry={"delhi": 1, "vijayanagara": 2},
                 independent=["gujarat"], spaces={"gujarat": {"troop": 2, "amir_r": 2}})
    fix_dice(s, [3, 3, 1, 4, 1, 2])
    s = play(s, "command attack gujarat")
    assert active(s) == "delhi" and s["stack"][-1]["t"] == "battle"  # Delhi's Cavalry
    s = play(s, "give delhi cavalry 2", role="vijayanagara")
    assert s["cavalry"]["delhi"] == 3 and s["cavalry"]["vijayanagara"] == 0
    assert active(s) == "delhi" and s["stack"][-1]["t"] == "battle"  # the battle goes on
    s = play(s, "charge1 charge2 screen2")
    assert s["cavalry"]["delhi"] == 0


def test_only_the_faction_asked_may_do_anything_but_give():
    s = position(card=DELHI_FIRST)
    with pytest.raises(IllegalAction, match="not your turn"):
        g.act(s, "bahmani", "pass")
    s = position(card=DELHI_FIRST, resources={"bahmani": 0}, cavalry={})
    assert g.view(s, "bahmani")["actions"] == {}
    with pytest.raises(IllegalAction, match="nothing|no Resources"):
        g.act(s, "bahmani", "give")


def test_gifts_never_nest():
    s = position(card=DELHI_FIRST, resources={"bahmani": 6, "vijayanagara": 6})
    s = play(s, "give", role="bahmani")
    assert g.view(s, "vijayanagara")["actions"] == {}  # wait for Bahmani's gift to end
    with pytest.raises(IllegalAction):
        g.act(s, "vijayanagara", "give")
