"""Where Darbar keeps its data: one folder (DARBAR_DATA, by default the install's own
data/), whatever folder a command is run from; the sandbox in a database of its own."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.table import Table
from db import Repository, normalise_url
from tests.support.table import HERE, MEERA

ROOT = Path(__file__).resolve().parents[1]


def darbar(cwd: Path, *args: str, data: Path | None, stdin: str = "",
           **env: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, run from ``cwd`` with nothing set but what is given."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DARBAR_DATA", "DATABASE_URL", "DISCORD_TOKEN")}
    clean.update(DATABASE_URL="", DISCORD_TOKEN="", PYTHONPATH=str(ROOT), **env)
    if data is not None:
        clean["DARBAR_DATA"] = str(data)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean,
                          input=stdin, capture_output=True, text=True, timeout=120)


def a_game_in(url: str) -> None:
    async def go() -> None:
        repo = await Repository.open(url)
        assert not (await Table(repo).new(HERE, MEERA, "goat_tiger")).error
        await repo.close()

    asyncio.run(go())


@pytest.mark.slow
def test_list_from_another_folder_opens_the_data_folder_and_creates_nothing_there(tmp_path):
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    elsewhere.mkdir()
    a_game_in(f"sqlite:///{data / 'darbar.sqlite3'}")
    done = darbar(elsewhere, "list", data=data)
    assert done.returncode == 0, done.stderr
    assert "goat_tiger" in done.stdout
    assert done.stderr.splitlines()[0] == f"Database: {data / 'darbar.sqlite3'}"
    assert list(elsewhere.iterdir()) == []


def test_the_default_data_folder_is_the_installs_own(monkeypatch, tmp_path):
    monkeypatch.delenv("DARBAR_DATA", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert normalise_url(None) == f"sqlite+aiosqlite:///{ROOT / 'data' / 'darbar.sqlite3'}"
    # A relative SQLite path (an older .env's) means the same file from any folder.
    assert (normalise_url("sqlite:///data/darbar.sqlite3")
            == f"sqlite+aiosqlite:///{ROOT / 'data' / 'darbar.sqlite3'}")
    monkeypatch.setenv("DARBAR_DATA", str(tmp_path / "store"))
    assert normalise_url(None) == f"sqlite+aiosqlite:///{tmp_path / 'store' / 'darbar.sqlite3'}"


def test_every_admin_command_names_its_database_first_and_never_the_password(capsys):
    url = "postgresql://darbar:s3cret@127.0.0.1:9/darbar"  # nothing listens on port 9
    for argv in (["list"], ["ratings"], ["replay", "1"], ["migrate"]):
        main([*argv, "--db", url])
        err = capsys.readouterr().err
        assert err.splitlines()[0] == "Database: postgresql://darbar:***@127.0.0.1:9/darbar"
        assert "s3cret" not in err


@pytest.mark.slow
def test_sandbox_games_stay_out_of_the_bots_database(tmp_path):
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = darbar(elsewhere, "sandbox", data=data,
                  stdin="@ravi /game new goat_tiger side:goats\n@meera /game join\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Goats" in done.stdout
    assert done.stderr.splitlines()[0] == f"Database: {data / 'sandbox.sqlite3'}"
    assert list((data / "sandbox_images" / "table").glob("*.png"))
    assert list(elsewhere.iterdir()) == []
    listed = darbar(elsewhere, "list", data=data)
    assert listed.stdout.strip() == "No games.", listed.stdout
