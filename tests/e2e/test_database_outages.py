"""The database going away while players play, through the real discord.py client and
the fake Discord: SQLite write-locked by another connection (a backup, an admin tool), and
PostgreSQL restarted (stopped a few seconds, started again). Every interaction meanwhile
gets a private, polite "try again in a moment" within Discord's 3 s (autocomplete offers
nothing), nothing is half-written (each game's log replays to its snapshot), /readyz says
so and the scheduler skips its tick quietly; when the database is back the bot plays on
by itself."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot import workers
from bot.admin import replay_game
from bot.discord_face.client import DarbarBot
from bot.metrics import INTERACTIONS, SCHEDULER_MISSED
from tests.e2e.test_discord_goat_tiger import answer, content
from tests.e2e.test_health import get
from tools.fake_discord import EPHEMERAL, FakeDiscord, InteractionHandle
from tools.pg_cluster import PgCluster, find_bindir

pytestmark = pytest.mark.slow  # a bot and a database server: seconds

NEW_GAME = {"game": "goat_tiger", "side": "goats", "opponent": "computer"}
NOT_ANSWERING = "The game store is not answering"


def the_bot(url: str) -> DarbarBot:
    return DarbarBot(database_url=url, guild_ready_timeout=0.1, rate_limit=None,
                     health_at=("127.0.0.1", 0), reminder_poll=3600)


async def told(handle: InteractionHandle, since: float) -> str:
    """What the one who interacted was told, all of it private, the first answer (a reply
    or a deferral) within Discord's 3 s of ``since``."""
    await handle.wait_done(quiet=0.05)
    first = await handle.wait_response()
    assert first.time - since < 3.0, first.time - since
    shown = [m for m in (handle.original, *handle.followups) if m is not None]
    assert shown and all(m["flags"] & EPHEMERAL for m in shown), shown
    return "\n".join(m["content"] for m in shown)


def polite(text: str) -> None:
    assert NOT_ANSWERING in text and "try again in a moment" in text, text
    assert "went wrong" not in text and "Traceback" not in text


async def a_move(fake: FakeDiscord) -> str:
    """A goat placement the game allows now (from autocomplete)."""
    choices = await fake.autocomplete("ravi", "play", {"move": ""}, "move")
    return str(choices[0]["value"])


async def a_step_button(fake: FakeDiscord) -> tuple[int, str]:
    """The message id and custom id of a step button on ravi's panel."""
    r = await answer(fake, await fake.slash("ravi", "play"))
    panel = fake.message_from_callback(r)
    return int(panel["id"]), next(c for c in fake.component_custom_ids(panel) if ":s:" in c)


async def everyone_meanwhile(fake: FakeDiscord, panel: int, button: str) -> list:
    """A move and a click on a step button (of a panel shown before) at once, each told
    politely; then an autocomplete, whose choices are returned."""
    since = time.monotonic()
    move, click = await asyncio.gather(
        fake.slash("ravi", "play", {"move": "c3"}), fake.click("ravi", panel, button))
    choices = await fake.autocomplete("ravi", "play", {"move": "c"}, "move")
    for handle in (move, click):
        polite(await told(handle, since))
    return choices


async def replays(bot: DarbarBot) -> int:
    """The channel's game's log replays to its snapshot (nothing half-written); its
    number of live steps."""
    assert bot.repo is not None
    game = await bot.repo.latest_game("2000")
    assert game is not None and game.id is not None
    assert "OK" in await replay_game(bot.repo, game.id)
    return len(await bot.repo.steps(game.id))


async def ready_again(bot: DarbarBot) -> None:
    for _ in range(100):
        if (await get(bot, "/readyz"))[0] == 200:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(await get(bot, "/readyz"))


# --- SQLite locked by another connection ------------------------------------------------


