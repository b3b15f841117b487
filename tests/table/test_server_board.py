"""The server's board at the table (``/server board``): who may set it, what it lists and in
which order, its pages within Discord's 2,000 characters, and when it is redrawn: only when
a game changed, at most once in BOARD_EVERY whatever the load, by one process of several,
at once after its message was deleted. The face's part (posting, editing, repairing
through Discord) is tests/e2e/test_community_board.py's."""

from __future__ import annotations

import asyncio
import json
import random
import re
from datetime import timedelta

from bot.replies import MAX_TEXT, Actor, Place
from bot.table import Table
from bot.table.board import BOARD_EVERY
from bot.table.board_lines import MAX_PAGES
from engine import games
from tests.support.table import ASHA, MEERA, MOD, RAVI, random_move_line

GUILD = "1000"
BOARD_CHANNEL = "2999"
NAME = games.get("goat_tiger").NAME


def at(channel: int) -> Place:
    return Place(channel_id=str(channel), guild_id=GUILD)


async def goat_tiger(table, channel: int, *, join: bool = True, pace: str | None = None):
    r = await table.new(at(channel), RAVI, "goat_tiger", role="goats", seed=channel,
                        **({"pace": pace} if pace else {}))
    assert not r.error, r.private
    if join:
        r = await table.join(at(channel), MEERA)
        assert not r.error, r.private


async def move(table, channel: int, rng: random.Random) -> None:
    game = await table.repo.live_game(str(channel))
    state = json.loads(game.state)
    who = RAVI if state["to_move"] == "goats" else MEERA
    r = await table.play(at(channel), who, random_move_line(state, rng))
    assert not r.error, r.private


async def set_board(table) -> None:
    r = await table.server_board(at(2000), MOD, BOARD_CHANNEL)
    assert not r.error, r.private


async def test_only_a_moderator_sets_the_board_and_a_refusal_stores_nothing(table, repo):
    r = await table.server_board(at(2000), RAVI, BOARD_CHANNEL)
    assert r.error and "Only moderators" in r.private and "/game list" in r.private
    assert await repo.board(GUILD) is None
    r = await table.server_board(at(2000), RAVI)  # anyone may ask where it is
    assert not r.error and "no board" in r.private
    await set_board(table)
    r = await table.server_board(at(2000), RAVI)
    assert f"<#{BOARD_CHANNEL}>" in r.private
    r = await table.server_board(at(2000), MOD, off=True)
    assert not r.error and "switched off" in r.private
    r = await table.server_board(at(2000), RAVI)
    assert "off (switched off by mod)" in r.private
    assert (await repo.board(GUILD)).channel_id is None


async def test_open_seats_first_then_the_longest_waiting_and_finished_games_left_off(
        repo, clock):
    table = Table(repo, now=clock)
    rng = random.Random(1)
    await goat_tiger(table, 2001)  # under way: waits on the Goats from T0
    clock.t += timedelta(hours=1)
    await goat_tiger(table, 2002)
    await move(table, 2002, rng)  # waits on the Tigers (meera) from T0 + 1 h
    clock.t += timedelta(hours=1)
    await goat_tiger(table, 2003, join=False)  # one seat open
    await goat_tiger(table, 2004)
    r = await table.abort(at(2004), RAVI)
    assert not r.error, r.private
    pages = await table.board_pages(GUILD)
    assert len(pages) == 1
    lines = pages[0].splitlines()
    assert "1 game with open seats, 2 under way" in lines[0]
    assert lines[1].startswith(f"🪑 **{NAME}** #3 · 1 seat open of 2 · ravi (Goats)")
    assert lines[1].endswith("join there: [jump](https://discord.com/channels/1000/2003)")
    assert "#1 · ravi (Goats), meera (Tigers) · **ravi (Goats)** to move since" in lines[2]
    assert "#2 · ravi (Goats), meera (Tigers) · **meera (Tigers)** to move since" in lines[3]
    assert "#4" not in pages[0]  # ended
    assert "[jump](https://discord.com/channels/1000/2001)" in lines[2]
    assert f"<t:{int((clock.t - timedelta(hours=2)).timestamp())}:R>" in lines[2]


async def test_a_timed_game_shows_its_pace_and_when_the_clock_runs_out(repo, clock):
    table = Table(repo, now=clock)
    await goat_tiger(table, 2001, pace="48h+6h/96h")
    line = (await table.board_pages(GUILD))[0].splitlines()[1]
    runs_out = int((clock.t + timedelta(hours=48)).timestamp())
    assert f"⏱ 48h+6h/96h, runs out <t:{runs_out}:R>" in line


async def test_a_long_board_is_paged_each_page_a_message_and_every_game_on_it(repo, clock):
    table = Table(repo, now=clock)
    for channel in range(3000, 3060):  # 60 games, opened by four people
        await table.new(at(channel), [RAVI, MEERA, ASHA, MOD][channel % 4], "goat_tiger",
                        seed=channel)
    pages = await table.board_pages(GUILD)
    assert 2 <= len(pages) <= MAX_PAGES
    assert all(len(p) <= MAX_TEXT for p in pages)
    assert pages[1].startswith(f"**This server's games**, page 2 of {len(pages)}")
    shown = [int(n) for p in pages for n in re.findall(r"\*\* #(\d+) ", p)]
    assert shown == sorted(shown)  # opened first, shown first
    assert len(shown) == 60


