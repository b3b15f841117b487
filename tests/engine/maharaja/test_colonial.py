"""Factories, arms, Raj and the victory count, each test citing the rule remarks'
Factories, Arms and Raj (and the errata on coasts)."""

from __future__ import annotations

from engine.games.maharaja import colonial, phases, scoring
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position, tokens


def test_factories_only_in_listed_coastal_areas():
    s = position({a: {"british": 1} for a in ("bengal", "assam", "orissa")},
                 nation="british", turn=14)
    assert set(colonial.factory_sites(s, "british")) == {"bengal", "orissa"}  # not Assam


def test_factories_build_up_to_2_and_remove_1_in_factory_phase():
    s = position({a: {"british": 1} for a in ("bengal", "orissa", "andhra")},
                 nation="british", turn=14, phase="factory",
                 factories={"sind": "british"})
    phases.advance(s)
    s = do(s, "factory-bengal", "factory-orissa")
    assert "factory" not in R.view(s, "red")["actions"]
    s = do(s, "demolish-sind")
    assert "demolish" not in R.view(s, "red")["actions"]
    assert s["factories"] == {"bengal": "british", "orissa": "british"}


def test_factory_area_of_a_friendly_nation_touching_a_colonial_sea_area():
    s = position({"bay": {"british": 1}, "bengal": {"rajputs": 1}, "orissa": {
        "mughals": 1}, "gujarat": {"muslims": 1}}, nation="british", turn=14)
    sites = colonial.factory_sites(s, "british")
    assert sites["bengal"] is None  # the Rajputs are Red's, as the British are
    assert sites["orissa"] == "mughals"  # another player's: their permission
    assert "gujarat" not in sites  # the Arabian Sea holds no British army


def test_factory_permission_by_diplomacy():
    s = position({"bay": {"british": 1}, "orissa": {"mughals": 1}}, nation="british",
                 turn=14, phase="factory")
    phases.advance(s)
    s = do(s, "factory-orissa")
    # (the Mughals may ally with the British at any time, so while asked too)
    assert R.active(s) == ["green"] and tokens(s) - {"ally-mughals"} == {"permit", "refuse"}
    assert do(s, "permit")["factories"] == {"orissa": "british"}
    refused = do(s, "refuse")
    assert refused["factories"] == {} and "factory-orissa" not in tokens(refused)


def test_factory_may_coexist_and_is_destroyed_after_the_armies():
    s = position({"punjab": {"mughals": 3}, "sind": {"british": 1}}, nation="mughals",
                 factories={"sind": "british"})
    for seed in range(60):
        s["rng"] = seed
        t = do(s, "punjab", "sind", "3", "fight")
        if "sind" not in t["factories"]:
            break
    assert not f.count(t, "sind", "british")  # the army fell first


def test_arms_condition_shares_area_with_factory_and_a_colonial_army_on_land():
    s = position({"bengal": {"rajputs": 1}, "bay": {"british": 1}}, nation="british",
                 turn=14, factories={"bengal": "british"})
    assert colonial.arms_targets(s, "british") == []  # no British army on land
    f.add(s, "orissa", "british", 1)
    assert colonial.arms_targets(s, "british") == ["rajputs"]


def test_arms_enter_play_in_population_phase():
    s = position({"bengal": {"rajputs": 1}, "orissa": {"british": 1}}, nation="british",
                 turn=14, phase="arms", factories={"bengal": "british"})
    phases.advance(s)
    s = do(s, "arm-rajputs")
    assert s["arms"]["british"] == {"nation": "rajputs", "active": False}
    from engine.games.maharaja import turns
    turns.start_nation(s, "rajputs")
    assert s["arms"]["british"]["active"]


def test_raj_titles_at_9_18_27_36_areas():
    assert [scoring.title(n)["vp"] if scoring.title(n) else 0
            for n in (8, 9, 18, 27, 36)] == [0, 1, 2, 3, 4]
    assert scoring.title(27)["title"] == "Maharajadhiraja"


def test_raj_british_count_army_factory_allied_and_vacant_areas():
    s = position({"bengal": {"british": 1}, "bihar": {"marathas": 1}, "delhi": {
        "rajputs": 1}}, nation="british", turn=14, allies=["marathas"],
        factories={"orissa": "british"})
    # 36 areas less Delhi (the Rajputs'); Bengal, Orissa, allied Bihar and the vacant rest.
    assert scoring.raj_areas(s)["british"] == 35


def test_raj_count_conflict_for_area_neither_may_count():
    s = position({"bihar": {"mughals": 1}, "andhra": {"british": 1}}, nation="british", turn=14,
                 allies=["mughals"], factories={"orissa": "british"})
    got = scoring.raj_areas(s)  # Bihar: the Mughals' and an ally's of the British
    assert got["mughals"] == 0 and got["british"] == 35


def test_raj_only_a_muslim_mughal_or_gupta_army_stops_a_british_factory():
    """The errata (13.0): only a non-allied Muslim, Mughal or Gupta army beside a British
    factory stops the British counting it; and Raj: a conflict for an area, neither may
    count it (issue 24: the Mughals counted it)."""
    s = position({"bengal": {"mughals": 1}, "orissa": {"rajputs": 1}, "andhra": {
        "british": 1}}, nation="british", turn=14,
        factories={"bengal": "british", "orissa": "british"})
    got = scoring.raj_areas(s)
    assert got["mughals"] == 0  # Bengal: contested, neither's
    assert got["british"] == 36 - 1  # Orissa counts despite the Rajputs, Bengal does not


def test_raj_a_contested_area_counts_for_neither_nation():
    """Raj: count conflict for an area, neither may count it. Gujarat holding a British
    factory and a Mughal army leaves the Mughals 8 areas: no title, no point."""
    areas = ("delhi", "agra", "oudh", "malwa", "punjab", "sind", "gujarat", "jaunpur",
             "lahore")
    s = position({a: {"mughals": 1} for a in areas}, factories={"gujarat": "british"},
                 phase="score")
    assert scoring.raj_areas(s)["mughals"] == 8
    phases.advance(s)
    assert s["titles"]["mughals"] is None
    assert not any("**Raja**" in line for line in s["log"])  # no title, no Raj point


def test_coasts_malabar_and_golconda_count_for_one_of_their_seas():
    s = position({}, factories={"malabar": "dutch", "golconda": "dutch"})
    assert scoring.coasts(s, "dutch") == 2  # e.g. Arabian Sea and Bay of Bengal, not 4
    s = position({}, factories={"malabar": "dutch", "kerala": "dutch"})
    assert scoring.coasts(s, "dutch") == 2  # Kerala the Indian Ocean, Malabar the Arabian


def test_victory_point_count_on_the_cards_turns():
    s = position({"lanka": {"sinhalese": 1}, "simhala": {"sinhalese": 1}},
                 nation="sinhalese", turn=12, phase="score")
    phases.advance(s)
    assert s["nation_vp"]["sinhalese"] == 4 and s["vp"]["yellow"] == 4
