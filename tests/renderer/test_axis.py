"""The charts' axis helper (renderer/common/axis.py): ticks in 1-2-5 steps covering the values,
whole numbers for counts, and labels without "-0"."""

from __future__ import annotations

import pytest

from renderer.common import axis


@pytest.mark.parametrize(("low", "high", "whole", "expected"), [
    (-0.4, 6.2, False, [-2, 0, 2, 4, 6, 8]),
    (0, 1, False, [0, 0.2, 0.4, 0.6, 0.8, 1]),
    (1, 3, True, [1, 2, 3]),
    (1, 23, True, [0, 5, 10, 15, 20, 25]),
    (1, 2, True, [1, 2]),
    (12, 12, False, [11, 11.5, 12, 12.5, 13]),  # one value: room around it
    (-7.5, 4, False, [-8, -6, -4, -2, 0, 2, 4]),
])
def test_ticks_step_by_1_2_or_5_and_cover_the_values(low, high, whole, expected):
    assert axis.ticks(low, high, whole=whole) == pytest.approx(expected)


@pytest.mark.parametrize(("values", "texts"), [
    ([-2.0, 0.0, 2.0], ["−2", "0", "2"]),
    ([-0.0, 0.5], ["0.0", "0.5"]),
    ([-0.2, 0.0, 0.2], ["−0.2", "0.0", "0.2"]),
    ([0.0, 0.05, 0.1], ["0.00", "0.05", "0.10"]),
    ([10.0, 20.0], ["10", "20"]),
])
def test_tick_labels_share_their_decimals_and_never_say_minus_zero(values, texts):
    assert axis.labels(values) == texts
