import asyncio
import shutil

import pytest

from bot.table import Table
from db import Repository
from tests.support.table import T0, Clock


@pytest.fixture(scope="session")
def migrated(tmp_path_factory):
    """An empty database brought to the schema's head, once a worker: each test starts
    from a copy (running the migrations for every table test took half a minute a run)."""
    path = tmp_path_factory.mktemp("schema") / "table.sqlite3"

    async def made() -> None:
        await (await Repository.open(f"sqlite+aiosqlite:///{path}")).close()

    asyncio.run(made())
    return path


@pytest.fixture
async def repo(tmp_path, migrated):
    path = tmp_path / "table.sqlite3"
    shutil.copyfile(migrated, path)
    r = await Repository.open(f"sqlite+aiosqlite:///{path}")
    yield r
    await r.close()


@pytest.fixture
def table(repo):
    return Table(repo)


@pytest.fixture
def clock():
    """A simulated clock starting at T0 (a table made with ``now=clock`` reads it)."""
    return Clock(T0)
