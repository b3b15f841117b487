"""The bot stops cleanly: on SIGINT (even when it was started with SIGINT ignored, as a
background job of a non-interactive shell starts it) and on SIGTERM (a service manager's
stop), after finishing the replies under way; what arrives once it is closing (the gateway
is still read while it drains) is told it is restarting, and what is still under way when
the drain's time is up is cut short and told so: no interaction goes unanswered. Closing
stops the computer's worker processes and closes the database last."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import sys
import time
from collections.abc import AsyncIterator

import pytest

from bot import admin, workers
from bot.discord_face import client
from bot.discord_face.respond import CUT_SHORT, RESTARTING
from bot.table import Table
from db import Repository
from tests.e2e.conftest import BotProcess, serving
from tests.e2e.test_discord_goat_tiger import answer, content, make_bot, public_posts
from tools.fake_discord import FakeDiscord

pytestmark = pytest.mark.slow  # every test here takes seconds


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_closing_the_bot_stops_the_computers_workers(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "**Computer**: Tigers" in content(r)
        pid = await workers.POOL.run(os.getpid)
        assert pid != os.getpid()
    assert not workers.POOL.running
    assert gone(pid)
    assert bot_errors == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
async def test_the_real_entry_point_closes_on_a_stop_signal(fake_discord, tmp_path, sig):
    fake = fake_discord
    # The shell ignores SIGINT before it becomes the bot, which inherits that.
    bot = BotProcess(fake, tmp_path,
                     command=f"trap '' INT; exec {shlex.quote(sys.executable)} -m bot")
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path, timeout=30)
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        h = await fake.slash("ravi", "play", {"move": "c3"})
        first = await h.wait_response()
        assert first.json["type"] == 5  # deferred at once: the computer is searching
        bot.proc.send_signal(sig)  # while it searches
        code = await bot.exited(timeout=60)
    finally:
        bot.kill()
    err = bot.log
    assert code == 0, err
    assert f"{sig.name}: closing" in err
    assert "Traceback" not in err and " ERROR " not in err, err
    # The reply under way was finished before the bot closed: the move and the computer's.
    posts = public_posts(h)
    assert len(posts) == 1 and "**Computer**: Tigers" in content(posts[0])
    assert fake.messages.get(int(first.response["interaction"]["response_message_id"])) is None


# --- closing during a burst ------------------------------------------------------------

CHANNELS = list(range(2000, 2006))


@pytest.fixture
async def fake_six() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with six channels."""
    async with serving(channel_ids=CHANNELS) as fake:
        yield fake


def replied(fake: FakeDiscord, handle) -> str:
    """The text the interaction was answered with, as the user reads it last: the
    callback's, or what ended a deferral (the public post, else the placeholder's edit)."""
    done = [r for r in handle.requests if r.status == 200 and r.method in ("POST", "PATCH")]
    first = done[0]
    if first.json.get("type") not in (5, 6):
        return content(first)
    later = [r for r in done[1:]]
    return content(next((r for r in later if r.method == "POST"), later[-1]))


async def test_closing_during_a_burst_answers_every_interaction(fake_six, db_url, bot_errors):
    """Closing during a burst of 22 interactions: those under way get their real replies,
    those that arrive once closing began are told the bot is restarting, those that
    arrive at the very moment get one or the other; none goes unanswered, and the
    database is closed only after the last answer."""
    fake = fake_six
    async with fake.running(make_bot(db_url)) as bot:
        for channel in CHANNELS:
            await answer(fake, await fake.slash(
                "ravi", "game", {"game": "goat_tiger", "side": "goats",
                                 "opponent": "computer"}, subcommand="new",
                channel_id=channel))
        bot.table.bot_delay = 0.5  # each computer reply takes a while: under way at close
        under_way = []
        for channel in CHANNELS:
            under_way.append(("play", await fake.slash("ravi", "play", {"move": "c3"},
                                                       channel_id=channel)))
            under_way.append(("board", await fake.slash("ravi", "board", channel_id=channel)))

        def plays_under_way() -> int:
            return sum(i.command is not None and i.command.name == "play"
                       for i in bot.in_flight.values())

        while plays_under_way() < len(CHANNELS):
            await asyncio.sleep(0.01)
        # These reach the bot just as it starts closing: taken up, or told to come back.
        meanwhile = [("either", await fake.slash("arjun", "log", channel_id=channel))
                     for channel in CHANNELS]
        late: list[tuple[str, object]] = []
        database = bot.repo
        answered_at_close: list[bool] = []
        real_close = database.close

        async def close_database() -> None:
            answered_at_close.append(all(h.requests for _, h in under_way + meanwhile + late))
            await real_close()

        database.close = close_database
        closing = asyncio.create_task(bot.close())
        await asyncio.sleep(0)
        assert bot.closing and not closing.done()
        late += [("late", await fake.slash("meera", "board", channel_id=channel))
                 for channel in CHANNELS[:3]]
        late.append(("late", await fake.slash("ravi", "play", {"move": "c4"},
                                              channel_id=CHANNELS[0])))
        await closing
    for what, handle in under_way + meanwhile + late:
        text = replied(fake, handle)
        if what == "late":
            assert text == RESTARTING
        elif what == "play":
            assert "**Computer**: Tigers" in text, text
        elif what == "board":
            assert text and text != RESTARTING
        else:
            assert text  # the log, or RESTARTING
    assert answered_at_close[0]  # the database closed after the last answer
    assert database.engine.pool.checkedout() == 0
    assert not workers.POOL.running
    # Every move under way is stored with the computer's reply; the late one is not.
    repo = await Repository.open(db_url)
    try:
        for channel in CHANNELS:
            steps = await repo.steps((await repo.latest_game(str(channel))).id)
            assert len(steps) >= 2 and steps[0].user_id is not None
            assert all(s.user_id is None for s in steps[1:])  # the computer's
    finally:
        await repo.close()
    assert bot_errors == []


