"""A throwaway PostgreSQL server on 127.0.0.1, for the tests and the benchmark.

    from tools.pg_cluster import PgCluster

    with PgCluster() as pg:            # initdb into a temp dir, start, create a database
        repo = await Repository.open(pg.url)   # postgresql+asyncpg://darbar:…@127.0.0.1:PORT/darbar
    # stopped and deleted here

``throwaway_database()`` yields a URL of a fresh, empty database: on the server that
``DARBAR_TEST_PG_URL`` names if it is set (the database is dropped afterwards), or
else on a new ``PgCluster``. It needs PostgreSQL's server binaries (Debian's
``postgresql`` package); ``find_bindir()`` says whether they are here. As root the
server runs as the ``postgres`` system user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import secrets
import shlex
import shutil
import socket
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

from sqlalchemy.engine import make_url

ENV_URL = "DARBAR_TEST_PG_URL"
_BINARIES = ("initdb", "pg_ctl", "postgres")


class PostgresNotFound(RuntimeError):
    """No PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine."""


def find_bindir() -> Path | None:
    """The directory holding initdb, pg_ctl and postgres, or None.

    Looks at ``$PG_BINDIR``, then ``pg_ctl`` on PATH (symlinks followed), then
    Debian's ``/usr/lib/postgresql/*/bin`` (newest version first) and a few usual places.
    """
    candidates: list[Path] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(os.path.realpath(on_path)).parent)
    debian = glob.glob("/usr/lib/postgresql/*/bin")
    debian.sort(key=lambda p: int(v) if (v := Path(p).parent.name).isdigit() else 0,
                reverse=True)
    candidates += [Path(p) for p in debian]
    candidates += [Path("/usr/local/pgsql/bin"), Path("/usr/pgsql/bin")]
    for d in candidates:
        if all(os.access(d / b, os.X_OK) for b in _BINARIES):
            return d
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run_sql(url: str, *statements: str) -> None:
    """Run statements outside a transaction (CREATE/DROP DATABASE) with asyncpg.

    In a thread of its own, so it works whether or not the caller has an event loop.
    """
    import asyncpg

    u = make_url(url)

    async def go() -> None:
        conn = await asyncpg.connect(host=u.host or u.query.get("host"), port=u.port,
                                     user=u.username, password=u.password, database=u.database)
        try:
            for st in statements:
                await conn.execute(st)
        finally:
            await conn.close()

    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(go())
        except BaseException as e:  # handed to the caller
            errors.append(e)

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if errors:
        raise errors[0]


def _with_database(url: str, name: str) -> str:
    u = make_url(url).set(drivername="postgresql+asyncpg", database=name)
    return u.render_as_string(hide_password=False)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _argv(runas: list[str], cmd: list[str]) -> list[str]:
    """``cmd`` run as the server's user: ``runas`` is [] or a runuser/su prefix."""
    if runas and runas[0] == "su":
        return [*runas, shlex.join(cmd)]
    return [*runas, *cmd]


