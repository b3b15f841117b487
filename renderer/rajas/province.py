"""One player's province in full (``/board side:``), drawn for a phone: landscape, 1000 px
wide and about 4:3, so a chat column and Discord's desktop box both show it at least
400 px wide, with every text at least 28 px (11 px there), names 30 px (12) and markers
26 px (10), as the main picture (renderer/rajas/board.py), whose tiles, dice and symbols
it reuses.

- **Header**: whose province and the round; then the player's fame, money (how far the
  markers are from meeting), karma, workers left and boat.
- **Province**: the 4 × 5 cells with the residence, each tile with its roads and
  contents in words, an empty cell by its name (as a turn is typed); round it the edge
  yields in symbols, struck through once earned (a road reached them); in the mover's own
  preview, the cells the tile in hand may go to framed in gold.
- **Beside it**: the player's dice, what each building type scores now, and the
  province's markets by good.
- **Key**: every symbol drawn, in words (renderer/rajas/symbols.py).

``since`` marks what changed in the province since an earlier view (renderer/rajas/
since.py): tiles placed, yields earned, dice changed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.rajas import data
from engine.games.rajas.shown import PlayerShown, RajasView
from engine.games.rajas.words import margin_words
from renderer.common import Names, encode_png, first, font, marker, wrap
from renderer.rajas import board
from renderer.rajas.art import CREAM, EDGE, FRAME, GOLD, INK, MUTED, PANEL, PLAYER, ROAD, stamp
from renderer.rajas.board import BOLD, LINE, MARK, PLAIN
from renderer.rajas.reading import role_name
from renderer.rajas.since import province_changes
from renderer.rajas.symbols import KEY, Part, key_text, keys, parts

WIDTH = board.WIDTH
M = 16
CELL = 112
SIDE = 100  # room for a west or east edge's yield
PANEL_X = M + SIDE + 8 + 5 * CELL + 8 + SIDE + 8  # the dice, buildings and markets
ROOM = WIDTH - 2 * M - 16
GOODS = {"silk": "silk", "tea": "tea", "spices": "spice"}
# The province's own entries of the key, besides the earnings' symbols.
OWN_KEY = {
    "earned": "struck through: earned",
    "cell": "a2 an empty cell, as a turn names it",
    "may go": "gold frame: where the tile in hand may go",
    "scores": "temple 3★: a temple built scores 3 fame",
}


def markets(p: PlayerShown) -> dict[str, str]:
    """The province's markets by good, their values added: ``{"silk": "5"}``."""
    out: dict[str, int] = {}
    for c in p["cells"].values():
        for m in data.TILES[c["tile"]]["markets"]:
            out[GOODS[m["good"]]] = out.get(GOODS[m["good"]], 0) + m["value"]
    return {g: str(v) for g, v in out.items()}


def stats(p: PlayerShown) -> tuple[str, ...]:
    """The player's standing, one item a piece (a line never breaks inside one)."""
    left = p["workers"] - p["placed"]
    boat = f"boat on {p['boat']}" if p["boat"] else "boat at the start"
    return (f"{p['fame']} fame", f"{p['money']} money ({margin_words(p['margin'])})",
            f"karma {p['karma']}",
            "passed" if p.get("passed") else f"{left} of {p['workers']} workers left", boat)


def _pack(items: Iterable[str], joiner: str = " · ") -> tuple[str, ...]:
    """Items on lines of ``ROOM`` px, none broken."""
    lines: list[str] = []
    for item in items:
        if lines and PLAIN.getlength(lines[-1] + joiner + item) <= ROOM:
            lines[-1] += joiner + item
        else:
            lines.append(item)
    return tuple(lines)


@lru_cache(maxsize=256)
def yield_lines(code: str, room: int) -> tuple[tuple[Part, ...], ...]:
    """An edge yield's symbols in lines of ``room`` px: a long one ("2★/bend") breaks
    before its "/" and at spaces."""
    pieces: list[Part] = []
    for kind, what in parts(code):
        if kind != "text":
            pieces.append((kind, what))
            continue
        pieces += [("text", t) for t in re.split(r"(?=/)| ", what) if t]
    lines: list[list[Part]] = [[]]
    for piece in pieces:
        row = [*lines[-1], piece]
        if lines[-1] and _width(row) > room:
            lines.append([piece])
        else:
            lines[-1] = row
    return tuple(tuple(_joined(line)) for line in lines)


def _joined(line: list[Part]) -> list[Part]:
    """Texts side by side as one (a space before a word, none before a "/")."""
    out: list[Part] = []
    for kind, what in line:
        if out and kind == "text" and out[-1][0] == "text":
            out[-1] = ("text", out[-1][1] + ("" if what.startswith("/") else " ") + what)
        else:
            out.append((kind, what))
    return out


def _width(line: list[Part]) -> float:
    joined = _joined(line)
    return sum(board.piece_width(k, t) for k, t in joined) + 2 * (len(joined) - 1)


