"""A bot process holds only what it serves with: on SQLite, no PostgreSQL driver (asyncpg,
3 MB) and no Alembic (11 MB, its database migrated by a child), whatever errors it meets;
the errors of a driver it never loaded cannot reach it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVE = """
import asyncio, sqlite3, sys
import bot.discord_face.running, bot.discord_face.buttons, bot.discord_face.commands
from bot.failures import Failure, opening_database
from bot.table import Table
from db import Repository, migrations
from db.outage import unavailable

async def main():
    await migrations.upgrade_apart(sys.argv[1])
    repo = await Repository.open(sys.argv[1])
    Table(repo)
    await repo.close()
    assert unavailable(sqlite3.OperationalError("database is locked"))
    assert not unavailable(ValueError("a bug"))
    try:
        with opening_database(sys.argv[1]):
            raise ConnectionRefusedError("refused")
    except Failure:
        pass
asyncio.run(main())
print(sorted(m for m in ("asyncpg", "alembic") if m in sys.modules))
"""


@pytest.mark.slow
def test_a_bot_on_sqlite_never_loads_asyncpg_nor_alembic(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'data' / 'db.sqlite3'}"  # a first start: no folder
    said = subprocess.run([sys.executable, "-c", SERVE, url], capture_output=True, text=True,
                          cwd=ROOT)
    assert said.returncode == 0, said.stderr
    assert said.stdout.strip() == "[]"
