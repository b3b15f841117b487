"""The delivery ledger (bot/table/deliveries.py): what a channel was shown of its game."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import func, update
from sqlmodel import col, select

from db.models import LIVE_STATUSES, TIEBREAK, Game
from db.repository.core import RepositoryCore


class Deliveries(RepositoryCore):
    """The delivery ledger of bot/table/deliveries.py."""

    async def delivered(self, game_id: int, version: int, seen: int) -> None:
        """The channel was shown game ``game_id``'s public log up to ``seen`` lines, in a
        post made at ``version``: nothing is owed any more, unless a later write's post
        has already been recorded (the newer word wins; posts can finish out of order)."""
        async with self._tx() as s:
            conn = await s.connection()
            await conn.execute(update(Game).where(
                col(Game.id) == game_id,
                col(Game.posted_version).is_(None) | (col(Game.posted_version) <= version),
            ).values(posted=seen, posted_version=version, undelivered=None, redeliver_at=None))

    async def undelivered(self, game_id: int, version: int, shown: int, why: dict,
                          retry_at: datetime | None) -> None:
        """A post made at ``version`` could not be made (``why``, JSON); the channel has
        been shown the public log up to ``shown`` lines, unless the ledger knows it was
        shown less (an earlier post that failed too). Nothing is noted if a later post was
        delivered meanwhile: it showed the channel the game as it now is."""
        async with self._tx() as s:
            conn = await s.connection()
            await conn.execute(update(Game).where(
                col(Game.id) == game_id,
                col(Game.posted_version).is_(None) | (col(Game.posted_version) < version),
            ).values(posted=func.coalesce(col(Game.posted), shown),
                     posted_version=func.coalesce(col(Game.posted_version), version - 1),
                     undelivered=json.dumps(why), redeliver_at=retry_at))

    async def owed(self, now: datetime | None = None) -> list[Game]:
        """Games being played or just finished that owe their channel a post: with
        ``now``, those whose retry has come (``redeliver_at``); without, every game whose
        post is recorded as not delivered or whose log has lines past what was shown (a
        crash between a write and its post: only a restart asks that)."""
        async with self._sessions() as s:
            q = select(Game).where(col(Game.status).in_((*LIVE_STATUSES, "finished", TIEBREAK)))
            if now is not None:
                q = q.where(col(Game.redeliver_at) <= now)
            else:
                q = q.where(col(Game.posted).is_not(None)
                            & (col(Game.undelivered).is_not(None)
                               | (col(Game.posted_version) < col(Game.version))))
            return list((await s.exec(q.order_by(col(Game.id)))).all())
