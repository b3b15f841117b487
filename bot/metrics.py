"""What an operator can count: the bot's Prometheus metrics (prometheus_client).

Each is recorded where the work happens (the Discord face, the table, the workers, the
scheduler) and costs a lock and an addition; nothing is served, and nothing is read from
the database for them, unless the health endpoint is on (``HEALTH_PORT``, bot/health.py),
whose ``/metrics`` also shows prometheus_client's own process figures
(``process_resident_memory_bytes``, CPU, open files) and Python's garbage collector.
The engine and the renderer know nothing of this: they are timed from outside. The
database's errors are counted by bot/database_errors.py, apart, so that the computer's
worker processes (which record THINK) never import SQLAlchemy.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

T = TypeVar("T")

# No "_created" twin of every series: Prometheus does not use them, and they double /metrics.
disable_created_metrics()

INTERACTIONS = Counter(
    "darbar_interactions", "Interactions handled, by kind (command, click, autocomplete), "
    "name (the command, or what was clicked) and outcome (ok, refused: the reply was a "
    "refusal; failed: an error; unavailable: the database did not answer; expired: "
    "reached the bot after Discord's 3 s; restarting: arrived while the bot was closing)",
    ["kind", "name", "outcome"])
# Discord drops an interaction that has no first answer 3 s after it was made.
FIRST_ANSWER = Histogram(
    "darbar_first_answer_seconds", "From Discord's creation of an interaction (its id's "
    "timestamp) to the bot's first answer to it (a reply or a deferral), by kind",
    ["kind"], buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0))
MOVES = Counter("darbar_moves", "Moves completed (stored), by game", ["game"])
STEPS = Counter("darbar_steps", "Steps stored (a move is one step or more), by game", ["game"])
THINK = Histogram(
    "darbar_computer_think_seconds", "The computer's search for one move, in its worker "
    "process (not counting its wait for a free worker), by game", ["game"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0))
RENDER = Histogram(
    "darbar_render_seconds", "Drawing and encoding one picture on a render thread, by "
    "game and picture (board, banner, hand, chart)", ["game", "picture"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0))
SCHEDULER_LAG = Gauge(
    "darbar_scheduler_lag_seconds", "At the last scheduler tick: how long the oldest "
    "business it handled had been due (0 when nothing was)")
SCHEDULER_DUE = Counter("darbar_scheduler_handled",
                        "Games the scheduler looked after (reminders, timeouts, clean-ups)")
SCHEDULER_ERRORS = Counter(
    "darbar_scheduler_errors", "Due games the scheduler failed to look after (each is "
    "logged with its game id, and tried again at the next tick)")
SCHEDULER_MISSED = Counter(
    "darbar_scheduler_missed_ticks", "Scheduler ticks given up because the database did "
    "not answer (what was due is done at the next tick that reaches it)")
BOARD_MESSAGES = Counter(
    "darbar_board_messages", "The servers' boards' messages (/server board), by what was "
    "done: posted, edited (only where a page's text changed) or deleted (a page fewer, or "
    "moved down after one was deleted)", ["what"])
DATABASE_ERRORS = Counter(
    "darbar_database_errors", "Errors the database driver raised, by kind (a unique key's "
    "refusal, which the repository expects when two writers race, is not counted)",
    ["error"])
HEAP_RETURNED = Gauge(
    "darbar_heap_returned_bytes", "Resident memory the last scheduler tick gave back to the "
    "system: heap the render threads had freed but kept (bot/memory.py)")
OPEN_GAMES = Gauge(
    "darbar_open_games", "Games being set up or played, by game and status (counted in the "
    "database when /metrics is read)", ["game", "status"])


def timed(metric: Histogram, fn: Callable[[], T]) -> Callable[[], T]:
    """``fn`` observing its own duration in ``metric`` (for work run on another thread)."""

    def run() -> T:
        start = time.perf_counter()
        try:
            return fn()
        finally:
            metric.observe(time.perf_counter() - start)

    return run


_shown: set[tuple[str, str]] = set()  # OPEN_GAMES' label sets so far


def set_open_games(counts: dict[tuple[str, str], int]) -> None:
    """The gauge as the database counted it; a game or status with none left reads 0."""
    _shown.update(counts)
    for game, status in _shown:
        OPEN_GAMES.labels(game, status).set(counts.get((game, status), 0))
