"""Undo: steps taken back, and the requests the other players vote on."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from db.models import Checkpoint, Game, PublicMove, Step, UndoRequest, id_of, utcnow
from db.repository.clocks import Sched
from db.repository.core import RepositoryCore
from db.repository.steps import APPEND_STEP, NewStep
from engine import jsontext


class Undo(RepositoryCore):
    """Steps taken back, and the votes on a request to take them back."""

    async def undo_steps(self, game: Game, seqs: Sequence[int], state: dict,
                         public_state: str | None = None,
                         then: Sequence[NewStep] = (), sched: Sched | None = None,
                         now: datetime | None = None) -> int:
        """Mark steps undone and store the snapshot of the shortened log (and what others
        see, as in ``append_steps``), with the steps ``then`` appended after it (a redeal
        of the hidden future) in the same transaction. Checkpoints that include an undone
        step go, and so do the records of what the moves taken back showed."""
        async with self._tx() as s:
            await self._bump(s, id_of(game), game.version, state=jsontext.dumps(state),
                             public_state=public_state, updated_at=now or utcnow(),
                             **(sched.values() if sched else {}))
            conn = await s.connection()
            await conn.execute(
                update(Step)
                .where(col(Step.game_id) == game.id, col(Step.seq).in_(list(seqs)))
                .values(undone=True)
            )
            if seqs:
                await conn.execute(delete(Checkpoint).where(
                    col(Checkpoint.game_id) == game.id, col(Checkpoint.seq) >= min(seqs)))
                # What a move taken back showed is no one's last sight of the game now.
                await conn.execute(delete(PublicMove).where(
                    col(PublicMove.game_id) == game.id, col(PublicMove.seq) >= min(seqs)))
            for st in then:
                await conn.execute(APPEND_STEP, {
                    "game_id": game.id, "role": st.role, "user_id": st.user_id,
                    "action": st.action, "arg": None if st.arg is None else json.dumps(st.arg),
                    "created_at": utcnow(), "undone": False})
        return game.version + 1

    # --- undo requests -------------------------------------------------------------------

    async def undo_request(self, request_id: int) -> UndoRequest | None:
        async with self._sessions() as s:
            return await s.get(UndoRequest, request_id)

    async def ask_undo(self, game: Game, requester: str) -> tuple[UndoRequest, bool]:
        """The requester's request at the game's current version, made now (True) or the
        one already standing (False)."""
        try:
            async with self._tx() as s:
                row = UndoRequest(game_id=id_of(game), version=game.version, requester=requester)
                s.add(row)
            return row, True
        except IntegrityError:
            async with self._sessions() as s:
                q = select(UndoRequest).where(UndoRequest.game_id == game.id,
                                              UndoRequest.version == game.version,
                                              UndoRequest.requester == requester)
                return (await s.exec(q)).one(), False

    async def answer_undo(self, request: UndoRequest, *, agreed: Collection[str] | None = None,
                          refused_by: str | None = None) -> bool:
        """Record an answer, only if the request still reads as the caller saw it (two
        voters clicking at once cannot overwrite each other). False: it changed; re-read."""
        values: dict = {}
        if agreed is not None:
            values["agreed"] = json.dumps(sorted(agreed))
        if refused_by is not None:
            values["refused_by"] = refused_by
        async with self._tx() as s:
            conn = await s.connection()
            res = await conn.execute(
                update(UndoRequest)
                .where(col(UndoRequest.id) == request.id,
                       col(UndoRequest.agreed) == request.agreed,
                       col(UndoRequest.refused_by).is_(None))
                .values(**values)
            )
            return res.rowcount == 1
