"""/replay (issue 28, "After the game"): refused while a game is set up or played, complete
once it is over (every completed move's position, each the picture that was posted, the
last the board as it ended), hidden hands told only then, a stepper whose buttons the
table checks, the animation and the log attached, and a game of another channel refused."""

from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

from bot import admin
from bot.replies import Place, Stepper
from bot.story import Log, Look, tell
from bot.table import replaying
from bot.table.replaying import MAX_FRAMES, PICTURE_ROOM
from engine import games
from engine.games.maharaja import rules as maharaja
from engine.replay import replay
from renderer.common.animation import FIRST_MS, FRAME_MS, LAST_MS, UPLOAD_LIMIT
from tests.engine.maharaja.play import logged_step
from tests.engine.vijayanagara.fuzz import play as vijayanagara_game
from tests.support.table import (
    ASHA,
    HERE,
    MEERA,
    RAVI,
    SAM,
    finish_move,
    random_move_lines,
    seat_fewest,
)

THERE = Place(channel_id="2001", guild_id="1000")
OPEN = "the replay opens when the game ends"


@pytest.fixture(autouse=True)
def _forget():
    """Each test starts with no game's positions remembered."""
    replaying._BOUNDS.clear()
    yield
    replaying._BOUNDS.clear()


async def _state(repo, place=HERE) -> dict:
    return json.loads((await repo.latest_game(place.channel_id)).state)


async def _play(table, repo, who: dict, moves: int, seed: int = 1, place=HERE) -> list[bytes]:
    """``moves`` random whole moves, typed by whoever holds the side to move; returns the
    board as everyone saw it after each (a spectator's `/board`: the post's own picture
    also marks what changed since the pinged person's last move)."""
    rng = random.Random(seed)
    posted = []
    for _ in range(moves):
        state = await _state(repo, place)
        g = games.get(state.get("game") or (await repo.latest_game(place.channel_id)).game)
        role = g.view(state, None)["active"][0]
        for line in random_move_lines(state, rng):
            r = await table.play(place, who[role], line)
            assert not r.error, r.private
        await finish_move(table, repo, who, role, place)
        board = await table.board(place, SAM)
        assert not board.error and board.image, board.private
        posted.append(board.image)
    return posted


async def _goat_tiger(table, place=HERE) -> tuple[dict, bytes]:
    """ravi and meera at a game of Goat-Tiger (seed 1): who plays what, and the picture
    of the start."""
    await table.new(place, RAVI, "goat_tiger", seed=1)
    await table.join(place, MEERA)
    await table.start(place, RAVI)
    game = await table.repo.latest_game(place.channel_id)
    by_id = {a.user_id: a for a in (RAVI, MEERA)}
    start = (await table.board(place, SAM)).image
    return {s.role: by_id[s.user_id] for s in await table.repo.seats(game.id)}, start


async def _resign_all(table, repo, who: dict, place=HERE) -> None:
    game = await repo.latest_game(place.channel_id)
    for person in dict.fromkeys(who.values()):
        await table.resign(place, person, confirm=True, game_id=game.id)
    assert (await repo.latest_game(place.channel_id)).status == "finished"


@pytest.mark.slow
async def test_a_game_being_set_up_or_played_is_refused_and_nothing_of_it_is_told(table, repo):
    await table.new(HERE, RAVI, "taj_mahal", seed=7, options={"players": 3})
    r = await table.replay(HERE, SAM)
    assert r.error and r.private == f"Game #1 (Taj Mahal) is still being set up: its full " \
        f"log would reveal hidden information, so {OPEN}."
    await table.join(HERE, MEERA)
    await table.join(HERE, ASHA)  # the third starts the game
    who = {s.role: a for s in await repo.seats(1) for a in (RAVI, MEERA, ASHA)
           if a.user_id == s.user_id}
    await _play(table, repo, who, 3)
    said = f"Game #1 (Taj Mahal) is still being played: its full log would reveal hidden " \
        f"information, so {OPEN}."
    for asked in ({}, {"game_id": 1}, {"game_id": 1, "move": 0}, {"whole": True},
                  {"game_id": 1, "move": 2, "whole": True}):
        for person in (SAM, RAVI):
            r = await table.replay(HERE, person, **asked)
            assert r.error and r.private == said, asked
            assert r.image is None and not r.files and r.replay is None
    assert await table.replay_choices(HERE, "") == []
    # Goat-Tiger hides nothing, and still opens its replay at the end only.
    await table.new(THERE, RAVI, "goat_tiger")
    r = await table.replay(THERE, RAVI)
    assert r.private == f"Game #2 (Aadu-Huli aata (Goat-Tiger)) is still being set up: {OPEN}."


