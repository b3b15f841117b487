"""What runs inside the computer's worker processes (bot/workers.py starts them): their
start and the search. Its imports are the engine's alone: a worker, and the fork server
that makes the workers, import this module rather than bot/workers.py, whose event-loop
side (asyncio, the metrics) would add a fifth of a second to every start and some 10 MB
to each worker, for nothing a search uses."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from engine import games

# Workers yield to the bot's event loop: nice 10 weighs about a tenth of nice 0 for
# the scheduler, so acknowledging an interaction never waits behind a search.
WORKER_NICE = 10


def start(lifeline: Connection) -> None:
    """A worker's initializer."""
    # Ctrl-C in a terminal reaches the whole process group: the bot closes on it and stops
    # its workers itself, which must not die of it first (a traceback each, a broken pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # no nice(): the same priority then
        os.nice(WORKER_NICE)
    # A bot that is killed (SIGKILL, out of memory) cannot stop its workers, and a pool's
    # workers do not notice their parent's death: they would wait for work forever. The bot
    # holds the only writing end of this pipe, so reading it returns when the bot is gone.
    threading.Thread(target=_end_with_the_bot, args=(lifeline,), daemon=True).start()


def _end_with_the_bot(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    os._exit(0)


def search(game_id: str, state: dict, role: str, quick: bool = False
           ) -> tuple[list[tuple[str, Any]], float]:
    """The computer's move (``g.bot_steps``; ``quick``: ``g.quick_bot_steps`` where the game
    has one) and how long the search took (in the worker: its wait for one is not
    counted)."""
    g = games.get(game_id)
    search = (quick and g.quick_bot_steps) or g.bot_steps
    if search is None:  # the table seats the computer only where a game has one
        raise ValueError(f"{game_id} has no computer player")
    began = time.perf_counter()
    return search(state, role), time.perf_counter() - began
