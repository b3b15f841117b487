"""CPU-heavy work in worker processes, off the event loop.

The computer's search (``bot_steps``) is pure Python and runs for up to a second. On a
thread it would hold the GIL that the event loop needs, and a busy loop answers Discord late:
with 32 searches at once, most interactions were first acknowledged after Discord's 3 s. In
a process it shares nothing with the loop but the CPUs, and the workers run at a lower
priority than the bot, so the loop gets a CPU the moment it has something to do.

One pool per process, created on first use (most commands never need it), sized for the
machine, shut down when the bot or the sandbox closes (``shutdown``), made anew if a worker
dies, and gone with the bot even when the bot is killed. The work must be a module-level
function whose arguments and result pickle; the engine's states are JSON-like, so they do.
Determinism is unchanged: the same search runs on the same state, only in another process.

Board images stay on the table's render threads: drawn here as well, they made one bot
process play 55 moves a second instead of 85 (the load bench) and the computer's replies
twice as slow, for no gain in acknowledgement time.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from bot import in_worker
from bot.metrics import THINK

T = TypeVar("T")

# Imported once in the fork server instead of in every worker: what a worker runs
# (bot/in_worker.py, the engine's imports alone) and the computer players.
PRELOAD = ["bot.in_worker", "engine.games.goat_tiger.ai", "engine.games.vijayanagara.ai"]


def cpus() -> int:
    """CPUs this process may run on (a container's limit, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> multiprocessing.context.BaseContext:
    # Not "fork": the bot has threads (renderer, SQLite writer, aiosqlite), and a fork
    # copies their locks in whatever state they are. A forkserver starts one clean
    # process once and forks workers from it, which is quick; spawn is the portable rest.
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


class Pool:
    """A process pool that is created on first use and replaced when it breaks."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or cpus()
        self._executor: ProcessPoolExecutor | None = None
        self._lifelines: dict[ProcessPoolExecutor, tuple[Connection, Connection]] = {}
        self._lock = threading.Lock()  # shutdown may come from another thread

    @property
    def running(self) -> bool:
        return self._executor is not None

    def _get(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                ctx = _context()
                lifeline = ctx.Pipe(duplex=False)  # (reading end, writing end)
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=ctx, initializer=in_worker.start,
                    initargs=(lifeline[0],))
                self._lifelines[self._executor] = lifeline
            return self._executor

    def _stop(self, executor: ProcessPoolExecutor, *, wait: bool) -> None:
        with self._lock:
            if self._executor is executor:
                self._executor = None
            lifeline = self._lifelines.pop(executor, ())
        executor.shutdown(wait=wait, cancel_futures=True)
        for end in lifeline:  # workers still there (a broken pool's) end with it
            end.close()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process. A broken pool (a worker killed, say by the
        out-of-memory killer) is replaced and the call made once more: the work is a pure
        function, so running it again is safe."""
        if multiprocessing.current_process().daemon:
            # A daemonic process (a multiprocessing worker, like the bench's) may not have
            # children: a thread then, as good as it gets there.
            return await asyncio.to_thread(fn, *args)
        for attempt in (1, 2):
            executor = self._get()
            try:
                # Submitted from a thread: the first submission starts the workers, and
                # under a forkserver that waits for the server to import PRELOAD (seconds
                # on a loaded machine), which on the loop would hold every interaction.
                future = await asyncio.to_thread(executor.submit, fn, *args)
                return await asyncio.wrap_future(future)
            except BrokenProcessPool:
                self._stop(executor, wait=False)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def shutdown(self) -> None:
        """Stop the workers: queued work is cancelled (its callers see CancelledError), a
        search under way is let finish (under a second), so no worker is left behind."""
        executor = self._executor
        if executor is not None:
            self._stop(executor, wait=True)


POOL = Pool()

# Who wants to hear that the current command's reply will be slow: the Discord face, which
# then acknowledges the interaction at once instead of after a timeout.
_on_slow: ContextVar[Callable[[], None] | None] = ContextVar("darbar_on_slow", default=None)


@contextmanager
def on_slow_work(callback: Callable[[], None]) -> Iterator[None]:
    """Call ``callback`` when work started in this context (a task created inside the
    ``with`` copies it) is about to wait for the computer's search."""
    token = _on_slow.set(callback)
    try:
        yield
    finally:
        _on_slow.reset(token)


async def bot_steps(game_id: str, state: dict, role: str, *, quick: bool = False
                    ) -> list[tuple[str, Any]]:
    """The computer's move for ``role`` (``g.bot_steps``, or ``quick``: at its quickest),
    searched in a worker process."""
    if (slow := _on_slow.get()) is not None:
        slow()  # a search takes a good part of a second, more when others queue for it
    steps, seconds = await POOL.run(in_worker.search, game_id, state, role, quick)
    THINK.labels(game_id).observe(seconds)
    return steps


async def run(fn: Callable[..., T], *args: Any, slow: bool = False) -> T:
    """Other CPU-heavy work (a finished game's replay) in a worker process: ``fn`` must be a
    module-level function of arguments that pickle. ``slow``: it takes seconds, so the
    face acknowledges the interaction at once."""
    if slow and (said := _on_slow.get()) is not None:
        said()
    return await POOL.run(fn, *args)


def shutdown() -> None:
    POOL.shutdown()
