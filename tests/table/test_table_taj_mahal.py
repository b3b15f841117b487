"""Taj Mahal at the table: seats for 3 to 5 colours, one hidden hand each, /hand and the
panel for its owner only, whole turns typed, and undo across a draw only by consent."""

from __future__ import annotations

import json
import random

import pytest

from engine import games
from engine.games.taj_mahal import rules as tm
from tests.support.table import (
    ASHA,
    HERE,
    MEERA,
    RAVI,
    SAM,
    assert_replays,
    finish_move,
    png_size,
    random_move_lines,
    seat_fewest,
)


async def _state(repo) -> dict:
    return json.loads((await repo.latest_game(HERE.channel_id)).state)


async def _three(table) -> dict:
    return await seat_fewest(table, HERE, "taj_mahal", seed=7)


def _kinds_in(text: str, cards: list[str]) -> list[str]:
    return [tm.KIND[c] for c in cards if tm.KIND[c] in text]


async def test_three_people_joining_start_a_three_player_game_one_colour_each(table, repo):
    who = await _three(table)
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "active" and json.loads(game.options) == {"players": 3}
    assert sorted(who) == ["blue", "green", "red"]
    assert {a.user_id for a in who.values()} == {RAVI.user_id, MEERA.user_id, ASHA.user_id}
    state = await _state(repo)
    assert state["roles"] == ["red", "blue", "green"] and len(state["supply"]) == 5  # 2n-1


@pytest.mark.slow
async def test_nobody_holds_two_hands_and_a_short_table_is_filled_by_the_computer(table, repo):
    await table.new(HERE, RAVI, "taj_mahal", seed=3)
    r = await table.join(HERE, RAVI, "blue")
    assert r.error and "one person plays one side" in r.private
    await table.join(HERE, MEERA)
    r = await table.start(HERE, RAVI)
    assert r.error and "hidden hand" in r.private and "fill_with_computer: True" in r.private
    r = await table.start(HERE, RAVI, fill_with_computer=True)
    assert not r.error and "Computer" in r.public
    game = await repo.latest_game(HERE.channel_id)
    seats = await repo.seats(game.id)
    # The usual four: two people, two computers, each colour once.
    assert json.loads(game.options) == {"players": 4}
    assert sorted(s.role for s in seats) == ["blue", "green", "red", "yellow"]
    assert sum(s.is_bot for s in seats) == 2


async def test_a_colour_not_in_play_is_refused_before_the_deal(table, repo):
    r = await table.new(HERE, RAVI, "taj_mahal", role="black", options={"players": 3})
    assert r.error and "not a side in this game" in r.private
    await table.new(HERE, RAVI, "taj_mahal", role="black")
    await table.join(HERE, MEERA)
    await table.join(HERE, ASHA)
    r = await table.start(HERE, RAVI)  # three seated: a three-player game has no Black
    assert r.error and "A 3-player game leaves out Black" in r.private
    assert (await repo.latest_game(HERE.channel_id)).status == "setup"


async def test_against_the_computer_the_game_starts_and_waits_for_the_person(table, repo):
    r = await table.new(HERE, RAVI, "taj_mahal", opponent="computer", seed=11)
    assert not r.error and r.image and png_size(r.image)[0] >= 800
    state = await _state(repo)
    game = await repo.latest_game(HERE.channel_id)
    mine = next(s.role for s in await repo.seats(game.id) if s.user_id == RAVI.user_id)
    assert len(state["roles"]) == 4 and tm.active(state) == [mine]
    assert [p.user_id for p in r.pings] == [RAVI.user_id]


@pytest.mark.slow
async def test_a_hand_is_shown_to_its_owner_only(table, repo):
    who = await _three(table)
    state = await _state(repo)
    for role, person in who.items():
        r = await table.hand(HERE, person)
        assert not r.error and r.image and r.image_private and r.public is None
        assert png_size(r.image)[0] >= 600
        mine = set(_kinds_in(r.private, state["hands"][role]))
        assert mine == {tm.KIND[c] for c in state["hands"][role]}
        others = {tm.KIND[c] for o in who if o != role for c in state["hands"][o]} - mine
        assert not [k for k in others if f"`{k}`" in r.private]
    r = await table.hand(HERE, SAM)
    assert r.error and "not seated" in r.private
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "goat_tiger", opponent="computer")
    r = await table.hand(HERE, RAVI)
    assert r.error and "no hidden hands" in r.private


@pytest.mark.slow
async def test_the_panel_offers_the_cards_by_name_with_the_hand_and_a_hand_button(table, repo):
    who = await _three(table)
    state = await _state(repo)
    role = tm.active(state)[0]
    r = await table.panel(HERE, who[role])
    assert r.hand and "Your hand" in r.private
    tokens = [c.token for c in r.choices]
    assert "withdraw" in tokens
    assert set(tokens) - {"withdraw"} <= {tm.KIND[c] for c in state["hands"][role]}
    assert len(tokens) == len(set(tokens))  # identical cards: one button
    other = next(p for r_, p in who.items() if r_ != role)
    r = await table.panel(HERE, other)
    assert r.error and "not your turn" in r.private


