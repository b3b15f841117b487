"""After the game through the real discord.py client, against the local fake Discord on
127.0.0.1 (issue 28): a game ends, its result post carries the Rematch buttons, a rematch
opened again after its opener left pings nobody twice (issue 35), it starts with the seats
rotated once the other player presses Join, and /leaderboard and /profile answer."""

from __future__ import annotations

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
