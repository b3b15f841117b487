"""Two real bot processes (`python -m bot`) as the two shards of one fake Discord, over one
PostgreSQL database (issue 37): each carries the guilds of its shard. One is killed with
SIGKILL while a person's move and a computer's reply are stored but not yet posted (each
post held by Discord answering 429 with a long Retry-After): the other plays on, and
reminders and timeouts that fall due meanwhile are sent by the process of their guild
only; the restarted process posts what was stored but not posted and what fell due while
it was down, each exactly once."""

from __future__ import annotations

import asyncio
import json
import random
import re
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from tests.e2e.conftest import BotProcess
from tests.e2e.test_discord_goat_tiger import answer, content
from tests.support.table import random_move_line
from tools.fake_discord import FakeDiscord

pytestmark = pytest.mark.slow  # real processes: seconds

GUILD_A, GUILD_B = 1000, (1 << 22) | 7  # shard 0 and shard 1 of 2, by Discord's rule
# In each guild: a game against the computer, one between two people, then (seeded
# while a process is down) one whose reminder is due and one whose clock ran out.
A = {"computer": 2000, "people": 2001, "reminder": 2002, "timeout": 2003}
B = {"computer": 3000, "people": 3001, "reminder": 3002, "timeout": 3003}
RAVI, MEERA = Actor("101", "ravi"), Actor("102", "meera")
HELD = 600.0  # seconds a held post's 429 asks to wait: longer than the test


@pytest.fixture
async def fake_two_shards() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(admins=["ravi"], channel_ids=list(A.values()), shards=2)
    fake.add_guild(GUILD_B, list(B.values()), name="Shard one's server")
    await fake.start()
    try:
        with fake.patch_client_urls():
            yield fake
    finally:
        await fake.close()


async def shard_process(fake: FakeDiscord, workdir: Path, url: str, shard: int) -> BotProcess:
    """``python -m bot`` running shard ``shard`` of 2, looking for due games 5 times a
    second; returned once it is connected (and, for shard 0, its commands synced)."""
    workdir.mkdir(exist_ok=True)
    bot = BotProcess(fake, workdir, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS=str(shard),
                     REMINDER_POLL_SECONDS="0.2")
    await bot.logged("connected as", timeout=60)
    return bot


def posts_in(fake: FakeDiscord, channel: int, *words: str) -> list[str]:
    """The public messages in a channel that hold every one of ``words``."""
    return [m["content"] for m in fake.messages_in(channel)
            if not m["flags"] & 64 and all(w in m["content"] for w in words)]


async def held(fake: FakeDiscord, path_regex: str) -> None:
    """Until the bot's request matching ``path_regex`` was answered 429."""
    await fake.wait_for(lambda r: r.status == 429 and re.search(path_regex, r.path) is not None,
                        timeout=30)


async def seed_due(url: str, channels: dict[str, int], guild: int) -> None:
    """A two-player game idle for 25 hours (a reminder is due), and a game against the
    computer whose one-hour clock ran out a minute ago (the computer moves for Ravi; the
    hour it adds a move puts his next timeout an hour away)."""
    repo = await Repository.open(url)
    try:
        def ago(minutes: int) -> Table:
            return Table(repo, now=lambda: datetime.now(UTC) - timedelta(minutes=minutes))

        place = Place(channel_id=str(channels["reminder"]), guild_id=str(guild))
        await ago(25 * 60).new(place, RAVI, "goat_tiger", role="goats", seed=1)
        assert not (await ago(25 * 60).join(place, MEERA)).error
        place = Place(channel_id=str(channels["timeout"]), guild_id=str(guild))
        r = await ago(61).new(place, RAVI, "goat_tiger", role="goats", opponent="computer",
                              seed=2, pace="1h+1h/2h", on_timeout="move")
        assert not r.error, r.private
    finally:
        await repo.close()


async def stored(url: str, channel: int) -> tuple[int, str]:
    """The channel's game as stored: its steps, and a legal move for whoever is to move."""
    repo = await Repository.open(url)
    try:
        game = await repo.latest_game(str(channel))
        line = random_move_line(json.loads(game.state), random.Random(channel))
        return len(await repo.steps(game.id)), line
    finally:
        await repo.close()


async def new_games(fake: FakeDiscord, channels: dict[str, int]) -> None:
    await answer(fake, await fake.slash("ravi", "game", {
        "game": "goat_tiger", "side": "goats", "opponent": "computer"}, subcommand="new",
        channel_id=channels["computer"]))
    await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger", "side": "goats"},
                                        subcommand="new", channel_id=channels["people"]))
    await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                        channel_id=channels["people"]))


