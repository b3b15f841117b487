"""Games' own threads and their followers (issue 41): the thread a game was given and the
channel it came from, when the thread is archived, and the spectators who follow a game in
its thread or by DM."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, delete, update
from sqlalchemy import select as sa_select
from sqlmodel import col

from db.community_models import Follower, GameThread
from db.models import table_of
from db.repository import fast
from db.repository.core import RepositoryCore, from_columns

_T, _F = table_of(GameThread), table_of(Follower)
# Read with every public post of a game (who gets it by DM): one indexed read, made with
# the game's own read where a call posts a move (games.live_game_seats).
DM_FOLLOWERS = sa_select(_F.c.user_id).where(
    _F.c.game_id == bindparam("game_id"), _F.c.how == "dm", _F.c.stopped_at.is_(None)
).order_by(_F.c.since, _F.c.user_id)


class Threads(RepositoryCore):
    """Games' threads, their archiving, and the people who follow a game."""

    async def add_game_thread(self, game_id: int, thread_id: str, parent_id: str) -> None:
        async with self._tx() as s:
            s.add(GameThread(game_id=game_id, thread_id=thread_id, parent_id=parent_id))

    async def game_thread(self, game_id: int) -> GameThread | None:
        async with self._sessions() as s:
            return await s.get(GameThread, game_id)

    async def schedule_archive(self, game_id: int, at: datetime) -> GameThread | None:
        """The game's thread is to be archived at ``at``: the thread, if this call is the
        one that scheduled it (a game's end is posted once to its parent channel, however
        many posts or processes get there)."""
        async with self._tx() as s:
            res = await (await s.connection()).execute(
                update(GameThread).where(col(GameThread.game_id) == game_id,
                                         col(GameThread.archive_at).is_(None),
                                         col(GameThread.archived_at).is_(None))
                .values(archive_at=at))
            return await s.get(GameThread, game_id) if res.rowcount else None

    async def threads_due(self, now: datetime, limit: int = 200) -> list[GameThread]:
        """Threads whose archiving time has come and that are not archived yet."""
        q = (sa_select(_T).where(_T.c.archive_at <= now, _T.c.archived_at.is_(None))
             .order_by(_T.c.archive_at, _T.c.game_id).limit(limit))
        rows = await self.read(lambda conn: fast.rows(conn, q, {}))
        return [from_columns(GameThread, _T, r) for r in rows]

    async def claim_archive(self, game_id: int, now: datetime) -> bool:
        """Whether this call claimed the archiving of the game's thread (of several
        processes, one archives it)."""
        async with self._tx() as s:
            res = await (await s.connection()).execute(
                update(GameThread).where(col(GameThread.game_id) == game_id,
                                         col(GameThread.archived_at).is_(None))
                .values(archived_at=now))
            return bool(res.rowcount)

    async def follow(self, game_id: int, user_id: str, how: str, now: datetime) -> None:
        """``user_id`` follows the game ``how`` (``thread`` or ``dm``), anew if they did."""
        async with self._tx() as s:
            await s.merge(Follower(game_id=game_id, user_id=user_id, how=how, since=now))

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        """Whether ``user_id`` followed the game (they no longer do)."""
        async with self._tx() as s:
            res = await (await s.connection()).execute(
                delete(Follower).where(col(Follower.game_id) == game_id,
                                       col(Follower.user_id) == user_id))
            return bool(res.rowcount)

    async def follower(self, game_id: int, user_id: str) -> Follower | None:
        async with self._sessions() as s:
            return await s.get(Follower, (game_id, user_id))

    async def dm_followers(self, game_id: int) -> list[str]:
        """Who is sent the game's public posts by DM (and has not closed their DMs)."""
        rows = await self.read(lambda conn: fast.rows(conn, DM_FOLLOWERS,
                                                      {"game_id": game_id}))
        return [r[0] for r in rows]

    async def stop_follower(self, game_id: int, user_id: str, now: datetime) -> bool:
        """Their DMs are closed: nothing more is sent to them for this game. Whether this
        call stopped it (so they are told once)."""
        async with self._tx() as s:
            res = await (await s.connection()).execute(
                update(Follower).where(col(Follower.game_id) == game_id,
                                       col(Follower.user_id) == user_id,
                                       col(Follower.stopped_at).is_(None))
                .values(stopped_at=now))
            return bool(res.rowcount)
