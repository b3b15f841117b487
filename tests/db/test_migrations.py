"""Schema migrations (issue 30): a new database is made by Alembic and matches the models;
databases made by the release before migrations (SQLite and PostgreSQL, stored in
tests/data/release/) upgrade with every game intact; a database newer than the code is
refused; migrations not marked safe wait for `darbar migrate`; processes starting
together migrate once."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import SQLModel

from bot.admin import verify_active
from bot.cli import main as cli
from bot.replies import Place
from bot.table import Table
from db import Repository, migrations, normalise_url
from engine.replay import replay
from tests.support.table import MEERA, RAVI, assert_replays

RELEASE = Path(__file__).parent.parent / "data" / "release"
ROOT = Path(__file__).parent.parent.parent


async def _load_release(db_url: str, tmp_path: Path) -> str:
    """The release's database at ``db_url``'s backend: its SQLite file copied, or its
    PostgreSQL dump loaded into the empty test database. Returns the URL to open."""
    if db_url.startswith("sqlite"):
        path = tmp_path / "release.sqlite3"
        shutil.copy(RELEASE / "darbar.sqlite3", path)
        return f"sqlite+aiosqlite:///{path}"
    engine = create_async_engine(normalise_url(db_url))
    try:
        async with engine.connect() as conn:
            # The dump is many statements: asyncpg runs those unprepared, as psql would.
            raw = await conn.get_raw_connection()
            await raw.driver_connection.execute((RELEASE / "postgresql.sql").read_text())
    finally:
        await engine.dispose()
    return db_url


@pytest.mark.slow
async def test_a_new_database_is_made_by_the_migrations_and_matches_the_models(db_url):
    repo = await Repository.open(db_url)
    try:
        assert await migrations.revision_of(repo.engine) == migrations.head()
        async with repo.engine.connect() as conn:
            diff = await conn.run_sync(lambda c: compare_metadata(
                MigrationContext.configure(c), SQLModel.metadata))
        # A model changed without a migration shows here: `python -m db.migrations new`.
        assert diff == []
        assert await migrations.upgrade(repo.engine) == []  # nothing left to do
    finally:
        await repo.close()


async def assert_replays_but_wording(repo, game_id):
    """The stored game equals the replay of its log, but for the log's words."""
    game = await repo.get_game(game_id)
    steps = [(s.role, s.action, json.loads(s.arg) if s.arg else None)
             for s in await repo.steps(game_id)]
    stored = json.loads(game.state)
    again = replay(game.game, game.seed, json.loads(game.options), steps, stored)
    assert len(again["log"]) == len(stored["log"])
    assert {**again, "log": None} == {**stored, "log": None}


@pytest.mark.slow
async def test_a_database_of_the_release_upgrades_with_every_game_intact(db_url, tmp_path):
    url = await _load_release(db_url, tmp_path)
    engine = create_async_engine(normalise_url(url))
    async with engine.connect() as conn:
        before = {row[0]: row[1:] for row in await conn.execute(text(
            "SELECT id, game, status, version, state FROM game ORDER BY id"))}
        steps = (await conn.execute(text("SELECT count(*) FROM step"))).scalar()
        assert await conn.run_sync(migrations.current) is None  # made before migrations
    await engine.dispose()
    assert len(before) == 7 and steps > 100

    repo = await Repository.open(url)
    try:
        assert await migrations.revision_of(repo.engine) == migrations.head()
        for game_id, (game, status, version, state) in before.items():
            stored = await repo.get_game(game_id)
            assert (stored.game, stored.status, stored.version, stored.state) == (
                game, status, version, state)
            if state is not None:
                await assert_replays_but_wording(repo, game_id)
        # The start-up check rewrites what changed: a log line's wording (issue 36 made
        # Vijayanagara's verbs agree with the faction), never the game.
        checked, repaired = await verify_active(repo)
        assert checked >= 1 and all("repaired" in r for r in repaired), repaired
        for game_id, (_, status, _, state) in before.items():
            if state is not None and status == "active":
                await assert_replays(repo, game_id)
        # The games go on: a move in the Goat-Tiger game, the scheduler takes them up.
        table = Table(repo)
        place = Place("2000", "1000")
        game = await repo.live_game(place.channel_id)
        who = {s.role: s for s in await repo.seats(game.id)}
        state = json.loads(game.state)
        from engine import games

        g = games.get("goat_tiger")
        role = g.view(state, None)["active"][0]
        step = games.legal_steps(g, g.view(state, role))[0]
        actor = RAVI if who[role].user_id == RAVI.user_id else MEERA
        r = await table.play(place, actor, g.token(*step))
        assert not r.error, r.private
        await assert_replays(repo, game.id)
        # 0008: the move recorded what it showed, with its steps; the other person's last
        # move was made before records were kept, and /log since:me says so.
        other = MEERA if actor is RAVI else RAVI
        mine, theirs = await repo.since(game.id, [actor.user_id, other.user_id])
        last = (await repo.steps(game.id))[-1]
        assert mine.last is not None and (mine.last.seq, mine.last.user_id) == (
            last.seq, actor.user_id) and json.loads(mine.last.view)["active"] != [role]
        assert theirs.last is None
        said = await table.log(place, other, since="me")
        assert "no record of your last move" in said.private
        assert await repo.schedule_unscheduled(game.updated_at) >= 1
    finally:
        await repo.close()


