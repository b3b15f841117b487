"""What each write that made a move public showed (``PublicMove``): recorded with the
write's steps, in its transaction (``append_steps``, ``start_game``), dropped with the
steps an undo takes back, and read by "since your last move"."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import Connection, Integer, Text, bindparam, case, func, insert, or_, text
from sqlalchemy import select as sa_select
from sqlalchemy.ext.asyncio import AsyncConnection

from db.models import PublicMove, Step, table_of
from db.repository import fast
from db.repository.core import RepositoryCore

_MOVE, _STEP = table_of(PublicMove), table_of(Step)


@dataclass(frozen=True, slots=True)
class Shown:
    """A public write, as recorded: the side and the person whose move it was (None: the
    computer), the public log lines it made public (``log_from`` to ``log_to``) and the
    spectator view it left (JSON without its log; None where it is not kept)."""

    role: str
    user_id: str | None
    log_from: int
    log_to: int
    view: str | None = None


@dataclass(frozen=True, slots=True)
class Recorded:
    """A ``PublicMove`` row as read (``seq`` 0: the game's start). ``view``: read only
    where the row is the latest of someone the read was for, or the start's."""

    seq: int
    role: str
    user_id: str | None
    log_from: int
    log_to: int
    view: str | None


@dataclass(frozen=True, slots=True)
class Since:
    """What one person has not seen: their latest public move (the start's row for a
    person who has not moved; None when the game holds no record of it: stored before
    records were kept, imported, or their last move was taken back and recording began
    after their earlier ones) and every public move after it, in order."""

    user_id: str
    last: Recorded | None
    after: tuple[Recorded, ...]


def _values(game_id: int, shown: Shown) -> dict:
    return {"game_id": game_id, "role": shown.role, "user_id": shown.user_id,
            "log_from": shown.log_from, "log_to": shown.log_to, "view": shown.view}


# A person's new move keeps the view; their earlier ones need it no more (a view is a few
# KB, and a long game has thousands of moves).
_FORGET_VIEW = text(
    f"UPDATE {PublicMove.__tablename__} SET view = NULL WHERE game_id = :game_id"
    " AND user_id = :user_id AND view IS NOT NULL")
# The write's last step is the game's highest step number once its steps are appended.
_RECORD = insert(PublicMove).from_select(
    ["seq", "game_id", "role", "user_id", "log_from", "log_to", "view"],
    sa_select(
        func.coalesce(func.max(_STEP.c.seq), 0),
        *(bindparam(f, type_=_MOVE.c[f].type)
          for f in ("game_id", "role", "user_id", "log_from", "log_to", "view")),
    ).where(_STEP.c.game_id == bindparam("game_id")),
)
# The same inside PostgreSQL's one-statement append (``steps._APPEND_PG``): every part of
# a statement sees the rows as they were before it, so the seq is counted from ``top`` and
# only the person's earlier rows lose their view.
PG_RECORD = f"""
    , forget AS (
        UPDATE {PublicMove.__tablename__} SET view = NULL
        WHERE game_id = :game_id AND user_id = :m_user AND view IS NOT NULL
            AND EXISTS (SELECT 1 FROM bump)
        RETURNING 1
    ), moved AS (
        INSERT INTO {PublicMove.__tablename__}
            (game_id, seq, role, user_id, log_from, log_to, view)
        SELECT bump.id, top.n + cardinality(:roles), :m_role, :m_user, :m_from, :m_to,
               :m_view
        FROM bump, top WHERE :m_role IS NOT NULL
        RETURNING 1
    )"""
PG_RECORD_PARAMS = (bindparam("m_role", type_=Text), bindparam("m_user", type_=Text),
                    bindparam("m_from", type_=Integer), bindparam("m_to", type_=Integer),
                    bindparam("m_view", type_=Text))


def pg_record_values(shown: Shown | None) -> dict:
    if shown is None:
        return {"m_role": None, "m_user": None, "m_from": None, "m_to": None,
                "m_view": None}
    return {"m_role": shown.role, "m_user": shown.user_id, "m_from": shown.log_from,
            "m_to": shown.log_to, "m_view": shown.view}


def record_sync(conn: Connection, game_id: int, shown: Shown) -> None:
    """Record ``shown`` after its steps were appended, in the caller's transaction."""
    if shown.user_id is not None:
        fast.execute(conn, _FORGET_VIEW, {"game_id": game_id, "user_id": shown.user_id})
    fast.execute(conn, _RECORD, _values(game_id, shown))


async def record(conn: AsyncConnection, game_id: int, shown: Shown, *,
                 seq: int | None = None) -> None:
    """``record_sync`` on an async connection; ``seq`` 0 for the game's start."""
    if shown.user_id is not None:
        await conn.execute(_FORGET_VIEW, {"game_id": game_id, "user_id": shown.user_id})
    if seq is None:
        await conn.execute(_RECORD, _values(game_id, shown))
    else:
        await conn.execute(insert(PublicMove).values(seq=seq, **_values(game_id, shown)))


# Each person's latest public move, and every row from the earliest of them on (from the
# start's row 0 when one of them has not moved).
_LASTS = (sa_select(_MOVE.c.user_id, func.max(_MOVE.c.seq).label("seq"))
          .where(_MOVE.c.game_id == bindparam("game_id"),
                 _MOVE.c.user_id.in_(bindparam("users", expanding=True)))
          .group_by(_MOVE.c.user_id).cte("lasts"))
# The view only of the rows someone asked about may be the last of (theirs, or the start's):
# the others' latest rows keep theirs too, a few KB each that no one here reads.
_LAST_VIEW = case(
    (or_(_MOVE.c.seq == 0, sa_select(_LASTS.c.seq).where(
        _LASTS.c.user_id == _MOVE.c.user_id, _LASTS.c.seq == _MOVE.c.seq).exists()),
     _MOVE.c.view))
_SINCE = (sa_select(_MOVE.c.seq, _MOVE.c.role, _MOVE.c.user_id, _MOVE.c.log_from,
                    _MOVE.c.log_to, _LAST_VIEW.label("view"))
          .where(_MOVE.c.game_id == bindparam("game_id"), _MOVE.c.seq >= case(
              (sa_select(func.count()).select_from(_LASTS).scalar_subquery()
               < bindparam("n", type_=Integer), 0),
              else_=sa_select(func.min(_LASTS.c.seq)).scalar_subquery()))
          .order_by(_MOVE.c.seq))


class PublicMoves(RepositoryCore):
    """Read what the public moves of a game showed."""

    async def since(self, game_id: int, user_ids: Collection[str]) -> list[Since]:
        """For each person: their latest public move and every one after it. One indexed
        read, whatever the game's length."""
        if not user_ids:
            return []
        return await self.read(lambda conn: since_read(conn, game_id, user_ids))


def since_read(conn: Connection, game_id: int, user_ids: Collection[str]) -> list[Since]:
    """``PublicMoves.since`` on ``conn`` (in its transaction, if it has one)."""
    users = sorted(set(user_ids))
    if not users:
        return []
    rows = [Recorded(*r) for r in fast.rows(
        conn, _SINCE, {"game_id": game_id, "users": users, "n": len(users)})]
    out = []
    for user in user_ids:
        # The rows reach back to the earliest of their latest moves, so each person's
        # latest is among them (none: they have not moved, and the start's row is theirs).
        seq = max((r.seq for r in rows if r.user_id == user), default=0)
        last = next((r for r in rows if r.seq == seq), None)
        after = tuple(r for r in rows if r.seq > seq) if last is not None else ()
        out.append(Since(user, last, after))
    return out
