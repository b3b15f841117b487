"""Section ``replay``: /replay of a long finished Vijayanagara game and a long Maharaja game,
and of the longest games of the fuzzers (tests/table/test_replay.py). For each: its steps
and positions, one replay of its log, what a picture of the replay costs against the board
post of the same position (CPU, side by side: goal at most 1×) and where the two part (a
frame mapped where it changed and encoded into the GIF, against the post's picture mapped
whole and encoded as PNG), the whole replay with its
animation (size, positions kept, scale), and through the table: ``/replay whole`` (wall
time; goal under 3 s for the fuzzers' longest games), the first call (the whole log
replayed) and a click on ◀ ▶ (from a checkpoint)."""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import renderer
from bot import workers
from bot.replies import Actor, Place
from bot.story import LOG_KEPT, Log, Look, bounds, tell
from bot.table import CHECKPOINT_EVERY, Table
from bot.table.replaying import MAX_FRAMES, PICTURE_ROOM
from db import Repository, Seat, id_of
from db.repository import NewStep
from engine import games
from renderer.common.animation import UPLOAD_LIMIT, Frame, Painted, animation_of, sample
from renderer.common.png import png_file
from tools.bench.undo import _long_log


def _random_game(game_id: str, seed: int, options: dict,
                 moves: int = 100_000) -> list[tuple[str, str, object]]:
    """A game of random legal moves (games.random_move) to its end or ``moves``, as its
    log."""
    g = games.get(game_id)
    rng = random.Random(seed)
    state, steps = g.setup(seed, options), []
    while g.result(state) is None and moves > 0:
        moves -= 1
        role = g.view(state, None)["active"][0]
        move, state = games.random_move(g, state, rng)
        steps += [(role, action, arg) for action, arg in move]
    return steps


# What a replay cost before issue 40, side by side with a board post then (docs/benchmarks.md).
BEFORE = ("was 85 ms a Vijayanagara picture, 81 ms a Maharaja one: a PNG drawn, decoded and "
          "written again")
WHOLE_GOAL_S = 3.0


def _fuzzers_longest() -> list[tuple[Log, str]]:
    """The longest games of the fuzzers (the repository's tests play them): Vijayanagara
    seed 33 (Timur's shadow), 87 positions; Maharaja seed 2 (4 players), 266."""
    from engine.games.maharaja import rules as maharaja

    # The fuzzers' own players, from the repository's tests (no installed package: the
    # bench runs from a checkout, `darbar` from anywhere).
    root = str(Path(__file__).resolve().parents[2])
    if root not in sys.path:
        sys.path.append(root)
    logged_step = importlib.import_module("tests.engine.maharaja.play").logged_step
    vijayanagara_game = importlib.import_module("tests.engine.vijayanagara.fuzz").play
    options = {"timurs_shadow": True}
    _, vj = vijayanagara_game(33, options=options, checked=False)
    rng, state = random.Random(2), maharaja.setup(2, {"players": 4})
    mh: list[tuple[str, str, object]] = []
    while not state["result"]:
        state, step = logged_step(state, rng)
        mh.append(step)
    g = games.get("maharaja")
    return [(Log("vijayanagara", 33, options, tuple(vj)), "the fuzzer's longest game"),
            (Log("maharaja", 2, games.setup_options(g, {"players": 4}, state), tuple(mh)),
             "the fuzzer's longest game, 4 players")]


def _games(quick: bool) -> list[tuple[Log, str]]:
    """(log, what it is): long games and the fuzzers' longest, or (``quick``) short
    ones."""
    mh_options = {"players": 5}
    if quick:  # the first moves of each
        vj = _long_log(400, seed=2)
        mh = _random_game("maharaja", 3, mh_options, moves=30)
    else:
        vj = _long_log(3000)  # it ends after about 2,100 steps: a whole game
        mh = _random_game("maharaja", 3, mh_options)
    g = games.get("maharaja")
    return [(Log("vijayanagara", 2 if quick else 1, {}, tuple(vj)),
             "random steps, gifts given and taken back"),
            (Log("maharaja", 3, games.setup_options(g, mh_options, g.setup(3, mh_options)),
                 tuple(mh)), "5 players, random whole moves"),
            *([] if quick else _fuzzers_longest())]