# --- the picture ---------------------------------------------------------------------------


def _edge_codes(p: PlayerShown) -> dict[tuple[str, str], str]:
    """Each edge's yield as drawn: the side's printed one, or a yield tile laid on it."""
    side = p.get("side", "basic")
    out = {}
    for (cell, edge), e in data.PROVINCE["edges"].items():
        laid = (p.get("slots") or {}).get(f"{cell}{edge}")
        code = laid.split("-", 1)[1] if laid else e.get(side) or ""
        if code:
            out[(cell, edge)] = code
    return out


def _band(codes: dict[tuple[str, str], str], edge: str) -> int:
    """The height of the yields' row above (N) or below (S) the cells."""
    rows = max((len(yield_lines(c, CELL - 8)) for (_, e), c in codes.items() if e == edge),
               default=1)
    return rows * (MARK + 8) + 4


def _key_entries(p: PlayerShown, codes: Iterable[str], preview: bool) -> tuple[str, ...]:
    entries = {k for c in codes for k in keys(c)}
    entries |= {k for c in p["cells"].values() if (bonus := data.TILES[c["tile"]].get("bonus"))
                for k in keys(bonus)}
    own = ["scores", "cell"] + (["earned"] if p["yields"] else []) + (
        ["may go"] if preview else [])
    return (*(k for k in KEY if k in entries), *own)


@lru_cache(maxsize=64)
def _key_lines(entries: tuple[str, ...]) -> tuple[str, ...]:
    said = key_text({e for e in entries if e in KEY})
    own = " · ".join(OWN_KEY[e] for e in entries if e in OWN_KEY)
    return tuple(wrap("Key: " + " · ".join(x for x in (said, own) if x), PLAIN, ROOM))


def _title(view: RajasView, players: Names, role: str) -> str:
    done = view.get("result")
    turn = "final" if done else "to play" if role in (view.get("active") or []) else ""
    return f"{role_name(players, role)}: province, round {view.get('round')}" + (
        f", {turn}" if turn else "")


def _cells(view: RajasView) -> set[str]:
    """The mover's own preview: the cells the tile in hand may go to."""
    return {str(t).split("-")[0] for t in (view.get("actions") or {}).get("cell") or []}


def draw(view: RajasView, players: Names = None, role: str | None = None,
         marks: Iterable[str] = ()) -> Image.Image:
    """``role``'s province (the side to act by default); ``marks``: what changed in it
    since an earlier view (since.py's ``province_changes``)."""
    role = role or first(view.get("active")) or first(
        (view.get("result") or {}).get("winners")) or first(list(view.get("players") or {}))
    p = (view.get("players") or {})[role or ""]
    marked = set(marks)
    heads, size = board.title_fit(_title(view, players, role or ""))
    lines = _pack(stats(p))
    codes = _edge_codes(p)
    preview = _cells(view) if role in (view.get("active") or []) else set()
    key = _key_lines(_key_entries(p, codes.values(), bool(preview)))
    north, south = _band(codes, "N"), _band(codes, "S")
    top = 10 + (44 if len(heads) == 1 else 38 * len(heads)) + LINE * len(lines) + 4
    gx, gy = M + SIDE + 8, top + north
    key_top = gy + 4 * CELL + south + 4
    # 8:7 at most (875 px) even with a two-line title, stats and yields: a phone's column
    # and the desktop box both show it 400 px wide
    img = Image.new("RGB", (WIDTH, key_top + LINE * len(key) + 4), FRAME)
    y = 10
    for line in heads:
        stamp(img, (M + 8, y), line, font(size, bold=True), GOLD if view.get("result")
              else CREAM)
        y += 44 if len(heads) == 1 else 38
    for line in lines:
        stamp(img, (M + 8, y), line, PLAIN, CREAM)
        y += LINE
    _grid(img, p, (gx, gy), preview, marked)
    _yields(img, p, codes, (gx, gy), marked)
    _side(img, role or "", p, (PANEL_X, top), marked)
    for k, line in enumerate(key):
        stamp(img, (M + 8, key_top + k * LINE), line, PLAIN, MUTED)
    return img


def _grid(img: Image.Image, p: PlayerShown, at: tuple[int, int], preview: set[str],
          marked: set[str]) -> None:
    d = ImageDraw.Draw(img)
    gx, gy = at
    lay = data.PROVINCE
    for cell in [*lay["cells"], lay["residence"]]:
        r, c = data.cell_position(cell)
        box = (gx + c * CELL, gy + r * CELL, gx + (c + 1) * CELL - 2, gy + (r + 1) * CELL - 2)
        placed = p["cells"].get(cell)
        if cell == lay["residence"]:
            d.rectangle(box, fill=GOLD)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            for side in lay["residence_roads"]:
                end = {"W": (box[0], cy), "E": (box[2], cy), "S": (cx, box[3]),
                       "N": (cx, box[1])}[side]
                d.line((cx, cy, *end), fill=ROAD, width=7)
            stamp(img, (cx, box[1] + 6), "Raja", BOLD, INK, "mt")
        elif placed:
            board.tile_sprite(placed["tile"], tuple(placed["roads"]), CELL - 2,
                              priced=False).put(img, box[:2])
            marker(f"tile {cell}", box)
        else:
            d.rectangle(box, fill=PANEL, outline=EDGE)
            stamp(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), cell, PLAIN, MUTED,
                  "mm")
        if cell in preview:
            d.rectangle(box, outline=GOLD, width=6)
            marker(f"may go {cell}", box)
        if f"cell {cell}" in marked:
            board.ring(d, box, f"cell {cell}")


