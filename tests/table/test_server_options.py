"""Issue 41: a server's community settings (`/server settings`): where its games live, when
a finished game's thread is archived, the lobby, the looking-for-a-game role and how long a
timed-out seat is offered to substitutes. Moderators set them; anything out of range is
refused with what is allowed, and nothing is saved."""

from __future__ import annotations

from bot.table.server_options import ARCHIVE_HOURS, ServerOptions
from tests.support.table import HERE, MOD, RAVI


async def options(repo) -> ServerOptions:
    return ServerOptions.of(await repo.server(HERE.guild_id))


async def test_a_server_without_settings_gives_each_game_a_thread(table, repo):
    r = await table.server_settings(HERE, RAVI)
    assert not r.error
    assert "Each new game lives in a thread of its own" in r.private
    assert f"archived after {ARCHIVE_HOURS} hours" in r.private
    assert "no lobby set" in r.private and "handed to the computer at once" in r.private
    assert await options(repo) == ServerOptions()


async def test_moderators_choose_the_channel_a_lobby_a_role_and_substitutes(table, repo):
    r = await table.server_settings(HERE, MOD, threads="channel", lobby="3001",
                                    lfg_role="4001", substitute_hours=12, archive_hours=0)
    assert not r.error, r.private
    assert "(saved)" in r.private and "the channel where `/game new` was given" in r.private
    assert "<#3001>" in r.private and "<@&4001>" in r.private
    assert "offered to substitutes for 12 hours" in r.private
    assert await options(repo) == ServerOptions(threads=False, archive_hours=0, lobby="3001",
                                                lfg_role="4001", substitute_hours=12)
    r = await table.server_settings(HERE, MOD, threads="thread", lobby="none", lfg_role="none")
    assert not r.error
    o = await options(repo)
    assert o.threads and o.lobby is None and o.lfg_role is None and o.substitute_hours == 12


async def test_settings_out_of_range_are_refused_and_nothing_is_saved(table, repo):
    for bad in ({"threads": "forum"}, {"archive_hours": 24 * 31},
                {"substitute_hours": -1}, {"substitute_hours": 24 * 8}):
        r = await table.server_settings(HERE, MOD, lobby="3001", **bad)
        assert r.error, bad
        assert f"`{next(iter(bad))}`" in r.private, r.private
        assert await options(repo) == ServerOptions()


async def test_only_moderators_change_them(table, repo):
    r = await table.server_settings(HERE, RAVI, lobby="3001")
    assert r.error and "Only moderators" in r.private
    assert await options(repo) == ServerOptions()
