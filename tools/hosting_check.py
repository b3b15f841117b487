"""Follow docs/hosting.md's server steps in a scratch root, without systemd and without root.

    python -m tools.hosting_check [--keep DIR]

The guide's shell blocks marked ``<!-- server steps -->`` are read from the guide itself
and run in order, in one bash session, with the server's folders (/srv, /etc, /var)
moved into the scratch root. What needs root or a real server is a recorded stand-in:
``apt-get`` checks that the packages it names are what this machine has, ``useradd``
notes the user, ``chown`` and ``install -o`` note an owner, ``sudo -u USER`` runs the
command and notes USER as the owner of what it created, ``systemctl`` and ``journalctl``
are noted, ``git clone`` clones this checkout's HEAD instead of the guide's URL. The rest
runs for real: the clone, ``make install`` (a fresh virtual environment), the ``.env``,
the data folder, the backups folder, the admin tool. Then it checks that the user the guide
creates owns everything under its home, that ``.env`` is mode 600, that each unit the
guide installs names a WorkingDirectory, ReadWritePaths, ExecStart and EnvironmentFile
that exist, that ``systemd-analyze verify`` accepts it (where systemd-analyze exists),
that the cron line it writes is well formed and makes a backup, and that the installed
``darbar list`` answers from the data folder.

It prints one line per check and exits 1 if any failed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "hosting.md"
MARK = "<!-- server steps -->"
# The server's folders the guide writes to, moved into the scratch root.
MOVED = ("/srv/", "/etc/", "/var/")
USER = "darbar"
APP = "/srv/darbar"

# Stand-ins for what needs root or a server. Each notes what it was asked in $CHECK_LOG;
# `sudo -u USER` notes the paths its command created as USER's (a redirection is made by
# the calling shell, as root, before sudo runs: so it stays root's, as on the server).
PRELUDE = r"""
set -euo pipefail
note() { printf '%s\n' "$*" >> "$CHECK_LOG"; }
tree() { find "$SCRATCH" -mindepth 1 -path "$SCRATCH/tmp" -prune -o -print | sort; }
sudo() {
    local as=root
    while [ $# -gt 0 ]; do
        case "$1" in
            -u) as="$2"; shift 2 ;;
            -e) shift; note "edit $*"; return 0 ;;
            -*) shift ;;
            *) break ;;
        esac
    done
    if [ "$as" = root ]; then "$@"; return; fi
    tree > "$SCRATCH/tmp/before"
    "$@"
    tree | comm -13 "$SCRATCH/tmp/before" - | sed "s|^|own $as |" >> "$CHECK_LOG"
}
sudoedit() { note "edit $*"; }
apt-get() { note "apt $*"; }
apt() { note "apt $*"; }
useradd() { note "useradd $*"; }
chown() {
    local recursive=
    [ "$1" = -R ] && { recursive=-R; shift; }
    local who="${1%%:*}"; shift
    for p in "$@"; do
        if [ -n "$recursive" ]; then find "$p" | sed "s|^|own $who |" >> "$CHECK_LOG"
        else note "own $who $p"; fi
    done
}
install() {
    local args=() who=
    while [ $# -gt 0 ]; do
        case "$1" in
            -o) who="$2"; shift 2 ;;
            -g) shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    command install "${args[@]}"
    [ -n "$who" ] && note "own $who ${args[-1]}"
    return 0
}
systemctl() { note "systemctl $*"; }
journalctl() { note "journalctl $*"; }
git() {
    if [ "$1" = clone ]; then
        note "clone $2"
        command git clone --quiet "$CHECK_REPO" "$3"
    else
        command git "$@"
    fi
}
"""


@dataclass
class Run:
    """What following the guide did: the recorded notes and the scratch root."""

    scratch: Path
    notes: list[str]
    output: str
    failures: list[str] = field(default_factory=list)

    def path(self, server_path: str) -> Path:
        """A server path inside the scratch root."""
        return self.scratch / server_path.lstrip("/")


def server_steps(guide: str) -> list[str]:
    """The guide's shell blocks marked as server steps, in order (a block in a list item
    is indented: its heredocs end at an unindented line)."""
    return [textwrap.dedent(block) for block in
            re.findall(re.escape(MARK) + r"\s*```[a-z]*\n(.*?)```", guide, re.S)]


def into(text: str, scratch: Path) -> str:
    """The server's folders named in ``text`` moved into the scratch root."""
    return re.sub(r"(?<![\w.$/-])(" + "|".join(map(re.escape, MOVED)) + ")",
                  lambda m: f"{scratch}{m.group(1)}", text)


