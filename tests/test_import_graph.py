"""Imports run one way (docs/architecture.md): inside every game package and every layer no
module imports in a circle, a module never reaches a module of its own package or layer
from inside a function (a circle held together that way is still a circle), and the
layers keep their order: the engine imports no other layer, the renderer only the engine,
the database layer never the bot. Nothing here names a module or a game: the layers are
the top-level packages below, the game packages are found under ``engine/games/``, and
every ``.py`` file below them is read, so a new game or a moved file is checked as it is.
An import under ``if TYPE_CHECKING:`` counts like any other: a circle the type checker
follows is a circle in the design.

Built on the standard library's ``ast``: an import inside a function is what this must
tell apart, and an import graph library (grimp) records imports without saying where in
the file they stand."""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("engine", "renderer", "db", "bot")
# The packages the graph is made of: the layers and the tooling that must stay out of them.
PACKAGES = (*LAYERS, "tools")
# What each layer must never import, at any depth of a file. ``tools`` is never imported
# at run time (only ``darbar bench`` reaches it, from the bot).
FORBIDDEN = {
    "engine": {"renderer", "db", "bot", "tools"},
    "renderer": {"db", "bot", "tools"},
    "db": {"bot", "tools"},
}
# Imports of a module of one's own package or layer made inside a function on purpose,
# each with its reason. Still counted as edges: one of these closing a circle fails anyway.
LATE = {
    ("bot.cli", "bot.logsetup"): "the command line loads only what the subcommand uses",
    ("bot.cli", "bot.discord_face.running"): "discord.py is loaded only by `darbar run`",
    ("bot.cli", "bot.sandbox"): "the command line loads only what the subcommand uses",
    ("bot.cli", "bot.admin"): "the command line loads only what the subcommand uses",
    ("bot.cli", "bot.failures"): "the command line loads only what the subcommand uses",
    ("bot.admin", "bot.table"): "the table only for `darbar ratings --recompute`",
    ("bot.admin", "bot.ratings"): "openskill only for `darbar ratings`",
    ("bot.discord_face.client", "bot.admin"): "the start-up check, run once",
}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the project module it imports
    line: int
    late: bool  # made inside a function, so run at the call and not at import

    def __str__(self) -> str:
        where = "inside a function" if self.late else "at the top"
        return f"{self.source}:{self.line} imports {self.target} {where}"


