"""What an operator installs and runs: the Makefile's default target, the systemd units
(`systemd-analyze verify` and `security`, where systemd-analyze exists) and the figures
docs/hosting.md gives."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.hosting_check import (
    Run,
    check,
    check_env,
    check_owners,
    exposure,
    in_root,
    unit_settings,
    verify_unit,
)

ROOT = Path(__file__).resolve().parents[1]


def dry_run(*targets: str, tmp: Path) -> list[str]:
    done = subprocess.run(["make", "-n", f"VENV={tmp / 'venv'}", *targets], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_plain_make_installs_and_starts_nothing(tmp_path):
    lines = dry_run(tmp=tmp_path)
    assert any("pip install" in line for line in lines)
    assert not any("darbar run" in line or "darbar sandbox" in line for line in lines)
    assert dry_run("install", tmp=tmp_path) == lines


def test_run_and_test_still_install_on_first_use(tmp_path):
    for target in ("run", "test", "check"):
        lines = dry_run(target, tmp=tmp_path)
        assert any("pip install" in line for line in lines), target


UNITS = sorted((ROOT / "deploy").glob("*.service"))


def systemd_analyze() -> None:
    """Skip where systemd-analyze is missing, except under CI=true (it must run there)."""
    if shutil.which("systemd-analyze") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("systemd-analyze is missing under CI")
        pytest.skip("no systemd-analyze here")


def test_both_units_are_shipped_and_the_template_is_the_unit_per_instance():
    assert [u.name for u in UNITS] == ["darbar.service", "darbar@.service"]
    one, each = (unit_settings(u.read_text()) for u in UNITS)
    assert each.pop("EnvironmentFile") == ["-/srv/darbar/.env", "/srv/darbar/.env.%i"]
    assert each.pop("Description") == ["Darbar, board games in Discord (process %i)"]
    one.pop("EnvironmentFile"), one.pop("Description")
    assert each == one  # the same service and hardening: they cannot drift apart


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_systemd_accepts_the_unit(unit, tmp_path):
    systemd_analyze()
    # verify wants the ExecStart it names: the install, moved under a scratch root.
    darbar = tmp_path / "srv/darbar/.venv/bin/darbar"
    darbar.parent.mkdir(parents=True)
    darbar.write_text("#!/bin/sh\n")
    darbar.chmod(0o755)
    (tmp_path / "srv/darbar/data").mkdir()
    copy = tmp_path / unit.name
    copy.write_text(in_root(unit.read_text(), tmp_path))
    assert verify_unit(copy) == ""


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_the_unit_is_rated_ok_by_systemd_analyze_security(unit):
    systemd_analyze()
    assert exposure(unit) < 5.0


def test_the_invite_link_asks_for_view_channel_and_what_the_bot_uses():
    import discord

    guide = (ROOT / "docs" / "hosting.md").read_text()
    links = re.findall(r"oauth2/authorize\?\S*permissions=(\d+)", guide)
    # Create Public Threads since issue 41 (a thread per game); never Manage Threads: the
    # bot renames and archives only threads it opened, as their creator may.
    wanted = discord.Permissions(view_channel=True, send_messages=True,
                                 send_messages_in_threads=True, create_public_threads=True,
                                 attach_files=True, embed_links=True)
    assert links and {int(n) for n in links} == {wanted.value}


def fake_run(tmp_path: Path, notes: list[str]) -> Run:
    home = tmp_path / "srv" / "darbar"
    (home / "data").mkdir(parents=True)
    (home / ".env").write_text("DISCORD_TOKEN=\n")
    return Run(tmp_path, [f"useradd --system --home-dir {home} darbar", *notes], "")


def test_the_check_finds_a_file_the_guide_made_as_root(tmp_path):
    home = tmp_path / "srv" / "darbar"
    run = fake_run(tmp_path, [f"own darbar {home}", f"own darbar {home / 'data'}"])
    check_owners(run)  # .env was made by a redirection of the calling shell: root's
    assert run.failures == [f"not darbar's: {Path('srv/darbar/.env')} (root's)"]
    run = fake_run(tmp_path / "ok", [])
    run.notes += [f"own darbar {p}" for p in (tmp_path / "ok/srv/darbar").rglob("*")]
    run.notes.append(f"own darbar {tmp_path / 'ok/srv/darbar'}")
    check_owners(run)
    assert run.failures == []


def test_the_check_finds_a_readable_env(tmp_path):
    run = fake_run(tmp_path, [])
    (tmp_path / "srv/darbar/.env").chmod(0o644)
    check_env(run)
    assert run.failures == [".env is mode 644, not 600"]


@pytest.mark.slow
def test_the_hosting_guide_runs_as_written_in_a_scratch_root(tmp_path):
    """tools/hosting_check.py: the guide's own commands, a fresh clone and venv, checked."""
    run = check(tmp_path)
    assert run.failures == [], "\n".join(run.failures)
    assert any(n.startswith("useradd ") for n in run.notes)
