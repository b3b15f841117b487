"""Ratings: finished games rated, the players' ratings, the leaderboards."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from functools import partial
from typing import cast

from sqlalchemy import delete, func, text, tuple_, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from db.models import Game, Rated, RatedSeat, Rating, table_of
from db.repository.core import RepositoryCore, in_session

RatingKey = tuple[str, str, str]  # (guild or "*", game, user)


class Ratings(RepositoryCore):
    """Finished games rated, and the ratings and leaderboards they make."""

    async def rated(self, game_id: int) -> tuple[Rated, list[RatedSeat]] | None:
        return await self.read(in_session(_rated, game_id))

    async def record_result(self, row: Rated, seats: Sequence[RatedSeat],
                            keys: Collection[RatingKey],
                            rate: Callable[[dict[RatingKey, Rating]], Sequence[Rating]]
                            ) -> bool:
        """Store how a finished game was rated and the players' new ratings, in one
        transaction; False if it was recorded already (by another process). ``rate`` works
        the new ratings out from the current ones of ``keys``, read inside the transaction
        while those players' ratings are locked (PostgreSQL: an advisory lock per player,
        taken in one order; SQLite: the write lock, taken by the first insert), so two
        games ending at once, in one process or two, never lose each other's change.
        On a SQLite file it is written as a move is (``write_now``: through the
        synchronous driver, on the event loop's thread; through the async driver a game's
        end took about 20 ms of CPU)."""
        record = partial(_record, row=row, seats=seats, keys=keys, rate=rate,
                         locks=self.engine.dialect.name == "postgresql")
        try:
            if self._sqlite_writer() is not None:
                async with self._writer():
                    await self.write_now(in_session(record))
            else:
                async with self._tx() as s:
                    await s.run_sync(lambda sync: record(cast(Session, sync)))
            return True
        except _Recorded:
            return False

    async def ratings(self, keys: Collection[RatingKey]) -> dict[RatingKey, Rating]:
        """The ratings (guild, game, user) that exist among ``keys``."""
        return await self.read(in_session(_ratings, keys))

    async def leaderboard(self, guild_id: str, game: str, limit: int = 25) -> list[Rating]:
        """The best ratings in ``game`` here, by mu − 3 sigma (openskill's ordinal)."""
        async with self._sessions() as s:
            q = (select(Rating).where(Rating.guild_id == guild_id, Rating.game == game)
                 .order_by((col(Rating.mu) - 3 * col(Rating.sigma)).desc(),
                           col(Rating.user_id)).limit(limit))
            return list((await s.exec(q)).all())

    async def place_on_board(self, rating: Rating) -> int:
        """Where ``rating`` stands on its leaderboard (1: first)."""
        mine = rating.mu - 3 * rating.sigma
        async with self._sessions() as s:
            q = select(func.count()).select_from(Rating).where(
                Rating.guild_id == rating.guild_id, Rating.game == rating.game,
                (col(Rating.mu) - 3 * col(Rating.sigma) > mine)
                | ((col(Rating.mu) - 3 * col(Rating.sigma) == mine)
                   & (col(Rating.user_id) < rating.user_id)))
            return (await s.exec(q)).one() + 1

    async def seats_rated(self, *, user_id: str | None = None, guild_id: str | None = None,
                          game: str | None = None) -> list[tuple[Rated, RatedSeat]]:
        """Rated games and their sides, oldest first: one person's, or one server's."""
        async with self._sessions() as s:
            q = select(Rated, RatedSeat).where(col(RatedSeat.game_id) == col(Rated.game_id))
            if user_id is not None:
                q = q.where(RatedSeat.user_id == user_id)
            if guild_id is not None:
                q = q.where(Rated.guild_id == guild_id)
            if game is not None:
                q = q.where(Rated.game == game)
            q = q.order_by(col(Rated.ended_at), col(Rated.game_id), col(RatedSeat.role))
            return [(r, seat) for r, seat in (await s.exec(q)).all()]

    async def all_ratings(self) -> list[Rating]:
        async with self._sessions() as s:
            q = select(Rating).order_by(col(Rating.guild_id), col(Rating.game),
                                        (col(Rating.mu) - 3 * col(Rating.sigma)).desc(),
                                        col(Rating.user_id))
            return list((await s.exec(q)).all())

    async def forget_ratings(self) -> None:
        """Every rating and rated game gone (``darbar ratings --recompute`` starts so)."""
        async with self._tx() as s:
            conn = await s.connection()
            for model in (RatedSeat, Rated, Rating):
                await conn.execute(delete(model))

    async def finished_games(self) -> list[Game]:
        """Every finished game: those rated in the order their ratings were applied, then
        the others in the order they ended (what a recompute replays)."""
        async with self._sessions() as s:
            applied = col(Rated.applied)
            q = (select(Game).outerjoin(Rated, col(Rated.game_id) == col(Game.id))
                 .where(Game.status == "finished")
                 .order_by(applied.is_(None), applied, col(Game.updated_at), col(Game.id)))
            return list((await s.exec(q)).all())

    async def unconcluded(self, since: datetime) -> list[Game]:
        """Games that finished at ``since`` or later without a ``rated`` row, in the order
        they ended: a crash came between their final write and their conclusion (the
        rating and the result post)."""
        async with self._sessions() as s:
            done = select(Rated.game_id).where(col(Rated.game_id) == col(Game.id))
            q = (select(Game).where(Game.status == "finished", col(Game.updated_at) >= since,
                                    ~done.exists())
                 .order_by(col(Game.updated_at), col(Game.id)))
            return list((await s.exec(q)).all())


def _rated(s: Session, game_id: int) -> tuple[Rated, list[RatedSeat]] | None:
    row = s.get(Rated, game_id)
    if row is None:
        return None
    return row, list(s.exec(select(RatedSeat).where(RatedSeat.game_id == game_id)).all())


def _record(s: Session, *, row: Rated, seats: Sequence[RatedSeat],
            keys: Collection[RatingKey],
            rate: Callable[[dict[RatingKey, Rating]], Sequence[Rating]], locks: bool) -> None:
    """``record_result`` in ``s``'s transaction (``locks``: PostgreSQL's advisory locks)."""
    s.add(row)
    try:
        s.flush()  # the primary key decides, before any rating changes
    except IntegrityError:
        raise _Recorded from None
    conn = s.connection()
    if locks:
        for lock in sorted({_player_lock(user) for _, _, user in keys}):
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock})
    for rating in rate(_ratings(s, keys)):
        s.merge(rating)
    for seat in seats:
        s.add(seat)
    rated = table_of(Rated).alias("earlier")  # never correlated to the row
    s.flush()
    conn.execute(update(Rated).where(col(Rated.game_id) == row.game_id)
                 .values(applied=sa_select(func.coalesce(func.max(rated.c.applied), 0) + 1)
                         .scalar_subquery()))


def _ratings(s: Session, keys: Collection[RatingKey]) -> dict[RatingKey, Rating]:
    if not keys:
        return {}
    q = select(Rating).where(tuple_(col(Rating.guild_id), col(Rating.game),
                                    col(Rating.user_id)).in_(list(keys)))
    return {(r.guild_id, r.game, r.user_id): r for r in s.exec(q).all()}


class _Recorded(Exception):
    """The game's result was recorded already (its ``rated`` row exists)."""


def _player_lock(user_id: str) -> int:
    """The PostgreSQL advisory lock (a signed 64-bit number) that serialises one player's
    rating changes; derived from a name no other lock of Darbar's uses."""
    digest = hashlib.sha256(f"darbar rating {user_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)
