"""A server's board (``/server board``): where it is, its messages, what it last drew;
the boards due for a redraw, whether their servers' games changed since, the games a
board lists, and the claim that lets one process of several redraw a board."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlmodel import col, select

from db.community_models import Board
from db.models import LIVE_STATUSES, Game, Seat, table_of
from db.repository.core import RepositoryCore

_G, _S = table_of(Game), table_of(Seat)
NO_GAMES = "0:0:0"


@dataclass(frozen=True)
class BoardSeat:
    role: str | None  # None: not dealt yet (a game being set up)
    user_id: str | None  # None: the computer
    name: str
    is_bot: bool


@dataclass(frozen=True)
class BoardGame:
    """One of a server's games being set up or played, as its board lists it (no state)."""

    id: int
    game: str
    options: str  # JSON
    status: str
    channel_id: str
    guild_id: str | None
    created_at: datetime
    updated_at: datetime
    awaiting: str | None
    pace: str | None
    waiting_since: datetime | None
    seats: tuple[BoardSeat, ...]


class Boards(RepositoryCore):
    """The servers' boards (bot/table/board.py)."""

    async def board(self, guild_id: str) -> Board | None:
        async with self._sessions() as s:
            return await s.get(Board, guild_id)

    async def save_board(self, board: Board) -> None:
        """A moderator's change (set up, moved, switched off): whatever was stored."""
        async with self._tx() as s:
            await s.merge(board)

    async def boards_in(self, channel_id: str) -> list[Board]:
        async with self._sessions() as s:
            return list((await s.exec(select(Board).where(
                col(Board.channel_id) == channel_id))).all())

    async def due_boards(self, now: datetime, limit: int = 200) -> list[Board]:
        """The boards switched on whose redraw may come by ``now``, soonest first."""
        async with self._sessions() as s:
            return list((await s.exec(
                select(Board).where(col(Board.channel_id).is_not(None),
                                    col(Board.due_at) <= now)
                .order_by(col(Board.due_at), col(Board.guild_id)).limit(limit))).all())

    async def game_marks(self, guild_ids: Collection[str]) -> dict[str, str]:
        """Each server's live games in a word: how many, their versions' sum and the newest
        id. Every write to a game bumps its version, a new game has the newest id and an
        ended one leaves the count, so any change to what a board lists changes it."""
        if not guild_ids:
            return {}
        q = (sa_select(_G.c.guild_id, func.count(), func.coalesce(func.sum(_G.c.version), 0),
                       func.max(_G.c.id))
             .where(_G.c.guild_id.in_(list(guild_ids)), _G.c.status.in_(LIVE_STATUSES))
             .group_by(_G.c.guild_id))
        async with self.engine.connect() as conn:
            rows: list[Any] = list(await conn.execute(q))
        marks = dict.fromkeys(guild_ids, NO_GAMES)
        marks.update({g: f"{n}:{v}:{m}" for g, n, v, m in rows})
        return marks

    async def board_games(self, guild_id: str) -> list[BoardGame]:
        """The server's games being set up or played, each with its seats in order."""
        q = (sa_select(_G.c.id, _G.c.game, _G.c.options, _G.c.status, _G.c.channel_id,
                       _G.c.guild_id, _G.c.created_at, _G.c.updated_at, _G.c.awaiting,
                       _G.c.pace, _G.c.waiting_since)
             .where(_G.c.guild_id == guild_id, _G.c.status.in_(LIVE_STATUSES)))
        async with self.engine.connect() as conn:
            games: list[Any] = list(await conn.execute(q))
            seats: dict[int, list[BoardSeat]] = {}
            if games:
                sq = (sa_select(_S.c.game_id, _S.c.role, _S.c.user_id, _S.c.name, _S.c.is_bot)
                      .where(_S.c.game_id.in_([g.id for g in games]))
                      .order_by(_S.c.game_id, _S.c.position))
                for game_id, *seat in await conn.execute(sq):
                    seats.setdefault(game_id, []).append(BoardSeat(*seat))
        return [BoardGame(**g._mapping, seats=tuple(seats.get(g.id, ()))) for g in games]

    async def claim_board(self, guild_id: str, version: int, **values: object) -> bool:
        """Change a board only if it is still at ``version`` (and bump it): of several
        processes, or a redraw and a moderator's change, exactly one wins."""
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(Board).where(col(Board.guild_id) == guild_id,
                                    col(Board.version) == version)
                .values(**values, version=version + 1))
            return res.rowcount == 1
