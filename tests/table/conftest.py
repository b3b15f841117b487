import pytest

from bot.table import Table
from db import Repository


@pytest.fixture
async def repo(tmp_path):
    r = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'table.sqlite3'}")
    yield r
    await r.close()


@pytest.fixture
def table(repo):
    return Table(repo)
