"""Event machinery (2.3.4): the effect language's ops with their prompts, the deck
option, and by-hand Events for the printed deck."""

from __future__ import annotations

import copy
import json

import pytest

from engine import IllegalAction
from engine.datafiles import DataFiles
from engine.games.vijayanagara import decks, effects, events
from tests.engine.vijayanagara.fuzz import check
from tests.engine.vijayanagara.positions import (
    FIRST,
    active,
    fix_dice,
    g,
    pieces,
    play,
    position,
    tokens,
)

CARD = FIRST["delhi"]  # a card Delhi acts on first


@pytest.fixture
def side():
    """Give card CARD's unshaded side the ops a test names (restored afterwards)."""
    saved = events.EFFECTS.pop(CARD, None)

    def use(ops: list) -> None:
        assert effects.validate(ops) == []
        events.register(CARD, "unshaded", lambda st, f: effects.start(st, ops, f, "test"))

    yield use
    events.EFFECTS.pop(CARD, None)
    if saved is not None:
        events.EFFECTS[CARD] = saved


def run(ops_state: dict) -> dict:
    return play(ops_state, "event unshaded")


def test_place_asks_where_and_obeys_the_filter_and_stacking(side):
    side([{"op": "place", "piece": "temple", "count": 2,
           "where": {"has": ["raja"]}, "by": "vijayanagara"}])
    s = position(card=CARD, clear=True, spaces={
        "karnataka": {"raja_o": 1}, "andhra": {"raja_o": 1, "temple": 1},
        "tamilakam": {"raja_o": 1}, "gujarat": {"amir_o": 1}})
    s = run(s)
    assert active(s) == "vijayanagara"  # the named faction decides
    assert {"karnataka", "tamilakam"} <= tokens(s) and "andhra" not in tokens(s)
    assert "gujarat" not in tokens(s)
    s = play(s, "karnataka")  # the second Temple has one place left: taken without asking
    assert pieces(s, "karnataka")["temple"] == 1 and pieces(s, "tamilakam")["temple"] == 1
    check(s)


def test_place_does_as_much_as_it_can(side):
    side([{"op": "place", "piece": "governor", "count": 3, "where": {"spaces": ["malwa"]}}])
    s = position(card=CARD, clear=True, spaces={"delhi": {"governor": 4}})
    s = run(s)
    assert pieces(s, "malwa") == {"governor": 1}  # only one Governor was Available
    assert active(s) != "delhi" or "event" not in tokens(s)


def test_remove_all_in_one_chosen_space(side):
    side([{"op": "remove", "piece": "troop", "count": "all", "where": {"provinces": True}}])
    s = position(card=CARD, clear=True,
                 spaces={"malwa": {"troop": 3}, "gujarat": {"troop": 2}, "delhi": {"troop": 5}})
    s = run(s)
    assert tokens(s) >= {"malwa", "gujarat"} and "delhi" not in tokens(s)
    s = play(s, "malwa")
    assert pieces(s, "malwa") == {} and pieces(s, "gujarat") == {"troop": 2}
    assert s["avail"]["troop"] == 32 - 7


def test_move_respects_adjacency_and_who_may_enter(side):
    side([{"op": "move", "piece": "amir", "count": 1, "from": {"spaces": ["gujarat"]}}])
    s = position(card=CARD, clear=True, spaces={"gujarat": {"amir_o": 1}})
    s = run(s)  # one Amir to move: it is picked without asking; where to is the question
    assert "from Gujarat to which space" in g.view(s, active(s))["prompt"]
    assert "maharashtra" in tokens(s) and "delhi" not in tokens(s) and "orissa" not in tokens(s)
    s = play(s, "maharashtra")
    assert pieces(s, "maharashtra") == {"amir_o": 1} and pieces(s, "gujarat") == {}


def test_flip_never_rebels_in_a_tributary(side):
    side([{"op": "flip", "piece": "raja", "to": "rebelling", "count": "all"}])
    s = position(card=CARD, clear=True, independent=["andhra"],
                 spaces={"karnataka": {"raja_o": 2, "troop": 3},
                         "andhra": {"raja_o": 1, "troop": 2}})
    s = run(s)
    assert pieces(s, "andhra")["raja_r"] == 1  # the only legal space: done without asking
    assert pieces(s, "karnataka")["raja_o"] == 2


