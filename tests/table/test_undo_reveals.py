"""Undo and what was revealed (issue 23, points 3 and 4): an outcome a player has seen is
never taken back behind anyone's back. Against the computer nobody can agree, so it
stands; when the others agree, what was hidden is dealt anew, so the asker does not know
what comes next."""

from __future__ import annotations

import json
import random

import pytest

from engine import games
from engine.games.taj_mahal import rules as tm
from tests.support.soak import sample
from tests.support.table import HERE, MEERA, RAVI, assert_replays, finish_move, seat_fewest


async def _state(repo) -> dict:
    return json.loads((await repo.latest_game(HERE.channel_id)).state)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sample(["taj_mahal", "maharaja", "rajas"], keep=2))
async def test_against_the_computer_an_outcome_seen_stands_and_a_step_before_it_does_not(
        table, repo, game_id):
    """One person against the computer plays random steps, and now and then asks to take
    back. Whenever an undo is granted, the position it leaves has the same dice, deck and
    stacks to come as the one it took back (nothing seen was undone); and both happen:
    some steps are taken back, some undos are refused with the reason."""
    g = games.get(game_id)
    rng = random.Random(3)
    granted = refused = 0
    for seed in range(11, 31):
        if granted >= 3 and refused >= 3:
            break
        await table.new(HERE, RAVI, game_id, opponent="computer", seed=seed)
        for _ in range(150):
            game = await repo.latest_game(HERE.channel_id)
            if game.status != "active":
                break
            state = json.loads(game.state)
            if rng.random() < 0.3:
                before = games.reveal_mark(g, state)
                r = await table.undo(HERE, RAVI)
                if not r.error:
                    granted += 1
                    assert games.reveal_mark(g, await _state(repo)) == before, r
                elif "no one can agree" in r.private:
                    refused += 1
                    assert "the computer plays every other side" in r.private
                    assert await _state(repo) == state  # it stands
                continue
            mine = [s.role for s in await repo.seats(game.id) if s.user_id == RAVI.user_id]
            role = next(r for r in g.view(state, None)["active"] if r in mine)
            step = rng.choice(games.legal_steps(g, g.view(state, role)))
            assert not (await table.play(HERE, RAVI, g.token(*step))).error
        await assert_replays(repo, game.id)
        await table.abort(HERE, RAVI)
    assert granted >= 3 and refused >= 3, (granted, refused)


@pytest.mark.slow
async def test_an_agreed_undo_past_a_draw_deals_the_deck_anew(table, repo):
    """Reproduced: all agreed to undo a Taj Mahal withdrawal that drew a card; the card
    went back on top of the deck and drawing again gave it again, so the asker knew the
    next card anyone would draw."""
    who = await seat_fewest(table, HERE, "taj_mahal", seed=7)
    state = await _state(repo)
    role = tm.active(state)[0]
    deck, hand_before = list(state["deck"]), list(state["hands"][role])
    await table.play(HERE, who[role], "withdraw")
    drawn = [c for c in (await _state(repo))["hands"][role] if c not in state["hands"][role]]
    assert drawn == [deck[-1]]  # the top card
    # The supply picks, if the line stopped at the draw.
    state = await finish_move(table, repo, who, role)
    asked = await table.undo(HERE, who[role])
    others = [p for r, p in who.items() if r != role]
    await table.undo_vote(HERE, others[0], asked.consent.request_id, True)
    r = await table.undo_vote(HERE, others[1], asked.consent.request_id, True)
    assert "What was hidden is dealt anew" in r.public and "takes back" in r.public
    after = await _state(repo)
    assert after["hands"][role] == hand_before  # the card went back…
    assert sorted(after["deck"]) == sorted(deck) and after["deck"] != deck  # …and was shuffled
    # The same withdrawal again draws from the new deck: whatever is now on top.
    await table.play(HERE, who[role], "withdraw")
    again = [c for c in (await _state(repo))["hands"][role] if c not in after["hands"][role]]
    assert again == [after["deck"][-1]] and again != drawn
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_an_agreed_undo_of_one_step_past_a_draw_is_posted_for_everyone(table, repo):
    """A step inside a move that revealed something (Rajas: a tile refilling the display
    under the printed rules) is taken back only by consent, and then in public, with the
    stacks shuffled anew; nobody else gets the mover's panel."""
    g = games.get("rajas")
    await table.new(HERE, RAVI, "rajas", options={"players": 2, "rules": "printed"}, seed=4)
    await table.join(HERE, MEERA)
    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    people = {s.role: (RAVI if s.user_id == RAVI.user_id else MEERA) for s in seats}
    rng = random.Random(1)
    for _ in range(200):
        state = await _state(repo)
        role = g.view(state, None)["active"][0]
        person = people[role]
        legal = games.legal_steps(g, g.view(state, role))
        step = next((s for s in legal if s[0] == "tile"), None) or rng.choice(legal)
        assert not (await table.play(HERE, person, g.token(*step))).error
        after = await _state(repo)
        if step[0] == "tile" and g.view(after, None)["active"] == [role]:
            break
    else:
        pytest.skip("no tile was taken mid-move")
    assert games.reveal_mark(g, after) != games.reveal_mark(g, state)  # the display refilled
    other = MEERA if person is RAVI else RAVI
    asked = await table.undo(HERE, person)
    assert asked.consent is not None
    r = await table.undo_vote(HERE, other, asked.consent.request_id, True)
    assert r.public and "takes back a step" in r.public and "dealt anew" in r.public
    assert not r.choices  # the voter is not handed the mover's panel
    now = await _state(repo)
    assert now["display"] == state["display"]  # the tile is back on display
    assert now["stacks"] != state["stacks"]  # and the stacks face down are shuffled anew
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)
