"""/replay whole through the real discord.py client and our Discord face against the fake
Discord (issue 40): the animation of a game long enough to be drawn in two processes
(the bot's worker and a child it forks) is every position in order, its last frame the
stepper's picture, pixel for pixel."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from engine import games
from renderer.common.animation import FIRST_MS, FRAME_MS, LAST_MS
from tests.e2e.test_discord_face import new_and_join
from tests.e2e.test_discord_goat_tiger import answer, content, make_bot

MOVES = 12  # whole moves: 13 positions with the start, and one more for the resignation


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_whole_replay_drawn_in_two_processes_shows_every_position(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    g = games.get("goat_tiger")
    state, rng = g.setup(0, {}), random.Random(4)  # Goat-Tiger deals nothing: any seed
    players = {"goats": "ravi", "tigers": "meera"}
    async with fake.running(make_bot(db_url)):
        await new_and_join(fake)
        for _ in range(MOVES):
            role = g.view(state, None)["active"][0]
            move, state = games.random_move(g, state, rng)
            typed = " ".join(g.token(action, arg) for action, arg in move)
            r = await answer(fake, await fake.slash(players[role], "play", {"move": typed}))
            assert "went wrong" not in content(r)
        asks = fake.message_from_callback(await answer(fake, await fake.slash("ravi",
                                                                            "resign")))
        await (await fake.click("ravi", int(asks["id"]),
                                fake.custom_id_by_label(asks, "Yes, resign"))).wait_done()

        r = await answer(fake, await fake.slash("spectator", "replay", {"whole": True}))
        png, gif = (Image.open(io.BytesIO(f.data)) for f in r.files[:2])
        positions = int(content(r).split(" positions")[0].rsplit("(", 1)[1].split(" of ")[1])
        assert f"({positions} of {positions} positions)" in content(r)
        shown_ms = 0
        for i in range(gif.n_frames):
            gif.seek(i)
            shown_ms += gif.info["duration"]
        assert shown_ms == FIRST_MS + FRAME_MS * (positions - 2) + LAST_MS
        assert ImageChops.difference(gif.convert("RGB"), png.convert("RGB")).getbbox() is None
    assert bot_errors == []
