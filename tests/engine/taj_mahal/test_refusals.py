"""Taj Mahal: every refused step says why (the rule, cited by the rules' section names) and
what is possible instead, from the public position and the player's own hand only."""

from __future__ import annotations

import random
import re

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.games.taj_mahal import GAME
from engine.games.taj_mahal import rules as tm
from tests.engine.taj_mahal.positions import dealt


def refused(state: dict, role: str, word: str) -> str:
    """What the player reads when they type ``word``: it must be refused."""
    with pytest.raises(IllegalAction) as e:
        tm.act(state, role, *games.step_for_token(tm, state, role, word))
    return str(e.value)


def test_a_card_you_do_not_hold_is_refused_for_that():
    """Playing the game: a player plays his cards "from his hand"."""
    state, role = dealt("red-vizier-general", "white-monk")
    assert refused(state, role, "yellow-vizier-monk") == (
        "`yellow-vizier-monk` is not possible now. You have no `yellow-vizier-monk` in your "
        "hand. Possible: `red-vizier-general`, `withdraw`.")


def test_a_card_of_another_colour_names_the_colour_lock_and_the_way_out():
    """Playing the game: "the colored cards a player plays must be the same color as the
    first card he played in the visit (exception: special change color card)"."""
    state, role = dealt("red-vizier-general", "yellow-vizier-monk", played=("red-monk-princess",))
    said = refused(state, role, "yellow-vizier-monk")
    assert said.startswith("`yellow-vizier-monk` is not possible now. Your colour is locked to "
                           "red for this visit: the first coloured card you play in a visit "
                           "sets it (\"Playing the game\")")
    assert "`special-colour` played first" in said and "You hold it" not in said
    assert said.endswith("Possible: `red-vizier-general`, `withdraw`.")
    state, role = dealt("red-vizier-general", "yellow-vizier-monk", "special-colour",
                        played=("red-monk-princess",))
    said = refused(state, role, "yellow-vizier-monk")
    assert "You hold it: play it first." in said
    assert said.endswith("Possible: `red-vizier-general`, `special-colour`, `withdraw`.")


def test_a_white_or_special_card_alone_is_refused_and_so_is_ending_an_empty_turn():
    """Playing the game: "White cards and special cards may never be played without a
    colored card"; a turn plays cards or withdraws."""
    state, role = dealt("red-vizier-general", "white-monk", "special-elephant")
    possible = "Possible: `red-vizier-general`, `withdraw`."
    assert refused(state, role, "white-monk") == (
        "`white-monk` is not possible now. A white card is played only together with a "
        "coloured card, never alone (\"Playing the game\"): play your coloured card first, "
        f"then `white-monk`. {possible}")
    assert "A special card is played only together with a coloured card" in refused(
        state, role, "special-elephant")
    assert refused(state, role, "done") == (
        "`done` is not possible now. You have played no card this turn: a turn plays one "
        "coloured card (and perhaps one white or special card with it), or withdraws "
        f"(\"Playing the game\"). {possible}")
    state, role = dealt("white-monk", "special-colour")
    assert refused(state, role, "special-colour") == (
        "`special-colour` is not possible now. `special-colour` frees the colour of the "
        "coloured card played with it, and you have no coloured card in your hand. "
        "Possible: `withdraw`.")


def test_after_the_coloured_card_only_a_white_or_special_card_or_done():
    """Playing the game: "exactly one colored card" a turn, and a turn either plays cards
    or withdraws."""
    state, role = dealt("red-vizier-general", "red-monk-princess", "white-monk",
                        "special-colour")
    state = tm.act(state, role, "play", "red-vizier-general")
    possible = "Possible: `white-monk`, `done`."
    assert refused(state, role, "red-monk-princess") == (
        "`red-monk-princess` is not possible now. You have played your coloured card this "
        "turn, and a turn plays exactly one (\"Playing the game\"). Now add one white or "
        f"special card, or `done`. {possible}")
    said = refused(state, role, "withdraw")
    assert "a turn either plays cards or withdraws" in said and said.endswith(possible)
    said = refused(state, role, "special-colour")
    assert "so it goes first, before that card" in said and said.endswith(possible)


def test_after_the_free_colour_change_only_its_coloured_card():
    """The special cards: a special card is "played only with a colored card (never
    alone!)", one a turn; the colour change frees the colour of that card."""
    state, role = dealt("red-vizier-general", "yellow-vizier-monk", "white-monk",
                        "special-colour", played=("red-monk-princess",))
    state = tm.act(state, role, "special", "special-colour")
    for word in ("white-monk", "withdraw", "done"):
        assert refused(state, role, word) == (
            f"`{word}` is not possible now. You have played `special-colour`, your special "
            "card this turn, and a special card is never played alone (\"The special "
            "cards\"). Now play a coloured card of any colour with `special-colour`. "
            "Possible: `red-vizier-general`, `yellow-vizier-monk`.")


