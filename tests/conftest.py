"""Database fixtures shared by the db and admin tests: every test that takes ``db_url``
runs once on SQLite and once on a throwaway PostgreSQL server (tools/pg_cluster.py).

Without PostgreSQL's server binaries the postgresql runs are skipped, except under
CI=true, where they fail: CI must test both backends."""

from __future__ import annotations

import os

import pytest

from tools.pg_cluster import ENV_URL, empty_database, find_bindir, throwaway_database


@pytest.fixture(scope="session")
def pg_url():
    """A fresh PostgreSQL database for the whole session (dropped at the end)."""
    if not os.environ.get(ENV_URL) and find_bindir() is None:
        why = (f"PostgreSQL server binaries (initdb, pg_ctl, postgres) not found and {ENV_URL} "
               "not set; install Debian's postgresql package (.ci/run does)")
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(f"{why}: CI must test PostgreSQL", pytrace=False)
        pytest.skip(why)
    with throwaway_database() as url:
        yield url


@pytest.fixture
def pg_db_url(pg_url) -> str:
    """The session's PostgreSQL database, emptied for this test."""
    empty_database(pg_url)
    return pg_url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """An empty database: a new SQLite file, or the emptied PostgreSQL database.

    Narrow a test to one backend with
    ``@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)``."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'test.sqlite3'}"
    return request.getfixturevalue("pg_db_url")


def pytest_collection_modifyitems(config, items):
    """The slow tests first, in their order, then the rest. With several workers
    (`make test`: pytest-xdist's worksteal scheduling splits the list among them and an
    idle worker takes half of another's remaining tests), the long ones start early and
    the quick ones fill in around them, so a run never ends waiting for one long test that
    started last."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
