"""Taj Mahal scoring against the rules' own examples ("Influence points", "Game end")."""

from __future__ import annotations

from engine.games.taj_mahal.scoring import commodity_points, hand_points, palace_points

# A board built like the rules' palace-scoring figure: province A (cities A1-A4) is the
# current one; the neighbours B-I hold the palaces the figure's notes describe.
PROVINCE = {c: c[0] for c in ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "C1", "C2", "C3",
                              "D1", "D2", "E1", "E2", "F1", "G1", "H1", "I1", "I2")}
ROADS = [
    ("A1", "A2"), ("A2", "A3"), ("A3", "A4"), ("A4", "A1"),
    ("A4", "B1"), ("B1", "C1"), ("C1", "C3"),  # red: A4 to B and C (two palaces in C)
    ("A2", "E1"),  # red: A2 to E
    ("A1", "D1"), ("A3", "I1"),  # blue: A1 to D, A3 to I
    ("A3", "H1"), ("H1", "B2"), ("B2", "G1"), ("A3", "I2"),  # brown: A3 to H, B, G and I
    ("E2", "F1"),  # brown palaces in E and F, joined to nothing of theirs in A
    ("A1", "D2"), ("D2", "C2"), ("C2", "B3"),  # gray: D, C and B, but nothing in A
]
PALACES = {
    "A4": {"red"}, "A2": {"red"}, "B1": {"red"}, "C1": {"red"}, "C3": {"red"}, "E1": {"red"},
    "A1": {"blue"}, "A3": {"blue", "brown"}, "D1": {"blue"}, "I1": {"blue"},
    "H1": {"brown"}, "B2": {"brown"}, "G1": {"brown"}, "I2": {"brown"}, "E2": {"brown"},
    "F1": {"brown"},
    "D2": {"gray"}, "C2": {"gray"}, "B3": {"gray"},
}


def score(player: str, palaces=PALACES) -> int:
    return palace_points(PROVINCE, ROADS, palaces, player, "A")


def test_the_palace_figure_red_4_blue_3_brown_5_gray_0():
    """Red 1 + 2 (A4 to B and C) + 1 (A2 to E); Blue 1 + 1 (D) + 1 (I); Brown 1 + 4 (A3 to
    B, H, I, G); Gray 0: no palace in the current province."""
    assert score("red") == 4
    assert score("blue") == 3
    assert score("brown") == 5
    assert score("gray") == 0


def test_a_second_palace_in_a_province_scores_nothing_more():
    """Red's second palace in A, and its second in C, add no point."""
    fewer = {c: o for c, o in PALACES.items() if c not in ("A2", "C3")}
    fewer["A4"] = {"red"}
    assert score("red", fewer) == 1 + 2  # E is lost with A2, C is still reached through C1


def test_gray_on_a1_would_score_4():
    """"If gray had placed a palace on A1, he would score 4 points: 1 for A and 3 for D, C,
    and B." (A1 then holds two palaces, which carries the line for both players.)"""
    palaces = {**PALACES, "A1": {"blue", "gray"}}
    assert score("gray", palaces) == 4
    assert score("blue", palaces) == 3


def test_anna_scores_15_points_in_the_ninth_visit():
    """Anna holds two tea and two rice from earlier visits, then wins two tea bonus tiles
    (3 + 4 = 7 points: the first tile scores again for the second) and the province tile
    showing tea and rice (8 points)."""
    held = ["tea", "tea", "rice", "rice"]
    first = commodity_points(held, ["tea"])
    held.append("tea")
    second = commodity_points(held, ["tea"])
    held.append("tea")
    province = commodity_points(held, ["tea", "rice"])
    assert (first, second, province) == (3, 4, 8)
    assert first + second + province == 15


def _hand(special: int, white: int, colours: dict[str, int]) -> list[dict]:
    cards = [{"colour": "special"}] * special + [{"colour": "white"}] * white
    for colour, n in colours.items():
        cards += [{"colour": colour}] * n
    return cards


def test_end_of_game_hands_score_6_4_and_6():
    """The rules' three hands: special + white + longest colour = 1 + 2 + 3, 1 + 1 + 2 and
    1 + 0 + 5; a tie for the longest colour counts one colour only."""
    assert hand_points(_hand(1, 2, {"red": 3, "green": 1})) == 6
    assert hand_points(_hand(1, 1, {"yellow": 2, "violet": 2})) == 4
    assert hand_points(_hand(1, 0, {"violet": 5, "red": 4, "green": 1})) == 6
