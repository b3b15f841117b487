"""``python -m tools.prebuilt``: write every renderer's prebuilt layout file
(renderer/common/prebuilt.py) anew from its search, after changing a search."""

from __future__ import annotations

import importlib

import renderer
from renderer.common.prebuilt import SEARCHES, as_json


def load_all() -> None:
    """Import every game's renderer, so each records the files it reads."""
    for game in renderer.ids():
        importlib.import_module(f"renderer.{game}")


def main() -> None:
    load_all()
    for path, search in sorted(SEARCHES.items()):
        path.write_text(as_json(search))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
