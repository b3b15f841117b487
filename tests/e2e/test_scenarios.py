"""Issue 3's scenarios, run for every game in scenarios.SCRIPTS, through the real
discord.py client and our Discord face against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.discord_face.client import DarbarBot
from engine import games
from tests.e2e.scenarios import SCRIPTS, GameScript
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, public_posts

ROOT = Path(__file__).resolve().parents[2]


def make_bot(db_url: str) -> DarbarBot:
    # No rate limit: the scripted players click faster than any person.
    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None)


async def seat_players(fake, script: GameScript) -> dict:
    """Open the game and seat everyone; returns the public start message."""
    users = list(script.seats)
    first = users[0]
    r = await answer(fake, await fake.slash(
        first, "game", {"game": script.game, "side": script.seats[first]}, subcommand="new"))
    for user in users[1:]:
        r = await answer(fake, await fake.slash(
            user, "game", {"side": script.seats[user]}, subcommand="join"))
    return fake.message_from_callback(r)


async def play_by_panel(fake, user: str, move, g) -> list:
    """Open the panel with /play and click each step's button (or select option)."""
    r = await answer(fake, await fake.slash(user, "play"))
    assert flags(r) & EPHEMERAL
    panel = fake.message_from_callback(r)
    handle = None
    for action, arg in move.steps:
        label = g.describe(action, arg)
        try:
            cid = fake.custom_id_by_label(panel, label)
            handle = await fake.click(user, int(panel["id"]), cid)
        except LookupError:
            sel = next(c for c in fake.component_custom_ids(panel) if ":sel:" in c)
            handle = await fake.select(user, int(panel["id"]), sel, [g.token(action, arg)])
        r = await answer(fake, handle)
        panel = fake.message_from_callback(r)
    return public_posts(handle)


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
async def test_a_whole_game_by_typed_moves_and_panel_buttons(fake_discord, db_url, bot_errors,
                                                            script, capsys):
    fake, g = fake_discord, script.module
    by_role = {role: user for user, role in script.seats.items()}
    moves = script.random_game()
    t0 = time.perf_counter()
    async with fake.running(make_bot(db_url)) as bot:
        await seat_players(fake, script)
        for i, move in enumerate(moves):
            user = by_role[move.role]
            if i % 2 == 0:
                h = await fake.slash(user, "play", {"move": move.line(g)})
                await h.wait_done(quiet=0.03)
                posts = public_posts(h)
            else:
                posts = await play_by_panel(fake, user, move, g)
            assert len(posts) == 1, f"move {i}: expected one public post"
            post = posts[0]
            assert post.files and post.files[0].is_png
            if i + 1 < len(moves):
                nxt = by_role[moves[i + 1].role]
                assert f"<@{fake.users[nxt]}>" in content(post)
        assert "Game over" in content(post)
        game = await bot.repo.latest_game("2000")
        assert game.status == "finished" and json.loads(game.result)["reason"] in content(post)
    with capsys.disabled():
        print(f"\n  [{script.game}] {len(moves)} moves through Discord in "
              f"{time.perf_counter() - t0:.2f} s")
    assert bot_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
async def test_against_the_computer_to_the_end(fake_discord, db_url, bot_errors, script):
    fake, g = fake_discord, script.module
    user, role = next(iter(script.seats.items()))
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash(
            user, "game", {"game": script.game, "side": role, "opponent": "computer"},
            subcommand="new"))
        rng = random.Random(script.seed)
        for _ in range(300):
            game = await bot.repo.latest_game("2000")
            if game.status != "active":
                break
            steps, _ = games.random_move(g, json.loads(game.state), rng)
            line = " ".join(g.token(action, arg) for action, arg in steps)
            h = await fake.slash(user, "play", {"move": line})
            await h.wait_done(quiet=0.03)
            post = public_posts(h)[0]
            assert post.files[0].is_png
        assert "Game over" in content(post)
        assert (await bot.repo.latest_game("2000")).status == "finished"
    assert bot_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
async def test_a_rate_limited_move_post_still_appears_once(fake_discord, db_url, bot_errors,
                                                           script):
    fake, g = fake_discord, script.module
    first = script.random_game()[0]
    by_role = {role: user for user, role in script.seats.items()}
    async with fake.running(make_bot(db_url)) as bot:
        await seat_players(fake, script)
        fake.fail_next("POST", r"/interactions/\d+/[^/]+/callback", status=429, retry_after=0.3)
        h = await fake.slash(by_role[first.role], "play", {"move": first.line(g)})
        await h.wait_done(timeout=10)
        refused = [r for r in h.requests if r.status == 429]
        accepted = [r for r in h.requests if "/callback" in r.path and r.status == 200]
        assert len(refused) == 1 and len(accepted) == 1
        assert accepted[0].time - refused[0].time >= 0.25  # it waited for retry-after
        assert accepted[0].files[0].is_png
        game = await bot.repo.live_game("2000")
        assert len(await bot.repo.steps(game.id)) == len(first.steps)
    assert bot_errors == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
