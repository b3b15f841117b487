"""The soak sweeps (`make soak`): the first cases of a parametrized sweep run in every
`make test`, the rest only in `make soak`, so the default run keeps each property's check
and the long sweep stays a command away (docs/developing.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def sample(cases: Iterable[Any], keep: int = 1, *, unpack: bool = True) -> list[Any]:
    """``cases`` as pytest parameters, all but the first ``keep`` marked ``soak``.
    ``unpack``: a tuple case holds several arguments (else it is one argument's value)."""
    def soak(case: Any) -> Any:
        values = case if unpack and isinstance(case, tuple) else (case,)
        return pytest.param(*values, marks=pytest.mark.soak)

    return [case if i < keep else soak(case) for i, case in enumerate(cases)]
