"""Battle, each test citing the rule remarks' Battle."""

from __future__ import annotations

import re

from engine import games
from engine.games.maharaja import battle as bt
from engine.games.maharaja import forces as f
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position, tokens


def test_battle_indian_armies_eliminated_on_5_or_6():
    assert bt.hits([4, 5, 6], 0, "delhi", ["army"] * 3, "rajputs", True) == 2


def test_battle_colonial_armies_on_6_and_colonial_armies_add_1():
    assert bt.hits([5, 6], 0, "bengal", ["army"] * 2, "british", True) == 1
    s = position({"bengal": {"british": 1, "mughals": 1}}, nation="british", turn=14)
    assert bt.modifier(s, "british", "bengal") == 1
    assert bt.hits([4], 1, "bengal", ["army"], "mughals", True) == 1  # 4 + 1 hits an Indian


def test_battle_defending_army_or_factory_in_hiland_on_6():
    assert bt.hits([5], 0, "kashmir", ["army"], "rajputs", True) == 0
    assert bt.hits([5], 0, "kashmir", ["army"], "rajputs", False) == 1  # an attacker there
    assert bt.hits([5], 0, "maharashtra", ["factory"], "british", True) == 0


def test_battle_colonial_factories_on_5_or_6_after_the_armies():
    units = bt.units(position({"bengal": {"british": 1}}, factories={"bengal": "british"}),
                     "bengal", "british", True)
    assert units == ["army", "factory"]
    assert bt.hits([6, 5], 0, "bengal", units, "british", True) == 2  # 6 the army, 5 the factory
    assert bt.hits([5, 6], 0, "bengal", units, "british", True) == 1  # a 5 misses the army


def test_battle_add_1_if_own_leader_present_and_arms_act_as_a_leader():
    s = position({"delhi": {"mughals": 2}}, leaders={"akbar": "delhi"})
    assert bt.modifier(s, "mughals", "delhi") == 1
    s["arms"] = {"british": {"nation": "mughals", "active": True}}
    assert bt.modifier(s, "mughals", "delhi") == 2  # together with a leader: +2
    s["leaders"] = {}
    assert bt.modifier(s, "mughals", "delhi") == 1


def _attack(armies: dict, *, dest: str, origin: str, n: str, **kw) -> dict:
    """The whole of the mover's armies attack: the movement ends by itself."""
    s = position(armies, **kw)
    return do(s, origin, dest, n)


def test_battle_each_army_rolls_a_die_and_the_dice_are_posted():
    s = _attack({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}}, origin="punjab",
                dest="lahore", n="3")
    assert R.active(s) == ["red"] and tokens(s) == {"fight", "submit-rajputs"}
    s = do(s, "fight")
    d = s["dice"]
    assert len(d["att_dice"]) == 3 and len(d["def_dice"]) == 1
    assert any(line.startswith("Round 1 in Lahore") for line in s["log"])


def test_battle_fight_against_hostile_factory_optional():
    s = _attack({"punjab": {"mughals": 2}}, origin="punjab", dest="sind", n="2",
                factories={"sind": "british"})
    assert R.active(s) == ["green"] and tokens(s) == {"fight", "skip"}
    s = do(s, "skip")
    assert s["factories"] == {"sind": "british"} and not s["battle"]


def test_battle_indian_nation_with_boats_attacks_colonial_armies_at_sea_then_retreats():
    s = position({"kerala": {"marathas": 3}, "ocean": {"british": 1}}, nation="marathas",
                 turn=14)
    s = do(s, "kerala", "ocean", "3")
    assert not f.count(s, "ocean", "marathas")  # back home after one round
    assert f.count(s, "kerala", "marathas") == 3 - s["dice"]["def_hits"]


def test_battle_partial_retreat_and_attacker_back_where_he_came_from():
    for seed in range(40):
        s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 3}}, rng=seed)
        s = do(s, "punjab", "lahore", "3", "fight")
        b = s["battle"]
        if b and b["stage"] == "att" and f.count(s, "lahore", "mughals") >= 2:
            break
    assert b and b["stage"] == "att"
    assert {"fight", "retreat-punjab"} <= tokens(s)  # only back to Punjab
    before = f.count(s, "lahore", "mughals")
    s = do(s, "retreat-punjab", "1")
    assert f.count(s, "lahore", "mughals") == before - 1  # the rest fight on
    assert f.count(s, "punjab", "mughals") == 1


