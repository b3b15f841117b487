"""Per-user rate limiting of commands: a sliding window in memory.

It protects the bot's CPU and Discord's rate limits from one user hammering
buttons; correctness never depends on it (the database's version check does
that), so each process keeping its own window is fine."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimiter:
    def __init__(self, limit: int, per: float, clock: Callable[[], float] = time.monotonic):
        self.limit, self.per, self.clock = limit, per, clock
        self._hits: dict[str, deque[float]] = {}

    def wait(self, key: str) -> float:
        """Record a command by ``key``; 0 if allowed, else seconds until it would be."""
        now = self.clock()
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.per:
            hits.popleft()
        if len(hits) >= self.limit:
            return hits[0] + self.per - now
        hits.append(now)
        if len(self._hits) > 10_000:  # forget idle users now and then
            self._hits = {k: v for k, v in self._hits.items() if v and v[-1] > now - self.per}
        return 0.0
