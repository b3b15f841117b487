"""Movement and stacking, each test citing the rule remarks' Movement and Stacking."""

from __future__ import annotations

from engine.games.maharaja import data, phases
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position, reach, tokens


def test_movement_2_areas():
    s = position({"delhi": {"mughals": 1}})
    dests = reach(s, "delhi")
    assert {"agra", "oudh", "malwa", "jaunpur", "bundelkhand"} <= dests
    assert "bihar" not in dests  # three areas away


def test_movement_stop_in_hiland():
    s = position({"lahore": {"mughals": 1}})
    dests = reach(s, "lahore")
    assert "ladakh" in dests and "nepal" not in dests  # Ladakh is a hiland: they stop


def test_movement_colonial_armies_3_areas():
    s = position({"bengal": {"british": 1}}, nation="british", turn=14)
    dests = reach(s, "bengal")
    assert "jaunpur" in dests  # Bengal, Bihar, Jaunpur... three areas
    assert {"bay", "ocean"} <= dests  # and they may stop at sea


def test_movement_group_with_leader_3_areas_and_no_stop_in_hiland():
    s = position({"lahore": {"mughals": 2}}, leaders={"akbar": "lahore"})
    s = do(s, "lahore")
    assert "nepal" in tokens(s)  # through Ladakh, a hiland, with Akbar
    s = do(s, "nepal")
    assert tokens(s) == {"1l", "2l", "back"}  # only with the leader


def test_movement_no_direct_malwa_gondwana():
    assert "gondwana" not in data.NEIGHBOURS["malwa"]
    # With Bundelkhand held by a foe, Gondwana is three moves away (Khandesh, Berar).
    s = position({"malwa": {"mughals": 1}, "bundelkhand": {"rajputs": 1}})
    assert "gondwana" not in reach(s, "malwa")


def test_movement_karnatak_lanka_in_one_turn():
    s = position({"karnatak": {"mughals": 1}})
    assert {"lanka", "simhala"} <= reach(s, "karnatak")


def test_movement_2_to_1_stop_in_enemy_area_additional_may_continue():
    # Punjab to Malwa only through Rajputana, held by one Rajput army.
    s = position({"punjab": {"mughals": 3}, "rajputana": {"rajputs": 1}})
    assert "malwa" not in reach(s, "punjab")
    s = do(s, "punjab", "rajputana", "2")  # 2 to 1: they stop, and the third may pass
    assert "malwa" in reach(s, "punjab")


def test_movement_boats_through_one_sea_area():
    s = position({"kerala": {"marathas": 1}}, nation="marathas", turn=14)
    assert "simhala" in reach(s, "kerala")  # Kerala, the Indian Ocean, Simhala
    assert "ocean" not in reach(s, "kerala")  # but an Indian army never stops at sea
    no_boats = position({"kerala": {"marathas": 1}}, nation="marathas", turn=10)
    assert "simhala" not in reach(no_boats, "kerala")  # by land: three areas


def test_movement_boats_may_attack_colonial_armies_at_sea():
    s = position({"kerala": {"marathas": 2}, "ocean": {"british": 1}}, nation="marathas",
                 turn=14)
    assert "ocean" in reach(s, "kerala")


def test_movement_permission_to_pass_a_sea_of_colonial_armies():
    """Passing the Indian Ocean where another player's British are: that player is asked."""
    s = position({"kerala": {"marathas": 1}, "ocean": {"british": 1}}, nation="marathas",
                 turn=14)
    s = do(s, "kerala", "simhala", "1")
    assert R.active(s) == ["red"] and tokens(s) == {"permit", "refuse"}
    refused = do(s, "refuse")
    assert f.count(refused, "kerala", "marathas") == 1 and R.active(refused) == ["blue"]
    assert "simhala" not in reach(refused, "kerala")  # not asked twice in a phase
    allowed = do(s, "permit")
    assert f.count(allowed, "simhala", "marathas") == 1


def test_movement_major_invasion_moves_and_fights_twice():
    s = position({}, nation="muslims", turn=10, phase="invasion")
    phases.advance(s)
    assert s["rounds"] == 2 and f.count(s, "afghanistan", "muslims") == 8
    s = do(s, "afghanistan", "punjab", "3", "done")
    assert s["phase"] == "movement" and s["round"] == 2  # a second movement
    assert "punjab" in tokens(s)


