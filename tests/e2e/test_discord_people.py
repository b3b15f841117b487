"""People who leave the server mid-game, and DMs that are closed, through the real
discord.py client against the fake Discord (issue 37, "People who leave").

Without the privileged members intent the bot learns that someone left only by asking
(a member fetch answered 10007), when a post would ping them; with it, at once."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, public_posts
from tests.e2e.test_discord_stewardship import bot_at, posts_to

pytestmark = pytest.mark.slow  # the bot through the fake Discord, restarted: seconds

RAVI, MEERA = 101, 102
LEFT = "has left the server"


def mentioned(req) -> list[int]:
    """Whom a post really pings (its allowed mentions' users)."""
    body = req.json.get("data") or req.json
    return [int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]


def left_posts(fake, after: int = 0) -> list:
    return [r for r in posts_to(fake, 2000, after) if LEFT in r.json["content"]]


async def seats(bot) -> dict[str, tuple[str | None, bool]]:
    """Each side: who holds it, and whether they are marked as gone."""
    game = await bot.repo.live_game("2000")
    return {s.role: (s.user_id, s.left_at is not None) for s in await bot.repo.seats(game.id)}


async def meera_and_ravi(fake) -> None:
    """Meera opens a game (the Tigers) and Ravi joins (the Goats, who move first)."""
    await answer(fake, await fake.slash("meera", "game", {"game": "goat_tiger",
                                                         "side": "tigers"}, subcommand="new"))
    await answer(fake, await fake.slash("ravi", "game", subcommand="join"))


async def test_a_player_who_left_is_found_at_their_reminder_and_never_pinged_again(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)):
        await meera_and_ravi(fake)  # the game waits for Ravi
    await fake.remove_member("ravi")
    # A day later his reminder falls due: the bot asks whether he is still there.
    async with fake.running(bot_at(db_url, hours_later=25)) as bot:
        [told] = [await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and LEFT in r.json["content"])]
        text = told.json["content"]
        assert "**ravi** has left the server: nobody is there to play the Goats" in text
        assert "`/game reassign side:goats`" in text and "to another member, or to the " \
            "computer" in text and "abandoned after 30 days without a move" in text
        assert mentioned(told) == [] and "<@" not in text
        await asyncio.sleep(0.3)  # many more ticks: told once, and no reminder at all
        assert len(left_posts(fake)) == 1
        assert not [r for r in posts_to(fake, 2000) if "waiting for your move" in
                    r.json["content"]]
        member_fetches = [r for r in fake.requests if r.path == f"/guilds/1000/members/{RAVI}"]
        assert [r.status for r in member_fetches] == [404]
        assert await seats(bot) == {"goats": (str(RAVI), True), "tigers": (str(MEERA), False)}

        # The others see the open side in their lists.
        r = await answer(fake, await fake.slash("meera", "mygames"))
        assert "🚪 Goats open (ravi left the server)" in content(r)
        fake.admin_ids.add(fake.users["arjun"])  # a moderator lists the server's games
        r = await answer(fake, await fake.slash("arjun", "game", subcommand="list"))
        assert "🚪 Goats open (ravi left the server)" in content(r)

        # Meera (the creator) gives the Goats to the computer, which moves at once.
        h = await fake.slash("meera", "game", {"side": "goats", "computer": True},
                             subcommand="reassign")
        await h.wait_done()
        [post] = public_posts(h)
        assert "to **Computer**" in content(post) and mentioned(post) == [MEERA]
        assert await seats(bot) == {"goats": (None, False), "tigers": (str(MEERA), False)}
    assert bot_errors == []


