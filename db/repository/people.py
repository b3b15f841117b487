"""People and servers: their settings, and the games each sits at or holds."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Select, bindparam, func, literal, null
from sqlalchemy import select as sa_select

from db.models import ASIDE, LIVE_STATUSES, Game, Player, Seat, Server, table_of
from db.repository import fast
from db.repository.core import RepositoryCore, from_columns

_G, _S, _P = table_of(Game), table_of(Seat), table_of(Player)


@dataclass(frozen=True)
class MyGame:
    """One of a player's games, as /mygames lists it (no state is read)."""

    id: int
    guild_id: str | None
    channel_id: str
    game: str
    status: str
    updated_at: datetime
    awaiting: str | None
    pace: str | None
    roles: tuple[str, ...]
    invited: bool = False  # a rematch being set up, the player's seat in it not yet taken
    # Who holds each side, (role, user id, name), so a list names whom a game awaits.
    holders: tuple[tuple[str, str | None, str], ...] = ()
    # The sides whose person left the server: open to be handed on.
    left: tuple[str, ...] = ()


# A side is awaited when its role is in the game's comma-separated ``awaiting`` (role ids
# are plain lowercase words, so LIKE's wildcards cannot occur in them).
_NEXT_AWAITING = (
    sa_select(_G.c.guild_id, _G.c.channel_id)
    .select_from(_S.join(_G, _G.c.id == _S.c.game_id))
    .where(_S.c.user_id == bindparam("user_id"), _G.c.status == "active",
           _G.c.id != bindparam("not_game"), _S.c.role.is_not(None),
           (literal(",") + _G.c.awaiting + literal(",")).contains(
               literal(",") + _S.c.role + literal(",")))
    .order_by(func.coalesce(_G.c.waiting_since, _G.c.updated_at), _G.c.id)
    .limit(1))

_PLAYERS = sa_select(_P).where(_P.c.user_id.in_(bindparam("ids", expanding=True)))
_PLAYER_ID = list(_P.c.keys()).index("user_id")


def next_awaiting_read(conn: Connection, user_id: str, not_game: int | None = None
                       ) -> tuple[str | None, str] | None:
    """``People.next_awaiting`` on ``conn`` (in its transaction, if it has one)."""
    row = fast.execute(conn, _NEXT_AWAITING, {
        "user_id": user_id, "not_game": -1 if not_game is None else not_game}).fetchone()
    return None if row is None else (row[0], row[1])


class People(RepositoryCore):
    """Players' and servers' settings, and the games each sits at or holds."""

    async def players(self, user_ids: Collection[str]) -> dict[str, Player]:
        if not user_ids:
            return {}
        rows = await self.read(lambda conn: fast.rows(conn, _PLAYERS, {"ids": list(user_ids)}))
        return {r[_PLAYER_ID]: from_columns(Player, _P, r)
                for r in rows}

    async def save_player(self, player: Player) -> None:
        async with self._tx() as s:
            await s.merge(player)

    async def server(self, guild_id: str | None) -> Server | None:
        if guild_id is None:
            return None
        async with self._sessions() as s:
            return await s.get(Server, guild_id)

    async def save_server(self, server: Server) -> None:
        async with self._tx() as s:
            await s.merge(server)

    async def games_of(self, user_id: str) -> list[MyGame]:
        """Every game being set up or played that ``user_id`` sits at, with their sides,
        and every rematch being set up that plans a seat for them they have not taken."""
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.status,
                       _G.c.updated_at, _G.c.awaiting, _G.c.pace, _S.c.role)
             .select_from(_S.join(_G, _G.c.id == _S.c.game_id))
             .where(_S.c.user_id == user_id, _G.c.status.in_(LIVE_STATUSES))
             .order_by(_G.c.id, _S.c.position))
        seated = await self._my_games(q)
        taken = {g.id for g in seated}
        # The plan is JSON text; the LIKE only narrows the few games being set up, the
        # plan itself says whether the seat is theirs.
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.updated_at,
                       _G.c.pace, _G.c.plan)
             .where(_G.c.status == "setup", _G.c.plan.like(f'%{json.dumps(str(user_id))}%')))
        async with self.engine.connect() as conn:
            rows: list[Any] = list(await conn.execute(q))
        invited = [MyGame(row.id, row.guild_id, row.channel_id, row.game, "setup",
                          row.updated_at, None, row.pace,
                          tuple(side for who, side in json.loads(row.plan)["seats"]
                                if who == user_id), invited=True)
                   for row in rows if row.id not in taken]
        return seated + [g for g in invited if g.roles]

    async def next_awaiting(self, user_id: str, not_game: int | None = None
                            ) -> tuple[str | None, str] | None:
        """The game in play (other than ``not_game``) that has waited longest on one of
        ``user_id``'s sides, as (guild id, channel id): one query by the seats' user index
        that returns one row, for the "next game" button under every move's confirmation."""
        return await self.read(lambda conn: next_awaiting_read(conn, user_id, not_game))

    async def games_in(self, guild_id: str, limit: int = 500,
                       aside_since: datetime | None = None) -> list[MyGame]:
        """The server's games being set up or played, and those set aside since
        ``aside_since``, newest first (sides left empty)."""
        shown: Any = _G.c.status.in_(LIVE_STATUSES)
        if aside_since is not None:
            shown = shown | ((_G.c.status == ASIDE) & (_G.c.updated_at >= aside_since))
        q = (sa_select(_G.c.id, _G.c.guild_id, _G.c.channel_id, _G.c.game, _G.c.status,
                       _G.c.updated_at, _G.c.awaiting, _G.c.pace, null())
             .where(_G.c.guild_id == guild_id, shown)
             .order_by(_G.c.id.desc()).limit(limit))
        return await self._my_games(q)

    async def _my_games(self, q: Select[Any]) -> list[MyGame]:
        out: dict[int, MyGame] = {}
        async with self.engine.connect() as conn:
            for (game_id, guild_id, channel_id, game, status, updated_at, awaiting, pace,
                 role) in await conn.execute(q):
                had = out.get(game_id)
                roles = tuple(r for r in (*(had.roles if had else ()), role) if r)
                out[game_id] = MyGame(game_id, guild_id, channel_id, game, status, updated_at,
                                      awaiting, pace, roles)
            held: dict[int, list[tuple[str, str | None, str]]] = {}
            left: dict[int, list[str]] = {}
            if out:
                sides = (sa_select(_S.c.game_id, _S.c.role, _S.c.user_id, _S.c.name,
                                   _S.c.left_at)
                         .where(_S.c.game_id.in_(list(out)), _S.c.role.is_not(None))
                         .order_by(_S.c.game_id, _S.c.position))
                for game_id, role, user_id, name, left_at in await conn.execute(sides):
                    held.setdefault(game_id, []).append((role, user_id, name))
                    if left_at is not None:
                        left.setdefault(game_id, []).append(role)
        return [replace(g, holders=tuple(held.get(g.id, ())), left=tuple(left.get(g.id, ())))
                for g in out.values()]
