import asyncio
import json
import random

import pytest

from bot.replies import Place
from tests.support.table import (
    HERE,
    MEERA,
    MOD,
    RAVI,
    SAM,
    assert_replays,
    png_size,
    random_move_line,
    snapshot,
)


async def two_player_game(table, seed=11):
    r = await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=seed)
    assert not r.error and "1 more player" in r.public
    r = await table.join(HERE, MEERA)
    assert not r.error
    return r


async def test_joining_fills_the_table_and_starts_with_an_image_and_a_ping(table):
    r = await two_player_game(table)
    assert "Seats — ravi (Goats) · meera (Tigers)" in r.public
    assert png_size(r.image)[0] >= 600
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    assert r.awaiting


@pytest.mark.slow
async def test_a_full_two_player_game_by_typed_moves(table, repo):
    await two_player_game(table, seed=3)
    rng = random.Random(3)
    players = {"goats": RAVI, "tigers": MEERA}
    for _ in range(400):
        game = await repo.latest_game(HERE.channel_id)
        if game.status != "active":
            break
        state = json.loads(game.state)
        mover = players[state["to_move"]]
        line = random_move_line(state, rng)
        r = await table.play(HERE, mover, line)
        assert not r.error, r.private
        assert r.public.startswith(f"**{mover.name}**")
        png_size(r.image)
        if game.status == "active" and (await repo.get_game(game.id)).status == "active":
            nxt = players["tigers" if mover is RAVI else "goats"]
            assert [p.user_id for p in r.pings] == [nxt.user_id]
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished"
    assert "Game over" in r.public
    assert {p.user_id for p in r.pings} == {RAVI.user_id, MEERA.user_id}
    assert not r.awaiting
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_refusals_are_private_and_leave_the_game_untouched(table, repo):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    before = await snapshot(repo)
    cases = [
        (RAVI, "d4", "not your turn"),  # out of turn
        (SAM, "b3 b2", "not seated"),  # a spectator
        (MEERA, "zz", "not a point on the board"),  # unknown token
        (MEERA, "b3 e4", "cannot reach"),  # illegal step, with the reason
        (MEERA, "b3 d3 d4", "complete before"),  # trailing tokens after the move
        (MEERA, "b3 b2 " + "x" * 1200, "too long"),
    ]
    for actor, line, reason in cases:
        r = await table.play(HERE, actor, line)
        assert r.error and r.public is None and r.image is None
        assert reason in r.private.lower() or reason in r.private, (line, r.private)
        assert await snapshot(repo) == before
    r = await table.play(Place(channel_id="elsewhere"), RAVI, "c4")
    assert r.error and "no game in this channel" in r.private.lower()
    r = await table.new(HERE, SAM, "goat_tiger")
    assert r.error and "already has a game" in r.private
    assert await snapshot(repo) == before


@pytest.mark.slow
async def test_a_multi_step_line_is_all_or_nothing(table, repo):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    before = await snapshot(repo)
    r = await table.play(HERE, MEERA, "b3 c4")  # select is fine, c4 is not reachable
    assert r.error and "Step 2 of 2" in r.private
    assert await snapshot(repo) == before


@pytest.mark.slow
async def test_a_goat_move_while_placing_gets_the_placement_reason(table, repo):
    """5.5: Goats move only once all are placed. `/play c3 d3` is refused with that reason
    (not "your move was complete" nor "c3 is taken"), and nothing is stored."""
    async def refused_with(goats_left: int, example: str) -> None:
        before = await snapshot(repo)
        r = await table.play(HERE, RAVI, "c3 d3")
        assert r.error and r.public is None
        assert f"cannot move until all the goats are placed ({goats_left} still in hand)" \
            in r.private and example in r.private and "Nothing was played" in r.private
        assert await snapshot(repo) == before

    await two_player_game(table)
    await refused_with(15, "`c3`")  # c3 is empty: the line would place there, then stop
    assert not (await table.play(HERE, RAVI, "c3")).error
    assert not (await table.play(HERE, MEERA, "b3 b2")).error
    await refused_with(14, "`d3`")  # c3 holds a goat: d3 is the point to place on