def test_palaces_go_on_empty_cities_of_the_province_visited():
    """Withdraw: a palace for an influence tile goes on "an empty city space ... in the
    current province"; "palaces may only be placed on cities of the current province"."""
    state, role = dealt("red-monk-princess", played=("red-vizier-general",))
    assert "Palaces are placed when you withdraw" in refused(state, role, "ajmer2")
    other = next(r for r in state["roles"] if r != role)
    state["palaces"]["ajmer1"] = [other]
    state = tm.act(state, role, "withdraw")  # wins the Vizier and the General
    possible = "Possible: `ajmer2`, `ajmer3`, `ajmer4`."
    assert refused(state, role, "ajmer1") == (
        "`ajmer1` is not possible now. `ajmer1` already has a palace: the palace an "
        "influence tile wins goes on an empty city; only a crown palace may join another "
        f"(\"Withdraw\"). {possible}")
    assert refused(state, role, "kabul1") == (
        "`kabul1` is not possible now. `kabul1` is in Kabul, and palaces go only on cities "
        f"of the province visited, Ajmer (\"Withdraw\"). {possible}")
    for word in ("red-monk-princess", "withdraw", "done"):
        assert refused(state, role, word) == (
            f"`{word}` is not possible now. You have withdrawn from this visit and play no "
            "more cards in it (\"Withdraw\"). Now place a palace on an empty city of Ajmer "
            f"(2 to place). {possible}")


def test_the_crown_palace_goes_on_any_city_of_the_province_visited():
    """Withdraw, Grand Mogul: the crown palace goes on "any city in the current
    province"."""
    state, role = dealt("red-monk-princess", played=("white-mogul",))
    state = tm.act(state, role, "withdraw")
    said = refused(state, role, "kabul1")
    assert "`kabul1` is in Kabul, and palaces go only on cities of the province visited" in said
    assert said.endswith("Possible: `ajmer1`, `ajmer2`, `ajmer3`, `ajmer4`.")


def test_after_withdrawing_cards_come_from_the_supply():
    """Finishing a withdrawal: the player "takes two cards of his choice from the face up
    card supply"."""
    state, role = dealt("red-vizier-general", "red-monk-princess")
    state = tm.act(state, role, "withdraw")  # without playing: a card drawn, then the supply
    supply = list(dict.fromkeys(tm.KIND[c] for c in state["supply"]))
    possible = f"Possible: {', '.join(f'`{k}`' for k in supply)}."
    absent = next(k for k in ("red-vizier-general", "red-monk-princess") if k not in supply)
    assert refused(state, role, absent) == (
        f"`{absent}` is not possible now. `{absent}` is not in the supply, the face-up cards "
        f"a player who has withdrawn takes from (\"Finishing a withdrawal\"). {possible}")
    assert refused(state, role, "ajmer2") == (
        "`ajmer2` is not possible now. You have no palace left to place this visit. Now take "
        f"2 cards from the supply. {possible}")


def test_a_word_that_names_nothing_says_so_and_lists_what_to_type():
    state, role = dealt("red-vizier-general", "red-monk-princess")
    possible = "Possible: `red-vizier-general`, `red-monk-princess`, `withdraw`."
    now = "Now play one coloured card, or `withdraw`."
    assert refused(state, role, "xyzzy-42") == (
        f"`xyzzy-42` is not possible now. It names no card, city or step of Taj Mahal. {now} "
        f"{possible}")
    assert refused(state, role, "red-monk").startswith(
        "`red-monk` is not possible now. No card is called `red-monk`: a card is named by its "
        "colour and symbols (two on a coloured card, one on a white card) in the order "
        f"vizier, general, monk, princess, mogul, elephant. {now} {possible}")
    assert ("A card's name lists its symbols in the order vizier, general, monk, princess, "
            "mogul, elephant: this card is `green-general-mogul`.") in refused(
        state, role, "green-mogul-general")
    assert "the special cards are `special-elephant`, `special-mogul`, `special-2points`, " \
        "`special-colour`" in refused(state, role, "special-2")
    assert "Lahore is a province; its cities are `lahore1`" in refused(state, role, "lahore")


