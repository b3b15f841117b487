"""``python -m tools.prebuilt``: write every renderer's prebuilt layout and picture file
(renderer/common/prebuilt.py) anew from its search, after changing a search or a drawing."""

from __future__ import annotations

import importlib

import renderer
from renderer.common.prebuilt import SEARCHES, write


def load_all() -> None:
    """Import every game's renderer, so each records the files it reads."""
    for game in renderer.ids():
        importlib.import_module(f"renderer.{game}")


def main() -> None:
    load_all()
    for path in sorted(SEARCHES):
        write(path)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