def modules(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module below the packages, by dotted name (a package by its own name)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The project module ``name`` imports: itself, or the package holding the name."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _statements(body: list, late: bool = False):
    """Every import statement below ``body``, and whether it stands inside a function.
    Only statements are walked: an import is one, and skipping the expressions is most
    of the time the walk would take."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, late
        inner = late or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            below = getattr(node, field, None)
            if isinstance(below, list):
                yield from _statements(below, inner)


def _targets(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The dotted names a statement imports, relative ones made whole; ``from pkg import
    name`` gives ``pkg.name``, which stands for ``pkg`` where ``name`` is no module."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        up = ".".join(parts[: len(parts) - node.level + 1])
        base = f"{up}.{base}" if base else up
    return [f"{base}.{alias.name}" for alias in node.names]


def imports(root: Path = ROOT, sources: tuple[str, ...] = LAYERS,
            packages: tuple[str, ...] = PACKAGES) -> list[Import]:
    """Every import of a project module by a module of ``sources``, at the top of its file
    or inside a function."""
    known = modules(root, packages)
    found: list[Import] = []
    for module, path in known.items():
        if module.split(".")[0] not in sources:
            continue
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        tree = ast.parse(path.read_text(), str(path))
        for node, late in _statements(tree.body):
            for name in _targets(node, package):
                target = _resolve(name, known)
                if target is not None and target != module:
                    found.append(Import(module, target, node.lineno, late))
    return found


def within(module: str, unit: str) -> bool:
    return module == unit or module.startswith(unit + ".")


def circles(edges: list[Import], unit: str) -> list[list[str]]:
    """The circles among the unit's modules: each group of modules that all reach each
    other (a strongly connected component), as one path around it."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        if within(e.source, unit) and within(e.target, unit):
            graph.setdefault(e.source, set()).add(e.target)
            graph.setdefault(e.target, set())

    def reach(start: str) -> dict[str, str | None]:
        """Every module ``start`` reaches, with the module it was first reached from."""
        seen: dict[str, str | None] = {start: None}
        todo = [start]
        while todo:
            m = todo.pop()
            for n in sorted(graph[m]):
                if n not in seen:
                    seen[n] = m
                    todo.append(n)
        return seen

    found, done = [], set()
    for m in sorted(graph):
        if m in done:
            continue
        back = [n for n in sorted(graph[m]) if m in reach(n)]
        if not back:
            continue
        path, via = [m], reach(back[0])  # m → back[0] → … → m
        step = via[m]
        while step is not None:
            path.insert(1, step)
            step = via[step]
        found.append([*path, m])
        group = {n for n in reach(m) if m in reach(n)}
        done |= group
    return found


def game_packages(root: Path = ROOT) -> list[str]:
    return sorted(f"engine.games.{p.parent.name}"
                  for p in (root / "engine" / "games").glob("*/__init__.py"))


UNITS = [*game_packages(), *LAYERS]


@functools.cache
def project() -> list[Import]:
    """The project's imports, read once a run (about half a second: marked slow)."""
    return imports()


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.slow
def test_no_module_imports_in_a_circle(unit):
    assert [" → ".join(c) for c in circles(project(), unit)] == []


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.slow
def test_no_module_imports_its_siblings_inside_a_function(unit):
    late = [str(e) for e in project() if e.late and within(e.source, unit)
            and within(e.target, unit) and (e.source, e.target) not in LATE]
    assert late == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
@pytest.mark.slow
def test_a_layer_imports_only_layers_below_it(layer):
    wrong = [str(e) for e in project() if within(e.source, layer)
             and e.target.split(".")[0] in FORBIDDEN[layer]]
    assert wrong == []


def test_every_game_package_is_checked():
    assert game_packages() == sorted(f"engine.games.{i}" for i in games.ids())


def test_the_check_sees_circles_and_late_imports(tmp_path):
    """A made-up game package: a circle closed by an import inside a function, relative
    and absolute imports, and an import of a name that is not a module."""
    game = tmp_path / "engine" / "games" / "toy"
    game.mkdir(parents=True)
    for package in (tmp_path / "engine", tmp_path / "engine" / "games", game):
        (package / "__init__.py").write_text("")
    (game / "data.py").write_text("X = 1\ndef cards():\n    from . import decks\n")
    (game / "decks.py").write_text("from engine.games.toy import effects\n")
    (game / "effects.py").write_text("from engine.games.toy.data import X\n")
    (game / "rules.py").write_text("from .effects import *\nfrom engine import bot\n"
                                   "import engine.games.toy.kali\n")
    (game / "kali.py").write_text("from engine.games.toy import rules\n")
    (tmp_path / "renderer").mkdir()
    (tmp_path / "renderer" / "__init__.py").write_text("from engine.games import toy\n")
    edges = imports(tmp_path, ("engine", "renderer"), ("engine", "renderer"))
    assert [str(e) for e in edges if e.late] == [
        "engine.games.toy.data:3 imports engine.games.toy.decks inside a function"]
    assert {(e.source, e.target) for e in edges if not e.late} == {
        ("engine.games.toy.decks", "engine.games.toy.effects"),
        ("engine.games.toy.effects", "engine.games.toy.data"),
        ("engine.games.toy.rules", "engine.games.toy.effects"),
        ("engine.games.toy.rules", "engine"),
        ("engine.games.toy.rules", "engine.games.toy.kali"),
        ("engine.games.toy.kali", "engine.games.toy.rules"),
        ("renderer", "engine.games.toy")}
    assert circles(edges, "engine.games.toy") == [
        ["engine.games.toy.data", "engine.games.toy.decks", "engine.games.toy.effects",
         "engine.games.toy.data"],
        ["engine.games.toy.kali", "engine.games.toy.rules", "engine.games.toy.kali"]]
    assert circles(edges, "renderer") == []
