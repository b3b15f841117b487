"""Across time zones through the real discord.py client, against the local fake Discord
on 127.0.0.1 (issue 27): /mygames lists a player's games in two servers with jump links
(also in a DM), /me offers time zones by autocomplete (only those of places, and UTC) and
takes them whatever the case (issue 35), and a move's confirmation carries
the button to the next game waiting on the mover."""

from __future__ import annotations

import pytest

from bot.discord_face.client import DarbarBot
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags

OTHER_SERVER = Place(channel_id="7000", guild_id="5000")


def _links(req) -> list[tuple[str, str]]:
    data = req.json.get("data") or req.json
    return [(c.get("label"), c.get("url")) for row in data.get("components") or []
            for c in row["components"] if c.get("style") == 5]


async def _game_in_another_server(db_url: str) -> None:
    """A game of Ravi's and Meera's in a server this gateway does not carry (another
    shard's, or another process's): the same database, so /mygames must list it."""
    repo = await Repository.open(db_url)
    try:
        table = Table(repo)
        ravi, meera = Actor("101", "ravi"), Actor("102", "meera")
        await table.new(OTHER_SERVER, ravi, "goat_tiger", role="goats", pace="slow")
        r = await table.join(OTHER_SERVER, meera)
        assert not r.error, r.private
    finally:
        await repo.close()


@pytest.mark.slow
async def test_my_games_across_two_servers_and_me_with_time_zone_autocomplete(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    await _game_in_another_server(db_url)
    bot = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)
    async with fake.running(bot):
        r = await answer(fake, await fake.slash("ravi", "game", {
            "game": "goat_tiger", "side": "goats", "pace": "standard"}, subcommand="new"))
        assert "Pace: standard" in content(r)
        await answer(fake, await fake.slash("meera", "game", {}, subcommand="join"))

        # In a DM: both games, both waiting on Ravi, each with a link into its server.
        r = await answer(fake, await fake.slash("ravi", "mygames", {}, guild=False))
        text = content(r)
        assert flags(r) & EPHEMERAL
        assert "2 in all, 2 waiting on you" in text and text.count("**your move**") == 2
        assert "https://discord.com/channels/1000/2000" in text
        assert "https://discord.com/channels/5000/7000" in text
        [(label, url)] = _links(r)
        assert label == "Next game waiting on you" and url.startswith(
            "https://discord.com/channels/")
        # Meera waits on Ravi in both.
        r = await answer(fake, await fake.slash("meera", "mygames", {}))
        assert "0 waiting on you" in content(r) and _links(r) == []

        # Ravi moves here: his confirmation points to the game still waiting on him.
        handle = await fake.slash("ravi", "play", {"move": "c3"})
        done = await handle.wait_done(quiet=0.05)
        confirmations = [q for q in done if q.method in ("POST", "PATCH")
                         and flags(q) & EPHEMERAL and _links(q)]
        assert confirmations, [q.json for q in done]
        assert _links(confirmations[-1]) == [
            ("Next game waiting on you", "https://discord.com/channels/5000/7000")]

        # /me: time zones by autocomplete (at most 25, each at most 100 characters).
        choices = await fake.autocomplete("ravi", "me", {"timezone": "kolk"}, "timezone")
        assert choices[0]["value"] == "Asia/Kolkata"
        choices = await fake.autocomplete("ravi", "me", {"timezone": "america"}, "timezone")
        assert len(choices) == 25 and all(len(c["name"]) <= 100 for c in choices)
        # Only zones of places (and UTC) are offered: not the server's own, nor Factory.
        assert await fake.autocomplete("ravi", "me", {"timezone": "local"}, "timezone") == []
        assert await fake.autocomplete("ravi", "me", {"timezone": "factory"}, "timezone") == []
        r = await answer(fake, await fake.slash("ravi", "me", {
            "timezone": "asia/kolkata", "hours": "09:00-23:00"}, guild=False))
        assert flags(r) & EPHEMERAL and "`Asia/Kolkata`" in content(r)
        assert "09:00–23:00" in content(r)
        r = await answer(fake, await fake.slash("ravi", "me", {"timezone": "Atlantis"}))
        assert flags(r) & EPHEMERAL and "not a time zone" in content(r)
        r = await answer(fake, await fake.slash("ravi", "me", {"timezone": "localtime"}))
        assert flags(r) & EPHEMERAL and "not a time zone" in content(r)
        r = await answer(fake, await fake.slash("spectator", "game", {}, subcommand="status"))
        assert "left" in content(r)  # each clock's time left
    assert bot_errors == []
