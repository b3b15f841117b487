"""The Goat-Tiger board as data: the game's published components (what the rules, the
renderer and the words read), and what is wrong with a board file.

``data/board.json`` holds the traditional 23-point board (docs/sources.md says where each
fact comes from, and that the three marked Tiger points of the Vijayanagara mat were not
seen). An owner of the mat can type in its values and check them with
``python -m engine.games.goat_tiger [board.json]``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.datafiles import DataFiles

# --- the sourced facts (docs/sources.md, "Aadu-Huli aata") ----------------------------------
POINT_COUNT = 23
LINE_COUNT = 10
FAN_LINES = 4  # the apex's lines fanning down
LONG_ROWS = 3  # rows b, c, d run out to the side wings
LONG_ROW, BASE_ROW = 6, 4  # points on a long row and on the base row
RULE_GOATS, RULE_CAPTURES = 15, 5  # rule 5.5


def check_board(b: dict) -> list[str]:
    """23 points numbered 0-22 with distinct labels, the apex first; 10 lines of points
    that exist (four fanning down from the apex, the two wing columns, three long rows of
    6, a base row of 4), each straight and in order, together reaching every point; the
    Tigers start on three points of the board (which ones the mat marks was not seen);
    15 Goats and 5 captures to win (rule 5.5)."""
    out = []
    points = b.get("points", [])
    if [p.get("id") for p in points] != list(range(POINT_COUNT)):
        out.append(f"the board needs {POINT_COUNT} points with ids 0 to {POINT_COUNT - 1}, "
                   "in order")
        return out
    labels = [p.get("label") for p in points]
    if len(set(labels)) != POINT_COUNT or not all(isinstance(x, str) and x for x in labels):
        out.append("every point needs a label of its own")
    if points[0].get("row") != 0 or points[0].get("col") is not None:
        out.append("point 0 is the apex (row 0, no column)")
    lines = b.get("lines", [])
    if len(lines) != LINE_COUNT:
        out.append(f"the board has {LINE_COUNT} lines, not {len(lines)}")
    good = [line for line in lines if len(line) >= 2 and len(set(line)) == len(line)
            and all(isinstance(p, int) and 0 <= p < POINT_COUNT for p in line)]
    if len(good) != len(lines):
        out.append("every line joins two or more distinct points of the board")
    out += _line_shapes(points, good)
    adj = neighbours(good)  # both ways along every line: symmetric by construction
    if _reach(adj) != set(range(POINT_COUNT)):
        out.append("not every point can be reached along the lines")
    start = b.get("tiger_start", [])
    if len(start) != 3 or len(set(start)) != 3 or not all(
            isinstance(p, int) and 0 <= p < POINT_COUNT for p in start):
        out.append("the Tigers start on three distinct points of the board")
    if b.get("goats") != RULE_GOATS:
        out.append(f"rule 5.5 gives the Goats {RULE_GOATS} pieces")
    if b.get("captures_to_win") != RULE_CAPTURES:
        out.append(f"rule 5.5 has the Tigers win with {RULE_CAPTURES} captures")
    return out


def _line_shapes(points: list[dict], lines: list[list[int]]) -> list[str]:
    """Lines are straight and in order: down one column a row at a time (from the apex,
    or a side wing), or along one row a column at a time."""
    out = []
    fans = [line for line in lines if 0 in line]
    if len(fans) != FAN_LINES or any(line[0] != 0 for line in fans):
        out.append(f"{FAN_LINES} lines fan down from the apex (each starting at it)")
    rows = []
    for line in lines:
        at = [points[p] for p in line]
        below = at[1:] if line[0] == 0 else at
        if len({p.get("col") for p in below}) == 1 and _steps(at, "row"):
            continue
        if len({p.get("row") for p in at}) == 1 and _steps(at, "col"):
            rows.append(len(line))
            continue
        out.append(f"line {line} does not run, in order, down one column or along one row")
    if Counter(rows) != Counter({LONG_ROW: LONG_ROWS, BASE_ROW: 1}):
        out.append(f"the rows are {LONG_ROWS} long rows of {LONG_ROW} points and a base row "
                   f"of {BASE_ROW}")
    return out


def _steps(at: list[dict], key: str) -> bool:
    """Whether the points' ``key`` (row or col) goes up by one from each to the next."""
    values = [p.get(key) for p in at]
    ints = [v for v in values if isinstance(v, int)]
    return len(ints) == len(values) and all(
        b == a + 1 for a, b in zip(ints, ints[1:], strict=False))


def neighbours(lines: list[list[int]]) -> list[tuple[int, ...]]:
    """Each point's neighbours: the points next to it along a line."""
    adj: list[set[int]] = [set() for _ in range(POINT_COUNT)]
    for line in lines:
        for a, b in zip(line, line[1:], strict=False):
            adj[a].add(b)
            adj[b].add(a)
    return [tuple(sorted(s)) for s in adj]


def _reach(adj: list[tuple[int, ...]]) -> set[int]:
    seen, todo = {0}, [0]
    while todo:
        for q in adj[todo.pop()]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def _jumps(lines: list[list[int]]) -> list[tuple[tuple[int, int], ...]]:
    """For each point, the (over, land) pairs of a straight-line leap."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(POINT_COUNT)]
    for line in lines:
        for i, p in enumerate(line):
            if i + 2 < len(line):
                out[p].append((line[i + 1], line[i + 2]))
            if i - 2 >= 0:
                out[p].append((line[i - 1], line[i - 2]))
    return [tuple(sorted(j)) for j in out]


FILES = DataFiles(Path(__file__).parent / "data", {"board": check_board})

# --- the published components --------------------------------------------------------------
BOARD = FILES["board"]
POINTS: list[dict] = BOARD["points"]
N = len(POINTS)
LABELS: list[str] = [p["label"] for p in POINTS]
INDEX: dict[str, int] = {label: i for i, label in enumerate(LABELS)}
LINES: list[list[int]] = BOARD["lines"]
TIGER_START: list[int] = BOARD["tiger_start"]
GOATS: int = BOARD["goats"]
CAPTURES_TO_WIN: int = BOARD["captures_to_win"]
ADJ = neighbours(LINES)
JUMPS = _jumps(LINES)
