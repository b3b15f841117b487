"""Section ``faults``, its second part: a shard's process killed (issue 37).

Two real bot processes (`python -m bot`, ``SHARD_COUNT=2``, each its own ``SHARD_IDS``) as
the two shards of one fake Discord (tools/fake_discord.py, a guild in each shard), over one
PostgreSQL database. Shard one's process is killed with SIGKILL while a person's move and a
computer's reply are stored but not yet posted (each post held by Discord answering 429 with
a long Retry-After); meanwhile reminders and timeouts fall due in both guilds and shard
zero's games play on; then shard one's process is started again. ``shard_kill`` plays it
and returns what was counted in the fake's channels; ``tests/e2e/test_shards.py`` holds the
bot to the figures, ``darbar bench --only faults`` prints them.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import signal
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.replies import Actor, Place
from bot.table import Table
from db import Repository, id_of
from tools.arena import random_move_line
from tools.bench.common import snapshot
from tools.bot_process import BotProcess
from tools.fake_discord import EPHEMERAL, FakeDiscord, answer, content

GUILD_A, GUILD_B = 1000, (1 << 22) | 7  # shard 0 and shard 1 of 2, by Discord's rule
# In each guild: a game against the computer, one between two people, then (seeded
# while a process is down) one whose reminder is due and one whose clock ran out.
A = {"computer": 2000, "people": 2001, "reminder": 2002, "timeout": 2003}
B = {"computer": 3000, "people": 3001, "reminder": 3002, "timeout": 3003}
RAVI, MEERA = Actor("101", "ravi"), Actor("102", "meera")
HELD = 600.0  # seconds a held post's 429 asks to wait: longer than the whole run
# The held moves' lines, in the post that delivers them late: Ravi's goat placed and the
# computer's tiger move; Meera's tiger move.
LATE = {B["computer"]: ("Goats place", "Tigers move"), B["people"]: ("Tigers move",)}
LIMIT = 100.0  # seconds the bench gives the whole scenario
REMINDED, TIMED_OUT = "waiting for your move", "ran out of time"
CAUGHT_UP = "Not posted at the time"  # how the delivery ledger heads a late post


class ScenarioFailed(RuntimeError):
    """A step the figures rest on did not happen (the kill did not land between a move's
    store and its post, a process did not start or die as it must)."""


@dataclass
class ShardKillFigures:
    games: int = 0  # games in the killed shard's guild
    resumed: int = 0  # of those, games the restarted process posted in
    cut_off: int = 0  # moves the kill cut off: stored, not posted
    caught_up: int = 0  # of those, posted once after the restart, late, with the move's lines
    reminders: list[int] = field(default_factory=list)  # due while down: posts of each
    timeouts: list[int] = field(default_factory=list)  # due while down: posts of each
    dead_guild_posts: int = 0  # posts into the killed shard's guild while it was down
    other_moves: int = 0  # moves in the other shard's games while one was down
    other_answered: int = 0  # of those, answered with their public post
    moves_after: int = 0  # moves in the killed shard's games after the restart
    answered_after: int = 0  # of those, answered with their public post
    duplicates: int = 0  # public posts made more than once, anywhere
    catch_up_seconds: float = 0.0  # from the restart to the last post of what it missed
    connect_seconds: float = 0.0  # from the restart to the process connected
    late: dict[int, list[str]] = field(default_factory=dict, repr=False)  # channel -> posts
    tracebacks: list[str] = field(default_factory=list, repr=False)  # logs that hold one


def _require(condition: bool, what: str) -> None:
    if not condition:
        raise ScenarioFailed(what)


def posts_in(fake: FakeDiscord, channel: int, *words: str) -> list[str]:
    """The public messages in a channel that hold every one of ``words``."""
    return [m["content"] for m in fake.messages_in(channel)
            if not m["flags"] & EPHEMERAL and all(w in m["content"] for w in words)]


async def _shard_process(fake: FakeDiscord, workdir: Path, url: str, shard: int) -> BotProcess:
    """``python -m bot`` running shard ``shard`` of 2, looking for due games 5 times a
    second; returned once it is connected (and, for shard 0, its commands synced)."""
    workdir.mkdir(exist_ok=True)
    bot = BotProcess(fake, workdir, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS=str(shard),
                     REMINDER_POLL_SECONDS="0.2")
    try:
        await bot.logged("connected as", timeout=60)
    except AssertionError as e:
        bot.kill()
        raise ScenarioFailed(f"shard {shard}'s process did not connect: {e}") from None
    return bot


async def _held(fake: FakeDiscord, path_regex: str) -> None:
    """Until the bot's request matching ``path_regex`` was answered 429."""
    await fake.wait_for(lambda r: r.status == 429 and re.search(path_regex, r.path) is not None,
                        timeout=30)


