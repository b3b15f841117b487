"""Section ``faults``: the bot through a burst while Discord rate-limits it.

The real discord.py client and Discord face (in this process, as the e2e tests run it)
against the fake Discord: games against the computer each get a move at once, while
reminders of games idle for a day fall due all together at the first tick after a
downtime, and the fake answers 429 (per route, and the bot's global limit, with
Retry-After) to many of the posts. Counted in the fake's channels: each post delivered
once, none twice, none lost; and the first answer to new interactions sent during the
burst (Discord drops one not answered in 3 s). ``tests/e2e/test_bursts.py`` holds the
bot to these figures; the shard kill's are ``shard_kill.py``'s.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.discord_face.client import DarbarBot
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from tools.bench.common import pct
from tools.fake_discord import EPHEMERAL, FakeDiscord

BURST_REPLIES, BURST_REMINDERS = 32, 200
COMPUTER_CHANNEL, REMINDER_CHANNEL = 2000, 5000  # the games' channels: 2000, 2001, ...
RAVI, MEERA = Actor("101", "ravi"), Actor("102", "meera")
RETRY_AFTER = 0.3  # a channel's posts: one per this many seconds
GLOBAL_PER_SECOND = 20  # the bot's requests together (Discord allows 50: the burst must meet it)


@dataclass
class BurstFigures:
    replies: int
    reminders: int
    delivered: int = 0  # posts that reached their channel (each counted once)
    duplicates: int = 0  # posts made more than once
    lost: int = 0  # posts never made
    rate_limited: int = 0  # requests answered 429
    acks: list[float] = field(default_factory=list)  # new interactions: sent -> first answer
    seconds: float = 0.0  # the burst, from the bot's start to the last post

    @property
    def expected(self) -> int:
        return self.replies + self.reminders


async def _seed(url: str, replies: int, reminders: int) -> None:
    """Games against the computer waiting for Ravi; two-player games idle for a day."""
    repo = await Repository.open(url)
    try:
        now, yesterday = Table(repo), Table(
            repo, now=lambda: datetime.now(UTC) - timedelta(hours=25))
        for i in range(replies):
            place = Place(str(COMPUTER_CHANNEL + i), "1000")
            await now.new(place, RAVI, "goat_tiger", role="goats", opponent="computer", seed=i)
        for i in range(reminders):
            place = Place(str(REMINDER_CHANNEL + i), "1000")
            await yesterday.new(place, RAVI, "goat_tiger", role="goats", seed=i)
            await yesterday.join(place, MEERA)
    finally:
        await repo.close()


def _count(fake: FakeDiscord, channels: range, words: str) -> list[int]:
    return [sum(1 for m in fake.messages_in(c)
                if not m["flags"] & EPHEMERAL and words in m["content"]) for c in channels]


async def burst(replies: int = BURST_REPLIES, reminders: int = BURST_REMINDERS, *,
                per_second: int = GLOBAL_PER_SECOND, timeout: float = 120.0) -> BurstFigures:
    """``per_second``: the bot's global limit (the fewer the posts, the lower it must be for
    the burst to meet it)."""
    figures = BurstFigures(replies, reminders)
    computer = range(COMPUTER_CHANNEL, COMPUTER_CHANNEL + replies)
    reminded = range(REMINDER_CHANNEL, REMINDER_CHANNEL + reminders)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'burst.sqlite3'}"
        await _seed(url, replies, reminders)
        fake = FakeDiscord(admins=["ravi"], channel_ids=[*computer, *reminded])
        await fake.start()
        try:
            with fake.patch_client_urls():
                await _run(fake, url, figures, computer, reminded, per_second, timeout)
        finally:
            await fake.close()
    return figures


async def _run(fake: FakeDiscord, url: str, figures: BurstFigures, computer: range,
               reminded: range, per_second: int, timeout: float) -> None:
    # Discord's limits, tightened so the burst meets them: each channel's posts (a route's
    # bucket per channel), each interaction's followups, and the bot's requests together.
    fake.rate_limit("POST", r"^/channels/\d+/messages$", limit=1, per=RETRY_AFTER)
    fake.rate_limit("POST", r"^/webhooks/", limit=1, per=RETRY_AFTER)
    # Interactions' own endpoints are outside the global limit, as on Discord.
    fake.rate_limit("*", r"^/(?!interactions/|webhooks/)", limit=per_second, per=1.0,
                    global_=True)
    bot = DarbarBot(database_url=url, guild_ready_timeout=0.1, rate_limit=None,
                    reminder_poll=0.05)
    start = time.monotonic()
    async with fake.running(bot, timeout=60):
        moves = [await fake.slash("ravi", "play", {"move": "c3"}, channel_id=c)
                 for c in computer]
        deadline = time.monotonic() + timeout
        probe = 0
        while time.monotonic() < deadline:
            # A new interaction while the posts wait: how soon is it answered?
            channel = reminded[probe % len(reminded)] if reminded else computer[0]
            sent = time.monotonic()
            handle = await fake.slash("arjun", "game", subcommand="status", channel_id=channel)
            answer = await handle.wait_response(timeout=10)
            figures.acks.append(answer.time - sent)
            probe += 1
            if (all(_count(fake, reminded, "waiting for your move"))
                    and all(_count(fake, computer, "**Computer**"))):
                break
            await asyncio.sleep(0.05)
        figures.seconds = time.monotonic() - start
        for move in moves:
            await move.wait_done(quiet=0.05)
        await asyncio.sleep(0.3)  # a few more ticks: nothing is sent twice
    counts = _count(fake, computer, "**Computer**") + _count(fake, reminded,
                                                            "waiting for your move")
    figures.delivered = sum(1 for n in counts if n)
    figures.duplicates = sum(n - 1 for n in counts if n > 1)
    figures.lost = sum(1 for n in counts if not n)
    figures.rate_limited = sum(1 for r in fake.requests if r.status == 429)


def print_burst(figures: BurstFigures) -> None:
    print(f"\n== faults: a burst under 429s ({figures.replies} computer replies, "
          f"{figures.reminders} reminders due at once) ==")
    print(f"  posts delivered        {figures.delivered} of {figures.expected}")
    print(f"  duplicates             {figures.duplicates}")
    print(f"  lost                   {figures.lost}")
    print(f"  answered 429           {figures.rate_limited}")
    print(f"  first answer p99       {pct(figures.acks, 0.99) * 1000:.0f} ms "
          f"({len(figures.acks)} interactions during the burst; Discord drops one at 3 s)")
    print(f"  burst delivered in     {figures.seconds:.1f} s")


def fault_figures(replies: int = BURST_REPLIES, reminders: int = BURST_REMINDERS,
                  per_second: int = GLOBAL_PER_SECOND) -> None:
    # The bot runs in this process: its log lines (every 429 is a warning) are not figures.
    for name in ("discord", "darbar"):
        logging.getLogger(name).setLevel(logging.ERROR)
    print_burst(asyncio.run(burst(replies, reminders, per_second=per_second)))
