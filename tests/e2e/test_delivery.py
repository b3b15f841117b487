"""The delivery ledger through the real discord.py client (bot/table/deliveries.py): a
post Discord stored before answering 500 is not doubled; a post Discord refused is
owed, the mover is told the truth, and `/board` or the next move makes it up; a move
stored by a process that died before posting it is posted at the next start."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.discord_face import delivery
from bot.replies import Actor, Place
from bot.table import Table
from db import Repository
from engine import games
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, make_bot
from tests.e2e.test_discord_places import seat_two
from tests.e2e.test_discord_stewardship import bot_at, posts_to

CHANNEL = 2000
POSTS = rf"/channels/{CHANNEL}/messages$"

pytestmark = pytest.mark.slow


def said(fake, text: str) -> list[dict]:
    """The channel's public messages that contain ``text``."""
    return [m for m in fake.messages_in(CHANNEL)
            if not m["flags"] & EPHEMERAL and text in (m.get("content") or "")]


async def a_legal_move(bot, timeout: float = 20.0) -> str:
    """One of the goats' legal moves in the test channel's game, once the computer's
    tigers have answered the move before (its reply may still be on its way when the
    mover's own answer arrives: the goats have no move until then)."""
    rules = games.get("goat_tiger")
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        game = await bot.repo.latest_game(str(CHANNEL))
        legal = sorted(games.tokens(rules, rules.view(json.loads(game.state), "goats")))
        if legal or loop.time() > end:
            assert legal, "the computer never answered"
            return legal[0]
        await asyncio.sleep(0.05)


async def against_the_computer(fake) -> None:
    await answer(fake, await fake.slash("ravi", "game", {
        "game": "goat_tiger", "side": "goats", "opponent": "computer"}, subcommand="new"))


async def test_a_500_after_discord_stored_the_post_does_not_post_it_twice(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        await against_the_computer(fake)
        # Discord stores the move's post, then answers 500; discord.py sends it again.
        fake.fail_next("POST", POSTS, status=500, after=True)
        h = await fake.slash("ravi", "play", {"move": "e3"})
        await h.wait_done(quiet=1.5, timeout=20)  # discord.py retries a 500 after 1 s
        assert len(said(fake, "**ravi**")) == 1, [m["content"] for m in said(fake, "ravi")]
        tries = [r for r in fake.requests if r.method == "POST" and r.path.endswith(
            f"/channels/{CHANNEL}/messages")]
        assert [r.status for r in tries[-2:]] == [500, 200], fake.requests[-12:]
    assert bot_errors == []


async def test_a_refused_post_is_owed_then_made_up_by_board(fake_discord, db_url,
                                                           bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await against_the_computer(fake)
        fake.deny(CHANNEL, "attach_files")  # a moderator took Attach Files away
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "e3"}))
        told = content(r)
        assert "Your move is stored" in told and "**Attach Files**" in told, told
        assert "Sorry" not in told
        assert not said(fake, "**ravi**")  # nothing reached the channel
        game = await bot.repo.latest_game(str(CHANNEL))
        owed = json.loads(game.undelivered)
        assert owed["why"] == "permissions" and owed["missing"] == ["Attach Files"]
        log = json.loads(game.state)["log"]
        assert game.posted < len(log)  # the move and the computer's reply, not shown
        assert len(json.loads(game.state)["log"]) == len(log)  # and the move is kept

        # Until the permission is back, /board says what is missing and posts nothing.
        r = await answer(fake, await fake.slash("meera", "board"))
        assert flags(r) & EPHEMERAL and "Attach Files" in content(r), content(r)
        assert not said(fake, "Not posted at the time")
        # The permission is back; /board posts what the channel missed.
        fake.allow(CHANNEL, "attach_files")
        h = await fake.slash("meera", "board")
        await h.wait_done(quiet=0.2)
        late = said(fake, "Not posted at the time")
        assert len(late) == 1 and "ravi" in late[0]["content"]
        assert late[0]["attachments"]  # with the board as it is now
        game = await bot.repo.latest_game(str(CHANNEL))
        assert game.undelivered is None and game.posted == len(log)
        # Nothing more is owed: the next /board is the usual private one.
        r = await answer(fake, await fake.slash("meera", "board"))
        assert flags(r) & EPHEMERAL and len(said(fake, "Not posted at the time")) == 1
    assert bot_errors == []


