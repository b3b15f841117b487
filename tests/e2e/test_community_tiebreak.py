"""Vijayanagara's Goat-Tiger tiebreak (rules 5.0, 5.5) through the real discord.py client
and the Discord face, against the local fake Discord: a tied end opens the Goat-Tiger game
in the same channel, pinging only the Goats' player; after a restart it is played to its
end by slash commands, and the Vijayanagara result is posted naming the tiebreak's winner."""

from __future__ import annotations

import json

import pytest

from db import TIEBREAK
from engine import games
from tests.e2e.scenarios import SCRIPTS
from tests.e2e.test_discord_goat_tiger import MEERA, RAVI, answer, content, make_bot
from tests.table.test_tiebreak import ON, delhi_ends_it

pytestmark = pytest.mark.slow
CHANNEL = 2000
USERS = {"delhi": ("ravi", RAVI), "bahmani": ("meera", MEERA)}
# Only bounds a test that fails: a fresh database's migrations run before the bot is
# ready, and took 9 s on this 2-core machine under other test runs' load.
READY_WITHIN = 60.0


def posts_after(fake, seen: set[int]) -> list[dict]:
    """The channel's messages not in ``seen``, oldest first."""
    return sorted((m for m in fake.messages_in(CHANNEL) if int(m["id"]) not in seen),
                  key=lambda m: int(m["id"]))


async def test_a_tie_is_played_out_at_goat_tiger_in_the_same_channel(fake_discord, db_url,
                                                                     bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url), timeout=READY_WITHIN) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "vijayanagara", "side": "delhi",
                             "options": "tiebreak=goat_tiger"}, subcommand="new"))
        assert "opens a game of **Vijayanagara**" in content(r)
        await answer(fake, await fake.slash("meera", "game", {"side": "bahmani"},
                                            subcommand="join"))
        await answer(fake, await fake.slash("ravi", "game", subcommand="start"))
        vj = await bot.repo.live_game(str(CHANNEL))
        assert json.loads(vj.options) == ON
        # The board as it stands when Delhi's pass brings Timur and a tie.
        await bot.repo.set_status(vj, "active", state=delhi_ends_it())
        seen = {int(m["id"]) for m in fake.messages_in(CHANNEL)}
        h = await fake.slash("ravi", "play", {"move": "pass"})
        await answer(fake, h)
        await h.wait_done(quiet=0.3)
        waiting = await bot.repo.get_game(vj.id)
        assert waiting.status == TIEBREAK
        sides = games.get("vijayanagara").side_game(json.loads(waiting.state))["sides"]
        gt = await bot.repo.live_game(str(CHANNEL))
        assert gt.game == "goat_tiger" and gt.side_game_of == vj.id
        posted = posts_after(fake, seen)
        assert len(posted) == 2, [p["content"][:80] for p in posted]
        tied, opened = posted
        assert "tied on victory points and Resources (5.0)" in tied["content"]
        assert f"game #{gt.id}" in opened["content"] and "Aadu-Huli aata" in opened["content"]
        assert opened["attachments"], "the Goat-Tiger board"
        goats_user = USERS[sides["goats"]][1]
        # Only the Goats' player is pinged, and only by an explicit user id.
        assert [int(u["id"]) for u in opened["mentions"]] == [goats_user]
        seen |= {int(m["id"]) for m in posted}

    # The bot restarts: the tiebreak and the game waiting on it are as stored.
    script = SCRIPTS[0]
    assert script.game == "goat_tiger"
    async with fake.running(make_bot(db_url), timeout=READY_WITHIN) as bot:
        for move in script.random_game():
            user = USERS[sides[move.role]][0]
            h = await fake.slash(user, "play", {"move": move.line(script.module)})
            r = await answer(fake, h)
            assert "not" not in content(r)[:40], content(r)
        await h.wait_done(quiet=0.3)
        gt_result = json.loads((await bot.repo.get_game(gt.id)).result)
        [won] = gt_result["winners"]
        game = await bot.repo.get_game(vj.id)
        assert game.status == "finished"
        result = json.loads(game.result)
        assert result["winners"] == [sides[won]]
        final = next(m for m in posts_after(fake, seen) if "tiebreak (5.5)" in m["content"])
        assert "share the victory" not in final["content"]
        assert final["attachments"], "the result's picture and banner"
        # The result thanks the two who played, as every result does: user ids only.
        assert sorted(int(u["id"]) for u in final["mentions"]) == [RAVI, MEERA]
        assert final["content"].startswith("⚖ Game #")
        assert (await bot.repo.rated(vj.id)) is not None
    assert bot_errors == []
