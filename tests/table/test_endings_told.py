"""The ending, told: a result post carries what the winner's victory means where the
game's sources give such a reading (Vijayanagara's narrative outcomes, RB 5.4; the
Goat-Tiger game's theme, RB 5.5), in Darbar's words, and nothing where they give none."""

import json

import pytest
from sqlalchemy import update

from bot.replies import Ping
from db import Game
from engine import games
from engine.games.goat_tiger import samples as goat_tiger_samples
from engine.games.goat_tiger.texts import GOATS_READING
from engine.games.vijayanagara.data import FACTION_NAMES, PROVINCE_IDS
from engine.games.vijayanagara.texts import VICTORY_READINGS
from tests.engine.vijayanagara.positions import position
from tests.support.table import HERE, MEERA, RAVI, SAM

STORY = "📖"  # the line that tells what the victory means

# Positions one card before Timur's invasion ends the game (three passes bring it), each
# won by the faction(s) named: Delhi keeps every Province Tributary; otherwise every
# Province is Independent and Influence decides, and Resources break a tie of VP.
BEFORE_THE_END = {
    ("delhi",): {},
    ("bahmani",): {"influence": {"bahmani": 5}},
    ("vijayanagara",): {"influence": {"vijayanagara": 5}},
    # 3 VP and 8 Resources each after the passes: the victory is shared (5.0).
    ("bahmani", "vijayanagara"): {"influence": {"vijayanagara": 2},
                                  "resources": {"bahmani": 7, "vijayanagara": 7, "delhi": 0}},
}


def _mention(p: Ping) -> str:
    return f"<@{p.user_id}>"


async def _store(repo, state: dict) -> None:
    """The channel's game as a test sets it: ``state`` in place of the stored one."""
    game = await repo.latest_game(HERE.channel_id)
    async with repo.engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == game.id)
                           .values(state=json.dumps(state)))


async def _vijayanagara_ended(table, repo, winners: tuple[str, ...]):
    """ravi plays every faction; the game is put one card before its end, then ends with
    ``winners`` winning. The result post. (The game's own first card has the same order,
    so its log of three passes replays for ``/replay``.)"""
    r = await table.new(HERE, RAVI, "vijayanagara", seed=4)
    r = await table.start(HERE, RAVI)
    assert not r.error, r.private
    independent = [] if winners == ("delhi",) else sorted(PROVINCE_IDS)
    await _store(repo, position(card=1, deck=["t2"], cavalry={}, independent=independent,
                                spaces={"passes": {}, "punjab": {}, "delhi": {"troop": 2}},
                                **BEFORE_THE_END[winners]))
    r = await table.play(HERE, RAVI, "pass pass pass")
    assert not r.error, r.private
    assert sorted(json.loads((await repo.latest_game(HERE.channel_id)).result)["winners"]) \
        == sorted(winners)
    return r


@pytest.mark.slow
@pytest.mark.parametrize("winners", list(BEFORE_THE_END), ids="+".join)
async def test_the_result_post_tells_what_the_winners_victory_means(table, repo, winners):
    r = await _vijayanagara_ended(table, repo, winners)
    told = [line for line in r.public.split("\n") if line.startswith(STORY)]
    assert len(told) == 1, r.public
    for f in winners:
        assert VICTORY_READINGS[f] in told[0]
        assert FACTION_NAMES[f] in told[0]
    for f in set(VICTORY_READINGS) - set(winners):  # a loser's reading is not told
        assert VICTORY_READINGS[f] not in r.public
    # It is said once, after who won, and the whole post fits one Discord message.
    assert r.public.index("Game over") < r.public.index(STORY)
    posted = r.public_text(_mention)
    assert posted is not None and len(posted) <= 2000 and told[0] in posted


@pytest.mark.slow
async def test_the_replays_end_tells_it_too(table, repo):
    await _vijayanagara_ended(table, repo, ("vijayanagara",))
    r = await table.replay(HERE, SAM)
    assert not r.error, r.private
    assert VICTORY_READINGS["vijayanagara"] in r.private and len(r.private) <= 2000


async def _goat_tiger_before(table, repo, moves: str) -> None:
    """ravi (Goats) and meera (Tigers) at the position after ``moves``."""
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=1)
    r = await table.join(HERE, MEERA, "tigers")  # the last to join starts the game
    assert not r.error, r.private
    await _store(repo, goat_tiger_samples.state(moves))


# Goats placed and moved until one more move traps the Tigers (found by the computer
# playing the Goats against random Tigers).
GOATS_TRAP = ("e3 b3-c3 b6 a-b3 a c3-c4 d6 b4-b5 b1 b5-c5 d1 c5-b5 e5 c4-c3 d3 b5-b4 d4 "
              "b3-b2 b5 c3-c4 e4 c4-c3 c6 b4-b3 b4 b2-c2 b2 c3-c4 c5 c2-c3 d3-d2 c3-c2 "
              "e3-e2 c4-c3 e4-e3 c3-d3 d6-d5 b3-c3 b4-b3 c2-c1 e5-e4 c1-c2 b1-c1 c3-c4 "
              "b5-b4 d3-c3 d2-d3 c2-d2 d5-d6 c3-c2")


@pytest.mark.slow
async def test_the_goats_win_is_told_by_the_hunting_games_theme(table, repo):
    await _goat_tiger_before(table, repo, GOATS_TRAP)
    r = await table.play(HERE, RAVI, "b3 c3")
    assert not r.error, r.private
    assert "Goats" in r.public.split("Game over")[1].split("\n")[0]
    told = [line for line in r.public.split("\n") if line.startswith(STORY)]
    assert len(told) == 1 and GOATS_READING in told[0], r.public


@pytest.mark.slow
async def test_a_win_the_sources_give_no_reading_for_tells_none(table, repo):
    """The Tigers' fifth capture: 5.5 reads only the Goats' win."""
    *before, last = goat_tiger_samples.GAMES["end"].split()
    await _goat_tiger_before(table, repo, " ".join(before))
    r = await table.play(HERE, MEERA, last.replace("-", " "))
    assert not r.error, r.private
    assert "Game over" in r.public and "Tigers" in r.public.split("Game over")[1]
    assert STORY not in r.public


@pytest.mark.slow
async def test_a_win_by_resignation_is_not_told_as_a_victory(table, repo):
    """The Tigers give up: the Goats win, but not by trapping them."""
    await _goat_tiger_before(table, repo, "")
    asked = await table.resign(HERE, MEERA)
    r = await table.resign(HERE, MEERA, confirm=True, game_id=asked.confirm.game_id)
    assert "Game over" in r.public and "Goats" in r.public.split("Game over")[1]
    assert STORY not in r.public and GOATS_READING not in r.public


@pytest.mark.parametrize("game_id", ["taj_mahal", "rajas", "maharaja"])
def test_games_whose_sources_give_no_reading_declare_none(game_id):
    assert games.get(game_id).result_story is None