@contextlib.contextmanager
def write_locked(path: Path) -> Iterator[sqlite3.Connection]:
    """Another connection holding the database's write lock (as a backup tool or an admin
    command writing does) until the block ends."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        conn.rollback()
        conn.close()


async def test_sqlite_locked_by_a_backup_while_players_play(fake_discord, tmp_path,
                                                            bot_errors):
    fake, path = fake_discord, tmp_path / "bot.sqlite3"
    async with fake.running(the_bot(f"sqlite+aiosqlite:///{path}")) as bot:
        await answer(fake, await fake.slash("ravi", "game", NEW_GAME, subcommand="new"))
        steps = await replays(bot)
        failed = INTERACTIONS.labels("command", "play", "unavailable")._value.get()

        panel = await a_step_button(fake)
        with write_locked(path):
            # Reads go on under another's write lock (WAL): autocomplete still offers.
            assert await everyone_meanwhile(fake, *panel) != []
            status, text = await get(bot, "/readyz")
            assert status == 503 and "database" in text, text
            assert await replays(bot) == steps  # nothing was written
        assert INTERACTIONS.labels("command", "play", "unavailable")._value.get() == failed + 1

        # A brief lock (half a second) is ridden out: the move waits, then is played.
        with write_locked(path) as conn:
            threading.Timer(0.5, conn.rollback).start()
            r = await answer(fake, await fake.slash("ravi", "play", {"move": await a_move(fake)}))
        assert "**Computer**: Tigers" in content(r)
        await ready_again(bot)
        assert await replays(bot) > steps + 1  # the move and the computer's reply
    assert bot_errors == []


# --- PostgreSQL restarted ----------------------------------------------------------------


@pytest.fixture(scope="module")
def pg() -> Iterator[PgCluster]:
    """A PostgreSQL server of this module's own, which its tests stop and start."""
    if find_bindir() is None:
        pytest.skip("PostgreSQL server binaries not found")
    with PgCluster() as cluster:
        yield cluster


@pytest.fixture
async def pg_bot(pg, fake_discord) -> AsyncIterator[DarbarBot]:
    from tools.pg_cluster import empty_database

    assert pg.url is not None
    empty_database(pg.url)
    async with fake_discord.running(the_bot(pg.url)) as bot:
        await answer(fake_discord, await fake_discord.slash("ravi", "game", NEW_GAME,
                                                            subcommand="new"))
        yield bot


async def test_postgresql_restarted_while_players_play(pg, pg_bot, fake_discord, caplog,
                                                       bot_errors):
    fake, bot = fake_discord, pg_bot
    steps = await replays(bot)
    missed = SCHEDULER_MISSED._value.get()
    panel = await a_step_button(fake)
    pg.halt()
    try:
        assert await everyone_meanwhile(fake, *panel) == []  # nothing to offer
        status, text = await get(bot, "/readyz")
        assert status == 503 and "database" in text, text
        # The scheduler's tick gives up quietly: one warning, counted, no traceback.
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="darbar"):
            assert await bot.run_schedule() == 0
        said = [r for r in caplog.records if r.name.startswith("darbar")]
        assert [r.levelname for r in said] == ["WARNING"], said
        assert "database" in said[0].getMessage() and said[0].exc_info is None
        assert SCHEDULER_MISSED._value.get() == missed + 1
    finally:
        pg.resume()
    await ready_again(bot)
    r = await answer(fake, await fake.slash("ravi", "play", {"move": await a_move(fake)}))
    assert "**Computer**: Tigers" in content(r)
    assert await replays(bot) > steps + 1  # the move and the computer's reply
    assert bot_errors == []


async def test_a_restart_between_a_move_and_the_computers_reply(pg, pg_bot, fake_discord,
                                                                monkeypatch, bot_errors):
    """The mover's step is stored, then the database goes before the computer's reply is:
    the mover is told the truth (their move stands), and the reply is made once the
    database is back, at the next command (the mover's panel); the log and the snapshot
    agree throughout."""
    fake, bot = fake_discord, pg_bot
    steps = await replays(bot)
    thinking, go_on = asyncio.Event(), asyncio.Event()
    search = workers.bot_steps

    async def held_search(*args, **kwargs):
        thinking.set()
        await go_on.wait()
        return await search(*args, **kwargs)

    monkeypatch.setattr(workers, "bot_steps", held_search)
    since = time.monotonic()
    move = await fake.slash("ravi", "play", {"move": await a_move(fake)})
    await asyncio.wait_for(thinking.wait(), 10)
    assert await replays(bot) == steps + 1  # the mover's step, whole
    pg.halt()
    try:
        go_on.set()
        text = await told(move, since)
        assert "Your move is stored" in text and "went wrong" not in text, text
    finally:
        pg.resume()
    monkeypatch.setattr(workers, "bot_steps", search)
    await ready_again(bot)
    r = await answer(fake, await fake.slash("ravi", "play"))
    assert "your move" in content(r).lower() or fake.component_custom_ids(
        fake.message_from_callback(r)), content(r)
    assert await replays(bot) > steps + 1  # the computer's reply, made at /play
    assert bot_errors == []
