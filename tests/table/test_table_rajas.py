"""Rajas of the Ganges at the table: the picture of any side's province, a whole turn
typed in one line, and refusals that name the rule."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import update

from db import Game
from engine import games
from engine.games.rajas import ai
from engine.games.rajas import rules as R
from tests.engine.rajas.test_rules import _give
from tests.support.table import (
    HERE,
    MEERA,
    RAVI,
    SAM,
    assert_replays,
    random_move_lines,
    seat_fewest,
)


@pytest.mark.slow
async def test_board_shows_any_sides_province_where_the_picture_shows_one(table, repo):
    """Rajas' picture holds one province: /board side: shows anyone's, to the asker."""
    who = await seat_fewest(table, HERE, "rajas", seed=3)
    roles = list(who)
    a = await table.board(HERE, SAM, side=roles[0])
    b = await table.board(HERE, SAM, side=roles[1])
    assert a.image_private and a.image != b.image and roles[1].capitalize() in b.private
    r = await table.board(HERE, SAM, side="purple")
    assert r.error and "not a side" in r.private
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "goat_tiger", opponent="computer")
    r = await table.board(HERE, RAVI, side="goats")
    assert r.error and "already shows every side" in r.private


@pytest.mark.slow
async def test_a_whole_turn_typed_is_posted_with_the_roll_and_pings_the_next(table, repo):
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    game = await repo.latest_game(HERE.channel_id)
    state = json.loads(game.state)
    role = R.active(state)[0]
    steps = ai.bot_steps(state, role)
    lines = games.typed_lines(R, state, role, steps)
    for line in lines:
        r = await table.play(HERE, who[role], line)
    assert not r.error and r.move_done and r.image, r.private
    after = json.loads((await repo.latest_game(HERE.channel_id)).state)
    nxt = R.active(after)[0]
    assert [p.user_id for p in r.pings] == [who[nxt].user_id]
    await assert_replays(repo, game.id)


@pytest.mark.slow
async def test_mid_move_the_board_previews_where_the_tile_may_go(table, repo):
    """Tile placement offers only the legal cells and turns, shown on the mover's
    province (their /board mid-move); the others see the position before the move."""
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    for _ in range(30):
        state = json.loads((await repo.latest_game(HERE.channel_id)).state)
        role = R.active(state)[0]
        steps = ai.bot_steps(state, role)
        if ("place", "quarry") in steps:
            break
        for line in games.typed_lines(R, state, role, steps):
            await table.play(HERE, who[role], line)
    else:
        raise AssertionError("nobody built")
    upto = [s for s in steps[:next(i for i, s in enumerate(steps) if s[0] == "cell")]]
    for line in games.typed_lines(R, state, role, upto):
        await table.play(HERE, who[role], line)
    mine = await table.board(HERE, who[role])
    others = await table.board(HERE, SAM, side=role)
    assert mine.image_private and "Your move so far" in mine.private
    assert mine.image != others.image  # the preview's highlighted cells


async def _arranged(table, repo, arrange) -> tuple[dict, str, dict]:
    """A game whose first position ``arrange(state, role)`` changed for the player to act
    (the stored state, as a test may set it): who plays each side, that role, the state."""
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    game = await repo.latest_game(HERE.channel_id)
    state = json.loads(game.state)
    role = R.active(state)[0]
    for c, _ in state["players"][role]["dice"]:
        state["supply"][c] += 1
    state["players"][role]["dice"] = []
    arrange(state, role)
    async with repo.engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == game.id)
                           .values(state=json.dumps(state)))
    return who, role, state


async def test_the_quarry_without_money_is_refused_naming_the_money_needed(table, repo):
    """Placing workers: an action that costs money cannot be taken short of it."""
    def broke(state, role):
        state["players"][role]["money"] = 0
        _give(state, role, ("blue", 6))

    who, role, state = await _arranged(table, repo, broke)
    cost = state["layout"]["quarry"][0]
    r = await table.play(HERE, who[role], "quarry")
    assert r.error and f"The next space at the quarry costs {cost} money and you have 0" in \
        r.private, r.private
    assert "Possible: " in r.private


@pytest.mark.slow
async def test_a_tile_where_no_road_leads_is_refused_naming_the_road_rule(table, repo):
    """The province boards: each tile is connected to the residence by a road; the
    residence's roads lead to b1, c2 and d1."""
    def builder(state, role):
        _give(state, role, ("blue", 6), ("blue", 6))
        state["display"]["blue-cow"] = "bc2"  # a blue 5, a T-junction

    who, role, _ = await _arranged(table, repo, builder)
    for line in ("quarry tile-blue-cow", "blue6"):
        assert not (await table.play(HERE, who[role], line)).error
    r = await table.play(HERE, who[role], "b2-nes")
    assert r.error and "No road leads to b2: a new tile must meet a road joined to the " \
        "residence (The province boards); roads lead to b1, c2 and d1." in r.private, r.private
    assert not (await table.play(HERE, who[role], "c2-nes")).error


