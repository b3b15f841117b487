"""Issue 41, a thread per game and spectators who follow, at the table: where a new game
lives (its own thread where the server wants one and the face can open one; the channel
itself where the server says so, or where the bot may not, saying which permission it
lacks), the thread's name, its members, the notice and the result in its parent channel,
its archiving after the server's delay (claimed once), and who may follow a game and how."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.replies import NoThread, Place
from bot.table import Table
from bot.table.game_threads import MAX_NAME, thread_name
from engine import games
from tests.support.table import HERE, MEERA, MOD, RAVI, SAM, T0, Clock

GT = games.get("goat_tiger").NAME


class Opener:
    """A face's thread opener: the threads it opened, or the permissions it lacks."""

    def __init__(self, lacks: tuple[str, ...] = ()) -> None:
        self.lacks = lacks
        self.opened: list[str] = []

    async def open(self, name: str) -> str:
        if self.lacks:
            raise NoThread(self.lacks)
        self.opened.append(name)
        return str(3000 + len(self.opened))


@pytest.fixture
def clock():
    return Clock(T0)


@pytest.fixture
def table(repo, clock):
    return Table(repo, now=clock)


async def opened_game(table, opener=None, **new):
    place = replace(HERE, opener=opener or Opener())
    r = await table.new(place, RAVI, "goat_tiger", role="goats", **new)
    assert not r.error, r.private
    return r


def test_a_thread_is_named_for_the_game_its_number_and_players_within_100_characters():
    assert thread_name(GT, 12, ["ravi", "meera"]) == f"{GT} #12 · ravi v meera"
    assert thread_name(GT, None, ["ravi"]) == f"{GT} · ravi"
    long = [f"player{i}-" + "x" * 20 for i in range(5)]
    name = thread_name("Vijayanagara", 1234, long)
    assert len(name) <= MAX_NAME and name.endswith(" +3"), name
    assert thread_name("G", 1, ["a\nb", "a\nb"]) == "G #1 · a b"  # one line; each once
    assert len(thread_name("G" * 95, 99999, ["y" * 200])) <= MAX_NAME


async def test_a_new_game_in_a_channel_lives_in_a_thread_of_its_own(table, repo):
    opener = Opener()
    r = await opened_game(table, opener)
    assert opener.opened == [f"{GT} · ravi"]  # opened once everything was checked
    game = await repo.live_game("3001")
    assert game is not None and await repo.live_game("2000") is None
    assert (await repo.game_thread(game.id)).parent_id == "2000"
    t = r.thread
    assert t.opened and t.thread_id == "3001" and t.parent_id == "2000"
    assert t.name == f"{GT} #{game.id} · ravi" and t.add == ("101",)
    assert "https://discord.com/channels/1000/3001" in t.to_parent and "\n" not in t.to_parent
    assert r.follow == game.id
    # Every command works in the thread: Meera joins there, the thread is renamed for
    # both players and she is added to it.
    r = await table.join(Place("3001", "1000"), MEERA)
    assert not r.error and r.thread.name == f"{GT} #{game.id} · ravi v meera"
    assert set(r.thread.add) == {"101", "102"} and not r.thread.opened
    # Goat-Tiger starts with two: with a third seat free in a game that allows it, a
    # person leaving renames it back (checked below with Rajas, 2-4 players).


async def test_the_thread_is_renamed_when_someone_leaves_before_the_start(table, repo):
    await table.new(replace(HERE, opener=Opener()), RAVI, "rajas")
    here = Place("3001", "1000")
    game = await repo.live_game("3001")
    name = games.get("rajas").NAME
    r = await table.join(here, MEERA)
    assert r.thread.name == f"{name} #{game.id} · ravi v meera"
    r = await table.leave(here, MEERA)
    assert not r.error and r.thread.name == f"{name} #{game.id} · ravi"


async def test_a_refused_game_opens_no_thread(table, repo):
    opener = Opener()
    r = await table.new(replace(HERE, opener=opener), RAVI, "goat_tiger",
                        options={"goats": "99"})
    assert r.error and opener.opened == []


async def test_where_the_bot_lacks_a_permission_the_game_stays_in_the_channel_saying_which(
        table, repo):
    r = await opened_game(table, Opener(lacks=("Send Messages in Threads",)))
    assert r.thread is None and await repo.live_game("2000") is not None
    assert "I lack Send Messages in Threads in this channel" in r.public
    assert "`/server settings threads:channel`" in r.public


async def test_a_server_that_keeps_games_in_channels_gets_no_thread(table, repo):
    await table.server_settings(HERE, MOD, threads="channel")
    opener = Opener()
    r = await opened_game(table, opener)
    assert opener.opened == [] and r.thread is None
    assert await repo.live_game("2000") is not None and "thread" not in r.public
    # And a place with no opener (a thread, the sandbox) is today's channel as well.
    r = await table.new(Place("2001", "1000"), MEERA, "goat_tiger")
    assert r.thread is None and await repo.live_game("2001") is not None


