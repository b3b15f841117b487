"""Vijayanagara's optional second tiebreaker through the table (rules 5.0, 5.5): a tie on
victory points and Resources opens a game of Aadu-Huli aata in the same channel between
the people seated for the tied factions; its end decides the Vijayanagara game, whose
result post and ratings name the tiebreak's winner. Three tied: two games in turn."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot import in_worker, scheduler, workers
from bot.table import Table
from bot.table.side_games import SideGames
from db import TIEBREAK
from engine import games
from engine.games.vijayanagara.data import PROVINCES
from tests.engine.vijayanagara.positions import position
from tests.support.table import ASHA, HERE, MEERA, RAVI, T0, Clock

ON = {"tiebreak": "goat_tiger"}
SHARED = "share the victory"


def delhi_ends_it(*, three: bool = False, options: dict | None = None) -> dict:
    """Card 7 with only Delhi eligible and Timur next: Delhi's pass ends the game with Delhi
    and Bahmani at 3 VP and 13 Resources each (Vijayanagara too, where ``three``)."""
    return position(card=7, deck=["t2"], cavalry={}, independent=list(PROVINCES),
                    options=ON if options is None else options,
                    eligible={"vijayanagara": False, "bahmani": False},
                    influence={"bahmani": 3, **({"vijayanagara": 3} if three else {})},
                    resources={"delhi": 10, "bahmani": 13, "vijayanagara": 13 if three else 1},
                    spaces={**{p: {} for p in PROVINCES}, "passes": {}, "punjab": {},
                            "delhi": {}})


async def near_the_end(table, repo, *, three: bool = False, options: dict | None = None,
                       computer: bool = False):
    """ravi holds Delhi; meera Bahmani and ravi Vijayanagara (asha, where ``three``), or
    the computer the two others; the game stands where Delhi's pass ends it. Returns the
    game's id."""
    opts = ON if options is None else options
    r = await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=3,
                        options={k: str(v) for k, v in opts.items()},
                        opponent="computer" if computer else None)
    assert not r.error, r.private
    if not computer:
        assert not (await table.join(HERE, MEERA, "bahmani")).error
        if three:  # the third seat starts the game
            assert not (await table.join(HERE, ASHA, "vijayanagara")).error
        else:
            assert not (await table.start(HERE, RAVI)).error
    game = await repo.latest_game(HERE.channel_id)
    await repo.set_status(game, "active", state=delhi_ends_it(three=three, options=opts))
    return game.id


async def seats_of(repo, game_id: int) -> dict[str, str | None]:
    return {s.role: s.user_id for s in await repo.seats(game_id)}


async def test_without_the_option_a_tie_shares_the_victory_as_before(table, repo):
    vj = await near_the_end(table, repo, options={})
    r = await table.play(HERE, RAVI, "pass")
    assert not r.error, r.private
    assert r.then == []
    game = await repo.get_game(vj)
    assert game.status == "finished"
    assert sorted(json.loads(game.result)["winners"]) == ["bahmani", "delhi"]
    assert SHARED in r.public


async def test_a_tie_opens_goat_tiger_between_the_tied_players_5_5(table, repo):
    vj = await near_the_end(table, repo)
    r = await table.play(HERE, RAVI, "pass")
    assert not r.error, r.private
    assert "tied on victory points and Resources (5.0)" in r.public
    waiting = await repo.get_game(vj)
    assert waiting.status == TIEBREAK and waiting.result is None
    # The Goat-Tiger game is the channel's live game now, linked to the tied one.
    gt = await repo.live_game(HERE.channel_id)
    assert gt.game == "goat_tiger" and gt.side_game_of == vj and gt.status == "active"
    sides = games.get("vijayanagara").side_game(json.loads(waiting.state))["sides"]
    people = {"delhi": RAVI.user_id, "bahmani": MEERA.user_id}
    assert await seats_of(repo, gt.id) == {side: people[f] for side, f in sides.items()}
    [opened] = r.then
    assert opened.game_id == gt.id and opened.image is not None
    assert f"game #{gt.id}" in opened.public and "Aadu-Huli aata" in opened.public
    # The Goats move first: only their player is pinged.
    assert [p.user_id for p in opened.pings] == [people[sides["goats"]]]
    # Nothing more is taken in the tied game; /play reaches the tiebreak.
    goats = RAVI if people[sides["goats"]] == RAVI.user_id else MEERA
    panel = await table.panel(HERE, goats)
    assert not panel.error and panel.game_id == gt.id