def test_battle_defender_retreats_to_own_or_vacant_area_not_next_to_the_attackers():
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 2}, "delhi": {
        "rajputs": 1}, "kashmir": {"muslims": 1}})
    s["came"] = {"lahore": {"punjab": 3}}
    ways = bt.defender_retreats(s, "lahore", "rajputs", "mughals")
    # Delhi is their own; Gandhara and Rajputana are next to Punjab; Kashmir is a foe's;
    # Ladakh is vacant and not next to Punjab; Punjab is where the attack came from.
    assert ways == ["delhi", "ladakh"]


def test_a_factory_left_alone_cannot_fall_back():
    """R: factories are destroyed after the armies; a factory cannot move, so a defender
    whose armies are gone is offered no retreat (the attacker may fight on or break off)."""
    s = position({"gujarat": {"rajputs": 3, "portuguese": 1}, "sind": {"portuguese": 1}},
                 nation="rajputs", turn=12, phase="battle", factories={"gujarat": "portuguese"},
                 came={"gujarat": {"rajputana": 3}})
    s["battle"] = {"place": "gujarat", "att": "rajputs", "def": "portuguese",
                   "factory": True, "stage": "def", "rounds": 1, "at_sea": False}
    f.add(s, "gujarat", "portuguese", -1)
    s["pool"]["portuguese"] += 1
    acts = R.view(s, s["control"]["portuguese"])["actions"]
    assert "retreat" not in acts and "fight" in acts


def test_battle_attacker_may_break_off_against_a_factory_and_coexist():
    """Errata: attacking a factory, the attacker may break off after a roll and stay in
    the area beside it."""
    s = _attack({"punjab": {"mughals": 2}}, origin="punjab", dest="sind", n="2",
                factories={"sind": "british"})
    s = do(games.redealt(R, s, 3), "fight")  # dice 4 and 4: the factory stands
    assert s["factories"] == {"sind": "british"}, s["dice"]
    assert R.active(s) == ["green"] and "break" in tokens(s)
    left = f.count(s, "sind", "mughals")  # the factory's own die may have hit one
    s = do(s, "break")
    assert not s["battle"] and s["factories"]["sind"] == "british"
    assert f.count(s, "sind", "mughals") == left  # they stay, beside the factory


def test_battle_only_colonial_armies_retreat_to_sea():
    """Errata: only colonial nations may retreat to sea."""
    s = position({"sind": {"rajputs": 2, "portuguese": 2}, "rajputana": {"rajputs": 1}},
                 nation="rajputs", turn=12)
    s["came"] = {"sind": {"rajputana": 2}}
    assert "arabian" not in bt.attacker_retreats(s, "sind", "rajputs")
    assert "arabian" in bt.defender_retreats(s, "sind", "portuguese", "rajputs")
    s = position({"sind": {"mughals": 2, "rajputs": 1}}, turn=12)
    s["came"] = {"sind": {"punjab": 2}}
    assert "arabian" not in bt.defender_retreats(s, "sind", "rajputs", "mughals")


def test_boats_whose_home_was_taken_meanwhile_are_lost_at_sea():
    """R: boats attack colonial armies at sea and then retreat; errata: only colonial
    armies may retreat to sea. Darbar's reading: if another nation has taken the area they
    sailed from (a defender falling back there in an earlier battle), they are lost."""
    s = position({"ocean": {"marathas": 2, "british": 1}, "kerala": {"sinhalese": 1}},
                 nation="marathas", turn=14, phase="battle", came={"ocean": {"kerala": 2}})
    s["battle"] = {"place": "ocean", "att": "marathas", "def": "british", "factory": False,
                   "stage": "open", "rounds": 0, "at_sea": True}
    s = do(s, "fight", role=s["control"]["british"])
    assert not f.count(s, "ocean", "marathas") and not f.count(s, "kerala", "marathas")
    assert f.count(s, "kerala", "sinhalese") == 1
    # one British die can take at most one of the two: the other has nowhere to land
    assert any(re.search(r"\d arm(y|ies) of the Marathas (has|have) nowhere to land and "
                         r"(is|are) lost", line) for line in s["log"])