async def test_a_die_that_shows_the_face_only_turned_is_refused_with_the_k_token(table, repo):
    """Actions at the palace and Karma: the Dancer takes a "2"; a blue 5 gives one only
    turned with a karma (`blue5k`)."""
    def dancer(state, role):
        _give(state, role, ("blue", 5))
        state["players"][role]["karma"] = 1

    who, role, _ = await _arranged(table, repo, dancer)
    r = await table.play(HERE, who[role], "dancer blue5")
    assert r.error and "The Dancer takes a die showing 2 (Actions at the palace); your blue 5 " \
        "shows 2 only turned with a karma: type `blue5k`." in r.private, r.private


async def test_the_dancer_s_draw_stops_a_typed_line_and_autocomplete(table, repo):
    """Issue 23 point 1, reproduced: `/play dancer violet2 skip zzz` was refused with
    nothing played, in words that differed by the white tile drawn, and autocomplete
    after `skip` showed what the tile was. The draw is a reveal: the line stops there."""
    g = games.get("rajas")
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    rng = random.Random(2)
    for _ in range(300):
        game = await repo.latest_game(HERE.channel_id)
        state = json.loads(game.state)
        role = g.view(state, None)["active"][0]
        tokens = games.tokens(g, g.view(state, role))
        if "dancer" in tokens:
            head, after = ["dancer"], g.act(state, role, *tokens["dancer"])
            while games.reveal_mark(g, after) == games.reveal_mark(g, state):
                step = games.legal_steps(g, g.view(after, role))[0]
                head.append(g.token(*step))
                after = g.act(after, role, *step)
            if len(after["white"]) < len(state["white"]):
                break
        for line in random_move_lines(state, rng):
            await table.play(HERE, who[role], line)
    else:
        pytest.skip("the dancer never drew")
    mover = who[role]
    assert mover in (RAVI, MEERA)
    said = await table.autocomplete(HERE, mover, " ".join(head) + " ")
    assert len(said) == 1 and "reveals a card: send this much first" in said[0][0]
    n = len(await repo.steps(game.id))
    r = await table.play(HERE, mover, " ".join(head) + " zzz")
    assert r.error and "rolled dice or revealed a card" in r.private
    assert "`zzz` was not played" in r.private
    assert len(await repo.steps(game.id)) == n + len(head)  # the draw stands
    r = await table.undo(HERE, mover)
    assert r.consent is not None  # seen, so taken back only if the other agrees


@pytest.mark.slow
async def test_a_full_kali_asks_to_make_room_and_score_counts_fame_spaces(table, repo):
    """Placing workers (Kali's hands): a terrace on a full Kali asks to put a die back
    or take fewer; End of the game: /score counts the fame spaces between the markers."""
    def full(state, role):
        _give(state, role, *[("green", 3)] * 10)

    who, role, _ = await _arranged(table, repo, full)
    r = await table.play(HERE, who[role], "terrace-blue")
    assert not r.error and "`return-…`), or take `fewer`" in r.private, r.private
    r = await table.play(HERE, who[role], "return-green3")
    assert not r.error and r.move_done, r.private
    state = json.loads((await repo.latest_game(HERE.channel_id)).state)
    dice = state["players"][role]["dice"]
    assert len(dice) == 10 and [c for c, _ in dice].count("blue") == 1
    r = await table.score(HERE, SAM)
    assert "the race in fame spaces" in r.private and "fame spaces to go." in r.private


async def test_palace_typed_is_refused_naming_the_chambers_and_their_die_values(table, repo):
    """Actions at the palace: `/play palace` names no space; the refusal lists the
    chambers by name and die value and what is possible now, and nothing is stored."""
    who = await seat_fewest(table, HERE, "rajas", seed=8)
    game = await repo.latest_game(HERE.channel_id)
    role = R.active(json.loads(game.state))[0]
    r = await table.play(HERE, who[role], "palace")
    assert r.error and r.private.startswith(
        "`palace` is not possible now. The palace's chambers are typed by name, one for "
        "each die face: `mogul` takes a 1, `dancer` a 2, `yogi` a 3, `raja` a 4, `builder` "
        "a 5 and `portuguese` a 6"), r.private
    assert "Possible: " in r.private
    after = await repo.latest_game(HERE.channel_id)
    assert (after.version, after.state) == (game.version, game.state)
