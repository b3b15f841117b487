"""Every side of the 36 Event cards of the Darbar deck (cards.json), carried out to its
full effect on a small position with typed tokens, and the board checked afterwards
against the card text: pieces, Tributary markers, Control, Resources, Cavalry,
Influence and, where the card sets it, eligibility for the next card."""

from __future__ import annotations

from engine.games.vijayanagara.data import BOX, EVENTS, FACTIONS, PROVINCES
from tests.engine.vijayanagara.fuzz import check
from tests.engine.vijayanagara.positions import (
    active,
    fix_dice,
    pieces,
    play,
    position,
    tokens,
)

FUNDS = 10  # every faction's Resources unless a test names them

# Attack dice: attacker 1 1 6 6 (two hits for two or more Units), defender 6 6 (no hit).
TWO_HITS = [1, 1, 6, 6, 6, 6]


def start(card: int, *, resources: dict | None = None, **kw) -> dict:
    """An otherwise empty board, no Cavalry, 10 Resources each, waiting on ``card``."""
    kw.setdefault("cavalry", {})
    funds = {f: FUNDS for f in FACTIONS} | (resources or {})
    return position(card=card, clear=True, resources=funds, **kw)


def board(s: dict) -> dict[str, dict[str, int]]:
    """Every space holding pieces, with its pieces."""
    return {sp: pieces(s, sp) for sp in s["spaces"] if pieces(s, sp)}


def independent(s: dict) -> set[str]:
    return {p for p in PROVINCES if not s["tributary"][p]}


def avail_change(before: dict, after: dict) -> dict[str, int]:
    """How the Available boxes changed (negative: pieces left the box)."""
    return {b: after["avail"][b] - before["avail"][b] for b in set(BOX.values())
            if after["avail"][b] != before["avail"][b]}


def res(d: int = FUNDS, b: int = FUNDS, v: int = FUNDS) -> dict[str, int]:
    return {"delhi": d, "bahmani": b, "vijayanagara": v}


def cav(d: int = 0, b: int = 0, v: int = 0) -> dict[str, int]:
    return {"delhi": d, "bahmani": b, "vijayanagara": v, "pool": 10 - d - b - v}


def choices(s: dict) -> set[str]:
    """The typed tokens on offer, without the always-present `give`."""
    return tokens(s) - {"give"}


def end_card(s: dict) -> dict:
    """The factions still to act pass; the card ends and Eligibility is adjusted (2.3.7)."""
    card = s["current"]
    while s["current"] == card:
        s = play(s, "pass")
    return s


def after_event(s: dict) -> None:
    """The Event is over, with nothing left to do: the next faction in the card's order
    chooses its action (and the Event is taken)."""
    assert s["stack"][-1]["t"] == "choose" and s["stack"][-1]["phase"] == "pick"
    assert "event" not in tokens(s)


def test_the_deck_has_36_cards_with_two_sides_each():
    assert sorted(EVENTS) == list(range(1, 37))
    assert all(EVENTS[n][side]["effect"] for n in EVENTS for side in ("unshaded", "shaded"))


# --- 1 Raid on Devagiri (Vijayanagara, Delhi, Bahmani) -------------------------------------


def test_card_01_unshaded_bahmani_gain_2_and_an_amir_in_maharashtra():
    # Maharashtra is Bahmani-Controlled: the new Amir is Rebelling (1.4.6).
    s0 = start(1, independent=["maharashtra"], spaces={"maharashtra": {"amir_r": 2, "troop": 1}})
    s = play(s0, "event unshaded")
    assert board(s) == {"maharashtra": {"amir_r": 3, "troop": 1}}
    assert s["resources"] == res(b=12)
    assert avail_change(s0, s) == {"amir": -1}
    after_event(s)
    check(s)


