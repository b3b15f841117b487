"""Maharaja through the real discord.py client and our Discord face, against the local
fake Discord: three people play the short game (turns 9 to 16) to its end by typed lines
and panel clicks. Every completed step is posted with the map and pings the player who
decides next, naming their colour and the nation they act for; a defender is asked, on
the attacker's turn, whether to fight or submit; battle dice are in the public log; a
player submits a nation while another is moving."""

from __future__ import annotations

import asyncio

import pytest

from engine import games
from engine.games.maharaja import ai, decisions
from engine.games.maharaja import rules as R
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

USERS = {"ravi": 101, "meera": 102, "arjun": 103}


def _past(state: dict, new: dict) -> bool:
    """Whether ``new`` is past ``state``'s move: a move ended, the game ended, or the
    decision passed to another player (a passage through a sea asks each colonial player
    in it without ending the mover's move)."""
    return new["move"] > state["move"] or bool(new["result"]) or \
        R.active(new) != R.active(state)


async def _moved(bot, state: dict) -> dict:
    """The stored game once it is past ``state``'s move (a loaded machine may take a moment
    longer than the fake's quiet period), or as it is after 10 s."""
    for _ in range(200):
        new = await stored_state(bot)
        if _past(state, new):
            return new
        await asyncio.sleep(0.05)
    return new


def _steps(state: dict, role: str) -> list[tuple[str, object]]:
    """The computer's choices for ``role`` up to the end of its move."""
    steps, after = [], state
    while R.active(after) == [role] and after["move"] == state["move"] \
            and not after["result"]:
        step = ai.choose(after, role)
        steps.append(step)
        after = R.act(after, role, *step)
    return steps


async def test_three_people_play_the_short_game(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "maharaja", "options": "length=short"},
            subcommand="new"))
        assert "Maharaja" in content(r)
        await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        r = await answer(fake, await fake.slash("arjun", "game", subcommand="join"))
        if not r.files:  # three may play: the host starts
            r = await answer(fake, await fake.slash("ravi", "game", subcommand="start"))
        assert r.files and r.files[0].png_size == (640, 1084)  # the phone picture
        assert (await stored_state(bot))["turn"] == 9
        rolled = panels = asked = offstage = 0
        for turn in range(1000):
            state = await stored_state(bot)
            if state["result"]:
                break
            role = R.active(state)[0]
            user = await seated_name(bot, role)
            others = [r for r in state["roles"] if r != role]
            # Once: a player not to move submits a nation of theirs (rule remark: at any
            # time). The post says so; the mover is still the one asked.
            sub = next(((o, n) for o in others
                        for n in R.view(state, o)["actions"].get("submit") or []), None)
            if sub and not offstage and not state["battle"] and not state["queue"]:
                h = await fake.slash(await seated_name(bot, sub[0]), "play",
                                     {"move": f"submit-{sub[1]}"})
                await h.wait_done(quiet=0.03)
                new = await _moved(bot, state)
                posts = public_posts(h)
                assert sub[1] in new["submitted"] and posts and "submit" in content(
                    posts[-1]), [content(r) for r in h.requests]
                offstage += 1
                continue
            steps = _steps(state, role)
            if turn % 5 == 2 and len(steps) <= 5:
                panels += 1
                h = await play_by_panel(fake, user, [R.token(a, arg) for a, arg in steps])
            else:
                for line in games.typed_lines(R, state, role, steps):
                    h = await fake.slash(user, "play", {"move": line})
                    await h.wait_done(quiet=0.03)
            new = await _moved(bot, state)
            posts = public_posts(h)
            assert _past(state, new), (user, steps, [content(r) for r in h.requests])
            assert posts and posts[-1].files[0].is_png
            text = content(posts[-1])
            rolled += " roll " in text
            if new["result"]:
                continue
            nxt = R.active(new)[0]
            # the ping names the player, the colour and the nation they act for
            nation = R.turns.nname(decisions.deciding_nation(new))
            assert f"<@{USERS[await seated_name(bot, nxt)]}> ({R.ROLE_NAMES[nxt]}, for the " \
                f"{nation})" in text, text
            b = new["battle"]
            if b and b["stage"] == "open":
                # the defender, not the attacker, is asked, for the nation attacked
                asked += 1
                prompt = R.view(new, nxt)["prompt"]
                assert R.active(new) == [new["control"][b["def"]]]
                assert "Fight, or submit?" in prompt and R.turns.nname(b["def"]) in prompt
        final = await stored_state(bot)
        assert final["result"] and "Game over" in content(posts[-1])
        assert final["turn"] == 16
        assert panels >= 5 and rolled >= 5 and asked >= 1 and offstage == 1
        # The rules, with what is reconstructed named.
        r = await answer(fake, await fake.slash("meera", "rules", {"game": "maharaja"}))
        assert flags(r) & EPHEMERAL and "reconstruction" in content(r).lower()
    assert bot_errors == []
