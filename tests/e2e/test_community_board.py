"""The server's board through the real discord.py client against the fake Discord: set up
by a moderator, one message in its channel listing the server's games; edited in place
(never posted again) after moves in three games, several moves within BOARD_EVERY making
one edit (the bot's clock moved on, no sleeping); posted again when someone deletes it
(heard on the gateway, or found on the next edit), and the new message edited from then
on, after a restart too; switched off, saying why, when the bot may no longer post there
or its channel is deleted."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.discord_face.client import DarbarBot
from bot.table.board import BOARD_EVERY
from tests.e2e.conftest import serving
from tests.support.table import random_move_line
from tools.fake_discord import answer, content

pytestmark = pytest.mark.slow  # a bot through the fake Discord, and a restart: seconds

GAMES = (2000, 2001, 2002)
BOARD = 2003


class Ahead:
    """The bot's clock: standing still where the test started, moved on only by the
    test (so no wait of the machine's can let BOARD_EVERY pass unasked)."""

    def __init__(self) -> None:
        self.start, self.by = datetime.now(UTC), timedelta()

    def __call__(self) -> datetime:
        return self.start + self.by


def bot_on(db_url: str, clock: Ahead) -> DarbarBot:
    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                     reminder_poll=0.05, clock=clock)


def board_posts(fake, after: int) -> list:
    return [r for r in fake.requests[after:] if r.method == "POST"
            and r.path.endswith(f"/channels/{BOARD}/messages")]


async def move(fake, bot, channel: int, rng: random.Random) -> None:
    state = json.loads((await bot.repo.live_game(str(channel))).state)
    who = "ravi" if state["to_move"] == "goats" else "meera"
    r = await answer(fake, await fake.slash(
        who, "play", {"move": random_move_line(state, rng)}, channel_id=channel))
    assert "isn't" not in content(r)


async def stored(bot, messages: list[int]) -> None:
    """Wait until the board's messages are stored as ``messages`` (the bot stores them
    just after Discord answered its posts)."""
    for _ in range(400):  # a bound for a failing test only
        board = await bot.repo.board("1000")
        if json.loads(board.messages) == [str(m) for m in messages]:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the board's messages are {board.messages}, not {messages}")


async def switched_off(bot, fake) -> None:
    """Wait until the server's board is stored as off (it is stored at once)."""
    for _ in range(400):  # a bound for a failing test only
        if (await bot.repo.board(str(fake.guild_id))).channel_id is None:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the board was not switched off")


async def open_games(fake) -> None:
    """A Goat-Tiger game in each channel of GAMES, ravi and meera seated: under way."""
    for channel in GAMES:
        await answer(fake, await fake.slash("ravi", "game", {
            "game": "goat_tiger", "side": "goats"}, subcommand="new", channel_id=channel))
        await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                            channel_id=channel))


async def settled(fake) -> int:
    """Let the bot's board loop look a few times; the requests so far."""
    await asyncio.sleep(0.3)
    return len(fake.requests)


