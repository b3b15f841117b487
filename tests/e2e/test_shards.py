"""Two real bot processes (`python -m bot`) as the two shards of one fake Discord, over one
PostgreSQL database (issue 37): each carries the guilds of its shard. One is killed with
SIGKILL while a person's move and a computer's reply are stored but not yet posted (each
post held by Discord answering 429 with a long Retry-After): the other plays on, and
reminders and timeouts that fall due meanwhile are sent by the process of their guild
only; the restarted process posts what was stored but not posted and what fell due while
it was down, each exactly once. The scenario is tools/bench/shard_kill.py's, which
`darbar bench --only faults` runs too; it fails (ScenarioFailed) where a step it rests on
did not happen."""

from __future__ import annotations

import pytest

from tools.bench.shard_kill import LATE, B, shard_kill

pytestmark = pytest.mark.slow  # real processes: seconds


async def test_a_killed_shard_process_loses_nothing_and_the_other_plays_on(pg_db_url, tmp_path):
    f = await shard_kill(pg_db_url, tmp_path)
    # The kill cut off a person's move and a computer's reply, stored and not posted.
    assert f.cut_off == 2
    # Shard zero played on and sent its own guild's reminder and timeout, and nothing of
    # shard one's guild.
    assert f.other_answered == f.other_moves == 2
    assert f.dead_guild_posts == 0
    # Restarted, shard one did what fell due, once each (shard zero's too, once each).
    assert f.reminders == [1, 1] and f.timeouts == [1, 1]
    # It posted the moves held when it was killed, once each: what each channel missed
    # (the delivery ledger), the log's lines.
    assert f.caught_up == 2
    late = f.late[B["computer"]]
    assert len(late) == 1 and all(w in late[0] for w in LATE[B["computer"]])
    late = f.late[B["people"]]
    assert len(late) == 1 and "Tigers move" in late[0]
    # Its games play on: every one posted in after the restart.
    assert f.answered_after == f.moves_after == 2
    assert f.resumed == f.games == 4
    # No post anywhere was made twice; no process logged a traceback.
    assert f.duplicates == 0
    assert not f.tracebacks, f.tracebacks[0]
