"""``darbar bench``'s ``move`` section: a typed move's CPU set against its floor (the
engine's work on the move and the picture posted with it)."""

from __future__ import annotations

import re

import pytest

from tools.bench.common import play
from tools.bench.move_cost import engine_seconds, move_costs, move_figures


@pytest.mark.slow
def test_every_move_is_counted_with_the_picture_posted_for_it():
    (cost,) = move_costs(6, ["goat_tiger"])
    assert cost.moves == 6
    # each completed move posts one board (a banner's over the last one, were it the end)
    assert cost.pictures == 6 and all(size > 10_000 for size in cost.sizes)
    assert 0 < cost.engine < cost.picture < cost.cpu  # the table's work comes on top


def test_the_engine_floor_is_the_moves_as_typed_and_nothing_else():
    p = play("goat_tiger", 3, 4)
    assert engine_seconds(p) > 0
    # the same moves, applied again, take time again: nothing is left over between runs
    assert engine_seconds(play("goat_tiger", 3, 0)) == 0


@pytest.mark.slow
def test_the_section_prints_a_row_with_its_goal_per_game(capsys):
    move_figures(4, 0, ["goat_tiger"])
    out = capsys.readouterr().out
    assert re.search(r"goat_tiger\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\d×\s+"
                     r"-?\d+\.\d\s+16 / 22\.0–29\.3\s+(met|NOT met)", out), out
