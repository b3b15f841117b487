""""Since your last move" (issue 39): the post that pings a player first tells every
action since their last one, and `/log since:me` lists them, for every game: exactly
those actions, in order, whoever made them (the computer included), from the public log
only, within Discord's 2,000 characters with 32-character names."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import text

import renderer
from bot.replies import MAX_TEXT, Actor, escape
from bot.table.since import SUMMARY_LINE
from bot.table.wording import COMPUTER, said_by
from db import step_arg
from engine import games
from tests.support.table import HERE, SAM, png_size, random_move_lines

pytestmark = pytest.mark.slow  # whole stretches of games, the computer's search included

# 32 characters, with markdown that must come out inert.
RAVI = Actor("101", "ravi_*the*`first`" + "r" * 15)
MEERA = Actor("102", "meera__" + "m" * 25)
ASHA = Actor("103", "asha||" + "a" * 26)
PEOPLE = {a.user_id: a for a in (RAVI, MEERA, ASHA)}


async def _seated(table, game_id: str) -> None:
    """ravi, meera (and asha, where four sides can sit) each on a side of their own, the
    computer on the last."""
    g = games.get(game_id)
    seats = min(4, g.PLAYERS[1])
    options = {"players": seats} if any(o == "players" for o in g.OPTIONS) else {}
    await table.new(HERE, RAVI, game_id, seed=7, options=options)
    for person in [MEERA, ASHA][:max(1, seats - 2)]:
        await table.join(HERE, person)
    game = await table.repo.live_game(HERE.channel_id)
    if game.status == "setup":
        r = await table.start(HERE, RAVI, fill_with_computer=seats > 2)
        assert not r.error, r.private


async def _stored(repo):
    game = await repo.latest_game(HERE.channel_id)
    return game, json.loads(game.state), await repo.steps(game.id)


def _expected(game, steps, user_id: str, public: list[str]) -> list[tuple[str, list[str]]]:
    """Replayed from the start, step by step: (who, public lines) of each run of one hand
    after ``user_id``'s last step, up to what everyone sees."""
    g = games.get(game.game)
    state = g.setup(game.seed, games.setup_options(g, json.loads(game.options), None))
    lengths = [len(g.view(state, None)["log"])]
    for s in steps:
        state = games.apply_step(g, state, s.role, s.action, step_arg(s))
        lengths.append(len(g.view(state, None)["log"]))
    last = max(i for i, s in enumerate(steps) if s.user_id == user_id)
    out: list[tuple[str, list[str]]] = []
    hand = None
    for i in range(last + 1, len(steps)):
        lines = public[min(lengths[i], len(public)):min(lengths[i + 1], len(public))]
        key = (steps[i].role, steps[i].user_id)
        who = PEOPLE[steps[i].user_id].name if steps[i].user_id else COMPUTER
        if key == hand and out:
            out[-1][1].extend(lines)
        elif lines:
            out.append((who, list(lines)))
        hand = key if lines or key == hand else hand
    return [(w, ls) for w, ls in out if ls]


class Spies:
    """What the post path calls: the replay helpers (never, since nothing is replayed) and
    the pictures drawn with an earlier view to mark changes since."""

    def __init__(self, monkeypatch, repo) -> None:
        self.replayed: list[str] = []
        self.befores: list[dict | None] = []
        real_apply, real_render = games.apply_step, renderer.render

        def apply_step(*a, **k):
            self.replayed.append("apply_step")
            return real_apply(*a, **k)

        def render(*a, before=None, **k):
            self.befores.append(before)
            return real_render(*a, **k)

        for name in ("step_log", "checkpoint_before"):
            real = getattr(repo, name)

            async def spy(*a, _real=real, _name=name, **k):
                self.replayed.append(_name)
                return await _real(*a, **k)
            monkeypatch.setattr(repo, name, spy)
        monkeypatch.setattr(games, "apply_step", apply_step)
        monkeypatch.setattr(renderer, "render", render)
        # Every game's picture is asked to mark changes (the drawing is each picture's).
        monkeypatch.setattr(renderer, "marks_since", lambda game_id: True)


