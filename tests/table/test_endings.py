"""Endings that are true (issue 23, points 5 and 6): a resignation does what its question
said, in the same words, and the last picture of a game says it is over and how."""

from __future__ import annotations

import json

import pytest
from PIL import ImageDraw

from engine import games
from tests.support.table import ASHA, HERE, MEERA, RAVI, SAM, seat_fewest, swap_game

ALL = games.ids()


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text a renderer draws from now on (Pillow's ImageDraw.text, whatever the
    thread), to read a picture's words without reading its pixels."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def _says_over(words: list[str], *how: str) -> None:
    """The picture's words say the game is over (one of ``how``), never whose turn it is."""
    assert any(h in w for w in words for h in how), words
    turn = [w for w in words if any(x in w.lower() for x in (" to play", " to act",
                                                              " to move", "▶"))]
    assert not turn, turn


async def _two_people(table, game_id: str) -> dict:
    """ravi and meera in a game of ``game_id`` (Taj Mahal and Maharaja: with asha)."""
    return await seat_fewest(table, HERE, game_id, seed=3)


@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.slow
async def test_an_aborted_game_s_last_picture_says_it_was_abandoned(table, drawn, game_id):
    await _two_people(table, game_id)
    drawn.clear()
    r = await table.abort(HERE, RAVI)
    assert "aborted" in r.public and r.image is not None
    _says_over(drawn, "Game abandoned")
    assert "abandoned" in r.image_alt.lower() and "to move" not in r.image_alt.lower()
    drawn.clear()
    board = await table.board(HERE, SAM)
    assert board.image is not None and "aborted" in board.private
    _says_over(drawn, "Game abandoned")
    words = await table.board(HERE, SAM, words=True)
    assert "Game abandoned" in words.private


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ALL)
async def test_the_last_person_to_resign_ends_the_game_and_the_picture_says_who_won(
        table, drawn, game_id):
    """Against the computer: the confirmation names the winners, the post says the same,
    and the picture shows the result, not whose turn it was."""
    g = games.get(game_id)
    if not g.computer:
        await table.new(HERE, RAVI, game_id, role=g.ROLES[0], seed=3)
        await table.join(HERE, MEERA)
        await table.start(HERE, RAVI)
    else:
        await table.new(HERE, RAVI, game_id, opponent="computer", seed=3)
    ask = await table.resign(HERE, RAVI)
    assert "The game ends" in ask.private
    promised = ask.private.split("? ", 1)[1]
    drawn.clear()
    r = await table.resign(HERE, RAVI, confirm=True, game_id=ask.confirm.game_id)
    game = await table.repo.latest_game(HERE.channel_id)
    assert game.status == "finished"
    winners = json.loads(game.result)["winners"]
    assert winners and "Game over" in r.public
    # "The game ends: meera (Goats) wins." asked; "Game over — meera (Goats) wins." posted.
    assert promised.removeprefix("The game ends: ").rstrip(".") in r.public
    _says_over(drawn, "Game over", "win")  # "★ Goats win": the winners, in the header
    assert "Game over" in r.image_alt


async def test_vijayanagara_resigned_alone_ends_with_no_winner_not_a_draw(table, drawn):
    """Reproduced: Vijayanagara asked to confirm "the other side wins" and then announced
    "a draw". One person holding every faction resigns: nobody wins, and both say so."""
    await table.new(HERE, RAVI, "vijayanagara", seed=3)
    await table.start(HERE, RAVI)
    ask = await table.resign(HERE, RAVI)
    assert ask.private.endswith("The game ends with no winner.")
    drawn.clear()
    r = await table.resign(HERE, RAVI, confirm=True, game_id=ask.confirm.game_id)
    assert "no one wins" in r.public and "draw" not in r.public
    _says_over(drawn, "no winner")


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", [("rajas", 3), ("maharaja", 3),
                                              ("taj_mahal", 3)])
async def test_in_a_game_of_three_the_computer_takes_a_resigning_side_and_the_others_play_on(
        table, repo, game_id, players):
    """Reproduced: resigning ended Rajas and Maharaja for everyone (winners listed for the
    rest) while the question said "The other side wins"."""
    g = games.get(game_id)
    await table.new(HERE, RAVI, game_id, options={"players": players}, seed=5)
    for person in (MEERA, ASHA):
        await table.join(HERE, person)
    game = await repo.latest_game(HERE.channel_id)
    if game.status == "setup":
        await table.start(HERE, RAVI)
    seats = await repo.seats(game.id)
    mine = [s.role for s in seats if s.user_id == MEERA.user_id]
    ask = await table.resign(HERE, MEERA)
    sides = " and ".join(games.side_name(g, r) for r in mine)
    promised = f"The computer takes over {sides}, and the others play on."
    assert ask.private.endswith(promised), ask.private
    r = await table.resign(HERE, MEERA, confirm=True, game_id=game.id)
    assert promised in r.public and "Game over" not in r.public
    game = await repo.latest_game(HERE.channel_id)
    assert game.status == "active"
    assert all(s.is_bot for s in await repo.seats(game.id) if s.role in mine)
    # Each of the others resigns in turn; the last one ends the game.
    ask = await table.resign(HERE, ASHA)
    assert "the others play on" in ask.private
    await table.resign(HERE, ASHA, confirm=True, game_id=game.id)
    assert (await repo.latest_game(HERE.channel_id)).status == "active"
    ask = await table.resign(HERE, RAVI)
    assert "The game ends" in ask.private
    await table.resign(HERE, RAVI, confirm=True, game_id=game.id)
    assert (await repo.latest_game(HERE.channel_id)).status == "finished"


async def test_three_people_share_a_resigning_vijayanagara_faction_as_no_computer_plays_it(
        table, repo, monkeypatch):
    swap_game(monkeypatch, "vijayanagara", bot_steps=None)
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=3)
    await table.join(HERE, MEERA, "bahmani")
    await table.join(HERE, ASHA, "vijayanagara")
    ask = await table.resign(HERE, ASHA)
    promised = ("ravi takes over the Vijayanagara Empire (Vijayanagara has no computer "
                "player), and the others play on.")
    assert ask.private.endswith(promised), ask.private
    r = await table.resign(HERE, ASHA, confirm=True, game_id=ask.confirm.game_id)
    assert promised in r.public
    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    assert {s.role: s.user_id for s in seats}["vijayanagara"] == RAVI.user_id
    ask = await table.resign(HERE, MEERA)  # one person would be left: the game ends
    # One person holding two winning sides is named once, and the verb agrees with them.
    assert ask.private.endswith("The game ends: ravi (Delhi Sultanate and Vijayanagara "
                                "Empire) wins."), ask.private