async def test_a_board_is_redrawn_only_when_a_game_changed_and_at_most_every_n_seconds(
        repo, clock):
    table = Table(repo, now=clock)
    rng = random.Random(2)
    for channel in (2001, 2002, 2003):
        await goat_tiger(table, channel)
    await set_board(table)
    first = await table.boards_due(guild_id=GUILD)
    assert [d.channel_id for d in first] == [BOARD_CHANNEL]
    assert first[0].messages == () and len(first[0].pages) == 1
    assert await table.board_drawn(first[0], ["9001"], list(first[0].pages))
    clock.t += BOARD_EVERY
    assert await table.boards_due() == []  # nothing changed: nothing drawn, nothing written
    assert (await repo.board(GUILD)).version == first[0].version + 1
    # The first move after a quiet spell is drawn at once; the eight that follow within
    # BOARD_EVERY wait, and are drawn together once it has passed.
    await move(table, 2001, rng)
    (lead,) = await table.boards_due()
    await table.board_drawn(lead, ["9001"], list(lead.pages))
    for _ in range(2):
        for channel in (2001, 2002, 2003):
            await move(table, channel, rng)
            assert await table.boards_due() == []
            clock.t += timedelta(seconds=3)
    await move(table, 2002, rng)
    assert await table.boards_due() == []
    clock.t = lead_at = clock.t + BOARD_EVERY - timedelta(seconds=18)
    (again,) = await table.boards_due()
    assert again.messages == ("9001",) and again.pages != lead.pages
    await table.board_drawn(again, ["9001"], list(again.pages))
    # The next change waits BOARD_EVERY from this redraw.
    await move(table, 2001, rng)
    clock.t = lead_at + BOARD_EVERY - timedelta(seconds=1)
    assert await table.boards_due() == []
    clock.t += timedelta(seconds=1)
    assert len(await table.boards_due()) == 1


async def test_of_two_processes_one_redraws(repo, clock):
    one, two = Table(repo, now=clock), Table(repo, now=clock)
    await goat_tiger(one, 2001)
    await set_board(one)
    clock.t += BOARD_EVERY
    due = await asyncio.gather(one.boards_due(), two.boards_due())
    assert sorted(len(d) for d in due) == [0, 1]


async def test_a_deleted_message_is_posted_again_at_once_with_the_pages_after_it(
        repo, clock):
    table = Table(repo, now=clock)
    await goat_tiger(table, 2001)
    await set_board(table)
    (draw,) = await table.boards_due(guild_id=GUILD)
    await table.board_drawn(draw, ["9001", "9002"], ["a", "b"])
    assert not await table.board_message_gone(BOARD_CHANNEL, ["1234"])  # someone else's
    assert await table.board_message_gone(BOARD_CHANNEL, ["9001"])
    (draw,) = await table.boards_due()  # at once, not BOARD_EVERY later
    assert draw.messages == (None, "9002")
    # Survives a restart: a new table on the same database finds what is stored.
    await table.board_drawn(draw, ["9003"], list(draw.pages))
    assert json.loads((await repo.board(GUILD)).messages) == ["9003"]


async def test_a_board_switched_off_by_the_face_says_why(repo, clock):
    table = Table(repo, now=clock)
    await set_board(table)
    (draw,) = await table.boards_due(guild_id=GUILD)
    await table.board_off(draw, "I may not post in <#2999> (Send Messages).")
    clock.t += BOARD_EVERY * 10
    assert await table.boards_due() == []
    r = await table.server_board(at(2000), RAVI)
    assert "off (I may not post in <#2999> (Send Messages).)" in r.private


async def test_a_hostile_name_shows_as_typed_and_mentions_nobody(repo, clock):
    table = Table(repo, now=clock)
    hostile = Actor("106", "**@everyone** <@101> [x](https://evil.example) # head")
    r = await table.new(at(2001), hostile, "goat_tiger", role="goats", seed=1)
    assert not r.error, r.private
    (page,) = await table.board_pages(GUILD)
    line = page.splitlines()[1]
    # Shown as typed (escaped), never bold, a link or a mention; the face sends the board
    # with no mentions allowed besides.
    assert ("\\*\\*\\@everyone\\*\\* \\<\\@101> \\[x\\](https\\://evil.example) # head "
            "(Goats)") in line


async def test_only_the_process_carrying_the_server_looks_at_its_board(repo, clock):
    table = Table(repo, now=clock)
    await goat_tiger(table, 2001)
    await set_board(table)
    # The command draws it itself (the face's at once); the looks leave it alone for
    # BOARD_EVERY meanwhile, then take it up if that draw never finished.
    assert await table.boards_due() == []
    clock.t += BOARD_EVERY
    version = (await repo.board(GUILD)).version
    assert await table.boards_due(owns=lambda guild: guild != GUILD) == []
    assert (await repo.board(GUILD)).version == version  # not claimed either
    assert len(await table.boards_due(owns=lambda guild: guild == GUILD)) == 1


async def test_open_seats_are_counted_against_the_players_the_game_was_opened_for(table):
    r = await table.new(at(2001), RAVI, "taj_mahal", seed=1, options={"players": 3})
    assert not r.error, r.private
    r = await table.new(at(2002), RAVI, "taj_mahal", seed=2)  # the number left open
    assert not r.error, r.private
    lines = (await table.board_pages(GUILD))[0].splitlines()
    assert "#1 · 2 seats open of 3 · ravi" in lines[1]
    cap = games.get("taj_mahal").PLAYERS[1]
    assert f"#2 · {cap - 1} seats open of {cap} · ravi" in lines[2]
