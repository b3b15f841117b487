"""What an operator installs and runs: the Makefile's default target, the systemd units
(`systemd-analyze verify` and `security`, where systemd-analyze exists) and the figures
docs/hosting.md gives."""

from __future__ import annotations

import subprocess
from pathlib import Path

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
