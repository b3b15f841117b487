"""What Discord itself would refuse or misrender, through the real discord.py client and our
Discord face against the fake Discord: over-long messages, buttons that must outlive a
restart, and display names that try to ping or format."""

from __future__ import annotations

import json

import pytest

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
from tools.fake_discord import FakeDiscord, RecordedRequest

ARJUN = 103


def allowed(req: RecordedRequest) -> dict:
    return (req.json.get("data") or req.json).get("allowed_mentions") or {}


async def new_and_join(fake: FakeDiscord) -> RecordedRequest:
    await answer(fake, await fake.slash("ravi", "game", {"game": "goat_tiger", "side": "goats"},
                                        subcommand="new"))
    return await answer(fake, await fake.slash("meera", "game", subcommand="join"))


@pytest.mark.slow
async def test_a_3000_character_option_gets_a_short_polite_refusal(fake_discord, db_url,
                                                                  bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        for options in ("x" * 3000, "<@103>" * 500):
            r = await answer(fake, await fake.slash(
                "ravi", "game", {"game": "goat_tiger", "options": options}, subcommand="new"))
            assert r.status == 200 and flags(r) & EPHEMERAL
            text = content(r)
            assert "name=value" in text and len(text) < 200, text  # readable, not 3,000 long
            assert "…" in text and "went wrong" not in text
        assert await bot.repo.latest_game("2000") is None
    assert bot_errors == []


@pytest.mark.slow
async def test_a_resign_confirmation_outlives_a_restart_and_a_stale_one_is_refused(
        fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await new_and_join(fake)
        first = (await bot.repo.live_game("2000")).id
        ravi_asks = fake.message_from_callback(await answer(fake, await fake.slash("ravi",
                                                                                 "resign")))
        meera_asks = fake.message_from_callback(await answer(fake, await fake.slash("meera",
                                                                                  "resign")))
        assert ravi_asks["flags"] & EPHEMERAL and "Resign" in ravi_asks["content"]
        # Asking changes nothing.
        assert (await bot.repo.live_game("2000")).status == "active"
        second_thoughts = fake.message_from_callback(await answer(fake, await fake.slash(
            "meera", "resign")))
        h = await fake.click("meera", int(second_thoughts["id"]),
                             fake.custom_id_by_label(second_thoughts, "No, keep playing"))
        assert content(await answer(fake, h)) == "Carry on! Nothing was changed."
        assert (await bot.repo.live_game("2000")).status == "active"

    # A new process: the question asked before the restart is still answered.
    async with fake.running(make_bot(db_url)) as bot:
        h = await fake.click("ravi", int(ravi_asks["id"]),
                             fake.custom_id_by_label(ravi_asks, "Yes, resign"))
        await h.wait_done(quiet=0.03)
        (post,) = public_posts(h)
        assert "resigns" in content(post) and "Game over" in content(post)
        assert (await bot.repo.get_game(first)).status == "finished"

        # The channel moves on to a new game; an answer about the old one is refused.
        await new_and_join(fake)
        second = await bot.repo.live_game("2000")
        h = await fake.click("meera", int(meera_asks["id"]),
                             fake.custom_id_by_label(meera_asks, "Yes, resign"))
        await h.wait_done(quiet=0.03)
        assert public_posts(h) == []
        refusal = h.requests[-1]
        assert flags(refusal) & EPHEMERAL and "no longer this channel's game" in content(refusal)
        after = await bot.repo.live_game("2000")
        assert (after.id, after.status, after.version) == (second.id, "active", second.version)
    assert bot_errors == []


@pytest.mark.slow
async def test_display_names_neither_ping_nor_format(fake_discord, db_url, bot_errors):
    fake = fake_discord
    fake.nicks[RAVI] = "# [Free Nitro](https://evil.example)"
    fake.nicks[MEERA] = f"<@{ARJUN}> @everyone **x**"
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new"))
        text = content(r)
        assert text.startswith(r"\# \[Free Nitro\](https\://evil.example) opens a game"), text
        assert allowed(r) == {"parse": [], "users": []}
        assert fake.message_from_callback(r)["mentions"] == []

        r = await answer(fake, await fake.slash("meera", "game", subcommand="join"))
        text = content(r)
        assert rf"\<\@{ARJUN}> \@everyone \*\*x\*\* joins" in text, text
        assert rf"\<\@{ARJUN}> \@everyone \*\*x\*\* (Tigers)" in text
        assert f"<@{RAVI}> (Goats)" in text  # the one mention meant
        assert allowed(r) == {"parse": [], "users": [RAVI]}  # never `users: True`
        message = fake.message_from_callback(r)
        assert [u["id"] for u in message["mentions"]] == [str(RAVI)]
        # The database keeps the names as they are; only messages escape them.
        seats = await bot.repo.seats((await bot.repo.live_game("2000")).id)
        assert {s.name for s in seats} == {fake.nicks[RAVI], fake.nicks[MEERA]}
    assert bot_errors == []


@pytest.mark.slow
async def test_a_button_forged_onto_a_public_post_changes_nothing_there(fake_discord, db_url,
                                                                        bot_errors):
    """Issue 23 point 13, reproduced: a spectator's "No, keep playing" on a public move
    post rewrote it to "Carry on!" and removed its "Make your move" button. Every button
    checks who presses it, and a click never rewrites a post everyone reads."""
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        start = await new_and_join(fake)
        post = fake.message_from_callback(start)
        assert not post["flags"] & EPHEMERAL and post["components"]
        game = (await bot.repo.live_game("2000")).id
        meera_asks = fake.message_from_callback(await answer(fake, await fake.slash(
            "meera", "resign")))
        no = fake.custom_id_by_label(meera_asks, "No, keep playing")
        yes = fake.custom_id_by_label(meera_asks, "Yes, resign")
        assert no.startswith(f"darbar:cf:resign:{game}:{MEERA}:")
        version = (await bot.repo.live_game("2000")).version
        for who, forged in (("spectator", no), ("spectator", yes), ("ravi", no),
                            ("ravi", yes), ("spectator", f"darbar:cf:resign:{game}:n")):
            h = await fake.forge_click(who, int(post["id"]), forged)
            reply = await answer(fake, h)
            assert flags(reply) & EPHEMERAL, (who, forged, content(reply))
            assert public_posts(h) == []
            assert fake.messages[int(post["id"])] == post  # the post is as it was
        live = await bot.repo.live_game("2000")
        assert (live.status, live.version) == ("active", version)
        # meera's own answer still works, on her own question.
        h = await fake.click("meera", int(meera_asks["id"]), no)
        assert content(await answer(fake, h)) == "Carry on! Nothing was changed."
    assert bot_errors == []


@pytest.mark.slow
async def test_sides_are_suggested_from_the_game_being_opened_or_the_channels_game(
        fake_discord, db_url, bot_errors):
    """The catalogue's autocomplete (bot/commands.py) as Discord sees it: /game new reads
    the game chosen in the same command, /game join the channel's game."""
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        choices = await fake.autocomplete("ravi", "game", {"game": "goat_tiger", "side": "t"},
                                          "side", subcommand="new")
        assert choices == [{"name": "Tigers", "value": "tigers"}]
        await answer(fake, await fake.slash("ravi", "game", {"game": "vijayanagara"},
                                            subcommand="new"))
        choices = await fake.autocomplete("meera", "game", {"side": ""}, "side",
                                          subcommand="join")
        assert [c["value"] for c in choices] == ["delhi", "bahmani", "vijayanagara"]
    assert bot_errors == []


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_finished_game_replays_by_buttons_with_its_animation_and_log(
        fake_discord, db_url, bot_errors):
    """/replay (issue 28): refused while the game is played; after it, an ephemeral stepper
    whose ◀ ▶ buttons edit it in place, autocomplete offering the game by its number, and
    the animation and the log as attachments."""
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        await new_and_join(fake)
        r = await answer(fake, await fake.slash("spectator", "replay"))
        assert flags(r) & EPHEMERAL and "the replay opens when the game ends" in content(r)
        assert not r.files and not fake.message_from_callback(r).get("components")
        assert await fake.autocomplete("spectator", "replay", {}, "game") == []
        await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        await answer(fake, await fake.slash("meera", "play", {"move": "b3 d3"}))
        asks = fake.message_from_callback(await answer(fake, await fake.slash("ravi",
                                                                            "resign")))
        await (await fake.click("ravi", int(asks["id"]),
                                fake.custom_id_by_label(asks, "Yes, resign"))).wait_done()

        choices = await fake.autocomplete("spectator", "replay", {}, "game")
        assert [c["value"] for c in choices] == [1]  # an integer option's value is a number
        h = await fake.slash("spectator", "replay", {"game": 1})
        # Acknowledged at once ("thinking…"), the replay made in a worker (issue 36).
        assert (await h.wait_response()).json["type"] == 5
        r = await answer(fake, h)
        stepper = fake.message_from_callback(r)
        assert stepper["flags"] & EPHEMERAL and "replay: move 2 of 2" in stepper["content"]
        assert [f.is_png for f in r.files] == [True]
        assert fake.component_custom_ids(stepper) == ["darbar:rp:1:0", "darbar:rp:1:1"]
        h = await fake.click("spectator", int(stepper["id"]), "darbar:rp:1:1")
        assert (await h.wait_response()).json["type"] == 6  # deferred at once, edited later
        await h.wait_done(quiet=0.03)
        edited = fake.messages[int(stepper["id"])]
        assert "replay: move 1 of 2" in edited["content"] and public_posts(h) == []
        assert fake.component_custom_ids(edited) == ["darbar:rp:1:0", "darbar:rp:1:2"]

        r = await answer(fake, await fake.slash("spectator", "replay", {"whole": True}))
        assert [f.filename for f in r.files] == ["game-1-move-2.png", "game-1.gif",
                                                 "game-1.json"]
        assert json.loads(r.files[2].data)["format"] == "darbar-game/1"
    assert bot_errors == []
