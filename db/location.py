"""Where the data lives: one folder, ``DARBAR_DATA``, by default the install's own
``data/`` (never the working directory, so a command run from any folder, cron's
included, opens the bot's database), and the database URLs made from it."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

# The install: the checkout (or package root) that holds db/. Relative paths are read
# against it, so `sqlite:///data/darbar.sqlite3` in an older .env keeps meaning the file
# the bot has always used when run from its own folder.
ROOT = Path(__file__).resolve().parents[1]


def data_folder() -> Path:
    """``DARBAR_DATA`` (a relative one read against the install), else the install's
    ``data/``."""
    return ROOT / Path(os.environ.get("DARBAR_DATA", "").strip() or "data").expanduser()


def sqlite_url(name: str) -> str:
    """A SQLite database in the data folder."""
    return f"sqlite+aiosqlite:///{data_folder() / name}"


def sandbox_url() -> str:
    """The offline sandbox's own database: its games are never the bot's."""
    return sqlite_url("sandbox.sqlite3")


def normalise_url(url: str | None) -> str:
    """``url``, else ``DATABASE_URL``, else ``darbar.sqlite3`` in the data folder; plain
    ``sqlite:///`` and ``postgresql://`` URLs get their async driver, and a relative
    SQLite path is read against the install."""
    url = url or os.environ.get("DATABASE_URL") or sqlite_url("darbar.sqlite3")
    if url.startswith("sqlite:"):
        url = "sqlite+aiosqlite:" + url[len("sqlite:") :]
    elif url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+asyncpg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        parsed = make_url(url)
        path = parsed.database
        if path and path != ":memory:" and not path.startswith("file:") \
                and not Path(path).is_absolute():
            url = parsed.set(database=str(ROOT / path)).render_as_string(hide_password=False)
    return url


def describe(url: str | None) -> str:
    """The database as an operator reads it: a SQLite file's path, else the URL as
    given (``url`` or ``DATABASE_URL``) with its password masked. A setting that is no URL
    is not echoed (it may be a password pasted in the wrong place): the command then says
    what is wrong with it."""
    try:
        full = make_url(normalise_url(url))
    except ArgumentError:
        return "(the setting is not a database URL)"
    if full.get_backend_name() == "sqlite":
        return full.database or ":memory:"
    given = make_url(url or os.environ.get("DATABASE_URL") or str(full))
    return given.render_as_string(hide_password=True)