@pytest.mark.slow
async def test_a_whole_turn_typed_is_posted_and_the_next_colour_is_pinged(table, repo):
    who = await _three(table)
    state = await _state(repo)
    role = tm.active(state)[0]
    hand = state["hands"][role]
    coloured = next(c for c in hand if tm.CARDS[c]["colour"] in tm.COLOURED)
    white = next((c for c in hand if tm.CARDS[c]["colour"] == "white"), None)
    line = tm.KIND[coloured] + (f" {tm.KIND[white]}" if white else "")
    r = await table.play(HERE, who[role], line)
    assert not r.error and r.move_done, r.private
    assert f"plays `{tm.KIND[coloured]}`" in r.public
    after = await _state(repo)
    nxt = tm.active(after)[0]
    assert nxt != role and [p.user_id for p in r.pings] == [who[nxt].user_id]
    # The status lines under the log: what is still to win, who plays in turn, the supply.
    assert "to win: " in r.public and "Playing" in r.public and "Supply: " in r.public
    # Nothing of anyone's hand in the post beyond the cards just played (and the kinds
    # the face-up supply shows, which anyone's hand may share).
    played = {tm.KIND[coloured]} | ({tm.KIND[white]} if white else set())
    played |= {tm.KIND[c] for c in after["supply"]}
    for held in after["hands"].values():
        assert not [k for k in _kinds_in(r.public, held) if k not in played]
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_a_card_of_another_colour_is_refused_with_the_rule(table, repo):
    who = await _three(table)
    rng = random.Random(5)
    for _ in range(30):
        state = await _state(repo)
        role = tm.active(state)[0]
        p = state["players"][role]
        other = next((c for c in state["hands"][role] if p["colour"] and
                      tm.CARDS[c]["colour"] in tm.COLOURED and
                      tm.CARDS[c]["colour"] != p["colour"]), None)
        if other:
            r = await table.play(HERE, who[role], tm.KIND[other])
            assert r.error and f"Your colour is locked to {p['colour']}" in r.private
            assert await _state(repo) == state
            return
        for line in random_move_lines(state, rng):
            await table.play(HERE, who[role], line)
    raise AssertionError("no bound colour came up")


def _possible(state: dict, role: str) -> str:
    """The refusal's list of what the player may type: their own legal steps."""
    legal = [tm.token(*step) for step in games.legal_steps(tm, tm.view(state, role))]
    return "Possible: " + ", ".join(f"`{t}`" for t in legal) + "."


async def test_a_word_that_names_no_card_says_so_and_lists_what_to_type(table, repo):
    """Playing the game: a coloured card shows a colour and two symbols, so `red-monk`
    names none; nonsense names nothing. Each refusal says so and lists the steps the player
    may type, from their own hand."""
    who = await _three(table)
    state = await _state(repo)
    role = tm.active(state)[0]
    r = await table.play(HERE, who[role], "red-monk")
    assert r.error and r.private.startswith(
        "`red-monk` is not possible now. No card is called `red-monk`: a card is named by its "
        "colour and symbols"), r.private
    assert _possible(state, role) in r.private
    r = await table.play(HERE, who[role], "xyzzy-42")
    assert r.error and r.private.startswith(
        "`xyzzy-42` is not possible now. It names no card, city or step of Taj Mahal. Now play "
        "one coloured card, or `withdraw`. Possible: "), r.private
    assert _possible(state, role) in r.private
    assert await _state(repo) == state


@pytest.mark.slow
async def test_a_card_not_in_hand_or_a_white_card_alone_is_refused_with_the_rule(table, repo):
    """Playing the game: cards are played from the player's hand, and "White cards and
    special cards may never be played without a colored card"."""
    who = await _three(table)
    state = await _state(repo)
    role = tm.active(state)[0]
    hand = {tm.KIND[c] for c in state["hands"][role]}
    missing = next(k for k in ("white-monk", "white-vizier", "white-general") if k not in hand)
    r = await table.play(HERE, who[role], missing)
    assert r.error and r.private == (
        f"`{missing}` is not possible now. You have no `{missing}` in your hand. "
        f"{_possible(state, role)}")
    rng = random.Random(3)
    for _ in range(60):
        state = await _state(repo)
        role = tm.active(state)[0]
        white = next((tm.KIND[c] for c in state["hands"][role]
                      if tm.CARDS[c]["colour"] == "white"), None)
        if white and state["turn"]["stage"] == "play":
            r = await table.play(HERE, who[role], white)
            assert r.error and r.private == (
                f"`{white}` is not possible now. A white card is played only together with a "
                "coloured card, never alone (\"Playing the game\"): play your coloured card "
                f"first, then `{white}`. {_possible(state, role)}")
            assert await _state(repo) == state
            return
        for line in random_move_lines(state, rng):
            await table.play(HERE, who[role], line)
    raise AssertionError("nobody held a white card at the start of a turn")


