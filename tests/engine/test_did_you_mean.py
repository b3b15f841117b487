"""A mistyped word gets "Did you mean …?" from the shared ``games.step_for_token``,
for every game, with suggestions drawn only from the steps legal for that role now."""

import re

import pytest

from engine import IllegalAction, games
from tests.engine.vijayanagara.positions import play as vplay
from tests.engine.vijayanagara.positions import turns
from tests.support.goat_tiger import g, position

delhi_turn, bahmani_turn, _ = turns(funds=5)
vg = games.get("vijayanagara")


def refusal(game, state, word) -> str:
    """The refusal of a typed word, resolved and applied as the table does."""
    role = game.view(state, None)["active"][0]
    with pytest.raises(IllegalAction) as refused:
        action, arg = games.step_for_token(game, state, role, word)
        game.act(state, role, action, arg)
    return str(refused.value)


def suggested(message: str) -> list[str]:
    match = re.search(r"Did you mean (.*)\?$", message)
    return re.findall(r"`([^`]+)`", match.group(1)) if match else []


def legal(game, state) -> set[str]:
    role = game.view(state, None)["active"][0]
    return set(games.tokens(game, game.view(state, role)))


def test_goat_tiger_typo_of_a_point_suggests_the_legal_point():
    """5.5: a Goat is placed on an empty vertex; `c33` is not a point, c3 is free."""
    msg = refusal(g, g.setup(1, {}), "c33")
    assert "`c33` is not a point on the board" in msg
    assert suggested(msg) == ["c3"]


def test_goat_tiger_suggests_only_what_the_side_may_play():
    """5.5: Tigers move Tigers. With no tiger on c3, `c33` suggests nothing;
    `b33` suggests b3, a tiger that can move."""
    s = position(goats=["c3"], to_move="tigers")
    assert suggested(refusal(g, s, "c33")) == []
    msg = refusal(g, s, "b33")
    assert suggested(msg) == ["b3"] and set(suggested(msg)) <= legal(g, s)


def test_vijayanagara_command_typo_suggests_only_the_factions_own_command():
    """Conscript is Delhi's Command (3.2.1): Delhi's typo keeps the game's reason and is
    answered with it; the same typo by Bahmani, who cannot Conscript, is not."""
    msg = refusal(vg, vplay(delhi_turn(), "cmd"), "cosncript")
    assert "`cosncript` is not possible now" in msg  # the game's own refusal, kept
    assert suggested(msg) == ["conscript"]
    s = vplay(bahmani_turn(), "cmd")
    assert "conscript" not in legal(vg, s)
    msg = refusal(vg, s, "conscrpt")
    assert "is not possible now" in msg and suggested(msg) == []


def test_vijayanagara_space_and_choice_typos_are_suggested_far_words_are_not():
    s = vplay(delhi_turn(), "cmd conscript")
    assert suggested(refusal(vg, s, "dehli")) == ["delhi"]
    assert suggested(refusal(vg, s, "xyzzy")) == []
    msg = refusal(vg, delhi_turn(), "comand")
    assert "command" in suggested(msg) and set(suggested(msg)) <= legal(vg, delhi_turn())
