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
threads that draw waiting on a heap's lock only for the moment an allocation takes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
from pathlib import Path
from typing import Any

ARENAS = 2  # the main thread's heap and one for the others (the two render threads)
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


def trim() -> float:
    """Give the heap the process freed back to the system, where the C library can;
    returns how many MB of resident memory that gave back (0 where it cannot)."""
    fn = _malloc_trim()
    before = rss_mb()
    if fn is None or before is None:
        return 0.0
    fn(0)
    after = rss_mb()
    return max(0.0, before[0] - after[0]) if after is not None else 0.0


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
