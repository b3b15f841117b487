"""The operators' endpoint (bot/health.py) through a real HTTP client, while the bot runs
against the fake Discord: /healthz at once, /readyz only once the gateway is connected
and while the database answers, /metrics moving as moves are played."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import health
from bot.discord_face.client import DarbarBot
from bot.discord_face.running import make_bot
from tests.e2e.test_discord_goat_tiger import answer, content

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


class ProbedBot(DarbarBot):
    """Asks its own endpoint how it is while it starts: setup_hook runs before the
    gateway connects."""

    probed: dict[str, tuple[int, str]]

    async def setup_hook(self) -> None:
        await super().setup_hook()
        self.probed = {path: await get(self, path) for path in ("/healthz", "/readyz")}


def the_bot(db_url: str) -> ProbedBot:
    return ProbedBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                     health_at=("127.0.0.1", 0))


async def get(bot: DarbarBot, path: str) -> tuple[int, str]:
    assert bot.health is not None
    async with aiohttp.ClientSession() as http, \
            http.get(f"http://127.0.0.1:{bot.health.port}{path}") as r:
        return r.status, await r.text()


async def metrics(bot: DarbarBot) -> Samples:
    status, text = await get(bot, "/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: Samples, metric: str, /, **labels: str) -> float:
    return samples.get((metric, tuple(sorted(labels.items()))), 0.0)


def test_the_endpoint_is_off_unless_a_port_is_given_and_on_localhost_unless_told():
    assert health.settings({}) is None
    assert health.settings({"HEALTH_PORT": " "}) is None
    assert health.settings({"HEALTH_PORT": "9108"}) == ("127.0.0.1", 9108)
    assert health.settings({"HEALTH_PORT": "9108", "HEALTH_HOST": "0.0.0.0"}) == (
        "0.0.0.0", 9108)
    assert make_bot({}).health_at is None
    assert make_bot({"HEALTH_PORT": "9108"}).health_at == ("127.0.0.1", 9108)


@pytest.mark.slow
async def test_health_readiness_and_metrics_as_the_bot_plays(fake_discord, db_url,
                                                             bot_errors):
    fake = fake_discord
    async with fake.running(the_bot(db_url)) as bot:
        # Before the gateway connected: up, not ready.
        assert bot.probed["/healthz"] == (200, "ok\n")
        assert bot.probed["/readyz"][0] == 503
        assert "gateway" in bot.probed["/readyz"][1]
        assert await get(bot, "/readyz") == (200, "ready\n")

        before = await metrics(bot)
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        assert "Computer" in content(r)
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "**Computer**: Tigers" in content(r)
        await answer(fake, await fake.slash("ravi", "play", {"move": "zz9"}))  # refused
        await fake.autocomplete("ravi", "play", {"move": "c"}, "move")
        after = await metrics(bot)

        def moved(metric: str, /, **labels: str) -> float:
            return value(after, metric, **labels) - value(before, metric, **labels)

        # Two moves: the player's and the computer's; the picture of the position drawn.
        assert moved("darbar_moves_total", game="goat_tiger") == 2
        assert moved("darbar_steps_total", game="goat_tiger") >= 2
        assert moved("darbar_computer_think_seconds_count", game="goat_tiger") == 1
        assert moved("darbar_render_seconds_count", game="goat_tiger", picture="board") >= 2
        assert moved("darbar_interactions_total", kind="command", name="game new",
                     outcome="ok") == 1
        assert moved("darbar_interactions_total", kind="command", name="play",
                     outcome="ok") == 1
        assert moved("darbar_interactions_total", kind="command", name="play",
                     outcome="refused") == 1
        assert moved("darbar_interactions_total", kind="autocomplete", name="play",
                     outcome="ok") == 1
        assert moved("darbar_first_answer_seconds_count", kind="command") == 3
        assert moved("darbar_first_answer_seconds_bucket", kind="command", le="3.0") == 3
        assert value(after, "darbar_open_games", game="goat_tiger", status="active") == 1
        assert value(after, "process_resident_memory_bytes") > 10e6
        assert ("darbar_scheduler_lag_seconds", ()) in after

        # A database that does not answer: not ready, and says why.
        assert bot.repo is not None

        async def down() -> None:
            raise OSError("connection refused")

        bot.repo.ping = down  # type: ignore[method-assign]
        status, text = await get(bot, "/readyz")
        assert status == 503 and "database" in text
        del bot.repo.ping
        assert (await get(bot, "/readyz"))[0] == 200
    assert bot.health is not None and bot.health._runner is None  # stopped with the bot
    assert bot_errors == []


@pytest.mark.slow
async def test_not_ready_while_the_gateway_reconnects(fake_discord, db_url, bot_errors):
    """A dropped gateway connection makes the process not ready until it is back, so a
    load balancer or an orchestrator stops counting on it meanwhile."""
    fake = fake_discord
    bot = the_bot(db_url)
    let_in = asyncio.Event()

    async def held(shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:  # the reconnect waits until the test lets it in
            await let_in.wait()

    bot.before_identify_hook = held  # type: ignore[method-assign]
    async with fake.running(bot, instant_reidentify=False):
        assert await get(bot, "/readyz") == (200, "ready\n")
        await fake.drop_gateway(wait=False)
        for _ in range(200):  # the client notices the close within a few ticks
            status, text = await get(bot, "/readyz")
            if status == 503:
                break
            await asyncio.sleep(0.01)
        assert (status, text) == (503, "not ready: not connected to the gateway\n")
        assert (await get(bot, "/healthz")) == (200, "ok\n")  # alive all the while
        let_in.set()
        for _ in range(500):
            if (await get(bot, "/readyz"))[0] == 200:
                break
            await asyncio.sleep(0.01)
        assert await get(bot, "/readyz") == (200, "ready\n")
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        assert "Computer" in content(r)  # and it answers again
    assert bot_errors == []