async def test_a_database_newer_than_the_code_is_refused(db_url):
    repo = await Repository.open(db_url)
    async with repo.engine.begin() as conn:
        await conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    await repo.close()
    with pytest.raises(migrations.MigrationError, match="newer Darbar"):
        await Repository.open(db_url)


@pytest.mark.slow
async def test_a_migration_not_safe_unattended_waits_for_darbar_migrate(db_url, tmp_path,
                                                                      monkeypatch, capsys):
    url = await _load_release(db_url, tmp_path)
    monkeypatch.setattr(migrations, "_automatic", lambda revision: False)
    with pytest.raises(migrations.MigrationError, match="darbar migrate"):
        await Repository.open(url)
    assert await asyncio.to_thread(cli, ["migrate", "--db", url]) == 0
    assert "Applied 0001_baseline" in capsys.readouterr().out
    assert await asyncio.to_thread(cli, ["migrate", "--db", url]) == 0
    assert "nothing to do" in capsys.readouterr().out
    repo = await Repository.open(url)  # nothing pending now: opens
    await repo.close()


OPEN = """
import asyncio, sys
from db import Repository, migrations
async def go():
    repo = await Repository.open(sys.argv[1])
    print(await migrations.revision_of(repo.engine))
    await repo.close()
asyncio.run(go())
"""


@pytest.mark.slow
async def test_processes_starting_together_migrate_once(db_url, tmp_path):
    url = await _load_release(db_url, tmp_path)
    procs = [subprocess.Popen([sys.executable, "-c", OPEN, url], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, [e for _, e in outs]
    assert {o.strip() for o, _ in outs} == {migrations.head()}
    engine = create_async_engine(normalise_url(url))
    async with engine.connect() as conn:
        # One migration ran: the version table has its one row, and no column twice.
        rows = (await conn.execute(text("SELECT count(*) FROM alembic_version"))).scalar()
        games = (await conn.execute(text("SELECT count(*) FROM game"))).scalar()
    await engine.dispose()
    assert (rows, games) == (1, 7)


def test_the_newest_migration_file_is_alembics_head():
    """A database at ``LATEST`` is opened without importing Alembic: it must be the head."""
    assert migrations.head() == migrations.LATEST


def test_a_database_at_the_head_is_opened_without_alembic(tmp_path):
    """Alembic holds 11 MB in every process: a process that opens a database already
    migrated never imports it (one that must migrate does, and migrates)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}"
    script = ("import asyncio, sys\n"
              "from db import Repository\n"
              "async def main():\n"
              "    repo = await Repository.open(sys.argv[1])\n"
              "    await repo.close()\n"
              "asyncio.run(main())\n"
              "print('alembic' in sys.modules)\n")
    said = [subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True,
                           check=True, cwd=ROOT).stdout.strip() for _ in range(2)]
    assert said == ["True", "False"]  # the first made the schema; the second found it made


APART = """
import asyncio, sys
from db import Repository, migrations
async def go():
    try:
        print(await migrations.upgrade_apart(sys.argv[1]))
    except migrations.MigrationError as e:
        print("refused:", e)
        return
    repo = await Repository.open(sys.argv[1])
    print(await migrations.revision_of(repo.engine))
    await repo.close()
asyncio.run(go())
print('alembic' in sys.modules)
"""


def _apart(url: str) -> list[str]:
    return subprocess.run([sys.executable, "-c", APART, url], capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout.splitlines()


@pytest.mark.slow
async def test_the_bot_migrates_a_database_in_a_child_process_and_never_holds_alembic(
        db_url, tmp_path):
    """As the bot starts (and the memory bench): a database made before migrations is
    brought to the head by a child process, so the serving process never imports Alembic
    (11 MB); a refusal reaches the bot as MigrationError with the child's own words."""
    url = await _load_release(db_url, tmp_path)
    head = migrations.head()
    assert _apart(url)[1:] == [head, "False"]
    assert _apart(url) == ["[]", head, "False"]  # at the head: no child, nothing run
    engine = create_async_engine(normalise_url(url))
    async with engine.begin() as conn:
        await conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    await engine.dispose()
    said = _apart(url)
    assert said[0].startswith("refused: The database is at schema revision 9999_future"), said
    assert "newer Darbar" in said[0] and said[1] == "False"
