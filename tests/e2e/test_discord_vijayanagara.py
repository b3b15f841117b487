"""Vijayanagara through the real discord.py client and our Discord face, against the
local fake Discord: two people share three factions, typed and panel turns, /card,
/score and /rules."""

from __future__ import annotations

import json

from tests.e2e.test_discord_goat_tiger import (
    EPHEMERAL,
    MEERA,
    RAVI,
    answer,
    content,
    flags,
    make_bot,
    public_posts,
)

USERS = {"ravi": RAVI, "meera": MEERA}


async def whose_turn(bot) -> tuple[str, str]:
    """(user name, faction) the game waits for, from the stored state."""
    game = await bot.repo.live_game("2000")
    state = json.loads(game.state)
    role = state["stack"][-1]["role"]
    seats = await bot.repo.seats(game.id)
    user = next(s.name for s in seats if s.role == role)
    return user, role


async def test_three_factions_two_people_typed_and_panel_turns(fake_discord, db_url,
                                                                 bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "vijayanagara", "side": "delhi"}, subcommand="new"))
        assert "opens a game of **Vijayanagara**" in content(r)
        await answer(fake, await fake.slash("meera", "game", {"side": "bahmani"},
                                            subcommand="join"))
        r = await answer(fake, await fake.slash("ravi", "game", subcommand="start"))
        text = content(r)
        assert "Vijayanagara Empire: ravi" in text and "Bahmani Kingdom: meera" in text
        assert r.files[0].is_png and r.files[0].png_size == (1400, 1050)

        # A typed turn: Pass, all or nothing, posted publicly with the next ping.
        user, role = await whose_turn(bot)
        h = await fake.slash(user, "play", {"move": "pass"})
        await answer(fake, h)
        post = public_posts(h)[0]
        assert "pass (+" in content(post) and post.files[0].is_png
        nxt_user, nxt_role = await whose_turn(bot)
        assert f"<@{USERS[nxt_user]}>" in content(post) and "waiting since <t:" in content(post)

        # The next faction uses the panel: a button per legal step.
        r = await answer(fake, await fake.slash(nxt_user, "play"))
        assert flags(r) & EPHEMERAL and "(2.3.3)" in content(r)
        panel = fake.message_from_callback(r)
        h = await fake.click(nxt_user, int(panel["id"]), fake.custom_id_by_label(panel, "Pass"))
        await h.wait_done()
        assert "pass (+" in content(public_posts(h)[0])

        # Someone who is not acting now is refused privately.
        waiting = "meera" if (await whose_turn(bot))[0] == "ravi" else "ravi"
        r = await answer(fake, await fake.slash(waiting, "play", {"move": "pass"}))
        assert flags(r) & EPHEMERAL and "waiting for" in content(r)

        # Card, score and rule topics are private answers.
        r = await answer(fake, await fake.slash("meera", "card"))
        assert flags(r) & EPHEMERAL and "order" in content(r) and "Unshaded:" in content(r)
        r = await answer(fake, await fake.slash("meera", "score"))
        assert flags(r) & EPHEMERAL and "Delhi: **" in content(r)
        r = await answer(fake, await fake.slash("meera", "rules", {"topic": "cavalry"}))
        assert flags(r) & EPHEMERAL and "(1.10)" in content(r)
    assert bot_errors == []
