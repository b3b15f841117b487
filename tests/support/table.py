"""Helpers for driving the table layer in tests."""

import io
import json
from datetime import UTC, datetime

from PIL import Image

from bot.replies import Actor, Place
from engine import games
from engine.replay import replay
from tools.arena import random_move_line as random_move_line  # the tests' names
from tools.arena import random_move_lines as random_move_lines

RAVI = Actor("101", "ravi")
MEERA = Actor("102", "meera")
ASHA = Actor("103", "asha")
SAM = Actor("104", "sam")  # a spectator
MOD = Actor("105", "mod", is_admin=True)
HERE = Place(channel_id="2000", guild_id="1000")
T0 = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)  # a Monday: 11:30 in Kolkata, 06:00 in London


class Clock:
    """A simulated clock the table and the scheduler read; a test moves it on."""

    def __init__(self, t: datetime) -> None:
        self.t = t

    def __call__(self) -> datetime:
        return self.t


async def seat_fewest(table, place, game_id: str, seed: int, **new) -> dict[str, Actor]:
    """Open and start ``game_id`` with as few people as it takes: ravi (and meera, and
    asha, where a game needs two or three) sharing every side, or (a game where each side
    hides a hand) ravi, meera and asha, one side each. ``new``: more of ``Table.new``'s
    settings (a pace). Returns who plays each side."""
    g = games.get(game_id)
    if not g.ONE_SIDE_EACH:
        await table.new(place, RAVI, game_id, seed=seed, **new)
        # the fewest people the game takes (ravi, meera, asha), sharing the other sides
        for person in [MEERA, ASHA][:g.PLAYERS[0] - 1]:
            await table.join(place, person)
        await table.start(place, RAVI)
    else:
        people = [RAVI, MEERA, ASHA][:g.PLAYERS[0]]
        await table.new(place, RAVI, game_id, seed=seed, options={"players": len(people)},
                        **new)
        for person in people[1:]:
            await table.join(place, person)  # the last one to join starts the game
    game = await table.repo.live_game(place.channel_id)
    by_id = {a.user_id: a for a in (RAVI, MEERA, ASHA)}
    return {s.role: by_id[s.user_id] for s in await table.repo.seats(game.id)}


async def hand_over(table, by: Actor, role: str, to: Actor | None, place=HERE):
    """``by`` hands ``role`` to ``to`` (None: the computer) with `/game reassign`, and a
    member offered it takes it (the Take button); the last reply."""
    r = await table.reassign(place, by, role, to)
    assert not r.error, r.private
    if r.offer is not None:
        assert to is not None
        r = await table.take(place, to, r.offer.offer_id)
        assert not r.error, r.private
    return r


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return Image.open(io.BytesIO(data)).size


async def snapshot(repo, place=HERE):
    """What is stored for the channel's game: (version, state JSON, live step count)."""
    game = await repo.latest_game(place.channel_id)
    steps = await repo.steps(game.id)
    return game.version, game.state, len(steps)


async def assert_replays(repo, game_id):
    """The stored snapshot equals the replay of the stored log."""
    game = await repo.get_game(game_id)
    steps = [(s.role, s.action, json.loads(s.arg) if s.arg else None)
             for s in await repo.steps(game_id)]
    stored = json.loads(game.state)
    assert replay(game.game, game.seed, json.loads(game.options), steps, stored) == stored


async def vijayanagara_a_few_moves_in(table) -> None:
    """ravi (Delhi, Vijayanagara) and meera (Bahmani), seed 1, three moves played."""
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=1)
    await table.join(HERE, MEERA, "bahmani")
    await table.start(HERE, RAVI)
    for user, line in ((RAVI, "cmd conscript delhi tamilakam done decree tribute"),
                       (MEERA, "pass"), (RAVI, "limited rally karnataka done")):
        r = await table.play(HERE, user, line)
        assert not r.error, r.private


async def finish_move(table, repo, who: dict[str, Actor], role: str, place=HERE) -> dict:
    """Play the first legal step for ``role`` until the game no longer waits for it (the
    rest of a move whose line stopped at a reveal); returns the stored state then."""
    game = await repo.latest_game(place.channel_id)
    g = games.get(game.game)
    state = json.loads(game.state)
    while g.view(state, None)["active"] == [role]:
        step = games.legal_steps(g, g.view(state, role))[0]
        await table.play(place, who[role], g.token(*step))
        state = json.loads((await repo.latest_game(place.channel_id)).state)
    return state


def swap_game(monkeypatch, game_id: str, **fields) -> None:
    """Let ``games.get(game_id)`` give the game with some of its fields changed (a game's
    ``GAME`` is frozen), until the test ends."""
    import dataclasses

    real = games.get
    changed = dataclasses.replace(real(game_id), **fields)
    monkeypatch.setattr(games, "get", lambda gid: changed if gid == game_id else real(gid))
