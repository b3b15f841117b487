"""Undo, told to the right people (issue 36): a refused undo request is said where it was
asked, in the channel, with the asker pinged; an undo before one has moved says so."""

from __future__ import annotations

import pytest

from tests.support.table import HERE, MEERA, RAVI, SAM, snapshot
from tests.table.test_table_vijayanagara import _third_pass_reveals_a_card, state_of


@pytest.mark.slow
async def test_a_refused_undo_is_told_to_the_asker_in_the_channel(table, repo):
    before = await _third_pass_reveals_a_card(table, repo)
    asked = await table.undo(HERE, RAVI)
    assert asked.consent is not None and asked.public  # asked in the channel
    no = await table.undo_vote(HERE, MEERA, asked.consent.request_id, False)
    assert not no.error
    # The channel hears it, and ravi is pinged by id (nobody else).
    assert no.public and "**meera** refuses to take back ravi's move" in no.public, no.public
    assert [p.user_id for p in no.pings] == [RAVI.user_id]
    assert "refused" in no.ping_note
    assert "move stands" in no.private  # and meera is told what her answer did
    assert await state_of(repo) == before


@pytest.mark.slow
async def test_undo_before_you_have_moved_says_you_have_not_moved_yet(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=1)
    await table.join(HERE, MEERA)
    before = await snapshot(repo)
    for who in (RAVI, MEERA):  # nobody has moved
        r = await table.undo(HERE, who)
        assert r.error and "You have not moved yet in this game" in r.private, r.private
    await table.play(HERE, RAVI, "c3")
    before = await snapshot(repo)
    r = await table.undo(HERE, MEERA)  # ravi has moved; meera has not
    assert r.error and "You have not moved yet in this game" in r.private, r.private
    assert await snapshot(repo) == before
    r = await table.undo(HERE, SAM)
    assert r.error and "not seated" in r.private
