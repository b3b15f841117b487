"""A game's data files (maps, cards, charts, tiles) and the command that holds them to
the sourced facts: `python -m engine.games.<id> [FILES]`, one behaviour for every game.

Each game's ``data.py`` names its files and their checks (a check takes the parsed file
and returns the problems it finds, in words); an owner of the printed game types the real
values into a file named after what it holds (``map.json``, ``my_tiles.json``) and runs
the command, which prints each problem, or that the file agrees, and exits 1 if any file
has a problem (0 otherwise)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

from engine import grammar

Check = Callable[[dict], list[str]]


class DataFiles:
    """One game's data files: where they lie (``data/`` beside the game's modules), each
    read once (``files["map"]``: the same object every time, so callers must not change
    it; ``files.fresh("map")`` for a copy to change), how each is checked, and the
    command that checks typed-in files (``files.main(argv)``). Every game with data files
    keeps them this way, so adding one needs no loader of its own."""

    def __init__(self, data_dir: Path, checks: Mapping[str, Check],
                 by_content: Callable[[dict], str | None] | None = None) -> None:
        self.data_dir, self.checks, self.by_content = data_dir, checks, by_content
        self._read: dict[str, dict] = {}

    def __getitem__(self, name: str) -> dict:
        if name not in self._read:
            self._read[name] = read(self.data_dir, name)
        return self._read[name]

    def fresh(self, name: str) -> dict:
        return read(self.data_dir, name)

    def problems(self) -> list[str]:
        """What the shipped files get wrong (nothing, or a test fails)."""
        return [f"{name}: {p}" for name, check in self.checks.items() for p in check(self[name])]

    def main(self, argv: list[str]) -> int:
        return check_files(self.data_dir, self.checks, argv, self.by_content)


def read(data_dir: Path, name: str) -> dict:
    """A shipped file, read afresh (callers may change what they get)."""
    return json.loads((data_dir / f"{name}.json").read_text())


def kind_of(path: Path, checks: Mapping[str, Check],
            by_content: Callable[[dict], str | None] | None, doc: dict) -> str | None:
    """Which file this is: the longest known name in its file name, else (where a game
    can tell) by what it holds."""
    named = [n for n in checks if n in path.stem]
    if named:
        return max(named, key=len)
    return by_content(doc) if by_content and isinstance(doc, dict) else None


def check_files(data_dir: Path, checks: Mapping[str, Check], argv: list[str],
                by_content: Callable[[dict], str | None] | None = None) -> int:
    """Check the files named in ``argv`` (or, with none, the shipped ones)."""
    paths = [Path(a) for a in argv] or [data_dir / f"{n}.json" for n in checks]
    bad = 0
    for path in paths:
        try:
            doc = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            print(f"{path}: cannot read it: {e}")
            bad += 1
            continue
        kind = kind_of(path, checks, by_content, doc)
        if kind is None:
            print(f"{path}: name it after what it holds ({', '.join(checks)})")
            bad += 1
            continue
        try:
            found = checks[kind](doc) if isinstance(doc, dict) else [
                f"not shaped like a {kind} file (it holds no JSON object)"]
        except (AttributeError, TypeError, KeyError, ValueError) as e:
            found = [f"not shaped like a {kind} file ({type(e).__name__}: {e})"]
        if found:
            print(f"{path} ({kind}): {grammar.count(len(found), 'problem')}")
            for line in found:
                print(f"  - {line}")
            bad += 1
        else:
            print(f"{path} ({kind}): agrees with every sourced fact")
    return 1 if bad else 0
