"""Issue 41, open seats: `/seek open` and `/game new … open:true` open a game anyone on the
server may join from an invitation card in the lobby (or in the channel it was opened in,
where the server set no lobby); the card is worded from the database after every change
of the seats; the game starts when they are full (or when its creator starts it); a
press that cannot seat anyone is refused politely and changes nothing; an invitation
nobody fills expires with the server's setup limit; `/seek list`; the looking-for-a-game
role."""

from __future__ import annotations

from datetime import timedelta

from bot.replies import Actor, Place
from bot.scheduler import tick
from bot.table import Table
from db import Server
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI

LOBBY = Place("3001", HERE.guild_id)
ARJUN = Actor("106", "arjun")
ROLE = "4001"


async def lobby(repo, role: str | None = None) -> None:
    await repo.save_server(Server(guild_id=HERE.guild_id, lobby=LOBBY.channel_id,
                                  lfg_role=role))


async def stored(repo, place=HERE):
    """What a refusal must leave as it was: the channel's game, its version and seats."""
    game = await repo.latest_game(place.channel_id)
    seats = [(s.user_id, s.role) for s in await repo.seats(game.id)]
    return game.id, game.status, game.version, seats


async def test_an_open_game_is_filled_from_its_card_in_the_lobby_and_starts(table, repo):
    await lobby(repo)
    r = await table.seek(HERE, RAVI, "rajas", players=3, pace="standard")
    assert not r.error, r.private
    assert "press **Join** on its card in <#3001>" in r.public
    game = await repo.live_game(HERE.channel_id)
    assert r.card == game.id and game.status == "setup"
    card = await table.invitation_card(game.id)
    assert card.channel_id == LOBBY.channel_id and card.message_id is None and card.open
    assert "**Open seats**" in card.text and "Rajas of the Ganges" in card.text
    assert "**2 seats left** of 3" in card.text and "Seated: ravi" in card.text
    assert "players=3" in card.text and "standard" in card.text
    assert "<@&" not in card.text  # no role set: nobody is mentioned
    await table.card_posted(game.id, LOBBY.channel_id, "5001")

    r = await table.join_open(LOBBY, MEERA, game.id)
    assert not r.error, r.private
    # Said in the game's channel, and to Meera where she pressed.
    assert r.place == HERE and "meera joins" in r.public and "<#2000>" in r.private
    card = await table.invitation_card(game.id)
    assert card.message_id == "5001" and "**1 seat left** of 3" in card.text
    assert "ravi and meera" in card.text

    r = await table.join_open(LOBBY, ASHA, game.id)
    assert not r.error, r.private
    assert r.place == HERE and r.card == game.id
    game = await repo.get_game(game.id)
    assert game.status == "active"  # started as /game start would: sides dealt
    assert all(s.role for s in await repo.seats(game.id))
    assert "Rajas of the Ganges" in r.public and r.awaiting
    card = await table.invitation_card(game.id)
    assert not card.open and "✅ **Started**" in card.text
    assert "https://discord.com/channels/1000/2000" in card.text

    # A fourth press: politely refused, nothing changed.
    before = await stored(repo)
    r = await table.join_open(LOBBY, ARJUN, game.id)
    assert r.error and "no longer open" in r.private and "`/seek list`" in r.private
    assert await stored(repo) == before


async def test_presses_that_cannot_seat_anyone_are_refused_and_change_nothing(repo):
    await lobby(repo)
    table = Table(repo, max_open_games=1)
    r = await table.new(HERE, RAVI, "rajas", options={"players": "3"}, open=True)
    assert not r.error, r.private
    game = await repo.live_game(HERE.channel_id)
    before = await stored(repo)
    # Already seated; a button of a card made for another channel; an unknown game.
    r = await table.join_open(LOBBY, RAVI, game.id)
    assert r.error and "You already have a seat in game #1" in r.private
    for place, game_id in ((HERE, game.id), (LOBBY, game.id + 7)):
        r = await table.join_open(place, MEERA, game_id)
        assert r.error and "not of an open game's card here" in r.private
    # The open-games limit: Meera sits at another game already.
    assert not (await table.new(Place("2100", HERE.guild_id), MEERA, "goat_tiger")).error
    r = await table.join_open(LOBBY, MEERA, game.id)
    assert r.error and "the most one player may have at once" in r.private
    assert await stored(repo) == before


