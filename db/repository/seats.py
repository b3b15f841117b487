"""Seats: taken, left, dealt their roles at the start, and handed on."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, func, update
from sqlalchemy import select as sa_select
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from db.models import LIVE_STATUSES, Game, Handover, Seat, SeatOffer, id_of, table_of, utcnow
from db.repository import fast
from db.repository.clocks import Sched
from db.repository.core import RepositoryCore, from_columns
from db.repository.shown import Shown, record
from engine import jsontext

_G, _S, _H = table_of(Game), table_of(Seat), table_of(Handover)
# read at a game's end (its ratings): as rows, without the ORM (about 1 ms less)
_HANDOVERS = sa_select(_H).where(_H.c.game_id == bindparam("game_id")).order_by(_H.c.id)


class Seats(RepositoryCore):
    """Seats taken and left, dealt roles at the start, and handed on."""

    async def seats(self, game_id: int) -> list[Seat]:
        async with self._sessions() as s:
            q = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.position))
            return list((await s.exec(q)).all())

    async def mark_left(self, guild_id: str, user_id: str, now: datetime) -> list[int]:
        """``user_id`` left the server ``guild_id``: their seats in its games under way are
        marked (``left_at``). Returns the games marked by this call, each once however many
        processes find out at the same time (a seat already marked is left alone)."""
        q = (sa_select(_S.c.id, _S.c.game_id).select_from(_S.join(_G, _G.c.id == _S.c.game_id))
             .where(_S.c.user_id == user_id, _S.c.left_at.is_(None), _G.c.guild_id == guild_id,
                    _G.c.status == "active", _S.c.role.is_not(None)))
        marked: list[int] = []
        async with self._tx() as s:
            conn = await s.connection()
            for seat_id, game_id in (await conn.execute(q)).all():
                res = await conn.execute(update(Seat).where(
                    col(Seat.id) == seat_id, col(Seat.left_at).is_(None)).values(left_at=now))
                if res.rowcount and game_id not in marked:
                    marked.append(game_id)
        return marked

    async def mark_back(self, guild_id: str, user_id: str) -> int:
        """``user_id`` is in the server ``guild_id`` again: their seats there are theirs as
        before (how many were marked as left)."""
        games_here = sa_select(_G.c.id).where(_G.c.guild_id == guild_id,
                                               _G.c.status.in_(LIVE_STATUSES))
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(update(Seat).where(
                col(Seat.user_id) == user_id, col(Seat.left_at).is_not(None),
                col(Seat.game_id).in_(games_here)).values(left_at=None))
            return res.rowcount

    async def add_seat(self, game: Game, seat: Seat) -> int:
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version)
            await _seat_at_the_end(s, game, [seat])
        return game.version + 1

    async def remove_seats(self, game: Game, seat_ids: Sequence[int]) -> int:
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version)
            for sid in seat_ids:
                seat = await s.get(Seat, sid)
                if seat is not None and seat.game_id == game.id:
                    await s.delete(seat)
        return game.version + 1

    async def start_game(self, game: Game, roles: dict[int, str], state: dict,
                         new_seats: Sequence[Seat] = (), options: dict | None = None,
                         sched: Sched | None = None, now: datetime | None = None,
                         opening: Shown | None = None) -> int:
        """Deal roles to seats (seat id → role), add the seats the deal needs (the
        computer's, shared sides) and store the opening state (and ``options``, when the
        start settled one, such as the number of players): one transaction, so a crash
        cannot leave a game half dealt. ``opening``: what everyone sees at the start,
        recorded as the game's public move 0."""
        extra: dict[str, object] = {"updated_at": now or utcnow()}
        if options is not None:
            extra["options"] = json.dumps(options)
        extra |= sched.values() if sched else {}
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, status="active",
                             state=jsontext.dumps(state), **extra)
            for sid, role in roles.items():
                seat = await s.get(Seat, sid)
                assert seat is not None  # seats change only with a version bump, checked above
                seat.role = role
                s.add(seat)
            if new_seats:
                await _seat_at_the_end(s, game, new_seats)
            if opening is not None:
                await record(await s.connection(), id_of(game), opening, seq=0)
        return game.version + 1

    # --- seats changing hands ---------------------------------------------------------

    async def reassign_seat(self, game: Game, seat_id: int, *, user_id: str | None, name: str,
                            is_bot: bool, sched: Sched | None = None,
                            now: datetime | None = None, why: str = "reassigned") -> int:
        """Give a seat to another user or to the computer; version-checked like a move. The
        person who held it is added to its ``held_by``, and the change to the game's
        handovers (``why``: resigned, timeout or reassigned)."""
        now = now or utcnow()
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, updated_at=now,
                             **(sched.values() if sched else {}))
            seat = await s.get(Seat, seat_id)
            if seat is None or seat.game_id != game.id:
                return game.version + 1
            if seat.role is not None:
                s.add(Handover(game_id=id_of(game), role=seat.role,
                               from_user=None if seat.is_bot else seat.user_id,
                               from_name=seat.name, to_user=user_id, to_name=name, why=why,
                               at=now))
            held = seat.holders()
            if user_id is not None and user_id in held:
                held.remove(user_id)  # holding it again: one entry, the newest
            conn = await s.connection()
            await conn.execute(
                update(Seat)
                .where(col(Seat.id) == seat_id, col(Seat.game_id) == game.id)
                .values(user_id=user_id, name=name, is_bot=is_bot, left_at=None,
                        held_by=json.dumps(held) if held else None)
            )
        return game.version + 1

    async def offer_seat(self, offer: SeatOffer) -> SeatOffer:
        """Store an offer of a side (it replaces any earlier offer of that side)."""
        async with self._tx() as s:
            s.add(offer)
        return offer

    async def seat_offer(self, offer_id: int) -> tuple[SeatOffer, bool] | None:
        """An offer of a side, and whether it is still the newest offer of that side."""
        async with self._sessions() as s:
            offer = await s.get(SeatOffer, offer_id)
            if offer is None:
                return None
            newest = (await s.exec(select(func.max(SeatOffer.id)).where(
                SeatOffer.game_id == offer.game_id, SeatOffer.role == offer.role))).one()
            return offer, newest == offer.id

    async def handovers(self, game_id: int) -> list[Handover]:
        """The sides of a game that changed hands, in order."""
        rows = await self.read(lambda conn: fast.rows(conn, _HANDOVERS, {"game_id": game_id}))
        return [from_columns(Handover, _H, r) for r in rows]

    async def open_games_of(self, user_id: str, guild_id: str | None) -> int:
        """How many games being set up or played in this guild the user sits at or opened."""
        async with self._sessions() as s:
            seated = select(Seat.game_id).where(Seat.user_id == user_id)
            q = select(func.count()).select_from(Game).where(
                col(Game.status).in_(LIVE_STATUSES),
                Game.guild_id == guild_id,
                (col(Game.created_by) == user_id) | col(Game.id).in_(seated),
            )
            return (await s.exec(q)).one()


async def _seat_at_the_end(s: AsyncSession, game: Game, seats: Sequence[Seat]) -> None:
    """Add ``seats`` to ``game`` after the seats it has, in order (inside a transaction)."""
    top = await s.exec(select(func.max(Seat.position)).where(Seat.game_id == game.id))
    first = (top.one() or 0) + 1
    for i, seat in enumerate(seats):
        seat.game_id, seat.position = id_of(game), first + i
        s.add(seat)