def follow(scratch: Path, guide: Path = GUIDE) -> Run:
    """Run the guide's server steps in ``scratch``."""
    for folder in ("tmp", "srv", "etc/systemd/system", "etc/cron.d", "var/backups"):
        (scratch / folder).mkdir(parents=True, exist_ok=True)  # a server has these
    script = PRELUDE + "\n".join(into(block, scratch) for block in server_steps(
        guide.read_text()))
    (scratch / "tmp" / "steps.sh").write_text(script)
    log = scratch / "tmp" / "notes"
    log.touch()
    origin = scratch / "tmp" / "darbar.git"
    published(origin)
    env = clean_env()
    env.update(SCRATCH=str(scratch), CHECK_LOG=str(log), CHECK_REPO=str(origin),
               HOME=str(scratch / "tmp"),
               # the machine's caches: a fresh venv, without downloading it all again
               PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache/pip")),
               UV_CACHE_DIR=os.environ.get("UV_CACHE_DIR", str(Path.home() / ".cache/uv")))
    done = subprocess.run(["bash", str(scratch / "tmp" / "steps.sh")], cwd=scratch / "tmp",
                          env=env, capture_output=True, text=True)
    run = Run(scratch, log.read_text().splitlines(), done.stdout + done.stderr)
    if done.returncode:
        run.failures.append(f"the guide's steps stopped (exit {done.returncode}):\n"
                            + "\n".join(run.output.splitlines()[-15:]))
    return run


def published(origin: Path) -> None:
    """This checkout's HEAD as the only branch of a bare repository at ``origin``: the
    repository the guide clones, and later pulls from."""
    def git(*args: str, cwd: Path = ROOT) -> str:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                              check=True).stdout.strip()

    commit = git("rev-parse", "HEAD")
    git("clone", "--quiet", "--bare", str(ROOT), str(origin))
    git("update-ref", "refs/heads/main", commit, cwd=origin)
    git("symbolic-ref", "HEAD", "refs/heads/main", cwd=origin)


def unit_settings(text: str) -> dict[str, list[str]]:
    """A unit file's settings, each key's values in order."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def verify_unit(unit: Path) -> str | None:
    """``systemd-analyze verify``'s complaints about ``unit`` (None where there is no
    systemd-analyze; "" when it has none). A warning such as an unknown key counts."""
    if shutil.which("systemd-analyze") is None:
        return None
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                          text=True, cwd=unit.parent)
    return (done.stdout + done.stderr).strip() or ("" if done.returncode == 0
                                                   else f"exit {done.returncode}")


def exposure(unit: Path) -> float:
    """``systemd-analyze security --offline=yes``'s overall exposure of ``unit``."""
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(unit)],
                          capture_output=True, text=True, cwd=unit.parent)
    found = re.search(r"Overall exposure level for \S+: ([\d.]+)", done.stdout)
    if found is None:
        raise RuntimeError(f"systemd-analyze security said: {done.stdout}{done.stderr}")
    return float(found.group(1))


def in_root(unit_text: str, root: Path) -> str:
    """A unit's text with the install's paths moved under ``root``, so that verify finds
    its ExecStart there."""
    return unit_text.replace(APP, f"{root}{APP}")


def check_owners(run: Run) -> None:
    """Everything under the guide's user's home is that user's, as created."""
    owners: dict[str, str] = {}
    for note in run.notes:
        if note.startswith("own "):
            _, who, path = note.split(" ", 2)
            owners[path.rstrip("/")] = who
    home = run.path(APP)
    if not any(n.startswith("useradd ") and f"--home-dir {home}" in n and USER in n.split()
               for n in run.notes):
        run.failures.append(f"the guide creates no user {USER} with the home {APP}")
    if not home.is_dir():
        run.failures.append(f"{APP} was not made")
        return
    wrong = [p for p in [home, *home.rglob("*")]
             if owners.get(str(p)) != USER and not p.is_relative_to(home / ".venv")]
    # The venv's own files are made by the command that makes it (make install): its
    # folder stands for them.
    wrong += [p for p in [home / ".venv"] if p.exists() and owners.get(str(p)) != USER]
    if wrong:
        run.failures.append(f"not {USER}'s: " + ", ".join(
            f"{p.relative_to(run.scratch)} ({owners.get(str(p), 'root')}'s)" for p in wrong[:8]))


def check_packages(run: Run) -> None:
    """The guide installs what the install needs, and this machine has it."""
    asked = " ".join(n for n in run.notes if n.startswith("apt install"))
    missing = [p for p in ("git", "make", "python3", "python3-venv") if p not in asked.split()]
    if missing:
        run.failures.append(f"the guide's apt-get install leaves out {', '.join(missing)}")


def check_env(run: Run) -> None:
    env = run.path(f"{APP}/.env")
    if not env.is_file():
        run.failures.append(".env was not made")
    elif env.stat().st_mode & 0o777 != 0o600:
        run.failures.append(f".env is mode {env.stat().st_mode & 0o777:o}, not 600")


