"""Where a game lives: a channel the bot cannot post in opens no game (the face names what
it lacks in ``Place.missing``), and a deleted channel's games are set aside."""

import json
from dataclasses import replace

import pytest

from bot.admin import export_game, import_game
from bot.table import Table
from tests.support.table import HERE, MEERA, MOD, RAVI
from tests.table.test_after_the_game import end_with, play_moves, roles_of, seat


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


@pytest.mark.slow  # a whole game seated (and played)
async def test_a_rematch_is_not_opened_where_the_bot_lacks_permissions(table, repo):
    await seat(table, "goat_tiger", [RAVI, MEERA])
    await end_with(table, repo, list((await roles_of(repo)).values()))
    finished = await repo.latest_game(HERE.channel_id)
    lacking = replace(HERE, missing=("Send Messages",))
    reply = await table.rematch(lacking, RAVI, finished.id)
    assert reply.error and "Send Messages" in reply.private
    assert (await repo.latest_game(HERE.channel_id)).id == finished.id


@pytest.mark.slow  # a whole game seated (and played)
async def test_a_deleted_channels_game_is_set_aside_and_kept(table, repo, clock):
    table = Table(repo, now=clock, max_open_games=1)
    await seat(table, "goat_tiger", [RAVI, MEERA])
    game = await repo.latest_game(HERE.channel_id)
    assert f"#{game.id}" in (await table.my_games(HERE, RAVI)).private
    steps = await repo.step_log(game.id)

    assert await table.set_aside([HERE.channel_id]) == [game.id]
    aside = await repo.get_game(game.id)
    assert aside.status == "aside" and aside.due_at is None  # nothing falls due in it
    assert await repo.step_log(game.id) == steps  # its whole log kept
    mine = (await table.my_games(HERE, RAVI)).private
    assert f"#{game.id}" not in mine
    listed = (await table.list_games(HERE, MOD)).private
    assert f"#{game.id}" in listed and "set aside: its channel was deleted" in listed
    # It no longer counts among the player's open games: a new one opens elsewhere.
    elsewhere = replace(HERE, channel_id="2001")
    assert not (await table.new(elsewhere, RAVI, "goat_tiger")).error
    # Set aside once: a second deletion event finds nothing to do.
    assert await table.set_aside([HERE.channel_id]) == []


@pytest.mark.slow  # a whole game seated (and played)
async def test_a_game_set_aside_comes_back_by_its_export_in_another_channel(table, repo):
    await seat(table, "goat_tiger", [RAVI, MEERA])
    await play_moves(table, repo, 3)
    game = await repo.latest_game(HERE.channel_id)
    await table.set_aside([HERE.channel_id])
    data = json.loads(json.dumps(await export_game(repo, game.id)))
    back = await repo.get_game(await import_game(repo, data, channel_id="2009"))
    assert back.status == "active" and back.channel_id == "2009"
    assert [s.action for s in await repo.step_log(back.id)] == \
        [s.action for s in await repo.step_log(game.id)]
    assert f"#{back.id}" in (await table.my_games(HERE, RAVI)).private
