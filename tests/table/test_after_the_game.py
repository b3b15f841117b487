"""After the game (issue 28): the result post, the rematch, ratings that count only
fair games and match the openskill library's own values, a recompute that reproduces
them, and /leaderboard, /profile, /stats."""

import io
import json
import random

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from bot import admin
from bot.replies import Actor, Place
from db import NewStep
from engine import games
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, SAM

ARJUN, NEHA = Actor("106", "arjun"), Actor("107", "neha")
PEOPLE = [RAVI, MEERA, ASHA, ARJUN, NEHA]


async def play_moves(table, repo, n: int, seed: int = 1, place=HERE) -> None:
    """``n`` completed moves of random legal steps, each by whoever holds the side."""
    rng = random.Random(seed)
    game = await repo.latest_game(place.channel_id)
    g = games.get(game.game)
    by_role = {s.role: s.user_id for s in await repo.seats(game.id)}
    who = {p.user_id: p for p in PEOPLE}
    done = 0
    while done < n and game.status == "active":
        state = json.loads(game.state)
        view = g.view(state, None)
        role = view["active"][0]
        step = rng.choice(games.legal_steps(g, g.view(state, role)))
        r = await table.play(place, who[by_role[role]], g.token(*step))
        assert not r.error, r.private
        game = await repo.latest_game(place.channel_id)
        done = g.view(json.loads(game.state), None)["move"]


async def seat(table, game: str, people, options=None, place=HERE, **kw) -> None:
    g = games.get(game)
    first = people[0]
    r = await table.new(place, first, game, options=options or {}, **kw)
    assert not r.error, r.private
    for person in people[1:]:
        r = await table.join(place, person)
        assert not r.error, r.private
    if (await table.repo.latest_game(place.channel_id)).status == "setup":
        r = await table.start(place, first)
        assert not r.error, r.private
    assert g


async def end_with(table, repo, winners_first: list[str], place=HERE):
    """End the channel's game as the rules would, with sides placed in this order (the
    first wins), and conclude it as the table does at the end of a game."""
    game = await repo.latest_game(place.channel_id)
    n = len(winners_first)
    scores = {r: 10 * (n - i) for i, r in enumerate(winners_first)}
    await repo.set_status(game, "finished", result={"winners": winners_first[:1],
                                                    "scores": scores})
    lg = await table._loaded(await repo.get_game(game.id))
    return await table.conclude(lg)


async def roles_of(repo, place=HERE) -> dict[str, str]:
    game = await repo.latest_game(place.channel_id)
    return {s.user_id: s.role for s in await repo.seats(game.id) if s.user_id}


# --- the result post -------------------------------------------------------------------

@pytest.mark.slow
async def test_the_result_post_has_a_banner_the_length_and_rematch_buttons(table, repo):
    await seat(table, "goat_tiger", [RAVI, MEERA], role="goats")
    normal = await table.board(HERE, RAVI)
    r = await table.resign(HERE, MEERA, confirm=True)
    assert not r.error and r.rematch == (await repo.latest_game(HERE.channel_id)).id
    assert "📜 Game #" in r.public and "0 moves over" in r.public
    assert "ravi (Goats) v meera (Tigers)" in r.public
    assert "Not rated: it was shorter than 3 moves a player" in r.public
    banner = Image.open(io.BytesIO(r.image))
    plain = Image.open(io.BytesIO(normal.image))
    assert banner.width == plain.width and banner.height > plain.height
    assert r.image_alt.startswith("Game over — ravi (Goats) wins.")


# --- the rematch -----------------------------------------------------------------------

@pytest.mark.slow
async def test_a_rematch_of_two_players_rotates_the_seats_in_two_clicks(table, repo):
    await seat(table, "goat_tiger", [RAVI, MEERA], pace="slow", role="goats")
    old = await repo.latest_game(HERE.channel_id)
    await table.resign(HERE, MEERA, confirm=True)
    r = await table.rematch(HERE, SAM, old.id)
    assert r.error and "Only the players of game" in r.private
    r = await table.rematch(HERE, MEERA, old.id)
    assert not r.error and r.join and "press **Join**" in r.public_text(lambda p: p.name)
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    # Ravi finds the invitation among his games, with the side the rematch keeps for him.
    mine = (await table.my_games(HERE, RAVI)).private
    assert "1 rematch invitation" in mine, mine
    assert "you: Tigers · ✉️ a rematch you are invited to: press **Join**" in mine, mine
    assert "invit" not in (await table.my_games(HERE, SAM)).private
    assert "invit" not in (await table.my_games(HERE, MEERA)).private  # she sits there
    r = await table.join(HERE, SAM)
    assert r.error and "rematch of game" in r.private
    r = await table.rematch(HERE, RAVI, old.id)  # the second click joins
    assert not r.error, r.private
    mine = (await table.my_games(HERE, RAVI)).private
    assert "invit" not in mine and "you: Tigers ·" in mine, mine
    new = await repo.latest_game(HERE.channel_id)
    assert new.id != old.id and new.status == "active"
    assert await roles_of(repo) == {RAVI.user_id: "tigers", MEERA.user_id: "goats"}
    assert json.loads(new.pace)["control"] == json.loads(old.pace)["control"]  # same pace
    assert new.options == old.options


