"""Options checked against one schema per game (issue 23, point 7): a polite refusal that
lists the valid values, never "something went wrong"; /game status shows the options in
force and /help lists them from the same schema."""

from __future__ import annotations

import json

import pytest

from bot.table import parse_options
from engine import games
from engine.options import describe
from tests.support.table import HERE, MEERA, RAVI

REFUSED = [
    # (game, options as typed, what the refusal must say)
    ("taj_mahal", "players=abc", "Option `players` is a whole number from 3 to 5: `abc` is not"),
    ("taj_mahal", "players=4.0", "`4.0` is not"),
    ("taj_mahal", "players=" + "9" * 99, "is not"),
    ("taj_mahal", "players=6", "from 3 to 5: 6 is not"),
    ("rajas", "ganga=abc", "Option `ganga` is `on` or `off`: `abc` is not"),
    ("rajas", "mango=maybe", "Option `mango` is `on` or `off`: `maybe` is not"),
    ("goat_tiger", "threefold_draw=maybe", "Option `threefold_draw` is `on` or `off`"),
    ("rajas", "rules=house", "Option `rules` is `yucata` or `printed`: `house` is not"),
    ("rajas", "advanced=purple", "`purple` is not one"),
    ("rajas", "advanced=red+red", "each may be named once"),
    ("rajas", "advanced=red variant=navaratnas", "Option `advanced` is for the basic game"),
    ("rajas", "players=2 advanced=white", "names white, not in a 2-player game"),
    ("maharaja", "length=short players=4", "The short game (`length=short`) is for 3 players"),
    ("maharaja", "fog=on", "There is no option `fog`. Options: `players`, `length`"),
    ("vijayanagara", "deck=nonesuch", "Option `deck` is `darbar` or `by_hand`"),
]


@pytest.mark.slow
@pytest.mark.parametrize("game_id, typed, said", REFUSED)
async def test_a_bad_option_is_refused_politely_with_the_valid_values(table, repo, game_id,
                                                                      typed, said):
    r = await table.new(HERE, RAVI, game_id, options=parse_options(typed))
    assert r.error and said in r.private, r.private
    assert f"/help game:{game_id}" in r.private and len(r.private) < 400
    assert await repo.latest_game(HERE.channel_id) is None  # nothing was stored


@pytest.mark.parametrize("typed, said", [
    ("players=3 players=4", "given twice"),
    ("advanced=" + "red+" * 3000, "too long"),
    ("players", "`name=value`"),
])
def test_typed_options_are_refused_before_any_game_sees_them(typed, said):
    with pytest.raises(ValueError, match=said):
        parse_options(typed)


@pytest.mark.slow
async def test_an_option_the_players_seated_contradict_is_refused_at_the_start(table, repo):
    """Reproduced: `/game new rajas options:advanced=white` with one player joining made
    `/game start` fail with an error nobody could read."""
    r = await table.new(HERE, RAVI, "rajas", options=parse_options("advanced=white"))
    assert not r.error
    await table.join(HERE, MEERA)
    r = await table.start(HERE, RAVI)
    assert r.error and "names white, not in a 2-player game" in r.private
    assert "Seat more players" in r.private
    assert (await repo.latest_game(HERE.channel_id)).status == "setup"


async def test_typed_values_are_stored_typed_and_status_shows_every_option(table, repo):
    await table.new(HERE, RAVI, "goat_tiger", options=parse_options("goats=12 THREEFOLD_draw=No"))
    game = await repo.latest_game(HERE.channel_id)
    assert json.loads(game.options) == {"goats": 12, "threefold_draw": False}
    status = await table.status(HERE, RAVI)
    assert "Options: goats=12, threefold_draw=off." in status.private
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "rajas", options=parse_options("ganga=yes"))
    status = await table.status(HERE, RAVI)
    assert ("Options: players=3, rules=yucata, ganga=on, mango=off, variant=basic, "
            "advanced=none (the number of players is settled at the start).") in status.private


@pytest.mark.parametrize("game_id", games.ids())
async def test_help_lists_every_option_from_the_schema(table, game_id):
    g = games.get(game_id)
    said = table.rules(game_id).private
    assert describe(g.OPTIONS) in said and len(said) <= 2000
    for key in g.OPTIONS:
        assert f"- `{key}`:" in said