@pytest.mark.slow
async def test_after_the_end_every_completed_move_is_there_as_it_was_posted(table, repo):
    who, start = await _goat_tiger(table)
    posted = await _play(table, repo, who, 12)
    assert len(posted) == 12
    await _resign_all(table, repo, who)
    g = games.get("goat_tiger")
    moves = g.view(await _state(repo), None)["move"]
    assert moves == 12
    last = await table.replay(HERE, SAM)
    assert not last.error and last.replay == Stepper(1, 12, 12)
    assert last.private.startswith(f"**{g.NAME}** — game #1, replay: move 12 of 12")
    assert "resigns" in last.private or "Game over" in last.private
    board = await table.board(HERE, SAM)
    assert last.image == board.image and last.image_alt == board.image_alt
    assert last.image_private and not last.files
    # The start, then each position as its post showed it (what the others saw then).
    pictures = [start, *posted[:-1]]
    log = g.view(await _state(repo), None)["log"]
    told = 0
    for n in range(moves):
        r = await table.replay(HERE, RAVI, 1, n)
        assert r.replay == Stepper(1, n, 12) and r.image == pictures[n], n
        lines = r.private.split("\n")[1:]  # the log's lines since the position before
        assert lines and lines == log[told:told + len(lines)], n
        told += len(lines)
    assert (await table.replay(HERE, SAM, move=0)).private.startswith(
        f"**{g.NAME}** — game #1, replay: the start (move 0 of 12).")
    for bad, said in ((13, "Game #1 has moves 0 (the start) to 12."),
                      (-1, "Moves are counted from 0, the start.")):
        r = await table.replay(HERE, SAM, move=bad)
        assert r.error and r.private == said


@pytest.mark.slow
async def test_hidden_hands_are_told_in_the_replay_at_each_position_once_it_is_over(table, repo):
    who = await seat_fewest(table, HERE, "taj_mahal", seed=7)
    await _play(table, repo, who, 2)
    g = games.get("taj_mahal")
    state = await _state(repo)
    r = await table.replay(HERE, RAVI)
    hands = [g.hand_text(g.view(state, role)) for role in who]
    assert r.error and not any(h.split(": ", 1)[1] in r.private for h in hands)
    await _resign_all(table, repo, who)
    game = await repo.latest_game(HERE.channel_id)
    end, options = json.loads(game.state), json.loads(game.options)
    start = replay("taj_mahal", game.seed, options, [], end)
    for move, state in ((0, start), (None, end)):
        r = await table.replay(HERE, SAM, move=move)
        assert not r.error, r.private
        for role in games.sides(g, options):
            said = g.hand_text(g.view(state, role)).removeprefix("Your hand")
            assert f"{g.ROLE_NAMES[role]}'s hand{said}" in r.private, (move, role)
    # A game without hidden hands tells none.
    who, _ = await _goat_tiger(table, THERE)
    await _play(table, repo, who, 2, place=THERE)
    await _resign_all(table, repo, who, THERE)
    assert "hand" not in (await table.replay(THERE, SAM)).private


@pytest.mark.slow
async def test_a_game_of_another_channel_or_none_is_refused_alike(table, repo):
    who, _ = await _goat_tiger(table, THERE)
    await _play(table, repo, who, 2, place=THERE)
    await _resign_all(table, repo, who, THERE)
    assert (await table.replay_choices(THERE, ""))[0][1] == "1"
    for game_id in (1, 99):
        r = await table.replay(HERE, RAVI, game_id, 1)  # a button forged for this channel
        assert r.error and r.private == (f"There is no game #{game_id} in this channel: a "
                                          "replay shows a game where it was played.")
    assert await table.replay_choices(HERE, "") == []
    r = await table.replay(HERE, RAVI)
    assert r.error and "no game in this channel" in r.private
    # Where it was played it opens, also while the channel's next game is being set up.
    await table.new(THERE, MEERA, "goat_tiger")
    r = await table.replay(THERE, SAM)
    assert r.error and r.private.endswith(
        f"{OPEN}. Game #1 here is over: `/replay game:1`.")
    r = await table.replay(THERE, SAM, 1, 1)
    assert not r.error and r.replay == Stepper(1, 1, 2)
    assert [v for _, v in await table.replay_choices(THERE, "")] == ["1"]
    assert [v for _, v in await table.replay_choices(THERE, "goat")] == ["1"]
    assert await table.replay_choices(THERE, "taj") == []


@pytest.mark.slow
async def test_an_aborted_game_is_over_and_replays_once_it_had_begun(table, repo):
    await table.new(HERE, RAVI, "goat_tiger")
    await table.abort(HERE, RAVI)
    r = await table.replay(HERE, SAM)
    assert r.error and r.private == ("Game #1 (Aadu-Huli aata (Goat-Tiger)) was aborted "
                                     "before it began: there is nothing to replay.")
    who, _ = await _goat_tiger(table)
    await _play(table, repo, who, 3)
    await table.abort(HERE, RAVI)
    r = await table.replay(HERE, SAM)
    assert not r.error and r.replay == Stepper(2, 3, 3)
    assert r.private.endswith("Game #2 was aborted.")
    assert r.image == (await table.board(HERE, SAM)).image


