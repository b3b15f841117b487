"""Rajas of the Ganges through the real discord.py client and our Discord face, against
the local fake Discord: two people play a whole game by typed lines and panel clicks;
every completed turn is posted with the board and pings the next player; dice rolls are
in the public log."""

from __future__ import annotations

import pytest

from engine import games
from engine.games.rajas import ai
from engine.games.rajas import rules as R
from tests.e2e.test_discord_goat_tiger import (
    EPHEMERAL,
    answer,
    content,
    flags,
    make_bot,
    play_by_panel,
    public_posts,
    seated_name,
    stored_state,
)

pytestmark = pytest.mark.slow  # every test here takes seconds

USERS = {"ravi": 101, "meera": 102}


async def test_two_people_play_a_whole_game(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "rajas", "options": "players=2"}, subcommand="new"))
        assert "Rajas of the Ganges" in content(r)
        r = await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        w, h = r.files[0].png_size if r.files else (0, 1)
        assert w == 1000 and 8 / 7 <= w / h <= 11 / 7  # landscape, phones first (issue 39)
        rolled = panels = 0
        for turn in range(300):
            state = await stored_state(bot)
            if state["result"]:
                break
            role = R.active(state)[0]
            user = await seated_name(bot, role)
            steps, after = [], state
            while R.active(after) == [role] and after["move"] == state["move"]:
                step = ai.choose(after, role)
                steps.append(step)
                after = R.act(after, role, *step)
            if turn % 4 == 1 and len(steps) <= 4:  # by clicks: /play, then a button a step
                panels += 1
                h = await play_by_panel(fake, user, [R.token(a, arg) for a, arg in steps])
                posts = public_posts(h)
            else:
                for line in games.typed_lines(R, state, role, steps):
                    h = await fake.slash(user, "play", {"move": line})
                    await h.wait_done(quiet=0.03)
                posts = public_posts(h)
            new = await stored_state(bot)
            assert new["move"] > state["move"] or new["result"], (user, steps)
            assert posts and posts[-1].files[0].is_png
            text = content(posts[-1])
            rolled += " rolls: " in text
            if not new["result"]:
                nxt = await seated_name(bot, R.active(new)[0])
                assert f"<@{USERS[nxt]}>" in text
        final = await stored_state(bot)
        assert final["result"] and "Game over" in content(posts[-1])
        assert panels >= 3 and rolled >= 3  # rolls at the end of turns are posted
        # The position in words, and the rules with the reconstruction named.
        r = await answer(fake, await fake.slash("meera", "rules", {"topic": "reconstruction"}))
        assert flags(r) & EPHEMERAL and "Not public" in content(r)
    assert bot_errors == []


async def test_navaratnas_with_ganga_and_mango_against_the_computer(fake_discord, db_url,
                                                                    bot_errors):
    """The variants through Discord: the brown yield tile is laid before the first
    worker, and turns go on with the computer's posted after each."""
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "rajas", "opponent": "computer",
                             "options": "players=2 variant=navaratnas ganga=on mango=on"},
            subcommand="new"))
        assert "Rajas of the Ganges" in content(r) and r.files[0].is_png
        state = await stored_state(bot)
        assert state["options"] == {"players": 2, "rules": "yucata", "ganga": True,
                                    "mango": True, "variant": "navaratnas", "advanced": ""}
        me = [role for role in state["roles"] if await seated_name(bot, role) == "ravi"][0]
        acts = R.view(state, me)["actions"]
        assert set(acts) == {"slot"}  # the brown tile first
        r = await answer(fake, await fake.slash("ravi", "play"))
        assert flags(r) & EPHEMERAL and "brown" in content(r)
        for _ in range(8):
            state = await stored_state(bot)
            if state["result"]:
                break
            steps, after = [], state
            while R.active(after) == [me] and after["move"] == state["move"]:
                step = ai.choose(after, me)
                steps.append(step)
                after = R.act(after, me, *step)
            for line in games.typed_lines(R, state, me, steps):
                h = await fake.slash("ravi", "play", {"move": line})
                await h.wait_done(quiet=0.03)
            assert (await stored_state(bot))["move"] > state["move"]
        assert len((await stored_state(bot))["players"][me]["slots"]) >= 1
    assert bot_errors == []
