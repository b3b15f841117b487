"""The position in words (renderer/<id>/words.py): `/board text` and every image's alt text."""

import random

import pytest

from engine import games
from renderer import alt_text, describe
from renderer.common.words import ALT_LIMIT
from tests.engine.vijayanagara.positions import position

V = games.get("vijayanagara")
GT = games.get("goat_tiger")
TM = games.get("taj_mahal")


def _random_position(g, seed: int, steps: int) -> dict:
    r = random.Random(seed)
    state = g.setup(seed, {})
    for _ in range(steps):
        if g.result(state) is not None:
            break
        role = g.view(state, None)["active"][0]
        state = g.act(state, role, *r.choice(games.legal_steps(g, g.view(state, role))))
    return state


def test_vijayanagara_names_every_space_its_pieces_and_control():
    s = position(independent=["gujarat"], spaces={
        "gujarat": {"troop": 2, "amir_r": 1}, "malwa": {"governor": 1, "qasbah": 1}})
    text = describe("vijayanagara", V.view(s, None), {"delhi": "ravi"})
    lines = text.split("\n")
    assert "Gujarat (Delhi Control): 2 Troops, 1 Rebelling Amir" in lines
    assert "Malwa (Tributary): 1 Governor, 1 Qasbah" in lines
    assert any(line.startswith("Delhi (ravi): ") and "VP" in line and "Resources" in line
               for line in lines)
    assert sum(line.split(" (")[0].split(":")[0] in ("Delhi", "Tamilakam", "Orissa")
               for line in lines) >= 3  # every space has its line, empty ones included


def test_goat_tiger_names_every_piece_and_whose_move_it_is():
    state = GT.setup(1, {})
    text = describe("goat_tiger", GT.view(state, None), {"goats": "ravi"})
    assert "Tigers on a, b3, b4." in text
    assert "20 in hand" in text or "in hand" in text
    assert text.endswith("To move: Goats (ravi).")


def test_the_words_show_nothing_hidden():
    """The next cards and dice are not in the text: a redealt game reads alike."""
    for seed in range(5):
        state = _random_position(V, seed, 60)
        other = games.redealt(V, state, seed + 99)
        assert describe("vijayanagara", V.view(state, None)) == \
            describe("vijayanagara", V.view(other, None))


@pytest.mark.slow
def test_alt_text_stays_within_discords_limit_and_text_within_a_message():
    for seed in range(12):
        for g, game_id in ((V, "vijayanagara"), (GT, "goat_tiger"), (TM, "taj_mahal")):
            view = g.view(_random_position(g, seed, 40 * seed), None)
            names = {r: "n" * 32 for r in g.ROLES}  # the longest display names
            assert len(alt_text(game_id, view, names)) <= ALT_LIMIT
            assert len(describe(game_id, view, names)) <= 2000


def test_alt_text_cut_at_a_line_says_where_the_rest_is():
    view = V.view(_random_position(V, 3, 100), None)
    names = {r: "n" * 400 for r in V.ROLES}  # absurdly long: forces the cut
    alt = alt_text("vijayanagara", view, names)
    assert len(alt) <= ALT_LIMIT and alt.endswith("/board text)")


def test_taj_mahal_names_the_visit_scores_hand_counts_and_palaces():
    state = _random_position(TM, 2, 80)
    view = TM.view(state, None)
    text = describe("taj_mahal", view, {"red": "ravi"})
    from engine.games.taj_mahal.data import PROVINCE_NAMES

    assert text.startswith(f"Taj Mahal, visit {view['visit']} of 12: "
                           f"{PROVINCE_NAMES[view['province']]}.")
    for role, p in view["players"].items():
        assert f"{p['hand']} card" in text and f"{p['score']} point" in text, role
    assert "Red (ravi):" in text
    owned = [c for c, o in view["palaces"].items() if o]
    assert owned and all(c in text for c in owned)


def test_taj_mahal_words_never_depend_on_the_hands_or_the_deck():
    for seed in range(5):
        state = _random_position(TM, seed, 30 + 20 * seed)
        other = games.redealt(TM, state, seed + 7)
        hands = [c for r in other["roles"] for c in other["hands"][r]
                 if other["specials"].get(c) is None] + other["deck"]
        random.Random(seed).shuffle(hands)
        for r in other["roles"]:  # every hand dealt anew, of the same size
            n = sum(other["specials"].get(c) is None for c in other["hands"][r])
            keep = [c for c in other["hands"][r] if other["specials"].get(c) is not None]
            other["hands"][r] = keep + [hands.pop() for _ in range(n)]
        other["deck"] = hands
        assert describe("taj_mahal", TM.view(state, None)) == \
            describe("taj_mahal", TM.view(other, None))


def test_maharaja_names_armies_factories_submissions_allies_arms_and_whom_a_colour_plays():
    from engine.games.maharaja import rules as R

    state = R.setup(3, {})
    state["factories"]["bengal"] = "british"
    state["submitted"]["rajputs"] = {"to": "mughals", "where": ["north"], "turn": 1}
    state["allies"].append("marathas")
    state["arms"]["dutch"] = {"nation": "sinhalese", "active": True}
    role = R.active(state)[0]
    text = describe("maharaja", R.view(state, None), {role: "meera"})
    assert text.startswith("Maharaja, turn 1 of 16 (1500 BC): the Harappans play.")
    assert "Harappans: Baluchistan 1, Delhi 1," in text
    assert "Factories: Bengal (British)." in text
    assert "Submitted: the Rajputs to the Mughals (North India)." in text
    assert "Allies of the British: Marathas." in text
    assert "Arms: the Dutch arm the Sinhalese." in text
    assert text.endswith(f"To move: {role.capitalize()} (meera), for the Harappans.")
