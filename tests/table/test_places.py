"""Where a game lives: a channel the bot cannot post in opens no game (the face names what
it lacks in ``Place.missing``), and a deleted channel's games are set aside."""

from dataclasses import replace

import pytest

from bot.table import Table
from tests.support.table import HERE, MEERA, RAVI
from tests.table.test_after_the_game import end_with, roles_of, seat


@pytest.fixture
def table(repo):
    return Table(repo)


async def test_a_game_is_not_opened_where_the_bot_lacks_permissions(table, repo):
    lacking = replace(HERE, missing=("Attach Files", "Embed Links"))
    reply = await table.new(lacking, RAVI, "goat_tiger")
    assert reply.error and reply.public is None
    assert "Attach Files and Embed Links" in reply.private
    assert "Permissions" in reply.private  # where a moderator grants them
    assert await repo.latest_game(HERE.channel_id) is None


async def test_a_rematch_is_not_opened_where_the_bot_lacks_permissions(table, repo):
    await seat(table, "goat_tiger", [RAVI, MEERA])
    await end_with(table, repo, list((await roles_of(repo)).values()))
    finished = await repo.latest_game(HERE.channel_id)
    lacking = replace(HERE, missing=("Send Messages",))
    reply = await table.rematch(lacking, RAVI, finished.id)
    assert reply.error and "Send Messages" in reply.private
    assert (await repo.latest_game(HERE.channel_id)).id == finished.id
