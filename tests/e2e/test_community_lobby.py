"""Issue 41, open seats, through the real discord.py client against the local fake Discord:
an open game's invitation card in the server's lobby is filled by three people (the card
edited in place after each Join, then saying the game started, with a jump link; a
restart between two joins changes nothing), the game starting in its own channel when
full; a fourth press refused politely; the
looking-for-a-game role mentioned (and pinged) only once the server set it, and given and
taken off with the card's button, or refused naming Manage Roles or the roles' order;
an invitation nobody fills expiring with the server's setup limit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discord_face.client import DarbarBot
from db import Repository
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags

pytestmark = pytest.mark.slow  # the bot through the fake Discord: seconds

GAME, LOBBY, OTHER = 2000, 2001, 2002


@pytest.fixture
async def db_url(db_url):
    """The e2e database, migrated before the bot starts (which then opens it without
    Alembic: its ready timeout is not spent on migrations on a busy machine)."""
    await (await Repository.open(db_url)).close()
    return db_url


def bot_with(db_url: str, days: list[float]) -> DarbarBot:
    """A bot whose clock runs ``days[0]`` days ahead (a test moves it on)."""
    def clock() -> datetime:
        return datetime.now(UTC) + timedelta(days=days[0])

    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                     clock=clock)


def body(req) -> dict:
    return req.json.get("data") or req.json


def labels(message: dict) -> list[str]:
    return [c.get("label") for row in message.get("components") or []
            for c in row["components"]]


def public_in(fake, channel: int) -> list[dict]:
    """The messages of ``channel`` everyone sees (not the answers to one person)."""
    return [m for m in fake.messages_in(channel) if not m["flags"] & EPHEMERAL]


async def card_edited(fake, message_id: int, after: int):
    """The card's edit after request ``after`` (made once the join's answer is given)."""
    return await fake.wait_for(lambda r: r.method == "PATCH" and r.path.endswith(
        f"/channels/{LOBBY}/messages/{message_id}"), after=after)


def card_edits(fake, message_id: int, after: int = 0) -> list:
    return [r for r in fake.requests[after:] if r.method == "PATCH"
            and r.path.endswith(f"/channels/{LOBBY}/messages/{message_id}")]


async def settle(fake, handle):
    """The answer of an interaction once everything it made (the card too) is done."""
    await handle.wait_done(quiet=0.1)
    return await answer(fake, handle)


async def seek(fake, user: str, game: str, channel: int) -> dict:
    """``/seek open`` as ``user`` in ``channel``: the card it posted in the lobby."""
    before = len(public_in(fake, LOBBY))
    r = await settle(fake, await fake.slash(user, "seek", {"game": game, "players": 3},
                                            subcommand="open", channel_id=channel))
    assert "open to anyone" in content(r) and f"<#{LOBBY}>" in content(r), content(r)
    await fake.wait_for(lambda _: len(public_in(fake, LOBBY)) > before)
    return public_in(fake, LOBBY)[-1]


async def test_an_open_game_is_filled_from_the_lobby_card_and_starts(fake_discord, db_url,
                                                                     bot_errors):
    fake = fake_discord
    role = fake.add_role("Looking for a game")
    async with fake.running(bot_with(db_url, [0.0])) as bot:
        r = await settle(fake, await fake.slash("ravi", "server", {"lobby": LOBBY},
                                                subcommand="settings"))
        assert f"<#{LOBBY}>" in content(r)
        card = await seek(fake, "ravi", "rajas", GAME)
        card_id = int(card["id"])
        assert "**Open seats**" in card["content"] and "**2 seats left** of 3" in card["content"]
        assert labels(card) == ["Join"]  # no role set: no role button, no role mentioned
        assert "<@&" not in card["content"] and card["mention_roles"] == []
        posted = next(r for r in fake.requests if r.method == "POST"
                      and r.path.endswith(f"/channels/{LOBBY}/messages"))
        assert posted.json["allowed_mentions"] == {"parse": []}  # nobody
        join = fake.custom_id_by_label(card, "Join")

        # Meera joins from the lobby: said in the game's channel, the card edited in place.
        mark = len(fake.requests)
        r = await settle(fake, await fake.click("meera", card_id, join, channel_id=LOBBY))
        assert flags(r) & EPHEMERAL and f"<#{GAME}>" in content(r)
        edit = await card_edited(fake, card_id, mark)
        assert "meera joins" in public_in(fake, GAME)[-1]["content"]
        assert "**1 seat left** of 3" in body(edit)["content"]
        assert len(card_edits(fake, card_id, mark)) == 1
        assert "ravi and meera" in fake.messages[card_id]["content"]

    # The bot restarts: the card's button and its message are found in the database.
    async with fake.running(bot_with(db_url, [0.0])) as bot:
        # Arjun takes the last seat: the game starts in its channel, the card says so.
        mark = len(fake.requests)
        r = await settle(fake, await fake.click("arjun", card_id, join, channel_id=LOBBY))
        assert flags(r) & EPHEMERAL
        await card_edited(fake, card_id, mark)
        game = await bot.repo.latest_game(str(GAME))
        assert game.status == "active"
        started = public_in(fake, GAME)[-1]
        assert "Rajas of the Ganges" in started["content"] and started["attachments"]
        shown = fake.messages[card_id]
        assert "✅ **Started**" in shown["content"] and labels(shown) == []
        assert f"https://discord.com/channels/{fake.guild_id}/{GAME}" in shown["content"]
        assert len(public_in(fake, LOBBY)) == 1  # one card, edited, never posted again

        # A fourth press (a client that still showed Join): refused politely, to the
        # presser alone; nothing changes.
        r = await settle(fake, await fake.forge_click("spectator", card_id, join))
        assert flags(r) & EPHEMERAL and "no longer open" in content(r)
        again = await bot.repo.latest_game(str(GAME))
        assert (again.status, again.version) == (game.status, game.version)

        # The role, once set: the next card mentions it, and pings exactly it.
        await settle(fake, await fake.slash("ravi", "server", {"lfg_role": role},
                                            subcommand="settings"))
        card = await seek(fake, "meera", "taj_mahal", OTHER)
        assert f"<@&{role}>" in card["content"] and card["mention_roles"] == [str(role)]
        posted = [r for r in fake.requests if r.method == "POST"
                  and r.path.endswith(f"/channels/{LOBBY}/messages")][-1]
        assert posted.json["allowed_mentions"] == {"parse": [], "roles": [role]}
        assert labels(card) == ["Join", "Looking for a game"]
        toggle = fake.custom_id_by_label(card, "Looking for a game")
        r = await settle(fake, await fake.click("spectator", int(card["id"]), toggle,
                                                channel_id=LOBBY))
        assert flags(r) & EPHEMERAL and "You now have" in content(r)
        assert fake.roles_of("spectator") == {role}
        r = await settle(fake, await fake.click("spectator", int(card["id"]), toggle,
                                                channel_id=LOBBY))
        assert "taken off" in content(r) and fake.roles_of("spectator") == set()

        # /seek list: the open game, with a link to its card.
        r = await settle(fake, await fake.slash("arjun", "seek", {}, subcommand="list",
                                                channel_id=LOBBY))
        assert flags(r) & EPHEMERAL and "**Taj Mahal**" in content(r)
        assert f"/{LOBBY}/{card['id']}" in content(r) and "Rajas" not in content(r)
    assert bot_errors == []


async def test_a_role_above_the_bot_or_without_manage_roles_is_refused(fake_discord, db_url,
                                                                       bot_errors):
    fake = fake_discord
    high = fake.add_role("Looking for a game", above_bot=True)
    async with fake.running(bot_with(db_url, [0.0])):
        await settle(fake, await fake.slash("ravi", "server", {"lobby": LOBBY,
                                                               "lfg_role": high},
                                            subcommand="settings"))
        card = await seek(fake, "ravi", "rajas", GAME)
        toggle = fake.custom_id_by_label(card, "Looking for a game")
        r = await settle(fake, await fake.click("meera", int(card["id"]), toggle,
                                                channel_id=LOBBY))
        assert flags(r) & EPHEMERAL and "is not above" in content(r)
        assert "Nothing was changed" in content(r) and fake.roles_of("meera") == set()
    fake.deny_in_guild("manage_roles")
    async with fake.running(bot_with(db_url, [0.0])):
        r = await settle(fake, await fake.slash("meera", "seek", {}, subcommand="role",
                                                channel_id=LOBBY))
        assert flags(r) & EPHEMERAL and "**Manage Roles**" in content(r)
        assert fake.roles_of("meera") == set()
    assert bot_errors == []


async def test_an_invitation_nobody_fills_expires_and_its_card_says_so(fake_discord, db_url,
                                                                       bot_errors):
    fake = fake_discord
    days = [0.0]
    async with fake.running(bot_with(db_url, days)) as bot:
        # No lobby: the card goes where the game was opened, saying so.
        before = len(public_in(fake, GAME))
        await settle(fake, await fake.slash("ravi", "game", {"game": "rajas", "open": True},
                                            subcommand="new", channel_id=GAME))
        await fake.wait_for(lambda _: len(public_in(fake, GAME)) >= before + 2)
        card = public_in(fake, GAME)[-1]
        assert "**Open seats**" in card["content"] and "no lobby channel" in card["content"]
        # Someone deletes the card: the next change posts it again.
        fake._delete_message(int(card["id"]))  # as a moderator's delete leaves it
        days[0] = 15.0
        assert await bot.run_schedule() == 1
        await fake.wait_for(lambda _: any("Expired" in m["content"]
                                          for m in public_in(fake, GAME)))
        [shown] = [m for m in public_in(fake, GAME) if "Expired" in m["content"]]
        assert "⌛ **Expired**" in shown["content"] and labels(shown) == []
        invitation = await bot.repo.invitation((await bot.repo.latest_game(str(GAME))).id)
        assert invitation.message_id == shown["id"]
        assert any("never started, so it is closed" in m["content"]
                   for m in public_in(fake, GAME))
    assert bot_errors == []


async def test_a_lobby_the_bot_may_not_post_in_is_named_to_the_creator(fake_discord, db_url,
                                                                      bot_errors):
    fake = fake_discord
    async with fake.running(bot_with(db_url, [0.0])) as bot:
        await settle(fake, await fake.slash("ravi", "server", {"lobby": LOBBY},
                                            subcommand="settings"))
        fake.deny(LOBBY, "send_messages")
        handle = await fake.slash("ravi", "seek", {"game": "rajas"}, subcommand="open",
                                  channel_id=GAME)
        told = await fake.wait_for(lambda r: r.method == "POST" and handle.token in r.path
                                   and "could not be posted" in content(r))
        assert flags(told) & EPHEMERAL and f"I may not post in <#{LOBBY}>" in content(told)
        assert "`/game join`" in content(told)
        assert public_in(fake, LOBBY) == []
        # The game is open in its channel all the same; a join there posts the card once
        # the bot may.
        fake.allow(LOBBY, "send_messages")
        await settle(fake, await fake.slash("meera", "game", {}, subcommand="join",
                                            channel_id=GAME))
        await fake.wait_for(lambda _: bool(public_in(fake, LOBBY)))
        assert "**1 seat left**" in public_in(fake, LOBBY)[0]["content"]
        assert (await bot.repo.latest_game(str(GAME))).status == "setup"
    assert bot_errors == []


async def test_an_open_games_card_closes_when_its_channel_is_deleted(fake_discord, db_url,
                                                                     bot_errors):
    fake = fake_discord
    async with fake.running(bot_with(db_url, [0.0])):
        await settle(fake, await fake.slash("ravi", "server", {"lobby": LOBBY},
                                            subcommand="settings"))
        card = await seek(fake, "ravi", "rajas", GAME)
        mark = len(fake.requests)
        await fake.delete_channel(GAME)
        edit = await card_edited(fake, int(card["id"]), mark)
        assert "Its channel was deleted" in body(edit)["content"]
        assert labels(fake.messages[int(card["id"])]) == []
    assert bot_errors == []
