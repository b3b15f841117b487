import pytest

from bot.table import Table
from db import Repository
from tests.support.table import T0, Clock


@pytest.fixture
async def repo(tmp_path):
    r = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'table.sqlite3'}")
    yield r
    await r.close()


@pytest.fixture
def table(repo):
    return Table(repo)


@pytest.fixture
def clock():
    """A simulated clock starting at T0 (a table made with ``now=clock`` reads it)."""
    return Clock(T0)
