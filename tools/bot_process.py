"""The real entry point, ``python -m bot``, run as a process of its own against the fake
Discord (tools/fake_discord.py): for the e2e tests and the benchmark's shard kill."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path

from tools.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[1]
# Shaped like a real bot token (three dot-separated parts), so the redaction is tested.
TOKEN = "MTAxMDEwMTAxMDEw.fake.token-value-for-tests"


def bot_environ() -> dict[str, str]:
    """This process's environment without the developer's Discord, shard, reminder and
    database settings (`darbar` loads .env): a bot against the fake sets its own."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "SHARD_", "REMINDER_", "DATABASE_URL"))}


class BotProcess:
    """``python -m bot`` in a process of its own against ``fake``, as a service manager
    starts it (its endpoints, a bot token and a SQLite database in ``workdir``; ``env``
    adds to or overrides that). Its log (standard error) is read while it runs, so a
    caller can wait for a line."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, command: str | None = None,
                 **env: str) -> None:
        self.env = {**bot_environ(), **fake.env, "DISCORD_TOKEN": TOKEN,
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
        """Whatever a failed run left running."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
