"""5.0 and 5.5: a tie on victory points and Resources is a shared victory, or, with the
optional second tiebreaker (``tiebreak=goat_tiger``), waits on a game of Aadu-Huli aata
whose winner takes the game. Three factions tied: Darbar's reading, two games in turn."""

from __future__ import annotations

import pytest

from engine import IllegalAction, games
from engine.games.vijayanagara.data import PROVINCES
from tests.engine.vijayanagara.positions import position

g = games.get("vijayanagara")
ON = {"tiebreak": "goat_tiger"}


def over(state: dict, side: str | None) -> dict:
    """The table's step when the Goat-Tiger game ends, as every replay applies it."""
    return games.apply_step(g, state, "delhi", games.SIDE_GAME, side)


def tied(*, three: bool = False, options: dict | None = None, seed: int = 7) -> dict:
    """Timur's card with every Province Independent: Delhi 0 + 3 (no Invaders in Delhi),
    Bahmani 3 (Influence); Vijayanagara 3 too where ``three``. Resources equal."""
    return position(card="t2", cavalry={}, independent=list(PROVINCES), seed=seed,
                    influence={"bahmani": 3, **({"vijayanagara": 3} if three else {})},
                    resources={"delhi": 12, "bahmani": 12, "vijayanagara": 12 if three else 1},
                    spaces={**{p: {} for p in PROVINCES}, "passes": {}, "punjab": {}, "delhi": {}},
                    options=options)


def test_without_the_option_a_double_tie_shares_the_victory_5_0():
    s = tied()
    assert sorted(s["result"]["winners"]) == ["bahmani", "delhi"]
    assert s["result"]["reason"].endswith("share the victory.")
    assert g.side_game(s) is None


def test_the_option_is_declared_validated_and_off_by_default():
    assert "tiebreak" not in g.setup(1, {})["options"]  # off: stored as before it existed
    with pytest.raises(IllegalAction, match="goat_tiger"):
        g.setup(1, {"tiebreak": "chess"})


def test_a_tie_waits_on_a_goat_tiger_game_between_the_tied_factions_5_5():
    s = tied(options=ON)
    assert s["result"] is None
    assert g.view(s, None)["active"] == []
    wanted = g.side_game(s)
    assert wanted is not None and wanted["game"] == "goat_tiger" and wanted["round"] == 1
    assert sorted(wanted["sides"]) == ["goats", "tigers"]
    assert sorted(wanted["sides"].values()) == ["bahmani", "delhi"]
    assert "Aadu-Huli aata (Goat-Tiger) (5.5)" in s["log"][-1]
    # Nothing but the tiebreak's outcome is taken meanwhile.
    with pytest.raises(IllegalAction, match="tiebreak"):
        g.act(s, "delhi", "pass")


def test_the_sides_are_drawn_at_random_from_the_games_own_generator():
    draws = {tuple(sorted(g.side_game(tied(options=ON, seed=n))["sides"].items()))
             for n in range(1, 13)}
    assert len(draws) == 2  # either faction may be Player One (the Goats)
    # The same seed draws the same sides: a replay is exact.
    assert g.side_game(tied(options=ON, seed=5)) == g.side_game(tied(options=ON, seed=5))


@pytest.mark.parametrize("side", ["goats", "tigers"])
def test_the_goat_tiger_winner_takes_the_game(side):
    s = tied(options=ON)
    sides = g.side_game(s)["sides"]
    after = over(s, side)
    winner = sides[side]
    loser = next(f for f in sides.values() if f != winner)
    assert after["result"]["winners"] == [winner]
    assert after["result"]["scores"] == {"delhi": 3, "bahmani": 3, "vijayanagara": 0}
    reason = after["result"]["reason"]
    assert reason.startswith("Final score (5.0): ")
    assert "tiebreak (5.5)" in reason and "share" not in reason
    assert g.side_game(after) is None
    assert s["result"] is None  # act() never changes the state it was given
    short = {"delhi": "Delhi", "bahmani": "Bahmani"}
    assert f"{short[winner]} won the Aadu-Huli aata (Goat-Tiger) tiebreak (5.5) against " \
           f"{short[loser]}" in reason
    with pytest.raises(IllegalAction, match="no Goat-Tiger tiebreak"):
        over(after, side)


def test_a_goat_tiger_game_without_a_winner_leaves_the_tie_shared():
    s = over(tied(options=ON), None)
    assert sorted(s["result"]["winners"]) == ["bahmani", "delhi"]
    assert "ended without a winner" in s["result"]["reason"]
    assert s["result"]["reason"].endswith("share the victory.")


def test_three_factions_tied_play_two_games_in_turn_darbars_reading():
    s = tied(three=True, options=ON)
    first = g.side_game(s)
    assert len(set(first["sides"].values())) == 2
    third = ({"delhi", "bahmani", "vijayanagara"} - set(first["sides"].values())).pop()
    s = over(s, "tigers")
    assert s["result"] is None
    second = g.side_game(s)
    assert second["round"] == 2
    assert set(second["sides"].values()) == {first["sides"]["tigers"], third}
    s = over(s, "goats")
    assert s["result"]["winners"] == [second["sides"]["goats"]]


def test_three_tied_and_the_second_game_undecided_share_between_its_two():
    s = tied(three=True, options=ON)
    winner = g.side_game(s)["sides"]["goats"]
    s = over(s, "goats")
    third = set(g.side_game(s)["sides"].values()) - {winner}
    s = over(s, None)
    assert sorted(s["result"]["winners"]) == sorted({winner, *third})


def test_three_tied_and_the_first_game_undecided_all_three_share():
    s = over(tied(three=True, options=ON), None)
    assert sorted(s["result"]["winners"]) == ["bahmani", "delhi", "vijayanagara"]


def test_no_tie_no_tiebreak_even_with_the_option():
    s = position(card="t2", cavalry={}, independent=list(PROVINCES), options=ON,
                 influence={"bahmani": 3}, resources={"delhi": 10, "bahmani": 12},
                 spaces={**{p: {} for p in PROVINCES}, "passes": {}, "punjab": {}, "delhi": {}})
    assert s["result"]["winners"] == ["bahmani"]
    assert g.side_game(s) is None