@pytest.mark.slow
async def test_autocomplete_offers_only_legal_next_tokens(fake_discord, db_url, bot_errors,
                                                          script, capsys):
    fake, g = fake_discord, script.module
    first_user = next(iter(script.seats))
    async with fake.running(make_bot(db_url)):
        await seat_players(fake, script)
        state = g.setup(script.seed, {})
        role = g.view(state, None)["active"][0]
        user = next(u for u, r in script.seats.items() if r == role)
        legal = {g.token(a, arg) for a, arg in games.legal_steps(g, g.view(state, role))}
        t0 = time.perf_counter()
        choices = await fake.autocomplete(user, "play", {"move": ""}, "move")
        elapsed = time.perf_counter() - t0
        assert 0 < len(choices) <= 25
        assert {c["value"] for c in choices} <= legal
        other = next(u for u in script.seats if u != user) if len(script.seats) > 1 else first_user
        refused = await fake.autocomplete(other, "play", {"move": ""}, "move")
        assert len(refused) == 1 and "not your turn" in refused[0]["name"]
    with capsys.disabled():
        print(f"\n  [{script.game}] autocomplete answered in {elapsed * 1000:.0f} ms")
    assert bot_errors == []


@pytest.mark.slow
async def test_the_real_entry_point_plays_and_survives_a_restart(fake_discord, tmp_path):
    """`python -m bot` with a token-like value, pointed at the fake by the test seam."""
    fake = fake_discord
    env = {**os.environ, **fake.env,
           "DISCORD_TOKEN": "MTAxMDEwMTAxMDEw.fake.token-value-for-tests",
           "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'smoke.sqlite3'}",
           "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"}

    def start():
        return subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def stop(p):
        p.send_signal(signal.SIGINT)
        return p.communicate(timeout=30)

    proc = start()
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path, timeout=30)
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        assert r.files[0].is_png
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "Goats place on c3" in content(r) and "<@101>" in content(r)
        posted = fake.message_from_callback(r)
    finally:
        out, err = stop(proc)
    assert "Traceback" not in err, err
    assert "fake.token-value" not in out + err  # the token never reaches the log
    assert "synced" in err
    # Restart: a new process on the same database answers a button from before.
    proc = start()
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path,
                            timeout=30, after=len(fake.requests))
        button = fake.custom_id_by_label(posted, "Make your move")
        r = await answer(fake, await fake.click("ravi", int(posted["id"]), button))
        panel = fake.message_from_callback(r)
        h = await fake.click("ravi", int(panel["id"]), fake.custom_id_by_label(panel, "Place e3"))
        await h.wait_done(quiet=0.03)
        assert "Goats place on e3" in content(public_posts(h)[0])
    finally:
        out, err = stop(proc)
    assert "Traceback" not in err and " ERROR " not in err, err


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
@pytest.mark.slow
async def test_refusals_are_ephemeral_and_change_nothing(fake_discord, db_url, bot_errors,
                                                         script):
    fake, g = fake_discord, script.module
    first = script.random_game()[0]
    by_role = {role: user for user, role in script.seats.items()}
    mover = by_role[first.role]
    waiting = next((u for u in script.seats if u != mover), None)
    async with fake.running(make_bot(db_url)) as bot:
        await seat_players(fake, script)
        before = (await bot.repo.live_game("2000")).version
        attempts = [("spectator", first.line(g), "not seated"),
                    (mover, "zz-not-a-step", "")]
        if waiting:
            attempts.append((waiting, first.line(g), "not your turn"))
        for user, line, why in attempts:
            r = await answer(fake, await fake.slash(user, "play", {"move": line}))
            assert r.json["type"] == 4 and flags(r) & EPHEMERAL and not r.files, (user, line)
            assert why in content(r)
        r = await answer(fake, await fake.slash(mover, "play", {"move": first.line(g)},
                                                channel_id=2001))
        assert flags(r) & EPHEMERAL and "no game in this channel" in content(r)
        r = await answer(fake, await fake.slash(mover, "game", {"game": script.game},
                                                subcommand="new"))
        assert flags(r) & EPHEMERAL and "already has a game" in content(r)
        assert (await bot.repo.live_game("2000")).version == before
    assert bot_errors == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.game)
@pytest.mark.slow
async def test_double_click_applies_one_step(fake_discord, db_url, bot_errors, script):
    fake, g = fake_discord, script.module
    first = script.random_game()[0]
    user = {role: u for u, role in script.seats.items()}[first.role]
    async with fake.running(make_bot(db_url)) as bot:
        await seat_players(fake, script)
        panel = fake.message_from_callback(await answer(fake, await fake.slash(user, "play")))
        action, arg = first.steps[0]
        cid = fake.custom_id_by_label(panel, g.describe(action, arg))
        a, b = await asyncio.gather(fake.click(user, int(panel["id"]), cid),
                                    fake.click(user, int(panel["id"]), cid))
        await a.wait_done(quiet=0.03)
        await b.wait_done(quiet=0.03)
        game = await bot.repo.live_game("2000")
        assert len(await bot.repo.steps(game.id)) == 1
    assert bot_errors == []