@pytest.mark.parametrize("loser", ["goats", "tigers"])
async def test_the_tiebreaks_winner_takes_the_game_its_post_and_ratings(table, repo, loser):
    vj = await near_the_end(table, repo)
    r = await table.play(HERE, RAVI, "pass")
    gt = await repo.live_game(HERE.channel_id)
    sides = games.get("vijayanagara").side_game(json.loads((await repo.get_game(vj)).state))[
        "sides"]
    person = {"delhi": RAVI, "bahmani": MEERA}
    winner = sides["tigers" if loser == "goats" else "goats"]
    r = await table.resign(HERE, person[sides[loser]], confirm=True, game_id=gt.id)
    assert not r.error, r.private
    [decided] = r.then
    assert decided.game_id == vj
    game = await repo.get_game(vj)
    assert game.status == "finished"
    result = json.loads(game.result)
    assert result["winners"] == [winner]
    assert "tiebreak (5.5)" in result["reason"]
    assert "tiebreak (5.5)" in decided.public and SHARED not in decided.public
    assert decided.image is not None and decided.rematch == vj  # the result post
    rated, rows = await repo.rated(vj)
    places = {row.role: row.place for row in rows}
    assert places[winner] == 1 and all(p > 1 for f, p in places.items() if f != winner)
    # The step log holds the outcome: the game replays to the same result.
    steps = await repo.steps(vj)
    assert steps[-1].action == games.SIDE_GAME and steps[-1].user_id is None
    assert await repo.live_game(HERE.channel_id) is None


async def test_an_aborted_tiebreak_leaves_the_victory_shared(table, repo):
    vj = await near_the_end(table, repo)
    await table.play(HERE, RAVI, "pass")
    r = await table.abort(HERE, RAVI)
    assert not r.error, r.private
    [decided] = r.then
    game = await repo.get_game(vj)
    assert game.status == "finished"
    assert sorted(json.loads(game.result)["winners"]) == ["bahmani", "delhi"]
    assert "was aborted" in decided.public and SHARED in decided.public


async def test_three_tied_play_two_goat_tiger_games_in_turn(table, repo):
    vj = await near_the_end(table, repo, three=True)
    await table.play(HERE, RAVI, "pass")
    rules = games.get("vijayanagara")
    first = await repo.live_game(HERE.channel_id)
    sides = rules.side_game(json.loads((await repo.get_game(vj)).state))["sides"]
    person = {"delhi": RAVI, "bahmani": MEERA, "vijayanagara": ASHA}
    r = await table.resign(HERE, person[sides["tigers"]], confirm=True, game_id=first.id)
    assert not r.error, r.private
    [second_post] = r.then
    [next_post] = second_post.then
    second = await repo.live_game(HERE.channel_id)
    assert second.id != first.id and second.side_game_of == vj
    assert next_post.game_id == second.id
    assert (await repo.get_game(vj)).status == TIEBREAK
    now = rules.side_game(json.loads((await repo.get_game(vj)).state))
    assert now["round"] == 2 and sides["goats"] in now["sides"].values()
    await table.abort(HERE, RAVI)
    result = json.loads((await repo.get_game(vj)).result)
    third = ({"delhi", "bahmani", "vijayanagara"} - set(sides.values())).pop()
    assert sorted(result["winners"]) == sorted([sides["goats"], third])


async def test_a_tied_faction_the_computer_plays_plays_its_side_by_the_goat_tiger_computer(
        table, repo):
    vj = await near_the_end(table, repo, computer=True)
    r = await table.play(HERE, RAVI, "pass")
    assert not r.error, r.private
    gt = await repo.live_game(HERE.channel_id)
    sides = games.get("vijayanagara").side_game(json.loads((await repo.get_game(vj)).state))[
        "sides"]
    seats = {s.role: s for s in await repo.seats(gt.id)}
    mine = next(side for side, f in sides.items() if f == "delhi")
    theirs = "goats" if mine == "tigers" else "tigers"
    assert seats[mine].user_id == RAVI.user_id and not seats[mine].is_bot
    assert seats[theirs].is_bot and seats[theirs].user_id is None
    state = json.loads(gt.state)
    # Whoever the Goats are, the game waits on ravi now: the computer moved if it had to.
    assert state["to_move"] == mine
    assert (state["in_hand"] < 15) == (theirs == "goats")
    [opened] = r.then
    assert [p.user_id for p in opened.pings] == [RAVI.user_id]


async def test_one_person_holding_both_tied_factions_may_resign_to_share(table, repo):
    """ravi holds Delhi and Vijayanagara, tied: he plays both Goat-Tiger sides, and
    resigning (both) ends it without a winner, so the victory is shared."""
    vj = await near_the_end(table, repo)
    game = await repo.get_game(vj)
    state = delhi_ends_it()
    state["influence"] = {"bahmani": 0, "vijayanagara": 3}
    state["track"]["bahmani"] = {"2": 2, "4": 2}
    state["track"]["vijayanagara"] = {lvl: 0 if int(lvl) <= 3 else n
                                      for lvl, n in state["track"]["vijayanagara"].items()}
    state["resources"] = {"delhi": 10, "bahmani": 1, "vijayanagara": 13}
    await repo.set_status(game, "active", state=state)
    r = await table.play(HERE, RAVI, "pass")
    assert not r.error, r.private
    gt = await repo.live_game(HERE.channel_id)
    assert set((await seats_of(repo, gt.id)).values()) == {RAVI.user_id}
    r = await table.resign(HERE, RAVI, confirm=True, game_id=gt.id)
    assert not r.error, r.private
    result = json.loads((await repo.get_game(vj)).result)
    assert sorted(result["winners"]) == ["delhi", "vijayanagara"]


