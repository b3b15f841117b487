"""The gateway as it really fails, through the real discord.py client and the fake
Discord: a connection closed with a code that allows reconnecting (the session cannot
resume, so the bot IDENTIFYs again) while interactions keep coming, and a close code after
which no reconnecting helps (the process ends in one sentence, like any `darbar run`
failure)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.discord_face.client import DarbarBot
from tests.e2e.conftest import BotProcess
from tests.e2e.test_discord_goat_tiger import answer, content
from tests.e2e.test_health import get
from tests.e2e.test_run_failures import ended_with

pytestmark = pytest.mark.slow  # a bot through reconnects: seconds

NEW_GAME = {"game": "goat_tiger", "side": "goats", "opponent": "computer"}


async def status_becomes(bot: DarbarBot, status: int) -> str:
    for _ in range(300):
        got, text = await get(bot, "/readyz")
        if got == status:
            return text
        await asyncio.sleep(0.02)
    raise AssertionError(await get(bot, "/readyz"))


@pytest.mark.parametrize("code", [4000, 4009])  # unknown error; session timed out
async def test_interactions_made_while_the_gateway_is_down(fake_discord, db_url, code, caplog,
                                                           bot_errors):
    """While the connection is down /readyz is 503; what players sent meanwhile reaches
    the bot after the new READY: one still inside Discord's 3 s is answered once, one
    past them is left alone (nothing played, nothing raised), and /readyz is 200 again."""
    fake = fake_discord
    fake.answer_window = 3.0  # Discord refuses a first answer after 3 s
    bot = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                    health_at=("127.0.0.1", 0))
    let_in = asyncio.Event()

    async def held(shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:  # the new IDENTIFY waits until the test lets it in
            await let_in.wait()

    bot.before_identify_hook = held  # type: ignore[method-assign]
    async with fake.running(bot, instant_reidentify=False):
        await answer(fake, await fake.slash("ravi", "game", NEW_GAME, subcommand="new"))
        identified = len(fake.identify_payloads)
        await fake.close_gateway(code)
        assert "gateway" in await status_becomes(bot, 503)
        stale = await fake.late_slash(4.0, "ravi", "play", {"move": "c4"})
        fresh = await fake.slash("ravi", "play", {"move": "c3"})
        assert fresh.requests == [] and stale.requests == []  # nothing reached the bot yet
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="darbar"):
            let_in.set()
            r = await answer(fake, fresh)
            await stale.wait_done(quiet=0.2, timeout=1.0) if stale.requests else None
        assert len(fake.identify_payloads) == identified + 1
        assert "**ravi**: Goats place on c3." in content(r)
        assert [q.status for q in fresh.requests if "/callback" in q.path] == [200]  # once
        assert all(q.status != 200 for q in stale.requests)  # never answered
        game = await bot.repo.latest_game("2000")
        log = [s.arg for s in await bot.repo.steps(game.id) if s.user_id]
        assert log == ['"c3"']  # the late move was not played
        assert "command play: expired" in caplog.text
        assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
        assert await status_becomes(bot, 200) == "ready\n"
    assert bot_errors == []


@pytest.mark.parametrize(("when", "code", "said"), [
    ("identify", 4014, "close code 4014: disallowed intents"),
    ("session", 4004, "close code 4004: authentication failed"),
])
async def test_a_close_that_allows_no_reconnect_is_one_sentence(fake_discord, tmp_path, when,
                                                                code, said):
    fake = fake_discord
    if when == "identify":
        fake.refuse_identify(code)
    bot = BotProcess(fake, tmp_path)
    if when == "session":
        await bot.logged("connected as")
        await fake.close_gateway(code)
    line = await ended_with(bot, "Discord closed the gateway connection for good", said)
    assert line