async def test_without_a_lobby_the_card_is_where_the_game_was_opened_and_says_so(table,
                                                                                repo):
    r = await table.new(HERE, RAVI, "rajas", open=True)
    assert not r.error, r.private
    assert "on its card below" in r.public
    game = await repo.live_game(HERE.channel_id)
    card = await table.invitation_card(game.id)
    assert card.channel_id == HERE.channel_id
    assert "no lobby channel" in card.text and "`/server settings lobby:`" in card.text
    # The game's usual number of players, settled when opened: 3 seats.
    assert "**2 seats left** of 3" in card.text
    # /game join in the channel works too, and the card follows.
    r = await table.join(HERE, MEERA)
    assert not r.error and r.card == game.id
    assert "**1 seat left**" in (await table.invitation_card(game.id)).text


async def test_open_seats_are_for_people_not_the_computer_and_counts_must_agree(table, repo):
    r = await table.new(HERE, RAVI, "rajas", opponent="computer", open=True)
    assert r.error and "open it without `open`" in r.private
    r = await table.seek(HERE, RAVI, "goat_tiger", players=3)
    assert r.error and "Aadu-Huli aata (Goat-Tiger) is played by 2 players, not 3" in r.private
    r = await table.seek(HERE, RAVI, "rajas", players=2, options={"players": "3"})
    assert r.error and "disagree" in r.private
    assert await repo.latest_game(HERE.channel_id) is None


async def test_the_creator_may_start_early_and_the_card_says_so(table, repo):
    await lobby(repo)
    await table.seek(HERE, RAVI, "rajas", players=3)
    game = await repo.live_game(HERE.channel_id)
    await table.join_open(LOBBY, MEERA, game.id)
    r = await table.start(HERE, RAVI)
    assert not r.error, r.private
    assert r.card == game.id and (await repo.get_game(game.id)).status == "active"
    # Two people share the three colours: the computer takes none unless asked.
    assert not any(s.is_bot for s in await repo.seats(game.id))
    assert "✅ **Started**" in (await table.invitation_card(game.id)).text


async def test_a_card_closed_by_its_creator_says_closed(table, repo):
    await lobby(repo)
    await table.seek(HERE, RAVI, "rajas")
    game = await repo.live_game(HERE.channel_id)
    r = await table.abort(HERE, RAVI)
    assert not r.error and r.card == game.id
    card = await table.invitation_card(game.id)
    assert not card.open and "🚫 **Closed**" in card.text
    # One whose channel was deleted says so.
    await table.seek(HERE, RAVI, "rajas")
    gone = await repo.live_game(HERE.channel_id)
    assert await table.set_aside([HERE.channel_id]) == [gone.id]
    card = await table.invitation_card(gone.id)
    assert not card.open and "Its channel was deleted" in card.text
    # An ordinary game has no card: nothing to bring up to date.
    await table.new(HERE, RAVI, "goat_tiger")
    assert (await table.join(HERE, MEERA)).card is None


async def test_an_invitation_nobody_fills_expires_with_the_setup_limit(repo, clock):
    await lobby(repo)
    table = Table(repo, now=clock)
    await table.seek(HERE, RAVI, "rajas", players=3)
    game = await repo.live_game(HERE.channel_id)
    card = await table.invitation_card(game.id)
    expires = int((clock.t + timedelta(days=14)).timestamp())
    assert f"expires <t:{expires}:R>" in card.text
    await tick(table, clock.t)
    clock.t += timedelta(days=14, hours=1)
    [closed] = await tick(table, clock.t)
    assert "never started, so it is closed" in closed.post.public
    assert closed.post.card == game.id
    card = await table.invitation_card(game.id)
    assert not card.open and "⌛ **Expired**" in card.text and "14 days" in card.text