@pytest.mark.slow
async def test_a_click_replays_from_a_checkpoint_and_shows_the_same(table, repo, monkeypatch):
    who, _ = await _goat_tiger(table)
    await _play(table, repo, who, 14)  # a checkpoint every 8th write: after 5 and 13 moves
    await _resign_all(table, repo, who)
    used = []
    real = repo.checkpoint_before

    async def spy(*args):
        used.append(found := await real(*args))
        return found

    monkeypatch.setattr(repo, "checkpoint_before", spy)
    for n in (0, 1, 9, 14, None):
        replaying._BOUNDS.clear()
        before = len(used)
        whole = await table.replay(HERE, SAM, 1, n)  # the whole log replayed
        assert len(used) == before
        click = await table.replay(HERE, SAM, 1, n)  # from where the positions begin
        assert (click.private, click.image, click.image_alt, click.replay) == (
            whole.private, whole.image, whole.image_alt, whole.replay), n
    assert any(found and found[0] > 8 for found in used)
    r = await table.replay(HERE, SAM, 1, 15)
    assert r.error and r.private == "Game #1 has moves 0 (the start) to 14."


@pytest.mark.slow
async def test_whole_attaches_the_animation_and_the_log_as_darbar_export_writes_it(table, repo):
    who, _ = await _goat_tiger(table)
    await _play(table, repo, who, 6)
    await _resign_all(table, repo, who)
    r = await table.replay(HERE, SAM, move=2, whole=True)
    assert not r.error and r.replay == Stepper(1, 2, 6)  # the start and 6 moves
    assert [name for name, _ in r.files] == ["game-1.gif", "game-1.json"]
    gif, log = (data for _, data in r.files)
    assert "animation (7 of 7 positions)" in r.private and "`darbar export`" in r.private
    shown = Image.open(io.BytesIO(gif))
    assert shown.format == "GIF" and shown.n_frames == 7
    assert len(gif) + len(log) + len(r.image) < UPLOAD_LIMIT
    exported = json.loads(log)
    assert exported == json.loads(json.dumps(await admin.export_game(repo, 1)))
    admin.check_export(exported)  # `darbar import` takes it
    assert r.image == (await table.replay(HERE, SAM, move=2)).image


def _animated(log: Log) -> tuple[int, bytes, tuple[int, ...]]:
    """The animation a whole replay attaches (with room for a long game's JSON log)."""
    limit = UPLOAD_LIMIT - PICTURE_ROOM - 1024 * 1024
    story = tell(log, None, Look({}, {}, MAX_FRAMES, limit))
    made = story.animation
    assert made is not None and len(made.data) <= limit
    assert made.kept[0] == 0 and made.kept[-1] == min(story.moves, MAX_FRAMES - 1)
    # Every position kept is shown; Pillow writes two alike in a row (a move that changed
    # nothing on the board) as one frame shown for both their times.
    gif = Image.open(io.BytesIO(made.data))
    shown_ms = 0
    for i in range(gif.n_frames):
        gif.seek(i)
        shown_ms += gif.info["duration"]
    assert 1 < gif.n_frames <= len(made.kept)
    assert shown_ms == FIRST_MS + FRAME_MS * (len(made.kept) - 2) + LAST_MS
    return story.moves, made.data, made.kept


@pytest.mark.slow
def test_the_longest_vijayanagara_game_of_the_fuzzer_animates_under_the_limit():
    # Seed 33 (Timur's shadow) makes the most positions of the fuzzer's 120 games: 87.
    options = {"timurs_shadow": True}
    _, steps = vijayanagara_game(33, options=options, checked=False)
    moves, _, kept = _animated(Log("vijayanagara", 33, options, tuple(steps)))
    assert moves == 87 and len(kept) == 88  # every position fits


@pytest.mark.slow
def test_the_longest_maharaja_game_of_the_fuzzer_animates_under_the_limit():
    # Seed 2 (four players) makes the most positions of the fuzzer's games: 266.
    rng, state, steps = random.Random(2), maharaja.setup(2, {"players": 4}), []
    while not state["result"]:
        state, step = logged_step(state, rng)
        steps.append(step)
    options = games.setup_options(games.get("maharaja"), {"players": 4}, state)
    moves, _, kept = _animated(Log("maharaja", 2, options, tuple(steps)))
    assert moves == 266 and len(kept) == MAX_FRAMES
