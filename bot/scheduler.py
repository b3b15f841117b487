"""The scheduler: every so often, whatever fell due in any game (reminders, timeouts, the
clean-up of stale games) is done, once.

Nothing is kept in memory. Each game stores when it next needs looking at
(``Game.due_at``, worked out with every write that changes whom it waits for), and a tick
reads only the games whose time has come, from that column's index: its cost grows with
what is due, not with the games stored. Each game's business is claimed in the database
before anything is said (see ``Clocks.look_after``), so several processes or shards
ticking over one database never do it twice, and a restart picks up whatever fell due
while the bot was down. Time is a parameter: tests run weeks of play in seconds.

One game's fault (a stored value it cannot read, a bug) is that game's alone: it is
logged with its id and counted (``darbar_scheduler_errors_total``), and the tick goes on
with the other games. The game stays due, so each later tick tries it once more (once a
poll, not in a loop) until the fault is mended or the game ended (``darbar abort``); its
lateness is not counted in the scheduler's lag, which shows how late the others are.

A database that does not answer (a restart, a lock held by a backup) is no game's fault:
the tick stops there, with one warning and ``darbar_scheduler_missed_ticks_total``, and
delivers what it had done; what it had not claimed yet (a claim is one conditional write,
whole or not at all) is still due at the next tick.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from bot.logsetup import log_context
from bot.metrics import SCHEDULER_DUE, SCHEDULER_ERRORS, SCHEDULER_LAG, SCHEDULER_MISSED
from bot.reminders import Nudge
from bot.replies import Notice
from bot.table import Table
from db.outage import unavailable

log = logging.getLogger("darbar.scheduler")
BATCH = 200  # games read per query


async def tick(table: Table, now: datetime,
               owns: Callable[[str | None], bool] = lambda _guild: True,
               limit: int = 5_000) -> list[Nudge | Notice]:
    """Do what is due by ``now`` in the games of the guilds this process serves
    (``owns``); returns what to deliver. At most ``limit`` games a tick, so a tick after
    a long outage cannot hold the loop for long (the next tick goes on from there)."""
    out: list[Nudge | Notice] = []
    try:
        await _tick(table, now, owns, limit, out)
    except Exception as e:
        if not unavailable(e):
            raise
        SCHEDULER_MISSED.inc()
        log.warning("scheduler: the database did not answer (%s); what is due waits for the "
                    "next tick", " ".join(str(e).split())[:200])
    return out  # what was done before the database went is delivered


async def _tick(table: Table, now: datetime, owns: Callable[[str | None], bool],
                limit: int, out: list[Nudge | Notice]) -> None:
    after = None
    looked: set[int] = set()
    lag = 0.0  # how long the oldest business handled had been due (bot/metrics.py)
    handled = 0
    while len(looked) < limit:
        due = await table.repo.due_games(now, BATCH, after)
        for d in due:
            # Once a tick: a game whose next business is due at once again waits for the
            # next tick (the same reminder is never sent twice in a row).
            if owns(d.guild_id) and d.id not in looked:
                looked.add(d.id)
                with log_context(game_id=d.id, guild_id=d.guild_id):
                    try:
                        out += await table.look_after(d.id, d.version, d.due_at, now)
                    except Exception as e:
                        if unavailable(e):
                            raise  # not this game's fault: the tick stops
                        SCHEDULER_ERRORS.inc()
                        log.exception("scheduler: game #%d failed; it stays due and is "
                                      "tried again at the next tick", d.id)
                        continue
                handled += 1
                lag = max(lag, (now - d.due_at).total_seconds())
        if len(due) < BATCH:
            break
        after = (due[-1].due_at, due[-1].id)
    for sub_id, guild_id in await table.repo.due_substitutes(now, BATCH):
        # A seat put up for a substitute whose time came (bot/table/substitutes.py).
        if owns(guild_id):
            with log_context(guild_id=guild_id):
                try:
                    out += await table.look_after_substitute(sub_id, now)
                except Exception as e:
                    if unavailable(e):
                        raise
                    SCHEDULER_ERRORS.inc()
                    log.exception("scheduler: substitute seat #%d failed; it stays due",
                                  sub_id)
    SCHEDULER_LAG.set(lag)
    SCHEDULER_DUE.inc(handled)
