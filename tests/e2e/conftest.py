"""Fixtures for end-to-end tests against the local fake Discord (tools/fake_discord.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tools.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
# Shaped like a real bot token (three dot-separated parts), so the redaction is tested.
TOKEN = "MTAxMDEwMTAxMDEw.fake.token-value-for-tests"


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


class BotProcess:
    """The real entry point, ``python -m bot``, in a process of its own against ``fake``
    (its endpoints, a bot token and a SQLite database in ``workdir``; ``env`` adds to or
    overrides that), as a service manager starts it. Its log (standard error) is read
    while it runs, so a test can wait for a line."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, command: str | None = None,
                 **env: str) -> None:
        self.env = {**os.environ, **fake.env, "DISCORD_TOKEN": TOKEN,
                    "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'bot.sqlite3'}",
                    "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO", **env}
        self.database_url = self.env["DATABASE_URL"]
        args = ["sh", "-c", command] if command else [sys.executable, "-m", "bot"]
        self.proc = subprocess.Popen(args, cwd=workdir, env=self.env, text=True,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    async def logged(self, text: str, timeout: float = 30.0) -> None:
        """Wait until a line of the log holds ``text``."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not any(text in line for line in self.lines):
            if self.proc.poll() is not None or asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{text!r} never logged:\n{self.log}")
            await asyncio.sleep(0.02)

    async def exited(self, timeout: float) -> int:
        """The exit status, waited for off the loop (the fake Discord keeps answering)."""
        code = await asyncio.to_thread(self.proc.wait, timeout)
        await asyncio.to_thread(self._reader.join, 5)
        return code

    def kill(self) -> None:
        """Whatever a failed test left running."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