async def _clicks(log: Log) -> tuple[float, float, float]:
    """Median ms of /replay through the table on the game stored as the table writes it (a
    write per position, a checkpoint every CHECKPOINT_EVERY writes) and finished: the
    first (the whole log replayed) and a click after it (from a checkpoint); and the
    median seconds of ``/replay whole`` (the log replayed, every frame drawn, the GIF and
    the JSON log attached)."""
    g = games.get(log.game)
    place, user = Place(channel_id=f"replay-{log.game}", guild_id="1"), Actor("1", "bench")
    with tempfile.TemporaryDirectory() as tmp:
        repo = await Repository.open(f"sqlite+aiosqlite:///{Path(tmp) / 'replay.sqlite3'}")
        try:
            roles = games.sides(g, log.options)
            game = await repo.create_game(
                guild_id="1", channel_id=place.channel_id, game=log.game,
                options={k: v for k, v in log.options.items() if k != "revision"},
                seed=log.seed, created_by=user.user_id,
                seats=[Seat(game_id=0, position=0, role=None, user_id=user.user_id, name="bench",
                            is_bot=False) for _ in roles])
            seats = await repo.seats(id_of(game))
            state = g.setup(log.seed, log.options)
            game.version = await repo.start_game(game, {id_of(s): r for s, r in zip(
                seats, roles, strict=True)}, state)
            ends = bounds(log)
            for a, b in zip(ends, ends[1:], strict=False):
                move = log.steps[a:b]
                for role, action, arg in move:
                    state = games.apply_step(g, state, role, action, arg)
                game.version = await repo.append_steps(
                    game, [NewStep(r, user.user_id, act, arg) for r, act, arg in move], state)
                if game.version % CHECKPOINT_EVERY == 0:
                    await repo.save_checkpoint(id_of(game), game.version, json.dumps(state))
            await repo.set_status(game, "finished", result=g.result(state) or {
                "winners": [], "reason": "bench"})
            table = Table(repo)
            # Every worker started and warm (its first replay imports the engine and the
            # renderer: a second or two, once per worker).
            await asyncio.gather(*(table.replay(place, user, game.id, 0)
                                   for _ in range(2 * workers.POOL.workers)))
            from bot.table import replaying

            middle, firsts, clicks = len(ends) // 2, [], []
            for k in range(3):
                replaying._BOUNDS.clear()  # where the positions begin: not yet known
                t0 = time.perf_counter()
                r = await table.replay(place, user, game.id, middle + k)
                firsts.append(time.perf_counter() - t0)
                assert not r.error, r.private
                for n in (middle + k + 1, middle + k):  # ▶ then ◀
                    t0 = time.perf_counter()
                    r = await table.replay(place, user, game.id, n)
                    clicks.append(time.perf_counter() - t0)
                    assert not r.error, r.private
            wholes = []
            for _ in range(2):
                t0 = time.perf_counter()
                r = await table.replay(place, user, game.id, whole=True)
                wholes.append(time.perf_counter() - t0)
                assert not r.error and r.files, r.private
            return (statistics.median(firsts) * 1000, statistics.median(clicks) * 1000,
                    statistics.median(wholes))
        finally:
            await repo.close()


