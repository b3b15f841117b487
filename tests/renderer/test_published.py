"""A renderer reads the view and a game's published components only: from a game's package
it imports the game's ``data`` module (names, geometry, card data) and the contract names
the package exports (``ROLE_NAMES``; ``setup``/``view`` for a specimen view), never the
rules or any other module of the game, so a game's internals can change without touching
its pictures and words."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from engine import games

RENDERER = Path(__file__).resolve().parents[2] / "renderer"
# Each game held to the rule, with its own renderer modules: those named for it (its id, or
# its id and a part), or in a folder of its id; renderer/text.py and the package's shared
# modules are read for every game.
OWN = {game: sorted(str(p.relative_to(RENDERER)) for p in
                    [*RENDERER.glob(f"{game}.py"), *RENDERER.glob(f"{game}_*.py"),
                     *RENDERER.glob(f"{game}/**/*.py")])
       for game in games.ids()}
SHARED = ["__init__.py", "common.py", "text.py", "banner.py", "charts.py", "axis.py"]
# A game whose naming is large may publish a names module too (Rajas: words).
PUBLISHED = {"data"}
PUBLISHED_BY = {"rajas": {"words"}}


def _game_imports(path: Path, game: str) -> list[str]:
    """What ``path`` imports of the game's package, as dotted names below it ("" for the
    package itself, "data", "rules", "rules.KIND" ...), at any depth of the file."""
    package = f"engine.games.{game}"
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [a.name.removeprefix(package).lstrip(".") for a in node.names
                      if a.name == package or a.name.startswith(package + ".")]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "engine.games":
                found += ["" for a in node.names if a.name == game]
            elif node.module == package or node.module.startswith(package + "."):
                below = node.module.removeprefix(package).lstrip(".")
                found += [f"{below}.{a.name}".lstrip(".") for a in node.names]
    return found


def _allowed(game: str, dotted: str) -> bool:
    """The package itself, its data module (or a name in it), or a contract name the
    package exports (anything of the package that is not one of its modules)."""
    head = dotted.split(".")[0]
    if dotted == "" or head in PUBLISHED | PUBLISHED_BY.get(game, set()):
        return True
    return "." not in dotted and importlib.util.find_spec(
        f"engine.games.{game}.{head}") is None


@pytest.mark.parametrize("game", sorted(OWN))
@pytest.mark.slow
def test_a_renderer_imports_only_what_its_game_publishes(game):
    bad = [f"{name}: {dotted or game}" for name in OWN[game] + SHARED
           for dotted in _game_imports(RENDERER / name, game)
           if not _allowed(game, dotted)]
    assert bad == []


def test_the_check_sees_an_import_of_the_rules(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from engine.games.taj_mahal import data, rules\n"
                      "from engine.games.taj_mahal.rules import KIND\n"
                      "import engine.games.taj_mahal.scoring\n"
                      "def f():\n    from engine.games import taj_mahal\n")
    found = _game_imports(sample, "taj_mahal")
    assert found == ["data", "rules", "rules.KIND", "scoring", ""]
    assert [_allowed("taj_mahal", d) for d in found] == [True, False, False, False, True]
    assert _allowed("taj_mahal", "ROLE_NAMES") and _allowed("taj_mahal", "data.KIND")
