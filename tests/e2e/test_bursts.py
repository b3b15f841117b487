"""A burst while Discord rate-limits the bot (issue 37): 32 computer replies at once and
200 reminders falling due together after a downtime, while the fake answers 429s (each
channel's posts, and the bot's global limit, with Retry-After). Every post reaches its
channel exactly once, none is lost, and new interactions sent during the burst are
answered well within Discord's 3 s. The burst is `darbar bench --only faults`'s
(tools/bench/faults.py), held here to what players must see."""

from __future__ import annotations

import pytest

from tools.bench.common import pct
from tools.bench.faults import burst

pytestmark = pytest.mark.slow  # hundreds of posts: tens of seconds


@pytest.mark.parametrize("replies, reminders, per_second", [
    (6, 30, 5),  # every run: the limits met at a seventh of the size
    pytest.param(32, 200, 20, marks=pytest.mark.soak),  # the burst (make soak)
])
async def test_a_burst_under_429s_delivers_every_post_once_and_answers_in_time(
        replies, reminders, per_second):
    figures = await burst(replies, reminders, per_second=per_second)
    assert figures.rate_limited > 0  # the burst met Discord's limits
    everything = replies + reminders
    assert (figures.delivered, figures.duplicates, figures.lost) == (everything, 0, 0)
    assert len(figures.acks) >= 5 and pct(figures.acks, 0.99) < 3.0, figures.acks
