"""Admin tools behind the `darbar` CLI: list, export, import, replay, undo, abort, backup.

They work on the database directly (no Discord), through the same repository and
engines as the bot, so an exported game replays anywhere and a repaired snapshot
is exactly the replay of its log."""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from bot.export import Format
from bot.export import export_game as export
from bot.failures import Failure, one_line
from bot.replies import clip
from bot.table import resignation
from db import (
    ASIDE,
    LIVE_STATUSES,
    STATUSES,
    ChannelBusy,
    NewStep,
    Repository,
    Seat,
    VersionConflict,
    id_of,
    normalise_url,
    step_arg,
)
from engine import games, grammar
from engine.errors import IllegalAction
from engine.options import read as read_options
from engine.replay import replay

MAX_NAME = 100  # characters in a display name or an id (Discord's names are far shorter)


class AdminError(Failure):
    """A refusal with a message for the operator."""


# --- the shape of an export -------------------------------------------------------------
# What `export_game` writes, as types: strict, so a seed "1" or True, a user id 101 or an
# unknown field is refused rather than coerced. Names and ids are capped: the bot shows
# them in messages of at most 2,000 characters.

Text = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatIn(_Strict):
    role: Text | None
    user_id: Text | None
    name: Text
    is_bot: bool
    held_by: list[Text] = []  # who held the seat before (exports before this have none)

    @model_validator(mode="after")
    def _player_or_computer(self) -> SeatIn:
        if (self.user_id is None) != self.is_bot:
            raise ValueError("a computer's seat has no user id and a player's seat has one")
        return self


class StepIn(_Strict):
    seq: Annotated[int, Field(ge=1)]
    role: Text
    user_id: Text | None
    action: Text
    arg: Any
    undone: bool


class Export(_Strict):
    format: Format
    game: Literal[tuple(games.ids())]  # type: ignore[valid-type]
    options: dict[str, Any]
    seed: Annotated[int, Field(ge=0)]  # of any size: new games draw 256-bit secrets
    status: Literal[STATUSES]  # type: ignore[valid-type]
    guild_id: Text | None
    channel_id: Text
    created_by: Text
    seats: list[SeatIn]
    steps: list[StepIn]
    state: dict[str, Any] | None
    result: dict[str, Any] | None


_EXPORT, _CHANNEL = TypeAdapter(Export), TypeAdapter(Text)


def _valid(schema: TypeAdapter, data: object, what: str, whole: str):
    """``data`` as ``schema``, or an AdminError naming the first problem and where it is
    (``whole`` when it is the value itself)."""
    try:
        return schema.validate_python(data)
    except ValidationError as e:
        errors = e.errors(include_url=False, include_input=False)
        first = errors[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"])
        where = where.lstrip(".") or whole
        msg = ("expected a JSON object" if first["type"] == "model_type"
               else first["msg"].removeprefix("Value error, "))
        more = f" (and {grammar.count(len(errors) - 1, 'more problem')})" if len(errors) > 1 else ""
        raise AdminError(f"Not a valid {what}: {where}: {msg}{more}.") from None


def read_export(path: str) -> object:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, RecursionError) as e:  # bad JSON, bad UTF-8, absurd nesting
        raise AdminError(f"{path} is not a JSON file ({e}).") from None


