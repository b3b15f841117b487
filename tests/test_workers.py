"""The worker processes of bot/workers.py: shut down with the bot, and gone with it even
when it is killed and cannot stop them."""

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot import workers

ROOT = Path(__file__).resolve().parents[1]

# A bot in miniature: it starts the pool's workers, says which, and waits to be killed.
CHILD = """
import asyncio, os
from bot import workers

async def main():
    pids = set(await asyncio.gather(*(workers.POOL.run(os.getpid) for _ in range(8))))
    print(" ".join(map(str, sorted(pids))), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def gone(pid: int) -> bool:
    """Not running: no such process, or a zombie its new parent has not reaped yet."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def wait_until(condition, what: str, timeout: float = 60) -> None:
    """A guard against hanging, not a speed check: done as soon as ``condition()`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.mark.slow
async def test_shutdown_leaves_no_worker_behind():
    pids = set(await asyncio.gather(*(workers.POOL.run(os.getpid) for _ in range(20))))
    assert pids and os.getpid() not in pids
    workers.shutdown()
    assert not workers.POOL.running
    assert all(gone(pid) for pid in pids)
    # and the next search starts a new pool
    assert await workers.POOL.run(os.getpid) not in pids | {os.getpid()}
    workers.shutdown()


# The workers' first start, held until the event loop writes a file: the loop must not wait
# for the start (the forkserver's preload), or it could never write it.
HELD = """
import asyncio, os, pathlib, sys
from bot import workers

workers.PRELOAD.append("tests.support.held_import")

async def main():
    first = asyncio.ensure_future(workers.POOL.run(os.getpid))
    await asyncio.sleep(0.2)  # the run is under way: its start now waits for this file
    pathlib.Path(os.environ["DARBAR_TEST_SIGNAL"]).touch()
    await first
    workers.shutdown()

asyncio.run(main())
"""


@pytest.mark.slow
def test_starting_the_workers_never_holds_the_event_loop(tmp_path):
    """The first search or replay starts the worker processes; on a loaded machine that
    takes seconds (issue 36: a /replay first answered after 5.9 s). Meanwhile the loop
    must go on acknowledging interactions."""
    signal = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DARBAR_TEST_SIGNAL": str(signal)}
    subprocess.run([sys.executable, "-c", HELD], cwd=ROOT, env=env, check=True, timeout=120)
    assert (tmp_path / "go.seen").read_text() == "yes"


@pytest.mark.slow
def test_the_workers_end_when_the_bot_is_killed(tmp_path):
    out = tmp_path / "pids"
    with out.open("w") as sink:
        child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=sink, cwd=tmp_path,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        wait_until(lambda: out.read_text().endswith("\n") or child.poll() is not None,
                   "the child never started its workers")
        pids = [int(p) for p in out.read_text().split()]
        assert pids and child.pid not in pids
        assert not any(gone(pid) for pid in pids)
    finally:
        child.kill()  # SIGKILL: the bot cannot stop its workers itself
        child.wait()
    wait_until(lambda: all(gone(pid) for pid in pids), "workers outlived the killed bot")


@pytest.mark.slow
async def test_a_new_workers_first_search_is_the_searchs_own_and_it_loads_only_the_engine():
    """A new pool's first search answers what the search answers in the bot itself; and the
    worker holds the engine and the computer players only: not the bot's event loop, its
    metrics, the database or the pictures, which made it start slower and hold more."""
    from bot import in_worker
    from engine import games
    from tests.support import imported

    g = games.get("goat_tiger")
    state = g.setup(7)
    pool = workers.Pool(1)
    try:
        steps, _ = await pool.run(in_worker.search, "goat_tiger", state, "goats")
        loaded = set(await pool.run(imported.modules))
    finally:
        pool.shutdown()
    assert steps == g.bot_steps(state, "goats")
    assert "engine.games.goat_tiger.ai" in loaded
    for heavy in ("asyncio", "prometheus_client", "bot.metrics", "sqlalchemy", "PIL", "discord",
                  "renderer"):
        assert heavy not in loaded, heavy