def test_out_of_turn_and_after_the_end_the_step_is_refused_as_in_every_game():
    state, role = dealt("red-vizier-general")
    other = next(r for r in state["roles"] if r != role)
    with pytest.raises(IllegalAction) as e:
        tm.act(state, other, "withdraw")
    assert str(e.value) == f"It is not your turn: waiting for {tm.ROLE_NAMES[role]}."
    state["result"] = {"winners": [role], "scores": {}}
    with pytest.raises(IllegalAction, match=r"^This game is over\.$"):
        tm.act(state, role, "withdraw")


REFUSAL = re.compile(r"`[^`]+` is not possible now\. (?P<why>\S.*?) "
                     r"(Possible: `.+`( …)?\.|Nothing is possible for you now\.)"
                     r"( Did you mean .+\?)?")
WORDS = [*sorted(set(tm.KIND.values())), *sorted(tm.PROVINCE_OF), "withdraw", "done",
         "xyzzy-42", "red-monk", "violet-elephant-mogul", "lahore", "special-2"]


@pytest.mark.slow
def test_every_refusal_names_a_rule_and_what_is_possible_from_what_the_player_sees():
    """Any word in random positions of every stage: each refusal has a reason and the
    legal steps, and reads the same whatever the other hands and the deck hold."""
    stages = set()
    for seed in range(14):
        rng = random.Random(seed)
        state = tm.setup(seed, {"players": 3 + seed % 3})
        for _ in range(rng.randrange(5, 160)):
            role = tm.active(state)[0]
            state = tm.act(state, role, *rng.choice(games.legal_steps(tm, tm.view(state,
                                                                                  role))))
        role = tm.active(state)[0]
        stages.add(state["turn"]["stage"])
        other = games.redealt(tm, state, seed, keep=tm.active(state))
        for word in WORDS:
            try:
                tm.act(state, role, *games.step_for_token(tm, state, role, word))
            except IllegalAction as e:
                said = str(e)
                assert REFUSAL.fullmatch(said), said
                assert "is not possible now" not in REFUSAL.fullmatch(said)["why"], said
                assert said == refused(other, role, word)
    assert stages >= {"play", "extra", "place", "supply"}, stages


# --- a typed line that runs past the end of its turn (the table asks ``explain_line``) ----


def test_a_second_white_card_in_one_line_names_the_one_white_card_rule():
    """Playing the game: "In addition to the one colored card, a player may also play
    either one white card or one special card"; three ways to play cards a turn."""
    state, role = dealt("red-vizier-general", "white-monk", "white-princess")
    assert GAME.explain_line is not None
    why = GAME.explain_line(state, role, ["red-vizier-general", "white-monk",
                                             "white-princess"])
    assert why == (
        "A turn plays one coloured card and at most one white or special card with it "
        "(\"Playing the game\"): `white-monk` was this turn's, so `white-princess` would be "
        "a second. Send `red-vizier-general white-monk` now and `white-princess` on a later "
        "turn.")


def test_a_special_card_after_a_white_one_and_a_second_coloured_card_are_named_too():
    """Playing the game: one white or one special card, exactly one coloured card; the
    special cards: "Only one special card may be played by a player in a turn"."""
    state, role = dealt("red-vizier-general", "red-monk-princess", "white-monk",
                        "special-elephant")
    why = GAME.explain_line(state, role, ["red-vizier-general", "white-monk",
                                             "special-elephant"])
    assert why is not None and why.startswith(
        "A turn plays one coloured card and at most one white or special card with it "
        "(\"Playing the game\"): `white-monk` was this turn's, so `special-elephant` would "
        "be a second.")
    why = GAME.explain_line(state, role, ["red-vizier-general", "white-monk",
                                             "red-monk-princess"])
    assert why == (
        "A turn plays exactly one coloured card (\"Playing the game\"): `red-vizier-general` "
        "was this turn's, so `red-monk-princess` would be a second. Send `red-vizier-general "
        "white-monk` now and `red-monk-princess` on a later turn.")
    why = GAME.explain_line(state, role, ["red-vizier-general", "white-monk", "withdraw"])
    assert why is not None and why.startswith(
        "A turn either plays cards or withdraws (\"Playing the game\"): ")


def test_a_line_refused_for_another_reason_keeps_its_own_reason():
    """Only a line that runs past its turn is explained here: a card not held is said by
    the step itself, and a whole turn has nothing to explain."""
    state, role = dealt("red-vizier-general", "white-monk", "white-princess")
    for words in (["red-monk-princess", "white-monk", "white-princess"],
                  ["red-vizier-general", "white-monk"], ["withdraw"]):
        assert GAME.explain_line(state, role, words) is None
