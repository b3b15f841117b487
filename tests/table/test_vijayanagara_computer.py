"""Vijayanagara against the computer at the table (issue 29): one person against two
computers, two people and a computer, a seat handed to the computer, a resignation the
computer takes over, and by-hand decks, which keep people on every seat."""

import json

import pytest

from engine import games
from tests.support.table import ASHA, HERE, MEERA, MOD, RAVI, assert_replays, snapshot

G = games.get("vijayanagara")


async def state_of(repo) -> dict:
    return json.loads((await repo.latest_game(HERE.channel_id)).state)


async def seats_of(repo) -> dict:
    game = await repo.latest_game(HERE.channel_id)
    return {s.role: (s.user_id, s.is_bot) for s in await repo.seats(game.id)}


@pytest.mark.slow
async def test_one_person_plays_delhi_against_two_computers(table, repo):
    r = await table.new(HERE, RAVI, "vijayanagara", role="delhi", opponent="computer", seed=2)
    assert not r.error, r.private
    seats = await seats_of(repo)
    assert seats["delhi"] == (RAVI.user_id, False)
    assert seats["bahmani"][1] and seats["vijayanagara"][1]
    # The computers played until the game waits for the person.
    assert G.view(await state_of(repo), None)["active"] == ["delhi"]
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    for _ in range(4):  # several cards: the person passes, the computers answer
        state = await state_of(repo)
        step = "pass" if "pass" in G.view(state, "delhi")["actions"] else next(
            G.token(a, arg) for a, arg in games.legal_steps(G, G.view(state, "delhi")))
        r = await table.play(HERE, RAVI, step)
        assert not r.error, r.private
        assert G.view(await state_of(repo), None)["active"] == ["delhi"]
    assert "**Computer**" in r.public
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


async def test_two_friends_fill_the_third_seat_with_the_computer(table, repo):
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=3)
    await table.join(HERE, MEERA, "bahmani")
    r = await table.start(HERE, RAVI, fill_with_computer=True)
    assert not r.error, r.private
    seats = await seats_of(repo)
    assert seats["vijayanagara"][1] and not seats["delhi"][1] and not seats["bahmani"][1]
    assert G.view(await state_of(repo), None)["active"][0] in ("delhi", "bahmani")


@pytest.mark.slow
async def test_a_stalled_faction_passes_to_the_computer(table, repo):
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=1)
    await table.join(HERE, MEERA, "bahmani")
    await table.join(HERE, ASHA, "vijayanagara")
    waiting = G.view(await state_of(repo), None)["active"][0]
    r = await table.reassign(HERE, MOD, waiting, None)
    assert not r.error, r.private
    assert "to **Computer**" in r.public and "**Computer**:" in r.public
    assert (await seats_of(repo))[waiting][1]
    assert G.view(await state_of(repo), None)["active"] != [waiting]
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_the_computer_takes_over_a_resigned_faction(table, repo):
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=3)
    await table.join(HERE, MEERA, "bahmani")
    await table.join(HERE, ASHA, "vijayanagara")
    ask = await table.resign(HERE, ASHA)
    assert ask.private.endswith("The computer takes over the Vijayanagara Empire, and the "
                                "others play on."), ask.private
    r = await table.resign(HERE, ASHA, confirm=True, game_id=ask.confirm.game_id)
    assert not r.error, r.private
    assert (await seats_of(repo))["vijayanagara"][1]


async def test_a_by_hand_deck_keeps_people_on_every_seat_and_says_why(table, repo):
    r = await table.new(HERE, RAVI, "vijayanagara", role="delhi", opponent="computer",
                        options={"deck": "by_hand"})
    assert r.error and "carried out by hand" in r.private, r.private
    assert await repo.latest_game(HERE.channel_id) is None
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", options={"deck": "by_hand"},
                    seed=4)
    r = await table.start(HERE, RAVI, fill_with_computer=True)
    assert r.error and "carried out by hand" in r.private, r.private
    await table.join(HERE, MEERA, "bahmani")
    r = await table.start(HERE, RAVI)  # two people share the three factions
    assert not r.error, r.private
    before = await snapshot(repo)
    r = await table.reassign(HERE, MOD, "bahmani", None)
    assert r.error and "A person must play the Bahmani Kingdom" in r.private, r.private
    assert "carried out by hand" in r.private
    assert await snapshot(repo) == before
    ask = await table.resign(HERE, MEERA)  # the other person is left: the game ends
    assert "The game ends" in ask.private
