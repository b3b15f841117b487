"""Ratings: finished games rated, the players' ratings, the leaderboards."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Sequence
from contextlib import nullcontext
from datetime import datetime
from functools import partial

from sqlalchemy import Connection, Insert, bindparam, delete, func, insert, text, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col, select

from db.models import Game, Rated, RatedSeat, Rating, table_of
from db.repository import fast
from db.repository.core import RepositoryCore, from_columns

RatingKey = tuple[str, str, str]  # (guild or "*", game, user)
_RATED, _SEAT, _RATING = table_of(Rated), table_of(RatedSeat), table_of(Rating)
# A game's end, written and read with Core statements built once (through the ORM, its
# merges and flushes, a game's end cost about 18 ms of CPU on the event loop).
_RATED_ROW = sa_select(_RATED).where(_RATED.c.game_id == bindparam("game_id"))
_RATED_SEATS = sa_select(_SEAT).where(_SEAT.c.game_id == bindparam("game_id"))
_ADD_SEAT = insert(RatedSeat)
# The ratings of a game's players (the keys asked for are picked from them: one game,
# a server and everywhere).
_RATINGS = sa_select(_RATING).where(
    _RATING.c.guild_id.in_(bindparam("guilds", expanding=True)),
    _RATING.c.game == bindparam("game"),
    _RATING.c.user_id.in_(bindparam("users", expanding=True)))
_earlier = _RATED.alias("earlier")  # never correlated to the row
_APPLIED = update(Rated).where(col(Rated.game_id) == bindparam("_game_id")).values(
    applied=sa_select(func.coalesce(func.max(_earlier.c.applied), 0) + 1).scalar_subquery())
_RATING_KEY = ("guild_id", "game", "user_id")


def _by_dialect(name: str) -> tuple[Insert, Insert]:
    """The dialect's insert of a ``Rated`` row that does nothing if the game has one (the
    primary key decides who records a game's end), and its upsert of a rating."""
    made = postgresql.insert if name == "postgresql" else sqlite.insert
    add = made(Rating)
    upsert = add.on_conflict_do_update(
        index_elements=[_RATING.c[k] for k in _RATING_KEY],
        set_={c.name: add.excluded[c.name] for c in _RATING.c if c.name not in _RATING_KEY})
    return made(Rated).on_conflict_do_nothing(index_elements=[_RATED.c.game_id]), upsert


_DIALECT_STATEMENTS = {name: _by_dialect(name) for name in ("sqlite", "postgresql")}


class Ratings(RepositoryCore):
    """Finished games rated, and the ratings and leaderboards they make."""

    async def rated(self, game_id: int) -> tuple[Rated, list[RatedSeat]] | None:
        return await self.read(partial(_rated, game_id=game_id))

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
        record = partial(_record, row=row, seats=seats, keys=keys, rate=rate)
        try:
            if self._sqlite_writer() is not None:
                async with self._writer():
                    await self.write_now(record)
            else:
                async with self._tx() as s:
                    await (await s.connection()).run_sync(record)
            return True
        except _Recorded:
            return False

    async def ratings(self, keys: Collection[RatingKey]) -> dict[RatingKey, Rating]:
        """The ratings (guild, game, user) that exist among ``keys``."""
        return await self.read(partial(_ratings, keys=keys))

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


def _rated(conn: Connection, game_id: int) -> tuple[Rated, list[RatedSeat]] | None:
    with fast.snapshot(conn) if conn.dialect.name == "sqlite" else nullcontext():
        found = fast.rows(conn, _RATED_ROW, {"game_id": game_id})
        if not found:
            return None
        seats = fast.rows(conn, _RATED_SEATS, {"game_id": game_id})
    # the rows that PostgreSQL's read in autocommit gives, should the game's end be
    # recorded between its two statements: the seats are written with the row, so a row
    # found has its seats
    return (from_columns(Rated, _RATED, found[0]),
            [from_columns(RatedSeat, _SEAT, r) for r in seats])


def _record(conn: Connection, *, row: Rated, seats: Sequence[RatedSeat],
            keys: Collection[RatingKey],
            rate: Callable[[dict[RatingKey, Rating]], Sequence[Rating]]) -> None:
    """``record_result`` in ``conn``'s transaction (on PostgreSQL, with its advisory
    locks)."""
    add_rated, upsert = _DIALECT_STATEMENTS[conn.dialect.name]
    # the primary key decides, before any rating changes
    if fast.execute(conn, add_rated, row.model_dump()).rowcount != 1:
        raise _Recorded
    if conn.dialect.name == "postgresql":
        for lock in sorted({_player_lock(user) for _, _, user in keys}):
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock})
    if ratings := rate(_ratings(conn, keys)):
        fast.execute(conn, upsert, [r.model_dump() for r in ratings])
    if seats:
        fast.execute(conn, _ADD_SEAT, [seat.model_dump() for seat in seats])
    fast.execute(conn, _APPLIED, {"_game_id": row.game_id})


def _ratings(conn: Connection, keys: Collection[RatingKey]) -> dict[RatingKey, Rating]:
    if not keys:
        return {}
    (game,) = {k[1] for k in keys}  # a game's end changes the ratings of its game only
    found = fast.rows(conn, _RATINGS, {"guilds": sorted({k[0] for k in keys}), "game": game,
                                       "users": sorted({k[2] for k in keys})})
    wanted = set(keys)
    out = {}
    for r in found:
        rating = from_columns(Rating, _RATING, r)
        if (key := (rating.guild_id, rating.game, rating.user_id)) in wanted:
            out[key] = rating
    return out


class _Recorded(Exception):
    """The game's result was recorded already (its ``rated`` row exists)."""


def _player_lock(user_id: str) -> int:
    """The PostgreSQL advisory lock (a signed 64-bit number) that serialises one player's
    rating changes; derived from a name no other lock of Darbar's uses."""
    digest = hashlib.sha256(f"darbar rating {user_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)