async def test_a_step_inside_a_move_stays_private_until_the_move_completes(table):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    r = await table.play(HERE, MEERA, "b3")
    assert r.public is None and not r.error
    assert "move the tiger on b3" in r.private
    assert {c.token for c in r.choices} == {"b2", "d3"}  # d3 is the leap over c3
    r = await table.play(HERE, MEERA, "d3")
    assert "leap b3 → d3 over c3" in r.public and "captured (1 of 5)" in r.public


@pytest.mark.slow
async def test_the_public_post_carries_the_status_lines_under_the_move(table):
    await two_player_game(table)
    r = await table.play(HERE, RAVI, "c3")
    lines = r.public.split("\n")
    turn = lines.index("**Tigers** (meera) to move · 1 move played")
    assert lines[turn + 1] == "Goats to place: **14** · Goats captured: **0** of 5"
    assert turn > 0  # under the move's own lines


@pytest.mark.slow
async def test_panel_clicks_apply_once_and_stale_panels_are_refused(table, repo):
    await two_player_game(table)
    panel = await table.panel(HERE, RAVI)
    assert not panel.error and len(panel.choices) == 20
    assert all(c.token for c in panel.choices)
    # The same button clicked twice at once: exactly one placement.
    a, b = await asyncio.gather(
        table.click(HERE, RAVI, panel.game_id, panel.version, "c3"),
        table.click(HERE, RAVI, panel.game_id, panel.version, "c3"),
    )
    assert sorted([a.error, b.error]) == [False, True]
    refused = a if a.error else b
    assert "moved on" in refused.private or "out of date" in refused.private
    game = await repo.latest_game(HERE.channel_id)
    assert len(await repo.steps(game.id)) == 1
    # An old panel cannot be used later either.
    r = await table.click(HERE, RAVI, panel.game_id, panel.version, "c4")
    assert r.error and "out of date" in r.private


async def test_panel_for_someone_whose_turn_it_is_not(table):
    await two_player_game(table)
    r = await table.panel(HERE, MEERA)
    assert r.error and "waiting for ravi (Goats)" in r.private
    r = await table.panel(HERE, SAM)
    assert r.error and "spectators" in r.private


@pytest.mark.slow
async def test_autocomplete_offers_only_legal_next_tokens(table):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    offered = [v for _, v in await table.autocomplete(HERE, MEERA, "")]
    assert sorted(offered) == ["a", "b3", "b4"]
    offered = [v for _, v in await table.autocomplete(HERE, MEERA, "b3 ")]
    assert sorted(offered) == ["b3 b2", "b3 d3"]  # a step, or the leap over c3
    offered = [v for _, v in await table.autocomplete(HERE, RAVI, "")]
    assert len(offered) == 1 and "not your turn" in (await table.autocomplete(
        HERE, RAVI, ""))[0][0]
    # Placement: 19 empty points, filtered by what is typed, never more than 25.
    await table.play(HERE, MEERA, "b3 b2")
    all_places = await table.autocomplete(HERE, RAVI, "")
    assert len(all_places) == 19
    assert [v for _, v in await table.autocomplete(HERE, RAVI, "e")] == ["e2", "e3", "e4", "e5"]
    bad = await table.autocomplete(HERE, RAVI, "zz ")
    assert len(bad) == 1 and "not a point" in bad[0][0]


@pytest.mark.slow
async def test_undo_takes_back_your_move_until_the_opponent_answers(table, repo):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    before = await snapshot(repo)
    r = await table.undo(HERE, RAVI)
    assert not r.error and "takes back" in r.public and "c3" in r.public
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.state)["board"].count("G") == 0
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    assert not (await table.play(HERE, RAVI, "c4")).error
    assert not (await table.play(HERE, MEERA, "b4 b5")).error
    r = await table.undo(HERE, RAVI)
    assert r.error and "meera has moved since" in r.private
    r = await table.undo(HERE, SAM)
    assert r.error
    assert (await snapshot(repo))[0] > before[0]
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_resign_and_abort(table, repo):
    await two_player_game(table)
    r = await table.abort(HERE, MEERA)
    assert r.error and "created this game" in r.private
    r = await table.resign(HERE, SAM)
    assert r.error
    r = await table.resign(HERE, MEERA, confirm=True)
    assert "meera** resigns" in r.public and "ravi (Goats) wins" in r.public
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished"
    assert json.loads(game.result)["winners"] == ["goats"]
    # The channel is free again; a moderator may abort someone else's game.
    await table.new(HERE, MEERA, "goat_tiger")
    r = await table.abort(HERE, MOD)
    assert not r.error and "aborted by mod" in r.public