def _stop(pg_ctl: list[str], datadir: Path, root: Path, runas: list[str]) -> None:
    if (datadir / "postmaster.pid").exists():
        subprocess.run(_argv(runas, [*pg_ctl, "-D", str(datadir), "-m", "immediate", "-w",
                                     "stop"]),
                       cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
    shutil.rmtree(root, ignore_errors=True)


class PgCluster:
    """initdb + a postgres server on 127.0.0.1:<free port>, in a temp dir of its own.

    ``fsync=False`` (the default) also turns off synchronous_commit and
    full_page_writes: fast, and a crash loses the data, which is fine for tests.
    A benchmark that wants real commit costs passes ``fsync=True``.
    """

    def __init__(self, *, database: str = "darbar", fsync: bool = False,
                 bindir: Path | str | None = None, user: str = "darbar"):
        found = Path(bindir) if bindir else find_bindir()
        if found is None:
            raise PostgresNotFound(
                "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found; "
                "install Debian's postgresql package or set PG_BINDIR")
        self.bindir = found
        self.database = database
        self.fsync = fsync
        self.user = user
        self.password = secrets.token_hex(16)
        self.port: int | None = None
        self.root: Path | None = None
        self._url: str | None = None
        self._finalizer: Callable[[], object] | None = None

    @property
    def url(self) -> str:
        """The database's URL, once ``start`` started the server."""
        if self._url is None:
            raise RuntimeError("the cluster was never started")
        return self._url

    @property
    def server_url(self) -> str:
        """A URL of the ``postgres`` maintenance database (for CREATE DATABASE)."""
        return _with_database(self.url, "postgres")

    def _runas(self) -> list[str]:
        if os.geteuid() != 0:
            return []
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresNotFound("running as root and there is no 'postgres' system user "
                                   "to run the server as") from None
        if shutil.which("runuser"):
            return ["runuser", "-u", "postgres", "--"]
        return ["su", "postgres", "-s", "/bin/sh", "-c"]  # the command follows as one word

    def _run(self, cmd: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(_argv(self._runas(), cmd), cwd=self.root, capture_output=True,
                              text=True)

    def start(self) -> str:
        """Create and start the server and its database; returns the database URL."""
        self.root = root = Path(tempfile.mkdtemp(prefix="darbar-pg-"))
        datadir, sockdir = root / "data", root / "sock"
        sockdir.mkdir()
        pwfile = self.root / "pw"
        pwfile.write_text(self.password + "\n")
        if os.geteuid() == 0:
            ent = pwd.getpwnam("postgres")
            for p in (self.root, sockdir, pwfile):
                os.chown(p, ent.pw_uid, ent.pw_gid)
        pg_ctl = [str(self.bindir / "pg_ctl")]
        self._finalizer = weakref.finalize(self, _stop, pg_ctl, datadir, self.root,
                                           self._runas())
        try:
            r = self._run([str(self.bindir / "initdb"), "-D", str(datadir), "-U", self.user,
                           f"--pwfile={pwfile}", "--auth-local=trust",
                           "--auth-host=scram-sha-256", "-E", "UTF8", "--no-locale",
                           "--no-sync"])
            pwfile.unlink()
            if r.returncode != 0:
                raise RuntimeError(f"initdb failed:\n{r.stdout}\n{r.stderr}")
            fast = "" if self.fsync else (
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
            base = (datadir / "postgresql.conf").read_text()
            log = self.root / "server.log"
            for _attempt in range(5):
                self.port = _free_port()
                (datadir / "postgresql.conf").write_text(
                    base + "\n# darbar throwaway cluster\n"
                    "listen_addresses = '127.0.0.1'\n"
                    f"port = {self.port}\n"
                    f"unix_socket_directories = '{sockdir}'\n"
                    "timezone = 'UTC'\n"
                    "max_connections = 200\n"
                    + fast)
                r = self._run([*pg_ctl, "-D", str(datadir), "-l", str(log), "-w", "-t", "60",
                               "start"])
                if r.returncode == 0:
                    break
                text = log.read_text() if log.exists() else ""
                if "could not bind" not in text and "in use" not in text:
                    raise RuntimeError(f"postgres did not start:\n{r.stdout}\n{r.stderr}\n{text}")
            else:
                raise RuntimeError("postgres did not start: no free port found")
            self._url = (f"postgresql+asyncpg://{self.user}:{self.password}"
                        f"@127.0.0.1:{self.port}/{self.database}")
            if self.database != "postgres":
                _run_sql(self.server_url, f"CREATE DATABASE {_quote(self.database)}")
        except BaseException:
            self.stop()
            raise
        return self.url

    def halt(self) -> None:
        """Stop the server as an operator's restart does (``pg_ctl stop -m fast``: open
        connections are cut), keeping its data and port for ``resume``."""
        self._pg_ctl("-m", "fast", "stop")

    def resume(self) -> None:
        """Start the server ``halt`` stopped, on the same port, with the same data."""
        self._pg_ctl("-l", str(self._root() / "server.log"), "-t", "60", "start")

    def _root(self) -> Path:
        if self.root is None:
            raise RuntimeError("the cluster was never started")
        return self.root

    def _pg_ctl(self, *args: str) -> None:
        r = self._run([str(self.bindir / "pg_ctl"), "-D", str(self._root() / "data"), "-w",
                       *args])
        if r.returncode != 0:
            raise RuntimeError(f"pg_ctl {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}")

    def create_database(self, name: str) -> str:
        """Create another database on this server; returns its URL."""
        _run_sql(self.server_url, f"CREATE DATABASE {_quote(name)}")
        return _with_database(self.url, name)

    def stop(self) -> None:
        """Stop the server and delete its directory (also done at exit if forgotten)."""
        if self._finalizer is not None:
            self._finalizer()

    def __enter__(self) -> PgCluster:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def empty_database(url: str) -> None:
    """Drop everything in the database's ``public`` schema (tables, indexes, sequences)."""
    _run_sql(url, "DROP SCHEMA IF EXISTS public CASCADE", "CREATE SCHEMA public")


@contextlib.contextmanager
def throwaway_database(*, fsync: bool = False, env_var: str = ENV_URL) -> Iterator[str]:
    """A fresh empty database's URL, deleted afterwards.

    If ``$DARBAR_TEST_PG_URL`` (any PostgreSQL URL of a user allowed to create
    databases) is set, the database is made on that server; otherwise a new
    ``PgCluster`` is started (``PostgresNotFound`` if the binaries are missing).
    """
    external = os.environ.get(env_var)
    if not external:
        with PgCluster(fsync=fsync) as pg:
            yield pg.url
        return
    name = f"darbar_test_{os.getpid()}_{secrets.token_hex(4)}"
    admin = _with_database(external, make_url(external).database or "postgres")
    _run_sql(admin, f"CREATE DATABASE {_quote(name)}")
    try:
        yield _with_database(external, name)
    finally:
        _run_sql(admin, f"DROP DATABASE IF EXISTS {_quote(name)} WITH (FORCE)")
