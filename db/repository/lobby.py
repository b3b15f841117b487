"""Open seats: each open game's invitation card (``db.models.Invitation``), where it is
and its message once posted, and the server's games whose seats are still open."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import col, select

from db.community_models import Invitation
from db.models import Game, Seat
from db.repository.core import RepositoryCore


@dataclass(frozen=True)
class OpenGame:
    """A game being set up whose seats anyone may take, as ``/seek list`` shows it."""

    invitation: Invitation
    game: Game
    seated: int  # people seated so far


class Lobby(RepositoryCore):
    async def add_invitation(self, invitation: Invitation) -> None:
        async with self._tx() as s:
            s.add(invitation)

    async def invitation(self, game_id: int) -> Invitation | None:
        async with self._sessions() as s:
            return await s.get(Invitation, game_id)

    async def card_posted(self, game_id: int, channel_id: str, message_id: str) -> None:
        """The card of ``game_id`` is message ``message_id`` of ``channel_id`` (posted
        anew: the first time, or after the old one was deleted)."""
        async with self._tx() as s:
            found = await s.get(Invitation, game_id)
            if found is not None:
                found.channel_id, found.message_id = channel_id, message_id
                s.add(found)

    async def open_seats(self, guild_id: str) -> list[OpenGame]:
        """The server's open games still being set up, oldest first, with how many are
        seated in each."""
        seated = (select(col(Seat.game_id), func.count().label("n"))
                  .where(col(Seat.user_id).is_not(None)).group_by(col(Seat.game_id))
                  .subquery())
        q = (select(Invitation, Game, seated.c.n)
             .join(Game, col(Game.id) == col(Invitation.game_id))
             .outerjoin(seated, seated.c.game_id == col(Invitation.game_id))
             .where(col(Invitation.guild_id) == guild_id, col(Game.status) == "setup")
             .order_by(col(Invitation.created_at), col(Invitation.game_id)))
        async with self._sessions() as s:
            rows = (await s.exec(q)).all()
        return [OpenGame(inv, game, n or 0) for inv, game, n in rows]
