"""The game registry is found, not listed: a package under engine/games that exports a
``GAME`` is a game, shown in the order of its ``LISTED`` rank, with no list of ids to
edit."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.games
from engine import games

# The order players are shown the games today (the /new game choices, /help).
SHOWN = ["goat_tiger", "vijayanagara", "taj_mahal", "rajas", "maharaja"]


def _forget() -> None:
    """Find the games again at the next call (the registry is worked out once)."""
    found = getattr(games, "found", None)
    if found is not None:
        found.cache_clear()


@pytest.fixture
def dropped_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on engine.games' path, as if its packages stood in engine/games."""
    monkeypatch.setattr(engine.games, "__path__", [*engine.games.__path__, str(tmp_path)])
    _forget()
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("engine.games.toy")]:
        del sys.modules[name]
    monkeypatch.undo()
    _forget()


def _package(root: Path, name: str, source: str) -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text(textwrap.dedent(source))


def test_a_game_package_dropped_in_is_listed_in_its_rank(dropped_in):
    _package(dropped_in, "toy_game", """
        from dataclasses import replace
        from engine.games.goat_tiger import GAME as _like

        GAME = replace(_like, ID="toy_game", NAME="Toy", LISTED=_like.LISTED + 1)
        """)
    _package(dropped_in, "toy_pieces", "SHARED = 1  # no GAME: pieces games share\n")
    assert games.ids() == [SHOWN[0], "toy_game", *SHOWN[1:]]
    assert games.get("toy_game").NAME == "Toy"
    with pytest.raises(KeyError, match="unknown game 'toy_pieces'"):
        games.get("toy_pieces")


def test_a_package_must_be_named_by_its_games_id(dropped_in):
    _package(dropped_in, "toy_misnamed", """
        from dataclasses import replace
        from engine.games.goat_tiger import GAME as _like

        GAME = replace(_like, ID="toy_other")
        """)
    with pytest.raises(ValueError, match="named by its ID"):
        games.ids()


def test_the_games_are_shown_in_the_order_players_know():
    assert [i for i in games.ids() if i in SHOWN] == SHOWN


def test_an_unknown_game_is_refused_with_the_games_there_are():
    with pytest.raises(KeyError) as refused:
        games.get("chess")
    assert refused.value.args[0] == ("unknown game 'chess'; known games: "
                                     + ", ".join(games.ids()))


def test_a_games_samples_are_found_with_it(dropped_in, monkeypatch):
    _package(dropped_in, "toy_game", """
        from dataclasses import replace
        from engine.games.goat_tiger import GAME as _like

        GAME = replace(_like, ID="toy_game", NAME="Toy")
        """)
    (dropped_in / "toy_game" / "samples.py").write_text(textwrap.dedent("""
        from engine import games

        PLAYERS = {"goats": "ravi", "tigers": "Computer"}

        def views():
            g = games.get("toy_game")
            return {"start": g.view(g.setup(1, {}), None)}
        """))
    import tools.samples

    try:
        found = importlib.reload(tools.samples).SAMPLES
        views, players = found["toy_game"]
        assert list(views()) == ["start"] and players["goats"] == "ravi"
        assert list(found) == games.ids()
    finally:
        monkeypatch.undo()  # the toy game gone, the samples are gathered again without it
        _forget()
        importlib.reload(tools.samples)