async def test_the_looking_for_a_game_role_is_mentioned_only_where_set(table, repo):
    await lobby(repo)
    await table.seek(HERE, RAVI, "rajas")
    game = await repo.live_game(HERE.channel_id)
    assert (await table.invitation_card(game.id)).role is None
    r = await table.lfg(LOBBY, MEERA)
    assert r.error and "no looking-for-a-game role" in r.private and r.lfg is None
    await lobby(repo, role=ROLE)
    card = await table.invitation_card(game.id)
    assert card.role == ROLE and f"<@&{ROLE}>" in card.text
    r = await table.lfg(LOBBY, MEERA)
    assert not r.error and r.lfg == (ROLE, True)
    r = await table.lfg(LOBBY, Actor(MEERA.user_id, MEERA.name, roles=(ROLE,)))
    assert not r.error and r.lfg == (ROLE, False) and "taken off" in r.private


async def test_seek_list_shows_the_servers_open_seats_with_a_link_to_each_card(table, repo):
    r = await table.open_seats(HERE, RAVI)
    assert "No game on this server has open seats" in r.private
    await lobby(repo)
    await table.seek(HERE, RAVI, "rajas", players=3, pace="slow")
    first = await repo.live_game(HERE.channel_id)
    await table.card_posted(first.id, LOBBY.channel_id, "5001")
    await table.join_open(LOBBY, MEERA, first.id)
    other = Place("2100", HERE.guild_id)
    await table.seek(other, ASHA, "taj_mahal", players=3)
    await table.new(Place("2101", HERE.guild_id), MOD, "goat_tiger")  # not open: not listed
    r = await table.open_seats(LOBBY, ARJUN)
    assert not r.error
    lines = r.private.splitlines()
    assert "2 games" in lines[0]
    assert lines[1].startswith("**Rajas of the Ganges** #1 · 1 seat left of 3 · ⏱ slow")
    assert "opened by ravi" in lines[1]
    assert "[card](https://discord.com/channels/1000/3001/5001)" in lines[1]
    assert "**Taj Mahal** #2 · 2 seats left of 3" in lines[2] and "[card]" not in lines[2]
    # A game whose seats filled is no longer listed.
    await table.join_open(LOBBY, ARJUN, first.id)
    r = await table.open_seats(LOBBY, ARJUN)
    assert "1 game" in r.private and "Rajas" not in r.private


async def test_seek_list_is_paged_within_discords_limits(table, repo):
    await lobby(repo)
    people = [Actor(str(200 + i), f"p{i}") for i in range(12)]
    for i, person in enumerate(people):
        await table.seek(Place(str(2200 + i), HERE.guild_id), person, "rajas")
    r = await table.open_seats(LOBBY, RAVI)
    assert r.page is not None and r.page.pages == 2 and len(r.private) <= 2000
    assert "12 games (page 1 of 2)" in r.private
    r = await table.open_seats(LOBBY, RAVI, page=2)
    assert "(page 2 of 2)" in r.private and r.private.count("**Rajas") == 4


async def test_a_seek_and_a_join_count_once_against_the_rate_limit(repo):
    from bot.ratelimit import RateLimiter

    await lobby(repo)
    table = Table(repo, limiter=RateLimiter(1, 60.0))
    r = await table.seek(HERE, RAVI, "rajas", players=3)
    assert not r.error, r.private
    game = await repo.live_game(HERE.channel_id)
    r = await table.join_open(LOBBY, MEERA, game.id)
    assert not r.error, r.private
    r = await table.open_seats(LOBBY, MEERA)  # her second command within the minute
    assert r.error and "a little fast" in r.private
