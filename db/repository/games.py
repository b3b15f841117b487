"""Games: made, found, listed, their status changed, set aside, and their rematches."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy import Connection, bindparam, func, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from db.models import ASIDE, LIVE_STATUSES, Game, Player, RematchPing, Seat, id_of, table_of, utcnow
from db.repository import fast
from db.repository.clocks import Sched
from db.repository.core import ChannelBusy, RepositoryCore, from_columns
from db.repository.threads import DM_FOLLOWERS
from engine import jsontext

_G, _S, _P = table_of(Game), table_of(Seat), table_of(Player)
_LIVE = (_G.c.channel_id == bindparam("channel_id"), _G.c.status.in_(LIVE_STATUSES))
# A move's one read: the game, its seats and the /me settings of those seated (whose
# clocks the move settles). On SQLite, two statements in one read transaction: the game
# row alone, then its seats with their settings (a join gave the row, its state of up to
# 22 KB included, once per seat).
_LIVE_GAME = sa_select(_G).where(*_LIVE)
_SEATS_SETTINGS = (
    sa_select(_S, _P)
    .select_from(_S.outerjoin(_P, _P.c.user_id == _S.c.user_id))
    .where(_S.c.game_id == bindparam("game_id"))
    .order_by(_S.c.position)
)
# On PostgreSQL, where a read runs outside a transaction, one statement: the join, whose
# rows repeat the game's (one round trip, where two statements in a transaction are four).
_LIVE_GAME_SEATS = (
    sa_select(_G, _S, _P)
    .select_from(_G.outerjoin(_S, _S.c.game_id == _G.c.id)
                 .outerjoin(_P, _P.c.user_id == _S.c.user_id))
    .where(*_LIVE)
    .order_by(_S.c.position)
)
_GAME_ID = list(_G.c.keys()).index("id")
_SEAT_USER = list(_S.c.keys()).index("user_id")


def _game_and_seats(conn: Connection, channel_id: str, followers: bool
                    ) -> tuple[tuple, list[tuple], list[tuple] | None] | None:
    """The live game's row, its seats' rows (each a seat's columns, then its person's
    settings' columns) and, on SQLite where ``followers`` is asked, its DM followers'
    rows, read as of one moment."""
    if conn.dialect.name != "sqlite":
        rows = fast.rows(conn, _LIVE_GAME_SEATS, {"channel_id": channel_id})
        n = len(_G.c)
        return (rows[0][:n], [r[n:] for r in rows if r[n] is not None], None) if rows \
            else None
    with fast.snapshot(conn):
        found = fast.rows(conn, _LIVE_GAME, {"channel_id": channel_id})
        if not found:
            return None
        game_id = {"game_id": found[0][_GAME_ID]}
        return (found[0], fast.rows(conn, _SEATS_SETTINGS, game_id),
                fast.rows(conn, DM_FOLLOWERS, game_id) if followers else None)


@dataclass(frozen=True)
class Seated:
    """A live game as a move reads it: the row, its seats, and the ``/me`` settings of
    each person seated (None: they have set none)."""

    game: Game
    seats: list[Seat]
    players: dict[str, Player | None]
    # who follows it by DM, where they were read with it (None: not read)
    followers: tuple[str, ...] | None = None


class Games(RepositoryCore):
    """Games made, found, listed and ended; their rematches."""

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
        sched: Sched | None = None,
        now: datetime | None = None,
        plan: dict | None = None,
        imported: str | None = None,
    ) -> Game:
        now = now or utcnow()
        row = Game(
            imported=imported,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=json.dumps(options, sort_keys=True),
            seed=seed,
            created_by=created_by,
            created_at=now,
            updated_at=now,
            plan=None if plan is None else json.dumps(plan),
            # A new game's channel has seen nothing yet (the ledger counts from here); an
            # imported one's history was shown, or not, where it was played.
            posted=None if imported else 0, posted_version=None if imported else 0,
            **(sched.values() if sched else {}),
        )
        try:
            async with self._tx() as s:
                s.add(row)
                await s.flush()
                for i, seat in enumerate(seats):
                    seat.game_id = id_of(row)
                    seat.position = i
                    s.add(seat)
        except IntegrityError as e:
            raise ChannelBusy(channel_id) from e
        return row

    async def imported_as(self, digest: str) -> int | None:
        """The game made from the export whose SHA-256 is ``digest``, if one was."""
        async with self.engine.connect() as conn:
            return (await conn.execute(
                sa_select(_G.c.id).where(_G.c.imported == digest))).scalar()

    async def get_game(self, game_id: int) -> Game | None:
        async with self._sessions() as s:
            return await s.get(Game, game_id)

    async def live_game(self, channel_id: str) -> Game | None:
        async with self._sessions() as s:
            q = select(Game).where(
                Game.channel_id == channel_id, col(Game.status).in_(LIVE_STATUSES)
            )
            return (await s.exec(q)).first()

    async def live_game_seats(self, channel_id: str, *, followers: bool = False
                              ) -> Seated | None:
        """The channel's live game, its seats (by position) and the settings of the people
        seated, as of one moment. Read with Core rather than the ORM (half the CPU time of
        every move's read); the rows become plain, unattached objects. ``followers``: who
        follows the game by DM too, in the same read where it costs one statement more
        (SQLite), for a call that posts a move (read apart after its post otherwise)."""
        found = await self.read(partial(_game_and_seats, channel_id=channel_id,
                                        followers=followers))
        if found is None:
            return None
        game_row, rows, following = found
        m = len(_S.c)
        game = from_columns(Game, _G, game_row)
        seats = [from_columns(Seat, _S, r[:m]) for r in rows]
        players = {r[_SEAT_USER]: None if r[m] is None else
                   from_columns(Player, _P, r[m:])
                   for r in rows if r[_SEAT_USER] is not None}
        return Seated(game, seats, players,
                      None if following is None else tuple(r[0] for r in following))

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

    async def ended_games(self, channel_id: str, limit: int = 25
                          ) -> list[tuple[int, str, str, datetime]]:
        """The channel's games that are over and had begun, newest first, as (id, game,
        status, updated_at): what ``/replay`` offers (nothing of a game in progress)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                sa_select(_G.c.id, _G.c.game, _G.c.status, _G.c.updated_at)
                .where(_G.c.channel_id == channel_id,
                       _G.c.status.in_(("finished", "aborted")), _G.c.state.is_not(None))
                .order_by(_G.c.id.desc()).limit(limit))
            return [(int(r[0]), r[1], r[2], r[3]) for r in rows]

    async def open_games(self) -> dict[tuple[str, str], int]:
        """How many games are being set up or played, by (game, status): from the status
        index, never reading a state."""
        q = (sa_select(_G.c.game, _G.c.status, func.count())
             .where(_G.c.status.in_(LIVE_STATUSES)).group_by(_G.c.game, _G.c.status))
        async with self.engine.connect() as conn:
            return {(game, status): n for game, status, n in (await conn.execute(q)).all()}

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
        now: datetime | None = None,
        pace: str | None = None,
    ) -> int:
        values: dict = {"status": status, "updated_at": now or utcnow()}
        if pace is not None:
            values["pace"] = pace
        if status not in LIVE_STATUSES:
            values["due_at"] = None  # nothing falls due in a game that is over
        if state is not None:
            values["state"] = jsontext.dumps(state)
        if result is not None:
            values["result"] = json.dumps(result)
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, **values)
        return game.version + 1

    async def set_aside(self, channel_ids: Collection[str], now: datetime) -> list[int]:
        """The games being set up or played in these channels (deleted), set aside:
        nothing falls due in them any more. Their ids; none if another process (or an
        earlier event) set them aside already."""
        if not channel_ids:
            return []
        async with self._tx() as s:
            conn = await s.connection()
            rows = await conn.execute(
                update(Game).where(col(Game.channel_id).in_(list(channel_ids)),
                                   col(Game.status).in_(LIVE_STATUSES))
                .values(status=ASIDE, due_at=None, updated_at=now,
                        version=col(Game.version) + 1)
                .returning(col(Game.id)))
            return sorted(row[0] for row in rows if row[0] is not None)

    # --- rematches -----------------------------------------------------------------------

    async def rematch_of(self, channel_id: str) -> Game | None:
        """The channel's game being set up, if it is a rematch (has a plan)."""
        game = await self.live_game(channel_id)
        return game if game is not None and game.plan else None

    async def note_pings(self, game_id: int, user_ids: Collection[str], now: datetime,
                         window: timedelta) -> set[str]:
        """Of ``user_ids``, those a post about the rematches of finished game ``game_id``
        may ping: the ones not pinged about them since ``now - window``, noted as pinged
        ``now``. One statement (an upsert that updates only a ping older than the window),
        so of several processes asking at once, one gets each person."""
        if not user_ids:
            return set()
        table = table_of(RematchPing)
        upsert_into = (postgresql.insert if self.engine.dialect.name == "postgresql"
                       else sqlite.insert)
        rows = upsert_into(RematchPing).values(
            [{"game_id": game_id, "user_id": u, "pinged_at": now} for u in sorted(user_ids)])
        upsert = rows.on_conflict_do_update(
            index_elements=[table.c.game_id, table.c.user_id],
            set_={"pinged_at": rows.excluded.pinged_at},
            where=table.c.pinged_at <= now - window,
        ).returning(table.c.user_id)
        async with self._tx() as s:
            conn = await s.connection()
            return set((await conn.execute(upsert)).scalars())