def test_card_01_shaded_delhi_gain_3_and_an_amir_leaves_maharashtra():
    s0 = start(1, independent=["maharashtra"],
               spaces={"maharashtra": {"amir_o": 1, "amir_r": 1, "troop": 2},
                       "gujarat": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "vijayanagara"
    assert choices(s) == {"amir_o@maharashtra", "amir_r@maharashtra"}  # not Gujarat's
    s = play(s, "amir_r@maharashtra")
    assert board(s) == {"maharashtra": {"amir_o": 1, "troop": 2}, "gujarat": {"amir_o": 1}}
    assert s["control"]["maharashtra"] == "delhi"
    assert s["resources"] == res(d=13)
    assert avail_change(s0, s) == {"amir": 1}
    after_event(s)
    check(s)


# --- 2 Battle of Kili (Delhi, Bahmani, Vijayanagara) ---------------------------------------


def test_card_02_unshaded_two_troops_leave_the_north_and_an_invader_enters_the_passes():
    s0 = start(2, spaces={"delhi": {"troop": 3}, "punjab": {"troop": 2},
                          "passes": {"invader": 1}, "rajput": {"troop": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == {"troop@delhi", "troop@punjab"}
    s = play(s, "troop@delhi troop@punjab")
    assert board(s) == {"delhi": {"troop": 2}, "punjab": {"troop": 1},
                        "passes": {"invader": 2}, "rajput": {"troop": 1}}
    assert avail_change(s0, s) == {"troop": 2, "invader": -1}
    after_event(s)
    check(s)


def test_card_02_shaded_two_invaders_removed_and_delhi_gain_a_cavalry():
    s0 = start(2, spaces={"punjab": {"invader": 2, "troop": 1},
                          "delhi": {"invader": 1, "troop": 4}, "passes": {"invader": 3}})
    s = play(s0, "event shaded")
    assert choices(s) == {"invader@punjab", "invader@delhi"}  # not the Passes
    s = play(s, "invader@punjab invader@delhi")
    assert board(s) == {"punjab": {"invader": 1, "troop": 1}, "delhi": {"troop": 4},
                        "passes": {"invader": 3}}
    assert s["cavalry"] == cav(d=1)
    assert avail_change(s0, s) == {"invader": 2}
    after_event(s)
    check(s)


# --- 3 Targhi Before Delhi (Delhi, Vijayanagara, Bahmani) ----------------------------------


def test_card_03_unshaded_delhi_lose_2_and_are_ineligible_next_card():
    # Delhi sit this card out, so only the Event keeps them Ineligible.
    s0 = start(3, eligible={"delhi": False})
    assert active(s0) == "vijayanagara"
    s = play(s0, "event unshaded")
    assert s["resources"] == res(d=8)
    after_event(s)
    s = end_card(s)  # Bahmani pass (+1)
    assert s["eligible"] == {"delhi": False, "bahmani": True, "vijayanagara": False}
    check(s)


def test_card_03_shaded_delhi_gain_1_and_march_free_into_delhi_and_punjab():
    s0 = start(3, spaces={"malwa": {"troop": 2, "governor": 1}, "rajput": {"troop": 2},
                          "delhi": {"troop": 1}, "jaunpur": {"troop": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "delhi" and choices(s) == {"march", "skip"}
    s = play(s, "march")
    assert choices(s) == {"delhi", "punjab", "done"}  # only the two destinations
    s = play(s, "delhi malwa 2 1 done punjab rajput 2 done done")
    assert board(s) == {"delhi": {"troop": 3, "governor": 1}, "punjab": {"troop": 2},
                        "jaunpur": {"troop": 1}}
    assert s["resources"] == res(d=11)  # +1, and the March was free
    after_event(s)
    check(s)


# --- 4 Alauddin's Market Edicts (Delhi, Bahmani, Vijayanagara) -----------------------------


def test_card_04_unshaded_bahmani_gain_a_cavalry_and_delhi_lose_2():
    s = play(start(4), "event unshaded")
    assert s["cavalry"] == cav(b=1)
    assert s["resources"] == res(d=8)
    after_event(s)
    check(s)


def test_card_04_shaded_delhi_gain_2_and_a_free_limited_conscript():
    s0 = start(4, spaces={"delhi": {"troop": 2}})
    s = play(s0, "event shaded conscript")
    s = play(s, "delhi")
    assert choices(s) == {"1", "2", "3", "4", "done"}  # Limited: one space, 5 placed
    s = play(s, "done")
    assert board(s) == {"delhi": {"troop": 7}}
    assert s["resources"] == res(d=12)
    assert avail_change(s0, s) == {"troop": -5}
    after_event(s)
    check(s)


# --- 5 Battle of Amroha (Delhi, Vijayanagara, Bahmani) -------------------------------------


def test_card_05_unshaded_two_troops_pulled_back_to_delhi_or_punjab():
    s0 = start(5, spaces={"rajput": {"troop": 2}, "malwa": {"troop": 1},
                          "gujarat": {"troop": 1}, "delhi": {"troop": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == {"troop@rajput", "troop@malwa"}  # Gujarat is not adjacent
    s = play(s, "troop@rajput")
    assert choices(s) == {"delhi", "punjab"}
    s = play(s, "punjab troop@malwa")  # Malwa borders Delhi only
    assert board(s) == {"rajput": {"troop": 1}, "punjab": {"troop": 1},
                        "delhi": {"troop": 2}, "gujarat": {"troop": 1}}
    assert s["resources"] == res(v=11)
    after_event(s)
    check(s)


def test_card_05_shaded_delhi_gain_1_and_attack_free_in_the_passes():
    s0 = start(5, independent=["malwa"], spaces={
        "passes": {"troop": 3, "invader": 2}, "punjab": {"troop": 1, "invader": 1},
        "malwa": {"amir_r": 1, "troop": 1}})
    s = play(s0, "event shaded attack")
    assert choices(s) == {"passes", "punjab", "done"}  # Malwa lies outside the named spaces
    fix_dice(s, TWO_HITS)
    s = play(s, "passes")
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"passes": {"troop": 3}, "punjab": {"troop": 1, "invader": 1},
                        "malwa": {"amir_r": 1, "troop": 1}}
    assert s["resources"] == res(d=11)
    assert avail_change(s0, s) == {"invader": 2}
    after_event(s)
    check(s)


# --- 6 Malik Kafur at Warangal (Vijayanagara, Delhi, Bahmani) ------------------------------


def test_card_06_unshaded_two_rajas_in_andhra_and_delhi_lose_2():
    s0 = start(6, spaces={"andhra": {"raja_o": 1, "troop": 1, "qasbah": 1}})
    s = play(s0, "event unshaded")
    assert board(s) == {"andhra": {"raja_o": 3, "troop": 1, "qasbah": 1}}
    assert s["resources"] == res(d=8)
    assert avail_change(s0, s) == {"raja": -2}
    after_event(s)
    check(s)


def test_card_06_shaded_delhi_collect_tribute_free():
    # Tributary Prosperity 18 - 4 (Gujarat and Malwa Independent) = 14: half is 7.
    s0 = start(6, independent=["gujarat", "malwa"])
    s = play(s0, "event shaded")
    assert active(s) == "delhi" and choices(s) == {"tribute", "skip"}
    s = play(s, "tribute")
    assert s["resources"] == res(d=17)
    assert s["cavalry"] == cav(d=2)
    after_event(s)
    check(s)


# --- 7 Kafur's Southern March (Vijayanagara, Delhi, Bahmani) -------------------------------


def test_card_07_unshaded_a_raja_in_karnataka_and_one_in_tamilakam():
    s0 = start(7, spaces={"karnataka": {"raja_o": 1}, "tamilakam": {"raja_o": 1}})
    s = play(s0, "event unshaded")
    assert active(s) == "vijayanagara" and choices(s) == {"karnataka", "tamilakam"}
    s = play(s, "tamilakam")  # at most one per Province: the second goes to Karnataka
    assert board(s) == {"karnataka": {"raja_o": 2}, "tamilakam": {"raja_o": 2}}
    assert s["resources"] == res(v=11)
    assert avail_change(s0, s) == {"raja": -2}
    after_event(s)
    check(s)


def test_card_07_shaded_delhi_campaign_then_a_raja_removed():
    s0 = start(7, spaces={"andhra": {"troop": 2, "raja_o": 1}, "karnataka": {"raja_o": 2},
                          "tamilakam": {"raja_o": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "delhi" and choices(s) == {"campaign", "skip"}
    s = play(s, "campaign andhra take 2 karnataka done")
    assert active(s) == "vijayanagara"  # the executing faction picks the Raja
    assert choices(s) == {"raja_o@karnataka", "raja_o@tamilakam"}
    s = play(s, "raja_o@karnataka")
    assert board(s) == {"andhra": {"raja_o": 1}, "karnataka": {"troop": 2, "raja_o": 1},
                        "tamilakam": {"raja_o": 1}}
    assert s["resources"] == res()
    after_event(s)
    check(s)


# --- 8 Kakatiya Empire Extinguished (Vijayanagara, Delhi, Bahmani) -------------------------


def test_card_08_unshaded_two_rajas_leave_andhra_and_influence_up():
    s0 = start(8, spaces={"andhra": {"raja_o": 3}})
    s = play(s0, "event unshaded")
    assert active(s) == "vijayanagara"
    assert choices(s) == {"gondwana", "orissa", "maharashtra", "karnataka", "tamilakam"}
    s = play(s, "karnataka tamilakam")
    assert board(s) == {"andhra": {"raja_o": 1}, "karnataka": {"raja_o": 1},
                        "tamilakam": {"raja_o": 1}}
    assert s["influence"]["vijayanagara"] == 1
    assert s["track"]["vijayanagara"]["1"] == 0
    assert avail_change(s0, s) == {"raja": 2}  # the two Rajas of slot 1
    after_event(s)
    check(s)


def test_card_08_shaded_all_rajas_leave_andhra_and_a_governor_arrives():
    s0 = start(8, independent=["andhra"],
               spaces={"andhra": {"raja_o": 1, "raja_r": 2, "troop": 3},
                       "karnataka": {"raja_o": 1}})
    assert s0["control"]["andhra"] is None
    s = play(s0, "event shaded")
    assert board(s) == {"andhra": {"troop": 3, "governor": 1}, "karnataka": {"raja_o": 1}}
    assert s["control"]["andhra"] == "delhi"
    assert avail_change(s0, s) == {"raja": 3, "governor": -1}
    after_event(s)
    check(s)


# --- 9 The Capital Moves South (Bahmani, Delhi, Vijayanagara) ------------------------------


def test_card_09_unshaded_bahmani_rally_free_in_maharashtra_and_delhi_lose_2():
    s0 = start(9, independent=["maharashtra"], resources={"bahmani": 0},
               spaces={"maharashtra": {"amir_r": 2}, "gujarat": {"amir_o": 1}})
    s = play(s0, "event unshaded rally")
    assert choices(s) == {"maharashtra", "done"}
    s = play(s, "maharashtra done")  # home and Controlled: three Amirs
    assert board(s) == {"maharashtra": {"amir_r": 5}, "gujarat": {"amir_o": 1}}
    assert s["resources"] == res(d=8, b=0)
    after_event(s)
    check(s)


def test_card_09_shaded_delhi_send_three_pieces_straight_to_maharashtra():
    s0 = start(9, spaces={"delhi": {"troop": 3, "governor": 2}, "maharashtra": {"amir_o": 2}})
    s = play(s0, "event shaded")
    assert active(s) == "delhi" and choices(s) == {"troop@delhi", "governor@delhi"}
    s = play(s, "troop@delhi governor@delhi troop@delhi")
    assert board(s) == {"delhi": {"troop": 1, "governor": 1},
                        "maharashtra": {"amir_o": 2, "troop": 2, "governor": 1}}
    after_event(s)
    check(s)


# --- 10 Brass Token Coinage (Delhi, Bahmani, Vijayanagara) ---------------------------------


def test_card_10_unshaded_delhi_lose_4_the_others_gain_1():
    s = play(start(10), "event unshaded")
    assert s["resources"] == res(d=6, b=11, v=11)
    after_event(s)
    check(s)


def test_card_10_shaded_delhi_gain_3_and_stay_eligible():
    s = play(start(10), "event shaded")
    assert s["resources"] == res(d=13)
    after_event(s)
    s = end_card(s)
    assert s["eligible"] == {"delhi": True, "bahmani": True, "vijayanagara": True}
    check(s)


# --- 11 Famine in the Doab (Delhi, Vijayanagara, Bahmani) ----------------------------------


def test_card_11_unshaded_delhi_lose_3_and_a_troop():
    s0 = start(11, spaces={"delhi": {"troop": 2}, "jaunpur": {"troop": 2},
                           "malwa": {"troop": 1}})
    s = play(s0, "event unshaded")
    assert active(s) == "delhi" and choices(s) == {"troop@delhi", "troop@jaunpur"}
    s = play(s, "troop@jaunpur")
    assert board(s) == {"delhi": {"troop": 2}, "jaunpur": {"troop": 1}, "malwa": {"troop": 1}}
    assert s["resources"] == res(d=7)
    after_event(s)
    check(s)


def test_card_11_shaded_delhi_lose_1_and_a_neighbour_of_delhi_is_tributary():
    s0 = start(11, independent=["rajput", "malwa", "sindh"], spaces={"malwa": {"amir_r": 2}})
    assert s0["control"]["malwa"] == "bahmani"
    s = play(s0, "event shaded")
    assert choices(s) == {"rajput", "malwa"}  # Sindh is not adjacent to Delhi
    s = play(s, "malwa")
    assert independent(s) == {"rajput", "sindh"}
    assert board(s) == {"malwa": {"amir_o": 2}}  # the marker turns them Obedient (1.6)
    assert s["control"]["malwa"] is None
    assert s["resources"] == res(d=9)
    after_event(s)
    check(s)


# --- 12 Sultanate of Madurai (Bahmani, Delhi, Vijayanagara) --------------------------------


def test_card_12_unshaded_tamilakam_breaks_away_under_a_rebelling_amir():
    s0 = start(12, spaces={"tamilakam": {"troop": 1, "governor": 1, "raja_o": 1},
                           "andhra": {"troop": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == {"troop@tamilakam", "governor@tamilakam"}
    s = play(s, "governor@tamilakam")
    assert board(s) == {"tamilakam": {"troop": 1, "raja_o": 1, "amir_r": 1},
                        "andhra": {"troop": 1}}
    assert independent(s) == {"tamilakam"} and s["control"]["tamilakam"] is None
    assert avail_change(s0, s) == {"governor": 1, "amir": -1}
    after_event(s)
    check(s)


def test_card_12_shaded_a_southern_raja_removed_and_vijayanagara_lose_2():
    s0 = start(12, spaces={"karnataka": {"raja_o": 2}, "tamilakam": {"raja_o": 1},
                           "andhra": {"raja_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"raja_o@karnataka", "raja_o@tamilakam"}
    s = play(s, "raja_o@tamilakam")
    assert board(s) == {"karnataka": {"raja_o": 2}, "andhra": {"raja_o": 1}}
    assert s["resources"] == res(v=8)
    after_event(s)
    check(s)


# --- 13 The Hare and the Hounds (Vijayanagara, Delhi, Bahmani) -----------------------------


def test_card_13_unshaded_two_rajas_and_a_temple_in_karnataka():
    s0 = start(13, spaces={"karnataka": {"raja_o": 1}})
    s = play(s0, "event unshaded")
    assert board(s) == {"karnataka": {"raja_o": 3, "temple": 1}}
    assert avail_change(s0, s) == {"raja": -2, "temple": -1}
    after_event(s)
    check(s)


def test_card_13_shaded_a_governor_near_vijayanagara_and_karnataka_tributary():
    s0 = start(13, independent=["karnataka", "sindh"],
               spaces={"karnataka": {"raja_r": 2}, "gujarat": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"karnataka", "maharashtra", "andhra", "tamilakam"}
    s = play(s, "karnataka")
    assert board(s) == {"karnataka": {"raja_o": 2, "governor": 1}, "gujarat": {"amir_o": 1}}
    assert independent(s) == {"sindh"} and s["control"]["karnataka"] is None
    after_event(s)
    check(s)


# --- 14 Musunuri Nayakas (Vijayanagara, Delhi, Bahmani) ------------------------------------


def test_card_14_unshaded_delhi_pieces_leave_andhra_and_it_breaks_away():
    s0 = start(14, spaces={"andhra": {"troop": 1, "governor": 1, "qasbah": 1, "raja_o": 2},
                           "orissa": {"troop": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == {"troop@andhra", "governor@andhra", "qasbah@andhra"}
    s = play(s, "qasbah@andhra troop@andhra")
    # Independent and Vijayanagara-Controlled: the Rajas turn Rebelling (1.4.5).
    assert board(s) == {"andhra": {"governor": 1, "raja_r": 2}, "orissa": {"troop": 1}}
    assert independent(s) == {"andhra"} and s["control"]["andhra"] == "vijayanagara"
    after_event(s)
    check(s)


def test_card_14_shaded_delhi_place_two_troops_in_the_east_and_gain_1():
    s0 = start(14)
    s = play(s0, "event shaded")
    assert active(s) == "delhi" and choices(s) == {"andhra", "orissa", "gondwana"}
    s = play(s, "andhra orissa")
    assert board(s) == {"andhra": {"troop": 1}, "orissa": {"troop": 1}}
    assert s["resources"] == res(d=11)
    after_event(s)
    check(s)


# --- 15 Uprising in Daulatabad (Bahmani, Delhi, Vijayanagara) ------------------------------


def test_card_15_unshaded_bahmani_rebel_free_under_the_khalji():
    s0 = start(15, dynasty="khalji", spaces={
        "maharashtra": {"amir_o": 3}, "gujarat": {"amir_o": 2, "troop": 1},
        "malwa": {"amir_o": 1, "troop": 1}, "karnataka": {"raja_o": 3},
        "madhyadesh": {"fort": 1}})
    s = play(s0, "event unshaded rebel")
    assert choices(s) == {"maharashtra", "gujarat", "done"}
    s = play(s, "maharashtra gujarat done")
    assert independent(s) == {"maharashtra", "gujarat"}
    assert board(s) == {"maharashtra": {"amir_r": 3}, "gujarat": {"amir_r": 2, "troop": 1},
                        "malwa": {"amir_o": 1, "troop": 1}, "karnataka": {"raja_o": 3},
                        "madhyadesh": {"fort": 1}}
    assert s["control"]["maharashtra"] == s["control"]["gujarat"] == "bahmani"
    assert s["resources"] == res(b=11)
    after_event(s)
    check(s)


def test_card_15_shaded_bahmani_lose_2_and_delhi_attack_free_where_amirs_are():
    s0 = start(15, independent=["gujarat", "rajput"], spaces={
        "gujarat": {"troop": 3, "amir_r": 2}, "rajput": {"troop": 2, "amir_r": 1},
        "malwa": {"amir_o": 1}, "passes": {"troop": 2, "invader": 1}})
    s = play(s0, "event shaded attack")
    assert active(s) == "delhi" and choices(s) == {"gujarat", "rajput", "done"}
    fix_dice(s, TWO_HITS)
    s = play(s, "gujarat")
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"gujarat": {"troop": 3}, "rajput": {"troop": 2, "amir_r": 1},
                        "malwa": {"amir_o": 1}, "passes": {"troop": 2, "invader": 1}}
    assert s["control"]["gujarat"] == "delhi"
    assert s["resources"] == res(b=8)
    after_event(s)
    check(s)


# --- 16 A Traveller from Tangier (Bahmani, Vijayanagara, Delhi) ----------------------------


def test_card_16_unshaded_the_executing_faction_gain_2_and_stay_eligible():
    s = play(start(16), "event unshaded")
    assert s["resources"] == res(b=12)
    after_event(s)
    s = end_card(s)
    assert s["eligible"] == {"delhi": True, "bahmani": True, "vijayanagara": True}
    check(s)


def test_card_16_shaded_delhi_gain_2_and_a_cavalry():
    s = play(start(16), "event shaded")
    assert s["resources"] == res(d=12)
    assert s["cavalry"] == cav(d=1)
    after_event(s)
    check(s)


# --- 17 Sufi Shaikh Relocates (Bahmani, Vijayanagara, Delhi) -------------------------------


def test_card_17_unshaded_bahmani_influence_up_and_an_amir_near_their_pieces():
    s0 = start(17, influence={"bahmani": 1}, spaces={"gondwana": {"amir_o": 1}})
    s = play(s0, "event unshaded")
    assert s["influence"]["bahmani"] == 2 and s["track"]["bahmani"]["2"] == 0
    assert active(s) == "bahmani"
    assert choices(s) == {"gondwana", "jaunpur", "madhyadesh", "orissa", "andhra",
                          "maharashtra"}
    s = play(s, "orissa")
    assert board(s) == {"gondwana": {"amir_o": 1}, "orissa": {"amir_o": 1}}
    assert avail_change(s0, s) == {"amir": 2 - 1}  # slot 2 freed two, one placed
    after_event(s)
    check(s)


def test_card_17_shaded_bahmani_influence_down_and_delhi_gain_1():
    s0 = start(17, influence={"bahmani": 2}, spaces={"maharashtra": {"amir_o": 2}})
    s = play(s0, "event shaded")
    assert active(s) == "bahmani" and choices(s) == {"available", "maharashtra"}  # refill 1.9
    s = play(s, "maharashtra available")
    assert s["influence"]["bahmani"] == 1 and s["track"]["bahmani"]["2"] == 2
    assert board(s) == {"maharashtra": {"amir_o": 1}}
    assert avail_change(s0, s) == {"amir": -1}
    assert s["resources"] == res(d=11)
    after_event(s)
    check(s)


# --- 18 Grant at Sringeri (Vijayanagara, Bahmani, Delhi) -----------------------------------


def test_card_18_unshaded_vijayanagara_build_a_temple_free_and_gain_1():
    s0 = start(18, spaces={"karnataka": {"raja_o": 1, "temple": 1}, "andhra": {"raja_o": 1},
                           "tamilakam": {"raja_o": 1}})
    s = play(s0, "event unshaded build")
    assert choices(s) == {"andhra", "tamilakam"}
    s = play(s, "andhra")
    assert board(s) == {"karnataka": {"raja_o": 1, "temple": 1},
                        "andhra": {"raja_o": 1, "temple": 1}, "tamilakam": {"raja_o": 1}}
    assert s["resources"] == res(v=11)
    after_event(s)
    check(s)


def test_card_18_shaded_delhi_govern_free_in_a_tributary_with_rajas():
    s0 = start(18, spaces={"andhra": {"raja_o": 2, "governor": 1}, "karnataka": {"raja_o": 1},
                           "gujarat": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "delhi"
    s = play(s, "govern")
    assert choices(s) == {"andhra", "karnataka", "done"}  # not Gujarat: no Raja
    s = play(s, "andhra raja_o raja_o qasbah done")
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"andhra": {"governor": 1, "qasbah": 1}, "karnataka": {"raja_o": 1},
                        "gujarat": {"amir_o": 1}}
    assert s["resources"] == res()
    after_event(s)
    check(s)


# --- 19 The Bahmani Crown (Bahmani, Delhi, Vijayanagara) -----------------------------------


def test_card_19_unshaded_two_amirs_in_maharashtra_then_a_free_rebel_there():
    s0 = start(19, dynasty="khalji", spaces={"maharashtra": {"amir_o": 1, "troop": 2},
                                             "gujarat": {"amir_o": 3}})
    s = play(s0, "event unshaded")
    assert pieces(s, "maharashtra") == {"amir_o": 3, "troop": 2}
    s = play(s, "rebel")
    assert choices(s) == {"maharashtra", "done"}  # Gujarat could Rebel, but is not named
    s = play(s, "maharashtra done")
    assert board(s) == {"maharashtra": {"amir_r": 3, "troop": 2}, "gujarat": {"amir_o": 3}}
    assert independent(s) == {"maharashtra"} and s["control"]["maharashtra"] == "bahmani"
    after_event(s)
    check(s)


def test_card_19_shaded_a_governor_in_maharashtra_and_bahmani_ineligible():
    s0 = start(19, eligible={"bahmani": False}, spaces={"maharashtra": {"amir_o": 2}})
    assert active(s0) == "delhi"
    s = play(s0, "event shaded")
    assert board(s) == {"maharashtra": {"amir_o": 2, "governor": 1}}
    after_event(s)
    s = end_card(s)
    assert s["eligible"] == {"delhi": False, "bahmani": False, "vijayanagara": True}
    check(s)


# --- 20 The Four Tarafs (Bahmani, Delhi, Vijayanagara) -------------------------------------


def test_card_20_unshaded_bahmani_build_a_fort_free_then_an_amir_by_a_fort():
    s0 = start(20, spaces={"gujarat": {"amir_o": 1}, "gondwana": {"amir_o": 1},
                           "madhyadesh": {"fort": 1}, "maharashtra": {"amir_o": 2, "fort": 1}})
    s = play(s0, "event unshaded build")
    assert choices(s) == {"gujarat", "gondwana"}
    s = play(s, "gujarat")
    assert active(s) == "bahmani" and choices(s) == {"gujarat", "madhyadesh", "maharashtra"}
    s = play(s, "madhyadesh")
    assert board(s) == {"gujarat": {"amir_o": 1, "fort": 1}, "gondwana": {"amir_o": 1},
                        "madhyadesh": {"fort": 1, "amir_o": 1},
                        "maharashtra": {"amir_o": 2, "fort": 1}}
    assert avail_change(s0, s) == {"fort": -1, "amir": -1}
    after_event(s)
    check(s)


def test_card_20_shaded_two_amirs_without_a_fort_removed_and_bahmani_lose_1():
    s0 = start(20, spaces={"gujarat": {"amir_o": 2, "fort": 1}, "maharashtra": {"amir_o": 1},
                           "gondwana": {"amir_o": 1}, "jaunpur": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"amir_o@maharashtra", "amir_o@gondwana", "amir_o@jaunpur"}
    s = play(s, "amir_o@maharashtra amir_o@gondwana")
    assert board(s) == {"gujarat": {"amir_o": 2, "fort": 1}, "jaunpur": {"amir_o": 1}}
    assert s["resources"] == res(b=9)
    after_event(s)
    check(s)


# --- 21 Death at Thatta (Delhi, Vijayanagara, Bahmani) -------------------------------------


def test_card_21_unshaded_two_invaders_in_the_passes_and_a_troop_leaves_sindh():
    s0 = start(21, spaces={"passes": {"troop": 1}, "sindh": {"troop": 2}})
    s = play(s0, "event unshaded")
    assert board(s) == {"passes": {"troop": 1, "invader": 2}, "sindh": {"troop": 1}}
    assert avail_change(s0, s) == {"invader": -2, "troop": 1}
    after_event(s)
    check(s)


def test_card_21_shaded_delhi_gain_2_and_a_free_limited_march():
    s0 = start(21, spaces={"delhi": {"troop": 3}, "rajput": {"troop": 1}})
    s = play(s0, "event shaded march punjab delhi 3 done")
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"punjab": {"troop": 3}, "rajput": {"troop": 1}}
    assert s["resources"] == res(d=12)
    after_event(s)
    check(s)


# --- 22 Canals of Firuz Shah (Delhi, Bahmani, Vijayanagara) --------------------------------


def test_card_22_unshaded_bahmani_and_vijayanagara_gain_2():
    s = play(start(22), "event unshaded")
    assert s["resources"] == res(b=12, v=12)
    after_event(s)
    check(s)


def test_card_22_shaded_delhi_gain_3_and_an_uncontrolled_neighbour_is_tributary():
    s0 = start(22, independent=["rajput", "malwa", "sindh", "gujarat"],
               spaces={"rajput": {"amir_r": 1, "troop": 1}, "sindh": {"troop": 1}})
    assert s0["control"]["sindh"] == "delhi" and s0["control"]["rajput"] is None
    s = play(s0, "event shaded")
    assert choices(s) == {"rajput", "malwa"}  # Sindh is Controlled, Gujarat too far
    s = play(s, "rajput")
    assert independent(s) == {"malwa", "sindh", "gujarat"}
    assert board(s) == {"rajput": {"amir_o": 1, "troop": 1}, "sindh": {"troop": 1}}
    assert s["resources"] == res(d=13)
    after_event(s)
    check(s)


# --- 23 Raid on Jajnagar (Delhi, Vijayanagara, Bahmani) ------------------------------------


def test_card_23_unshaded_vijayanagara_place_a_raja_in_orissa_and_in_gondwana():
    s0 = start(23, independent=["gondwana"], spaces={"gondwana": {"raja_r": 1}})
    s = play(s0, "event unshaded")
    assert active(s) == "vijayanagara" and choices(s) == {"orissa", "gondwana"}
    s = play(s, "gondwana")
    # Gondwana is Vijayanagara-Controlled (Rebelling), Orissa Tributary (Obedient).
    assert board(s) == {"gondwana": {"raja_r": 2}, "orissa": {"raja_o": 1}}
    assert avail_change(s0, s) == {"raja": -2}
    after_event(s)
    check(s)


def test_card_23_shaded_delhi_gain_2_and_a_cavalry_and_a_raja_or_amir_goes():
    s0 = start(23, spaces={"orissa": {"raja_o": 1}, "gondwana": {"amir_o": 1},
                           "jaunpur": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"raja_o@orissa", "amir_o@gondwana"}
    s = play(s, "amir_o@gondwana")
    assert board(s) == {"orissa": {"raja_o": 1}, "jaunpur": {"amir_o": 1}}
    assert s["resources"] == res(d=12)
    assert s["cavalry"] == cav(d=1)
    after_event(s)
    check(s)


# --- 24 The Turquoise Throne (Bahmani, Vijayanagara, Delhi) --------------------------------


def test_card_24_unshaded_an_amir_replaces_a_raja_in_andhra_and_bahmani_influence_up():
    s0 = start(24, influence={"bahmani": 1}, independent=["andhra"],
               spaces={"andhra": {"raja_r": 2, "troop": 1}, "karnataka": {"raja_o": 1}})
    assert s0["control"]["andhra"] == "vijayanagara"
    s = play(s0, "event unshaded")
    assert board(s) == {"andhra": {"raja_r": 1, "troop": 1, "amir_o": 1},
                        "karnataka": {"raja_o": 1}}
    assert s["control"]["andhra"] is None
    assert s["influence"]["bahmani"] == 2 and s["track"]["bahmani"]["2"] == 0
    assert avail_change(s0, s) == {"raja": 1, "amir": 2 - 1}
    after_event(s)
    check(s)


def test_card_24_shaded_vijayanagara_rally_free_in_the_east():
    s0 = start(24, resources={"vijayanagara": 0}, spaces={
        "andhra": {"raja_o": 1}, "gondwana": {"raja_o": 1, "temple": 1},
        "orissa": {"raja_o": 1}, "karnataka": {"raja_o": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "vijayanagara"
    s = play(s, "rally")
    assert choices(s) == {"andhra", "gondwana", "orissa", "done"}  # not home Karnataka
    s = play(s, "andhra gondwana orissa done")
    assert board(s) == {"andhra": {"raja_o": 2}, "gondwana": {"raja_o": 3, "temple": 1},
                        "orissa": {"raja_o": 2}, "karnataka": {"raja_o": 1}}
    assert s["resources"] == res(v=0)
    after_event(s)
    check(s)


# --- 25 The Raichur Doab (Vijayanagara, Bahmani, Delhi) ------------------------------------


def test_card_25_unshaded_vijayanagara_compel_free_and_gain_a_cavalry():
    # Influential (4.4.3): the Compel removes a piece and brings a Cavalry token.
    s0 = start(25, influence={"vijayanagara": 2}, independent=["maharashtra"],
               spaces={"karnataka": {"raja_o": 2}, "maharashtra": {"troop": 1, "amir_o": 1}})
    s = play(s0, "event unshaded compel maharashtra place karnataka")
    assert choices(s) == {"troop", "amir_o", "done"}
    s = play(s, "troop done")
    assert board(s) == {"karnataka": {"raja_o": 1}, "maharashtra": {"amir_o": 1, "raja_r": 2}}
    assert s["control"]["maharashtra"] == "vijayanagara"
    assert s["cavalry"] == cav(v=2)
    assert avail_change(s0, s) == {"raja": -1, "troop": 1}
    after_event(s)
    check(s)


def test_card_25_shaded_bahmani_gain_a_cavalry_and_attack_free_in_the_deccan():
    s0 = start(25, independent=["karnataka"],
               spaces={"karnataka": {"amir_r": 2, "raja_o": 2},
                       "andhra": {"amir_o": 1, "raja_o": 1},
                       "gujarat": {"amir_o": 1, "troop": 1}})
    s = play(s0, "event shaded")
    assert s["cavalry"] == cav(b=1)
    s = play(s, "attack")
    assert active(s) == "bahmani" and choices(s) == {"karnataka", "andhra", "done"}
    fix_dice(s, [1, 2, 6, 6, 6, 6])
    s = play(s, "karnataka ready")  # Cavalry kept: two hits already
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"karnataka": {"amir_r": 2}, "andhra": {"amir_o": 1, "raja_o": 1},
                        "gujarat": {"amir_o": 1, "troop": 1}}
    assert s["control"]["karnataka"] == "bahmani"
    assert s["influence"] == {"bahmani": 1, "vijayanagara": 0}  # the battle is won (3.3.4)
    assert s["cavalry"] == cav(b=1)
    after_event(s)
    check(s)


# --- 26 Kampana Takes Madurai (Vijayanagara, Bahmani, Delhi) -------------------------------


def test_card_26_unshaded_two_foes_leave_tamilakam_and_two_rajas_arrive():
    s0 = start(26, spaces={"tamilakam": {"amir_o": 1, "troop": 1, "governor": 1},
                           "karnataka": {"amir_o": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == {"amir_o@tamilakam", "troop@tamilakam", "governor@tamilakam"}
    s = play(s, "amir_o@tamilakam troop@tamilakam")
    assert board(s) == {"tamilakam": {"governor": 1, "raja_o": 2}, "karnataka": {"amir_o": 1}}
    assert avail_change(s0, s) == {"amir": 1, "troop": 1, "raja": -2}
    after_event(s)
    check(s)


def test_card_26_shaded_vijayanagara_lose_2_and_are_ineligible():
    s0 = start(26, eligible={"vijayanagara": False})
    assert active(s0) == "bahmani"
    s = play(s0, "event shaded")
    assert s["resources"] == res(v=8)
    after_event(s)
    s = end_card(s)  # Delhi pass
    assert s["eligible"] == {"delhi": True, "bahmani": False, "vijayanagara": False}
    check(s)


# --- 27 Mujahid at the Gates (Bahmani, Vijayanagara, Delhi) --------------------------------


def test_card_27_unshaded_three_amirs_march_on_karnataka_and_bahmani_gain_a_cavalry():
    s0 = start(27, spaces={"maharashtra": {"amir_o": 2}, "andhra": {"amir_o": 1},
                           "tamilakam": {"amir_o": 1}, "gujarat": {"amir_o": 1},
                           "karnataka": {"raja_o": 1}})
    s = play(s0, "event unshaded")
    assert active(s) == "bahmani"
    assert choices(s) == {"amir_o@maharashtra", "amir_o@andhra", "amir_o@tamilakam"}
    s = play(s, "amir_o@maharashtra amir_o@andhra amir_o@tamilakam")
    assert board(s) == {"karnataka": {"raja_o": 1, "amir_o": 3}, "maharashtra": {"amir_o": 1},
                        "gujarat": {"amir_o": 1}}
    assert s["cavalry"] == cav(b=1)
    after_event(s)
    check(s)


def test_card_27_shaded_vijayanagara_gain_1_and_attack_free_where_amirs_are():
    s0 = start(27, spaces={"andhra": {"raja_o": 3, "amir_o": 1}, "karnataka": {"raja_o": 1},
                           "gondwana": {"raja_o": 1, "amir_o": 1},
                           "tamilakam": {"raja_o": 1, "troop": 1}})
    s = play(s0, "event shaded attack")
    # Tamilakam holds no Amir: only Andhra and Gondwana may be attacked.
    assert active(s) == "vijayanagara" and choices(s) == {"andhra", "gondwana", "done"}
    fix_dice(s, TWO_HITS)
    s = play(s, "andhra")
    assert choices(s) == {"done"}  # Limited: one space
    s = play(s, "done")
    assert board(s) == {"andhra": {"raja_o": 3}, "karnataka": {"raja_o": 1},
                        "gondwana": {"raja_o": 1, "amir_o": 1},
                        "tamilakam": {"raja_o": 1, "troop": 1}}
    assert s["resources"] == res(v=11)
    assert s["influence"] == {"bahmani": 0, "vijayanagara": 1}  # won the battle (3.4.4)
    assert avail_change(s0, s) == {"amir": 1, "raja": 2}
    after_event(s)
    check(s)


# --- 28 Harihara II Crowned (Vijayanagara, Bahmani, Delhi) ---------------------------------


def test_card_28_unshaded_vijayanagara_influence_up_and_rebel_under_the_tughlaq():
    s0 = start(28, dynasty="tughlaq", spaces={
        "karnataka": {"raja_o": 3}, "tamilakam": {"raja_o": 2, "troop": 1},
        "andhra": {"raja_o": 1, "troop": 1}})
    s = play(s0, "event unshaded")
    assert s["influence"]["vijayanagara"] == 1
    s = play(s, "rebel")
    assert choices(s) == {"karnataka", "tamilakam", "done"}
    s = play(s, "karnataka tamilakam done")
    assert independent(s) == {"karnataka", "tamilakam"}
    assert board(s) == {"karnataka": {"raja_r": 3}, "tamilakam": {"raja_r": 2, "troop": 1},
                        "andhra": {"raja_o": 1, "troop": 1}}
    assert s["control"]["karnataka"] == s["control"]["tamilakam"] == "vijayanagara"
    assert avail_change(s0, s) == {"raja": 2}
    after_event(s)
    check(s)


def test_card_28_unshaded_under_the_khalji_only_the_influence_shift():
    s0 = start(28, dynasty="khalji", spaces={"karnataka": {"raja_o": 3}})
    s = play(s0, "event unshaded")
    assert s["influence"]["vijayanagara"] == 1
    after_event(s)  # no free Rebel was offered (2.7)
    assert board(s) == {"karnataka": {"raja_o": 3}} and independent(s) == set()
    check(s)


def test_card_28_shaded_vijayanagara_influence_down_and_rajas_obey_delhi():
    s0 = start(28, influence={"vijayanagara": 1}, independent=["gujarat", "malwa", "orissa"],
               spaces={"gujarat": {"troop": 3, "raja_r": 2}, "malwa": {"troop": 2, "raja_r": 1},
                       "orissa": {"raja_r": 1, "amir_o": 1}})
    assert s0["control"]["gujarat"] == s0["control"]["malwa"] == "delhi"
    s = play(s0, "event shaded available available")  # refill slot 1 (1.9)
    assert s["influence"]["vijayanagara"] == 0 and s["track"]["vijayanagara"]["1"] == 2
    assert s["resources"] == res(v=9)
    assert choices(s) == {"gujarat", "malwa"}  # not Orissa: no one Controls it
    s = play(s, "gujarat")
    assert board(s) == {"gujarat": {"troop": 3, "raja_o": 2}, "malwa": {"troop": 2, "raja_r": 1},
                        "orissa": {"raja_r": 1, "amir_o": 1}}
    assert avail_change(s0, s) == {"raja": -2}
    after_event(s)
    check(s)


# --- 29 Horses from Hormuz (Bahmani, Vijayanagara, Delhi) ----------------------------------


def test_card_29_unshaded_bahmani_gain_2_cavalry():
    s = play(start(29), "event unshaded")
    assert s["cavalry"] == cav(b=2)
    after_event(s)
    check(s)


def test_card_29_shaded_vijayanagara_gain_2_cavalry_and_bahmani_return_1():
    s = play(start(29, cavalry={"bahmani": 2}), "event shaded")
    assert s["cavalry"] == cav(b=1, v=2)
    after_event(s)
    check(s)


# --- 30 Madhava Holds Goa (Vijayanagara, Bahmani, Delhi) -----------------------------------


def test_card_30_unshaded_vijayanagara_tax_free_and_gain_a_cavalry():
    # Tax: Controlled Prosperity (Karnataka 1) + Temples on the map (2) = 3.
    s0 = start(30, independent=["karnataka"], spaces={
        "karnataka": {"raja_r": 2, "temple": 1}, "tamilakam": {"raja_o": 1, "temple": 1}})
    s = play(s0, "event unshaded")
    assert active(s) == "vijayanagara" and choices(s) == {"tax", "skip"}
    s = play(s, "tax")
    assert s["resources"] == res(v=13)
    assert s["cavalry"] == cav(v=1)
    after_event(s)
    check(s)


def test_card_30_shaded_bahmani_trade_free():
    # Trade: 3 Provinces with Bahmani pieces; Influence 2 brings 2 Cavalry (4.3.1).
    s0 = start(30, influence={"bahmani": 2}, spaces={
        "maharashtra": {"amir_o": 2}, "gujarat": {"fort": 1}, "gondwana": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert active(s) == "bahmani" and choices(s) == {"trade", "skip"}
    s = play(s, "trade")
    assert s["resources"] == res(b=13)
    assert s["cavalry"] == cav(b=2)
    after_event(s)
    check(s)


# --- 31 Sage of Sringeri (Vijayanagara, Bahmani, Delhi) ------------------------------------


def test_card_31_unshaded_vijayanagara_influence_up_and_a_temple_with_a_raja():
    s0 = start(31, spaces={"karnataka": {"raja_o": 1, "temple": 1}, "andhra": {"raja_o": 1},
                           "tamilakam": {"raja_o": 1}, "gujarat": {"amir_o": 1}})
    s = play(s0, "event unshaded")
    assert s["influence"]["vijayanagara"] == 1
    assert active(s) == "vijayanagara"
    assert choices(s) == {"andhra", "tamilakam"}  # Karnataka has its Temple already
    s = play(s, "tamilakam")
    assert board(s) == {"karnataka": {"raja_o": 1, "temple": 1}, "andhra": {"raja_o": 1},
                        "tamilakam": {"raja_o": 1, "temple": 1}, "gujarat": {"amir_o": 1}}
    assert avail_change(s0, s) == {"raja": 2, "temple": -1}
    after_event(s)
    check(s)


def test_card_31_shaded_vijayanagara_influence_down_and_bahmani_conspire_free():
    s0 = start(31, influence={"vijayanagara": 1, "bahmani": 2}, spaces={
        "maharashtra": {"amir_o": 2}, "gujarat": {"governor": 1, "troop": 1},
        "karnataka": {"raja_o": 2}})
    s = play(s0, "event shaded")
    assert active(s) == "vijayanagara"  # refill slot 1 (1.9)
    s = play(s, "available available")
    assert s["influence"]["vijayanagara"] == 0 and s["track"]["vijayanagara"]["1"] == 2
    assert s["resources"] == res(b=11)
    assert active(s) == "bahmani"
    s = play(s, "conspire")
    assert choices(s) == {"gujarat", "karnataka", "done"}
    s = play(s, "gujarat obedient karnataka obedient done")
    assert board(s) == {"maharashtra": {"amir_o": 2}, "gujarat": {"troop": 1, "amir_o": 1},
                        "karnataka": {"raja_o": 1, "amir_o": 1}}
    assert avail_change(s0, s) == {"raja": -2 + 1, "governor": 1, "amir": -2}
    after_event(s)
    check(s)


# --- 32 Death of Firuz Tughlaq (Delhi, Bahmani, Vijayanagara) ------------------------------


def test_card_32_unshaded_two_tributaries_without_delhi_pieces_break_away():
    s0 = start(32, spaces={"karnataka": {"raja_o": 2}, "andhra": {"troop": 1, "raja_o": 1}})
    s = play(s0, "event unshaded")
    assert choices(s) == set(PROVINCES) - {"andhra"}  # Andhra holds a Delhi Troop
    s = play(s, "karnataka tamilakam")
    assert independent(s) == {"karnataka", "tamilakam"}
    assert board(s) == {"karnataka": {"raja_r": 2}, "andhra": {"troop": 1, "raja_o": 1}}
    assert s["control"]["karnataka"] == "vijayanagara" and s["control"]["tamilakam"] is None
    after_event(s)
    check(s)


def test_card_32_shaded_delhi_gain_2_and_demand_obedience_free():
    s0 = start(32, independent=["gujarat", "malwa", "sindh"], spaces={
        "gujarat": {"governor": 1, "troop": 1, "amir_r": 1}, "malwa": {"governor": 1},
        "sindh": {"troop": 1}})
    s = play(s0, "event shaded obedience")
    assert choices(s) == {"gujarat", "malwa", "done"}  # Sindh has no Governor
    s = play(s, "gujarat malwa done")
    assert independent(s) == {"sindh"}
    assert board(s) == {"gujarat": {"governor": 1, "troop": 1, "amir_o": 1},
                        "malwa": {"governor": 1}, "sindh": {"troop": 1}}
    assert s["resources"] == res(d=10 + 2 + 2 + 2)  # +2, then Prosperity 2 + 2
    after_event(s)
    check(s)


# --- 33 Zafar Khan in Gujarat (Delhi, Vijayanagara, Bahmani) -------------------------------


def test_card_33_unshaded_gujarat_breaks_away_and_its_amirs_rebel():
    s0 = start(33, independent=["malwa"],
               spaces={"gujarat": {"amir_o": 2, "troop": 2}, "malwa": {"amir_o": 1, "troop": 1}})
    s = play(s0, "event unshaded")
    assert independent(s) == {"gujarat", "malwa"} and s["control"]["gujarat"] is None
    assert board(s) == {"gujarat": {"amir_r": 2, "troop": 2}, "malwa": {"amir_o": 1, "troop": 1}}
    after_event(s)
    check(s)


def test_card_33_shaded_a_governor_in_gujarat_then_a_free_govern_there():
    s0 = start(33, spaces={"gujarat": {"amir_o": 2}, "malwa": {"governor": 1, "raja_o": 1}})
    s = play(s0, "event shaded")
    assert pieces(s, "gujarat") == {"amir_o": 2, "governor": 1}
    s = play(s, "govern")
    assert choices(s) == {"gujarat", "done"}
    s = play(s, "gujarat amir_o amir_o qasbah done done")
    assert board(s) == {"gujarat": {"governor": 1, "qasbah": 1},
                        "malwa": {"governor": 1, "raja_o": 1}}
    assert avail_change(s0, s) == {"governor": -1, "qasbah": -1, "amir": 2}
    assert s["resources"] == res()
    after_event(s)
    check(s)


# --- 34 Lord of the East (Delhi, Bahmani, Vijayanagara) ------------------------------------


def test_card_34_unshaded_jaunpur_breaks_away_and_loses_two_troops():
    s0 = start(34, spaces={"jaunpur": {"troop": 3}, "delhi": {"troop": 2}})
    s = play(s0, "event unshaded")
    assert independent(s) == {"jaunpur"} and s["control"]["jaunpur"] == "delhi"
    assert board(s) == {"jaunpur": {"troop": 1}, "delhi": {"troop": 2}}
    after_event(s)
    check(s)


def test_card_34_shaded_two_rajas_or_amirs_removed_in_the_east_and_delhi_gain_1():
    s0 = start(34, spaces={"jaunpur": {"amir_o": 1}, "orissa": {"raja_o": 1},
                           "gondwana": {"raja_o": 1, "amir_o": 1}, "maharashtra": {"amir_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"amir_o@jaunpur", "raja_o@orissa", "raja_o@gondwana",
                          "amir_o@gondwana"}
    s = play(s, "amir_o@jaunpur raja_o@orissa")
    assert board(s) == {"gondwana": {"raja_o": 1, "amir_o": 1}, "maharashtra": {"amir_o": 1}}
    assert s["resources"] == res(d=11)
    after_event(s)
    check(s)


# --- 35 Durga Devi Famine (Bahmani, Delhi, Vijayanagara) -----------------------------------


def test_card_35_unshaded_bahmani_lose_2_and_influence_up():
    s0 = start(35, influence={"bahmani": 1})
    s = play(s0, "event unshaded")
    assert s["resources"] == res(b=8)
    assert s["influence"]["bahmani"] == 2 and s["track"]["bahmani"]["2"] == 0
    assert avail_change(s0, s) == {"amir": 2}
    after_event(s)
    check(s)


def test_card_35_shaded_an_amir_and_a_raja_removed():
    s0 = start(35, spaces={"maharashtra": {"amir_o": 2}, "gujarat": {"amir_o": 1},
                           "karnataka": {"raja_o": 2}, "andhra": {"raja_o": 1}})
    s = play(s0, "event shaded")
    assert choices(s) == {"amir_o@maharashtra", "amir_o@gujarat"}
    s = play(s, "amir_o@gujarat")
    assert choices(s) == {"raja_o@karnataka", "raja_o@andhra"}
    s = play(s, "raja_o@karnataka")
    assert board(s) == {"maharashtra": {"amir_o": 2}, "karnataka": {"raja_o": 1},
                        "andhra": {"raja_o": 1}}
    assert avail_change(s0, s) == {"amir": 1, "raja": 1}
    after_event(s)
    check(s)


# --- 36 Firuz Shah Bahmani (Bahmani, Vijayanagara, Delhi) ----------------------------------


def test_card_36_unshaded_bahmani_migrate_free_then_gain_1():
    s0 = start(36, resources={"bahmani": 0},
               spaces={"maharashtra": {"amir_o": 3}, "andhra": {"amir_o": 1}})
    s = play(s0, "event unshaded migrate gujarat maharashtra 2 done")
    s = play(s, "karnataka andhra 1 done done")
    assert board(s) == {"maharashtra": {"amir_o": 1}, "gujarat": {"amir_o": 2},
                        "karnataka": {"amir_o": 1}}
    assert s["resources"] == res(b=1)  # the Migrate was free
    after_event(s)
    check(s)


def test_card_36_shaded_two_amirs_obey_delhi_and_bahmani_ineligible():
    s0 = start(36, eligible={"bahmani": False},
               independent=["gujarat", "malwa", "maharashtra", "orissa"],
               spaces={"gujarat": {"troop": 3, "amir_r": 2}, "malwa": {"troop": 2, "amir_r": 1},
                       "maharashtra": {"amir_r": 2}, "orissa": {"amir_r": 1, "raja_o": 1}})
    assert active(s0) == "vijayanagara"
    s = play(s0, "event shaded")
    # Maharashtra is Bahmani-Controlled, Orissa Controlled by no one.
    assert choices(s) == {"amir_r@gujarat", "amir_r@malwa"}
    s = play(s, "amir_r@gujarat amir_r@malwa")
    assert board(s) == {"gujarat": {"troop": 3, "amir_o": 1, "amir_r": 1},
                        "malwa": {"troop": 2, "amir_o": 1}, "maharashtra": {"amir_r": 2},
                        "orissa": {"amir_r": 1, "raja_o": 1}}
    after_event(s)
    s = end_card(s)  # Delhi pass
    assert s["eligible"] == {"delhi": True, "bahmani": False, "vijayanagara": False}
    check(s)
