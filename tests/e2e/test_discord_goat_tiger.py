"""Goat-Tiger through the real discord.py client and our real Discord face,
against the local fake Discord on 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from bot.discord_face.client import DarbarBot
from tools.fake_discord import FakeDiscord, RecordedRequest
from tools.fake_discord import answer as answer  # the e2e tests' names
from tools.fake_discord import content as content

EPHEMERAL = 64
RAVI, MEERA = 101, 102


def make_bot(db_url: str) -> DarbarBot:
    # No rate limit: the scripted players click faster than any person.
    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)


def flags(req: RecordedRequest) -> int:
    return (req.json.get("data") or req.json).get("flags") or 0


async def stored_state(bot) -> dict:
    """The state of the game in the test channel, as stored."""
    return json.loads((await bot.repo.latest_game("2000")).state)


async def seated_name(bot, role: str) -> str:
    """Who plays ``role`` in the test channel's game."""
    game = await bot.repo.latest_game("2000")
    return next(s.name for s in await bot.repo.seats(game.id) if s.role == role)


async def play_by_panel(fake: FakeDiscord, user: str, tokens: list[str]):
    """Play steps by the panel: /play, then a button (or a menu choice) for each token.
    Returns the last click's handle."""
    r = await answer(fake, await fake.slash(user, "play"))
    assert flags(r) & EPHEMERAL
    panel = fake.message_from_callback(r)
    h = None
    for tok in tokens:
        ids = fake.component_custom_ids(panel)
        cid = next((c for c in ids if c.endswith(f":{tok}") and ":s:" in c), None)
        if cid:
            h = await fake.click(user, int(panel["id"]), cid)
        else:
            sel = next(c for c in ids if ":sel:" in c)
            h = await fake.select(user, int(panel["id"]), sel, [tok])
        await h.wait_done(quiet=0.03)
        panel = fake.messages.get(int(panel["id"])) or panel
    return h


def public_posts(handle) -> list[RecordedRequest]:
    """Non-ephemeral messages an interaction produced (callback type 4 or followups)."""
    out = []
    for r in handle.requests:
        if r.method != "POST" or r.status != 200:
            continue
        if "/callback" in r.path and r.json.get("type") != 4:
            continue
        if not flags(r) & EPHEMERAL:
            out.append(r)
    return out


@pytest.mark.slow
async def test_commands_are_synced_without_message_content_intent(fake_discord, db_url,
                                                                   bot_errors):
    async with fake_discord.running(make_bot(db_url)):
        names = {c["name"] for c in fake_discord.commands}
        assert {"game", "play", "board", "undo", "resign", "log", "help"} <= names
        game = next(c for c in fake_discord.commands if c["name"] == "game")
        assert {o["name"] for o in game["options"]} == {"new", "join", "leave", "start",
                                                        "status", "abort", "remind", "reassign",
                                                        "vote", "list", "rematch", "substitute",
                                                        "follow", "unfollow"}
        intents = fake_discord.identify_payloads[0]["intents"]
        assert not intents & (1 << 15)  # MESSAGE_CONTENT
    assert bot_errors == []


