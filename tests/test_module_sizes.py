"""Every module of the bot's layers stays small enough to read whole (issue 38: none over
500 lines), each named for what it holds. Nothing here names a module: every ``.py`` file
under ``bot/``, ``db/``, ``engine/`` and ``renderer/`` is counted as it is, so a new game or
a moved file is held to it too.

Data tables are the one exception, and they are told by what they hold, not by a list: a
module whose statements are only its docstring, imports and names bound to literals (a
dict, list, tuple or string written out, which ``ast.literal_eval`` reads) is a table,
however long; any function, class or computed value makes it code again."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("bot", "db", "engine", "renderer")
LIMIT = 500


def _literal(node: ast.expr | None) -> bool:
    try:
        ast.literal_eval(node) if node is not None else None
    except ValueError:
        return False
    return True


def is_table(source: str) -> bool:
    """Whether a module holds only literals: a docstring, imports, names bound to data."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring, or a string standing as a comment
        if isinstance(node, ast.Assign | ast.AnnAssign) and _literal(node.value):
            continue
        return False
    return True


def oversized(root: Path = ROOT, layers: tuple[str, ...] = LAYERS,
              limit: int = LIMIT) -> dict[str, int]:
    """Each module over ``limit`` lines that is no data table, with its length."""
    found = {}
    for layer in layers:
        for path in sorted((root / layer).rglob("*.py")):
            text = path.read_text()
            lines = len(text.splitlines())
            if lines > limit and not is_table(text):
                found[str(path.relative_to(root))] = lines
    return found


def test_no_module_is_over_500_lines():
    assert oversized() == {}


def test_a_long_module_of_literals_is_a_table_and_any_code_is_not(tmp_path):
    game = tmp_path / "engine" / "games" / "toy"
    game.mkdir(parents=True)
    rows = "".join(f"    {i}: ('tile', {i}),\n" for i in range(600))
    table = f'"""Tiles."""\n\nfrom __future__ import annotations\n\nTILES = {{\n{rows}}}\n'
    (game / "tiles.py").write_text(table)
    (game / "rules.py").write_text(table + "\ndef rule():\n    return TILES\n")
    (game / "short.py").write_text("def rule():\n    return 1\n")
    assert oversized(tmp_path, ("engine",)) == {"engine/games/toy/rules.py": 609}