async def _posted(fake: FakeDiscord, channel: int, words: str, after: int) -> float:
    """When the bot's post in ``channel`` holding ``words`` was taken (requests from
    ``after`` on)."""
    req = await fake.wait_for(lambda r: r.status == 200 and r.method == "POST"
                              and r.path == f"/channels/{channel}/messages"
                              and words in r.json["content"], timeout=30, after=after)
    return req.time


async def _seed_due(url: str, channels: dict[str, int], guild: int) -> None:
    """A two-player game idle for 25 hours (a reminder is due), and a game against the
    computer whose one-hour clock ran out a minute ago (the computer moves for Ravi; the
    hour it adds a move puts his next timeout an hour away)."""
    repo = await Repository.open(url)
    try:
        def ago(minutes: int) -> Table:
            return Table(repo, now=lambda: datetime.now(UTC) - timedelta(minutes=minutes))

        place = Place(channel_id=str(channels["reminder"]), guild_id=str(guild))
        await ago(25 * 60).new(place, RAVI, "goat_tiger", role="goats", seed=1)
        _require(not (await ago(25 * 60).join(place, MEERA)).error, "Meera could not join")
        place = Place(channel_id=str(channels["timeout"]), guild_id=str(guild))
        r = await ago(61).new(place, RAVI, "goat_tiger", role="goats", opponent="computer",
                              seed=2, pace="1h+1h/2h", on_timeout="move")
        _require(not r.error, f"the timed game was refused: {r.private}")
    finally:
        await repo.close()


async def _stored(url: str, channel: int) -> tuple[int, str]:
    """The channel's game as stored: its steps, and a legal move for whoever is to move."""
    repo = await Repository.open(url)
    try:
        game = await repo.latest_game(str(channel))
        _require(game is not None, f"no game in channel {channel}")
        assert game is not None
        line = random_move_line(snapshot(game), random.Random(channel))
        return len(await repo.steps(id_of(game))), line
    finally:
        await repo.close()


async def _new_games(fake: FakeDiscord, channels: dict[str, int]) -> None:
    await answer(fake, await fake.slash("ravi", "game", {
        "game": "goat_tiger", "side": "goats", "opponent": "computer"}, subcommand="new",
        channel_id=channels["computer"]))
    await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger", "side": "goats"},
                                        subcommand="new", channel_id=channels["people"]))
    await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                        channel_id=channels["people"]))


async def _play(fake: FakeDiscord, url: str, user: str, channel: int) -> bool:
    """``user`` plays a legal move in the channel: was it answered with its public post
    (and, against the computer, the computer's reply)?"""
    _, line = await _stored(url, channel)
    posted = content(await answer(fake, await fake.slash(user, "play", {"move": line},
                                                         channel_id=channel)))
    return posted.startswith(f"**{user}**: ") and (
        channel not in (A["computer"], B["computer"]) or "**Computer**: Tigers" in posted)


async def _hold_and_play(fake: FakeDiscord, url: str, user: str, channel: int,
                         post: str) -> None:
    """``user``'s move in ``channel`` is stored while its post (``post``, a path regex) is
    held by a 429 that asks the bot to wait longer than the run."""
    fake.fail_next("POST", post, status=429, retry_after=HELD)
    before, line = await _stored(url, channel)
    await fake.slash(user, "play", {"move": line}, channel_id=channel)
    await _held(fake, post)
    _require((await _stored(url, channel))[0] > before, f"{user}'s held move was not stored")