def test_stacking_3_armies_2_in_hiland():
    s = position({"delhi": {"mughals": 3}, "agra": {"mughals": 3}, "punjab": {"mughals": 3}})
    assert "agra" not in reach(s, "delhi")  # Agra holds 3 already
    s = position({"punjab": {"mughals": 3}})
    s = do(s, "punjab", "gandhara")
    assert tokens(s) == {"1", "2", "back"}  # a hiland holds 2


def test_stacking_one_unlimited_leader_group_or_4_in_hiland():
    s = position({"punjab": {"mughals": 6}, "lahore": {"mughals": 2}},
                 leaders={"akbar": "lahore"})
    assert "6" in tokens(do(s, "punjab", "lahore"))  # Akbar's group: no limit
    s = position({"punjab": {"mughals": 6}}, leaders={"akbar": "punjab"})
    assert tokens(do(s, "punjab", "gandhara")) >= {"4l"} and "5l" not in tokens(
        do(s, "punjab", "gandhara"))


def test_stacking_checked_at_end_of_movement_phase():
    s = position({"maharashtra": {"marathas": 6}}, nation="marathas", turn=6)
    s = do(s, "done")
    assert f.count(s, "maharashtra", "marathas") == 2  # a hiland: 4 removed
    assert any("stacking limit" in line for line in s["log"])


def test_arrivals_where_a_friendly_nation_stands_move_on_or_are_removed():
    """Darbar's reading: one player's nations never share an area. The Sikhs arrive in
    Lahore (R: 4 Sikhs in Lahore in turn 13); with the same player's Rajputs there, they
    move on in their movement, and those that stay are removed at its end."""
    s = position({"lahore": {"rajputs": 1, "sikhs": 3}, "punjab": {"mughals": 1}},
                 nation="sikhs", turn=13)
    assert s["control"]["rajputs"] == s["control"]["sikhs"]  # Red's, 4 players
    assert "lahore" in tokens(s)  # they may move on
    s = do(s, "lahore", "kashmir", "2", "done")
    assert f.count(s, "kashmir", "sikhs") == 2 and f.count(s, "lahore", "sikhs") == 0
    assert f.count(s, "lahore", "rajputs") == 1
    assert any("may not stay in Lahore" in line for line in s["log"])


def test_movement_permission_from_every_colonial_nation_in_the_sea():
    """Movement: a boat-building Indian nation passes a sea only with the permission of
    the colonial nations in that sea, so each of their players is asked (in the nations'
    fixed order: the French before the Dutch) and any refusal refuses (issue 24)."""
    s = position({"gujarat": {"marathas": 1}, "arabian": {"french": 1, "dutch": 1}},
                 nation="marathas", turn=14)
    s = do(s, "gujarat", "malabar", "1")
    assert R.active(s) == ["green"] and {"permit", "refuse"} <= tokens(s)  # the French
    assert "The Marathas ask Green for passage through the Arabian Sea." in s["log"]
    refused = do(s, "refuse")  # the French refuse: the Dutch are not asked
    assert R.active(refused) == ["blue"] and f.count(refused, "gujarat", "marathas") == 1
    s = do(s, "permit")
    assert R.active(s) == ["yellow"] and f.count(s, "gujarat", "marathas") == 1  # the Dutch
    assert "The Marathas ask Yellow for passage through the Arabian Sea." in s["log"]
    refused = do(s, "refuse")
    assert f.count(refused, "gujarat", "marathas") == 1 and R.active(refused) == ["blue"]
    assert "Yellow refuses the Marathas passage through the Arabian Sea." in refused["log"]
    allowed = do(s, "permit")
    assert f.count(allowed, "malabar", "marathas") == 1


def test_a_passage_asked_is_the_move_of_each_player_asked():
    """engine.games.random_move ends a move when the decision passes to another role: with
    two players asked in turn, each answer is a move of its own."""
    import random

    from engine import games
    s = do(position({"gujarat": {"marathas": 1}, "arabian": {"french": 1, "dutch": 1}},
                    nation="marathas", turn=14), "gujarat", "malabar", "1")
    answers = set()
    for seed in range(8):
        steps, after = games.random_move(R, s, random.Random(seed))
        answers.add(steps[0][0])
        if steps == [("permit", None)]:  # Green for the French: now Yellow for the Dutch
            assert R.active(after) == ["yellow"] and after["ask"]["of"] == ["dutch"]
            assert f.count(after, "gujarat", "marathas") == 1
            steps, last = games.random_move(R, after, random.Random(seed))
            assert len(steps) == 1 and not last["ask"]
        else:
            assert steps == [("refuse", None)] and R.active(after) == ["blue"]
    assert answers == {"permit", "refuse"}