def test_tributary_marker_placed_flips_rebels(side):
    side([{"op": "tributary", "value": True, "where": {"has": ["amir"]}}])
    s = position(card=CARD, clear=True, independent=["maharashtra"],
                 spaces={"maharashtra": {"amir_o": 3}})
    assert s["control"]["maharashtra"] == "bahmani"
    s = run(s)
    assert s["tributary"]["maharashtra"] and s["control"]["maharashtra"] is None
    assert pieces(s, "maharashtra") == {"amir_o": 3}


def test_resources_cavalry_influence_and_eligibility(side):
    side([{"op": "resources", "faction": "bahmani", "amount": 30},
          {"op": "cavalry", "faction": "delhi", "amount": -5},
          {"op": "influence", "faction": "vijayanagara", "amount": 1},
          {"op": "ineligible", "faction": "bahmani"}])
    s = position(card=CARD, cavalry={"delhi": 2})
    s = run(s)
    assert s["resources"]["bahmani"] == 24
    assert s["cavalry"]["delhi"] == 0 and s["cavalry"]["pool"] == 10
    assert s["influence"]["vijayanagara"] == 1 and s["avail"]["raja"] == 8 + 2
    while s["turn"] and len(s["turn"]["acted"]) < 3 and s["current"] == f"e{CARD}":
        s = play(s, "pass")
    assert s["eligible"]["bahmani"] is False


def test_free_command_limited_to_the_filter_and_optional(side):
    side([{"op": "command", "faction": "vijayanagara", "command": "rally", "limited": True,
           "optional": True, "where": {"spaces": ["tamilakam"]}}])
    s = position(card=CARD, resources={"vijayanagara": 0})
    s = run(s)
    assert active(s) == "vijayanagara" and tokens(s) >= {"rally", "skip"}
    s = play(s, "rally")
    assert tokens(s) - {"give"} == {"tamilakam", "done"}  # free: no Resources needed (3.1.3)
    s = play(s, "tamilakam done")
    assert pieces(s, "tamilakam")["raja_o"] == 2 and s["resources"]["vijayanagara"] == 0


def test_free_rebel_ignores_the_khalji_dynasty(side):
    side([{"op": "command", "faction": "bahmani", "command": "rebel", "limited": True,
           "ignore_dynasty": True}])
    s = position(card=CARD, dynasty="khalji")
    s = play(run(s), "maharashtra done")
    assert not s["tributary"]["maharashtra"] and s["control"]["maharashtra"] == "bahmani"


def test_validate_names_every_problem():
    bad = [{"op": "conjure"}, {"op": "place", "piece": "elephant", "count": 0,
                               "where": {"near_sea": True}}]
    problems = effects.validate(bad)
    assert any("unknown op" in p for p in problems)
    assert any("elephant" in p for p in problems) and any("count" in p for p in problems)
    assert any("filter" in p for p in problems)


def test_every_darbar_card_is_well_formed():
    for number, card in decks.load("darbar")["events"].items():
        for s in ("unshaded", "shaded"):
            assert effects.validate(card[s]["effect"], f"card {number} {s}") == []
            assert card[s]["text"]


# --- decks and by-hand Events ------------------------------------------------------------------


def test_unknown_deck_is_refused_with_the_list():
    with pytest.raises(IllegalAction, match="by_hand"):
        g.setup(1, {"deck": "../../etc/passwd"})


def test_a_broken_deck_file_is_refused(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "short.json").write_text(json.dumps({"events": [
        {"number": 1, "title": "x", "order": ["delhi"], "stay_eligible": "yes"}]}))
    monkeypatch.setattr(decks, "FILES", DataFiles(tmp_path, {}))
    decks.load.cache_clear()
    try:
        with pytest.raises(IllegalAction, match="at least 24"):
            g.setup(1, {"deck": "short"})
    finally:
        decks.load.cache_clear()


def by_hand(**kw) -> dict:
    return position(card=CARD, options={"deck": "by_hand"}, clear=True, **kw)


def test_a_by_hand_event_is_played_with_logged_edits():
    s = by_hand(spaces={"malwa": {"troop": 2}, "gujarat": {"amir_o": 1}},
                resources={"delhi": 4})
    card = g.summary(s)["card"]
    assert card["order"] == decks.load("by_hand")["events"][CARD]["order"]
    s = play(s, "event shaded")
    s = play(s, "place governor malwa remove amir_o gujarat move troop malwa gujarat")
    s = play(s, "tributary gujarat resources delhi +1 influence bahmani +1 done")
    assert pieces(s, "malwa") == {"troop": 1, "governor": 1}
    assert pieces(s, "gujarat") == {"troop": 1}
    assert s["resources"]["delhi"] == 5 and s["influence"]["bahmani"] == 1
    assert not s["tributary"]["gujarat"] and s["control"]["gujarat"] == "delhi"
    log = "\n".join(s["log"])
    for line in ("place a Governor in Malwa", "remove an Obedient Amir from Gujarat",
                 "move a Troop Malwa → Gujarat", "Tributary marker in Gujarat",
                 "Delhi resources +1", "Bahmani influence +1"):
        assert line in log
    assert active(s) != "delhi"  # the Event is over; the next faction acts
    check(s)


