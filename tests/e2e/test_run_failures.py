"""`darbar run` that cannot start ends with one plain sentence and exit status 1, not a
traceback: no network to Discord, a token Discord refuses, a database that does not answer.
The real entry point, in a process of its own, as a service manager starts it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TOKEN, BotProcess
from tests.test_cli import closed_port

pytestmark = pytest.mark.slow  # a process of its own: seconds


async def ended_with(bot: BotProcess, *fragments: str) -> str:
    """The bot stopped by itself with status 1, its last line ``darbar run: …`` naming
    each fragment, and no traceback; returns that line."""
    try:
        assert await bot.exited(60) == 1, bot.log
    finally:
        bot.kill()
    last = bot.lines[-1].rstrip("\n")
    assert last.startswith("darbar run: ") and last.endswith("."), bot.log
    assert "Traceback" not in bot.log, bot.log
    assert TOKEN not in bot.log
    for fragment in fragments:
        assert fragment in last, last
    return last


async def test_no_network_to_discord_is_one_sentence(fake_discord, tmp_path):
    port = closed_port()
    bot = BotProcess(fake_discord, tmp_path, DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
                     DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/")
    await ended_with(bot, f"Could not reach Discord (127.0.0.1:{port}: connection refused): "
                     "check the network and try again.")


async def test_a_token_discord_refuses_is_one_sentence(fake_discord, tmp_path):
    fake_discord.fail_next("GET", r"^/users/@me$", status=401)
    bot = BotProcess(fake_discord, tmp_path)
    await ended_with(bot, "Discord refused the bot token (DISCORD_TOKEN)")


async def test_a_database_that_does_not_answer_is_one_sentence(fake_discord, tmp_path):
    url = f"postgresql://darbar:s3cret@127.0.0.1:{closed_port()}/darbar"
    bot = BotProcess(fake_discord, tmp_path, DATABASE_URL=url)
    line = await ended_with(bot, "Could not open the database postgresql+asyncpg://darbar:***@",
                            "connection refused")
    assert "s3cret" not in bot.log and line
