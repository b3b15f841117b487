"""Section ``discord``: the first acknowledgement under load, with the real discord.py
client.

The bot runs as `python -m bot` (its own process, as in production) against the fake Discord
of tools/fake_discord.py on 127.0.0.1, which runs here, in the bench's process; so the clock
that times an interaction (sent -> first callback) is not the bot's.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot import memory
from db import Repository
from engine import games
from tools.bench.common import pct, snapshot
from tools.bot_process import bot_environ
from tools.fake_discord import FakeDiscord, InteractionHandle, RecordedRequest

GOAL_ACK_MS, GOAL_AUTOCOMPLETE_MS = 1000.0, 300.0  # Discord drops what is not acked in 3 s
ACK_GAMES, ACK_ROUNDS, ACK_TYPERS = 32, 3, 8
# Vijayanagara games of one person (Delhi) against two computers, beside the Goat-Tiger ones:
# a reply there is two computer moves (or more), each a search of up to a second.
ACK_VJ_GAMES = 8
VJ_CHANNEL = 3000  # their channels: 3000, 3001, ...
ROOT = Path(__file__).resolve().parents[2]  # the checkout: `make bench` runs from it
BOT_TOKEN = "MTAxMDEwMTAxMDEw.bench.fake-token"  # shaped like a token; only the fake sees it


@dataclass
class AckResult:
    games: int
    rounds: int
    typers: int
    vj_games: int = 0
    acks: list[float] = field(default_factory=list)  # interaction sent -> first callback
    deferred: int = 0  # first callbacks that were a deferral (type 5 or 6)
    replies: list[float] = field(default_factory=list)  # sent -> the computer's move posted
    autocompletes: list[float] = field(default_factory=list)
    rss_mb: tuple[float, float] | None = None  # the bot's resident memory: now, at most
    vj_acks: list[float] = field(default_factory=list)  # the same, in Vijayanagara games
    vj_replies: list[float] = field(default_factory=list)

    def met(self) -> bool:
        return (pct(self.acks + self.vj_acks, 0.99) * 1000 < GOAL_ACK_MS
                and pct(self.autocompletes, 0.99) * 1000 < GOAL_AUTOCOMPLETE_MS)


def _bot_env(fake: FakeDiscord, url: str) -> dict[str, str]:
    """The bench's environment without the developer's Discord, shard, reminder and database
    settings (`darbar` loads .env), pointed at the fake and a database of its own."""
    env = bot_environ()
    path = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return {**env, **fake.env, "DISCORD_TOKEN": BOT_TOKEN, "DATABASE_URL": url,
            "PYTHONPATH": path, "LOG_LEVEL": "WARNING"}


async def _until_synced(fake: FakeDiscord, proc: subprocess.Popen, log: Path,
                        timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the bot exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path,
                                timeout=0.5)
            return
        except TimeoutError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bot did not connect:\n{log.read_text()[-3000:]}") from None


async def _settled(handle: InteractionHandle, what: str) -> list[RecordedRequest]:
    """An interaction's requests once it is answered in full (a deferral, its edit, followups)."""
    try:
        return await handle.wait_done(quiet=0.05, timeout=120)
    except TimeoutError:
        raise RuntimeError(f"no answer to {what}") from None


def _typers(n_games: int, n_typers: int) -> list[tuple[str, int]]:
    """Who types /play while the computers think, and in which channel: every other one in a
    game of their own (both sides, so always their turn), the rest are players waiting for
    the computer in theirs."""
    return [(f"t{j}", 2000 + n_games + j) if j % 2 == 0 else (f"p{j}", 2000 + j)
            for j in range(n_typers)]


