"""The admin CLI (`darbar list|export|import|replay|undo|backup`) on a real database
(SQLite, and PostgreSQL via the ``db_url`` fixture) with games played through the
table layer. ``backup`` copies SQLite files only."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.cli import main
from bot.table import Table
from db import Repository
from tests.support.table import HERE, MEERA, RAVI, assert_replays


@pytest.fixture
def db(db_url):
    """A database with one Vijayanagara game a few moves in; returns (url, game id)."""
    url = db_url

    async def build() -> int:
        repo = await Repository.open(url)
        table = Table(repo)
        await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=1)
        await table.join(HERE, MEERA, "bahmani")
        await table.start(HERE, RAVI)
        for user, line in ((RAVI, "cmd conscript delhi tamilakam done decree tribute"),
                           (MEERA, "pass"), (RAVI, "limited rally karnataka done")):
            r = await table.play(HERE, user, line)
            assert not r.error, r.private
        game = await repo.latest_game(HERE.channel_id)
        await repo.close()
        return game.id

    return url, asyncio.run(build())


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def sql(url: str, statement: str, **params):
    """One statement straight on the database, behind the repository's back."""
    async def go():
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                res = await conn.execute(text(statement), params)
                return res.first() if res.returns_rows else None
        finally:
            await engine.dispose()

    return asyncio.run(go())


def stored(url: str, game_id: int) -> tuple[dict, int]:
    state, version = sql(url, "select state, version from game where id=:id", id=game_id)
    return json.loads(state), version


def test_list_export_and_import_into_another_channel(db, capsys, tmp_path):
    url, gid = db
    code, out, _ = run(capsys, "list", "--db", url)
    assert code == 0 and f"#{gid}" in out and "vijayanagara" in out and "active" in out
    dump = tmp_path / "game.json"
    code, out, _ = run(capsys, "export", str(gid), "--out", str(dump), "--db", url)
    assert code == 0
    data = json.loads(dump.read_text())
    assert data["seed"] == 1 and len(data["steps"]) > 10 and data["state"]["game"] == "vijayanagara"
    # the channel still has its live game, so the import needs another channel
    code, _, err = run(capsys, "import", str(dump), "--db", url)
    assert code == 1 and "--channel" in err
    code, out, _ = run(capsys, "import", str(dump), "--channel", "3000", "--db", url)
    assert code == 0
    new_id = int(out.split("#")[1].split(".")[0])
    assert stored(url, new_id)[0] == data["state"]

    async def check() -> None:
        repo = await Repository.open(url)
        await assert_replays(repo, new_id)
        await repo.close()

    asyncio.run(check())


def test_import_refuses_a_tampered_log(db, capsys, tmp_path):
    url, gid = db
    run(capsys, "export", str(gid), "--out", str(tmp_path / "g.json"), "--db", url)
    data = json.loads((tmp_path / "g.json").read_text())
    data["steps"][-1]["arg"] = "punjab"  # not a legal step there
    (tmp_path / "bad.json").write_text(json.dumps(data))
    code, _, err = run(capsys, "import", str(tmp_path / "bad.json"), "--channel", "9", "--db", url)
    assert code == 1 and "replay" in err


def test_replay_finds_and_repairs_a_stale_snapshot(db, capsys):
    url, gid = db
    code, out, _ = run(capsys, "replay", str(gid), "--db", url)
    assert code == 0 and "OK" in out
    state, _ = stored(url, gid)
    state["resources"]["delhi"] = 24  # a snapshot that disagrees with its log
    sql(url, "update game set state=:s where id=:id", s=json.dumps(state), id=gid)
    code, _, err = run(capsys, "replay", str(gid), "--db", url)
    assert code == 1 and "resources" in err
    code, out, _ = run(capsys, "replay", str(gid), "--repair", "--db", url)
    assert code == 0 and "repaired" in out
    assert stored(url, gid)[0]["resources"]["delhi"] != 24
    assert "OK" in run(capsys, "replay", str(gid), "--db", url)[1]


def test_undo_takes_back_steps_and_keeps_the_log_consistent(db, capsys):
    url, gid = db
    before, version = stored(url, gid)
    code, out, _ = run(capsys, "undo", str(gid), "3", "--db", url)
    assert code == 0 and "3 step(s) taken back" in out
    after, new_version = stored(url, gid)
    assert new_version == version + 1 and after != before
    assert "OK" in run(capsys, "replay", str(gid), "--db", url)[1]
    code, _, err = run(capsys, "undo", str(gid), "999", "--db", url)
    assert code == 1 and "cannot undo" in err


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_backup_is_a_consistent_copy(db, capsys, tmp_path):
    url, gid = db
    target = tmp_path / "backups" / "copy.sqlite3"
    code, out, _ = run(capsys, "backup", str(target), "--db", url)
    assert code == 0 and "Backed up" in out
    with sqlite3.connect(target) as c:
        assert c.execute("select count(*) from step where game_id=?", (gid,)).fetchone()[0] > 10
    code, _, err = run(capsys, "backup", str(target), "--db", url)
    assert code == 1 and "exists" in err


def test_the_bot_repairs_a_stale_snapshot_when_it_starts(db, capsys):
    """What the bot runs at start (DarbarBot.setup_hook → admin.verify_active)."""
    from bot.admin import verify_active

    url, gid = db
    state, _ = stored(url, gid)
    state["influence"]["bahmani"] = 4
    sql(url, "update game set state=:s where id=:id", s=json.dumps(state), id=gid)

    async def go():
        repo = await Repository.open(url)
        try:
            return await verify_active(repo)
        finally:
            await repo.close()

    checked, repaired = asyncio.run(go())
    assert checked == 1 and len(repaired) == 1 and "influence" in repaired[0]
    assert stored(url, gid)[0]["influence"]["bahmani"] == 0
    assert asyncio.run(go()) == (1, [])  # a second start finds nothing to repair