def write_file(path: str, text: str, *, force: bool = False) -> None:
    """Write a new file; an existing one only with ``force``."""
    try:
        with open(path, "w" if force else "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise AdminError(f"{path} exists already; use --force to overwrite it.") from None


async def _game(repo: Repository, game_id: int):
    game = await repo.get_game(game_id)
    if game is None:
        raise AdminError(f"There is no game #{game_id}.")
    return game


async def _replayed(repo: Repository, game) -> tuple[dict | None, list]:
    steps = await repo.steps(game.id)
    if game.state is None:  # still seating: nothing to replay
        return None, steps
    log = [(s.role, s.action, step_arg(s)) for s in steps]
    # A long game takes a while to replay: keep the event loop (and heartbeats) free.
    state = await asyncio.to_thread(replay, game.game, game.seed, json.loads(game.options), log,
                                    json.loads(game.state))
    return state, steps


async def list_games(repo: Repository, status: str | None = None) -> list[str]:
    lines = []
    for g in await repo.list_games(status):
        steps = len(await repo.steps(id_of(g)))
        lines.append(f"#{g.id:<5} {g.game:<13} {g.status:<9} channel {g.channel_id:<20} "
                     f"{steps:>4} steps  updated {g.updated_at:%Y-%m-%d %H:%M}")
    return lines


async def export_game(repo: Repository, game_id: int) -> dict:
    await _game(repo, game_id)  # an AdminError, not a LookupError, for the operator
    return await export(repo, game_id)


def check_export(data: object) -> tuple[Export, dict | None]:
    """Refuse anything an export could not have produced. Returns the export and the
    state its live steps replay to (None for a game that never started)."""
    ex = _valid(_EXPORT, data, "game export", "the file")
    g = games.get(ex.game)
    if ex.state is not None and (other := ex.state.get("game")) != ex.game:
        named = f"{games.get(other).NAME} ({other})" if other in games.ids() else _shown(other)
        raise AdminError(f"game: the file says {ex.game}, but its snapshot is a game of "
                         f"{named}.")
    _check_options(g, ex)
    _check_sides(g, ex)
    seqs = [s.seq for s in ex.steps]
    if seqs != sorted(set(seqs)):
        raise AdminError("steps: their seq numbers must rise from step to step.")
    live = [(s.role, s.action, s.arg) for s in ex.steps if not s.undone]
    state = None
    if ex.state is not None:
        try:
            state = replay(ex.game, ex.seed, ex.options, live, ex.state)
        except Exception as e:  # the engine is pure: any failure means the log is bad
            raise AdminError(f"The step log does not replay: {e}") from None
        if state != ex.state:
            raise AdminError("The step log does not replay to the exported snapshot.")
    elif live:
        raise AdminError("steps: a game without a snapshot never started, so it has no steps.")
    _check_outcome(g, ex, state)
    return ex, state


def _check_options(g, ex: Export) -> None:
    """The options as ``/game new`` stores them: read by the game's own schema, each value
    typed as that stores it (no text for a number), and accepted by its setup (which checks
    what one option says of another)."""
    try:
        typed = read_options(g.OPTIONS, ex.options)
        g.setup(ex.seed, typed)
    except IllegalAction as e:
        raise AdminError(f"options: {e}") from None
    for key, value in typed.items():
        if ex.options[key] != value or type(ex.options[key]) is not type(value):
            raise AdminError(f"options.{key}: an export stores {value!r}, not "
                             f"{_shown(ex.options[key])}.")


def _shown(value: object) -> str:
    """A value from the file, quoted back short (it may be anything)."""
    return clip(repr(value), 40)


def _check_sides(g, ex: Export) -> None:
    """Steps and seats name the game's sides, each seat its own; once the game has
    started, every side has exactly one seat (free sides are dealt at the start)."""
    sides = ", ".join(g.ROLES)
    for i, step in enumerate(ex.steps):
        if step.role not in g.ROLES:
            raise AdminError(f"steps[{i}].role: {step.role!r} is not a side in {g.NAME} "
                             f"({sides}).")
    roles = [s.role for s in ex.seats]
    for i, role in enumerate(roles):
        if role is not None and role not in g.ROLES:
            raise AdminError(f"seats[{i}].role: {role!r} is not a side in {g.NAME} ({sides}).")
        if role is not None and role in roles[:i]:
            raise AdminError(f"seats[{i}].role: {role!r} has a seat already.")
    if g.ONE_SIDE_EACH:
        _check_one_side_each(g, ex)
    in_play = games.sides(g, ex.options)
    if ex.state is not None and sorted(roles, key=str) != sorted(in_play):
        raise AdminError(f"seats: a started game of {g.NAME} has one seat for each side "
                         f"({', '.join(in_play)}).")
    if ex.state is None and len(roles) > g.PLAYERS[1]:
        raise AdminError(f"seats: {g.NAME} seats at most {g.PLAYERS[1]} players.")


def _check_one_side_each(g, ex: Export) -> None:
    """In a game of hidden hands nobody holds, has held or has played two sides: they would
    have seen two hands (the table refuses it, so no export of a real game has it)."""
    sides_of: dict[str, set[str]] = defaultdict(set)
    for seat in ex.seats:
        for user in [*seat.held_by, *([seat.user_id] if seat.user_id else [])]:
            sides_of[user].add(str(seat.role))
    for step in ex.steps:
        if step.user_id is not None:
            sides_of[step.user_id].add(step.role)
    for user, held in sides_of.items():
        if len(held) > 1:
            raise AdminError(f"seats: user {user} holds or has played {' and '.join(sorted(held))}"
                             f"; in {g.NAME} each side keeps a hidden hand, so one person "
                             "plays one side.")


def _check_outcome(g, ex: Export, state: dict | None) -> None:
    """The status and result must be what the log came to: a finished game has the
    result the rules gave it, or else a player's resignation; no other game has one."""
    allowed: dict[str, Sequence[dict | None]]
    if state is None:
        allowed = {"setup": [None], "aborted": [None]}
    elif (ended := g.result(state)) is not None:
        allowed = {"finished": [ended]}
    else:
        allowed = {"active": [None], "aborted": [None], "finished": _resignations(g, ex)}
    status = revived(ex.status, state)
    if status not in allowed:
        raise AdminError(f"status: the log leaves this game {' or '.join(allowed)}, "
                         f"not {ex.status}.")
    if ex.result not in allowed[status]:
        raise AdminError(f"result: not what the step log of this {ex.status} game comes to.")


def revived(status: str, state: dict | None) -> str:
    """A game set aside (its channel deleted) comes back as it was then: being set up,
    or played."""
    if status != ASIDE:
        return status
    return "setup" if state is None else "active"


def _resignations(g, ex: Export) -> list[dict]:
    """The results a resignation by one of the game's players would have stored."""
    reason = (ex.result or {}).get("reason")
    name = reason.removesuffix(" resigned.") if isinstance(reason, str) else ""
    if not 0 < len(name) <= MAX_NAME:
        return []
    in_play = games.sides(g, ex.options)
    sides: dict[str, list[str]] = defaultdict(list)
    for seat in ex.seats:
        if seat.user_id is not None and seat.role is not None:  # a person's (the model's rule)
            sides[seat.user_id].append(seat.role)
    return [result for user, roles in sides.items()
            for result in (resignation(in_play, roles, name, user),
                           resignation(in_play, roles, name))]


async def import_game(repo: Repository, data: object, channel_id: str | None = None) -> int:
    """Create a game from an export, which must be one ``export_game`` could have written:
    its log must replay to its snapshot, its status and result follow from the log. All of
    it is checked before anything is written."""
    ex, state = await asyncio.to_thread(check_export, data)  # a long log takes a while
    status = revived(ex.status, state)
    channel = (ex.channel_id if channel_id is None
               else _valid(_CHANNEL, channel_id, "channel id", "--channel"))
    digest = fingerprint(data)
    await _not_imported(repo, digest)
    seats = [Seat(game_id=0, position=0, role=s.role, user_id=s.user_id, name=s.name,
                  is_bot=s.is_bot, held_by=json.dumps(s.held_by) if s.held_by else None)
             for s in ex.seats]
    try:
        game = await repo.create_game(
            guild_id=ex.guild_id, channel_id=channel, game=ex.game, options=ex.options,
            seed=ex.seed, created_by=ex.created_by, seats=seats, imported=digest)
    except ChannelBusy:
        await _not_imported(repo, digest)  # an import of the same export got there first
        raise
    if state is None:
        if status != "setup":
            await repo.set_status(game, status)
        return id_of(game)
    g = games.get(ex.game)
    seat_rows = await repo.seats(id_of(game))
    await repo.start_game(game, {id_of(s): s.role for s in seat_rows if s.role is not None},
                          g.setup(ex.seed, games.setup_options(g, ex.options, ex.state)))
    started = await repo.get_game(id_of(game))
    assert started is not None  # games are never deleted
    await repo.append_steps(
        started, [NewStep(s.role, s.user_id, s.action, s.arg) for s in ex.steps if not s.undone],
        state, status=None if status == "active" else status, result=ex.result)
    return id_of(started)


def fingerprint(data: object) -> str:
    """What makes two exports the same: their content, however the JSON is laid out."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def _not_imported(repo: Repository, digest: str) -> None:
    if (twin := await repo.imported_as(digest)) is not None:
        raise AdminError(f"Game #{twin} is already this export (it was imported from it); "
                         "nothing was written.")


async def replay_game(repo: Repository, game_id: int, *, repair: bool = False) -> str:
    game = await _game(repo, game_id)
    state, steps = await _replayed(repo, game)
    if state is None:
        return f"Game #{game_id} has not started: nothing to replay."
    stored = json.loads(game.state)
    if state == stored:
        return f"Game #{game_id}: {len(steps)} steps replay to the stored snapshot. OK."
    differ = sorted(k for k in set(state) | set(stored) if state.get(k) != stored.get(k))
    if not repair:
        raise AdminError(f"Game #{game_id}: the snapshot differs from the replay of its "
                         f"{len(steps)} steps in: {', '.join(differ)}. Use --repair.")
    await repo.undo_steps(game, [], state)  # stores the snapshot, bumps the version
    return f"Game #{game_id}: snapshot repaired from its {len(steps)} steps ({', '.join(differ)})."


async def verify_active(repo: Repository) -> tuple[int, list[str]]:
    """Check every active game's snapshot against its log and repair stale ones (run
    at bot start). Returns (games checked, repair messages, and a warning for each game
    whose log no longer replays, which keeps its snapshot)."""
    repaired = []
    active = await repo.list_games("active")
    for game in active:
        try:
            msg = await replay_game(repo, id_of(game), repair=True)
        except VersionConflict:
            continue  # a player moved meanwhile: that write stored a fresh snapshot
        except Exception as e:  # one broken log must not stop the bot
            # The engine is pure, so a log that no longer replays was changed by hand (or
            # by code that forgot a stored game); its snapshot is the best there is.
            repaired.append(f"Game #{game.id}: its log does not replay ({one_line(e)}); "
                            "the stored snapshot is kept. Check it with `darbar replay`.")
            continue
        if "repaired" in msg:
            repaired.append(msg)
    return len(active), repaired


async def undo_game(repo: Repository, game_id: int, n: int = 1) -> str:
    game = await _game(repo, game_id)
    if game.status != "active":
        raise AdminError(f"Game #{game_id} is {game.status}; only an active game is undone.")
    steps = await repo.steps(game.id)
    if not 1 <= n <= len(steps):
        raise AdminError(f"Game #{game_id} has {len(steps)} steps; cannot undo {n}.")
    keep = steps[:-n]
    log = [(s.role, s.action, step_arg(s)) for s in keep]
    state = replay(game.game, game.seed, json.loads(game.options), log, json.loads(game.state))
    await repo.undo_steps(game, [s.seq for s in steps[-n:]], state)
    return (f"Game #{game_id}: {grammar.count(n, 'step')} taken back; {len(keep)} "
            f"{grammar.agree(len(keep), 'remains')}.")


async def abort_game(repo: Repository, game_id: int, *, tries: int = 5) -> str:
    """End a game being set up or played, e.g. one stuck with a computer playing itself.
    Version-checked like every write; a game that keeps moving is read again."""
    for _ in range(tries):
        game = await _game(repo, game_id)
        if game.status not in LIVE_STATUSES:
            raise AdminError(f"Game #{game_id} is {game.status}; only a game being set up or "
                             "played can be aborted.")
        try:
            await repo.set_status(game, "aborted")
        except VersionConflict:
            continue  # a move landed meanwhile
        steps = len(await repo.steps(game.id))
        return (f"Game #{game_id} ({games.get(game.game).NAME}, {game.status}, {steps} steps, "
                f"channel {game.channel_id}) aborted; the channel is free for a new game.")
    raise AdminError(f"Game #{game_id} kept changing while being aborted; nothing was "
                     "written. Try again (or stop the bot first).")


async def recompute_ratings(repo: Repository) -> str:
    """Forget every rating and rate every finished game again by the rule in force
    (``bot.ratings``), in the order their ratings were applied (then those never rated, in
    the order they ended): a change of rule or a fix never loses history, and without one
    the ratings come out exactly as stored."""
    from bot.table import Table

    finished = await repo.finished_games()  # the order, read before it is forgotten
    await repo.forget_ratings()
    table = Table(repo)
    for game in finished:
        await table.conclude_stored(game)
    counted = sum(1 for r, _ in await repo.seats_rated() if r.counted)
    return (f"Rated {grammar.count(len(finished), 'finished game')} again; "
            f"{grammar.count(counted, 'player result')} "
            "counted toward ratings.")


async def rating_table(repo: Repository) -> list[str]:
    """Every rating, per server (``*``: across servers) and game, best first."""
    from bot.ratings import ordinal

    rows = await repo.all_ratings()
    return [f"{r.guild_id}\t{r.game}\t{r.user_id}\t{r.name}\t{ordinal(r.mu, r.sigma):.2f}"
            f"\tmu {r.mu:.3f}\tsigma {r.sigma:.3f}\t{r.games} games\t{r.wins} wins"
            for r in rows]


async def migrate(database_url: str | None) -> str:
    """``darbar migrate``: every pending migration, including those the bot does not run
    by itself at start-up."""
    from sqlalchemy.ext.asyncio import create_async_engine

    from db import migrations, normalise_url

    engine = create_async_engine(normalise_url(database_url))
    try:
        applied = await migrations.upgrade(engine)
        if not applied:
            return f"The database is at revision {migrations.head()} already: nothing to do."
        return f"Applied {', '.join(applied)}; the database is at {migrations.head()}."
    finally:
        await engine.dispose()


def backup(database_url: str | None, path: str) -> str:
    """A consistent copy of a live SQLite database (SQLite's online backup API)."""
    url = normalise_url(database_url)
    if not url.startswith("sqlite"):
        raise AdminError("backup copies SQLite databases; for PostgreSQL use pg_dump.")
    src_path = url.split(":///", 1)[1]
    if not Path(src_path).exists():
        raise AdminError(f"No database at {src_path}.")
    target = Path(path)
    if target.exists():
        raise AdminError(f"{target} exists already; choose a new file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(src_path)
    try:
        dst = sqlite3.connect(target)
    except sqlite3.Error as e:
        src.close()
        raise AdminError(f"Could not write the backup to {target} ({e}).") from None
    try:
        src.backup(dst)
    except sqlite3.Error as e:
        raise AdminError(f"Could not copy {src_path} to {target} ({e}).") from None
    finally:
        dst.close()
        src.close()
    return f"Backed up {src_path} to {target} ({target.stat().st_size} bytes)."