async def finish(table, here: Place) -> None:
    await table.join(here, MEERA)
    r = await table.resign(here, RAVI, confirm=True)
    assert not r.error, r.private


async def test_the_end_is_said_in_the_parent_once_and_the_thread_archived_after_the_delay(
        table, repo, clock):
    await opened_game(table)
    here = Place("3001", "1000")
    await finish(table, here)
    game = await repo.latest_game("3001")
    assert game.status == "finished"
    gt = await repo.game_thread(game.id)
    assert gt.archive_at == T0 + timedelta(hours=24)  # the server's default
    # Said once in the parent, even if the result is posted again (a catch-up).
    again = await table.board(here, SAM)
    assert again.thread is None or again.thread.to_parent is None
    clock.t = T0 + timedelta(hours=23, minutes=59)
    assert await table.threads_to_archive(clock()) == []
    clock.t = T0 + timedelta(hours=24)
    assert [t.thread_id for t in await table.threads_to_archive(clock())] == ["3001"]
    assert await table.threads_to_archive(clock()) == []  # claimed: never twice


async def test_the_result_in_the_parent_names_the_winner_with_a_jump_link(table, repo):
    await table.server_settings(HERE, MOD, archive_hours=0)
    await opened_game(table)
    here = Place("3001", "1000")
    await table.join(here, MEERA)
    seen = []
    real = table._post

    async def post(lg, *a, **k):
        reply = await real(lg, *a, **k)
        seen.append(reply)
        return reply

    table._post = post
    r = await table.resign(here, RAVI, confirm=True)
    said = next(x.thread.to_parent for x in [r, *seen] if x.thread and x.thread.to_parent)
    assert "Game over" in said and "meera" in said
    assert "https://discord.com/channels/1000/3001" in said
    assert [t.thread_id for t in await table.threads_to_archive(T0)] == ["3001"]  # 0: at once


async def test_a_thread_where_a_rematch_is_under_way_is_not_archived(table, repo, clock):
    await table.server_settings(HERE, MOD, archive_hours=0)
    await opened_game(table)
    here = Place("3001", "1000")
    await finish(table, here)
    r = await table.rematch_last(here, RAVI, "keep")
    assert not r.error, r.private
    assert await table.threads_to_archive(clock()) == []


async def test_a_spectator_follows_in_the_thread_or_by_dm_and_players_cannot(table, repo):
    await opened_game(table)
    here = Place("3001", "1000")
    game = await repo.live_game("3001")
    r = await table.follow(here, SAM, "thread")
    assert not r.error and r.thread.add == ("104",) and "thread" in r.private
    r = await table.unfollow(here, SAM)
    assert not r.error and r.thread.remove == ("104",)
    r = await table.unfollow(here, SAM)
    assert r.error and "do not follow" in r.private
    # By DM: each public post names them among its followers.
    assert not (await table.follow(here, SAM, "dm")).error
    r = await table.join(here, MEERA)
    assert r.followers == ("104",)
    # Players are refused (they are pinged, and members of the thread already).
    r = await table.follow(here, MEERA, "dm")
    assert r.error and "You play in" in r.private
    assert await repo.follower(game.id, "102") is None
    # Closed DMs stop the DMs, once.
    assert await table.follower_unreachable(game.id, "104")
    assert not await table.follower_unreachable(game.id, "104")
    assert await repo.dm_followers(game.id) == []


async def test_a_follow_button_is_checked_against_the_database(table, repo):
    await opened_game(table)
    game = await repo.live_game("3001")
    elsewhere = Place("2000", "9999")  # another server
    r = await table.follow(elsewhere, SAM, game_id=game.id)
    assert r.error and "cannot find" in r.private
    r = await table.follow(HERE, SAM, game_id=game.id + 7)
    assert r.error
    r = await table.follow(HERE, SAM, game_id=game.id)  # from the notice in the parent
    assert not r.error and r.thread.add == ("104",)  # in its thread: the default there
    assert (await repo.follower(game.id, "104")).how == "thread"


async def test_a_game_in_its_channel_is_followed_by_dm_only(table, repo):
    await table.new(HERE, RAVI, "goat_tiger")
    r = await table.follow(HERE, SAM, "thread")
    assert r.error and "not in a thread of its own" in r.private and "how:dm" in r.private
    r = await table.follow(HERE, SAM)
    assert not r.error and "by DM" in r.private


async def test_an_aborted_game_is_said_in_the_parent_and_its_thread_archived(table, repo):
    await opened_game(table)
    game = await repo.live_game("3001")
    r = await table.abort(Place("3001", "1000"), RAVI)
    assert not r.error and "aborted" in r.thread.to_parent
    assert "https://discord.com/channels/1000/3001" in r.thread.to_parent
    assert (await repo.game_thread(game.id)).archive_at == T0 + timedelta(hours=24)
