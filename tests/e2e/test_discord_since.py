"""Since your last move, through the real discord.py client and our Discord face against
the local fake Discord: in a three-person game of Maharaja, the post that pings ravi after
two others moved starts with what they did (the last three actions before its own, and how
many there were), and ravi's `/log since:me` lists, to him alone, every one of them."""

from __future__ import annotations

import asyncio

import pytest

from engine import games
from engine.games.maharaja import rules as R
from tests.e2e.test_discord_goat_tiger import (
    EPHEMERAL,
    answer,
    content,
    flags,
    make_bot,
    public_posts,
    seated_name,
    stored_state,
)
from tests.e2e.test_discord_maharaja import _moved, _steps

pytestmark = pytest.mark.slow  # the bot through the fake Discord: seconds


async def _posted(handle) -> None:
    """Until the move's public post is there: the game is stored before its post is sent,
    and a loaded machine may take longer than the fake's quiet period between them."""
    for _ in range(400):
        if public_posts(handle):
            return
        await asyncio.sleep(0.05)


async def test_the_ping_tells_what_happened_and_log_since_lists_it(fake_discord, db_url,
                                                                 bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "maharaja", "options": "length=short"},
            subcommand="new"))
        await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        r = await answer(fake, await fake.slash("arjun", "game", subcommand="join"))
        if not r.files:
            await answer(fake, await fake.slash("ravi", "game", subcommand="start"))
        movers: list[str] = []
        ravi_moved = False
        for _ in range(60):
            state = await stored_state(bot)
            role = R.active(state)[0]
            user = await seated_name(bot, role)
            for line in games.typed_lines(R, state, role, _steps(state, role)):
                h = await fake.slash(user, "play", {"move": line})
                await h.wait_done(quiet=0.03)
            await _moved(bot, state)
            await _posted(h)
            movers = [] if user == "ravi" else [*movers, user]
            ravi_moved = ravi_moved or user == "ravi"
            text = content(public_posts(h)[-1])
            if not ravi_moved or len(set(movers)) < 2 or "<@101>" not in text.split(
                    "\n")[-1]:
                continue
            # The post that pings ravi after two others tells what they did first.
            assert text.startswith("📜 Since your last move, ravi:"), text
            summary = [x for x in text.split("\n") if x.startswith("• ")]
            assert summary and len(text) <= 2000
            break
        else:
            raise AssertionError("ravi was never pinged after two others moved")
        r = await answer(fake, await fake.slash("ravi", "log", {"since": "me"}))
        assert flags(r) & EPHEMERAL
        listed = [x for x in content(r).split("\n") if x.startswith("• ")]
        # one action per run of moves by one person, in order
        runs = [m for i, m in enumerate(movers) if i == 0 or movers[i - 1] != m]
        assert [x.split("**")[1] for x in listed] == runs, content(r)
        # The ping listed, in order, the actions before its own (the last of them, up to
        # three: each game is dealt anew, and a battle makes many), and said how many. Its
        # own is the last whole move only: where its mover had moved just before it too
        # (a run of two), that earlier move is listed.
        untold = movers[:-1]
        before = [m for i, m in enumerate(untold) if i == 0 or untold[i - 1] != m]
        assert [x.split("**")[1] for x in summary] == before[-3:], (text, content(r))
        if len(before) > 3:
            assert f"{len(before)} actions before this one" in text, text
