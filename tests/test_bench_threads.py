"""``darbar bench``'s ``threads`` section: the same moves in a game's own thread and in a
channel, measured through the same path and printed side by side."""

from __future__ import annotations

import re

import pytest

from tools.bench.thread_move import thread_costs, thread_figures


@pytest.mark.slow
def test_the_same_moves_are_played_in_a_thread_and_in_a_channel():
    got = thread_costs("goat_tiger", moves=3, rounds=2)
    assert got["channel"].moves == got["thread"].moves == 6
    assert all(w.cpu > 0 and len(w.times) == 6 for w in got.values())


@pytest.mark.slow
def test_the_section_prints_both_rows_and_the_difference(capsys):
    thread_figures(2, 2)
    out = capsys.readouterr().out
    for where in ("channel", "thread"):
        assert re.search(rf"{where}\s+4\s+\d+\.\d\d\s+\d+\.\d\d\s+\d+\.\d\d", out), out
    assert re.search(r"thread against channel: [+-]\d+\.\d% CPU per move", out), out