async def _seat(fake: FakeDiscord, n_games: int, n_typers: int, vj_games: int = 0) -> None:
    """Player i opens a game against the computer in channel 2000 + i (Goats to move);
    player v<i> plays Delhi against two computers in channel 3000 + i."""
    async def vs_computer(i: int) -> None:
        await _settled(await fake.slash(
            f"p{i}", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new", channel_id=2000 + i), "/game new")

    async def vs_computers(i: int) -> None:
        await _settled(await fake.slash(
            f"v{i}", "game", {"game": "vijayanagara", "side": "delhi",
                              "opponent": "computer"},
            subcommand="new", channel_id=VJ_CHANNEL + i), "/game new")

    async def both_sides(user: str, channel: int) -> None:
        await _settled(await fake.slash(user, "game", {"game": "goat_tiger", "side": "goats"},
                                        subcommand="new", channel_id=channel), "/game new")
        await _settled(await fake.slash(user, "game", {"side": "tigers"}, subcommand="join",
                                        channel_id=channel), "/game join")

    await asyncio.gather(*(vs_computer(i) for i in range(n_games)),
                         *(vs_computers(i) for i in range(vj_games)),
                         *(both_sides(user, channel)
                           for user, channel in _typers(n_games, n_typers)
                           if user.startswith("t")))


async def _next_lines(url: str, n_games: int, rnd: int) -> dict[int, str]:
    """A random legal Goat move for every game that waits for its player (read from the bot's
    database, so it works whatever the computer answered)."""
    g = games.get("goat_tiger")
    repo = await Repository.open(url)
    try:
        lines = {}
        for i in range(n_games):
            game = await repo.live_game(str(2000 + i))
            if game is None or game.status != "active":
                continue
            state = snapshot(game)
            if g.view(state, None)["active"] != ["goats"]:
                continue
            steps, _ = games.random_move(g, state, random.Random(f"ack-{rnd}-{i}"))
            lines[i] = " ".join(g.token(a, arg) for a, arg in steps)
        return lines
    finally:
        await repo.close()


async def _vj_lines(url: str, vj_games: int, rnd: int) -> dict[int, str]:
    """Delhi's next line in each Vijayanagara game: a Pass where it may, else the first
    line of a random legal move (up to a step that reveals something)."""
    g = games.get("vijayanagara")
    repo = await Repository.open(url)
    try:
        lines = {}
        for i in range(vj_games):
            game = await repo.live_game(str(VJ_CHANNEL + i))
            if game is None or game.status != "active":
                continue
            state = snapshot(game)
            if g.view(state, None)["active"] != ["delhi"]:
                continue
            if ("pass", None) in games.legal_steps(g, g.view(state, "delhi")):
                lines[i] = "pass"
                continue
            steps, _ = games.random_move(g, state, random.Random(f"ack-vj-{rnd}-{i}"))
            lines[i] = games.typed_lines(g, state, "delhi", steps)[0]
        return lines
    finally:
        await repo.close()


async def _round(fake: FakeDiscord, lines: dict[int, str], n_games: int, n_typers: int, rnd: int,
                 out: AckResult, vj_lines: dict[int, str] | None = None) -> None:
    """Every player sends /play at once; typers ask autocomplete until the last reply."""
    done = asyncio.Event()

    async def play(i: int, line: str, vj: bool = False) -> None:
        t0 = time.monotonic()
        handle = await fake.slash(f"v{i}" if vj else f"p{i}", "play", {"move": line},
                                  channel_id=(VJ_CHANNEL if vj else 2000) + i)
        first = await handle.wait_response(timeout=120)
        (out.vj_acks if vj else out.acks).append(first.time - t0)
        out.deferred += first.json.get("type") in (5, 6)
        posted = [r.time for r in await _settled(handle, "/play")
                  if r.method == "POST" and "**Computer**" in json.dumps(r.json)]
        if posted:
            (out.vj_replies if vj else out.replies).append(posted[0] - t0)

    async def typer(user: str, channel: int) -> None:
        rng = random.Random(f"typer-{rnd}-{user}")
        while not done.is_set():
            typed = rng.choice(["", "a", "b", "c", "d", "e", "c3", "d4"])
            t0 = time.perf_counter()
            await fake.autocomplete(user, "play", {"move": typed}, "move", channel_id=channel,
                                    timeout=60)
            out.autocompletes.append(time.perf_counter() - t0)
            await asyncio.sleep(rng.uniform(0.05, 0.25))  # between keystrokes

    typing = [asyncio.create_task(typer(user, channel))
              for user, channel in _typers(n_games, n_typers)]
    try:
        await asyncio.gather(*(play(i, line) for i, line in lines.items()),
                             *(play(i, line, True) for i, line in (vj_lines or {}).items()))
    finally:
        done.set()
        await asyncio.gather(*typing)


async def _ack_main(n_games: int, rounds: int, n_typers: int, vj_games: int = 0) -> AckResult:
    out = AckResult(n_games, rounds, n_typers, vj_games)
    users = {**{f"p{i}": 5000 + i for i in range(n_games)},
             **{f"v{i}": 7000 + i for i in range(vj_games)},
             **{user: 6000 + n for n, (user, _) in enumerate(_typers(n_games, n_typers))
                if user.startswith("t")}}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'ack.sqlite3'}"
        log = Path(tmp) / "bot.log"
        channels = [*range(2000, 2000 + n_games + n_typers),
                    *range(VJ_CHANNEL, VJ_CHANNEL + vj_games)]
        async with FakeDiscord(users=users, channel_ids=channels) as fake:
            with log.open("w") as sink:
                proc = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=tmp,
                                        env=_bot_env(fake, url), stdout=sink,
                                        stderr=subprocess.STDOUT)
            try:
                await _until_synced(fake, proc, log)
                await _seat(fake, n_games, n_typers, vj_games)
                for rnd in range(rounds):
                    lines = await _next_lines(url, n_games, rnd)
                    vj_lines = await _vj_lines(url, vj_games, rnd)
                    await _round(fake, lines, n_games, n_typers, rnd, out, vj_lines)
                    await asyncio.sleep(0.5)  # let the last posts settle
                out.rss_mb = memory.rss_mb(proc.pid)
            finally:
                # SIGTERM: a service manager's stop. Waited for off this loop, so the fake
                # keeps answering while the bot closes.
                proc.terminate()
                try:
                    await asyncio.to_thread(proc.wait, 30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    return out


def ack_figures(games_: int = ACK_GAMES, rounds: int = ACK_ROUNDS,
                typers: int = ACK_TYPERS, vj_games: int = ACK_VJ_GAMES) -> AckResult:
    r = asyncio.run(_ack_main(games_, rounds, typers, vj_games))
    vj = (f" and {vj_games} vijayanagara game{'s' if vj_games > 1 else ''} of one person "
          "against two computers" if vj_games else "")
    print(f"discord acknowledgement ({games_} goat_tiger games against the computer{vj}, all "
          f"sending /play at once, {rounds} round{'s' if rounds > 1 else ''}; meanwhile {typers} "
          "people type /play (autocomplete), in games of their own or waiting for the "
          "computer; `python -m bot` against the fake Discord on 127.0.0.1):")
    every = r.acks + r.vj_acks
    print(f"  first answer p50     {statistics.median(every) * 1000:.0f} ms   "
          f"p99 {pct(every, 0.99) * 1000:.0f} ms   (interaction sent to its first callback; "
          f"{r.deferred} of {len(every)} deferred)")
    if r.vj_acks:
        print(f"    vijayanagara p50   {statistics.median(r.vj_acks) * 1000:.0f} ms   "
              f"p99 {pct(r.vj_acks, 0.99) * 1000:.0f} ms   (max "
              f"{max(r.vj_acks) * 1000:.0f} ms; {len(r.vj_acks)} answered)")
    print(f"  autocomplete p50     {statistics.median(r.autocompletes) * 1000:.0f} ms   "
          f"p99 {pct(r.autocompletes, 0.99) * 1000:.0f} ms   ({len(r.autocompletes)} asked)")
    if r.replies:
        print(f"  computer's reply p50 {statistics.median(r.replies) * 1000:.0f} ms   "
              f"p99 {pct(r.replies, 0.99) * 1000:.0f} ms   (sent to the post with its move)")
    if r.rss_mb:
        print(f"  the bot's memory     {r.rss_mb[0]:.0f} MB resident, at most {r.rss_mb[1]:.0f} "
              "MB (its own process; the computer's workers apart)")
    if r.vj_replies:
        print(f"    vijayanagara p50   {statistics.median(r.vj_replies) * 1000:.0f} ms   "
              f"p99 {pct(r.vj_replies, 0.99) * 1000:.0f} ms   (sent to the post with the "
              "computers' moves)")
    verdict = "met" if r.met() else "NOT met"
    print(f"  goal                 {verdict} (first answer p99 < {GOAL_ACK_MS:.0f} ms, "
          f"autocomplete p99 < {GOAL_AUTOCOMPLETE_MS:.0f} ms)\n", flush=True)
    return r