# Cut short before its first answer (told in a reply of its own), or after it was deferred
# at DEFER_AFTER (1 s: its "thinking…" placeholder says it).
@pytest.mark.parametrize("drain", [0.2, 1.5], ids=["unanswered", "deferred"])
async def test_a_reply_still_under_way_when_the_drain_ends_is_cut_short_and_told(
        fake_discord, db_url, bot_errors, monkeypatch, drain):
    fake = fake_discord
    monkeypatch.setattr(client, "DRAIN_SECONDS", drain)
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        bot.table.bot_delay = 30.0  # the computer would answer long after the drain
        h = await fake.slash("ravi", "play", {"move": "c3"})
        await asyncio.sleep(0.1)
        await bot.close()
        assert replied(fake, h) == CUT_SHORT
        assert (await h.wait_response()).json["type"] == (4 if drain < 1 else 5)
    # The move was stored before the computer's turn; at the next start the computer
    # replies, in the channel.
    posted = len(fake.messages_in(2000))
    async with fake.running(make_bot(db_url)):
        await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and "**Computer**: Tigers" in r.json["content"],
            timeout=10)
    assert len(fake.messages_in(2000)) == posted + 1
    assert bot_errors == []


# --- SIGTERM, then a burst ----------------------------------------------------------------

async def test_interactions_that_arrive_after_sigterm_are_each_told_the_bot_is_restarting(
        fake_discord, tmp_path):
    """The real process gets SIGTERM while a reply is under way (Discord makes it wait: a
    429), and a burst of interactions arrives right after. The bot goes on reading the
    gateway while it drains, so each one gets its answer, "restarting" (autocomplete:
    no choices), nothing is stored, and the process exits 0 within the drain time."""
    fake = fake_discord
    bot = BotProcess(fake, tmp_path)
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path, timeout=30)
        new = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        post = fake.message_from_callback(new)
        button = fake.custom_id_by_label(post, "Make your move")
        # A reply under way when the signal comes: its answer is rate limited for 3 s, so
        # the bot is still draining when the burst arrives, on a busy machine too.
        fake.fail_next("POST", r"/interactions/\d+/[^/]+/callback$", retry_after=3.0)
        held = await fake.slash("meera", "board")
        await fake.wait_for(lambda r: r.status == 429, timeout=10)
        bot.proc.send_signal(signal.SIGTERM)
        signalled = time.monotonic()
        await bot.logged("SIGTERM: closing")
        burst = [await fake.slash("ravi", "play", {"move": "c3"}),
                 await fake.slash("arjun", "log", channel_id=2001),
                 await fake.slash("meera", "board"),
                 await fake.click("ravi", int(post["id"]), button)]
        choices = asyncio.create_task(fake.autocomplete("ravi", "play", {"move": ""}, "move"))
        bot.proc.send_signal(signal.SIGTERM)  # an impatient second one changes nothing
        code = await bot.exited(timeout=client.DRAIN_SECONDS)
        stopped_after = time.monotonic() - signalled
    finally:
        bot.kill()
    assert code == 0, bot.log
    assert "Traceback" not in bot.log and " ERROR " not in bot.log, bot.log
    assert "SIGTERM: already closing" in bot.log
    print(f"\n  [sigterm] exited {stopped_after:.2f} s after SIGTERM")
    assert stopped_after < client.DRAIN_SECONDS
    assert [h for h in burst if not h.requests] == []  # none left unanswered
    for handle in burst:
        assert replied(fake, handle) == RESTARTING, handle
    assert await choices == []  # answered, with nothing to offer
    assert replied(fake, held) not in ("", RESTARTING, CUT_SHORT)  # its real answer
    repo = await Repository.open(bot.database_url)
    try:  # "Nothing was changed": the move that arrived after SIGTERM was not stored
        assert await repo.steps((await repo.latest_game("2000")).id) == []
    finally:
        await repo.close()


async def test_a_game_begun_after_the_start_is_not_resumed_beside_its_own_reply(
        fake_discord, db_url, bot_errors, monkeypatch):
    """At start the bot makes the computer replies a crash cut off: in the games active
    when it started. A game begun after that gets its computer's replies from its own
    moves, so its player's reply has the computer's move, even when the start-up check
    of the stored games (long, with many) ends after that game was begun and played in."""
    fake = fake_discord
    checked = asyncio.Event()
    verify_active = admin.verify_active

    async def long_check(repo):
        await checked.wait()
        return await verify_active(repo)

    resumed: list[str] = []
    resume = Table.resume

    async def resuming(table, place):
        resumed.append(place.channel_id)
        return await resume(table, place)

    monkeypatch.setattr(admin, "verify_active", long_check)
    monkeypatch.setattr(Table, "resume", resuming)
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        bot.table.bot_delay = 0.5  # the computer is still thinking when the check ends
        h = await fake.slash("ravi", "play", {"move": "c3"})
        await h.wait_response()
        checked.set()
        await bot.verified
        reply = await answer(fake, h)
    assert resumed == []
    assert "**Computer**: Tigers" in content(reply)
    assert bot_errors == []
