"""What an operator sees of the real bot (`python -m bot`, as a service manager starts it)
against the fake Discord: the health endpoint through a real HTTP client, metrics that
move as moves are played, JSON logs that parse and carry the context of each line, and a
SIGTERM in the middle of a burst of interactions that leaves none unanswered."""

from __future__ import annotations

import asyncio
import json
import socket

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.discord_face.respond import RESTARTING
from tests.e2e.conftest import TOKEN, BotProcess
from tests.e2e.test_discord_goat_tiger import answer, content
from tests.e2e.test_shutdown import replied

pytestmark = pytest.mark.slow  # a process of its own: seconds

CHANNELS = (2000, 2001, 2002)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def moves(http: aiohttp.ClientSession, base: str) -> float:
    async with http.get(f"{base}/metrics") as r:
        assert r.status == 200
        text = await r.text()
    return sum(s.value for family in text_string_to_metric_families(text)
               for s in family.samples
               if s.name == "darbar_moves_total" and s.labels == {"game": "goat_tiger"})


async def test_the_operator_sees_health_metrics_and_json_logs_and_sigterm_loses_nothing(
        fake_discord, tmp_path):
    fake = fake_discord
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bot = BotProcess(fake, tmp_path, LOG_FORMAT="json", HEALTH_PORT=str(port))
    try:
        async with aiohttp.ClientSession() as http:
            await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path,
                                timeout=30)
            async with http.get(f"{base}/healthz") as r:
                assert (r.status, await r.text()) == (200, "ok\n")
            for _ in range(300):  # ready once the gateway is connected
                async with http.get(f"{base}/readyz") as r:
                    if r.status == 200:
                        break
                await asyncio.sleep(0.05)
            assert r.status == 200

            for channel in CHANNELS:
                await answer(fake, await fake.slash(
                    "ravi", "game", {"game": "goat_tiger", "side": "goats",
                                     "opponent": "computer"}, subcommand="new",
                    channel_id=channel))
            before = await moves(http, base)
            for channel in CHANNELS:
                r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"},
                                                        channel_id=channel))
                assert "**Computer**: Tigers" in content(r)
            assert await moves(http, base) == before + 2 * len(CHANNELS)

            # A burst: a move against the computer, the board and the log in each channel,
            # and SIGTERM while it is under way.
            burst = []
            for channel in CHANNELS:
                burst.append(("play", await fake.slash("ravi", "play", {"move": "c4"},
                                                       channel_id=channel)))
                burst.append(("other", await fake.slash("meera", "board",
                                                        channel_id=channel)))
                burst.append(("other", await fake.slash("arjun", "log", channel_id=channel)))
            await burst[0][1].wait_response(timeout=10)
            bot.proc.terminate()
            code = await bot.exited(timeout=60)
    finally:
        bot.kill()
    err = bot.log
    assert code == 0, err
    for what, handle in burst:  # every one answered: its reply, or "restarting"
        text = replied(fake, handle)
        assert text, handle
        if what == "play":
            assert "**Computer**: Tigers" in text or text == RESTARTING, text

    # Every line of the log is one JSON object; none holds the token.
    assert TOKEN not in err
    lines = [json.loads(line) for line in err.splitlines()]
    assert all({"time", "level", "logger", "message"} <= set(x) for x in lines)
    assert any(x["message"] == "SIGTERM: closing" for x in lines)
    assert lines[0]["message"].startswith("Database: ")  # which database, as a JSON line too
    assert not [x for x in lines if x["level"] == "ERROR"], err
    played = [x for x in lines if x["logger"] == "darbar.interactions"
              and x.get("interaction") == "play" and x["message"].startswith("command play: ok")]
    assert len(played) >= len(CHANNELS)
    for x in played:
        assert x["guild_id"] == str(fake.guild_id) and x["shard"] == 0
        assert int(x["channel_id"]) in CHANNELS and x["user_id"] == str(fake.users["ravi"])
        assert isinstance(x["game_id"], int)
    assert len({x["game_id"] for x in played}) == len(CHANNELS)


async def test_nothing_the_bot_logs_from_start_to_stop_holds_the_token(fake_discord, tmp_path):
    """Redaction is the last guard, not the first: at DEBUG, through start-up, a game and
    a stop, no line had anything to redact (nothing logged, an object's repr included,
    held the token in the first place)."""
    fake = fake_discord
    bot = BotProcess(fake, tmp_path, LOG_LEVEL="DEBUG")
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path, timeout=30)
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        bot.proc.terminate()
        code = await bot.exited(timeout=60)
    finally:
        bot.kill()
    assert code == 0, bot.log
    assert " DEBUG discord." in bot.log  # discord.py's own lines were there
    assert TOKEN not in bot.log and "[redacted]" not in bot.log
