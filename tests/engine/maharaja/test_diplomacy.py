"""Submission and alliance, each test citing the rule remarks' Submission and Alliance."""

from __future__ import annotations

from engine.games.maharaja import diplomacy, scoring
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position, tokens


def _eligible(armies: dict, nation: str, turn: int = 12) -> list[str]:
    return diplomacy.submit_where(position(armies, turn=turn), nation)


def test_submission_only_allowed_if_listed():
    assert _eligible({"lanka": {"sinhalese": 1}}, "sinhalese") == ["ceylon"]
    assert _eligible({"lanka": {"sinhalese": 1}, "simhala": {"sinhalese": 1}},
                     "sinhalese") == []
    assert _eligible({"lahore": {"sikhs": 1}}, "sikhs") == ["north"]
    assert _eligible({"delhi": {"rajputs": 1}, "agra": {"rajputs": 1}}, "rajputs") == ["north"]
    assert _eligible({a: {"rajputs": 1} for a in ("delhi", "agra", "oudh")}, "rajputs") == []
    for nation in ("pandyas", "marathas", "muslims"):
        assert _eligible({"berar": {nation: 1}, "bidar": {nation: 1}}, nation) == ["south"]
    for nation in ("cholas", "guptas", "greeks", "british"):
        assert _eligible({"berar": {nation: 1}}, nation) == []


def test_submission_mughals_from_turn_11_north_and_south_considered_separately():
    mughals = {"delhi": {"mughals": 1}, "agra": {"mughals": 1}, "oudh": {"mughals": 1},
               "berar": {"mughals": 1}}
    assert _eligible(mughals, "mughals", turn=10) == []
    assert _eligible(mughals, "mughals") == ["south"]  # 3 in the north, 1 in the south
    del mughals["oudh"]
    assert _eligible(mughals, "mughals") == ["north", "south"]


def test_submission_attacker_must_accept_and_retreat_at_once():
    s = position({"punjab": {"mughals": 3}, "delhi": {"mughals": 1}, "lahore": {
        "rajputs": 1}})
    s = do(s, "punjab", "lahore", "3", "done")
    assert tokens(s) == {"fight", "submit-rajputs"}
    s = do(s, "submit-rajputs")
    assert f.count(s, "punjab", "mughals") == 3 and f.count(s, "lahore", "rajputs") == 1
    assert s["submitted"]["rajputs"]["to"] == "mughals" and not s["battle"]


def test_submission_at_any_time_during_movement():
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}})
    assert R.active(s) == ["green"]
    assert R.view(s, "red")["actions"] == {"submit": ["rajputs"]}
    s = R.act(s, "red", "submit", "rajputs")
    assert "lahore" not in tokens(do(s, "punjab"))  # no entering a submitter's area


def test_submission_during_major_invasion_may_move_through_submitters_area():
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}}, rounds=2,
                 submitted={"rajputs": {"to": "mughals", "where": ["north"], "turn": 12}})
    dests = tokens(do(s, "punjab"))
    assert "lahore" not in dests and "kashmir" in dests  # through Lahore, not into it


def test_submission_blocking_an_invasion_entirely_is_ignored_general_30_2():
    """General 30-2 (the errata's question box): an invasion from a foreign area that
    submissions shut out of India may move on to a neighbouring foreign area, and if every
    way in is still shut, attack a nation that submitted to it."""
    doors = ("kashmir", "baluchistan", "gandhara", "punjab", "ladakh")
    shut = {"central-asia": {"mughals": 3}} | {a: {"rajputs": 1} for a in doors}
    s = position(shut, turn=11, submitted={
        "rajputs": {"to": "mughals", "where": ["north", "himalaya"], "turn": 11}})
    dests = tokens(do(s, "central-asia"))
    assert set(doors) & dests  # the submission no longer stops them
    s = do(s, "central-asia", "kashmir", "2", "done")
    assert "With no other way into India, the Mughals ignore the submission of the Rajputs." \
        in s["log"]
    assert "Battle in Kashmir: the Mughals (2) against the Rajputs (1 army)." in s["log"]
    # one way in left open: the invasion must take it, and the submitters stay shut
    s = position(shut | {"gandhara": {}}, turn=11, submitted={
        "rajputs": {"to": "mughals", "where": ["north", "himalaya"], "turn": 11}})
    dests = tokens(do(s, "central-asia"))
    assert "gandhara" in dests and not {"kashmir", "punjab", "ladakh"} & dests


def test_submission_lasts_one_turn_and_no_restriction_for_the_submitter():
    s = position({"lahore": {"rajputs": 1}}, nation="rajputs", submitted={
        "rajputs": {"to": "mughals", "where": ["north"], "turn": 12}})
    assert tokens(do(s, "lahore"))  # the submitter moves as it likes
    s["turn"] = 13
    from engine.games.maharaja import turns
    turns.start_game_turn(s)
    assert s["submitted"] == {}


def test_submission_counts_submitted_area_towards_raj():
    s = position({a: {"mughals": 1} for a in ("delhi", "agra", "oudh", "malwa", "punjab",
                                               "sind", "gujarat", "jaunpur")}
                 | {"lahore": {"rajputs": 1}})
    assert scoring.raj_areas(s)["mughals"] == 8
    s["submitted"] = {"rajputs": {"to": "mughals", "where": ["north"], "turn": 12}}
    assert scoring.raj_areas(s)["mughals"] == 9
    assert scoring.title(9)["title"] == "Raja"


def test_alliance_declare_at_any_time_and_lose_an_army_or_the_population_marker():
    s = position({"delhi": {"mughals": 2}, "bengal": {"british": 1}, "lahore": {
        "rajputs": 2}}, nation="mughals")
    s = R.act(s, "red", "ally", "rajputs") if "ally" in R.view(s, "red")["actions"] else s
    # The Rajputs and the British are both Red's: no alliance between one player's nations.
    assert "rajputs" not in s["allies"]
    s = R.act(s, "green", "ally", "mughals")
    assert R.active(s) == ["green"] and tokens(s) == {"delhi", "marker"}
    s = do(s, "marker")
    assert s["allies"] == ["mughals"] and "mughals" in s["no_pop"]
    assert s["alliance_box"] == {"mughals": "marker"}


def test_alliance_no_battle_among_allies_and_british_move_through_allied_areas():
    s = position({"bengal": {"british": 2}, "bihar": {"mughals": 1}}, nation="british",
                 turn=14, allies=["mughals"])
    dests = tokens(do(s, "bengal"))
    assert "bihar" not in dests and {"jaunpur", "nepal"} <= dests
    assert not f.hostile(s, "british", "mughals")


def test_alliance_submission_to_british_causes_alliance():
    s = position({"bengal": {"british": 3}, "bihar": {"rajputs": 1}}, nation="british",
                 turn=14)
    s["control"]["british"] = "green"  # a British player other than the Rajputs'
    s = do(s, "bengal", "bihar", "3")
    assert "ally-rajputs" in tokens(s)
    s = do(s, "ally-rajputs", "bihar")
    assert s["allies"] == ["rajputs"] and f.count(s, "bengal", "british") == 3
    assert s["alliance_box"] == {"rajputs": "army"} and f.on_map(s, "rajputs") == 0
