"""Substitutes through the real discord.py client against the fake Discord (issue 41): a
timed-out seat put up on the lobby's card by the scheduler, taken by a substitute after
the other player's consent (a refusal first, a spectator's Agree refused), the cards
edited in place, the new holder pinged on their turn; across restarts."""

from __future__ import annotations

import pytest

from db import Repository
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags
from tests.e2e.test_discord_stewardship import bot_at, game_cmd

pytestmark = pytest.mark.slow
GAME, LOBBY = 2000, 2001
MEERA, ARJUN = 102, 103


async def migrated(db_url: str) -> None:
    """The database brought to the schema first, so the bot's start (bounded by the fake's
    5 s to be ready) does not wait for the migrations on a loaded machine."""
    await (await Repository.open(db_url)).close()


def card_in(fake, channel: int) -> dict:
    [card] = [m for m in fake.messages_in(channel) if "Substitute wanted" in m["content"]]
    return card


def posted(fake, channel: int, words: str, after: int = 0):
    return fake.wait_for(lambda r: r.method == "POST" and r.path.endswith(
        f"/channels/{channel}/messages") and words in r.json["content"], after=after)


async def click(fake, user: str, message: dict, label: str):
    return await answer(fake, await fake.click(
        user, int(message["id"]), fake.custom_id_by_label(message, label),
        channel_id=int(message["channel_id"])))


async def test_a_substitute_takes_a_timed_out_seat_after_consent(fake_discord, db_url,
                                                                 bot_errors):
    fake = fake_discord
    await migrated(db_url)
    async with fake.running(bot_at(db_url)):
        r = await answer(fake, await fake.slash("ravi", "server", {
            "lobby": LOBBY, "substitute_hours": 6}, subcommand="settings"))
        assert f"<#{LOBBY}>" in content(r)
        await game_cmd(fake, "ravi", "new", {"game": "goat_tiger", "side": "goats",
                                             "pace": "live", "on_timeout": "seat"})
        await game_cmd(fake, "meera", "join")
    # Ravi never moves: three days on, the scheduler finds his time out and puts the seat
    # up for substitutes, in the game's channel and the lobby, pinging nobody.
    async with fake.running(bot_at(db_url, hours_later=72)):
        notice = await posted(fake, GAME, "unless a substitute takes it first")
        assert f"<#{LOBBY}>" in notice.json["content"]
        lobby = await posted(fake, LOBBY, "Substitute wanted")
        assert lobby.json["allowed_mentions"]["parse"] == []
        assert not lobby.json["allowed_mentions"].get("users")
        await posted(fake, GAME, "Substitute wanted")
        assert "Take the seat" in str(lobby.json["components"])
    # After a restart the lobby's card still works: Arjun takes it; Meera is asked.
    async with fake.running(bot_at(db_url, hours_later=73)) as bot:
        mark = len(fake.requests)
        r = await click(fake, "arjun", card_in(fake, LOBBY), "Take the seat")
        assert flags(r) & EPHEMERAL and "You offered to take the Goats" in content(r)
        ask = await posted(fake, GAME, "offers to take the Goats", after=mark)
        assert ask.json["allowed_mentions"]["users"] == [MEERA]
        edit = await fake.wait_for(lambda q: q.method == "PATCH" and q.path.endswith(
            f"/channels/{LOBBY}/messages/{card_in(fake, LOBBY)['id']}"), after=mark)
        assert "**arjun** offered to take it" in edit.json["content"]
        assert "Take the seat" not in str(edit.json.get("components"))
        # Meera refuses: the card is open again, the seat unchanged.
        ask_msg = fake.messages[int(ask.response["id"])]
        mark = len(fake.requests)
        r = await click(fake, "meera", ask_msg, "Refuse")
        assert "meera refuses arjun" in content(r)
        await fake.wait_for(lambda q: q.method == "PATCH" and q.path.endswith(
            f"/channels/{LOBBY}/messages/{card_in(fake, LOBBY)['id']}")
            and "Take the seat" in str(q.json["components"]), after=mark)
        # Arjun asks again; a spectator's Agree is refused; Meera agrees.
        mark = len(fake.requests)
        await click(fake, "arjun", card_in(fake, LOBBY), "Take the seat")
        ask = await posted(fake, GAME, "offers to take the Goats", after=mark)
        ask_msg = fake.messages[int(ask.response["id"])]
        r = await click(fake, "spectator", ask_msg, "Agree")
        assert flags(r) & EPHEMERAL and "Only the other players seated" in content(r)
        game = await bot.repo.latest_game(str(GAME))
        assert {s.role: s.user_id for s in await bot.repo.seats(game.id)}["goats"] == "101"
        mark = len(fake.requests)
        r = await click(fake, "meera", ask_msg, "Agree")
        taken = r if "takes the Goats" in content(r) else await posted(
            fake, GAME, "takes the Goats", after=mark)
        # His turn: Arjun, and only he, is pinged.
        assert f"<@{ARJUN}>" in content(taken)
        assert (taken.json.get("data") or taken.json)["allowed_mentions"]["users"] == [ARJUN]
        edit = await fake.wait_for(lambda q: q.method == "PATCH" and q.path.endswith(
            f"/channels/{LOBBY}/messages/{card_in(fake, LOBBY)['id']}")
            and "taken by **arjun**" in q.json["content"], after=mark)
        assert "Take the seat" not in str(edit.json.get("components"))
        assert "taken by **arjun**" in card_in(fake, GAME)["content"]
        seat = next(s for s in await bot.repo.seats(game.id) if s.role == "goats")
        assert seat.user_id == str(ARJUN) and seat.held_by == '["101"]'
    assert not bot_errors


async def test_a_lobby_the_bot_may_not_post_in_is_named_in_the_games_channel(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    await migrated(db_url)
    async with fake.running(bot_at(db_url)):
        await answer(fake, await fake.slash("ravi", "server", {"lobby": LOBBY},
                                            subcommand="settings"))
        await game_cmd(fake, "ravi", "new", {"game": "goat_tiger", "side": "goats"})
        await game_cmd(fake, "meera", "join")
        fake.deny(LOBBY, "send_messages")
        # A spectator may not put a seat up; a player may, and the card is here at least.
        r = await game_cmd(fake, "spectator", "substitute", {"side": "goats"})
        assert flags(r) & EPHEMERAL and "Only the players seated" in content(r)
        mark = len(fake.requests)
        r = await game_cmd(fake, "meera", "substitute", {"side": "goats"})
        assert flags(r) & EPHEMERAL and "The Goats are up for a substitute" in content(r)
        await posted(fake, GAME, "Substitute wanted", after=mark)
        told = await posted(fake, GAME, "card is not in", after=mark)
        assert "Send Messages" in told.json["content"] and f"<#{LOBBY}>" in told.json["content"]
        assert not [m for m in fake.messages_in(LOBBY) if "Substitute" in m["content"]]
    assert not bot_errors
