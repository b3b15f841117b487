"""Side games: a game opened for another whose outcome it decides (Vijayanagara's
Goat-Tiger tiebreak, 5.5), in that game's channel, and found from it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from db.models import Game, Seat, id_of
from db.repository.clocks import Sched
from db.repository.core import ChannelBusy, RepositoryCore
from db.repository.shown import Shown, record
from engine import jsontext


class SideGames(RepositoryCore):
    """Side games opened and found."""

    async def open_side_game(self, parent: Game, *, game: str, options: dict, seed: int,
                             seats: Sequence[Seat], state: dict, sched: Sched, now: datetime,
                             opening: Shown) -> Game:
        """``game`` opened under way in ``parent``'s channel, for ``parent``: the row, its
        seats (roles dealt) and its opening position, one transaction (so a crash leaves
        it opened or not at all). ``ChannelBusy`` if a live game holds the channel."""
        row = Game(guild_id=parent.guild_id, channel_id=parent.channel_id, game=game,
                   options=json.dumps(options, sort_keys=True), seed=seed,
                   created_by=parent.created_by, created_at=now, updated_at=now,
                   status="active", state=jsontext.dumps(state), posted=0, posted_version=0,
                   side_game_of=id_of(parent), **sched.values())
        try:
            async with self._tx() as s:
                s.add(row)
                await s.flush()
                for i, seat in enumerate(seats):
                    seat.game_id, seat.position = id_of(row), i
                    s.add(seat)
                await record(await s.connection(), id_of(row), opening, seq=0)
        except IntegrityError as e:
            raise ChannelBusy(parent.channel_id) from e
        return row

    async def side_games_of(self, game_id: int) -> list[Game]:
        """The games opened for ``game_id``, in the order they were opened."""
        async with self._sessions() as s:
            q = select(Game).where(Game.side_game_of == game_id).order_by(col(Game.id))
            return list((await s.exec(q)).all())
