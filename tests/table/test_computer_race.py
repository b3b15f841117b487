"""Two requests that both make the computer's reply (a restart's resume and the move that
woke it): the one whose write comes second takes the other's, and its post still tells the
computer's move. Both posts are one delivery (the same nonce: game and version), so
Discord keeps whichever arrives first; a post that left the computer's move out lost it
from the channel whenever it came first (issue 37's burst, about one run in three)."""

from __future__ import annotations

from bot import workers
from tests.support.table import HERE, RAVI


async def test_a_move_whose_computer_reply_another_request_made_still_tells_it(
        table, monkeypatch):
    r = await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=2)
    assert not r.error, r.private
    search = workers.bot_steps
    resumed: list = []
    calls = []

    async def resumed_meanwhile(game_id, state, role, **how):
        calls.append(role)
        steps = await search(game_id, state, role, **how)
        if len(calls) == 1:  # while this search ran, a restart's resume made the reply
            resumed.append(await table.resume(HERE))
        return steps
    monkeypatch.setattr(workers, "bot_steps", resumed_meanwhile)

    r = await table.play(HERE, RAVI, "c3")
    assert not r.error, r.private
    theirs = resumed[0]
    assert theirs is not None and "**Computer**" in theirs.public
    assert "**Computer**" in r.public, r.public  # the same move, told in both
    assert theirs.version == r.version  # one delivery: Discord keeps one of the two
    computer_line = next(x for x in theirs.public.splitlines() if "**Computer**" in x)
    assert computer_line in r.public.splitlines()
