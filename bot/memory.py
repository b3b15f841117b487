"""The bot's memory: what it holds (``rss_mb``) and giving back what it freed (``trim``).

Pictures are drawn on two render threads (bot/table/posts.py), and glibc gives each thread
a heap (an "arena") of its own. A freed picture's buffer stays in its heap for the next
one, and a heap gives memory back to the system only from its top, so after a burst of
play a process stays at its high-water mark: of a bot that played all five games at once,
some 60 MB of its resident memory was freed heap (measured with the memory bench section:
``darbar bench --only memory``). ``malloc_trim(0)`` hands such pages back (10-20 ms),
once a scheduler tick (every ``REMINDER_POLL_SECONDS``). Always serving large blocks by
``mmap`` instead (``M_MMAP_THRESHOLD``) would return them at once, but made every picture
3 to 8 ms slower (a fresh mapping's pages are faulted in and zeroed), so it is not done.

Fewer heaps hold less: glibc makes up to eight per CPU as threads contend, and each keeps
its own free blocks. ``limit_arenas`` (called as the bot starts, before its threads) caps
them at ``ARENAS``: a process that played 50 Goat-Tiger games held 143 MB instead of 164
(121 instead of 145 with its picture caches emptied; ``darbar bench --only memory``), the
threads that draw waiting on a heap's lock only for the moment an allocation takes. One
heap for all threads (the main thread's) held least: of the process that played all five
games, 168 MB once trimmed instead of 185 with two heaps, its pictures no slower (small
blocks come from each thread's own cache, ``tcache``, without the heap's lock).

A scheduler tick comes every minute or so, and a burst of play between two ticks leaves its
freed heap resident all the while: of a process playing 50 games of all five, 31 MB at the
end of the Taj Mahal games (231 MB, 200 once trimmed). ``trim_if_grown`` is asked after
every picture drawn (a read of ``/proc/self/statm``, a few µs) and trims only once the
process has grown ``GROWTH_MB`` since it was last trimmed: a trim costs about 1 ms, once in
some tens of pictures, and the freed heap no longer piles up between ticks. Trimming after
4 MB instead (turn 8) trimmed six times as often and left the peak where it was: what sets
it is what two pictures drawn at once hold, not the freed heap between them.

What lives as long as the process (its modules and data, each renderer's caches once its
first picture built them: some 130,000 objects the cyclic garbage collector tracks) is
moved out of that collector's reach after each renderer's first picture
(``freeze_long_lived``). Its full collections, which come once the objects that outlived
two younger ones add up to a quarter of those, went through all of them every time: in a
Rajas run, one of 60 ms of the event loop's CPU (and a 60 ms stall) about every 400
moves, 0.15 ms a move; frozen, the collections inside 400 moves cost 10 ms in all.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import os
import threading
from pathlib import Path
from typing import Any

GROWTH_MB = 8.0  # how far the process grows past its last trim before a picture trims
ARENAS = 1  # one heap for every thread
_M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h


@functools.cache
def _libc(function: str) -> Any:
    """A glibc function, or None elsewhere (macOS; musl has no arenas and a no-op trim)."""
    name = ctypes.util.find_library("c")
    try:
        return getattr(ctypes.CDLL(name), function) if name else None
    except (OSError, AttributeError):
        return None


def _malloc_trim() -> Any:
    return _libc("malloc_trim")


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Cap the C library's heaps at ``arenas`` (glibc's ``M_ARENA_MAX``, as the
    ``MALLOC_ARENA_MAX`` variable would); call before threads start. An operator's own
    ``MALLOC_ARENA_MAX`` is left as it is. Whether the cap was set."""
    mallopt = _libc("mallopt")
    if mallopt is None or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return bool(mallopt(_M_ARENA_MAX, arenas))


def freeze_long_lived() -> None:
    """Everything the process holds now, past one collection of what is garbage already,
    left out of the cyclic garbage collector's collections from now on (``gc.freeze``):
    call it once what lives as long as the process has been made (a renderer's caches
    after its first picture). An object among them that later becomes part of a garbage
    cycle is never collected, so it is called a few times in a process's life, not more;
    reference counting frees all else as before."""
    gc.collect()
    gc.freeze()


_trimmed_at: list[float] = []  # resident MB after the last trim (none yet: empty)
_trimming = threading.Lock()


def trim() -> float:
    """Give the heap the process freed back to the system, where the C library can;
    returns how many MB of resident memory that gave back (0 where it cannot)."""
    fn = _malloc_trim()
    before = resident_mb()
    if fn is None or before is None:
        return 0.0
    fn(0)
    after = resident_mb()
    if after is None:
        return 0.0
    _trimmed_at[:] = [after]
    return max(0.0, before - after)


def trim_if_grown(growth_mb: float = GROWTH_MB) -> bool:
    """``trim`` if the process has grown ``growth_mb`` since it was last trimmed (the
    first call only notes where it stands); whether it trimmed. A thread that finds
    another trimming goes on: one trim serves both."""
    now = resident_mb()
    if now is None or _malloc_trim() is None:
        return False
    if not _trimmed_at:
        _trimmed_at[:] = [now]
        return False
    if now < _trimmed_at[0] + growth_mb or not _trimming.acquire(blocking=False):
        return False
    try:
        trim()
    finally:
        _trimming.release()
    return True


def resident_mb() -> float | None:
    """Resident MB of this process now, from Linux's ``/proc/<pid>/statm`` kept open (a
    few µs: cheap enough to ask after every picture); None where there is no such file."""
    try:
        pid = os.getpid()
        if _statm.get("pid") != pid:  # a forked child reads its own, not its parent's
            _statm.update(pid=pid, fd=os.open(f"/proc/{pid}/statm", os.O_RDONLY))
        pages = int(os.pread(_statm["fd"], 128, 0).split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * _PAGE / 2**20


_statm: dict[str, int] = {}
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mb(pid: int | str = "self") -> tuple[float, float] | None:
    """(resident now, the most it has been) in MB, of this process or ``pid`` (Linux),
    as the kernel counts them (VmRSS, VmHWM); None where /proc has no such figures."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return None
    fields = dict(line.split(":", 1) for line in lines if ":" in line)
    try:
        return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)
    except (KeyError, ValueError, IndexError):
        return None