async def test_the_next_move_makes_up_a_post_that_was_refused(fake_discord, db_url,
                                                               bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await against_the_computer(fake)
        # Taken away between the interaction and its post: Discord answers 403 then.
        fake.fail_next("POST", POSTS, status=403)
        await answer(fake, await fake.slash("ravi", "play", {"move": "e3"}))
        move = await a_legal_move(bot)
        r = await answer(fake, await fake.slash("ravi", "play", {"move": move}))
        posts = said(fake, "Not posted at the time")
        assert posts, content(r)
        assert len(posts) == 1
        text = posts[0]["content"]
        # The missed move comes first, then the move just made.
        assert text.index("e3") < text.index(move, text.index("e3") + 2), text
    assert bot_errors == []


async def test_a_move_stored_by_a_process_that_died_is_posted_at_the_next_start(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger",
                                                             "side": "goats"}, subcommand="new"))
        await answer(fake, await fake.slash("meera", "game", subcommand="join"))
    # Another process stores ravi's move and dies before its post: the table alone.
    repo = await Repository.open(db_url)
    try:
        reply = await Table(repo).play(Place(str(CHANNEL), str(fake.guild_id)),
                                       Actor("101", "ravi"), "c3")
        assert reply.public and not reply.error
    finally:
        await repo.close()
    assert not said(fake, "c3")
    async with fake.running(make_bot(db_url)) as bot:
        await bot.verified
        posts = said(fake, "c3")
        assert len(posts) == 1 and "Not posted at the time" in posts[0]["content"]
        assert f"<@{102}>" in posts[0]["content"]  # and meera, whose turn it is, is pinged
        game = await bot.repo.latest_game(str(CHANNEL))
        assert game.posted == len(json.loads(game.state)["log"])
    async with fake.running(make_bot(db_url)) as bot:  # and only once
        await bot.verified
        assert len(said(fake, "c3")) == 1
    assert bot_errors == []


async def test_a_reminder_discord_would_not_take_is_not_counted_and_comes_soon(
        fake_discord, db_url, bot_errors, monkeypatch):
    fake = fake_discord
    monkeypatch.setattr(delivery, "AGAIN_AFTER", (0.01, 0.01, 0.01))  # tries, not waits
    async with fake.running(bot_at(db_url)) as bot:
        await seat_two(fake, CHANNEL)
        game_id = (await bot.repo.latest_game(str(CHANNEL))).id
    # A day later the channel's posts meet 429 after 429, through every try.
    tries = 5 * (len(delivery.AGAIN_AFTER) + 1)  # discord.py's five, each time
    fake.fail_next("POST", POSTS, status=429, retry_after=0.01, times=tries)
    mark = len(fake.requests)
    async with fake.running(bot_at(db_url, hours_later=25)) as bot:
        await fake.wait_for(lambda r: len(posts_to(fake, CHANNEL, mark)) >= tries, timeout=30)
        await asyncio.sleep(0.3)  # many ticks: not tried again yet
        assert len(posts_to(fake, CHANNEL, mark)) == tries
        game = await bot.repo.get_game(game_id)
        assert not any(json.loads(game.pace)["sent"].values())  # not counted as sent
        minutes = (game.due_at - bot.clock()).total_seconds() / 60
        assert 4 < minutes <= 5
    # Five minutes on, it is posted, once.
    mark = len(fake.requests)
    async with fake.running(bot_at(db_url, hours_later=25.1)):
        nudge = await fake.wait_for(lambda r: r.method == "POST" and r.status == 200
                                    and r.path.endswith(f"/channels/{CHANNEL}/messages"),
                                    after=mark)
        assert "<@101>" in nudge.json["content"]
        await asyncio.sleep(0.3)
        assert len(posts_to(fake, CHANNEL, mark)) == 1
    assert bot_errors == []
