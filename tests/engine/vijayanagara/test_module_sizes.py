"""Vijayanagara's modules stay small enough to read whole (issue 38: none over 500 lines),
each named for what it holds; data tables would be the one exception, and the package
has none in Python (its data is in ``data/*.json``)."""

from __future__ import annotations

from pathlib import Path

import engine.games.vijayanagara as package

LIMIT = 500


def test_no_module_is_over_500_lines():
    sizes = {p.name: len(p.read_text().splitlines())
             for p in Path(package.__file__).parent.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