async def play(fake: FakeDiscord, url: str, user: str, channel: int) -> str:
    """``user`` plays a legal move in the channel; the public post it was answered with."""
    _, line = await stored(url, channel)
    posted = content(await answer(fake, await fake.slash(user, "play", {"move": line},
                                                         channel_id=channel)))
    assert posted.startswith(f"**{user}**: "), posted
    return posted


async def test_a_killed_shard_process_loses_nothing_and_the_other_plays_on(
        fake_two_shards, pg_db_url, tmp_path):
    fake, url = fake_two_shards, pg_db_url
    zero = await shard_process(fake, tmp_path / "zero", url, 0)
    one = await shard_process(fake, tmp_path / "one", url, 1)
    bots = [zero, one]
    try:
        assert fake.shard_ids == [0, 1]
        for channels in (A, B):
            await new_games(fake, channels)
            assert "**Computer**: Tigers" in await play(fake, url, "ravi", channels["computer"])
            await play(fake, url, "ravi", channels["people"])

        # Shard one: a move against the computer is stored with the computer's reply, and
        # its post held; then Meera's move is stored, its post held too. Then the process
        # is killed.
        # (A public post is a followup, or a channel's post carrying a nonce.)
        post = rf"^/webhooks/|^/channels/{B['computer']}/messages$"
        fake.fail_next("POST", post, status=429, retry_after=HELD)
        before, line = await stored(url, B["computer"])
        await fake.slash("ravi", "play", {"move": line}, channel_id=B["computer"])
        await held(fake, post)
        assert (await stored(url, B["computer"]))[0] > before
        post = rf"/callback$|^/channels/{B['people']}/messages$"
        fake.fail_next("POST", post, status=429, retry_after=HELD)
        before, meeras = await stored(url, B["people"])
        await fake.slash("meera", "play", {"move": meeras}, channel_id=B["people"])
        await held(fake, post)
        assert (await stored(url, B["people"]))[0] > before
        one.proc.send_signal(signal.SIGKILL)
        assert await one.exited(30) == -signal.SIGKILL
        assert fake.shard_ids == [0]
        assert len(posts_in(fake, B["computer"], "**Computer**: Tigers")) == 1  # the first
        assert posts_in(fake, B["people"], "**meera**") == []

        # While it is down, reminders and a timeout fall due in both guilds (shard one's
        # first: any tick of shard zero that sees its own saw those too).
        await seed_due(url, B, GUILD_B)
        await seed_due(url, A, GUILD_A)
        # Shard zero plays on, and sends its own guild's reminder and timeout.
        assert "**Computer**: Tigers" in await play(fake, url, "ravi", A["computer"])
        await play(fake, url, "meera", A["people"])
        await fake.wait_for(lambda r: r.path == f"/channels/{A['reminder']}/messages"
                            and "waiting for your move" in r.json["content"], timeout=30)
        await fake.wait_for(lambda r: r.path == f"/channels/{A['timeout']}/messages"
                            and "ran out of time" in r.json["content"], timeout=30)
        # and nothing of shard one's guild.
        assert fake.messages_in(B["reminder"]) == fake.messages_in(B["timeout"]) == []

        # Restarted: what was stored but not posted is posted, and what fell due is done.
        one = await shard_process(fake, tmp_path / "one", url, 1)
        bots.append(one)
        await fake.wait_for(lambda r: r.path == f"/channels/{B['reminder']}/messages"
                            and "waiting for your move" in r.json["content"], timeout=30)
        await fake.wait_for(lambda r: r.path == f"/channels/{B['timeout']}/messages"
                            and "ran out of time" in r.json["content"], timeout=30)
        # Its games play on.
        await play(fake, url, "ravi", B["people"])
        assert "**Computer**: Tigers" in await play(fake, url, "ravi", B["computer"])
        await asyncio.sleep(1.0)  # five more ticks of each scheduler: nothing more is sent
        for channels in (A, B):
            assert len(posts_in(fake, channels["reminder"], "waiting for your move")) == 1
            assert len(posts_in(fake, channels["timeout"], "ran out of time")) == 1
        # The moves held when shard one was killed are posted, once each: the restarted
        # process posts what each channel missed (the delivery ledger), the log's lines.
        late = posts_in(fake, B["computer"], "Not posted at the time")
        assert len(late) == 1 and "Goats place" in late[0] and "Tigers move" in late[0]
        assert len(posts_in(fake, B["computer"], "**Computer**: Tigers")) == 2  # and after
        late = posts_in(fake, B["people"], "Not posted at the time")
        assert len(late) == 1 and "Tigers move" in late[0]
        # No post anywhere was made twice.
        shown = [(m["channel_id"], m["content"]) for m in fake.messages.values()
                 if not m["flags"] & 64]
        assert len(shown) == len(set(shown))
    finally:
        for bot in bots:
            bot.kill()
    for bot in bots:
        assert "Traceback" not in bot.log, bot.log
