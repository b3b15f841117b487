"""Stored logs replay identically (issue 25): recorded games of all five, every option
set whose rules differ, rules revision 1 and a table's REDEAL step, each replayed to the
state it was recorded with. A refactoring that changes any of them changes a game."""

from __future__ import annotations

import json

import pytest

from engine import games
from tests.support.recorded import HERE, replayed

RECORDED = [(path.stem, i, entry) for path in sorted(HERE.glob("*.json"))
            for i, entry in enumerate(json.loads(path.read_text()))]


def test_every_game_has_recorded_logs():
    assert {game for game, _, _ in RECORDED} == set(games.ids())
    assert any(games.REDEAL in [s[1] for s in e["steps"]] for _, _, e in RECORDED)


@pytest.mark.parametrize("game, i, entry", RECORDED, ids=[f"{g}-{i}" for g, i, _ in RECORDED])
@pytest.mark.slow
def test_a_recorded_game_replays_to_the_state_it_was_recorded_with(game, i, entry):
    assert replayed(entry) == entry["state"]