@pytest.mark.slow
async def test_a_withdrawal_typed_whole_places_palaces_and_takes_from_the_supply(table, repo):
    """Play until someone wins a tile, then type the withdrawal, palaces and supply picks
    in one line."""
    who = await _three(table)
    rng = random.Random(2)
    for _ in range(200):
        state = await _state(repo)
        role = tm.active(state)[0]
        after = tm.act(state, role, "withdraw")
        if state["players"][role]["moved"] and after["turn"]["stage"] == "place":
            steps = []
            while tm.active(after) == [role] and after["move"] == state["move"]:
                action, arg = games.legal_steps(tm, tm.view(after, role))[0]
                steps.append(tm.token(action, arg))
                after = tm.act(after, role, action, arg)
            drawn = len(after["deck"]) != len(state["deck"]) and after["visit"] == state["visit"]
            line = "withdraw " + " ".join(steps)
            if drawn:  # a card bonus tile: the line would stop there; look for another
                for line in random_move_lines(state, rng):
                    await table.play(HERE, who[role], line)
                continue
            r = await table.play(HERE, who[role], line)
            assert not r.error and "palace on `" in r.public, r.private
            assert "takes `" in r.public and "scores" in r.public
            await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)
            return
        for line in random_move_lines(state, rng):
            await table.play(HERE, who[role], line)
    raise AssertionError("nobody won a palace")


@pytest.mark.slow
async def test_undo_across_a_draw_from_the_deck_needs_the_others(table, repo):
    """A withdrawal without playing draws a card the mover has seen: undo asks first."""
    who = await _three(table)
    state = await _state(repo)
    role = tm.active(state)[0]
    r = await table.play(HERE, who[role], "withdraw")
    assert "draws a card from the deck" in (r.public or "") + (r.private or "")
    # The supply picks, if the line stopped at the draw.
    state = await finish_move(table, repo, who, role)
    r = await table.undo(HERE, who[role])
    assert r.consent is not None and "do you agree" in r.public
    assert {p.user_id for p in r.pings} == {a.user_id for o, a in who.items() if o != role}
    assert await _state(repo) == state


@pytest.mark.slow
async def test_a_player_who_resigns_hands_their_colour_to_the_computer(table, repo):
    """With hidden hands the others play on; the game ends only when nobody is left."""
    who = await _three(table)
    state = await _state(repo)
    leaver_role = next(r for r in who if r not in tm.active(state))
    leaver = who[leaver_role]
    r = await table.resign(HERE, leaver)
    then = f"The computer takes over {tm.ROLE_NAMES[leaver_role]}, and the others play on."
    assert then in r.private  # the question says what will happen, and the post the same
    r = await table.resign(HERE, leaver, confirm=True, game_id=r.confirm.game_id)
    assert then in r.public
    game = await repo.latest_game(HERE.channel_id)
    seat = next(s for s in await repo.seats(game.id) if s.role == leaver_role)
    assert game.status == "active" and seat.is_bot and seat.user_id is None
    rest = [p for p in who.values() if p != leaver]
    for person in rest[:-1]:
        r = await table.resign(HERE, person, confirm=True, game_id=game.id)
        assert (await repo.latest_game(HERE.channel_id)).status == "active"
    r = await table.resign(HERE, rest[-1], confirm=True, game_id=game.id)
    assert (await repo.latest_game(HERE.channel_id)).status == "finished"
    assert "Game over" in r.public


@pytest.mark.slow
async def test_a_line_past_the_turn_names_the_one_white_card_rule_and_plays_nothing(table,
                                                                                    repo):
    """Playing the game: one coloured card and at most one white or special card a turn.
    `/play <coloured> <white> <another card>` is refused whole with that rule and the line
    that would do (not "your move was complete"), and nothing is stored."""
    who = await _three(table)
    rng = random.Random(4)
    for _ in range(60):
        state = await _state(repo)
        role = tm.active(state)[0]
        acts = tm.view(state, role)["actions"]
        hand = [tm.KIND[c] for c in state["hands"][role]]
        white = next((k for k in hand if tm.CARDS[k]["colour"] == "white"), None)
        if state["turn"]["stage"] == "play" and acts.get("play") and white:
            coloured = acts["play"][0]
            third = next(k for k in hand if k not in (coloured, white))
            r = await table.play(HERE, who[role], f"{coloured} {white} {third}")
            assert r.error and r.public is None
            rule = ("exactly one coloured card" if tm.CARDS[third]["colour"] in tm.COLOURED
                    else "at most one white or special card")
            assert rule in r.private and "(\"Playing the game\")" in r.private, r.private
            assert (f"Send `{coloured} {white}` now and `{third}` on a later turn. Nothing "
                    "was played.") in r.private, r.private
            assert await _state(repo) == state
            return
        for line in random_move_lines(state, rng):
            await table.play(HERE, who[role], line)
    raise AssertionError("nobody held a coloured and a white card at the start of a turn")