@pytest.mark.parametrize("line, reason", [
    ("place fort malwa", "one per space"),
    ("place temple", "No Temple is Available"),
    ("place amir delhi", "may not enter Delhi"),
    ("command delhi rally", "no command `rally`"),
    ("resources bahmani -1", "0-24"),
    ("remove qasbah", "no Qasbah on the map"),
])
def test_refused_edits_leave_the_game_untouched(line, reason):
    temples = {p: {"temple": 1} for p in ("karnataka", "andhra", "tamilakam", "orissa",
                                          "gondwana")}  # all five on the map: none Available
    s = by_hand(spaces={"malwa": {"fort": 1, "amir_o": 1}, "maharashtra": {"amir_o": 2},
                        **temples}, resources={"bahmani": 0})
    s = play(s, "event unshaded")
    *head, last = line.split()
    if head:
        s = play(s, " ".join(head))
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction, match=reason):
        play(s, last)
    assert s == before  # the refused edit changed nothing


# --- what a printed card can do, by hand (issue 13) -----------------------------------------


def test_by_hand_units_may_be_placed_or_flipped_rebelling_in_a_tributary():
    """1.4.5 and 3.2.4: Rebelling Units can stand in a Tributary (only placing the marker
    turns them Obedient, 1.6); 1.4.6: placed Obedient "unless otherwise indicated"."""
    s = by_hand(spaces={"maharashtra": {"amir_o": 2}})
    assert s["tributary"]["maharashtra"]
    s = play(s, "event unshaded flip amir_o maharashtra place raja_r maharashtra done")
    assert pieces(s, "maharashtra") == {"amir_o": 1, "amir_r": 1, "raja_r": 1}
    assert s["tributary"]["maharashtra"]
    check(s)


@pytest.mark.parametrize("edit,value", [("ineligible", False), ("eligible", True)])
def test_by_hand_a_faction_is_made_eligible_or_ineligible_for_the_next_card(edit, value):
    """2.3.2 as an Event does it: the faction's Eligibility for the next card."""
    s = by_hand(resources={"bahmani": 3})
    s = play(s, f"event unshaded {edit} bahmani done")
    assert f"Bahmani will be {edit.capitalize()} for the next card" in "\n".join(s["log"])
    for _ in range(6):  # the others pass until the card ends
        if s["played"]:
            break
        s = play(s, "pass")
    assert s["played"], "the card ended"
    assert s["eligible"]["bahmani"] is value


def test_by_hand_a_free_command_runs_with_its_dice_and_costs_nothing():
    """3.1.3: a free Command costs no Resources but follows its procedure: an Attack
    rolls its dice, the defender loses pieces."""
    s = by_hand(spaces={"gujarat": {"troop": 3, "amir_r": 2}}, independent=["gujarat"],
                resources={"delhi": 0}, cavalry={})
    s = play(s, "event unshaded command delhi attack")
    fix_dice(s, [1, 1, 1, 1, 6, 6])
    s = play(s, "gujarat")
    log = "\n".join(s["log"])
    assert "grant Delhi a free Attack (3.1.3)" in log and "Attack in Gujarat" in log
    assert pieces(s, "gujarat") == {"troop": 3}
    assert s["resources"]["delhi"] == 0
    assert active(s) == "delhi" and "done" in g.view(s, "delhi")["actions"]  # back to editing
    s = play(s, "done")
    check(s)


def test_by_hand_a_free_decree():
    s = by_hand(resources={"delhi": 2}, cavalry={})
    s = play(s, "event unshaded decree")
    assert set(g.view(s, "delhi")["actions"]["faction"]) == {"delhi", "bahmani", "vijayanagara"}
    s = play(s, "delhi tribute")
    assert "grant Delhi a free Collect Tribute" in "\n".join(s["log"])
    assert s["resources"]["delhi"] > 2  # half the Tributary Prosperity (4.2.1)
    assert active(s) == "delhi" and "done" in g.view(s, "delhi")["actions"]
