"""The `darbar` command line itself: what it accepts, what it refuses before touching a
database, and that every argument is explained in ``--help``."""

from __future__ import annotations

import argparse

import pytest

from bot.cli import main
from db import STATUSES


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
    from bot.cli import parser

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
    assert set(STATUSES) == {"setup", "active", "finished", "aborted"}


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
