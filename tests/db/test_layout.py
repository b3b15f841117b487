"""The database layer is split by concern like the table it serves: a session core and a
module per concern, none of them long enough to hide a second concern."""

from pathlib import Path

import db

LIMIT = 400


def test_no_module_of_the_database_layer_is_over_400_lines():
    root = Path(db.__file__).parent
    lengths = {str(p.relative_to(root)): len(p.read_text().splitlines())
               for p in sorted(root.rglob("*.py"))}
    assert {name: n for name, n in lengths.items() if n > LIMIT} == {}
