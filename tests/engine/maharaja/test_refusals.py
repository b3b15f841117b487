"""Every refusal says why (issue 23): the rule that stops the step, named for the player,
then what is possible instead, in the shape of engine.errors.refusal. Each test cites the
rule remarks' section (R) or Darbar's reading (D) that does the refusing."""

from __future__ import annotations

import random
import re

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.games.maharaja import ai, phases
from engine.games.maharaja import rules as R
from tests.engine.maharaja.position import do, position

STACKING = "stacking allows 3 armies in an area, 2 in a hiland (a leader's group more)"


def refused(state: dict, token: str, role: str | None = None) -> str:
    """The message a typed token is refused with."""
    with pytest.raises(IllegalAction) as e:
        do(state, token, role=role)
    return str(e.value)


def _battle(armies: dict, stage: str, came: dict, **battle) -> dict:
    """The Mughals (Green) attack the Rajputs (Red) in the battle phase."""
    s = position(armies, phase="battle", came=came)
    place = next(iter(came))
    s["battle"] = {"place": place, "att": "mughals", "def": "rajputs", "factory": False,
                   "stage": stage, "rounds": 1, "at_sea": False, **battle}
    return s


# --- counts ----------------------------------------------------------------------------------


def test_a_count_typed_before_where_from_says_what_is_asked_first():
    """Typed moves: a place, where to, then how many (docs/maharaja.md)."""
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}})
    assert refused(s, "2") == (
        "`2` is not possible now. No count is asked now. The Mughals are moving: choose "
        "where from (a place), or `done` to end the movement; battles follow it. "
        "Possible: `punjab`, `done`.")
    assert "choose where to, or `back`" in refused(do(s, "punjab"), "2")


def test_a_count_over_the_armies_there_says_how_many_may_move():
    """R Movement: each army moves once a movement phase."""
    s = do(position({"agra": {"mughals": 3}}), "agra", "delhi")
    assert refused(s, "4") == ("`4` is not possible now. You may move at most 3 armies from "
                               "Agra: 3 are there. Possible: `1`, `2`, `3`, `back`.")
    s = do(position({"punjab": {"mughals": 2}, "delhi": {"mughals": 1}}),
           "punjab", "delhi", "2", "delhi", "agra")
    assert "You may move at most 1 army from Delhi: 3 are there, and 2 of them moved in " \
        "this movement." in refused(s, "2")


def test_a_count_over_the_stacking_limit_says_how_much_room_is_left():
    """R Stacking: 3 armies an area, 2 in a hiland."""
    s = do(position({"punjab": {"mughals": 3}, "delhi": {"mughals": 2}}), "punjab", "delhi")
    assert f"Delhi has room for 1 army more: {STACKING}." in refused(s, "2")
    assert "At least 1 army moves." in refused(s, "0")
    assert "The Mughals have no leader in Punjab" in refused(s, "1l")


def test_a_retreat_count_must_fit_the_armies_and_the_room_there():
    """R Battle: partial retreat possible; R Stacking: no exception for a retreat."""
    s = _battle({"lahore": {"mughals": 2, "rajputs": 1}, "punjab": {"mughals": 2}},
                "att_count", {"lahore": {"punjab": 2}}, to="punjab")
    assert refused(s, "2") == (
        f"`2` is not possible now. The count must be 1: Punjab has room for 1 more "
        f"({STACKING}). Possible: `1`, `back`.")
    s["armies"]["punjab"] = {}
    assert "The count must be from 1 to 2: 2 armies of the Mughals are in Lahore." in \
        refused(s, "3")


# --- submission and alliance -------------------------------------------------------------------


def test_a_submission_names_the_rule_that_stops_it():
    """R Submission: only the listed nations, each while it holds few enough areas of a
    territory, to the nation moving or fighting."""
    s = position({"punjab": {"mughals": 3}, "delhi": {"rajputs": 1}, "agra": {"rajputs": 1},
                  "oudh": {"rajputs": 1}, "sind": {"greeks": 1}})
    assert "The Rajputs are not your nation (they are Red's)." in refused(s, "submit-rajputs")
    assert "The Mughals cannot submit in their own turn" in refused(s, "submit-mughals")
    assert "`maurya` is not a nation; yours are `cholas`, `mughals`, `portuguese`, " \
        "`french`." in refused(s, "submit-maurya")
    assert "The Rajputs may submit only while they hold 1 or 2 areas of North India (they " \
        "hold 3)." in refused(s, "submit-rajputs", role="red")
    assert "Only the Pandyas, Sinhalese, Rajputs, Marathas, Muslims, Mughals and Sikhs may " \
        "submit (the rule remarks' list); the Greeks are not among them." in \
        refused(s, "submit-greeks", role="red")


