"""Who follows a game by DM is read with the game by a call that posts a move (one read
fewer a move), and read again with the post after the computer's search, so that one who
follows while the computer thinks is sent the post with its reply."""

from __future__ import annotations

import pytest

from bot import workers
from bot.table import Table
from tests.support.table import ASHA, HERE, MEERA, RAVI, SAM


@pytest.fixture
def table(repo):
    return Table(repo)


async def test_a_typed_move_and_a_click_go_to_who_follows_by_dm(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    await table.join(HERE, MEERA)
    assert not (await table.follow(HERE, SAM, "dm")).error
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error and r.followers == ("104",)
    assert not (await table.unfollow(HERE, SAM)).error
    r = await table.panel(HERE, MEERA)
    while r.public is None:  # a tiger's move: the tiger, then where it goes
        step = next(c for c in r.choices if c.token)
        r = await table.click(HERE, MEERA, r.game_id, r.version, step.token)
        assert not r.error, r.private
    assert r.followers == ()


async def test_one_who_follows_while_the_computer_thinks_gets_its_reply(table, repo,
                                                                     monkeypatch):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer")
    assert not (await table.follow(HERE, SAM, "dm")).error
    search = workers.bot_steps

    async def thinking(*args, **kwargs):
        assert not (await table.follow(HERE, ASHA, "dm")).error  # meanwhile
        return await search(*args, **kwargs)
    monkeypatch.setattr(workers, "bot_steps", thinking)
    r = await table.play(HERE, RAVI, "c3")
    assert not r.error and "Computer" in r.public
    assert set(r.followers) == {"103", "104"}