async def test_the_board_is_edited_in_place_coalesced_repaired_and_switched_off(
        db_url, bot_errors):
    clock, rng = Ahead(), random.Random(5)
    async with serving(channel_ids=(*GAMES, BOARD)) as fake:
        bot = bot_on(db_url, clock)
        async with fake.running(bot, timeout=30):
            await open_games(fake)
            # Only a moderator sets it up; meera is told so, and nothing is posted.
            mark = len(fake.requests)
            r = await answer(fake, await fake.slash("meera", "server", {"channel": BOARD},
                                                    subcommand="board"))
            assert "Only moderators" in content(r) and not board_posts(fake, mark)
            r = await answer(fake, await fake.slash("ravi", "server", {"channel": BOARD},
                                                    subcommand="board"))
            assert f"The board is in <#{BOARD}>" in content(r)
            (posted,) = board_posts(fake, mark)
            first = int(fake.messages_in(BOARD)[0]["id"])
            text = fake.messages[first]["content"]
            assert "0 games with open seats, 3 under way" in text
            assert text.count("**ravi (Goats)** to move since") == 3
            assert posted.json["allowed_mentions"] == {"parse": []}  # pings nobody
            # Given again: drawn again at once, the same text: nothing edited or posted.
            mark = len(fake.requests)
            r = await answer(fake, await fake.slash("ravi", "server", {"channel": BOARD},
                                                    subcommand="board"))
            assert f"The board is in <#{BOARD}>" in content(r)
            await settled(fake)
            assert fake.edits_of(first, mark) == [] and not board_posts(fake, mark)

            # Moves in the three games within BOARD_EVERY of that draw: no edit yet.
            mark = len(fake.requests)
            for channel in GAMES:
                await move(fake, bot, channel, rng)
            await move(fake, bot, GAMES[0], rng)
            await settled(fake)
            assert fake.edits_of(first, mark) == []
            # Once it has passed: one edit of the same message, nothing posted.
            clock.by += BOARD_EVERY
            await fake.wait_for(lambda r: r.method == "PATCH"
                                and r.path.endswith(f"/messages/{first}"), after=mark)
            await settled(fake)
            assert len(fake.edits_of(first, mark)) == 1 and not board_posts(fake, mark)
            text = fake.messages[first]["content"]
            assert text.count("**meera (Tigers)** to move since") == 2
            assert text.count("**ravi (Goats)** to move since") == 1
            # Nothing changed since: however long, no edit.
            mark = len(fake.requests)
            clock.by += BOARD_EVERY * 3
            await settled(fake)
            assert fake.edits_of(first, mark) == []

            # Someone deletes it: posted again at once, the new id kept.
            mark = len(fake.requests)
            await fake.delete_message(first)
            await fake.wait_for(lambda r: r.method == "POST"
                                and r.path.endswith(f"/channels/{BOARD}/messages"), after=mark)
            (second,) = [int(m["id"]) for m in fake.messages_in(BOARD)]
            assert fake.messages[second]["content"] == text
            await stored(bot, [second])
        # After a restart, the same message is edited.
        clock.by += BOARD_EVERY
        bot = bot_on(db_url, clock)
        async with fake.running(bot, timeout=30):
            mark = len(fake.requests)
            await move(fake, bot, GAMES[1], rng)
            await fake.wait_for(lambda r: r.method == "PATCH"
                                and r.path.endswith(f"/messages/{second}"), after=mark)
            assert not board_posts(fake, mark)
            assert "**meera (Tigers)** to move since" in fake.messages[second]["content"]

            # Deleted without the bot hearing of it: the next edit meets 10008 Unknown
            # Message, and the page is posted again.
            await fake.delete_message(second, announce=False)
            mark = len(fake.requests)
            clock.by += BOARD_EVERY
            await move(fake, bot, GAMES[2], rng)
            missed = await fake.wait_for(lambda r: r.method == "PATCH" and r.path.endswith(
                f"/messages/{second}"), after=mark)
            assert missed.status == 404
            await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
                f"/channels/{BOARD}/messages"), after=mark)
            (third,) = [int(m["id"]) for m in fake.messages_in(BOARD)]
            await stored(bot, [third])
            second = third

            # The bot may no longer post there: deleted again, it cannot be posted; the
            # board is switched off and says why.
            fake.deny(BOARD, "send_messages")
            await fake.delete_message(second)
            await fake.wait_for(lambda r: r.method == "POST" and r.status == 403
                                and r.path.endswith(f"/channels/{BOARD}/messages"))
            await switched_off(bot, fake)
            r = await answer(fake, await fake.slash("ravi", "server", subcommand="board"))
            assert "off (I may not post in <#2003> (Send Messages" in content(r)
            # Set up again there, the moderator is told at once why it cannot be.
            r = await answer(fake, await fake.slash("ravi", "server", {"channel": BOARD},
                                                    subcommand="board"))
            assert "I could not post the board in <#2003>: I may not post" in content(r)
    assert bot_errors == []


