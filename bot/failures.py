"""What an operator can get wrong when typing a `darbar` command (a file that is not there, a
database that does not answer, a URL that is none), said in one sentence with what to do:
the command ends with that sentence and exit status 1, not a traceback. Anything else is a
bug, and keeps its traceback."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError

from bot.replies import clip
from db.outage import asyncpg_errors

MAX_SENTENCE = 300  # characters: an error may quote what it was given


class Failure(Exception):
    """Something the operator can put right, as one sentence that says how."""


def one_line(error: BaseException | str) -> str:
    """An error (or what is said of one) as one short line, whatever text it quotes."""
    return clip(" ".join(str(error).split()), MAX_SENTENCE)


def said(error: BaseException) -> str | None:
    """The sentence that ends a command failing with ``error``, or None when the operator
    could not have caused it (then the traceback is what helps)."""
    from db import ChannelBusy
    from db.migrations import MigrationError

    # The engine and the JSON reader refuse bad stored data with ValueError.
    if isinstance(error, Failure | MigrationError | ValueError):
        return one_line(error)
    if isinstance(error, ChannelBusy):
        return f"Channel {error} has a game in progress; use --channel to name another."
    if isinstance(error, OSError) and error.filename is not None:
        return one_line(file_problem(error))
    return None


def file_problem(error: OSError) -> str:
    """A file the command could not read or write, named with why."""
    path = Path(str(error.filename))
    if isinstance(error, FileNotFoundError):
        if path.parent.is_dir():
            return f"There is no file {path}."
        return f"There is no folder {path.parent} (for {path.name}); create it first."
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder, not a file."
    if isinstance(error, PermissionError):
        return f"{path}: permission denied to the user running darbar."
    return f"{path}: {reason(error)}."


def reason(error: BaseException) -> str:
    """Why a connection or a file failed, in the system's own words ("connection
    refused"), without the numbers and addresses of its error text."""
    if isinstance(error, OSError):
        if isinstance(error.errno, int) and error.errno > 0:
            return os.strerror(error.errno).lower()
        if error.strerror:  # a name lookup's: "Name or service not known"
            return error.strerror.lower()
    if isinstance(error, DBAPIError) and error.orig is not None:
        error = error.orig
    text = " ".join(str(error).split())
    return text or ("timed out" if isinstance(error, TimeoutError) else type(error).__name__)


URL_FORMS = "sqlite:///PATH or postgresql://USER:PASSWORD@HOST/NAME"


def shown_url(url: str) -> str:
    """A database URL as it may be printed: its password hidden."""
    return make_url(url).render_as_string(hide_password=True)


@contextmanager
def opening_database(url: str) -> Iterator[None]:
    """Opening (or migrating) the database at ``url`` (normalised): a failure to reach it,
    log in or read it becomes a Failure naming the database, its password hidden."""
    try:
        yield
    except (ArgumentError, NoSuchModuleError):  # the URL is not one: never echo it
        raise Failure(f"The database setting (--db or DATABASE_URL) is not a database URL: "
                      f"give {URL_FORMS}.") from None
    except Exception as e:
        # asyncpg's errors, where it is loaded (by this very opening, of a PostgreSQL URL)
        if not isinstance(e, (OSError, SQLAlchemyError,
                              *asyncpg_errors("PostgresError", "InterfaceError"))):
            raise
        raise Failure(f"Could not open the database {shown_url(url)} ({clip(reason(e), 160)}): "
                      "check --db or DATABASE_URL, and that its server is running and "
                      "lets this user in.") from None