def test_a_player_out_of_turn_is_told_whose_decision_it_is():
    """R Submission and Alliance: declared at any time; nothing else out of turn."""
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}})
    assert refused(s, "2", role="red") == (
        "`2` is not possible now. It is Green's decision now, for the Mughals; out of turn a "
        "player may only submit or ally. Possible: `submit-rajputs`.")


def test_a_submission_ends_a_battle_only_in_its_territory():
    """D: a submission covers the areas of the territory it names."""
    s = _battle({"berar": {"mughals": 2, "rajputs": 1}, "delhi": {"rajputs": 1}}, "def",
                {"berar": {"khandesh": 2}})
    assert "A submission ends a battle only in the territory it covers: the Rajputs may " \
        "submit in North India, and Berar is in South India." in refused(s, "submit-rajputs")


def test_an_alliance_names_the_rule_that_stops_it():
    """R Alliance: an Indian nation allies with the British; D: one player's nations do not
    ally with each other."""
    s = position({"punjab": {"mughals": 3}, "lahore": {"rajputs": 1}, "bengal": {
        "british": 1}})
    assert "The British are a colonial nation: only Indian nations ally with the British." \
        in refused(s, "ally-british", role="red")
    assert "The Rajputs and the British are both yours: one player's nations do not ally " \
        "with each other." in refused(s, "ally-rajputs", role="red")


# --- battle ----------------------------------------------------------------------------------


def test_a_retreat_names_where_each_side_may_fall_back():
    """R Battle: the attacker retreats to the area it came from; the defender to its own
    area or a vacant one not next to the attacker's, never the attacker's start area."""
    armies = {"lahore": {"mughals": 2, "rajputs": 2}, "punjab": {"mughals": 1}}
    came = {"lahore": {"punjab": 2}}
    s = _battle(armies, "att", came)
    assert "The attacker falls back only to where its armies came from: the Mughals in " \
        "Lahore came from Punjab." in refused(s, "retreat-delhi")
    assert "Only a fight against a factory left alone is broken off: the Rajputs still have " \
        "2 armies in Lahore." in refused(s, "break")
    s = _battle(armies, "def", came)
    assert "The attack came from Punjab: the defender never falls back there." in \
        refused(s, "retreat-punjab")
    assert "Gandhara is next to Punjab, where the attack came from" in \
        refused(s, "retreat-gandhara")
    assert "Sind is not next to Lahore." in refused(s, "retreat-sind")
    assert "Only the attacker breaks off" in refused(s, "break")


# --- placements, factories, arms -------------------------------------------------------------


def test_a_placement_names_the_population_rule():
    """R Population: at most 1 new army an area if possible; R Stacking: no exception for
    the increase of population."""
    s = position({"delhi": {"rajputs": 3}, "agra": {"rajputs": 1}, "oudh": {
        "rajputs": 1, "mughals": 1}}, nation="rajputs", phase="population")
    s["queue"] = [{"do": "place", "nation": "rajputs", "n": 2, "placed": [], "where": "own"}]
    assert f"Delhi is full: {STACKING}, with no exception for new armies." in \
        refused(s, "delhi")
    assert "The Mughals are in Oudh too: new armies go to areas held alone." in \
        refused(s, "oudh")
    assert "The Rajputs hold no armies in Bengal" in refused(s, "bengal")
    assert "No count is asked now. The new armies of the Rajputs are placed first (2 to " \
        "place)." in refused(s, "2")


