"""The table's parts never call each other and share only the core (docs/architecture.md,
"The table"): a method two parts both define would be one part silently shadowing the other
in ``Table`` (as two ``card_posted`` did once: a seat's card stored as an open game's)."""

from __future__ import annotations

import inspect

from bot.table import Table
from bot.table.core import TableCore
from db.repository import Repository
from db.repository.core import RepositoryCore


def test_no_two_parts_of_the_table_define_the_same_name():
    _no_name_twice(Table, TableCore)


def test_no_two_parts_of_the_repository_define_the_same_name():
    _no_name_twice(Repository, RepositoryCore)


def _no_name_twice(whole: type, core: type) -> None:
    owners: dict[str, list[str]] = {}
    parts = [c for c in whole.__mro__[1:] if issubclass(c, core) and c is not core]
    for part in parts:
        for name, value in vars(part).items():
            if name.startswith("__") or not (inspect.isfunction(value) or isinstance(
                    value, (staticmethod, classmethod, property))):
                continue
            owners.setdefault(name, []).append(part.__name__)
    # A part that builds on another (Lobby on Seating and Endings) overrides on purpose
    # and calls it through super(): allowed where the first owner is a subclass of the rest.
    shared = {n: o for n, o in owners.items() if len(o) > 1}
    assert not {n: o for n, o in shared.items() if not _overrides(o, parts)}, shared


def _overrides(owners: list[str], parts: list[type]) -> bool:
    """Whether each later owner of a name is a base of the first (an override that builds
    on it), not a sibling part."""
    by_name = {p.__name__: p for p in parts}
    first = by_name[owners[0]]
    return all(issubclass(first, by_name[o]) for o in owners[1:])
