"""The admin CLI (`darbar list|export|import|replay|undo|abort|backup`) on a real database
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
from tests.support.table import HERE, MEERA, RAVI, assert_replays, vijayanagara_a_few_moves_in


@pytest.fixture
def db(db_url):
    """A database with one Vijayanagara game a few moves in; returns (url, game id)."""
    url = db_url

    async def build() -> int:
        repo = await Repository.open(url)
        await vijayanagara_a_few_moves_in(Table(repo))
        game = await repo.latest_game(HERE.channel_id)
        await repo.close()
        return game.id

    return url, asyncio.run(build())


def everyone_resigns(url: str, *people) -> None:
    """The game ends: each person resigns in turn (the computer takes the sides of all but
    the last, who ends the game)."""
    async def go() -> None:
        repo = await Repository.open(url)
        for person in people:
            assert not (await Table(repo).resign(HERE, person, confirm=True)).error
        assert (await repo.latest_game(HERE.channel_id)).status == "finished"
        await repo.close()

    asyncio.run(go())


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    # A line names the database (the first, but a closed capture's logging errors may
    # come before it here); the rest is what the command says.
    lines = out.err.splitlines(keepends=True)
    opened = next(line for line in lines if line.startswith("Database: "))
    return code, out.out, "".join(line for line in lines if line is not opened)


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


@pytest.mark.slow
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


@pytest.mark.slow
def test_import_refuses_a_tampered_log(db, capsys, tmp_path):
    url, gid = db
    run(capsys, "export", str(gid), "--out", str(tmp_path / "g.json"), "--db", url)
    data = json.loads((tmp_path / "g.json").read_text())
    data["steps"][-1]["arg"] = "punjab"  # not a legal step there
    (tmp_path / "bad.json").write_text(json.dumps(data))
    code, _, err = run(capsys, "import", str(tmp_path / "bad.json"), "--channel", "9", "--db", url)
    assert code == 1 and "replay" in err


@pytest.mark.slow
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


@pytest.mark.slow
def test_undo_takes_back_steps_and_keeps_the_log_consistent(db, capsys):
    url, gid = db
    before, version = stored(url, gid)
    code, out, _ = run(capsys, "undo", str(gid), "3", "--db", url)
    assert code == 0 and "3 steps taken back" in out
    after, new_version = stored(url, gid)
    assert new_version == version + 1 and after != before
    assert "OK" in run(capsys, "replay", str(gid), "--db", url)[1]
    code, _, err = run(capsys, "undo", str(gid), "999", "--db", url)
    assert code == 1 and "cannot undo" in err


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.slow
def test_backup_is_a_consistent_copy(db, capsys, tmp_path):
    url, gid = db
    target = tmp_path / "backups" / "copy.sqlite3"
    code, out, _ = run(capsys, "backup", str(target), "--db", url)
    assert code == 0 and "Backed up" in out
    with sqlite3.connect(target) as c:
        assert c.execute("select count(*) from step where game_id=?", (gid,)).fetchone()[0] > 10
    code, _, err = run(capsys, "backup", str(target), "--db", url)
    assert code == 1 and "exists" in err


@pytest.mark.slow
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

    # A log that no longer replays (an illegal step written behind the table's back) is
    # reported, its snapshot kept, and the bot starts all the same.
    before, _ = stored(url, gid)
    sql(url, "update step set action='pirates' where game_id=:id and seq=1", id=gid)
    checked, said = asyncio.run(go())
    assert checked == 1 and "does not replay" in said[0] and "snapshot is kept" in said[0]
    assert stored(url, gid)[0] == before


# --- import refuses what no export could be -------------------------------------------

def dump(url: str) -> dict[str, list]:
    """Every row of the game, seat and step tables: to show that nothing was written."""
    async def go():
        engine = create_async_engine(url)
        try:
            async with engine.connect() as conn:
                return {t: [tuple(r) for r in (await conn.execute(
                            text(f"select * from {t} order by id"))).all()]
                        for t in ("game", "seat", "step")}
        finally:
            await engine.dispose()

    return asyncio.run(go())


def exported(capsys, url: str, gid: int, tmp_path) -> dict:
    out = tmp_path / f"export-{gid}-{len(list(tmp_path.glob('export-*')))}.json"
    code, _, err = run(capsys, "export", str(gid), "--out", str(out), "--db", url)
    assert code == 0, err
    return json.loads(out.read_text())


def put(*path_and_value):
    """A mutation that sets data[path...] = value (a new key too)."""
    *path, value = path_and_value

    def mutate(data: dict):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return mutate


def drop(*path):
    def mutate(data: dict):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data

    return mutate


def assert_refused(capsys, tmp_path, url: str, data, fragment: str,
                   channel: str = "3000") -> str:
    """Importing ``data`` (a dict, or raw text) into ``channel`` fails with one error line
    naming ``fragment``, exit code 1, and leaves every table as it was."""
    before = dump(url)
    bad = tmp_path / "bad.json"
    bad.write_text(data if isinstance(data, str) else json.dumps(data))
    code, out, err = run(capsys, "import", str(bad), "--channel", channel, "--db", url)
    assert code == 1 and out == ""
    assert err.startswith("darbar import: ") and err.count("\n") == 1, err
    assert fragment in err, err
    assert dump(url) == before
    return err


def _swap_seqs(data: dict) -> dict:
    data["steps"][0]["seq"], data["steps"][1]["seq"] = 2, 1
    return data


MALFORMED = [
    ("no steps", drop("steps"), "steps: Field required"),
    ("step without undone", drop("steps", 0, "undone"), "steps[0].undone: Field required"),
    ("seed as a string", put("seed", "1"), "seed: Input should be a valid integer"),
    ("seed as a bool", put("seed", True), "seed: Input should be a valid integer"),
    ("negative seed", put("seed", -1), "seed: Input should be greater than or equal to 0"),
    ("options as a list", put("options", ["deck"]), "options: Input should be a valid dict"),
    ("unknown option", put("options", {"fog": 1}), "options: There is no option `fog`"),
    ("a JSON list", lambda d: [d], "expected a JSON object"),
    ("not JSON", lambda d: '{"format": "darbar-game/1", ', "is not a JSON file"),
    ("unknown status", put("status", "paused"), "status: Input should be"),
    ("unknown field", put("owner", "ravi"), "owner: Extra inputs are not permitted"),
    ("numeric user id", put("seats", 0, "user_id", 101), "seats[0].user_id: Input should be a "
     "valid string"),
    ("numeric step user id", put("steps", 0, "user_id", 101), "steps[0].user_id"),
    ("computer seat with a user", put("seats", 1, "is_bot", True), "seats[1]: a computer's seat"),
    ("step by no side", put("steps", 0, "role", "mongols"), "steps[0].role: 'mongols' is not a "
     "side"),
    ("snapshot as a list", put("state", []), "state: Input should be a valid dict"),
    ("steps out of order", _swap_seqs, "seq numbers must rise"),
    ("steps without a snapshot", put("state", None), "never started"),
    ("finished without a result", put("status", "finished"), "result: not what the step log"),
    ("in setup with a snapshot", put("status", "setup"), "status: the log leaves this game "
     "active or aborted or finished, not setup"),
    ("empty channel id", put("channel_id", ""), "channel_id: String should have at least 1"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("mutate", "fragment"), [c[1:] for c in MALFORMED],
                         ids=[c[0] for c in MALFORMED])
def test_import_refuses_malformed_exports_in_one_line(db, capsys, tmp_path, mutate, fragment):
    url, gid = db
    assert_refused(capsys, tmp_path, url, mutate(exported(capsys, url, gid, tmp_path)),
                   fragment)


@pytest.mark.slow
def test_import_refuses_a_forged_result_but_keeps_a_real_resignation(db, capsys, tmp_path):
    url, gid = db
    data = exported(capsys, url, gid, tmp_path)
    # a resignation's result (Ravi plays Delhi and Vijayanagara), on a game going on
    resigned = {"winners": ["bahmani"], "scores": {"delhi": 0, "bahmani": 1, "vijayanagara": 0},
                "reason": "ravi resigned."}
    assert_refused(capsys, tmp_path, url, {**data, "result": resigned},
                   "result: not what the step log of this active game comes to")
    # a finished game's result is the rules' or a seated player's resignation, no other
    for forged in ({**resigned, "winners": ["delhi"]},  # no one holds just Bahmani + Vijayanagara
                   {**resigned, "scores": {"delhi": 0, "bahmani": 9, "vijayanagara": 0}},
                   {**resigned, "reason": "ravi wins " + "!" * 200}):
        assert_refused(capsys, tmp_path, url, {**data, "status": "finished", "result": forged},
                       "result: not what the step log of this finished game comes to")

    everyone_resigns(url, RAVI, MEERA)
    real = exported(capsys, url, gid, tmp_path)
    assert real["status"] == "finished" and real["result"]["reason"] == "meera resigned."
    (tmp_path / "real.json").write_text(json.dumps(real))
    code, out, err = run(capsys, "import", str(tmp_path / "real.json"), "--db", url)
    assert code == 0, err
    new_id = int(out.split("#")[1].split(".")[0])
    assert sql(url, "select status, result from game where id=:id", id=new_id) == (
        "finished", json.dumps(real["result"]))


@pytest.mark.slow
def test_import_refuses_seats_that_are_no_side_of_the_game(db, capsys, tmp_path):
    url, gid = db
    data = exported(capsys, url, gid, tmp_path)
    data["seats"][1]["role"] = "pirates"
    assert_refused(capsys, tmp_path, url, data,
                   "seats[1].role: 'pirates' is not a side in Vijayanagara (delhi, bahmani, "
                   "vijayanagara)")
    data["seats"][1]["role"] = "delhi"
    assert_refused(capsys, tmp_path, url, data, "seats[1].role: 'delhi' has a seat already")
    data["seats"][1]["role"] = None
    assert_refused(capsys, tmp_path, url, data, "one seat for each side")


@pytest.mark.slow
def test_import_caps_display_names_at_100_characters(db, capsys, tmp_path):
    url, gid = db
    data = exported(capsys, url, gid, tmp_path)
    data["seats"][1]["name"] = "m" * 1_000_000
    err = assert_refused(capsys, tmp_path, url, data,
                         "seats[1].name: String should have at most 100 characters")
    assert len(err) < 200
    data["seats"][1]["name"] = "m" * 100
    (tmp_path / "ok.json").write_text(json.dumps(data))
    code, _, err = run(capsys, "import", str(tmp_path / "ok.json"), "--channel", "3000",
                       "--db", url)
    assert code == 0, err


# --- export never overwrites by accident ----------------------------------------------

@pytest.mark.slow
def test_export_refuses_to_overwrite_a_file_unless_forced(db, capsys, tmp_path):
    url, gid = db
    out = tmp_path / "notes.json"
    out.write_text("my notes")
    code, _, err = run(capsys, "export", str(gid), "--out", str(out), "--db", url)
    assert code == 1 and "exists" in err and "--force" in err
    assert out.read_text() == "my notes"
    code, _, _ = run(capsys, "export", str(gid), "--out", str(out), "--force", "--db", url)
    assert code == 0 and json.loads(out.read_text())["game"] == "vijayanagara"


# --- abort ------------------------------------------------------------------------------

@pytest.mark.slow
def test_abort_ends_an_active_game_and_frees_its_channel(db, capsys):
    url, gid = db
    _, version = stored(url, gid)
    code, out, _ = run(capsys, "abort", str(gid), "--db", url)
    assert code == 0 and f"Game #{gid}" in out and "aborted" in out
    assert sql(url, "select status, version from game where id=:id", id=gid) == (
        "aborted", version + 1)
    assert f"#{gid}" not in run(capsys, "list", "--status", "active", "--db", url)[1]
    assert f"#{gid}" in run(capsys, "list", "--status", "aborted", "--db", url)[1]

    async def new_game_here() -> None:
        repo = await Repository.open(url)
        assert not (await Table(repo).new(HERE, MEERA, "goat_tiger")).error
        await repo.close()

    asyncio.run(new_game_here())
    code, _, err = run(capsys, "abort", str(gid), "--db", url)
    assert code == 1 and "is aborted" in err


@pytest.mark.slow
def test_abort_refuses_a_finished_or_unknown_game(db, capsys):
    url, gid = db

    everyone_resigns(url, RAVI, MEERA)
    before = dump(url)
    code, out, err = run(capsys, "abort", str(gid), "--db", url)
    assert code == 1 and out == "" and f"Game #{gid} is finished" in err
    code, _, err = run(capsys, "abort", "999", "--db", url)
    assert code == 1 and "no game #999" in err
    assert dump(url) == before


@pytest.mark.slow
def test_import_refuses_one_person_on_two_sides_of_a_game_of_hidden_hands(db_url, capsys,
                                                                           tmp_path):
    """Issue 23 point 2: an export that seats one person twice in Taj Mahal (or says they
    held or played another colour before) would let them read two hands."""
    from tests.support.table import ASHA, MOD, seat_fewest

    async def build() -> int:
        repo = await Repository.open(db_url)
        table = Table(repo)
        who = await seat_fewest(table, HERE, "taj_mahal", seed=7)
        # asha's colour passes to the computer and on to sam: a history, honestly kept.
        asha = next(r for r, p in who.items() if p == ASHA)
        await table.reassign(HERE, MOD, asha, None)
        await table.reassign(HERE, MOD, asha, MOD)
        game = await repo.latest_game(HERE.channel_id)
        await repo.close()
        return game.id

    gid = asyncio.run(build())
    data = exported(capsys, db_url, gid, tmp_path)
    seats = data["seats"]
    held = next(s for s in seats if s["held_by"])
    assert held["held_by"] == [ASHA.user_id] and held["user_id"] == MOD.user_id
    (tmp_path / "ok.json").write_text(json.dumps(data))
    code, _, err = run(capsys, "import", str(tmp_path / "ok.json"), "--channel", "3000",
                       "--db", db_url)
    assert code == 0, err  # the real history is accepted

    ravi = next(i for i, s in enumerate(seats) if s["user_id"] == RAVI.user_id)
    other = next(i for i, s in enumerate(seats) if s["user_id"] == MEERA.user_id)
    twice = json.loads(json.dumps(data))
    twice["seats"][other] |= {"user_id": RAVI.user_id, "name": "ravi"}
    assert_refused(capsys, tmp_path, db_url, twice, "so one person plays one side")
    before = json.loads(json.dumps(data))
    before["seats"][other]["held_by"] = [RAVI.user_id]
    assert_refused(capsys, tmp_path, db_url, before, f"user {RAVI.user_id} holds or has played")
    assert ravi != other


# --- options are read by the game's own schema --------------------------------------------

@pytest.fixture
def rajas(db_url):
    """A database with a Rajas game under way (a game whose sides depend on its options);
    returns (url, game id)."""
    from tests.support.table import seat_fewest

    async def build() -> int:
        repo = await Repository.open(db_url)
        await seat_fewest(Table(repo), HERE, "rajas", seed=5)
        game = await repo.latest_game(HERE.channel_id)
        await repo.close()
        return game.id

    return db_url, asyncio.run(build())


BAD_OPTIONS = [
    ("players as a word", put("options", "players", "abc"),
     "options: Option `players` is a whole number from 2 to 4: `abc` is not."),
    ("too many players", put("options", "players", 9),
     "options: Option `players` is a whole number from 2 to 4: 9 is not."),
    ("players as text", put("options", "players", "2"),
     "options.players: an export stores 2, not '2'."),
    ("unknown option", put("options", "fog", 1), "options: There is no option `fog`. Options: "),
    ("a rules revision", put("options", "revision", 1), "options: There is no option "
     "`revision`."),
    ("a variant of another game", put("options", "variant", "monsoon"), "options: Option "
     "`variant` is "),
    ("no options", drop("options"), "options: Field required"),
    ("no seed", drop("seed"), "seed: Field required"),
    *[(f"renamed {other}", put("game", other), f"game: the file says {other}, but its "
       "snapshot is a game of Rajas of the Ganges (rajas).")
      for other in ("goat_tiger", "vijayanagara", "taj_mahal", "maharaja")],
    ("renamed to no game", put("game", "chess"), "game: Input should be 'goat_tiger'"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("mutate", "fragment"), [c[1:] for c in BAD_OPTIONS],
                         ids=[c[0] for c in BAD_OPTIONS])
def test_import_reads_options_by_the_games_own_schema(rajas, capsys, tmp_path, mutate,
                                                      fragment):
    url, gid = rajas
    data = exported(capsys, url, gid, tmp_path)
    assert data["game"] == "rajas" and data["options"] == {"players": 2}
    assert_refused(capsys, tmp_path, url, mutate(data), fragment)


# --- the same export is imported once -----------------------------------------------------

@pytest.mark.slow
def test_importing_the_same_export_twice_is_refused(db, capsys, tmp_path):
    url, gid = db
    data = exported(capsys, url, gid, tmp_path)
    (tmp_path / "game.json").write_text(json.dumps(data))
    code, out, err = run(capsys, "import", str(tmp_path / "game.json"), "--channel", "3000",
                         "--db", url)
    assert code == 0, err
    first = int(out.split("#")[1].split(".")[0])
    # The same content, however it is laid out, into another channel: still that export.
    err = assert_refused(capsys, tmp_path, url, json.dumps(data, indent=3, sort_keys=True),
                         f"Game #{first} is already this export", channel="3001")
    assert "nothing was written" in err
    # An export of the same game taken later is another export.
    everyone_resigns(url, RAVI, MEERA)
    (tmp_path / "later.json").write_text(json.dumps(exported(capsys, url, gid, tmp_path)))
    code, _, err = run(capsys, "import", str(tmp_path / "later.json"), "--channel", "3002",
                       "--db", url)
    assert code == 0, err


@pytest.mark.slow
def test_the_tools_outside_the_table_call_only_its_public_methods():
    """The admin commands, the faces and the tools reach the table through its public
    methods only: a private one (``_loaded``) may change shape with the table's parts."""
    import ast
    from pathlib import Path

    private = {name for name in dir(Table) if name.startswith("_") and not name.startswith("__")}
    root = Path(__file__).resolve().parent.parent
    reached = []
    for path in sorted([*root.glob("bot/**/*.py"), *root.glob("tools/**/*.py")]):
        if path.is_relative_to(root / "bot" / "table"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self")):
                reached.append(f"{path.relative_to(root)}:{node.lineno} {ast.unparse(node)}")
    assert reached == []