async def _play_until_others_moved(table, repo, rng) -> object:
    """Play random moves until ravi has moved and, since, at least two others (a person
    and the computer, or another person) have, and it is ravi's turn: the post that pings
    him."""
    ravi_moved, since = False, set()
    for _ in range(400):
        game, state, _ = await _stored(repo)
        g = games.get(game.game)
        seats = await repo.seats(game.id)
        view = g.view(state, None)
        role = view["active"][0]
        actor = PEOPLE[next(s.user_id for s in seats if s.role == role)]
        for line in random_move_lines(state, rng):
            reply = await table.play(HERE, actor, line)
            assert not reply.error, reply.private
        if actor is RAVI:
            ravi_moved, since = True, set()
        else:
            since.add(actor.user_id)
        game, state, steps = await _stored(repo)
        last = max((i for i, s in enumerate(steps) if s.user_id == RAVI.user_id), default=-1)
        computer = any(s.user_id is None for s in steps[last + 1:])
        others = since | ({"computer"} if computer else set())
        if ravi_moved and len(others) >= min(2, len(seats) - 1) and reply.pings and \
                reply.pings[0].user_id == RAVI.user_id and game.status == "active":
            return reply
    raise AssertionError("ravi was never pinged after two others moved")


def _view_after_last_move(game, steps, user_id: str) -> dict:
    """The spectator view right after ``user_id``'s last step, replayed from the start
    (the test may replay; the table must not)."""
    g = games.get(game.game)
    state = g.setup(game.seed, games.setup_options(g, json.loads(game.options), None))
    last = max(i for i, s in enumerate(steps) if s.user_id == user_id)
    for s in steps[:last + 1]:
        state = games.apply_step(g, state, s.role, s.action, step_arg(s))
    return json.loads(json.dumps(g.view(state, None)))


@pytest.mark.parametrize("game_id", games.ids())
async def test_the_ping_and_log_since_tell_exactly_what_happened_since(table, repo, game_id,
                                                                       monkeypatch):
    await _seated(table, game_id)
    spies = Spies(monkeypatch, repo)
    reply = await _play_until_others_moved(table, repo, random.Random(game_id))
    # Nothing was replayed to tell it, at any move: what each move showed was recorded.
    assert spies.replayed == []
    # The ping's picture marks the changes since the spectator view ravi's move left.
    before = spies.befores[-1]
    monkeypatch.undo()
    game, state, steps = await _stored(repo)
    assert before == _view_after_last_move(game, steps, RAVI.user_id)
    public = games.get(game.game).view(json.loads(game.public_state or game.state),
                                       None)["log"]
    expected = _expected(game, steps, RAVI.user_id, public)
    assert expected, "nobody moved since ravi"

    # /log since:me: exactly those actions, in order, each with who made it.
    listed = await table.log(HERE, RAVI, since="me")
    assert not listed.error, listed.private
    assert listed.public is None  # private
    text = listed.private
    bullets = [x[2:] for x in text.split("\n") if x.startswith("• ")]
    assert bullets == [said_by(f"**{escape(who)}**", lines) for who, lines in expected]

    # The post that pinged ravi: the actions before what it tells itself come first.
    told = reply.log_from
    start = len(public) - sum(len(ls) for _, ls in expected)
    earlier, at = [], start
    for who, lines in expected:
        if at < told:
            earlier.append((who, lines))
        at += len(lines)
    if len(await repo.seats(game.id)) > 2:  # two others moved: the first came before
        assert earlier
    post = reply.public_text(lambda p: f"<@{p.user_id}>")
    assert len(post) <= MAX_TEXT
    if earlier:
        assert post.startswith(f"📜 Since your last move, {escape(RAVI.name)}:")
        shown = [x[2:] for x in post.split("\n") if x.startswith("• ")]
        assert len(shown) == min(3, len(earlier))
        for got, (who, lines) in zip(shown, earlier[-3:], strict=True):
            whole = said_by(f"**{escape(who)}**", lines)
            assert got == whole or (got.endswith("…") and len(got) <= SUMMARY_LINE
                                    and whole.startswith(got[:-1].rstrip()))
    # Every line told is the public log's: nothing a player could not see.
    for _, lines in expected:
        assert all(line in public for line in lines)


