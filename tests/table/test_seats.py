"""Who sits where (issue 23, points 2 and 11): nobody who has seen a hidden hand may hold
another side, and the computer fills every empty seat when asked to."""

from __future__ import annotations

import json

import pytest

from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, SAM, seat_fewest


@pytest.mark.slow
async def test_the_creator_cannot_hop_seats_to_read_another_hand(table, repo):
    """Reproduced: ravi (creator, no moderator rights) handed red to the computer, took
    green, read meera's hand with /hand, and handed both back."""
    who = await seat_fewest(table, HERE, "taj_mahal", seed=7)
    mine = next(r for r, p in who.items() if p == RAVI)
    meeras = next(r for r, p in who.items() if p == MEERA)
    r = await table.reassign(HERE, RAVI, mine, None)
    assert not r.error and "Computer" in r.public
    r = await table.reassign(HERE, RAVI, meeras, RAVI)
    assert r.error and "ravi has played" in r.private and "hidden hand" in r.private
    assert "to someone who has not played in this game, or to the computer" in r.private
    r = await table.hand(HERE, RAVI)
    assert r.error and r.image is None  # ravi holds no side now: no hand to read
    # Nor may a moderator hand it to someone seated, and ravi may still come back to red.
    r = await table.reassign(HERE, MOD, meeras, ASHA)
    assert r.error and "asha plays" in r.private
    r = await table.reassign(HERE, MOD, mine, RAVI)
    assert not r.error
    assert not (await table.take(HERE, RAVI, r.offer.offer_id)).error
    # A newcomer may take a side, once: they have seen that hand now.
    r = await table.reassign(HERE, MOD, meeras, SAM)
    assert not r.error
    assert not (await table.take(HERE, SAM, r.offer.offer_id)).error
    r = await table.reassign(HERE, MOD, mine, SAM)
    assert r.error and "sam plays" in r.private
    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    assert json.loads(next(s for s in seats if s.role == meeras).held_by) == [MEERA.user_id]


@pytest.mark.slow
async def test_a_resigned_player_cannot_come_back_on_another_side(table, repo):
    who = await seat_fewest(table, HERE, "taj_mahal", seed=7)
    meeras = next(r for r, p in who.items() if p == MEERA)
    ashas = next(r for r, p in who.items() if p == ASHA)
    ask = await table.resign(HERE, MEERA)
    await table.resign(HERE, MEERA, confirm=True, game_id=ask.confirm.game_id)
    r = await table.reassign(HERE, MOD, ashas, MEERA)
    assert r.error and "meera has played" in r.private
    r = await table.reassign(HERE, MOD, meeras, MEERA)  # her own colour: she knows it
    assert not r.error


@pytest.mark.slow
async def test_fill_with_computer_fills_every_empty_seat(table, repo):
    """Reproduced: Rajas for 3 with two people seated gave [yellow Alice, red Bob,
    white Alice]: Alice held two sides and no computer played."""
    await table.new(HERE, RAVI, "rajas", options={"players": 3}, seed=2)
    await table.join(HERE, MEERA)
    r = await table.start(HERE, RAVI, fill_with_computer=True)
    assert not r.error
    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    assert sorted(s.role for s in seats) == ["red", "white", "yellow"]
    assert sorted(s.user_id or "computer" for s in seats) == [RAVI.user_id, MEERA.user_id,
                                                             "computer"]
    # Without the option, the two share the third side, as the game allows.
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "rajas", options={"players": 3}, seed=2)
    await table.join(HERE, MEERA)
    await table.start(HERE, RAVI)
    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    assert len(seats) == 3 and not any(s.is_bot for s in seats)


@pytest.mark.slow
async def test_sides_are_suggested_for_the_game_being_opened_or_the_channels_game(table):
    assert await table.side_choices(HERE, None, "") == []  # no game here, none named
    assert await table.side_choices(HERE, "goat_tiger", "T") == [("Tigers", "tigers")]
    assert await table.side_choices(HERE, "no_such_game", "") == []
    await table.new(HERE, RAVI, "vijayanagara")
    assert [v for _, v in await table.side_choices(HERE, None, "")] == [
        "delhi", "bahmani", "vijayanagara"]
