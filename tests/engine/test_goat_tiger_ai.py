"""The Goat-Tiger computer opponent: legal, deterministic, and not a pushover."""

from __future__ import annotations

import json
import random

import pytest

from engine.games.goat_tiger import GAME as g
from engine.games.goat_tiger import ai, rules
from engine.games.goat_tiger.data import INDEX, LABELS, N
from tools import arena
from tools.arena import Player, Step

# --- helpers -------------------------------------------------------------------


def position(
    goats: str,
    tigers: str,
    *,
    to_move: str,
    in_hand: int = 0,
    captured: int = 0,
) -> dict:
    """A fresh game state with the given pieces (space-separated labels)."""
    board = [rules.EMPTY] * N
    for label in goats.split():
        board[INDEX[label]] = rules.GOAT
    for label in tigers.split():
        board[INDEX[label]] = rules.TIGER
    state = rules.setup(0)
    state["board"] = "".join(board)
    state["to_move"] = to_move
    state["in_hand"] = in_hand
    state["captured"] = captured
    state["positions"] = [rules._key(state["board"], to_move, in_hand)]
    assert state["board"].count(rules.GOAT) + in_hand + captured == 15
    return state


def play(state: dict, role: str, steps: list[Step]) -> dict:
    for action, arg in steps:
        state = g.act(state, role, action, arg)
    return state


def steps_for(move: rules.Move) -> list[Step]:
    src, dst, _ = move
    if src is None:
        return [("place", LABELS[dst])]
    return [("select", LABELS[src]), ("to", LABELS[dst])]


def random_player(rng: random.Random) -> Player:
    return lambda s, _role: steps_for(rng.choice(rules.legal_moves(s)))


def bot(role: str, level: str) -> Player:
    return lambda s, _role: ai.bot_steps(s, role, level=level)


def searcher(max_depth: int, budget: int) -> Player:
    """The same search as the levels, on a smaller node budget, to keep the
    many-game tests quick."""
    return lambda s, _role: steps_for(ai.choose_move(s, max_depth=max_depth, budget=budget)[0])


def run(goats: Player, tigers: Player, *, seed: int, max_moves: int = 300) -> dict:
    """Play a game, checking that every call completes exactly one move."""
    state = g.setup(seed)
    for n, (_role, _steps, after) in enumerate(
            arena.turns(g, state, {"goats": goats, "tigers": tigers}), 1):
        state = after
        assert state["moves"] == n
        assert state["selected"] is None
        if n >= max_moves:
            break
    return state


def winner(state: dict) -> str | None:
    res = state["result"]
    return res["winners"][0] if res and res["winners"] else None


# --- legality ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_ai_against_ai_plays_only_legal_whole_moves(seed: int) -> None:
    rng = random.Random(seed)
    opening = random_player(rng)

    def goats(s: dict, role: str) -> list[Step]:
        # A few random placements so that the games differ.
        return opening(s, role) if s["moves"] < 2 * seed else ai.bot_steps(s, role, level="easy")

    final = run(goats, bot("tigers", "easy"), seed=seed, max_moves=160)
    assert final["moves"] > 30


@pytest.mark.parametrize("seed", range(3))
def test_ai_against_random_plays_only_legal_whole_moves(seed: int) -> None:
    rng = random.Random(100 + seed)
    run(bot("goats", "easy"), random_player(rng), seed=seed)
    run(random_player(rng), bot("tigers", "easy"), seed=seed)


@pytest.mark.slow
def test_normal_level_plays_legal_moves() -> None:
    rng = random.Random(7)
    final = run(bot("goats", "normal"), random_player(rng), seed=7, max_moves=24)
    assert final["moves"] == 24 or final["result"] is not None


def test_wrong_side_or_finished_game_is_refused() -> None:
    state = g.setup(1)
    with pytest.raises(ValueError):
        ai.bot_steps(state, "tigers")
    with pytest.raises(ValueError):
        ai.bot_steps(state, "goats", level="grandmaster")
    over = position("b2 b3 b4 b5 c1 c2 c3 c4 c5 d2 d3 b6 d4 e2 e3", "a b1 d1", to_move="tigers")
    over["result"] = {"winners": ["goats"], "scores": {}, "reason": "test"}
    with pytest.raises(ValueError):
        ai.bot_steps(over, "tigers")


