"""The step log: read, appended to (a move), and its checkpoints."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from sqlalchemy import Connection, Text, bindparam, func, insert, text
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import col, select

from db.models import Checkpoint, Game, Step, id_of, table_of, utcnow
from db.repository import fast
from db.repository.clocks import Sched
from db.repository.core import BUMP, RepositoryCore, VersionConflict, from_columns
from db.repository.people import next_awaiting_read
from db.repository.shown import (
    PG_RECORD,
    PG_RECORD_PARAMS,
    Shown,
    Since,
    pg_record_values,
    record,
    record_sync,
    since_read,
)
from engine import jsontext

log = logging.getLogger("darbar.db")
_G, _STEP = table_of(Game), table_of(Step)
# One step of the log. Run once per step (executemany), each row numbers itself one past
# the game's last step, so appending needs no round trip to read that number first.
_STEP_FIELDS = ["game_id", "role", "user_id", "action", "arg", "created_at", "undone"]
APPEND_STEP = insert(Step).from_select(
    ["seq", *_STEP_FIELDS],
    sa_select(
        func.coalesce(func.max(_STEP.c.seq), 0) + 1,
        *(bindparam(f, type_=_STEP.c[f].type) for f in _STEP_FIELDS),
    ).where(_STEP.c.game_id == bindparam("game_id")),
)
# A game's steps as rows (the ORM's read of a Rajas game's whole log cost its end about
# 15 ms of CPU); the live ones alone, or with those undone.
_STEPS = sa_select(_STEP).where(_STEP.c.game_id == bindparam("game_id")).order_by(_STEP.c.seq)
_LIVE_STEPS = _STEPS.where(_STEP.c.undone.is_(False))
_STEP_LOG = (
    sa_select(_STEP.c.seq, _STEP.c.role, _STEP.c.user_id, _STEP.c.action, _STEP.c.arg)
    .where(_STEP.c.game_id == bindparam("game_id"), _STEP.c.undone.is_(False))
    .order_by(_STEP.c.seq)
)
# A checkpoint of the state a write just stored: the live steps are counted in the same
# statement, and nothing is saved if another write came in between (the version moved on).
_CHECKPOINT = text(
    f"""
    INSERT INTO {Checkpoint.__tablename__} (game_id, seq, count, state)
    SELECT :game_id, max(seq), count(*), :state FROM {Step.__tablename__}
    WHERE game_id = :game_id AND undone = false
        AND EXISTS (SELECT 1 FROM {Game.__tablename__} WHERE id = :game_id
                    AND version = :version)
    HAVING count(*) > 0
    ON CONFLICT DO NOTHING
    """
)
# PostgreSQL: append_steps as one statement, so one round trip with no BEGIN/COMMIT.
# The bump's row lock orders writers of a game; a lost race bumps and inserts nothing.
_APPEND_PG = text(
    f"""
    WITH bump AS (
        UPDATE {Game.__tablename__}
        SET version = :expected + 1, updated_at = :now, state = :state,
            public_state = :public_state, status = coalesce(:status, status),
            result = coalesce(:result, result), pace = coalesce(:pace, pace),
            due_at = CASE WHEN :pace IS NULL THEN due_at ELSE :due_at END,
            awaiting = CASE WHEN :pace IS NULL THEN awaiting ELSE :awaiting END,
            waiting_since = CASE WHEN :pace IS NULL THEN waiting_since ELSE :waiting_since END
        WHERE id = :game_id AND version = :expected
        RETURNING id
    ), top AS (
        SELECT coalesce(max(seq), 0) AS n FROM {Step.__tablename__} WHERE game_id = :game_id
    ), ins AS (
        INSERT INTO {Step.__tablename__}
            (game_id, seq, role, user_id, action, arg, created_at, undone)
        SELECT bump.id, top.n + v.i, v.role, v.user_id, v.action, v.arg, :now, false
        FROM bump, top,
             unnest(:roles, :users, :actions, :args)
                 WITH ORDINALITY AS v(role, user_id, action, arg, i)
        RETURNING 1
    ){PG_RECORD}
    SELECT count(*) FROM bump
    """
).bindparams(*PG_RECORD_PARAMS,
    bindparam("now", type_=_G.c.updated_at.type),
    bindparam("due_at", type_=_G.c.due_at.type),
    bindparam("waiting_since", type_=_G.c.waiting_since.type),
    bindparam("pace", type_=Text), bindparam("awaiting", type_=Text),
    *(bindparam(name, type_=ARRAY(Text)) for name in ("roles", "users", "actions", "args")),
)


@dataclass(frozen=True, slots=True)
class LogStep:
    """A live step as undo reads it (``step_arg`` reads its ``arg`` as a Step's)."""

    seq: int
    role: str
    user_id: str | None
    action: str
    arg: str | None


@dataclass
class MoveReads:
    """What a move's post reads of the database, read with the move's write: on SQLite in
    its transaction, after its statements (each read of its own began a read transaction
    of SQLite's, 40-50 µs in a move's run, and more with cold caches), elsewhere just after
    it. Asked: what the people now ``pinged`` have not seen since their last move, and the
    game waiting longest on the ``mover`` other than this one. Filled in by the write."""

    pinged: Sequence[str] = ()
    mover: str | None = None
    since: list[Since] | None = None  # None: not read (nobody pinged)
    next_up: tuple[str | None, str] | None = None  # (guild, channel); None: no such game
    read: bool = False

    def __call__(self, conn: Connection, game_id: int) -> None:
        if self.pinged:
            self.since = since_read(conn, game_id, self.pinged)
        if self.mover is not None:
            self.next_up = next_awaiting_read(conn, self.mover, not_game=game_id)
        self.read = True


@dataclass(frozen=True)
class NewStep:
    role: str
    user_id: str | None
    action: str
    arg: object


class StepLog(RepositoryCore):
    """The step log and its checkpoints."""

    async def steps(self, game_id: int, *, include_undone: bool = False) -> list[Step]:
        q = _STEPS if include_undone else _LIVE_STEPS
        rows = await self.read(lambda conn: fast.rows(conn, q, {"game_id": game_id}))
        return [from_columns(Step, _STEP, r) for r in rows]

    async def step_log(self, game_id: int) -> list[LogStep]:
        """The live steps, in order, as plain rows: a long game's log is read this way
        several times faster than as ORM objects (undo reads it whole)."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(_STEP_LOG, {"game_id": game_id})
            return [LogStep(*row) for row in rows]

    async def append_steps(
        self,
        game: Game,
        steps: Sequence[NewStep],
        state: dict,
        *,
        status: str | None = None,
        result: dict | None = None,
        now: datetime | None = None,
        public_state: str | None = None,
        sched: Sched | None = None,
        shown: Shown | None = None,
        state_json: str | None = None,
        checkpoint: bool = False,
        reads: MoveReads | None = None,
    ) -> int:
        """Append steps and the snapshot they lead to, in one transaction. ``now`` (default:
        the current time) is stored as the steps' time and the game's ``updated_at``;
        ``public_state`` (JSON) is what others see while the move is in progress, None when
        the new state is itself public; ``shown``: what the write made public, recorded
        with it (``PublicMove``, its seq the write's last step); ``state_json``: ``state``
        as JSON, where the caller has it already; ``checkpoint``: keep the new state as a
        checkpoint too (``save_checkpoint``), in the same transaction where the write is
        one on SQLite's writer thread (a transaction of its own cost a move 1.4 ms);
        ``reads``: what the move's post reads, read with the write (``MoveReads``).

        On SQLite (a file) the whole transaction runs as one call on a writer thread: the
        database is locked from the bump to the commit, and through the async driver that
        span is about ten round trips through a busy event loop, which under load made the
        lock the bottleneck (p99 of a move ~550 ms at 100 moves/s; ~140 ms this way). On
        PostgreSQL it is one statement (``_APPEND_PG``), one round trip."""
        now = now or utcnow()
        values: dict = {"state": state_json or jsontext.dumps(state), "updated_at": now,
                        "public_state": public_state}
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = json.dumps(result)
        if sched is not None:
            values |= sched.values()
        rows = [
            {
                "game_id": game.id,
                "role": st.role,
                "user_id": st.user_id,
                "action": st.action,
                "arg": None if st.arg is None else json.dumps(st.arg),
                "created_at": now,
                "undone": False,
            }
            for st in steps
        ]
        if self.engine.dialect.name == "postgresql":
            async with self.engine.connect() as conn:
                await conn.execution_options(isolation_level="AUTOCOMMIT")
                res = await conn.execute(_APPEND_PG, {
                    "game_id": game.id, "expected": game.version, "now": now,
                    "state": values["state"], "public_state": public_state, "status": status,
                    "result": values.get("result"), "pace": values.get("pace"),
                    "due_at": values.get("due_at"), "awaiting": values.get("awaiting"),
                    "waiting_since": values.get("waiting_since"),
                    **{k: [r[f] for r in rows] for k, f in (
                        ("roles", "role"), ("users", "user_id"), ("actions", "action"),
                        ("args", "arg"))},
                    **pg_record_values(shown if rows else None),
                })
                if res.scalar_one() != 1:
                    raise VersionConflict(f"game {game.id} is no longer at version {game.version}")
            if checkpoint:
                await self.save_checkpoint(id_of(game), game.version + 1, values["state"])
            if reads is not None:
                await self.read(partial(reads, game_id=id_of(game)))
            return game.version + 1
        if self._sqlite_writer() is not None:
            async with self._writer():
                await self.write_now(partial(_append_sync, game_id=id_of(game),
                                             expected=game.version, values=values, rows=rows,
                                             shown=shown, checkpoint=checkpoint, reads=reads))
            return game.version + 1
        async with self._tx() as s:
            # The version bump comes first: it takes the write lock before any read.
            await self._bump(s, id_of(game), game.version, **values)
            if rows:
                conn = await s.connection()
                await conn.execute(APPEND_STEP, rows)
                if shown is not None:
                    await record(conn, id_of(game), shown)
        if checkpoint:
            await self.save_checkpoint(id_of(game), game.version + 1, values["state"])
        if reads is not None:
            await self.read(partial(reads, game_id=id_of(game)))
        return game.version + 1

    async def save_checkpoint(self, game_id: int, version: int, state: str) -> None:
        """Keep ``state`` (JSON), the state of ``game_id`` at ``version``, as a checkpoint
        of the live steps it follows; nothing if the game has moved on since. A checkpoint
        is a cache, so a database error here is logged, not raised: the move it follows
        is already stored, and undo just replays further back."""
        try:
            async with self._tx() as s:
                conn = await s.connection()
                await conn.execute(_CHECKPOINT, {"game_id": game_id, "version": version,
                                                 "state": state})
        except SQLAlchemyError:
            log.warning("game %s: no checkpoint at version %s", game_id, version,
                        exc_info=True)

    async def checkpoint_before(self, game_id: int, steps: Sequence[Step | LogStep],
                                index: int) -> tuple[int, dict] | None:
        """The latest checkpoint still valid for the live ``steps`` (in order) that is the
        state before ``steps[index]`` or earlier: (how many steps it follows, the state)."""
        try:
            async with self._sessions() as s:
                q = (select(Checkpoint.seq, Checkpoint.count)
                     .where(Checkpoint.game_id == game_id, Checkpoint.count <= index)
                     .order_by(col(Checkpoint.count).desc()).limit(8))
                for seq, count in (await s.exec(q)).all():
                    if 0 < count <= len(steps) and steps[count - 1].seq == seq:
                        row = await s.get(Checkpoint, (game_id, seq))
                        if row is not None:
                            return count, json.loads(row.state)
        except SQLAlchemyError:  # a cache: without it, the caller replays from the start
            log.warning("game %s: checkpoints unreadable", game_id, exc_info=True)
        return None


def _append_sync(conn: Connection, *, game_id: int, expected: int, values: dict,
                 rows: list[dict], shown: Shown | None, checkpoint: bool,
                 reads: MoveReads | None) -> None:
    """``append_steps`` in ``conn``'s transaction (the same statements, and the
    checkpoint's)."""
    res = fast.execute(
        conn, BUMP,
        {**values, "version": expected + 1, "_id": game_id, "_expected": expected})
    if res.rowcount != 1:
        raise VersionConflict(f"game {game_id} is no longer at version {expected}")
    if rows:
        fast.execute(conn, APPEND_STEP, rows)
        if shown is not None:
            record_sync(conn, game_id, shown)
    if checkpoint:
        try:  # a cache: refused, the move still stands (SQLite's transaction goes on
            # past a failed statement) and undo replays from further back
            fast.execute(conn, _CHECKPOINT, {"game_id": game_id, "version": expected + 1,
                                             "state": values["state"]})
        except SQLAlchemyError:
            log.warning("game %s: no checkpoint at version %s", game_id, expected + 1,
                        exc_info=True)
    if reads is not None:
        reads(conn, game_id)


def step_arg(step: Step | LogStep) -> object:
    return None if step.arg is None else json.loads(step.arg)
