"""The /profile and /stats charts (issue 36): nothing clipped, whatever the names (every
game's full name, every side's, long player names), and axes a reader trusts: ticks in
1-2-5 steps, whole numbers for counts, never "-0"."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest

from engine import games
from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, Drawn, charts, recording
from tests.renderer.drawn import clashes, outside, size, unwritten

# A Discord display name is at most 32 characters; W is the widest letter.
LONG_NAME = "W" * 32
GAMES = sorted(games.ids())


def _draw(chart, *args) -> tuple[tuple[int, int], list[Drawn]]:
    with recording() as drawn:
        png = chart(*args)
    return size(png), list(drawn)


def _assert_nothing_clipped(size: tuple[int, int], drawn: list[Drawn], *whole: str) -> None:
    """Every text inside the picture, on a phone at least 9 px tall, none over another,
    and each of ``whole`` written out in full (it may wrap over lines)."""
    assert outside(drawn, size) == [], "cut at the picture's edge"
    small = [d.text for d in drawn if d.px * PHONE_WIDTH / size[0] < PHONE_MIN_PX]
    assert small == [], "too small on a phone"
    assert clashes(drawn) == [], "texts drawn over each other"
    assert unwritten(drawn, whole) == [], "not written out in full"


def _nice(values: list[str]) -> None:
    """Tick labels: numbers, no "-0", evenly spaced by 1, 2 or 5 times a power of ten."""
    assert "-0" not in values and "−0" not in values
    numbers = [Decimal(v.replace("−", "-")) for v in values]
    assert len(numbers) >= 2
    steps = {b - a for a, b in zip(numbers, numbers[1:], strict=False)}
    assert len(steps) == 1, f"irregular ticks {values}"
    step = steps.pop()
    assert step > 0
    assert step.normalize().as_tuple().digits[0] in (1, 2, 5) \
        and len(step.normalize().as_tuple().digits) == 1, f"step {step} is not 1, 2 or 5"


def _ticks(drawn: list[Drawn], axis_of: str) -> list[str]:
    """The tick labels of one axis, in order: the y axis's, right-aligned in a column,
    from the bottom; the x axis's, in one row, from the left."""
    numbers = [d for d in drawn
               if d.text.replace("−", "-").lstrip("-").replace(".", "").isdigit()]
    edge = Counter(round(d.box[2]) for d in numbers).most_common(1)[0][0]
    ys = [d for d in numbers if round(d.box[2]) == edge]
    if axis_of == "y":
        return [d.text for d in sorted(ys, key=lambda d: -d.box[1])]
    rest = [d for d in numbers if d not in ys]
    row = Counter(round(d.box[3]) for d in rest).most_common(1)[0][0]
    return [d.text for d in sorted((d for d in rest if round(d.box[3]) == row),
                                   key=lambda d: d.box[0])]


# --- /stats: shares by side ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_stats_chart_writes_every_side_and_its_title_in_full(game_id):
    game = games.get(game_id)
    title = f"{game.NAME}: share of games won by side"
    shares = [(game.ROLE_NAMES[r], (i + 1) / (len(game.ROLES) + 1))
              for i, r in enumerate(game.ROLES)]
    size, drawn = _draw(charts.bars, title, shares)
    _assert_nothing_clipped(size, drawn, title, *(name for name, _ in shares))


def test_the_stats_chart_of_a_long_title_was_cut_at_the_edge():
    """The title of issue 36's report: "…share of games wor"."""
    title = "Aadu-Huli aata (Goat-Tiger): share of games won by side"
    size, drawn = _draw(charts.bars, title, [("Goats", 0.4), ("Tigers", 0.6)])
    _assert_nothing_clipped(size, drawn, title, "Goats", "Tigers")


# --- /profile: ratings after each game ----------------------------------------------------


def test_the_profile_chart_names_every_game_in_full():
    """A player of all five games, with the longest name Discord allows."""
    history = {games.get(g).NAME: [1.5 * k - 2 + 0.3 * i for k in range(6)]
               for i, g in enumerate(GAMES)}
    title = f"{LONG_NAME}: rating after each rated game"
    size, drawn = _draw(charts.lines, title, history)
    _assert_nothing_clipped(size, drawn, title, *history)


def test_the_profile_legend_of_issue_36():
    """"Aadu-Huli aata (" was all the legend said of Goat-Tiger."""
    history = {"Aadu-Huli aata (Goat-Tiger)": [0.4, 1.9, 3.1], "Maharaja": [1.0, 2.0]}
    size, drawn = _draw(charts.lines, "Ravi: rating after each rated game", history)
    _assert_nothing_clipped(size, drawn, *history)


@pytest.mark.parametrize("history", [
    {"Maharaja": [-0.4, 2.1, 3.3, 6.2]},  # issue 36: 0, 2, 3, 5, 6 and a "-0"
    {"Maharaja": [-0.3, 0.2]},
    {"Taj Mahal": [-7.5, -3.25, 1.1], "Maharaja": [4.0]},
    {"Rajas of the Ganges": [12.0, 12.0, 12.0]},
    {"Vijayanagara": [0.01, 0.02, 0.04]},
    {"Maharaja": [18.5, 23.0, 41.7, 38.2, 55.5]},
])
def test_the_profile_axes_have_nice_ticks_and_no_minus_zero(history):
    size, drawn = _draw(charts.lines, "Ravi: rating after each rated game", history)
    _assert_nothing_clipped(size, drawn, *history)
    ys = _ticks(drawn, "y")
    _nice(ys)
    values = [v for vs in history.values() for v in vs]
    low, high = Decimal(ys[0].replace("−", "-")), Decimal(ys[-1].replace("−", "-"))
    assert low <= Decimal(str(min(values))) and Decimal(str(max(values))) <= high
    assert len(ys) <= 8


def test_the_profile_counts_games_in_whole_numbers():
    size, drawn = _draw(charts.lines, "Ravi: rating after each rated game",
                        {"Maharaja": [float(k % 5) for k in range(23)]})
    _assert_nothing_clipped(size, drawn, "Maharaja")
    xs = _ticks(drawn, "x")
    _nice(xs)
    assert all("." not in x for x in xs) and int(xs[0]) <= 1 and int(xs[-1]) >= 23