def test_the_log_says_one_army_moves_and_two_armies_move():
    s = position({"punjab": {"mughals": 3}})
    s = do(s, "punjab", "lahore", "1", "punjab", "delhi", "2")
    assert "1 army of the Mughals moves from Punjab to Lahore." in s["log"]
    assert "2 armies of the Mughals move from Punjab to Delhi." in s["log"]


def _lone_factory_round(seed: int, old: bool = False) -> dict:
    """One Mughal army attacks the lone British factory in Sind, one round."""
    s = _attack({"punjab": {"mughals": 1}}, origin="punjab", dest="sind", n="1",
                factories={"sind": "british"}, rng=seed)
    if old:
        del s["revision"]
    return do(s, "fight")


def test_battle_a_factory_defends_like_an_army_errata():
    """The errata (rule 12.1): a factory defends as if it were a normal army (but cannot
    attack). It rolls a die each round with its nation's modifiers (British +1: a 4 hits an
    Indian army), and a hit on it destroys it after the armies (the remarks: on 5 or 6)."""
    for seed in range(200):
        s = _lone_factory_round(seed)
        d = s["dice"]
        assert len(d["att_dice"]) == 1 and len(d["def_dice"]) == 1  # the factory's die
        if d["att_dice"][0] < 5 and d["def_dice"][0] + 1 >= 5:
            break
    assert d["def_mod"] == 1 and d["def_hits"] == 1, d
    assert not f.count(s, "sind", "mughals") and s["factories"] == {"sind": "british"}
    assert any(re.search(r"the British roll \d \(\+1\), 1 hit\.", line) for line in s["log"])
    s = position({"punjab": {"mughals": 3}, "sind": {"british": 1}},
                  factories={"sind": "british"})
    s = do(s, "punjab", "sind", "3")  # the British cannot submit: the first round is rolled
    assert s["dice"]["def_dice"] and len(s["dice"]["def_dice"]) == 2  # army and factory


def test_a_game_stored_before_issue_24_keeps_its_rules():
    """Stored games replay with the rules they began under: without a revision, a factory
    rolls no die, and the Mughals count Gujarat beside a British factory (Raj)."""
    s = _lone_factory_round(0, old=True)
    assert s["dice"]["def_dice"] == [] and f.count(s, "sind", "mughals") == 1
    assert "the British roll no dice (a factory never rolls)" in s["log"][-1]
    from engine.games.maharaja import scoring
    s = position({a: {"mughals": 1} for a in _MUGHALS_9} | {"ocean": {"british": 1}},
                 factories={"gujarat": "british"})
    del s["revision"]
    assert scoring.raj_areas(s)["mughals"] == 9


_MUGHALS_9 = ("delhi", "agra", "oudh", "malwa", "punjab", "sind", "gujarat", "jaunpur",
              "lahore")


def test_battle_attacker_retreat_to_own_area_he_came_from():
    """Battle: the attacker retreats to the area he came from, each army to its own: of
    one army from Punjab and one from Delhi, one at most falls back to Delhi (issue 24)."""
    s = position({"lahore": {"mughals": 2, "rajputs": 2}}, phase="battle",
                 came={"lahore": {"punjab": 1, "delhi": 1}})
    s["battle"] = {"place": "lahore", "att": "mughals", "def": "rajputs", "factory": False,
                   "stage": "att", "rounds": 1, "at_sea": False}
    assert {"retreat-punjab", "retreat-delhi"} <= tokens(s)
    s = do(s, "retreat-delhi")
    assert tokens(s) == {"1", "back"}
    s = do(s, "1")
    assert f.count(s, "delhi", "mughals") == 1
    assert bt.attacker_retreats(s, "lahore", "mughals") == ["punjab"]
