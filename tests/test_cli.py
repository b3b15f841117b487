"""The `darbar` command line itself: what it accepts, what it refuses before touching a
database, and that every argument is explained in ``--help``."""

from __future__ import annotations

import argparse
import asyncio
import socket

import pytest

from bot.cli import main, parser
from bot.table import Table
from db import STATUSES, Repository
from tests.support.table import HERE, RAVI


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``darbar ARGV``: its exit status (argparse's refusals exit 2), output and errors."""
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def parsers() -> dict[str, argparse.ArgumentParser]:
    """``darbar`` and each of its subcommands, by how they are typed."""
    top = parser()
    actions = [a for a in top._actions if isinstance(a, argparse._SubParsersAction)]
    return {"darbar": top} | {f"darbar {name}": sub for name, sub in actions[0].choices.items()}


# --- unknown values are refused before any database is opened ---------------------------

@pytest.mark.parametrize("argv", [
    ["list", "--status", "bogus"],
    ["undo", "1", "0"],
    ["undo", "1", "-2"],
    ["undo", "0"],
    ["replay", "-1"],
    ["export", "abc"],
    ["abort", "0"],
], ids=" ".join)
def test_unknown_values_are_refused_before_the_database_is_opened(capsys, tmp_path, argv):
    db = tmp_path / "never.sqlite3"
    code, out, err = run(capsys, *argv, "--db", f"sqlite+aiosqlite:///{db}")
    assert code == 2 and out == ""
    assert f"darbar {argv[0]}: error: argument" in err
    assert not db.exists()


def test_list_offers_every_status_the_database_can_hold(capsys):
    code, _, err = run(capsys, "list", "--status", "bogus")
    assert code == 2
    assert all(f"'{status}'" in err for status in STATUSES)
    assert set(STATUSES) == {"setup", "active", "finished", "aborted", "aside", "tiebreak"}


# --- every argument is explained ----------------------------------------------------------

def test_every_argument_of_every_subcommand_has_a_help_text():
    missing = [f"{name} {action.dest}"
               for name, p in parsers().items() for action in p._actions
               if not action.help or action.help == argparse.SUPPRESS]
    assert missing == []


def test_import_help_explains_the_file_and_the_channel(capsys):
    code, out, _ = run(capsys, "import", "--help")
    assert code == 0
    file_help = out.split("FILE", 2)[2].split("--channel")[0]
    assert "darbar export" in file_help
    channel_help = out.split("--channel ID")[-1]
    assert "channel" in channel_help and "game in progress" in channel_help


# --- what an operator can get wrong ends in one sentence ------------------------------------

def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_one_sentence(capsys, argv: list[str], *fragments: str) -> str:
    """``darbar ARGV`` fails with exit status 1, no traceback, and ends with one sentence
    naming each fragment (any line before it is the log's); returns that sentence."""
    code, out, err = run(capsys, *argv)
    last = err.splitlines()[-1] if err else ""
    assert code == 1 and "Traceback" not in out + err, err
    assert last.startswith(f"darbar {argv[0]}: ") and last.endswith("."), err
    for fragment in fragments:
        assert fragment in last, err
    return last


@pytest.fixture
def sqlite_url(tmp_path, capsys) -> str:
    """An empty SQLite database, made (and its making logged) before the test's commands."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'darbar.sqlite3'}"
    assert run(capsys, "list", "--db", url)[:2] == (0, "No games.\n")
    return url


def test_a_missing_file_or_a_folder_is_named(capsys, tmp_path, sqlite_url):
    missing = tmp_path / "nope.json"
    assert_one_sentence(capsys, ["import", str(missing), "--db", sqlite_url],
                        f"There is no file {missing}.")
    assert_one_sentence(capsys, ["import", str(tmp_path), "--db", sqlite_url],
                        f"{tmp_path} is a folder, not a file.")
    (tmp_path / "notes.txt").write_text("my notes")
    assert_one_sentence(capsys, ["import", str(tmp_path / "notes.txt"), "--db", sqlite_url],
                        "is not a JSON file")


def test_an_unknown_game_is_named(capsys, sqlite_url):
    for command in (["export", "99"], ["replay", "99"], ["undo", "99"], ["abort", "99"]):
        assert_one_sentence(capsys, [*command, "--db", sqlite_url], "There is no game #99.")


def test_a_file_that_cannot_be_written_is_named(capsys, tmp_path, sqlite_url):
    async def a_game() -> None:
        repo = await Repository.open(sqlite_url)
        assert not (await Table(repo).new(HERE, RAVI, "goat_tiger")).error
        await repo.close()

    asyncio.run(a_game())
    folder = tmp_path / "no" / "such"
    assert_one_sentence(capsys, ["export", "1", "--out", str(folder / "game.json"),
                                 "--db", sqlite_url], f"There is no folder {folder}")
    assert_one_sentence(capsys, ["backup", "/proc/darbar.sqlite3", "--db", sqlite_url],
                        "Could not write the backup to /proc/darbar.sqlite3")
    assert not folder.exists()


def test_a_database_that_does_not_answer_is_named_without_its_password(capsys):
    url = f"postgresql://darbar:s3cret@127.0.0.1:{closed_port()}/darbar"
    for command in (["list"], ["export", "1"], ["migrate"], ["sandbox"]):
        err = assert_one_sentence(capsys, [*command, "--db", url],
                                  "Could not open the database postgresql+asyncpg://darbar:***@"
                                  "127.0.0.1:", "connection refused", "--db or DATABASE_URL")
        assert "s3cret" not in err


@pytest.mark.parametrize("url", ["notaurl", "bogus://x/y", "postgres//darbar:s3cret@host/db"])
def test_a_url_that_is_no_database_url_is_refused(capsys, url):
    err = assert_one_sentence(capsys, ["list", "--db", url], "is not a database URL",
                              "sqlite:///PATH", "postgresql://USER:PASSWORD@HOST/NAME")
    assert "s3cret" not in err


@pytest.mark.slow
def test_a_database_that_refuses_the_login_is_named(capsys, pg_url):
    from sqlalchemy.engine import make_url

    wrong = make_url(pg_url).set(password="wrong").render_as_string(hide_password=False)
    assert_one_sentence(capsys, ["list", "--db", wrong], "Could not open the database",
                        "password authentication failed")
    missing = make_url(pg_url).set(database="no_such_db").render_as_string(hide_password=False)
    assert_one_sentence(capsys, ["list", "--db", missing], 'database "no_such_db" does not '
                        "exist")
