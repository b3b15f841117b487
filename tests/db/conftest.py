"""What the database tests share: a repository on each backend the test is asked of
(``db_url``: SQLite, and PostgreSQL where it runs)."""

import pytest

from db import Repository


@pytest.fixture
async def repo(db_url):
    r = await Repository.open(db_url)
    yield r
    await r.close()
