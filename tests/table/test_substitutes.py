"""Substitutes (issue 41): a stalled seat put up by a player or a moderator, its card
(in the game's channel and the lobby), Take the seat, the other players' consent (or on
its own after 12 hours), the seat's history and the ratings; a timed-out seat offered to
substitutes before the computer takes it."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot.replies import Place
from bot.scheduler import tick
from bot.table import Table
from bot.table.seat_cards import CONSENT_HOURS
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, SAM, T0, Clock
from tests.table.test_after_the_game import end_with, play_moves, seat
from tests.table.test_ratings_earned import rating_of

LOBBY = "3000"


async def two_player(table, **kw) -> None:
    await seat(table, "goat_tiger", [RAVI, MEERA], role="goats", **kw)


async def put_up_goats(table, by=MEERA):
    r = await table.substitute(HERE, by, "goats")
    assert not r.error, r.private
    [card] = r.cards
    return r, card


async def seats(repo):
    game = await repo.latest_game(HERE.channel_id)
    return {s.role: s for s in await repo.seats(game.id)}


async def unchanged(repo):
    game = await repo.latest_game(HERE.channel_id)
    return game.version, [(s.role, s.user_id) for s in await repo.seats(game.id)]


async def test_a_player_puts_a_seat_up_and_its_card_goes_to_the_game_and_the_lobby(table,
                                                                                  repo):
    await table.server_settings(HERE, MOD, lobby=LOBBY)
    await two_player(table)
    r, card = await put_up_goats(table)
    assert card.post_in == (HERE.channel_id, LOBBY) and card.open
    assert "Substitute wanted: the Goats" in card.text and "Goat-Tiger" in card.text
    assert "Move 0, waiting for ravi (Goats)" in card.text  # the position in a phrase
    assert "on its clock" in card.text or "no clock" in card.text
    assert f"{CONSENT_HOURS} hours" in card.text and "not rated" in card.text
    assert "<#3000>" in r.private and r.public is None  # nobody is pinged by a card
    # Put up twice: refused, the first card stands.
    again = await table.substitute(HERE, RAVI, "goats")
    assert again.error and "up for a substitute already" in again.private


async def test_only_players_or_moderators_put_a_seat_up_and_only_a_persons(table, repo):
    await two_player(table)
    before = await unchanged(repo)
    r = await table.substitute(HERE, SAM, "goats")
    assert r.error and "Only the players seated in this game, or a moderator" in r.private
    r = await table.substitute(HERE, MOD, "elephants")
    assert r.error and "is not a side" in r.private
    assert await unchanged(repo) == before
    r = await table.substitute(HERE, MOD, "tigers")
    assert not r.error  # a moderator may


async def test_a_substitute_takes_the_seat_once_the_others_agree(table, repo):
    await two_player(table)
    _, card = await put_up_goats(table)
    r = await table.take_seat(HERE, ASHA, card.sub_id)
    assert not r.error, r.private
    [ask] = r.elsewhere
    assert ask.place.channel_id == HERE.channel_id and ask.post.seat_vote == card.sub_id
    assert [p.user_id for p in ask.post.pings] == [MEERA.user_id]  # the other player only
    assert "asha" in r.cards[0].text and not r.cards[0].open  # the card says who asks
    before = await unchanged(repo)
    # Nobody else may take it meanwhile; a spectator's Agree and the leaver's count for
    # nothing.
    other = await table.take_seat(HERE, SAM, card.sub_id)
    assert other.error and "asha has offered to take the Goats already" in other.private
    spectator = await table.seat_vote(HERE, SAM, card.sub_id, True)
    assert spectator.error and "Only the other players seated" in spectator.private
    leaver = await table.seat_vote(HERE, RAVI, card.sub_id, True)
    assert leaver.error
    assert await unchanged(repo) == before
    done = await table.seat_vote(HERE, MEERA, card.sub_id, True)
    assert not done.error, done.private
    assert "**asha** takes the Goats as a substitute for ravi" in done.public
    assert [p.user_id for p in done.pings] == [ASHA.user_id]  # her turn: she is pinged
    assert "taken by **asha**" in done.cards[0].text and not done.cards[0].open
    goats = (await seats(repo))["goats"]
    assert goats.user_id == ASHA.user_id and json.loads(goats.held_by) == [RAVI.user_id]
    game = await repo.latest_game(HERE.channel_id)
    [h] = await repo.handovers(game.id)
    assert (h.from_user, h.to_user, h.why) == (RAVI.user_id, ASHA.user_id, "substituted")
    # The card's button is stale now.
    late = await table.take_seat(HERE, SAM, card.sub_id)
    assert late.error and "no longer up" in late.private


async def test_a_refusal_ends_the_candidacy_and_opens_the_seat_again(table, repo):
    await two_player(table)
    _, card = await put_up_goats(table)
    await table.take_seat(HERE, ASHA, card.sub_id)
    before = await unchanged(repo)
    r = await table.seat_vote(HERE, MEERA, card.sub_id, False)
    assert not r.error and "meera refuses asha" in r.public
    assert r.cards[0].open  # the Take the seat button is back
    assert await unchanged(repo) == before
    again = await table.seat_vote(HERE, MEERA, card.sub_id, True)
    assert again.error and "Nobody is waiting for an answer" in again.private
    r = await table.take_seat(HERE, SAM, card.sub_id)
    assert not r.error and "sam" in r.cards[0].text


async def test_players_of_the_game_are_not_substitutes(table, repo):
    await two_player(table)
    _, card = await put_up_goats(table)
    r = await table.take_seat(HERE, MEERA, card.sub_id)
    assert r.error and "You play the Tigers in this game" in r.private


@pytest.mark.slow
async def test_the_seat_is_the_candidates_on_its_own_after_the_stated_time(repo):
    clock = Clock(T0)
    table = Table(repo, now=clock)
    await two_player(table)
    _, card = await put_up_goats(table)
    await table.take_seat(HERE, ASHA, card.sub_id)
    clock.t = T0 + timedelta(hours=CONSENT_HOURS) - timedelta(minutes=1)
    assert await tick(table, clock.t) == []
    assert (await seats(repo))["goats"].user_id == RAVI.user_id
    clock.t = T0 + timedelta(hours=CONSENT_HOURS)
    [notice] = await tick(table, clock.t)
    assert "**asha** takes the Goats" in notice.post.public
    assert (await seats(repo))["goats"].user_id == ASHA.user_id
    assert await tick(table, clock.t + timedelta(minutes=1)) == []  # done once


@pytest.mark.slow
async def test_a_timed_out_seat_is_offered_to_substitutes_before_the_computer(repo):
    clock = Clock(T0)
    table = Table(repo, now=clock)
    await table.server_settings(HERE, MOD, lobby=LOBBY, substitute_hours=6)
    await two_player(table, pace="live", on_timeout="seat")
    clock.t = T0 + timedelta(days=3)  # ravi never moves
    [notice] = await tick(table, clock.t)
    assert "ran out of time" in notice.post.public and "up for substitutes" in notice.post.public
    [(to, dm)] = notice.dms
    assert to == RAVI.user_id and "your seat is up for substitutes until" in dm
    [card] = notice.post.cards
    assert card.post_in == (HERE.channel_id, LOBBY) and card.open
    assert "computer plays it" in card.text
    assert (await seats(repo))["goats"].user_id == RAVI.user_id  # not the computer yet
    assert await tick(table, clock.t + timedelta(hours=1)) == []  # no second timeout
    # Meanwhile there is nothing to vote on, and the status says what waits.
    vote = await table.vote(HERE, MEERA, "end")
    assert vote.error and "up for substitutes" in vote.private, vote.private
    status = (await table.status(HERE, MEERA)).private
    assert "time ran out: up for substitutes" in status and "/game vote" not in status
    # Nobody takes it: after the server's six hours the computer does, and moves.
    clock.t += timedelta(hours=6)
    [notice] = await tick(table, clock.t)
    assert "Nobody took the Goats in time" in notice.post.public
    assert "computer plays it" in notice.post.cards[0].text
    assert (await seats(repo))["goats"].is_bot


@pytest.mark.slow
async def test_a_substitute_takes_a_timed_out_seat_in_time(repo):
    clock = Clock(T0)
    table = Table(repo, now=clock)
    await table.server_settings(HERE, MOD, substitute_hours=6)
    await two_player(table, pace="live", on_timeout="seat")
    clock.t = T0 + timedelta(days=3)
    [notice] = await tick(table, clock.t)
    [card] = notice.post.cards
    assert card.post_in == (HERE.channel_id,)  # no lobby set: the game's channel only
    await table.take_seat(HERE, ASHA, card.sub_id)
    r = await table.seat_vote(HERE, MEERA, card.sub_id, True)
    assert "**asha** takes the Goats" in r.public
    clock.t += timedelta(hours=7)
    await tick(table, clock.t)
    assert (await seats(repo))["goats"].user_id == ASHA.user_id  # the computer did not


@pytest.mark.slow
async def test_the_substitute_is_not_rated_and_the_leaver_is_placed_last(table, repo):
    await two_player(table)
    await play_moves(table, repo, 8)
    _, card = await put_up_goats(table)
    await table.take_seat(HERE, ASHA, card.sub_id)
    await table.seat_vote(HERE, MEERA, card.sub_id, True)
    # The substitute's side wins; its leaver is still placed last.
    ending = await end_with(table, repo, ["goats", "tigers"])
    [line] = [x for x in ending.lines if x.startswith("📈 Ratings: ")]
    assert "ravi" in line and "(left: placed last)" in line and "asha" not in line, line
    assert await rating_of(repo, ASHA) is None
    meera, ravi = await rating_of(repo, MEERA), await rating_of(repo, RAVI)
    assert meera is not None and ravi is not None and meera[0] > ravi[0]


async def test_a_player_who_left_the_server_is_not_asked(table, repo):
    await seat(table, "taj_mahal", [RAVI, MEERA, ASHA], {"players": "3"})
    await repo.mark_left(HERE.guild_id, ASHA.user_id, T0)
    sides = {s.user_id: s.role for s in (await seats(repo)).values() if s.user_id}
    r = await table.substitute(HERE, MEERA, sides[RAVI.user_id])
    r = await table.take_seat(HERE, SAM, r.cards[0].sub_id)
    [ask] = r.elsewhere
    assert [p.user_id for p in ask.post.pings] == [MEERA.user_id]  # not asha, who left
    done = await table.seat_vote(HERE, MEERA, r.cards[0].sub_id, True)
    assert "takes" in done.public and "as a substitute for ravi" in done.public


async def test_a_substitute_within_the_open_games_limit_only(repo):
    table = Table(repo, max_open_games=1)
    await two_player(table)
    _, card = await put_up_goats(table)
    await table.new(Place("2999", HERE.guild_id), SAM, "goat_tiger")  # his one open game
    before = await unchanged(repo)
    r = await table.take_seat(HERE, SAM, card.sub_id)
    assert r.error and "You already have 1 games open" not in r.private
    assert "the most one player may have at once" in r.private, r.private
    assert await unchanged(repo) == before
    r = await table.take_seat(Place("9", "another server"), ASHA, card.sub_id)
    assert r.error and "another server" in r.private
    assert not (await table.take_seat(HERE, ASHA, card.sub_id)).error


async def test_a_card_whose_game_ended_is_withdrawn_when_pressed(table, repo):
    await two_player(table)
    _, card = await put_up_goats(table)
    await table.abort(HERE, RAVI)
    r = await table.take_seat(HERE, SAM, card.sub_id)
    assert r.error and "no longer up" in r.private
    [edited] = r.cards  # the card loses its button and says why
    assert not edited.open and "no longer up" in edited.text


@pytest.mark.slow
async def test_a_timeout_notice_offers_to_put_the_seat_up(repo):
    clock = Clock(T0)
    table = Table(repo, now=clock)
    await two_player(table, pace="live", on_timeout="move")
    clock.t = T0 + timedelta(days=3)
    [notice] = await tick(table, clock.t)
    assert notice.post.put_up == "goats" and notice.post.game_id is not None
    # The button is /game substitute for that game: a spectator may not, a player may.
    r = await table.substitute(HERE, SAM, "goats", game_id=notice.post.game_id)
    assert r.error and "Only the players seated" in r.private
    r = await table.substitute(HERE, MEERA, "goats", game_id=notice.post.game_id + 1)
    assert r.error and "no longer played here" in r.private
    r = await table.substitute(HERE, MEERA, "goats", game_id=notice.post.game_id)
    assert not r.error and r.cards and r.cards[0].open