async def test_status_log_and_board_are_private_looks(table):
    await two_player_game(table)
    await table.play(HERE, RAVI, "c3")
    s = await table.status(HERE, SAM)
    assert "Waiting for: meera (Tigers)" in s.private and s.public is None
    lg = await table.log(HERE, SAM)
    assert "Goats place on c3." in lg.private and lg.public is None
    b = await table.board(HERE, SAM)
    assert b.public is None and b.image_private and png_size(b.image)


async def test_seating_rules(table):
    r = await table.new(HERE, RAVI, "chess")
    assert r.error and "goat_tiger" in r.private
    r = await table.new(HERE, RAVI, "goat_tiger", role="sheep")
    assert r.error and "not a side" in r.private
    r = await table.new(HERE, RAVI, "goat_tiger", options={"goats": 99})
    assert r.error and "goats" in r.private
    await table.new(HERE, RAVI, "goat_tiger", role="tigers")
    r = await table.join(HERE, MEERA, "tigers")
    assert r.error and "Someone already plays the Tigers" in r.private
    r = await table.leave(HERE, MEERA)
    assert r.error
    r = await table.join(HERE, MEERA)
    assert "ravi (Tigers) · meera (Goats)" in r.public


@pytest.mark.slow
async def test_one_person_may_play_both_sides(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", role="goats")
    r = await table.join(HERE, RAVI, "tigers")
    assert not r.error
    r = await table.play(HERE, RAVI, "c3 b3 d3")  # a goat move then the tiger's leap
    assert not r.error, r.private
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.state)["captured"] == 1


@pytest.mark.slow
async def test_against_the_computer_to_the_end(table, repo):
    r = await table.new(HERE, RAVI, "goat_tiger", role="goats", opponent="computer", seed=5)
    assert "Computer" in r.public
    rng = random.Random(5)
    for _ in range(200):
        game = await repo.latest_game(HERE.channel_id)
        if game.status != "active":
            break
        state = json.loads(game.state)
        assert state["to_move"] == "goats"  # the computer has always replied already
        r = await table.play(HERE, RAVI, random_move_line(state, rng))
        assert not r.error, r.private
        if (await repo.get_game(game.id)).status == "active":
            assert "**Computer**: Tigers" in r.public
            assert [p.user_id for p in r.pings] == [RAVI.user_id]
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "finished"
    assert json.loads(game.result)["winners"] == ["tigers"]  # random goats lose
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_computer_moves_first_when_it_has_the_goats(table, repo):
    r = await table.new(HERE, RAVI, "goat_tiger", role="tigers", opponent="computer")
    assert "**Computer**: Goats place on" in r.public
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.state)["to_move"] == "tigers"


@pytest.mark.slow
async def test_a_crash_while_starting_leaves_the_game_as_it_was(table, repo, monkeypatch):
    """Reproduced: a kill in the middle of /game start left the game half dealt (the
    shared sides seated, the game not started). Seats and the deal are one write now."""
    await table.new(HERE, RAVI, "vijayanagara", seed=2)  # one player: start adds 2 seats
    game = await repo.live_game(HERE.channel_id)
    before = await snapshot(repo)

    async def killed(*args, **kwargs):
        raise RuntimeError("the process was killed here")

    monkeypatch.setattr(repo, "start_game", killed)
    with pytest.raises(RuntimeError):
        await table.start(HERE, RAVI)
    assert await snapshot(repo) == before and len(await repo.seats(game.id)) == 1
    monkeypatch.undo()
    r = await table.start(HERE, RAVI)
    assert not r.error and len(await repo.seats(game.id)) == 3