async def test_a_crash_before_the_tiebreak_opened_or_was_written_is_made_good_at_restart(
        table, repo, monkeypatch):
    vj = await near_the_end(table, repo)
    # A crash right after the write that tied: nothing followed the post.
    monkeypatch.setattr(SideGames, "_follow_on", _nothing_follows)
    await table.play(HERE, RAVI, "pass")
    assert (await repo.get_game(vj)).status == TIEBREAK
    assert await repo.live_game(HERE.channel_id) is None
    monkeypatch.undo()
    opened = await table.resume_side_game(vj)
    gt = await repo.live_game(HERE.channel_id)
    assert opened is not None and opened.game_id == gt.id and gt.side_game_of == vj
    assert await table.resume_side_game(vj) is None  # once
    # A crash right after the tiebreak's end: the tied game did not hear of it.
    monkeypatch.setattr(SideGames, "_follow_on", _nothing_follows)
    sides = {s.role: s.user_id for s in await repo.seats(gt.id)}
    loser = RAVI if sides["goats"] == RAVI.user_id else MEERA
    await table.resign(HERE, loser, confirm=True, game_id=gt.id)
    assert (await repo.get_game(vj)).status == TIEBREAK
    monkeypatch.undo()
    decided = await table.resume_side_game(vj)
    assert decided is not None and decided.game_id == vj
    assert (await repo.get_game(vj)).status == "finished"
    assert await table.resume_side_game(vj) is None


async def _nothing_follows(self, lg, reply):
    """A crash right after the post: what would follow it is never made."""
    return reply


@pytest.mark.slow
async def test_two_tied_computers_play_their_tiebreak_out_at_once(table, repo, monkeypatch):
    """A side game nobody but the computer plays is played at the computer's quickest
    (``quick_bot_steps``): at its usual level two computers took 413 s of search over a few
    hundred moves, the interaction waiting. Searched here in this process."""
    asked: list[tuple[str, bool]] = []

    async def in_process(game_id: str, state: dict, role: str, *, quick: bool = False
                         ) -> list:
        asked.append((game_id, quick))
        return in_worker.search(game_id, state, role, quick)[0]

    vj = await near_the_end(table, repo, computer=True)
    monkeypatch.setattr(workers, "bot_steps", in_process)
    game = await repo.get_game(vj)
    state = delhi_ends_it(three=True)
    state["spaces"]["delhi"]["invader"] = 6  # Delhi 3 - 6 (at most -3): 0 VP, out of the tie
    state["avail"]["invader"] -= 6
    await repo.set_status(game, "active", state=state)
    r = await table.play(HERE, RAVI, "pass")
    assert not r.error, r.private
    [opened] = r.then
    [decided] = opened.then  # the Goat-Tiger game was played to its end by the computer
    assert decided.game_id == vj
    gt = (await repo.side_games_of(vj))[0]
    assert gt.status == "finished" and all(s.is_bot for s in await repo.seats(gt.id))
    assert opened.pings == []  # no person to ping
    assert asked and all(quick for game_id, quick in asked if game_id == "goat_tiger")
    result = json.loads((await repo.get_game(vj)).result)
    assert result["winners"] in (["bahmani"], ["vijayanagara"], ["bahmani", "vijayanagara"])


async def test_an_abandoned_tiebreak_leaves_the_victory_shared(repo):
    """Nobody moves in the Goat-Tiger game: the scheduler warns, then abandons it a week
    later, and the game it was to decide is decided then (shared), in the same notice."""
    clock = Clock(T0)
    table = Table(repo, now=clock)
    vj = await near_the_end(table, repo)
    await table.play(HERE, RAVI, "pass")
    await table.remind(HERE, RAVI, "off")
    clock.t = T0 + timedelta(days=40)
    [warning] = await scheduler.tick(table, clock())
    assert "no move for 30 days" in warning.post.public
    clock.t += timedelta(days=7, hours=1)
    [gone] = await scheduler.tick(table, clock())
    assert "is abandoned" in gone.post.public
    [decided] = gone.post.then
    assert decided.game_id == vj and "was aborted" in decided.public
    result = json.loads((await repo.get_game(vj)).result)
    assert sorted(result["winners"]) == ["bahmani", "delhi"]