async def test_someone_not_seated_is_told_what_to_use_instead(table, repo):
    await _seated(table, "goat_tiger")
    r = await table.log(HERE, SAM, since="me")
    assert r.error and "not seated" in r.private and "`/log`" in r.private


async def test_an_undone_move_counts_from_the_move_before(table, repo):
    """ravi's last move taken back: "since your last move" counts from the one before
    (its picture's view is no longer kept, so the board is drawn without marks)."""
    await table.new(HERE, RAVI, "goat_tiger", seed=3, options={})
    await table.join(HERE, MEERA)
    await table.start(HERE, RAVI)
    rng = random.Random(3)
    said: list[str] = []
    for _ in range(3):  # ravi, meera, ravi (whoever has the first side)
        game, state, _ = await _stored(repo)
        role = games.get("goat_tiger").view(state, None)["active"][0]
        seat = next(s for s in await repo.seats(game.id) if s.role == role)
        actor = PEOPLE[seat.user_id]
        before = len(games.get("goat_tiger").view(state, None)["log"])
        for line in random_move_lines(state, rng):
            assert not (await table.play(HERE, actor, line)).error
        game, state, _ = await _stored(repo)
        said.append((actor, games.get("goat_tiger").view(state, None)["log"][before:]))
    first, second, third = said
    assert first[0] is third[0] and second[0] is not first[0]
    mover, other = first[0], second[0]
    listed = (await table.log(HERE, mover, since="me")).private
    assert "nothing has happened since your last move" in listed
    r = await table.undo(HERE, mover)
    assert not r.error, r.private
    listed = (await table.log(HERE, mover, since="me")).private
    assert [x[2:] for x in listed.split("\n") if x.startswith("• ")] == [
        said_by(f"**{escape(other.name)}**", second[1])]
    board = await table.board(HERE, mover, since="me")
    assert not board.error and board.image and "1 action since your last move" in \
        board.private


async def test_a_game_without_records_says_so(table, repo):
    """A game stored before records were kept (or imported) holds none: asked, a player is
    told why and what to use instead, and the post that pings tells no summary."""
    await _seated(table, "goat_tiger")
    game = await repo.latest_game(HERE.channel_id)
    async with repo.engine.begin() as conn:
        await conn.execute(text("DELETE FROM publicmove"))
    r = await table.log(HERE, RAVI, since="me")
    assert not r.error and "no record of your last move" in r.private and "`/log`" in \
        r.private
    r = await table.board(HERE, RAVI, since="me")
    assert r.error and "no record" in r.private
    assert (await repo.get_game(game.id)).version == game.version  # nothing changed


async def test_board_since_with_a_side_marks_that_sides_own_board(table, repo, monkeypatch):
    """Rajas: `/board since:me side:` draws the province asked for, with what changed in
    it since the caller's last move marked (the earlier view handed to its picture)."""
    await _seated(table, "rajas")
    await _play_until_others_moved(table, repo, random.Random(5))
    game, _, _ = await _stored(repo)
    mine = next(s.role for s in await repo.seats(game.id) if s.user_id == RAVI.user_id)
    asked: list[tuple[str | None, bool]] = []
    real = renderer.render

    def render(*a, focus=None, before=None, **k):
        asked.append((focus, before is not None))
        return real(*a, focus=focus, before=before, **k)

    monkeypatch.setattr(renderer, "render", render)
    r = await table.board(HERE, RAVI, since="me", side=mine)
    assert not r.error, r.private
    assert asked == [(mine, True)]
    province = await table.board(HERE, RAVI, side=mine)
    assert png_size(r.image) == png_size(province.image)  # the province view, not the river
    r = await table.board(HERE, RAVI, since="me", side="purple")
    assert r.error and "not a side" in r.private