async def shard_kill(url: str, workdir: Path) -> ShardKillFigures:
    """The scenario on the PostgreSQL database ``url`` (emptied), the processes' files in
    ``workdir``; every process it started is gone when it returns or raises."""
    figures = ShardKillFigures()
    fake = FakeDiscord(admins=["ravi"], channel_ids=list(A.values()), shards=2)
    fake.add_guild(GUILD_B, list(B.values()), name="Shard one's server")
    await fake.start()
    bots: list[BotProcess] = []
    try:
        bots.append(await _shard_process(fake, workdir / "zero", url, 0))
        bots.append(one := await _shard_process(fake, workdir / "one", url, 1))
        _require(fake.shard_ids == [0, 1], f"shards connected: {fake.shard_ids}")
        for channels in (A, B):
            await _new_games(fake, channels)
            _require(await _play(fake, url, "ravi", channels["computer"]),
                     "a move against the computer was not answered")
            _require(await _play(fake, url, "ravi", channels["people"]),
                     "a move between people was not answered")

        # Shard one: a move against the computer is stored with the computer's reply, and
        # its post held (a public post is a followup, or a channel's post with a nonce);
        # then Meera's move is stored, its post held too. Then the process is killed.
        await _hold_and_play(fake, url, "ravi", B["computer"],
                             rf"^/webhooks/|^/channels/{B['computer']}/messages$")
        await _hold_and_play(fake, url, "meera", B["people"],
                             rf"/callback$|^/channels/{B['people']}/messages$")
        one.proc.send_signal(signal.SIGKILL)
        _require(await one.exited(30) == -signal.SIGKILL, "shard one's process did not die")
        _require(fake.shard_ids == [0], f"shards connected after the kill: {fake.shard_ids}")
        figures.cut_off = (len(posts_in(fake, B["computer"], "**Computer**: Tigers")) == 1) + (
            posts_in(fake, B["people"], "**meera**") == [])

        # While it is down, reminders and a timeout fall due in both guilds (shard one's
        # first: any tick of shard zero that sees its own saw those too).
        await _seed_due(url, B, GUILD_B)
        await _seed_due(url, A, GUILD_A)
        # Shard zero plays on, and sends its own guild's reminder and timeout.
        for user, channel in (("ravi", A["computer"]), ("meera", A["people"])):
            figures.other_moves += 1
            figures.other_answered += await _play(fake, url, user, channel)
        await _posted(fake, A["reminder"], REMINDED, 0)
        await _posted(fake, A["timeout"], TIMED_OUT, 0)
        figures.dead_guild_posts = sum(len(fake.messages_in(c)) for c in B.values()) - len(
            fake.messages_in(B["computer"]) + fake.messages_in(B["people"]))

        # Restarted: what was stored but not posted is posted, and what fell due is done.
        restart, after = time.monotonic(), len(fake.requests)
        bots.append(await _shard_process(fake, workdir / "one", url, 1))
        figures.connect_seconds = time.monotonic() - restart
        caught = [await _posted(fake, channel, CAUGHT_UP, after) for channel in LATE]
        caught += [await _posted(fake, B["reminder"], REMINDED, after),
                   await _posted(fake, B["timeout"], TIMED_OUT, after)]
        figures.catch_up_seconds = max(caught) - restart
        # Its games play on.
        for user, channel in (("ravi", B["people"]), ("ravi", B["computer"])):
            figures.moves_after += 1
            figures.answered_after += await _play(fake, url, user, channel)
        await asyncio.sleep(1.0)  # five more ticks of each scheduler: nothing more is sent
        _count(fake, figures, after)
    finally:
        for bot in bots:
            bot.kill()
        await fake.close()
    figures.tracebacks = [bot.log for bot in bots if "Traceback" in bot.log]
    return figures


