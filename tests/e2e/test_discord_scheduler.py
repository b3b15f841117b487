"""The scheduler through the real discord.py client: one game's fault, in looking after
it or in delivering what it says, never keeps the other games' reminders from their
channels; each fault is logged with its game's id and counted in /metrics."""

from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
import pytest
from prometheus_client import REGISTRY

from bot.discord_face import client
from bot.logsetup import AddContext
from bot.table import Table
from tests.e2e.test_discord_goat_tiger import answer
from tests.e2e.test_discord_stewardship import bot_at, posts_to

pytestmark = pytest.mark.slow  # two bots, one after the other: seconds

CHANNELS = (2000, 2001, 2002)


def errors() -> float:
    return REGISTRY.get_sample_value("darbar_scheduler_errors_total") or 0.0


async def test_a_game_that_fails_never_keeps_the_others_reminders_from_their_channels(
        fake_discord, db_url, bot_errors, monkeypatch, caplog):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        for channel in CHANNELS:  # a two-player game in each, waiting for Ravi's move
            await answer(fake, await fake.slash(
                "ravi", "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new",
                channel_id=channel))
            await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                                channel_id=channel))
        ids = [(await bot.repo.live_game(str(channel))).id for channel in CHANNELS]
    # A day later (the bot was down): the first game cannot be looked after, and the
    # network fails while the second one's reminder is posted.
    broken, undelivered, fine = ids
    bot = bot_at(db_url, hours_later=25)

    look_after_really = Table.look_after

    async def look_after(table, game_id, *args):
        if game_id == broken:
            raise ValueError("a corrupt stored pace")
        return await look_after_really(table, game_id, *args)

    real_post = client.post

    async def post(channel, reply, **kwargs):
        if reply.game_id == undelivered:
            raise aiohttp.ClientOSError(104, "Connection reset by peer")
        await real_post(channel, reply, **kwargs)

    monkeypatch.setattr(Table, "look_after", look_after)
    monkeypatch.setattr(client, "post", post)
    before = errors()
    mark = len(fake.requests)
    caplog.handler.addFilter(AddContext())  # each record's game, as the bot's handler adds
    with caplog.at_level(logging.ERROR, logger="darbar"):
        async with fake.running(bot):
            nudge = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
                "/channels/2002/messages") and "waiting for your move" in r.json["content"],
                after=mark)
            assert "<@101> (Goats)" in nudge.json["content"]
            await asyncio.sleep(0.3)  # several more ticks
    assert posts_to(fake, 2000, mark) == [] and posts_to(fake, 2001, mark) == []
    # Each error names its game (the INFO lines of the first bot's run may be captured
    # too, when an earlier test set the root logger's level).
    failed = [r for r in caplog.records
              if r.name.startswith("darbar") and r.levelno >= logging.ERROR]
    assert {r.game_id for r in failed} == {broken}
    # The broken game is tried once a tick (it stays due); the reminder that the network
    # kept from its channel is not an error: it is not counted as sent, and is due again
    # in five minutes, not at every tick.
    assert errors() - before == len(failed)
    game = await bot.repo.get_game(undelivered)
    assert not any(json.loads(game.pace)["sent"].values())
    assert 4 < (game.due_at - bot.clock()).total_seconds() / 60 <= 5
    assert bot_errors == []
