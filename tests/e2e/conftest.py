"""Fixtures for end-to-end tests against the local fake Discord (tools/fake_discord.py)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from tools.bot_process import TOKEN as TOKEN  # the tests' names
from tools.bot_process import BotProcess as BotProcess
from tools.fake_discord import FakeDiscord


@contextlib.asynccontextmanager
async def serving(**options) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord (admin: "ravi"; ``options`` as FakeDiscord takes them) with
    discord.py's URLs pointed at it, stopped on the way out."""
    fake = FakeDiscord(admins=["ravi"], **options)
    await fake.start()
    try:
        with fake.patch_client_urls():
            yield fake
    finally:
        await fake.close()


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord (admin: "ravi") with discord.py's URLs pointed at it.

    Run the bot with ``async with fake_discord.running(client): ...`` so that it is closed
    before this fixture stops the server.
    """
    async with serving() as fake:
        yield fake


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def bot_errors() -> Iterator[list[logging.LogRecord]]:
    """ERROR records logged under the ``discord`` logger (unhandled exceptions in commands, views,
    events). discord.py swallows handler exceptions after logging them, so assert this is empty."""
    collector = _ErrorCollector()
    logger = logging.getLogger("discord")
    logger.addHandler(collector)
    try:
        yield collector.records
    finally:
        logger.removeHandler(collector)


@pytest.fixture
def db_url(tmp_path):
    """A fresh SQLite database file for one bot (or two, one after the other)."""
    return f"sqlite+aiosqlite:///{tmp_path / 'e2e.sqlite3'}"