def _yields(img: Image.Image, p: PlayerShown, codes: dict[tuple[str, str], str],
            at: tuple[int, int], marked: set[str]) -> None:
    d = ImageDraw.Draw(img)
    gx, gy = at
    taken = set(p.get("yields") or [])
    step = MARK + 8
    for (cell, edge), code in codes.items():
        r, c = data.cell_position(cell)
        x0, y0 = gx + c * CELL, gy + r * CELL
        rows = yield_lines(code, CELL - 8 if edge in "NS" else SIDE)
        high = len(rows) * step
        cx: float
        ty: float
        if edge == "N":
            cx, ty = x0 + CELL / 2, y0 - high - 2
        elif edge == "S":
            cx, ty = x0 + CELL / 2, y0 + CELL + 2
        else:
            wide = max(_width(list(row)) for row in rows)
            cx = x0 - 10 - wide / 2 if edge == "W" else x0 + CELL + 8 + wide / 2
            ty = y0 + (CELL - high) / 2
        done = f"{cell}{edge}" in taken
        boxes = [board.symbols_line(img, (cx, ty + k * step), row, MUTED if done else GOLD)
                 for k, row in enumerate(rows)]
        box = (min(b[0] for b in boxes), boxes[0][1], max(b[2] for b in boxes),
               boxes[-1][3])
        marker(f"yield {cell}{edge}", box)
        if done:
            for bx0, by0, bx1, by1 in boxes:
                d.line((bx0 - 3, (by0 + by1) / 2, bx1 + 3, (by0 + by1) / 2), fill=CREAM,
                       width=3)
            marker(f"earned {cell}{edge}", box)
        if f"yield {cell}{edge}" in marked:
            board.ring(d, box, f"yield {cell}{edge}")


def _side(img: Image.Image, role: str, p: PlayerShown, at: tuple[int, int],
          marked: set[str]) -> None:
    """The player's dice, what each building scores, the markets."""
    x, y = at
    d = ImageDraw.Draw(img)
    d.rectangle((x, y + 2, x + MARK, y + 2 + MARK), fill=PLAYER.get(role, GOLD), outline=EDGE)
    marker(f"player {role}", (x, y + 2, x + MARK, y + 2 + MARK))
    stamp(img, (x + MARK + 8, y), "Dice", BOLD, MUTED)
    y += LINE + 2
    per = (WIDTH - M - x) // board.DIE_STEP
    for k, (c, v) in enumerate(p["dice"]):
        xy = (x + (k % per) * board.DIE_STEP, y + (k // per) * board.DIE_STEP)
        board.die_sprite(c, v, board.DIE_PX).put(img, xy)
        marker(f"dice {k} {c}", (*xy, xy[0] + board.DIE_PX, xy[1] + board.DIE_PX))
    rows = max(1, -(-len(p["dice"]) // per))
    if "dice" in marked:
        board.ring(d, (x, y, WIDTH - M - 6, y + rows * board.DIE_STEP - 2), "dice")
    y += rows * board.DIE_STEP + 10
    stamp(img, (x, y), "Buildings", BOLD, MUTED)
    y += LINE
    for b in data.BUILDINGS:
        stamp(img, (x, y), f"{b} {2 + p['upgrades'].get(b, 0)}★", PLAIN, CREAM)
        y += LINE
    y += 6
    stamp(img, (x, y), "Markets", BOLD, MUTED)
    y += LINE
    for good, total in (markets(p) or {"none": ""}).items():
        stamp(img, (x, y), f"{good} {total}".strip(), PLAIN, CREAM)
        y += LINE


def render(view: RajasView, players: Names = None, focus: str | None = None) -> bytes:
    return encode_png(draw(view, players, focus), board.palette())


def since(view: RajasView, players: Names, before: RajasView, focus: str | None) -> bytes:
    """What changed since ``before`` marked: on the main picture, or (``focus``) on that
    player's province."""
    if focus is None:
        return board.render_since(view, players, before, None)
    return encode_png(draw(view, players, focus, province_changes(before, view, focus)),
                      board.palette())


__all__ = ["WIDTH", "draw", "markets", "render", "since", "stats", "yield_lines"]
