"""Issue 41, open seats, on both backends: an open game's invitation card is stored with
where it is and, once posted, its message (kept across a restart: a new repository reads
it); the server's open seats are its open games still being set up, each with how many
are seated, oldest first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db import Invitation, Repository, Seat

T = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)


async def open_game(repo, channel: str, people: list[str], guild: str = "g", minutes=0):
    game = await repo.create_game(
        guild_id=guild, channel_id=channel, game="rajas", options={"players": 3}, seed=7,
        created_by=people[0], seats=[Seat(position=0, user_id=people[0], name="ravi")])
    for person in people[1:]:
        await repo.add_seat(game, Seat(game_id=game.id, position=0, user_id=person,
                                       name=person))
    await repo.add_invitation(Invitation(game_id=game.id, guild_id=guild, channel_id="lobby",
                                         opened_by=people[0], opened_name="ravi",
                                         created_at=T + timedelta(minutes=minutes)))
    return game


async def test_a_card_is_stored_and_read_back_after_a_restart(repo, db_url):
    game = await open_game(repo, "c1", ["u1"])
    assert (await repo.invitation(game.id)).message_id is None
    await repo.card_posted(game.id, "lobby", "555")
    again = await Repository.open(db_url)
    try:
        card = await again.invitation(game.id)
    finally:
        await again.close()
    assert (card.channel_id, card.message_id, card.opened_by) == ("lobby", "555", "u1")


async def test_the_servers_open_seats_are_its_open_games_being_set_up(repo):
    second = await open_game(repo, "c2", ["u2", "u3"], minutes=5)
    first = await open_game(repo, "c1", ["u1"])
    started = await open_game(repo, "c3", ["u4"], minutes=1)
    await repo.set_status(started, "aborted")
    await open_game(repo, "c4", ["u5"], guild="elsewhere")
    await repo.create_game(guild_id="g", channel_id="c5", game="goat_tiger", options={},
                           seed=1, created_by="u6",
                           seats=[Seat(position=0, user_id="u6", name="x")])
    found = await repo.open_seats("g")
    assert [(o.game.id, o.seated) for o in found] == [(first.id, 1), (second.id, 2)]
