"""Reminders, seats changing hands and sharding through the real discord.py client,
against the local fake Discord on 127.0.0.1 (issue 7)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest

from bot.discord_face.client import DarbarBot, ShardedDarbarBot
from bot.discord_face.running import make_bot, shard_settings
from bot.replies import Actor, Place
from bot.table import Table
from db import NewStep, Repository
from engine import games
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, public_posts

RAVI, MEERA, ARJUN = 101, 102, 103


def bot_at(db_url: str, *, hours_later: float = 0.0, **kwargs) -> DarbarBot:
    """A bot whose clock runs ``hours_later`` ahead, looking for idle games 20 times a second."""
    def clock() -> datetime:
        return datetime.now(UTC) + timedelta(hours=hours_later)

    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                     reminder_poll=0.05, clock=clock, **kwargs)


def posts_to(fake, channel_id: int, after: int = 0) -> list:
    return [r for r in fake.requests[after:] if r.method == "POST"
            and r.path.endswith(f"/channels/{channel_id}/messages")]


async def game_cmd(fake, user: str, sub: str, options: dict | None = None):
    """``/game <sub>`` as ``user``; the answer once the interaction settled."""
    return await answer(fake, await fake.slash(user, "game", options or {}, subcommand=sub))


async def seat_two(fake) -> None:
    await game_cmd(fake, "ravi", "new", {"game": "goat_tiger", "side": "goats"})
    await game_cmd(fake, "meera", "join")


@pytest.mark.slow
async def test_pending_reminders_fire_after_a_restart_once_each(fake_discord, db_url,
                                                                bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)):
        await seat_two(fake)
        r = await game_cmd(fake, "ravi", "remind", {"mode": "dm", "after_hours": 1})
        assert not flags(r) & EPHEMERAL and "direct message" in content(r)
        await asyncio.sleep(0.2)  # several polls: nothing is due yet
        assert posts_to(fake, fake.dm_channel_id("ravi")) == []
    # The bot was down while the hour passed; the new process reminds at once.
    async with fake.running(bot_at(db_url, hours_later=1.5)):
        dm = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            f"/channels/{fake.dm_channel_id('ravi')}/messages"))
        assert "Your move as the Goats" in dm.json["content"] and "<#2000>" in dm.json["content"]
        await asyncio.sleep(0.3)  # many more polls, but the reminder was claimed
        assert len(posts_to(fake, fake.dm_channel_id("ravi"))) == 1
        assert posts_to(fake, fake.dm_channel_id("meera")) == []

        # Meera prefers a mention in the channel in every game (the game itself DMs);
        # once Ravi moves, her wait begins.
        r = await answer(fake, await fake.slash("meera", "me", {"reminders": "channel"}))
        assert "Reminders: a mention in the game's channel, in every game" in content(r)
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        await asyncio.sleep(0.2)  # her hour has not passed on the bot's clock
        assert not [r for r in posts_to(fake, 2000) if "waiting for your move" in
                    r.json["content"]]
    # The bot is down for her hour (and more); the next process mentions her at once.
    async with fake.running(bot_at(db_url, hours_later=3.0)):
        mark = 0
        nudge = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and "waiting for your move" in r.json["content"],
            after=mark)
        assert f"<@{MEERA}> (Tigers)" in nudge.json["content"]
        # The mention really pings, and only her: never `parse: users`.
        assert nudge.json["allowed_mentions"] == {"parse": [], "users": [MEERA]}
        labels = [c.get("label") for row in nudge.json["components"]
                  for c in row["components"]]
        assert labels == ["Make your move"]
    assert bot_errors == []


@pytest.mark.slow
async def test_reminder_setting_is_shown_and_refused_to_spectators(fake_discord, db_url,
                                                                    bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        await seat_two(fake)
        r = await game_cmd(fake, "spectator", "remind", {"mode": "off"})
        assert flags(r) & EPHEMERAL and "Only the players" in content(r)
        r = await game_cmd(fake, "spectator", "remind")
        assert flags(r) & EPHEMERAL and "a mention in this channel" in content(r)
        assert "after 1 day" in content(r)
        game = await bot.repo.live_game("2000")
        assert await bot.repo.reminder(game.id) is None
    assert bot_errors == []


@pytest.mark.slow
async def test_the_creator_hands_seats_to_a_member_and_to_the_computer(fake_discord, db_url,
                                                                      bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        await seat_two(fake)
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        r = await game_cmd(fake, "meera", "reassign", {"side": "goats", "player": "arjun"})
        assert flags(r) & EPHEMERAL and "Only the player who created this game" in content(r)
        r = await game_cmd(fake, "ravi", "reassign",
                           {"side": "goats", "player": "meera", "computer": True})
        assert flags(r) & EPHEMERAL and "not both" in content(r)

        # Ravi offers the Tigers to Arjun: a post pinging Arjun alone, with a Take button
        # only he may press.
        h = await fake.slash("ravi", "game", {"side": "tigers", "player": "arjun"},
                             subcommand="reassign")
        await h.wait_done()
        [offer] = public_posts(h)
        assert "ravi offers the Tigers (now meera's) to **arjun**" in content(offer)
        body = offer.json.get("data") or offer.json
        assert body["allowed_mentions"] == {"parse": [], "users": [ARJUN]}
        message = fake.messages_in(2000)[-1]
        take = fake.custom_id_by_label(message, "Take Tigers")
        r = await answer(fake, await fake.click("meera", int(message["id"]), take))
        assert flags(r) & EPHEMERAL and "only arjun can take" in content(r)
        r = await answer(fake, await fake.forge_click("meera", int(message["id"]),
                                                      "darbar:tk:999"))
        assert flags(r) & EPHEMERAL and "no such offer" in content(r)
        game = await bot.repo.live_game("2000")
        seats = {s.role: s.user_id for s in await bot.repo.seats(game.id)}
        assert seats["tigers"] == str(MEERA)  # not before Arjun takes it
        h = await fake.click("arjun", int(message["id"]), take)
        await h.wait_done()
        [post] = public_posts(h)
        assert "**arjun** takes the Tigers from meera" in content(post)
        assert f"<@{ARJUN}>" in content(post) and post.files[0].is_png
        r = await answer(fake, await fake.slash("meera", "play", {"move": "b3 b2"}))
        assert flags(r) & EPHEMERAL and "not seated" in content(r)
        r = await answer(fake, await fake.slash("arjun", "play", {"move": "b3 b2"}))
        assert "Tigers move b3 → b2" in content(r)

        # Ravi walks away: a moderator gives the Goats to the computer, which moves at once.
        h = await fake.slash("ravi", "game", {"side": "goats", "computer": True},
                             subcommand="reassign")
        await h.wait_done()
        [post] = public_posts(h)
        assert "to **Computer**" in content(post) and "**Computer**: Goats" in content(post)
        assert f"<@{ARJUN}>" in content(post)
        game = await bot.repo.live_game("2000")
        seats = {s.role: (s.user_id, s.is_bot) for s in await bot.repo.seats(game.id)}
        assert seats == {"goats": (None, True), "tigers": (str(ARJUN), False)}
    assert bot_errors == []


def test_shard_settings_come_from_the_environment():
    assert shard_settings({}) == (None, None)
    assert shard_settings({"SHARD_COUNT": "4", "SHARD_IDS": "3, 1"}) == (4, [1, 3])
    assert shard_settings({"SHARD_COUNT": "2"}) == (2, [0, 1])
    for bad in ({"SHARD_IDS": "1"}, {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
                {"SHARD_COUNT": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}):
        try:
            shard_settings(bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")


def test_each_process_serves_only_its_shards_guilds():
    one = make_bot({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, database_url="sqlite://")
    assert isinstance(one, ShardedDarbarBot) and one.shard_ids == [1]
    guild_on_0, guild_on_1 = str(4 << 22), str(5 << 22)
    assert not one.owns_guild(guild_on_0) and one.owns_guild(guild_on_1)
    assert not one.owns_shard_zero()  # so it leaves the command sync to shard 0's process
    plain = make_bot({}, database_url="sqlite://")
    assert not isinstance(plain, ShardedDarbarBot)
    assert plain.owns_guild(guild_on_0) and plain.owns_guild(guild_on_1)


@pytest.mark.slow
async def test_a_sharded_process_identifies_with_its_shard_and_plays(fake_discord, db_url,
                                                                      bot_errors):
    fake = fake_discord
    bot = make_bot({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, database_url=db_url,
                   guild_ready_timeout=0.1, rate_limit=None)
    async with fake.running(bot):
        assert fake.identify_payloads[0]["shard"] == [0, 2]
        assert {"game", "play"} <= {c["name"] for c in fake.commands}  # shard 0 syncs
        await seat_two(fake)
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "Goats place on c3" in content(r)
    assert bot_errors == []


@pytest.mark.slow
async def test_a_computer_reply_cut_off_by_a_crash_is_made_at_start(fake_discord, db_url,
                                                                    bot_errors):
    # Before the crash: ravi's move was stored, the computer's answer was not.
    repo = await Repository.open(db_url)
    place = Place(channel_id="2000", guild_id=str(fake_discord.guild_id))
    await Table(repo).new(place, Actor(str(RAVI), "ravi"), "goat_tiger", role="goats",
                          opponent="computer", seed=9)
    game = await repo.live_game("2000")
    g = games.get("goat_tiger")
    state = g.act(json.loads(game.state), "goats", "place", "c3")
    await repo.append_steps(game, [NewStep("goats", str(RAVI), "place", "c3")], state)
    await repo.close()

    fake = fake_discord
    async with fake.running(bot_at(db_url)) as bot:
        post = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and "**Computer**: Tigers" in r.json["content"])
        assert f"<@{RAVI}> (Goats)" in post.json["content"] and post.files[0].is_png
        await bot.verified
        game = await bot.repo.live_game("2000")
        assert [s.role for s in await bot.repo.steps(game.id)][:2] == ["goats", "tigers"]
    # A second start finds nothing to resume.
    async with fake.running(bot_at(db_url)) as bot:
        mark = len(fake.requests)
        await bot.verified
        assert posts_to(fake, 2000, after=mark) == []
    assert bot_errors == []
