"""Where a game lives, as Discord really has it (issue 37): a channel or thread the bot
cannot post in, a thread archived or locked, a channel or thread deleted, a reminder the
channel refuses. Through the real discord.py client and the fake Discord's permission
masks and threads."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags
from tests.e2e.test_discord_stewardship import bot_at

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
