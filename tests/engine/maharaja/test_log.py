"""The log says what every move did (issue 23): a move ends at a roll, when the decision
passes to another player or when another nation's turn begins (docs/maharaja.md, Typed
moves), and the table posts the lines it added under the mover's name, so a move that adds
none is posted as an empty "name: ". Seeded games of random and computer play check every
completed move; the lines must read as English (agreement, articles)."""

from __future__ import annotations

import random
import re

import pytest

from engine.games.maharaja import ai, phases
from engine.games.maharaja import rules as R
from tests.engine.maharaja.play import random_step
from tests.engine.maharaja.position import do, position

# What no log line may say: wrong agreement, a missing article, a possessive on a name
# that does not end in s.
UNGRAMMATICAL = [
    r"\b1 (armies|hits|areas)\b", r"\b(?!1\b)\d+ (army|hit|area)\b",
    r"\b1 (army|new army) of the \w+ (move|arrive|fall|have|are)\b",
    r"\b(?!1\b)\d+ armies of the \w+ (moves|arrives|falls|has|is)\b",
    r"\ba [AEIOUaeiou]", r"(?<![Tt]he )\b(Arabian Sea|Bay of Bengal|Indian Ocean)\b",
    r"\b(Sinhalese|British|French|Dutch|Portuguese)'", r"  ", r" [.,;:]",
]


def check_lines(lines: list[str]) -> None:
    for line in lines:
        assert line.strip() and not line.rstrip().endswith(":"), f"an empty line: {line!r}"
        for pattern in UNGRAMMATICAL:
            assert not re.search(pattern, line), f"{pattern!r} in {line!r}"


def _ended(before: dict, after: dict) -> bool:
    """The table's test for a move the others get to see (bot/table.py _shown)."""
    return (not after["active"] or after["move"] != before["move"]
            or after["active"] != before["active"])


@pytest.mark.slow
@pytest.mark.parametrize("seed,options", [
    (1, {"players": 3}), (2, {"players": 4}), (3, {"players": 5}), (4, {"length": "short"}),
])
@pytest.mark.slow
def test_every_completed_move_adds_a_log_line_and_no_line_is_empty(seed, options):
    """Step by step (a person may click one step at a time): every other colour plays the
    computer's steps (ai.bot_steps takes them one by one), the others random ones, now and
    then a submission or alliance out of turn."""
    rng = random.Random(seed)
    state = R.setup(seed, options)
    computer = set(state["roles"][::2])
    shown = R.view(state, None)
    check_lines(shown["log"])
    while not state["result"]:
        role = R.active(state)[0]
        before = state
        state = R.act(state, role, *ai.choose(state, role)) if role in computer else \
            random_step(state, rng)
        view = R.view(state, None)
        if _ended(shown, view):
            added = view["log"][len(shown["log"]):]
            assert added, (f"a move says nothing: from the {before['phase']} phase, "
                           f"battle {before['battle']}, permission asked {before['ask']}")
            check_lines(added)
            shown = view
    assert state["turn"] == 16


def _battle(stage: str) -> dict:
    s = position({"lahore": {"mughals": 2, "rajputs": 2}, "punjab": {"mughals": 1}},
                 phase="battle", came={"lahore": {"punjab": 2}})
    s["battle"] = {"place": "lahore", "att": "mughals", "def": "rajputs", "factory": False,
                   "stage": stage, "rounds": 1, "at_sea": False}
    return s


def test_the_attacker_fighting_on_is_logged_when_the_defender_decides_next():
    """D (Britannia): after each round the attacker, then the defender, chooses."""
    s = do(_battle("att"), "fight")
    assert R.active(s) == ["red"] and s["log"] == ["The Mughals fight on in Lahore."]


def test_a_permission_asked_is_logged():
    """R Factories: permission by diplomacy; R Movement: permission to pass a sea."""
    s = position({"bay": {"british": 1}, "orissa": {"mughals": 1}}, nation="british",
                 turn=14, phase="factory")
    phases.advance(s)
    s = do(s, "factory-orissa")
    assert R.active(s) == ["green"]
    assert s["log"][-1] == "The British ask Green for permission to build a factory in Orissa."
    s = position({"kerala": {"marathas": 3}, "ocean": {"british": 1}}, nation="marathas",
                 turn=14)
    s = do(s, "kerala", "simhala", "1")
    assert R.active(s) == ["red"]
    assert s["log"][-1] == "The Marathas ask Red for passage through the Indian Ocean."


def test_seas_take_their_article_and_winners_are_listed_in_english():
    s = position({"kerala": {"marathas": 3}, "ocean": {"british": 1}}, nation="marathas",
                 turn=14)
    s = do(s, "kerala", "ocean", "3")
    assert "3 armies of the Marathas move from Kerala to the Indian Ocean." in s["log"]
    assert R.describe("retreat", "arabian") == "Retreat to the Arabian Sea"  # a button
    s = position({})
    phases.finish(s)
    assert s["log"][-1].endswith("Yellow, Blue, Red and Green win.")
