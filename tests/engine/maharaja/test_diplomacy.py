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


DOORS = ("kashmir", "baluchistan", "gandhara", "punjab", "ladakh")
SUBMITTED = {"rajputs": {"to": "mughals", "where": ["north", "himalaya"], "turn": 11}}


def _shut_out(doors: tuple[str, ...] = DOORS, old: bool = False, **kw) -> dict:
    """Three Mughals in Central Asia, the Rajputs (submitted to them) in ``doors``."""
    s = position({"central-asia": {"mughals": 3}} | {a: {"rajputs": 1} for a in doors},
                 turn=11, submitted=SUBMITTED, **kw)
    if old:
        del s["revision"]  # a game stored before issue 24
    return s


def test_general_30_2_a_shut_out_invasion_moves_on_as_one_force_for_free():
    """The General 30-2: an invasion whose way from its foreign area is blocked by
    submissions moves into an adjacent foreign area and then invades; the move is free,
    and the force does not divide between foreign areas (issue 24). From Central Asia
    every way in within 2 areas is shut; from China, Tibet and Nepal are open."""
    s = do(_shut_out(), "central-asia")
    assert tokens(s) == {"china", "back"}  # no attack on a submitter, no other area
    assert tokens(do(s, "china")) == {"3", "back"}  # the whole force, not 1 or 2
    s = do(s, "china", "3")
    assert "Shut out of India by submissions, 3 armies of the Mughals move on from " \
        "Central Asia to China (a free move)." in s["log"]
    s = do(s, "china")
    assert "nepal" in tokens(s)  # China, Tibet, Nepal: the free move cost nothing
    s = do(s, "nepal", "2")
    assert f.count(s, "nepal", "mughals") == 2 and f.count(s, "china", "mughals") == 1


def test_general_30_2_still_shut_out_the_invader_attacks_a_submitter():
    """The General 30-2: if every way in is still blocked by submitting nations, the
    invader attacks one of them, the submission ignored."""
    s = _shut_out(DOORS + ("nepal", "assam"))
    dests = tokens(do(s, "central-asia"))
    assert set(DOORS) & dests
    s = do(s, "central-asia", "kashmir", "2", "done")
    assert "With no other way into India, the Mughals ignore the submission of the Rajputs." \
        in s["log"]
    assert "Battle in Kashmir: the Mughals (2) against the Rajputs (1 army)." in s["log"]


def test_submission_blocking_an_invasion_entirely_is_ignored_general_30_2():
    """General 30-2 as a game stored before issue 24 plays it: an invasion shut out of
    India moves on off the map within its own move, or attacks a nation that submitted to
    it."""
    doors = DOORS
    shut = {"central-asia": {"mughals": 3}} | {a: {"rajputs": 1} for a in doors}
    s = _shut_out(old=True)
    dests = tokens(do(s, "central-asia"))
    assert set(doors) & dests  # the submission no longer stops them
    s = do(s, "central-asia", "kashmir", "2", "done")
    assert "With no other way into India, the Mughals ignore the submission of the Rajputs." \
        in s["log"]
    assert "Battle in Kashmir: the Mughals (2) against the Rajputs (1 army)." in s["log"]
    # one way in left open: the invasion must take it, and the submitters stay shut
    s = position(shut | {"gandhara": {}}, turn=11, submitted=SUBMITTED)
    del s["revision"]
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


def test_alliance_declare_at_any_time_even_in_the_nations_own_population_phase():
    """Alliance: declared at any time, so also while the player places the nation's new
    armies (issue 24: it was offered only in the movement phase)."""
    s = position({"bijapur": {"marathas": 2}, "bengal": {"british": 1}},
                 nation="marathas", turn=14, phase="population")
    s["queue"] = [{"do": "place", "nation": "marathas", "n": 1, "placed": [],
                   "where": "own"}]
    assert R.active(s) == ["blue"] and "ally-marathas" in tokens(s)
    s = do(s, "ally-marathas")
    assert s["allies"] == ["marathas"] and tokens(s) == {"bijapur", "marker"}
    s = do(s, "marker", "bijapur")
    assert s["alliance_box"] == {"marathas": "marker"}
    assert f.count(s, "bijapur", "marathas") == 3  # the new army, placed after


def test_submission_at_any_time_during_movement_also_for_a_player_asked():
    """Submission: at any time during the other nation's movement or battle, so also by
    a player the game is asking something else (here Yellow, asked for a passage)."""
    s = position({"gujarat": {"marathas": 1}, "arabian": {"dutch": 1},
                  "lanka": {"sinhalese": 1}}, nation="marathas", turn=14)
    s = do(s, "gujarat", "malabar", "1")
    assert R.active(s) == ["yellow"] and {"permit", "submit-sinhalese"} <= tokens(s)
    s = do(s, "submit-sinhalese", "permit")
    assert s["submitted"]["sinhalese"]["to"] == "marathas"
    assert f.count(s, "malabar", "marathas") == 1


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
