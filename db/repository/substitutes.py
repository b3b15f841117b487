"""Seats put up for substitutes: the row of each (bot/table/substitutes.py), changed only
at the version read, so two clicks or two processes never both move it on."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import select as sa_select
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from db.community_models import Substitute
from db.models import Game, table_of
from db.repository.core import RepositoryCore

_G, _U = table_of(Game), table_of(Substitute)
# A seat put up and not yet settled: at most one a side.
PENDING = ("open", "asking")


class Substitutes(RepositoryCore):
    """Seats put up for substitutes, their candidates, consent and cards."""

    async def put_up(self, sub: Substitute) -> Substitute | None:
        """Store a seat put up for a substitute; None if that side is up already (its row
        stands, and is the one to read): the database's unique index decides, so two
        putting it up at once make one row."""
        try:
            async with self._tx() as s:
                s.add(sub)
        except IntegrityError:
            return None
        return sub

    async def substitute(self, sub_id: int) -> Substitute | None:
        async with self._sessions() as s:
            return await s.get(Substitute, sub_id)

    async def pending_substitute(self, game_id: int, role: str) -> Substitute | None:
        """The side's seat put up and not yet settled, if there is one."""
        async with self._sessions() as s:
            q = select(Substitute).where(Substitute.game_id == game_id,
                                         Substitute.role == role,
                                         col(Substitute.state).in_(PENDING))
            return (await s.exec(q)).first()

    async def pending_substitutes(self, game_id: int) -> list[Substitute]:
        async with self._sessions() as s:
            q = select(Substitute).where(Substitute.game_id == game_id,
                                         col(Substitute.state).in_(PENDING))
            return list((await s.exec(q)).all())

    async def move_substitute(self, sub: Substitute, **values: Any) -> bool:
        """Change ``sub`` as read (its version): True for the one caller that does; the
        row read is brought up to date."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(update(Substitute).where(
                col(Substitute.id) == sub.id, col(Substitute.version) == sub.version
            ).values(version=sub.version + 1, **values))
        if res.rowcount != 1:
            return False
        for name, value in {**values, "version": sub.version + 1}.items():
            setattr(sub, name, value)
        return True

    async def seat_card_posted(self, sub_id: int, channel_id: str, message_id: str) -> None:
        """Where a post of the seat's card went, to edit it as the seat is taken. Not
        versioned: the posts are made once, by the process that put the seat up."""
        async with self._tx() as s:
            sub = await s.get(Substitute, sub_id)
            if sub is None:
                return
            posts = [p for p in json.loads(sub.posts) if p[0] != channel_id]
            sub.posts = json.dumps([*posts, [channel_id, message_id]])
            s.add(sub)

    async def due_substitutes(self, now: datetime, limit: int = 200
                              ) -> list[tuple[int, str | None]]:
        """Seats put up whose time has come by ``now`` (the consent given by default, or
        a timed-out seat going to the computer), soonest first: (id, the game's guild)."""
        q = (sa_select(_U.c.id, _G.c.guild_id).select_from(_U.join(_G, _G.c.id == _U.c.game_id))
             .where(_U.c.due_at <= now).order_by(_U.c.due_at, _U.c.id).limit(limit))
        async with self.engine.connect() as conn:
            return [(row[0], row[1]) for row in await conn.execute(q)]
