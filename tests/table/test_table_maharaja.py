"""Maharaja at the table: one person against the computer on the other colours, pings
that name the nation, submission at any time, the score report and the rules'
reconstruction label."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot.reminders import Nudge
from bot.scheduler import tick
from engine import games
from engine.games.maharaja import ai, decisions
from engine.games.maharaja import rules as R
from tests.support.table import HERE, MEERA, RAVI, SAM, assert_replays, seat_fewest


async def _state(repo) -> dict:
    return json.loads((await repo.latest_game(HERE.channel_id)).state)


@pytest.mark.slow
async def test_one_person_against_the_computer_on_every_other_colour(table, repo):
    r = await table.new(HERE, RAVI, "maharaja", opponent="computer", seed=5,
                        options={"players": 3})
    assert not r.error, r.private
    game = await repo.latest_game(HERE.channel_id)
    seats = await repo.seats(game.id)
    mine = [s.role for s in seats if s.user_id == RAVI.user_id]
    assert len(seats) == 3 and len(mine) == 1 and sum(s.is_bot for s in seats) == 2
    moves = 0
    while moves < 12:
        state = await _state(repo)
        assert R.active(state) == mine  # the computers have played up to the person
        steps = ai.bot_steps(state, mine[0])
        for line in games.typed_lines(R, state, mine[0], steps):
            r = await table.play(HERE, RAVI, line)
            assert not r.error, r.private
        moves += 1
    after = await _state(repo)
    assert after["move"] > state["move"] and after["turn"] >= 1
    assert any(line.startswith("**Computer**") for line in r.public.splitlines())
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_the_ping_names_the_colour_and_its_nation(table, repo):
    who = await seat_fewest(table, HERE, "maharaja", seed=2)
    state = await _state(repo)
    role = R.active(state)[0]
    steps = ai.bot_steps(state, role)
    for line in games.typed_lines(R, state, role, steps):
        r = await table.play(HERE, who[role], line)
    after = await _state(repo)
    nxt = R.active(after)[0]
    assert [p.role for p in r.pings] == [
        f"{R.ROLE_NAMES[nxt]}, for the {R.turns.nname(decisions.deciding_nation(after))}"]


@pytest.mark.slow
async def test_a_player_not_to_move_may_submit_and_a_spectator_may_not(table, repo):
    """R: submission may be declared at any time. It is played at once and posted, and the
    game still waits for the player whose turn it is."""
    who = await seat_fewest(table, HERE, "maharaja", seed=4)
    for _ in range(400):
        state = await _state(repo)
        role = R.active(state)[0]
        offers = [(r, n) for r in state["roles"] if r != role and who[r] != who[role]
                  for n in R.view(state, r)["actions"].get("submit") or []]
        if offers and not state["battle"] and not state["queue"]:
            break
        for line in games.typed_lines(R, state, role, ai.bot_steps(state, role)):
            await table.play(HERE, who[role], line)
    else:
        raise AssertionError("no submission was ever open to a player not to move")
    other, nation = offers[0]
    r = await table.play(HERE, SAM, f"submit-{nation}")
    assert r.error and "not seated" in r.private
    assert (await _state(repo)) == state
    r = await table.play(HERE, who[other], f"submit-{nation}")
    assert not r.error, r.private
    after = await _state(repo)
    assert nation in after["submitted"] and R.active(after) == [role]
    assert r.move_done and "submit" in r.public and r.image  # posted with the board


@pytest.mark.slow
async def test_score_and_rules_say_what_is_reconstructed(table, repo):
    await seat_fewest(table, HERE, "maharaja", seed=6)
    r = await table.score(HERE, MEERA)
    assert not r.error and "Victory points" in r.private and "Darbar's cards" in r.private
    r = table.rules("maharaja")
    assert "Darbar's reconstruction" in r.private
    r = table.rules("maharaja", "reconstruction")
    assert "operator who owns the printed game can put in theirs" in r.private


@pytest.mark.slow
async def test_a_reminder_names_the_nation_the_colour_plays_for(table, repo):
    who = await seat_fewest(table, HERE, "maharaja", seed=2)
    game = await repo.latest_game(HERE.channel_id)
    state = json.loads(game.state)
    role = R.active(state)[0]
    [n] = [n for n in await tick(table, game.updated_at + timedelta(hours=25))
           if isinstance(n, Nudge)]
    nation = R.turns.nname(decisions.deciding_nation(state))
    assert [(p.user_id, p.role) for p in n.pings] == [
        (who[role].user_id, f"{R.ROLE_NAMES[role]}, for the {nation}")]


@pytest.mark.slow
async def test_a_whole_short_game_against_two_computers_ends_with_a_result(table, repo):
    """The computer's turns run in worker processes, each posted after the person's; the
    game ends after turn 16 with everyone's points."""
    await table.new(HERE, RAVI, "maharaja", opponent="computer", seed=11,
                    options={"length": "short"})
    game = await repo.latest_game(HERE.channel_id)
    mine = [s.role for s in await repo.seats(game.id) if s.user_id == RAVI.user_id]
    for _ in range(400):
        state = await _state(repo)
        if state["result"]:
            break
        assert R.active(state) == mine
        steps = ai.bot_steps(state, mine[0])
        for line in games.typed_lines(R, state, mine[0], steps):
            r = await table.play(HERE, RAVI, line)
            assert not r.error, r.private
    final = await _state(repo)
    assert final["result"] and final["turn"] == 16
    assert "Game over" in r.public and all(c.capitalize() in r.public
                                           for c in final["roles"])
    await assert_replays(repo, game.id)


async def _asked_where_from(table, repo, who: dict) -> dict:
    """Play the computer's choices for everyone until a player is asked where to move
    from (the start of a movement)."""
    for _ in range(400):
        state = await _state(repo)
        role = R.active(state)[0]
        if state["phase"] == "movement" and not (state["sel"] or state["battle"]
                                                 or state["queue"] or state["ask"]):
            return state
        for line in games.typed_lines(R, state, role, ai.bot_steps(state, role)):
            await table.play(HERE, who[role], line)
    raise AssertionError("no movement ever began")


@pytest.mark.slow
async def test_a_count_typed_before_where_from_is_refused_with_what_is_asked(table, repo):
    """Typed moves (docs/maharaja.md): a place, where to, then how many; `/play 2` first
    says so instead of only "not possible"."""
    who = await seat_fewest(table, HERE, "maharaja", seed=3)
    state = await _asked_where_from(table, repo, who)
    role, nation = R.active(state)[0], R.turns.nname(state["nation"])
    r = await table.play(HERE, who[role], "2")
    assert r.error and r.private.startswith(
        f"`2` is not possible now. No count is asked now. The {nation} are moving: choose "
        "where from (a place), or `done`")
    assert "Possible: " in r.private and (await _state(repo)) == state


async def test_a_submission_by_another_players_nation_is_refused_with_the_rule(table, repo):
    """R Submission: a player declares it for a nation of their own."""
    who = await seat_fewest(table, HERE, "maharaja", seed=3)
    state = await _asked_where_from(table, repo, who)
    role = R.active(state)[0]
    nation, colour = next((n, c) for n, c in state["control"].items()
                          if who[c] != who[role])
    r = await table.play(HERE, who[role], f"submit-{nation}")
    assert r.error and (f"The {R.turns.nname(nation)} are not your nation (they are "
                        f"{R.ROLE_NAMES[colour]}'s).") in r.private
    assert (await _state(repo)) == state