def test_exported_from_the_game_package() -> None:
    assert g.bot_steps is ai.bot_steps


# --- strength ------------------------------------------------------------------


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_goats_beat_random_tigers() -> None:
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        final = run(searcher(64, 2500), random_player(rng), seed=seed)
        wins += winner(final) == "goats"
    assert wins >= 18


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_tigers_beat_random_goats() -> None:
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        final = run(random_player(rng), bot("tigers", "easy"), seed=seed)
        wins += winner(final) == "tigers"
    assert wins >= 19


@pytest.mark.soak  # the computer's strength: `make soak`, and darbar bench's figures
def test_deeper_goats_hold_shallow_tigers() -> None:
    """Goats searching deeper never lose to the easy Tigers (the games differ
    by a few random opening placements)."""
    results = []
    for seed in range(4):
        rng = random.Random(seed)
        opening = random_player(rng)
        deep = searcher(64, 2500)

        def goats(s: dict, role: str, _o: Player = opening, _d: Player = deep) -> list[Step]:
            return list(_o(s, role) if s["moves"] < 4 else _d(s, role))

        final = run(goats, bot("tigers", "easy"), seed=seed, max_moves=200)
        results.append(winner(final))
    assert "tigers" not in results
    assert results.count("goats") >= 3


# --- tactics -------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_tiger_takes_the_winning_fifth_goat(level: str) -> None:
    # Four goats are gone; the tiger on b3 can leap c3 to d3 for the fifth.
    state = position(
        "b1 c1 d1 b6 c6 d6 e2 e5 c3 e3", "a b3 d4", to_move="tigers", captured=4, in_hand=1
    )
    after = play(state, "tigers", ai.bot_steps(state, "tigers", level=level))
    assert winner(after) == "tigers"


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.slow
def test_tiger_captures_an_undefended_goat(level: str) -> None:
    # Placement phase: the goat on c3 has d3 empty behind it, with the tiger
    # on b3 in front. ("easy", two plies deep, may first bring a second tiger
    # to c4, since the goats cannot cover both d3 and c2 with one placement.)
    state = position("c3", "a b3 b4", to_move="tigers", in_hand=14)
    after = play(state, "tigers", ai.bot_steps(state, "tigers", level=level))
    assert after["captured"] == 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_goats_close_the_last_gap(level: str) -> None:
    # The tigers on b1 and d1 are boxed in; the apex tiger's only move is the
    # leap over b5 to c5. Only d5-c5 traps all three (b5-c5 would free b5).
    state = position("b2 b3 b4 b5 b6 c1 c2 c3 c4 d2 d3 d4 d5 e2 e3", "a b1 d1", to_move="goats")
    steps = ai.bot_steps(state, "goats", level=level)
    assert steps == [("select", "d5"), ("to", "c5")]
    assert winner(play(state, "goats", steps)) == "goats"


def capturable(state: dict) -> bool:
    assert state["to_move"] == "tigers"
    return any(m[2] is not None for m in rules.legal_moves(state))


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_goats_parry_a_threat_while_placing(level: str) -> None:
    # The tiger on b3 threatens to leap c3 to d3; most placements leave it.
    state = position("c3", "a b3 b4", to_move="goats", in_hand=14)
    after = play(state, "goats", ai.bot_steps(state, "goats", level=level))
    assert not capturable(after)