@pytest.mark.parametrize(("game", "count", "options"), [
    ("taj_mahal", 3, {"players": "3"}), ("rajas", 4, {"players": "4"}),
    ("maharaja", 5, {"players": "5"})])
@pytest.mark.slow
async def test_a_rematch_of_every_player_count(table, repo, game, count, options):
    people = PEOPLE[:count]
    await seat(table, game, people, options)
    before = await roles_of(repo)
    order = [s.user_id for s in sorted(await repo.seats(
        (await repo.latest_game(HERE.channel_id)).id), key=lambda s: s.position)]
    old = await end_with(table, repo, list(before.values()))
    assert old is not None
    last = await repo.latest_game(HERE.channel_id)
    r = await table.rematch(HERE, people[-1], last.id, "rotate")
    assert not r.error, r.private
    for person in people[:-1]:
        r = await table.join(HERE, person, game_id=r.join or (
            await repo.latest_game(HERE.channel_id)).id)
        assert not r.error, r.private
    after = await roles_of(repo)
    assert (await repo.latest_game(HERE.channel_id)).status == "active"
    # Each person takes the side of the next seat.
    assert [after[u] for u in order] == [before[u] for u in order[1:] + order[:1]]


@pytest.mark.slow
async def test_keep_and_shuffle_and_the_computer_fills_its_seats(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer")
    await table.resign(HERE, RAVI, confirm=True)
    old = await repo.latest_game(HERE.channel_id)
    r = await table.rematch(HERE, RAVI, old.id, "keep")
    assert not r.error and r.join is None  # nobody to wait for: it starts at once
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "active" and await roles_of(repo) == {RAVI.user_id: "goats"}
    assert any(s.is_bot and s.role == "tigers" for s in await repo.seats(game.id))
    r = await table.rematch(HERE, RAVI, old.id, "shuffle")
    assert r.error and "already has a game" in r.private
    r = await table.rematch(HERE, RAVI, old.id, "sideways")
    assert r.error


# --- ratings ---------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("game", "count", "options"), [
    ("goat_tiger", 2, {}), ("taj_mahal", 3, {"players": "3"}),
    ("maharaja", 5, {"players": "5"})])
@pytest.mark.slow
async def test_ratings_are_the_librarys_own_values(table, repo, game, count, options):
    people = PEOPLE[:count]
    await seat(table, game, people, options)
    await play_moves(table, repo, 3 * count)
    sides = await roles_of(repo)
    order = [sides[p.user_id] for p in reversed(people)]  # the last person wins
    await end_with(table, repo, order)
    model = PlackettLuce()
    ranks = list(range(1, count + 1))
    expected = model.rate([[model.rating()] for _ in people], ranks=ranks)
    got = {r.user_id: r for r in await repo.all_ratings() if r.guild_id == HERE.guild_id}
    for person, (want,) in zip(reversed(people), expected, strict=True):
        rating = got[person.user_id]
        assert (rating.mu, rating.sigma) == pytest.approx((want.mu, want.sigma))
    # Across servers too, the same values for a first game.
    everywhere = {r.user_id: r for r in await repo.all_ratings() if r.guild_id == "*"}
    assert {k: v.mu for k, v in everywhere.items()} == pytest.approx(
        {k: v.mu for k, v in got.items()})
    board = await table.leaderboard(HERE, people[-1], game)
    assert not board.error and "1. " + people[-1].name in board.private


