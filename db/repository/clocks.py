"""What falls due in a game: its pace as a write stores it, the scheduler's
finds and claims, and the reminder rows from before paces."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select as sa_select
from sqlalchemy import update
from sqlmodel import col

from db.models import LIVE_STATUSES, Game, Reminder, table_of
from db.repository.core import RepositoryCore

_G = table_of(Game)


@dataclass(frozen=True)
class Sched:
    """What a write stores of a game's pace (bot/pace.py): the pace (JSON), the next
    instant anything falls due, and whom the public position awaits."""

    pace: str
    due_at: datetime | None
    awaiting: str | None
    waiting_since: datetime | None = None  # since when it awaits them (None: nobody)

    def values(self) -> dict:
        return {"pace": self.pace, "due_at": self.due_at, "awaiting": self.awaiting,
                "waiting_since": self.waiting_since}


@dataclass(frozen=True)
class Due:
    """A game something falls due in, as the scheduler finds it."""

    id: int
    version: int
    due_at: datetime
    guild_id: str | None


class Clocks(RepositoryCore):
    """What falls due in games, as the scheduler (bot/scheduler.py) finds and claims it."""

    async def reminder(self, game_id: int) -> Reminder | None:
        """A game's reminder row from before paces (``Game.pace`` holds the setting now):
        read once, when the scheduler first works out such a game's pace."""
        async with self._sessions() as s:
            return await s.get(Reminder, game_id)

    # --- the scheduler ------------------------------------------------------------------

    async def due_games(self, now: datetime, limit: int = 200,
                        after: tuple[datetime, int] | None = None) -> list[Due]:
        """Games something falls due in by ``now``, soonest first (then by id), from
        the ``due_at`` index; ``after``: the (due_at, id) a previous page ended at."""
        q = sa_select(_G.c.id, _G.c.version, _G.c.due_at, _G.c.guild_id).where(
            _G.c.due_at <= now)
        if after is not None:
            q = q.where((_G.c.due_at > after[0])
                        | ((_G.c.due_at == after[0]) & (_G.c.id > after[1])))
        async with self.engine.connect() as conn:
            rows = await conn.execute(q.order_by(_G.c.due_at, _G.c.id).limit(limit))
            return [Due(*row) for row in rows]

    async def claim(self, game_id: int, version: int, seen_due: datetime | None,
                    sched: Sched) -> bool:
        """Take what fell due in a game for this process, storing its pace after it:
        only if the game is still at ``version`` and still due at ``seen_due``. Exactly
        one of several processes looking at once wins (the others' update matches no
        row), and a move made meanwhile (a new version) makes every claim fail."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(Game).where(
                    col(Game.id) == game_id, col(Game.version) == version,
                    col(Game.due_at).is_(None) if seen_due is None
                    else col(Game.due_at) == seen_due).values(**sched.values()))
            return res.rowcount == 1

    async def schedule_unscheduled(self, now: datetime) -> int:
        """Games being set up or played that have no due time (made before the
        scheduler, or by an import) are due now, so the scheduler works theirs out."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(Game).where(col(Game.due_at).is_(None),
                                   col(Game.status).in_(LIVE_STATUSES)).values(due_at=now))
            return res.rowcount