async def test_the_post_after_a_move_finds_a_player_gone_and_does_not_ping_them(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)):
        await meera_and_ravi(fake)
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
    await fake.remove_member("ravi")
    # A new process knows nobody to be present: Meera's move asks about Ravi first.
    async with fake.running(bot_at(db_url)) as bot:
        mark = len(fake.requests)
        h = await fake.slash("meera", "play", {"move": "b3 b2"})
        await h.wait_done()
        [move] = public_posts(h)
        assert "Tigers move b3 → b2" in content(move)
        assert "ravi (Goats) — your move" in content(move) and mentioned(move) == []
        [told] = left_posts(fake, mark)
        assert "nobody is there to play the Goats" in told.json["content"]
        # Meera was seen acting: she is never looked up; Ravi once.
        fetched = [r.path for r in fake.requests[mark:] if "/members/" in r.path]
        assert fetched == [f"/guilds/1000/members/{RAVI}"]
        assert await seats(bot) == {"goats": (str(RAVI), True), "tigers": (str(MEERA), False)}
    assert bot_errors == []


async def test_with_the_members_intent_a_departure_is_told_at_once_and_a_return_reseats(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url, members_intent=True)) as bot:
        assert fake.identify_payloads[-1]["intents"] & 1 << 1
        await meera_and_ravi(fake)
        mark = len(fake.requests)
        await fake.remove_member("ravi")
        told = await fake.wait_for(lambda r: r.method == "POST" and LEFT in r.json["content"],
                                   after=mark)
        assert "nobody is there to play the Goats" in told.json["content"]
        assert await seats(bot) == {"goats": (str(RAVI), True), "tigers": (str(MEERA), False)}
        # He comes back and moves: seated as before, and pinged again in what follows.
        await fake.add_member("ravi")
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "Goats place on c3" in content(r) and not flags(r) & EPHEMERAL
        assert await seats(bot) == {"goats": (str(RAVI), False), "tigers": (str(MEERA), False)}
        h = await fake.slash("meera", "play", {"move": "b3 b2"})
        await h.wait_done()
        [move] = public_posts(h)
        assert mentioned(move) == [RAVI]
        assert len(left_posts(fake)) == 1
    assert bot_errors == []


async def test_a_reminder_by_dm_to_closed_dms_is_a_mention_in_the_channel(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)):
        await meera_and_ravi(fake)
        await answer(fake, await fake.slash("ravi", "game", {"mode": "dm", "after_hours": 1},
                                            subcommand="remind"))
    fake.close_dms("ravi")
    async with fake.running(bot_at(db_url, hours_later=1.5)):
        nudge = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and "waiting for your move" in r.json["content"])
        assert f"<@{RAVI}> (Goats)" in nudge.json["content"] and mentioned(nudge) == [RAVI]
        [dm] = posts_to(fake, fake.dm_channel_id("ravi"))
        assert dm.status == 403
        await asyncio.sleep(0.3)  # claimed: once
        assert len([r for r in posts_to(fake, 2000) if "waiting for your move" in
                    r.json["content"]]) == 1
    assert bot_errors == []


async def test_a_timeout_message_to_closed_dms_is_said_in_the_channel_to_them_alone(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(bot_at(db_url)):
        await answer(fake, await fake.slash("meera", "game", {
            "game": "goat_tiger", "side": "tigers", "pace": "standard"}, subcommand="new"))
        await answer(fake, await fake.slash("ravi", "game", subcommand="join"))
    fake.close_dms("ravi")
    # Ravi's 72 hours run out while the bot is down: the computer moves for him.
    async with fake.running(bot_at(db_url, hours_later=80)):
        said = await fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
            "/channels/2000/messages") and "Your time ran out" in r.json["content"])
        assert said.json["content"].startswith(f"<@{RAVI}> ⌛ Your time ran out in **")
        assert mentioned(said) == [RAVI]
        [dm] = posts_to(fake, fake.dm_channel_id("ravi"))
        assert dm.status == 403 and "Your time ran out" in dm.json["content"]
        await asyncio.sleep(0.3)
        assert len([r for r in posts_to(fake, 2000) if "Your time ran out" in
                    r.json["content"]]) == 1
    assert bot_errors == []