async def test_a_long_board_is_pages_in_order_kept_in_order_moved_and_taken_away(
        db_url, bot_errors, monkeypatch):
    """Pages made short so that three games take three messages: each page its message,
    in order; page 1 deleted, it is posted again and the pages after it follow it (the
    bot's own deletions of them repair nothing); a game ended, the page left over goes;
    moved, and switched off, the old messages go; its channel deleted, it is off."""
    monkeypatch.setattr("bot.table.board_lines.PAGE_ROOM", 300)
    clock = Ahead()
    async with serving(channel_ids=(*GAMES, BOARD)) as fake:
        bot = bot_on(db_url, clock)
        async with fake.running(bot, timeout=30):
            await open_games(fake)
            await answer(fake, await fake.slash("ravi", "server", {"channel": BOARD},
                                                subcommand="board"))

            async def pages() -> list[str]:
                """The board's messages in the channel, oldest first; each is a stored
                page of the board, in the stored order."""
                shown = sorted(fake.messages_in(BOARD), key=lambda m: int(m["id"]))
                await stored(bot, [int(m["id"]) for m in shown])
                return [m["content"] for m in shown]

            first = await pages()
            assert len(first) == 3 and "page 2 of 3" in first[1] and "page 3 of 3" in first[2]
            assert [sum(f"#{n} " in p for n in (1, 2, 3)) for p in first] == [1, 1, 1]

            oldest = min(int(m["id"]) for m in fake.messages_in(BOARD))
            mark = len(fake.requests)
            await fake.delete_message(oldest)
            # Page 1 again, then pages 2 and 3 after it (their old messages deleted by the
            # bot, which repairs nothing more): three posts, no more.
            await fake.wait_for(lambda _r: len(board_posts(fake, mark)) == 3, after=mark)
            await settled(fake)
            assert len(board_posts(fake, mark)) == 3
            assert await pages() == first

            # A game ends: two pages are left, the third message goes.
            await answer(fake, await fake.slash("ravi", "game", subcommand="abort",
                                                channel_id=GAMES[2]))
            assert (await bot.repo.latest_game(str(GAMES[2]))).status == "aborted"
            mark = len(fake.requests)
            clock.by += BOARD_EVERY
            await fake.wait_for(lambda r: r.method == "DELETE" and "/channels/2003/" in r.path,
                                after=mark)
            await settled(fake)
            now = await pages()
            assert len(now) == 2 and "page 2 of 2" in now[1] and "#3 " not in "".join(now)

            # Moved to another channel: posted there, the old messages deleted; switched
            # off: its messages deleted too.
            r = await answer(fake, await fake.slash("ravi", "server", {"channel": GAMES[2]},
                                                    subcommand="board"))
            assert f"The board is in <#{GAMES[2]}>" in content(r)
            assert fake.messages_in(BOARD) == []
            moved = json.loads((await bot.repo.board(str(fake.guild_id))).messages)
            assert [fake.messages[int(m)]["content"] for m in moved] == now
            r = await answer(fake, await fake.slash("ravi", "server", {"off": True},
                                                    subcommand="board"))
            assert "switched off and its messages deleted" in content(r)
            assert not any(int(m) in fake.messages for m in moved)
            await settled(fake)
            assert fake.messages_in(BOARD) == []  # none of it was taken for a repair

            # Its channel deleted: the board is off, and says why.
            await answer(fake, await fake.slash("ravi", "server", {"channel": BOARD},
                                                subcommand="board"))
            await fake.delete_channel(BOARD)
            await switched_off(bot, fake)
            r = await answer(fake, await fake.slash("ravi", "server", subcommand="board"))
            assert "off (its channel was deleted.)" in content(r)
    assert bot_errors == []