@pytest.mark.slow
async def test_two_players_by_slash_commands_and_panel_buttons(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        h = await fake.slash("ravi", "game", {"game": "goat_tiger", "side": "goats"},
                             subcommand="new")
        r = await answer(fake, h)
        assert r.json["type"] == 4 and not flags(r) & EPHEMERAL
        assert "opens a game" in content(r)

        h = await fake.slash("meera", "game", subcommand="join")
        r = await answer(fake, h)
        assert r.files and r.files[0].is_png and r.files[0].png_size[0] >= 600
        assert f"<@{RAVI}>" in content(r)
        start_msg = fake.message_from_callback(r)

        # Typed move with autocomplete.
        choices = await fake.autocomplete("ravi", "play", {"move": "e"}, "move")
        assert [c["value"] for c in choices] == ["e2", "e3", "e4", "e5"]
        h = await fake.slash("ravi", "play", {"move": "c3"})
        r = await answer(fake, h)
        assert "Goats place on c3" in content(r) and f"<@{MEERA}>" in content(r)
        assert r.files[0].is_png

        # Errors are ephemeral and change nothing.
        version = (await bot.repo.live_game("2000")).version
        for user, move, why in [("ravi", "d4", "not your turn"),
                                ("spectator", "b3 b2", "not seated"),
                                ("meera", "b3 e4", "cannot reach")]:
            r = await answer(fake, await fake.slash(user, "play", {"move": move}))
            assert r.json["type"] == 4 and flags(r) & EPHEMERAL, (user, move)
            assert why in content(r)
            assert not r.files
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c4"},
                                                channel_id=2001))
        assert flags(r) & EPHEMERAL and "no game in this channel" in content(r)
        r = await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger"},
                                                subcommand="new"))
        assert flags(r) & EPHEMERAL and "already has a game" in content(r)
        assert (await bot.repo.live_game("2000")).version == version

        # Meera answers with the panel: the "Make your move" button on the public post.
        button = fake.custom_id_by_label(start_msg, "Make your move")
        h = await fake.click("meera", int(start_msg["id"]), button)
        r = await answer(fake, h)
        assert flags(r) & EPHEMERAL
        panel = fake.message_from_callback(r)
        labels = {c.get("label") for row in panel["components"] for c in row["components"]}
        assert {"a …", "b3 …", "b4 …", "Undo"} <= labels
        h = await fake.click("meera", int(panel["id"]), fake.custom_id_by_label(panel, "b3 …"))
        r = await answer(fake, h)
        assert r.json["type"] == 7  # the panel is edited in place
        assert not public_posts(h)  # picking a piece is not announced
        panel = fake.message_from_callback(r)
        h = await fake.click("meera", int(panel["id"]), fake.custom_id_by_label(panel, "→ d3"))
        await h.wait_done()
        posts = public_posts(h)
        assert len(posts) == 1
        assert "leap b3 → d3 over c3" in content(posts[0]) and f"<@{RAVI}>" in content(posts[0])
        assert posts[0].files[0].is_png
    assert bot_errors == []


@pytest.mark.slow
async def test_buttons_still_work_after_a_restart(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger",
                                                             "side": "goats"}, subcommand="new"))
        r = await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        start_msg = fake.message_from_callback(r)
    # A new bot process on the same database file.
    async with fake.running(make_bot(db_url)) as bot:
        cid = fake.custom_id_by_label(start_msg, "Make your move")
        r = await answer(fake, await fake.click("ravi", int(start_msg["id"]), cid))
        panel = fake.message_from_callback(r)
        h = await fake.click("ravi", int(panel["id"]), fake.custom_id_by_label(panel, "Place e4"))
        await h.wait_done()
        assert "Goats place on e4" in content(public_posts(h)[0])
        game = await bot.repo.live_game("2000")
        assert len(await bot.repo.steps(game.id)) == 1
    assert bot_errors == []


@pytest.mark.slow
async def test_against_the_computer_and_resign(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        assert "Computer" in content(r) and r.files[0].is_png
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "e3"}))
        assert "**Computer**: Tigers" in content(r) and f"<@{RAVI}>" in content(r)
        r = await answer(fake, await fake.slash("ravi", "resign"))
        confirm = fake.message_from_callback(r)
        assert flags(r) & EPHEMERAL
        h = await fake.click("ravi", int(confirm["id"]),
                             fake.custom_id_by_label(confirm, "Yes, resign"))
        await h.wait_done()
        assert "Game over" in content(public_posts(h)[0])
        game = await bot.repo.latest_game("2000")
        assert game.status == "finished"
    assert bot_errors == []


@pytest.mark.slow
async def test_a_restart_repairs_a_stale_snapshot_from_the_log(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger",
                                                             "side": "goats"}, subcommand="new"))
        await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        game = await bot.repo.live_game("2000")
        good = game.state
        await bot.repo.undo_steps(game, [], {**json.loads(good), "captured": 4})  # corrupt it
    async with fake.running(make_bot(db_url)) as bot:
        await bot.verified
        assert (await bot.repo.live_game("2000")).state == good
    assert bot_errors == []


@pytest.mark.slow
async def test_a_flood_of_commands_is_slowed_politely(fake_discord, db_url, bot_errors):
    fake = fake_discord
    bot = DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=(5, 60.0))
    async with fake.running(bot):
        answers = [await answer(fake, await fake.slash("ravi", "board")) for _ in range(7)]
        slowed = [r for r in answers if "going a little fast" in content(r)]
        assert len(slowed) == 2 and all(flags(r) & EPHEMERAL for r in slowed)
        # another user is not affected
        r = await answer(fake, await fake.slash("meera", "board"))
        assert "going a little fast" not in content(r)
    assert bot_errors == []