def _children() -> float:
    """CPU seconds of this process's children that have ended (the animation's forked
    child, once joined)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def replay_figures(quick: bool = False) -> None:
    print("replay (/replay of a finished game: its log, pictures, animation and a click; "
          "CPU side by side in one process, wall through the table):")
    for log, what in _games(quick):
        t0 = time.process_time()
        ends = bounds(log)
        walk = time.process_time() - t0
        players = {r: r for r in games.sides(games.get(log.game), log.options)}
        print(f"  {log.game} ({what}): {len(log.steps)} steps, {len(ends)} positions "
              "(the start and each completed move)")
        print(f"    replay of the log       {walk * 1000:7.0f} ms CPU")
        renderer.warm(log.game)
        views = _views(log)
        kept = sample(len(views), MAX_FRAMES)
        limit = UPLOAD_LIMIT - PICTURE_ROOM - 1024 * 1024  # room for a long log's JSON
        t0 = time.process_time()
        pngs = [renderer.render(log.game, {**views[i], "log": views[i]["log"][-LOG_KEPT:]},
                                players=players) for i in kept]
        post = (time.process_time() - t0) / len(kept)
        t0, w0, k0 = time.process_time(), time.perf_counter(), _children()
        story = tell(log, None, Look(players, {}, MAX_FRAMES, limit))
        here, wall, child = time.process_time() - t0, time.perf_counter() - w0, _children() - k0
        whole = here + child
        made = story.animation
        assert made is not None
        # A picture of the replay: the whole replay less one replay of its log, a frame (the
        # CPU of both processes that draw them).
        picture = (whole - walk) / len(kept)
        print(f"    a picture of the replay {picture * 1000:7.1f} ms CPU; the board post of the "
              f"same position {post * 1000:.1f} ms ({sum(map(len, pngs)) / len(pngs) / 1024:.0f}"
              f" KB PNG): {picture / post:.2f}× (goal ≤ 1×; {BEFORE}); {_load()}")
        gif, png = _encodings(log, [views[i] for i in kept], players, limit)
        print(f"    of which the encoding   {gif * 1000:7.1f} ms a frame into the GIF (mapped "
              f"where it changed), {png * 1000:.1f} ms its post's (mapped whole, PNG); "
              f"{_load()}")
        print(f"    whole replay, animated  {whole:7.1f} s CPU ({here:.1f} s in this process, "
              f"{child:.1f} s in children), {wall:.1f} s wall: "
              f"GIF {len(made.data) / 2**20:.1f} MB (limit {limit / 2**20:.1f} MB), "
              f"{len(made.kept)} of {len(ends)} positions at {made.scale:.0%}; {_load()}")
        first, click, through = asyncio.run(_clicks(log))
        workers.shutdown()
        goal = (f" (goal < {WHOLE_GOAL_S:.0f} s: {'met' if through < WHOLE_GOAL_S else 'NOT met'})"
                if "fuzzer" in what else "")
        print(f"    /replay whole through the table (median of 2): {through:.1f} s{goal}; "
              f"{_load()}")
        print(f"    /replay through the table (median): {first:.0f} ms the first time (the "
              f"whole log, in a worker), {click:.0f} ms a click on ◀ ▶ (from a checkpoint)",
              flush=True)
    print(flush=True)


def _encodings(log: Log, views: list[dict], players: dict[str, str],
               limit: int) -> tuple[float, float]:
    """Where a frame's cost parts from its post's, CPU seconds a frame: from the drawing as
    the renderer makes it, the frame mapped to its palette where it changed and encoded
    into the GIF (drawn one at a time, as /replay does: the drawing's CPU measured and
    taken away), and the post's picture mapped whole and encoded as PNG."""
    drawing = 0.0
    after: tuple[dict, Painted] | None = None  # each drawn over the one before, as tell does

    def painted(k: int) -> Frame:
        nonlocal drawing, after
        t = time.process_time()
        view = {**views[k], "log": views[k]["log"][-LOG_KEPT:]}
        out = renderer.painted(log.game, view, players=players, after=after)
        drawing += time.process_time() - t
        after = (view, out) if isinstance(out, Painted) else None
        return out

    t0 = time.process_time()
    animation_of(len(views), painted, limit=limit)
    gif = (time.process_time() - t0 - drawing) / len(views)
    png = 0.0
    for k in range(len(views)):
        im = painted(k)
        t0 = time.process_time()
        png_file(im.mapped() if isinstance(im, Painted) else renderer.drawn(
            log.game, {**views[k], "log": views[k]["log"][-LOG_KEPT:]}, players=players))
        png += (time.process_time() - t0) / len(views)
    return gif, png


def _views(log: Log) -> list[dict]:
    """Every position's spectator view (the pictures' input), in one replay."""
    g = games.get(log.game)
    state = g.setup(log.seed, log.options)
    ends = set(bounds(log))
    out = [g.view(state, None)] if 0 in ends else []
    for i, (role, action, arg) in enumerate(log.steps, 1):
        state = games.apply_step(g, state, role, action, arg)
        if i in ends:
            out.append(g.view(state, None))
    return out
