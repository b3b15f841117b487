"""Geometry of the 23-point Aadu-Huli aata board, loaded from board.json."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("board.json")).read_text())

POINTS: list[dict] = DATA["points"]
N = len(POINTS)
LABELS: list[str] = [p["label"] for p in POINTS]
INDEX: dict[str, int] = {label: i for i, label in enumerate(LABELS)}
LINES: list[list[int]] = DATA["lines"]
TIGER_START: list[int] = DATA["tiger_start"]
GOATS: int = DATA["goats"]
CAPTURES_TO_WIN: int = DATA["captures_to_win"]


def _neighbours() -> list[tuple[int, ...]]:
    adj: list[set[int]] = [set() for _ in range(N)]
    for line in LINES:
        for a, b in zip(line, line[1:], strict=False):
            adj[a].add(b)
            adj[b].add(a)
    return [tuple(sorted(s)) for s in adj]


def _jumps() -> list[tuple[tuple[int, int], ...]]:
    """For each point, the (over, land) pairs of a straight-line leap."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(N)]
    for line in LINES:
        for i, p in enumerate(line):
            if i + 2 < len(line):
                out[p].append((line[i + 1], line[i + 2]))
            if i - 2 >= 0:
                out[p].append((line[i - 1], line[i - 2]))
    return [tuple(sorted(j)) for j in out]


ADJ = _neighbours()
JUMPS = _jumps()