def _count(fake: FakeDiscord, figures: ShardKillFigures, after: int) -> None:
    """What the channels hold once everything was posted (``after``: the restart's first
    request)."""
    figures.reminders = [len(posts_in(fake, c["reminder"], REMINDED)) for c in (A, B)]
    figures.timeouts = [len(posts_in(fake, c["timeout"], TIMED_OUT)) for c in (A, B)]
    figures.late = {channel: posts_in(fake, channel, CAUGHT_UP) for channel in LATE}
    figures.caught_up = sum(len(posts) == 1 and all(w in posts[0] for w in LATE[channel])
                            for channel, posts in figures.late.items())
    # The held reply is in the late post, not made again as the computer's own post.
    _require(len(posts_in(fake, B["computer"], "**Computer**: Tigers")) == 2,
             "the held computer reply was posted again on its own")
    posted = {int(r.response["channel_id"]) for r in fake.requests[after:]
              if r.method == "POST" and r.status == 200 and isinstance(r.response, dict)
              and "channel_id" in r.response and not (r.response.get("flags") or 0) & EPHEMERAL}
    figures.games = len(B)
    figures.resumed = len(posted & set(B.values()))
    shown = [(m["channel_id"], m["content"]) for m in fake.messages.values()
             if not m["flags"] & EPHEMERAL]
    figures.duplicates = len(shown) - len(set(shown))


def print_shard_kill(f: ShardKillFigures) -> None:
    def each(counts: list[int]) -> str:
        return ", ".join(str(n) for n in counts)

    for label, value in (
        ("games in its guild", f"{f.games}, {f.resumed} resumed after the restart"),
        ("moves the kill cut off", f"{f.cut_off} (stored, not posted), {f.caught_up} posted "
                                   "once after the restart"),
        ("reminders due meanwhile", f"{len(f.reminders)}, posts of each: {each(f.reminders)}"),
        ("timeouts due meanwhile", f"{len(f.timeouts)}, posts of each: {each(f.timeouts)}"),
        ("posts into its guild", f"{f.dead_guild_posts} while it was down"),
        ("the other shard", f"{f.other_answered} of {f.other_moves} moves answered while it "
                            "was down"),
        ("after the restart", f"{f.answered_after} of {f.moves_after} moves answered"),
        ("duplicates", f"{f.duplicates}"),
        ("caught up in", f"{f.catch_up_seconds:.1f} s from the restart to its last missed post "
                         f"({f.connect_seconds:.1f} s to connect)"),
        *((("tracebacks", f"in {len(f.tracebacks)} processes' logs"),) if f.tracebacks else ()),
    ):
        print(f"  {label:<25}{value}")


def _skipped(backend: str) -> str | None:
    """Why the shard kill cannot run here, if it cannot."""
    from tools.pg_cluster import find_bindir

    if backend == "sqlite":
        return "it needs PostgreSQL, and --backend sqlite leaves PostgreSQL out"
    if find_bindir() is None:
        return ("PostgreSQL's server binaries (initdb, pg_ctl, postgres) are not installed "
                "here; install Debian's postgresql package or set PG_BINDIR")
    return None


async def _bounded(url: str, workdir: Path) -> ShardKillFigures:
    """The scenario within LIMIT seconds; SIGTERM ends it as Ctrl-C does (its processes
    killed on the way out)."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    assert task is not None
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        return await asyncio.wait_for(shard_kill(url, workdir), LIMIT)
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def shard_kill_figures(backend: str = "both") -> None:
    """Print the section's figures, or one line saying why it did not run."""
    from tools.pg_cluster import PgCluster, PostgresNotFound

    print("\n== faults: a shard's process killed (2 processes as shards 0 and 1 of 2, one "
          "PostgreSQL; kill -9 of shard 1 mid-move, then restarted) ==", flush=True)
    why = _skipped(backend)
    if why:
        print(f"  skipped: {why}")
        return
    with contextlib.ExitStack() as stack:
        try:
            pg = stack.enter_context(PgCluster())
        except (PostgresNotFound, RuntimeError, OSError) as e:
            print(f"  skipped: no PostgreSQL server could be started here ({e})")
            return
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="darbar-shards-")))
        assert pg.url is not None
        try:
            figures = asyncio.run(_bounded(pg.url, workdir))
        except (ScenarioFailed, TimeoutError) as e:
            print(f"  failed: {e or f'not done in {LIMIT:.0f} s'}")
            return
        except (asyncio.CancelledError, KeyboardInterrupt) as e:  # SIGTERM, Ctrl-C
            print("  interrupted: its bot processes were killed; its cluster is being stopped",
                  flush=True)
            stopped = signal.SIGINT if isinstance(e, KeyboardInterrupt) else signal.SIGTERM
            raise SystemExit(128 + stopped) from None
    print_shard_kill(figures)
