"""A thread per game, through the real discord.py client against the fake Discord: a game
opened in a channel lives in a thread of its own (its posts and pings there, its players
the thread's members, the thread renamed as seats fill), the channel keeps a one-line
notice and, at the end, the result; the thread is archived after the server's delay by the
scheduler; where the bot may not open a thread the game stays in the channel and says
which permission is missing; a spectator following by DM gets the public post and never a
hand."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest

from bot.discord_face import threads as face_threads
from bot.discord_face.client import DarbarBot
from engine import games
from engine.games.taj_mahal import rules as tm
from tests.e2e.conftest import serving
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags
from tests.e2e.test_discord_taj_mahal import CARD_ID, _move_steps, kinds_in, public_kinds
from tests.support.table import T0, Clock

pytestmark = pytest.mark.slow  # the bot through the fake Discord: seconds

CHANNEL = 2000
RAVI, MEERA, SPECTATOR = 101, 102, 104


def make_bot(db_url: str, clock: Clock) -> DarbarBot:
    return DarbarBot(database_url=db_url, guild_ready_timeout=0.1, rate_limit=None,
                     clock=clock, reminder_poll=3600)


def posted_in(fake, channel: int, after: int = 0) -> list:
    return [r for r in fake.requests[after:] if r.method == "POST" and r.status == 200
            and r.path == f"/channels/{channel}/messages"]


async def test_a_game_opened_in_a_channel_lives_in_its_own_thread_to_its_archiving(
        db_url, bot_errors):
    clock = Clock(T0)
    async with serving(threads=True) as fake:
        async with fake.running(make_bot(db_url, clock), timeout=30) as bot:
            r = await answer(fake, await fake.slash(
                "ravi", "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new"))
            # The channel keeps one line: who opened what, and a jump link to the thread.
            (thread,) = fake.threads_of(CHANNEL)
            tid = int(thread["id"])
            notice = content(r)
            assert not flags(r) & EPHEMERAL and "\n" not in notice
            assert f"https://discord.com/channels/{fake.guild_id}/{tid}" in notice, notice
            assert r.json["data"]["allowed_mentions"]["parse"] == []
            # The game is stored with the thread as its channel, and its parent kept.
            game = await bot.repo.live_game(str(tid))
            assert game is not None and (await bot.repo.game_thread(game.id)).parent_id == "2000"
            assert await bot.repo.live_game(str(CHANNEL)) is None
            # Its opening post is in the thread; its creator a member; named for the game.
            opening = await fake.wait_for(lambda q: q.path == f"/channels/{tid}/messages")
            name = games.get("goat_tiger").NAME
            assert f"opens a game of **{name}**" in opening.json["content"]
            await face_threads.renamed()
            assert fake.channels[tid]["name"] == f"{name} #{game.id} · ravi"
            assert fake.thread_members[tid] == {fake.bot_id, RAVI}

            # A spectator presses Follow under the notice: added to the thread (checked: the
            # game is live, in this server), told so privately.
            notice_message = fake.message_from_callback(r)
            follow = fake.custom_id_by_label(notice_message, "Follow")
            f = await answer(fake, await fake.click("spectator", int(notice_message["id"]),
                                                    follow))
            assert "You follow game" in content(f) and flags(f) & EPHEMERAL
            assert SPECTATOR in fake.thread_members[tid]
            forged = await answer(fake, await fake.forge_click(
                "spectator", int(notice_message["id"]), f"darbar:fl:{game.id + 50}"))
            assert "cannot find" in content(forged)

            # Meera joins in the thread: the game starts there, renamed, she is a member.
            r = await answer(fake, await fake.slash("meera", "game", subcommand="join",
                                                    channel_id=tid))
            await face_threads.renamed()
            assert fake.channels[tid]["name"] == f"{name} #{game.id} · ravi v meera"
            assert fake.thread_members[tid] == {fake.bot_id, RAVI, MEERA, SPECTATOR}
            # A move made in the thread, its ping there (only the one whose move it is).
            mark = len(fake.requests)
            state = json.loads((await bot.repo.live_game(str(tid))).state)
            g = games.get("goat_tiger")
            role = g.view(state, None)["active"][0]
            line = games.typed_lines(g, state, role, games.random_move(
                g, state, random.Random(1))[0])[0]
            mover = "ravi" if role == "goats" else "meera"
            r = await answer(fake, await fake.slash(mover, "play", {"move": line},
                                                    channel_id=tid))
            moved = r if not flags(r) & EPHEMERAL else posted_in(fake, tid, mark)[-1]
            said = moved.json.get("data", moved.json)
            other = MEERA if mover == "ravi" else RAVI
            assert f"<@{other}>" in said["content"]
            assert [str(u) for u in said["allowed_mentions"]["users"]] == [str(other)]
            assert posted_in(fake, CHANNEL, mark) == []  # the channel is not told of moves
            # /mygames jumps into the thread.
            r = await answer(fake, await fake.slash("ravi", "mygames"))
            assert f"/{tid}" in json.dumps(r.json)

            # Ravi resigns: the result is posted in the thread and, once, in the channel.
            mark = len(fake.requests)
            r = await answer(fake, await fake.slash("ravi", "resign", channel_id=tid))
            yes = next(c for c in fake.component_custom_ids(fake.message_from_callback(r))
                       if c.endswith(":y") or ":y" in c.split("resign:")[-1])
            await (await fake.click("ravi", int(fake.message_from_callback(r)["id"]),
                                    yes)).wait_done(quiet=0.1)
            told = await fake.wait_for(lambda q: q.path == f"/channels/{CHANNEL}/messages"
                                       and q.method == "POST", after=mark)
            assert "Game over" in told.json["content"] and f"/{tid}" in told.json["content"]
            assert told.json["allowed_mentions"]["parse"] == []
            assert len(posted_in(fake, CHANNEL, mark)) == 1
            # /replay in the thread still finds it.
            r = await answer(fake, await fake.slash("meera", "replay", channel_id=tid))
            assert f"#{game.id}" in content(r) and r.files and r.files[0].is_png

            # Archived by the scheduler after the server's archive_hours (24 by default):
            # not before; the time is stored, so a bot started after a restart archives it.
            clock.t = T0 + timedelta(hours=23)
            await bot.run_schedule()
            assert not fake.channels[tid]["thread_metadata"]["archived"]
        mark = len(fake.requests)
        async with fake.running(make_bot(db_url, Clock(T0 + timedelta(hours=25))),
                                timeout=30) as bot:
            def archiving(q) -> bool:
                return q.method == "PATCH" and q.path == f"/channels/{tid}" \
                    and q.json.get("archived") is True

            await fake.wait_for(archiving, after=mark)  # its first tick, at start
            assert fake.channels[tid]["thread_metadata"]["archived"]
            await bot.run_schedule()  # never twice
            assert len([q for q in fake.requests[mark:] if archiving(q)]) == 1
    assert bot_errors == []


@pytest.mark.parametrize(("threads", "denied", "named"), [
    (False, (), "Create Public Threads"),  # a bot invited before it asked for threads
    (True, ("send_messages_in_threads",), "Send Messages in Threads"),
])
async def test_where_the_bot_may_not_open_a_thread_the_game_stays_in_the_channel_saying_why(
        db_url, bot_errors, threads, denied, named):
    async with serving(threads=threads) as fake, \
            fake.running(make_bot(db_url, Clock(T0)), timeout=30) as bot:
        if denied:
            fake.deny(CHANNEL, *denied)
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new"))
        assert fake.threads_of(CHANNEL) == []
        assert not [q for q in fake.requests if q.path.endswith("/threads")]
        assert f"I lack {named} in this channel" in content(r)
        assert await bot.repo.live_game(str(CHANNEL)) is not None
    assert bot_errors == []


async def test_a_server_that_keeps_games_in_channels_gets_no_thread(db_url, bot_errors):
    async with serving(threads=True) as fake, \
            fake.running(make_bot(db_url, Clock(T0)), timeout=30) as bot:
        # Ravi is the server's admin (Manage Channels): a moderator.
        await answer(fake, await fake.slash("ravi", "server", {"threads": "channel"},
                                            subcommand="settings"))
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats"}, subcommand="new"))
        assert fake.threads_of(CHANNEL) == [] and "thread" not in content(r)
        assert await bot.repo.live_game(str(CHANNEL)) is not None
    assert bot_errors == []


async def test_a_follower_by_dm_gets_the_public_post_and_never_a_hand(db_url, bot_errors):
    async with serving(threads=True) as fake, \
            fake.running(make_bot(db_url, Clock(T0)), timeout=30) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "taj_mahal", "opponent": "computer"}, subcommand="new"))
        (thread,) = fake.threads_of(CHANNEL)
        tid = int(thread["id"])
        # The Follow button under the channel's notice: by DM, as asked with the command.
        r = await answer(fake, await fake.slash("spectator", "game", {"how": "dm"},
                                                subcommand="follow", channel_id=tid))
        assert flags(r) & EPHEMERAL and "by DM" in content(r)
        # Ravi (who holds a hand) cannot follow his own game by DM.
        r = await answer(fake, await fake.slash("ravi", "game", {"how": "dm"},
                                                subcommand="follow", channel_id=tid))
        assert flags(r) & EPHEMERAL and "You play in" in content(r)
        dm = fake.dm_channel_id("spectator")
        game = await bot.repo.live_game(str(tid))
        state = json.loads(game.state)
        role = tm.active(state)[0]
        mark = len(fake.requests)
        for line in games.typed_lines(tm, state, role, await _move_steps(state, role)):
            await (await fake.slash("ravi", "play", {"move": line},
                                    channel_id=tid)).wait_done(quiet=0.05)
        public = [q for q in fake.requests[mark:] if q.method == "POST" and q.status == 200
                  and (q.path == f"/channels/{tid}/messages" or (
                      "/callback" in q.path and q.json.get("type") == 4
                      and not flags(q) & EPHEMERAL))]
        sent = await fake.wait_for(lambda q: q.path == f"/channels/{dm}/messages"
                                   and q.method == "POST", after=mark)
        post = public[-1].json.get("data", public[-1].json)
        head, _, body = sent.json["content"].partition("\n")
        assert f"/{tid}" in head and body == post["content"]
        assert sent.json["allowed_mentions"]["parse"] == []
        # The same picture, and nothing else: no hand, no card only a player knows.
        assert [f.data for f in sent.files] == [f.data for f in public[-1].files]
        assert all(f.filename != "hand.png" for f in sent.files)
        seen = public_kinds(json.loads((await bot.repo.latest_game(str(tid))).state)) \
            | public_kinds(state)
        assert not CARD_ID.search(sent.json["content"])
        assert "Your hand" not in sent.json["content"]
        assert not kinds_in(sent.json["content"]) - seen
        # Closed DMs stop them, politely, once: told in the thread, pinging them alone.
        fake.close_dms("spectator")
        state = json.loads((await bot.repo.live_game(str(tid))).state)
        role = tm.active(state)[0]
        mark = len(fake.requests)
        for line in games.typed_lines(tm, state, role, await _move_steps(state, role)):
            await (await fake.slash("ravi", "play", {"move": line},
                                    channel_id=tid)).wait_done(quiet=0.05)
        told = await fake.wait_for(lambda q: q.path == f"/channels/{tid}/messages"
                                   and "direct messages are closed" in q.json["content"],
                                   after=mark)
        assert [str(u) for u in told.json["allowed_mentions"]["users"]] == [str(SPECTATOR)]
        assert await bot.repo.dm_followers(game.id) == []
    assert bot_errors == []


async def test_a_new_game_answered_late_still_leaves_its_notice_in_the_channel(
        db_url, bot_errors, monkeypatch):
    """A `/game new` that runs past its first second is deferred ("thinking…"): the notice
    is then a message of the channel, and the caller's placeholder says the same."""
    from bot.discord_face import respond

    monkeypatch.setattr(respond, "DEFER_AFTER", 0.0)
    async with serving(threads=True) as fake, \
            fake.running(make_bot(db_url, Clock(T0)), timeout=30) as bot:
        handle = await fake.slash("ravi", "game", {"game": "goat_tiger", "side": "goats"},
                                  subcommand="new")
        await handle.wait_done(quiet=0.2)
        (thread,) = fake.threads_of(CHANNEL)
        tid = int(thread["id"])
        notice = await fake.wait_for(lambda q: q.method == "POST"
                                     and q.path == f"/channels/{CHANNEL}/messages")
        assert f"/{tid}" in notice.json["content"]
        assert notice.json["allowed_mentions"]["parse"] == []
        assert any(c.startswith("darbar:fl:") for row in notice.json["components"]
                   for c in [x["custom_id"] for x in row["components"]])
        assert await fake.wait_for(lambda q: q.method == "POST"
                                   and q.path == f"/channels/{tid}/messages")
        assert await bot.repo.live_game(str(tid)) is not None
    assert bot_errors == []