SAFE_TWO_OF_SEVEN = "b1 b2 c1 c2 c3 d1 d2 d3 e2 e3 b5 b6 c5 c6 d6"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.slow
def test_goats_do_not_walk_into_a_leap(level: str) -> None:
    # Movement phase, nothing attacked yet, but five of the seven goat moves
    # open a leap (e.g. c5-d5 leaves d4 free to leap c4... or b4 to leap c5);
    # only c3-c4 and e3-e4 keep every goat covered.
    state = position(SAFE_TWO_OF_SEVEN, "a b4 d4", to_move="goats")
    assert not capturable({**state, "to_move": "tigers"})
    moves = rules.legal_moves(state)
    unsafe = [m for m in moves if capturable(play(state, "goats", steps_for(m)))]
    assert len(moves) == 7 and len(unsafe) == 5
    after = play(state, "goats", ai.bot_steps(state, "goats", level=level))
    assert not capturable(after)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_goats_keep_the_cage_shut(level: str) -> None:
    # The tigers cannot move, but the goats must: only e3-e4 keeps them shut
    # in (and so wins); every other move lets a tiger out.
    state = position("b1 b2 c1 c2 c3 c4 d1 d2 d3 d4 e2 e3 b5 b6 c5", "a b3 b4", to_move="goats")
    steps = ai.bot_steps(state, "goats", level=level)
    assert steps == [("select", "e3"), ("to", "e4")]
    assert winner(play(state, "goats", steps)) == "goats"


# --- determinism and purity ------------------------------------------------------


def midgame(seed: int, plies: int) -> dict:
    rng = random.Random(seed)
    state = g.setup(seed)
    for _ in range(plies):
        state = play(state, state["to_move"], steps_for(rng.choice(rules.legal_moves(state))))
    assert state["result"] is None
    return state


@pytest.mark.parametrize("plies", [0, 9, 31])
@pytest.mark.slow
def test_same_state_same_move_and_state_untouched(plies: int) -> None:
    state = midgame(3, plies)
    frozen = json.dumps(state, sort_keys=True)
    role = state["to_move"]
    first = ai.bot_steps(state, role)
    assert json.dumps(state, sort_keys=True) == frozen
    again = ai.bot_steps(json.loads(frozen), role)
    assert first == again
    assert json.dumps(state, sort_keys=True) == frozen


# --- mid-move ----------------------------------------------------------------------


@pytest.mark.slow
def test_mid_move_returns_the_rest_of_the_move() -> None:
    # c3 can go to b3 (opening a leap) or c4 (safe): the bot finishes c3-c4.
    state = position(SAFE_TWO_OF_SEVEN, "a b4 d4", to_move="goats")
    sel = g.act(state, "goats", "select", "c3")
    steps = ai.bot_steps(sel, "goats")
    assert steps == [("to", "c4")]
    after = play(sel, "goats", steps)
    assert after["moves"] == state["moves"] + 1
    assert after["last"]["from"] == "c3"


def test_mid_move_keeps_the_best_move_of_the_selected_piece() -> None:
    # The winning d5-c5 from test_goats_close_the_last_gap, reached by
    # selecting d5 first: the bot completes it.
    state = position("b2 b3 b4 b5 b6 c1 c2 c3 c4 d2 d3 d4 d5 e2 e3", "a b1 d1", to_move="goats")
    sel = g.act(state, "goats", "select", "d5")
    assert ai.bot_steps(sel, "goats") == [("to", "c5")]


@pytest.mark.slow
def test_mid_move_for_tigers() -> None:
    state = position("c3", "a b3 b4", to_move="tigers", in_hand=14)
    sel = g.act(state, "tigers", "select", "b3")
    steps = ai.bot_steps(sel, "tigers")
    after = play(sel, "tigers", steps)
    assert steps == [("to", "d3")] and after["captured"] == 1


@pytest.mark.slow
def test_a_position_searched_before_is_answered_from_memory_with_the_same_move() -> None:
    state = g.act(g.setup(1), "goats", "place", "c3")  # the Tigers' reply to a first goat
    first = ai.bot_steps(state, "tigers")
    before = ai.searched.cache_info()
    assert ai.bot_steps(json.loads(json.dumps(state)), "tigers") == first
    after = ai.searched.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)
    # The same board reached along another path is another search (repetitions differ).
    other = {**state, "positions": [state["positions"][0], *state["positions"]]}
    ai.bot_steps(other, "tigers")
    assert ai.searched.cache_info().misses == before.misses + 1