def check_units(run: Run) -> list[str]:
    """Each unit the guide installs: its paths exist in the scratch root, and systemd
    accepts it. Returns the units checked."""
    folder = run.path("/etc/systemd/system")
    units = sorted(folder.glob("darbar*.service")) if folder.is_dir() else []
    if not units:
        run.failures.append("the guide installs no unit in /etc/systemd/system")
    for unit in units:
        text = unit.read_text()
        settings = unit_settings(text)
        for key in ("WorkingDirectory", "ReadWritePaths", "ExecStart", "EnvironmentFile"):
            if key not in settings:
                run.failures.append(f"{unit.name}: no {key}")
            for value in settings.get(key, []):
                for path in value.split() if key == "ReadWritePaths" else value.split()[:1]:
                    path = path.lstrip("-")
                    if "%i" in path:
                        continue  # an instance's own file, made per process
                    if not run.path(path).exists():
                        run.failures.append(f"{unit.name}: {key} {path} does not exist")
        if settings.get("User") != [USER]:
            run.failures.append(f"{unit.name}: User= is not {USER}")
        scratch_unit = run.scratch / "tmp" / unit.name
        scratch_unit.write_text(in_root(text, run.scratch))
        complaints = verify_unit(scratch_unit)
        if complaints:
            run.failures.append(f"systemd-analyze verify {unit.name}: {complaints}")
    if not any(re.match(r"systemctl enable --now darbar\b", n) for n in run.notes):
        run.failures.append("the guide never enables the service")
    return [u.name for u in units]


def check_cron(run: Run) -> None:
    """The backup line in /etc/cron.d: minute hour day month weekday USER command, `%`
    escaped; run as cron would, it makes a backup."""
    cron = run.path("/etc/cron.d/darbar")
    if not cron.is_file():
        run.failures.append("the guide writes no /etc/cron.d/darbar")
        return
    lines = [line for line in cron.read_text().splitlines()
             if line.strip() and not line.startswith("#") and "=" not in line.split()[0]]
    for line in lines:
        fields = line.split(None, 6)
        if len(fields) < 7 or fields[5] != USER:
            run.failures.append(f"cron line without the user field {USER}: {line}")
            continue
        if re.search(r"(?<!\\)%", fields[6]):
            run.failures.append(f"cron line with an unescaped %: {line}")
            continue
        # cron runs it with sh, `\%` meaning `%`: once, now, as the guide's user.
        done = subprocess.run(["sh", "-c", into(fields[6].replace("\\%", "%"), run.scratch)],
                              capture_output=True, text=True, env=clean_env())
        if done.returncode:
            run.failures.append(f"the cron line failed: {done.stderr.strip()}")
    backups = run.path("/var/backups/darbar")
    if not lines or not backups.is_dir() or not any(backups.glob("darbar-*.sqlite3")):
        run.failures.append("the cron line made no backup in /var/backups/darbar")


def clean_env() -> dict[str, str]:
    """This environment without Darbar's settings: as on a server, .env says them."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("DARBAR_", "DATABASE_URL", "DISCORD_", "VIRTUAL_ENV"))}


def check_admin_tool(run: Run) -> None:
    """The installed darbar, run from another folder, opens the data folder's database."""
    darbar = run.path(f"{APP}/.venv/bin/darbar")
    if not darbar.exists():
        run.failures.append(f"{APP}/.venv/bin/darbar was not installed")
        return
    done = subprocess.run([str(darbar), "list"], cwd=run.scratch / "tmp",
                          capture_output=True, text=True, env=clean_env())
    expected = f"Database: {run.path(APP + '/data/darbar.sqlite3')}"
    if done.returncode or not done.stderr.startswith(expected):
        run.failures.append(f"darbar list: exit {done.returncode}, said "
                            f"{(done.stdout + done.stderr).strip()[:300]}")


def check(scratch: Path, guide: Path = GUIDE) -> Run:
    if not server_steps(guide.read_text()):
        return Run(scratch, [], "", [f"{guide.name} marks no server steps ({MARK})"])
    run = follow(scratch, guide)
    if run.failures:
        return run
    checks = [check_packages, check_owners, check_env, check_units, check_cron, check_admin_tool]
    for step in checks:
        step(run)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.hosting_check",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--guide", default=str(GUIDE),
                        help="the guide to follow (default: docs/hosting.md; the code "
                        "installed is this checkout's HEAD)")
    parser.add_argument("--keep", default=None,
                        help="scratch root to use and keep (default: a temporary one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="darbar-hosting-") as tmp:
        scratch = Path(args.keep).resolve() if args.keep else Path(tmp)
        guide = Path(args.guide)
        run = check(scratch, guide)
    blocks = len(server_steps(guide.read_text()))
    print(f"{guide}: {blocks} blocks of server steps followed in "
          f"{scratch}")
    for note in run.notes:
        if not note.startswith("own "):
            print(f"  stand-in: {note}")
    for failure in run.failures:
        print(f"FAILED: {failure}")
    if not run.failures:
        print("OK: user and ownership, .env mode 600, the units' paths and systemd-analyze "
              "verify, the cron backup, darbar list from the data folder")
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
