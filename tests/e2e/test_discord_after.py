"""After the game through the real discord.py client, against the local fake Discord on
127.0.0.1 (issue 28): a game ends, its result post carries the Rematch buttons, a rematch
opened again after its opener left pings nobody twice (issue 35), it starts with the seats
rotated once the other player presses Join, and /leaderboard and /profile answer."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_face.client import DarbarBot
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags

RAVI, MEERA = 101, 102


def labels(message: dict) -> list[str]:
    return [c.get("label") for row in message.get("components") or []
            for c in row["components"]]


@pytest.mark.slow
async def test_a_game_ends_and_is_played_again_with_rotated_seats(fake_discord, db_url,
                                                                   bot_errors):
    fake = fake_discord
    bot = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)
    async with fake.running(bot):
        await answer(fake, await fake.slash("ravi", "game", {
            "game": "goat_tiger", "side": "goats"}, subcommand="new"))
        await answer(fake, await fake.slash("meera", "game", {}, subcommand="join"))
        question = await answer(fake, await fake.slash("meera", "resign", {}))
        assert flags(question) & EPHEMERAL
        message = fake.message_from_callback(question)
        yes = fake.custom_id_by_label(message, "Yes, resign")
        handle = await fake.click("meera", int(message["id"]), yes)
        done = await handle.wait_done(quiet=0.05)
        posts = [r for r in done if r.method == "POST" and not flags(r) & EPHEMERAL
                 and "Game over" in content(r)]
        assert posts, [r.json for r in done]
        result = posts[-1]
        body = result.json.get("data") or result.json
        assert labels(body)[:3] == ["Rematch", "Rematch, same seats", "Rematch, seats shuffled"]
        assert "📜 Game #1" in content(result) and "Not rated" in content(result)
        stored = fake.messages_in(2000)[-1]
        rematch = fake.custom_id_by_label(stored, "Rematch")

        # Meera asks for the rematch; Ravi is pinged and joins with one click.
        r = await answer(fake, await fake.click("meera", int(stored["id"]), rematch))
        assert "starts the rematch of game #1" in content(r)
        assert (r.json.get("data") or r.json)["allowed_mentions"]["users"] == [RAVI]
        assert fake.messages_in(2000)[-1]["mentions"][0]["id"] == str(RAVI)
        # She leaves (the rematch closes) and asks again: the new post names Ravi as
        # invited, but neither mentions nor pings him a second time.
        r = await answer(fake, await fake.slash("meera", "game", {}, subcommand="leave"))
        assert "nobody is left" in content(r)
        r = await answer(fake, await fake.click("meera", int(stored["id"]), rematch))
        assert "starts the rematch of game #1" in content(r)
        assert "ravi (Tigers) — press **Join**" in content(r) and "<@" not in content(r)
        assert (r.json.get("data") or r.json)["allowed_mentions"]["users"] == []
        assert fake.messages_in(2000)[-1]["mentions"] == []
        invite = fake.messages_in(2000)[-1]
        join = fake.custom_id_by_label(invite, "Join")
        r = await answer(fake, await fake.click("ravi", int(invite["id"]), join))
        assert "Aadu-Huli" in content(r) and "game #3" in content(r)
        # Seats rotated: Ravi had the Goats, now the Tigers; the Goats (Meera) move first.
        assert "ravi (Tigers)" in content(r) and "meera (Goats)" in content(r)

        r = await answer(fake, await fake.slash("ravi", "leaderboard", {"game": "goat_tiger"}))
        assert flags(r) & EPHEMERAL and "No rated game" in content(r)
        r = await answer(fake, await fake.slash("ravi", "profile", {}))
        assert flags(r) & EPHEMERAL and "1 game finished, 1 won" in content(r)
    assert bot_errors == []


async def _finished_unconcluded(db_url: str, channel: str, days_ago: float = 0) -> None:
    """A fair game in ``channel`` whose final write was stored (``days_ago``) and whose
    conclusion (the rating and the result post) a crash cut off."""
    from datetime import UTC, datetime, timedelta

    from bot.replies import Actor, Place
    from bot.table import Table
    from db import Repository
    from tests.table.test_after_the_game import play_moves

    repo = await Repository.open(db_url)
    place = Place(channel_id=channel, guild_id="1000")
    table = Table(repo)
    await table.new(place, Actor(str(RAVI), "ravi"), "goat_tiger", role="goats")
    await table.join(place, Actor(str(MEERA), "meera"))
    await play_moves(table, repo, 8, place=place)
    game = await repo.latest_game(channel)
    await repo.set_status(game, "finished", result={"winners": ["goats"],
                                                    "scores": {"goats": 1, "tigers": 0}},
                          now=datetime.now(UTC) - timedelta(days=days_ago))
    await repo.close()


def _results(fake, channel: int) -> list:
    """The result posts the channel shows (a post sent twice with its nonce is one)."""
    return [r for r in fake.requests if r.method == "POST" and r.path.endswith(
        f"/channels/{channel}/messages") and "📈 Ratings" in (r.json or {}).get("content", "")
        and int(r.response["id"]) in fake.messages
        and r.response["id"] not in {x.response["id"] for x in fake.requests
                                     if x is not r and x.time < r.time
                                     and isinstance(x.response, dict)
                                     and x.response.get("id") == r.response["id"]}]


@pytest.mark.slow
async def test_a_result_a_crash_cut_off_is_posted_once_at_the_next_start(fake_discord, db_url,
                                                                         bot_errors):
    fake = fake_discord
    # A game of a database made before ratings, long over: left to `--recompute`.
    await _finished_unconcluded(db_url, "2002", days_ago=30)
    await _finished_unconcluded(db_url, "2000")
    async with fake.running(DarbarBot(database_url=db_url, guild_ready_timeout=0.1,
                                      rate_limit=None)) as bot:
        post = await fake.wait_for(lambda r: bool(_results(fake, 2000)))
        await bot.verified
        assert "delayed by a restart" in content(post)
        assert labels(post.json)[:1] == ["Rematch"] and post.files[0].is_png
        assert post.json["allowed_mentions"]["users"] == [RAVI, MEERA]
    # Two processes starting together post it once between them; a later start, never.
    await _finished_unconcluded(db_url, "2001")
    one = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)
    two = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)
    async with fake.running(one), fake.running(two):
        await asyncio.gather(one.verified, two.verified)
    assert len(_results(fake, 2000)) == 1 and len(_results(fake, 2001)) == 1
    assert _results(fake, 2002) == []
    assert bot_errors == []