def test_a_factory_names_the_factory_rule():
    """R Factories: only in the listed coastal areas; up to 2 built and 1 removed a factory
    phase; D: a refused factory is not asked for again that phase."""
    s = position({"bay": {"british": 1}, "orissa": {"mughals": 1}}, nation="british",
                 turn=14, phase="factory", factories={"sind": "british"})
    phases.advance(s)
    assert "Assam is not one." in refused(s, "factory-assam")
    refusing = do(s, "factory-orissa", "refuse")
    assert "A factory in Orissa was refused this phase; it is not asked for again." in \
        refused(refusing, "factory-orissa")
    demolished = do(s, "demolish-sind")
    assert "one is removed already" in refused(demolished, "demolish-bengal")
    assert "Arms come in the arms phase, after the factories." in refused(s, "arm-mughals")


def test_arms_name_the_arms_rule():
    """R Arms: to a nation sharing an area with the colonial nation's factory."""
    s = position({"bengal": {"rajputs": 1}, "orissa": {"british": 1}, "delhi": {
        "mughals": 1}}, nation="british", turn=14, phase="arms",
        factories={"bengal": "british"})
    phases.advance(s)
    assert "The Mughals share no area with a factory of the British" in \
        refused(s, "arm-mughals")
    assert "The British have given their arms marker to nobody." in refused(s, "withdraw")


# --- every refusal -----------------------------------------------------------------------------

WORDS = ["2", "0", "3l", "done", "back", "fight", "skip", "break", "permit", "withdraw",
         "marker", "delhi", "ocean", "persia", "nowhere", "submit-rajputs", "submit-maurya",
         "ally-marathas", "ally-british", "retreat-delhi", "factory-bengal", "demolish-sind",
         "arm-marathas"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_gives_a_reason_and_only_legal_tokens_whatever_the_dice(seed):
    """House rule: a refusal names the rule and what is possible; fair play: the dice still
    to roll never shape it (the same refusal after they are drawn anew)."""
    rng = random.Random(seed)
    state = R.setup(seed, {"players": 4})
    checked = 0
    while not state["result"] and state["turn"] < 8:
        role = R.active(state)[0]
        for who in (role, rng.choice(state["roles"])):
            legal = games.tokens(R, R.view(state, who))
            for word in rng.sample(WORDS, 3):
                if word in legal:
                    continue
                msg = refused(state, word, role=who)
                other = refused(games.redealt(R, state, seed + 100), word, role=who)
                assert msg == other, "a refusal that depends on the dice to come"
                assert msg.startswith(f"`{word}` is not possible now. ") or \
                    msg.startswith(f"`{word.split('-')[0]}-")
                reason = msg.split(" is not possible now. ", 1)[1]
                assert not reason.startswith(("Possible:", "Nothing is possible")), msg
                listed = reason.split("Possible: ", 1)[1] if "Possible: " in reason else ""
                assert set(re.findall(r"`([^`]+)`", listed)) <= set(legal), msg
                checked += 1
        state = R.act(state, role, *ai.choose(state, role))
    assert checked > 100


def test_a_retreat_count_names_where_each_army_came_from():
    """R Battle: the attacker retreats to the area he came from, each army to its own."""
    s = _battle({"lahore": {"mughals": 2, "rajputs": 2}}, "att_count",
                {"lahore": {"punjab": 1, "delhi": 1}}, to="delhi")
    assert refused(s, "2") == (
        "`2` is not possible now. The count must be 1: 1 army of the Mughals came from "
        "Delhi, and each army falls back only to the area it came from. Possible: `1`, "
        "`back`.")


def test_the_free_move_of_the_general_30_2_is_named_when_refused():
    """The General 30-2: a shut-out invasion moves on as one force to a foreign area with
    a way in."""
    doors = ("kashmir", "baluchistan", "gandhara", "punjab", "ladakh")
    s = position({"central-asia": {"mughals": 3}} | {a: {"rajputs": 1} for a in doors},
                 turn=11, submitted={"rajputs": {"to": "mughals", "where": [
                     "north", "himalaya"], "turn": 11}})
    s = do(s, "central-asia")
    assert "Submissions shut the Mughals out of India from Central Asia: The General 30-2 " \
        "gives them one free move, as one force, to a neighbouring foreign area with a way " \
        "in (China)." in refused(s, "afghanistan")
    assert "The free move of The General 30-2 takes the whole force, as one: `3`." in \
        refused(do(s, "china"), "2")
