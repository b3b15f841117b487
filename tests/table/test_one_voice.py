"""One voice for numbers and names (issue 36): counts agree with their number, and a
result names its winners the same way in the post's words and on its banner."""

from __future__ import annotations

import json

import pytest

from bot.replies import Actor, Place, escape
from engine import games
from tests.support.table import HERE, MEERA, MOD, RAVI, SAM
from tests.table.test_after_the_game import end_with, play_moves, seat


@pytest.mark.slow
async def test_the_winners_are_named_alike_in_the_text_and_on_the_banner(table, repo):
    # ravi alone against two computer sides: ravi resigns, the computer's two sides win.
    r = await table.new(HERE, RAVI, "taj_mahal", options={"players": 3},
                        opponent="computer", seed=3)
    assert not r.error, r.private
    game = await repo.latest_game(HERE.channel_id)
    g = games.get("taj_mahal")
    computer = {s.role for s in await repo.seats(game.id) if s.is_bot}
    names = " and ".join(g.ROLE_NAMES[r] for r in g.ROLES if r in computer)
    r = await table.resign(HERE, RAVI, confirm=True)
    assert not r.error, r.private
    said = f"Computer ({names}) wins"
    assert said in r.public, r.public
    # The banner's title is the first sentence of the picture's alt text.
    assert r.image_alt.startswith(f"Game over — {said}."), r.image_alt


@pytest.mark.slow
async def test_counts_of_one_are_singular_in_the_result_and_the_standings(table, repo):
    place = Place("4200", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=place, role="goats")
    await play_moves(table, repo, 1, place=place)
    game = await repo.latest_game(place.channel_id)
    assert games.get("goat_tiger").view(json.loads(game.state), None)["move"] == 1
    r = await table.resign(place, MEERA, confirm=True)
    assert "1 move over" in r.public and "1 moves" not in r.public, r.public
    assert "(1 move)" in r.public, r.public  # why it is not rated
    for asked in (await table.leaderboard(place, SAM, "goat_tiger"),
                  await table.profile(place, SAM, RAVI),
                  await table.stats(place, SAM, "goat_tiger")):
        text = asked.private or ""
        assert not any(f"1 {w}s" in text for w in ("game", "win", "move", "day")), text


@pytest.mark.slow
async def test_a_rated_game_of_one_says_one_game_and_one_win(table, repo):
    place = Place("4300", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=place, role="goats")
    await play_moves(table, repo, 8, place=place)
    await end_with(table, repo, ["goats", "tigers"], place=place)
    board = (await table.leaderboard(place, SAM, "goat_tiger")).private
    assert "(1 game, 1 win)" in board and "(1 game, 0 wins)" in board, board
    stats = (await table.stats(place, SAM, "goat_tiger")).private
    assert "1 finished game, 1 rated" in stats, stats


@pytest.mark.slow
async def test_my_games_and_the_game_list_name_the_awaited_person_not_a_mention(table, repo):
    odd = Actor("108", "m*e*e_r`a <@1>")
    await seat(table, "goat_tiger", [RAVI, odd], role="goats")
    await play_moves(table, repo, 1)  # ravi's Goats moved: the Tigers are awaited
    mine = (await table.my_games(HERE, RAVI)).private
    assert f"waiting for {escape(odd.name)} (Tigers)" in mine, mine
    theirs = (await table.my_games(HERE, odd)).private
    assert "your move" in theirs, theirs
    listed = (await table.list_games(HERE, MOD)).private
    assert f"waiting for {escape(odd.name)} (Tigers)" in listed, listed
