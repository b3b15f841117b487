"""Async repository over the Game / Seat / Step tables.

Every write is one transaction that starts by bumping ``Game.version`` with
``WHERE version = expected``. If another click, user or process wrote first,
that UPDATE matches no row and the whole transaction is rolled back with
``VersionConflict``: correctness never depends on in-process locks.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import event, func, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from db.models import LIVE_STATUSES, Game, Seat, Step, utcnow

DEFAULT_URL = "sqlite+aiosqlite:///data/darbar.sqlite3"


class VersionConflict(Exception):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has a game being set up or played."""


@dataclass(frozen=True)
class NewStep:
    role: str
    user_id: str | None
    action: str
    arg: object


def normalise_url(url: str | None) -> str:
    """Accept plain ``sqlite:///`` or ``postgresql://`` URLs and pick the async driver."""
    url = url or os.environ.get("DATABASE_URL") or DEFAULT_URL
    if url.startswith("sqlite:"):
        url = "sqlite+aiosqlite:" + url[len("sqlite:") :]
    elif url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers (autocomplete, /board) run while a move is written.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


class Repository:
    def __init__(self, engine: AsyncEngine):
        self.engine = engine
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
        # SQLite has one writer at a time and its busy handler backs off in sleeps of up to
        # 100 ms, which wrecks tail latency when many games write at once. Queueing this
        # process's writes here is only for speed: the version check is what keeps two
        # writers (or two processes) from both applying.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None

    @classmethod
    async def open(cls, url: str | None = None) -> Repository:
        url = normalise_url(url)
        if url.startswith("sqlite+aiosqlite:///"):
            path = url[len("sqlite+aiosqlite:///") :]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url)
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        async with engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.create_all)
        return cls(engine)

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncSession]:
        async with self._writer(), self._sessions() as session, session.begin():
            yield session

    def _writer(self):
        return self._write_lock if self._write_lock is not None else nullcontext()

    async def _bump(self, s: AsyncSession, game_id: int, expected: int, **values) -> None:
        conn = await s.connection()
        res = await conn.execute(
            update(Game)
            .where(col(Game.id) == game_id, col(Game.version) == expected)
            .values(version=expected + 1, updated_at=utcnow(), **values)
        )
        if res.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected}")

    # --- games ---------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        game: str,
        options: dict,
        seed: int,
        created_by: str,
        seats: Sequence[Seat] = (),
    ) -> Game:
        row = Game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=json.dumps(options, sort_keys=True),
            seed=seed,
            created_by=created_by,
        )
        try:
            async with self._tx() as s:
                s.add(row)
                await s.flush()
                for i, seat in enumerate(seats):
                    seat.game_id = row.id
                    seat.position = i
                    s.add(seat)
        except IntegrityError as e:
            raise ChannelBusy(channel_id) from e
        return row

    async def get_game(self, game_id: int) -> Game | None:
        async with self._sessions() as s:
            return await s.get(Game, game_id)

    async def live_game(self, channel_id: str) -> Game | None:
        async with self._sessions() as s:
            q = select(Game).where(
                Game.channel_id == channel_id, col(Game.status).in_(LIVE_STATUSES)
            )
            return (await s.exec(q)).first()

    async def latest_game(self, channel_id: str) -> Game | None:
        """The channel's live game, or else its most recent one (for /log after the end)."""
        async with self._sessions() as s:
            q = (
                select(Game)
                .where(Game.channel_id == channel_id)
                .order_by(col(Game.id).desc())
                .limit(1)
            )
            return (await s.exec(q)).first()

    async def list_games(self, status: str | None = None) -> list[Game]:
        async with self._sessions() as s:
            q = select(Game).order_by(col(Game.id))
            if status:
                q = q.where(Game.status == status)
            return list((await s.exec(q)).all())

    async def set_status(
        self,
        game: Game,
        status: str,
        *,
        state: dict | None = None,
        result: dict | None = None,
    ) -> int:
        values: dict = {"status": status}
        if state is not None:
            values["state"] = json.dumps(state)
        if result is not None:
            values["result"] = json.dumps(result)
        async with self._tx() as s:
            await self._bump(s, game.id, game.version, **values)
        return game.version + 1

    # --- seats -----------------------------------------------------------------

    async def seats(self, game_id: int) -> list[Seat]:
        async with self._sessions() as s:
            q = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.position))
            return list((await s.exec(q)).all())

    async def add_seat(self, game: Game, seat: Seat) -> int:
        async with self._tx() as s:
            await self._bump(s, game.id, game.version)
            top = await s.exec(select(func.max(Seat.position)).where(Seat.game_id == game.id))
            seat.game_id = game.id
            seat.position = (top.one() or 0) + 1
            s.add(seat)
        return game.version + 1

    async def remove_seats(self, game: Game, seat_ids: Sequence[int]) -> int:
        async with self._tx() as s:
            await self._bump(s, game.id, game.version)
            for sid in seat_ids:
                seat = await s.get(Seat, sid)
                if seat is not None and seat.game_id == game.id:
                    await s.delete(seat)
        return game.version + 1

    async def start_game(self, game: Game, roles: dict[int, str], state: dict) -> int:
        """Deal roles to seats (seat id → role) and store the opening state."""
        async with self._tx() as s:
            await self._bump(s, game.id, game.version, status="active", state=json.dumps(state))
            for sid, role in roles.items():
                seat = await s.get(Seat, sid)
                seat.role = role
                s.add(seat)
        return game.version + 1

    # --- the step log ------------------------------------------------------------

    async def steps(self, game_id: int, *, include_undone: bool = False) -> list[Step]:
        async with self._sessions() as s:
            q = select(Step).where(Step.game_id == game_id)
            if not include_undone:
                q = q.where(col(Step.undone).is_(False))
            return list((await s.exec(q.order_by(col(Step.seq)))).all())

    async def append_steps(
        self,
        game: Game,
        steps: Sequence[NewStep],
        state: dict,
        *,
        status: str | None = None,
        result: dict | None = None,
    ) -> int:
        """Append steps and the snapshot they lead to, in one transaction."""
        values: dict = {"state": json.dumps(state)}
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = json.dumps(result)
        async with self._tx() as s:
            # The version bump comes first: it takes the write lock before any read.
            await self._bump(s, game.id, game.version, **values)
            top = await s.exec(select(func.max(Step.seq)).where(Step.game_id == game.id))
            seq = top.one() or 0
            now = utcnow()
            for st in steps:
                seq += 1
                s.add(
                    Step(
                        game_id=game.id,
                        seq=seq,
                        role=st.role,
                        user_id=st.user_id,
                        action=st.action,
                        arg=None if st.arg is None else json.dumps(st.arg),
                        created_at=now,
                    )
                )
        return game.version + 1

    async def undo_steps(self, game: Game, seqs: Sequence[int], state: dict) -> int:
        """Mark steps undone and store the snapshot of the shortened log."""
        async with self._tx() as s:
            await self._bump(s, game.id, game.version, state=json.dumps(state))
            conn = await s.connection()
            await conn.execute(
                update(Step)
                .where(col(Step.game_id) == game.id, col(Step.seq).in_(list(seqs)))
                .values(undone=True)
            )
        return game.version + 1


def step_arg(step: Step) -> object:
    return None if step.arg is None else json.loads(step.arg)