@pytest.mark.slow
async def test_games_that_must_not_count_do_not(table, repo):
    # Against the computer.
    await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer")
    await play_moves(table, repo, 8)
    ending = await end_with(table, repo, ["goats", "tigers"])
    assert "Not rated: the computer played a side." in ending.lines
    # Too short.
    other = Place("2001", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=other)
    ending = await end_with(table, repo, ["goats", "tigers"], place=other)
    assert any("shorter than 3 moves a player" in x for x in ending.lines)
    # One person holding two sides.
    third = Place("2002", HERE.guild_id)
    await table.new(third, RAVI, "goat_tiger", role="goats")
    await table.join(third, RAVI, "tigers")
    await table.start(third, RAVI)
    await play_moves(table, repo, 8, place=third)
    ending = await end_with(table, repo, ["goats", "tigers"], place=third)
    assert "Not rated: one person made most of the moves of more than one side." in ending.lines
    # Undo past a reveal (a redeal in the log).
    fourth = Place("2003", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=fourth)
    await play_moves(table, repo, 8, place=fourth)
    game = await repo.latest_game(fourth.channel_id)
    await repo.append_steps(game, [NewStep("goats", None, games.REDEAL, 1)],
                            json.loads(game.state))
    ending = await end_with(table, repo, ["goats", "tigers"], place=fourth)
    assert any("taken back past dice" in x for x in ending.lines)
    # Aborted: never concluded, never rated.
    fifth = Place("2004", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=fifth)
    await table.abort(fifth, RAVI)
    assert await repo.all_ratings() == []
    # A fair one counts, once, however often it is concluded.
    sixth = Place("2005", HERE.guild_id)
    await seat(table, "goat_tiger", [RAVI, MEERA], place=sixth)
    await play_moves(table, repo, 8, place=sixth)
    ending = await end_with(table, repo, ["tigers", "goats"], place=sixth)
    assert any(x.startswith("📈 Ratings: ") for x in ending.lines)
    lg = await table._loaded(await repo.latest_game(sixth.channel_id))
    await table.conclude(lg)
    ratings = await repo.all_ratings()
    assert len(ratings) == 4 and all(r.games == 1 for r in ratings)  # 2 people, 2 scopes


@pytest.mark.slow
async def test_recompute_reproduces_the_ratings_table(table, repo):
    for i, winner in enumerate(["goats", "tigers", "goats"]):
        place = Place(str(3000 + i), HERE.guild_id)
        await seat(table, "goat_tiger", [RAVI, MEERA] if i % 2 == 0 else [MEERA, RAVI],
                   place=place, role="goats")
        await play_moves(table, repo, 8, seed=i, place=place)
        await end_with(table, repo, [winner, "tigers" if winner == "goats" else "goats"],
                       place=place)
    before = await admin.rating_table(repo)
    assert len(before) == 4
    said = await admin.recompute_ratings(repo)
    assert "3 finished games" in said
    assert await admin.rating_table(repo) == before


@pytest.mark.slow
async def test_leaderboard_profile_and_stats_answer(table, repo):
    for i in range(3):
        place = Place(str(4000 + i), HERE.guild_id)
        await seat(table, "goat_tiger", [RAVI, MEERA], place=place, role="goats")
        await play_moves(table, repo, 8, seed=i, place=place)
        await end_with(table, repo, ["goats", "tigers"], place=place)
    board = await table.leaderboard(HERE, SAM, "goat_tiger")
    assert board.private.startswith("**Leaderboard — Aadu-Huli")
    assert "1. ravi" in board.private and "2. meera" in board.private
    assert "You: no rated game" in board.private
    r = await table.profile(HERE, SAM, RAVI)
    assert not r.error and "3 games finished, 3 won (100 %)" in r.private
    assert "Favourite side: Goats" in r.private and r.image and r.image_private
    assert Image.open(io.BytesIO(r.image)).width == 800
    r = await table.profile(HERE, RAVI, public=True)
    assert r.public and "ravi" in r.public
    r = await table.stats(HERE, MOD, "goat_tiger")
    assert "3 finished games, 3 rated" in r.private and "Goats 100 % of 3" in r.private
    r = await table.stats(HERE, MOD, "chess")
    assert r.error and "don't know the game" in r.private


@pytest.mark.slow
async def test_in_a_dm_the_standings_speak_of_all_servers(table, repo):
    for i, guild in enumerate(["1000", "1001"]):  # a game in each of two servers
        place = Place(str(4100 + i), guild)
        await seat(table, "goat_tiger", [RAVI, MEERA], place=place, role="goats")
        await play_moves(table, repo, 8, seed=i, place=place)
        await end_with(table, repo, ["goats", "tigers"], place=place)
    dm = Place("9000", None)
    r = await table.stats(dm, RAVI, "goat_tiger")
    assert not r.error and "server" in r.private
    assert "this server" not in r.private and "here" not in r.private, r.private
    assert "**Aadu-Huli aata (Goat-Tiger) on all servers** — 2 finished games" in r.private
    r = await table.stats(dm, RAVI, "taj_mahal")
    assert r.private == "No finished game of Taj Mahal on any server yet."
    r = await table.leaderboard(dm, SAM, "goat_tiger")
    assert "(all servers;" in r.private
    assert r.private.endswith("You: no rated game of Aadu-Huli aata (Goat-Tiger) on any "
                              "server yet."), r.private
    r = await table.leaderboard(dm, SAM, "taj_mahal")
    assert r.private.startswith("No rated game of Taj Mahal on any server yet.")
    # A profile asked for in a DM gives the rating across servers once, not as "here".
    r = await table.profile(dm, RAVI)
    assert "across servers" in r.private and " here" not in r.private, r.private
    # In a server, each says so.
    r = await table.stats(Place("4100", "1000"), RAVI, "goat_tiger")
    assert "on this server** — 1 finished game" in r.private
