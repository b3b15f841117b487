"""Where a game lives, as Discord really has it (issue 37): a channel or thread the bot
cannot post in, a thread archived or locked, a channel or thread deleted, a reminder the
channel refuses. Through the real discord.py client and the fake Discord's permission
masks and threads."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags
from tests.e2e.test_discord_stewardship import bot_at, posts_to

pytestmark = pytest.mark.slow  # the bot through the fake Discord


async def game_new(fake, channel_id: int, user: str = "ravi"):
    return await answer(fake, await fake.slash(
        user, "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new",
        channel_id=channel_id))


async def test_game_new_names_the_permissions_the_bot_lacks_and_opens_nothing(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    fake.deny(2001, "attach_files", "embed_links")
    async with fake.running(bot_at(db_url)) as bot:
        refused = await game_new(fake, 2001)
        assert flags(refused) & EPHEMERAL
        said = content(refused)
        assert "Attach Files and Embed Links" in said
        assert "Edit Channel → Permissions" in said  # where to grant them
        assert await bot.repo.latest_game("2001") is None
        # In a thread it is Send Messages in Threads that it needs.
        thread = await fake.add_thread(2000, "goats-and-tigers")
        fake.deny(2000, "send_messages_in_threads")
        said = content(await game_new(fake, thread))
        assert "Send Messages in Threads" in said and "Attach Files" not in said
        assert await bot.repo.latest_game(str(thread)) is None
        # Granted again: the game opens.
        fake.allow(2001, "attach_files", "embed_links")
        opened = await game_new(fake, 2001)
        assert not flags(opened) & EPHEMERAL and "game #" in content(opened)
        assert (await bot.repo.latest_game("2001")).status == "setup"
    assert bot_errors == []


async def seat_two(fake, channel_id: int) -> None:
    await game_new(fake, channel_id)
    await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                        channel_id=channel_id))


async def until(check, tries: int = 200) -> None:
    for _ in range(tries):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never came true")


async def test_a_deleted_channel_or_thread_sets_its_game_aside(fake_discord, db_url,
                                                               bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        thread = await fake.add_thread(2000, "a-game-in-a-thread")
        inner = await fake.add_thread(2002, "a-thread-of-a-deleted-channel")
        for place in (2001, thread, inner):
            await seat_two(fake, place)
        games = {p: (await bot.repo.latest_game(str(p))).id for p in (2001, thread, inner)}

        async def aside(place: int) -> bool:
            return (await bot.repo.get_game(games[place])).status == "aside"

        await fake.delete_channel(2001)  # CHANNEL_DELETE
        await until(lambda: aside(2001))
        await fake.delete_channel(thread)  # THREAD_DELETE
        await until(lambda: aside(thread))
        await fake.delete_channel(2002)  # its threads go with it, unannounced
        await until(lambda: aside(inner))
        mine = content(await answer(fake, await fake.slash("meera", "mygames")))
        assert all(f"#{game_id}" not in mine for game_id in games.values())
        listed = content(await answer(fake, await fake.slash("ravi", "game", subcommand="list")))
        assert listed.count("set aside: its channel was deleted") == 3
        assert [(await bot.repo.get_game(i)).due_at for i in games.values()] == [None] * 3
    assert bot_errors == []


async def test_a_move_reopens_an_archived_thread_and_is_kept_in_a_locked_one(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        archived = await fake.add_thread(2000, "archived")
        locked = await fake.add_thread(2001, "locked")
        for place in (archived, locked):
            await seat_two(fake, place)
        await fake.archive_thread(archived)
        await fake.archive_thread(locked, locked=True)

        posted = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"},
                                                     channel_id=archived))
        assert "Goats place on c3" in content(posted) and not flags(posted) & EPHEMERAL
        assert not fake.channels[archived]["thread_metadata"]["archived"]

        before = await bot.repo.latest_game(str(locked))
        handle = await fake.slash("ravi", "play", {"move": "c3"}, channel_id=locked)
        await handle.wait_done(quiet=0.05)
        told = [m for m in (handle.original, *handle.followups) if m is not None]
        assert told and all(m["flags"] & EPHEMERAL for m in told)
        said = " ".join(m["content"] for m in told)
        assert "locked" in said and "moderator" in said and "stored" in said
        assert not any("c3" in m["content"] for m in fake.messages_in(locked)
                       if not m["flags"] & EPHEMERAL)
        after = await bot.repo.latest_game(str(locked))
        assert after.version > before.version  # the move is kept
        assert [s.action for s in await bot.repo.step_log(after.id)]
    assert bot_errors == []


def dms_to(fake, user: str, after: int = 0) -> list:
    return posts_to(fake, fake.dm_channel_id(user), after)


async def test_a_reminder_the_channel_refuses_comes_by_dm_or_waits(fake_discord, db_url,
                                                                   bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        await seat_two(fake, 2001)
        game_id = (await bot.repo.latest_game("2001")).id
    # A day later the bot may no longer post in the channel: Ravi is reminded by DM,
    # told why it came so and what a moderator must fix.
    fake.deny(2001, "send_messages")
    mark = len(fake.requests)
    async with fake.running(bot_at(db_url, hours_later=25)) as bot:
        dm = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            f"/channels/{fake.dm_channel_id('ravi')}/messages"), after=mark)
        said = dm.json["content"]
        assert "Your move as the Goats" in said and "Send Messages" in said
        assert "moderator" in said
        await asyncio.sleep(0.3)  # many ticks: it was sent once
        assert len(dms_to(fake, "ravi", mark)) == 1
        assert [r.status for r in posts_to(fake, 2001, mark)] == [403]
        sent = json.loads((await bot.repo.get_game(game_id)).pace)["sent"]
    # A day on, the channel shut and Ravi's DMs too: the reminder reaches nobody, so it
    # is not counted, and it is tried again an hour later, not at every tick.
    fake.deny(2001, "view_channel")
    mark = len(fake.requests)
    async with fake.running(bot_at(db_url, hours_later=49)) as bot:
        fake.fail_next("POST", f"/channels/{fake.dm_channel_id('ravi')}/messages",
                       status=403, times=100)
        await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2001/messages"), after=mark)
        await asyncio.sleep(0.3)
        assert [r.status for r in posts_to(fake, 2001, mark)] == [403]
        game = await bot.repo.get_game(game_id)
        assert json.loads(game.pace)["sent"] == sent  # not counted
        hours = (game.due_at - bot.clock()).total_seconds() / 3600
        assert 0.9 < hours <= 1.0
    # Once the channel is open again, the next look posts it there, once.
    fake.allow(2001, "view_channel", "send_messages")
    fake._failures.clear()
    mark = len(fake.requests)
    async with fake.running(bot_at(db_url, hours_later=50.5)):
        nudge = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2001/messages") and r.status == 200, after=mark)
        assert "<@101>" in nudge.json["content"]
        await asyncio.sleep(0.3)
        assert len(posts_to(fake, 2001, mark)) == 1
    assert bot_errors == []


async def test_a_notice_into_a_deleted_channel_sets_its_game_aside(fake_discord, db_url,
                                                                   bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        await seat_two(fake, 2001)
        game_id = (await bot.repo.latest_game("2001")).id
    # Deleted while the bot was down: it never heard; the reminder's post is 10003.
    del fake.channels[2001]
    async with fake.running(bot_at(db_url, hours_later=25)) as bot:
        async def aside() -> bool:
            return (await bot.repo.get_game(game_id)).status == "aside"
        await until(aside)
    assert bot_errors == []
