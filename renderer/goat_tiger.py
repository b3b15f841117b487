"""Picture of an Aadu-Huli aata (Goat-Tiger) position, from the spectator view.

The image is a dark frame holding a header (whose turn, or the result, and the last
move) above a sandstone slab with the board carved into it, the way the game is cut
into temple stones at Hampi. The two empty corners beside the apex hold the goats
still to place (left) and the goats captured (right).

Everything that does not depend on the position (slab, carved lines, point labels,
piece sprites) is drawn once and cached; a render pastes pieces and highlights onto
a copy of that background.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from engine.games.goat_tiger import data as geo
from renderer import goat_tiger_art as art
from renderer.common import (
    Point,
    clean,
    encode_png,
    fit,
    font,
    make_palette,
    outcome_title,
    paste,
    safe,
    smooth,
    text_sprite,
)

ID = "goat_tiger"

# --- geometry ------------------------------------------------------------------------

WIDTH, HEIGHT = 1000, 850
HEADER_H = 120  # dark band with the status lines
SLAB = (10, HEADER_H, WIDTH - 10, HEIGHT - 10)  # the carved stone
CX = WIDTH // 2
APEX_Y = HEADER_H + 76
ROW_H = 140  # rows a..e are equally spaced
DX = 74  # a fan line moves 1 DX sideways per row per unit of (col - 3.5)
WING_X = 5.5 * DX  # wings sit one DX outside the outer fan point of row d
PIECE_R = 28
LABEL_SIZE = 24


def _point_xy(row: int, col: int | None) -> Point:
    """Fan points lie on straight lines from the apex: their distance from the centre
    grows in proportion to the row. Columns 1 and 6 are the two vertical wing lines."""
    y = APEX_Y + row * ROW_H
    if col is None:
        return (CX, y)
    if col in (1, 6):
        return (CX - WING_X if col == 1 else CX + WING_X, y)
    return (CX + (col - 3.5) * row * DX, y)


POS: dict[str, Point] = {p["label"]: _point_xy(p["row"], p["col"]) for p in geo.POINTS}
EDGES: list[tuple[str, str]] = [
    (geo.LABELS[a], geo.LABELS[b]) for line in geo.LINES for a, b in pairwise(line)
]


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every point, by label."""
    return {label: (round(x), round(y)) for label, (x, y) in POS.items()}


def _label_offset(row: int, col: int | None) -> Point:
    """Where a point's label sits, relative to the point: in a wedge that no line
    passes through, clear of any piece (a highlight ring may pass under a label's
    edge; labels are pasted last so they stay whole).

    Left-half fan points have lines going right, left, up towards the centre and down
    away from it, so the wedge above-left is free (mirrored on the right). Row b is
    crowded (its fan points are one DX apart), so its labels sit higher and closer in,
    b3 and b4 closest, to clear the b2 and b5 lines.
    Wings put labels outside the board, the base row below it, the apex to its right.
    """
    if col is None:
        return (48, 0)
    if col in (1, 6):
        return (-50 if col == 1 else 50, 0)
    if row == 4:
        return (0, 50)
    dx, dy = (24, -45) if row > 1 else ((11, -50) if col in (3, 4) else (16, -49))
    return (-dx if col <= 3 else dx, dy)


def _label_xy(p: dict) -> Point:
    (x, y), (ox, oy) = POS[p["label"]], _label_offset(p["row"], p["col"])
    return (x + ox, y + oy)


LABEL_POS: dict[str, Point] = {p["label"]: _label_xy(p) for p in geo.POINTS}

# --- the static background ---------------------------------------------------------------

SUPPLY_BOX = (28, HEADER_H + 20, 300, HEADER_H + 150)
CAPTURE_BOX = (WIDTH - 300, HEADER_H + 20, WIDTH - 28, HEADER_H + 150)
SLOT_R = 19


def _slot_centres() -> list[Point]:
    _, y0, x1, _ = CAPTURE_BOX
    step = 2 * SLOT_R + 12
    left = x1 - 5 * step + 6 + SLOT_R
    return [(left + i * step, y0 + 78) for i in range(geo.CAPTURES_TO_WIN)]


def _draw_slab(img: Image.Image) -> None:
    with smooth(img, SLAB, scale=2) as s:
        s.rounded(SLAB, 18, fill=(*art.SLAB_FILL, 255), outline=(*art.SLAB_EDGE, 255), width=4)


def _draw_grooves(img: Image.Image) -> None:
    """Carved lines: a light lip offset down-right under a dark groove reads as cut stone."""
    box = (SLAB[0], APEX_Y - 20, SLAB[2], APEX_Y + 4 * ROW_H + 20)
    light, dark = (*art.GROOVE_LIGHT, 255), (*art.GROOVE, 255)
    with smooth(img, box, scale=3) as s:
        for a, b in EDGES:
            (ax, ay), (bx, by) = POS[a], POS[b]
            s.line([(ax + 1.5, ay + 2), (bx + 1.5, by + 2)], light, 5)
        for a, b in EDGES:
            s.line([POS[a], POS[b]], dark, 5)
        for xy in POS.values():  # a cup mark at every point
            s.circle((xy[0] + 1, xy[1] + 1.5), 10, fill=light)
            s.circle(xy, 10, fill=dark)
            s.circle((xy[0] - 1, xy[1] - 1), 4.5, fill=(*art.SLAB_EDGE, 255))


def _draw_panels(img: Image.Image) -> None:
    """Static parts of the two corner panels: captions and the five empty capture slots."""
    d = ImageDraw.Draw(img)
    cap = font(22, bold=True)
    d.text(SUPPLY_BOX[:2], "GOATS TO PLACE", font=cap, fill=art.MUTED_INK)
    d.text((CAPTURE_BOX[2], CAPTURE_BOX[1]), "CAPTURED", font=cap, fill=art.MUTED_INK, anchor="ra")
    with smooth(img, CAPTURE_BOX, scale=3) as s:
        for c in _slot_centres():
            s.circle((c[0] + 1, c[1] + 1.5), SLOT_R, outline=(*art.GROOVE_LIGHT, 255), width=3)
            s.circle(c, SLOT_R, outline=(*art.GROOVE, 200), width=3)


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """The empty board; never modified (renders draw on a copy)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
    _draw_slab(img)
    _draw_grooves(img)
    _draw_panels(img)
    return img


@lru_cache(maxsize=1)
def _label_sprites() -> dict[str, Image.Image]:
    f = font(LABEL_SIZE, bold=True)
    return {lab: text_sprite(lab, f, art.INK, art.SLAB_FILL, 4) for lab in POS}


# --- header ------------------------------------------------------------------------------


def _name(players: dict[str, str] | None, role: str) -> str:
    return clean(str((players or {}).get(role, "")))


PIECE_OF = {"goats": "goat", "tigers": "tiger"}  # role -> the piece drawn for it


def _title(role: str) -> str:
    return str(role).capitalize()


def _last_text(view: dict) -> str:
    last = view.get("last")
    if not last:
        return "Goats place first"
    who, to, arr = _title(last.get("role", "")), last.get("to"), "→"
    if last.get("from") is None:
        return f"{who} placed on {to}"
    if last.get("over"):
        return f"{who} leapt {last['from']} {arr} {to}, took {last['over']}"
    return f"{who} moved {last['from']} {arr} {to}"


def _moves_text(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'} played"


def _status(view: dict, players: dict[str, str] | None) -> tuple[str, str, str, str | None]:
    """(title, player name, second line, piece icon) for the header."""
    result = view.get("result")
    moves = int(view.get("move") or 0)
    if result is None:
        role = view.get("to_move") or "goats"
        done = f"{_moves_text(moves)}  ·  Last:" if moves else "New game  · "
        return (
            f"{_title(role)} to move",
            _name(players, role),
            f"{done} {_last_text(view)}",
            PIECE_OF.get(role),
        )
    winners = list(result.get("winners") or [])
    reason = f"{result.get('reason', '')}  ·  {_moves_text(moves)}"
    if not winners:
        # A draw, or a game the table ended without a winner (see outcome_title).
        title = {"Game over: a draw": "Draw"}.get(outcome_title(result, []), outcome_title(
            result, []).removeprefix("Game over: ").capitalize())
        return title, "", reason, None
    names = ", ".join(n for n in (_name(players, w) for w in winners) if n)
    return (
        f"★ {' & '.join(_title(w) for w in winners)} win",
        names,
        reason,
        PIECE_OF.get(winners[0]),
    )


def _draw_header(img: Image.Image, view: dict, players: dict[str, str] | None) -> None:
    """Whose turn it is (or a gold banner with the result) and what just happened."""
    over = view.get("result") is not None
    title, who, sub, icon = _status(view, players)
    d = ImageDraw.Draw(img)
    if over:
        band = art.BANNER if view["result"].get("winners") else art.BANNER_DRAW
        d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=band)
    ink, sub_ink, name_ink = (
        (art.INK, art.INK, art.INK) if over else (art.CREAM, art.MUTED_CREAM, art.GOLD)
    )
    x: float = 24
    if icon:
        paste(img, art.piece_sprite(icon, 22, shadow=False), (x + 24, 44))
        x += 62
    big, title = font(34, bold=True), safe(title)
    d.text((x, 44), title, font=big, fill=ink, anchor="lm")
    if who:
        x += big.getlength(title)
        name = fit(f" — {who}", font(30), WIDTH - 24 - x)
        d.text((x, 46), name, font=font(30), fill=name_ink, anchor="lm")
    small = font(24)
    d.text((24, 94), fit(sub, small, WIDTH - 48), font=small, fill=sub_ink, anchor="lm")


# --- board furniture -----------------------------------------------------------------------


def _draw_supply(img: Image.Image, view: dict) -> None:
    left = int(view.get("in_hand") or 0)
    x0, y0 = SUPPLY_BOX[:2]
    d = ImageDraw.Draw(img)
    if left <= 0:
        d.text((x0, y0 + 78), "all placed", font=font(26), fill=art.MUTED_INK, anchor="lm")
        return
    paste(img, art.piece_sprite("goat", 22), (x0 + 24, y0 + 80))
    d.text(
        (x0 + 58, y0 + 80), safe(f"× {left}"), font=font(40, bold=True), fill=art.INK, anchor="lm"
    )


def _draw_captures(img: Image.Image, view: dict) -> None:
    n = max(0, int(view.get("captured") or 0))
    total = int(view.get("captures_to_win") or geo.CAPTURES_TO_WIN)
    d = ImageDraw.Draw(img)
    d.text(
        (CAPTURE_BOX[2], CAPTURE_BOX[1] + 118),
        f"{n} / {total}",
        font=font(26, bold=True),
        fill=art.INK,
        anchor="rm",
    )
    for c in _slot_centres()[:n]:
        paste(img, art.captured_sprite(SLOT_R - 2), c)


def _draw_last_move(img: Image.Image, last: dict) -> None:
    """Arrow from the start point to the destination (under the pieces), and a ✕ on
    the captured goat's point. The ring on the destination goes on after the pieces."""
    src, dst, over = last.get("from"), last.get("to"), last.get("over")
    over_xy = POS.get(over) if over else None
    if src in POS and dst in POS and src != dst:
        tile, at = art.arrow_sprite(POS[src], POS[dst], PIECE_R + 9, over_xy)
        img.paste(tile, at, tile)
    elif over_xy:  # a capture without a usable arrow: still mark the point
        paste(img, art.cross_sprite(art.CROSS_HALF, art.CROSS_WIDTH), over_xy)


def _draw_pieces(img: Image.Image, board: dict[str, str]) -> None:
    for label, kind in board.items():
        if label in POS and kind in PIECE_OF.values():
            paste(img, art.piece_sprite(kind, PIECE_R), POS[label])


def _paste_labels(img: Image.Image) -> None:
    """Labels go on last so no ring or arrow can ever hide one."""
    for label, tile in _label_sprites().items():
        paste(img, tile, LABEL_POS[label])


# --- rendering ---------------------------------------------------------------------------


def draw(view: dict, players: dict[str, str] | None = None) -> Image.Image:
    """The position as an RGB image (``render`` encodes it)."""
    img = background().copy()
    _draw_header(img, view, players)
    _draw_supply(img, view)
    _draw_captures(img, view)
    last = view.get("last") or {}
    _draw_last_move(img, last)
    _draw_pieces(img, view.get("board") or {})
    if last.get("to") in POS:
        paste(img, art.ring_sprite(PIECE_R + 8, art.LAST, dashed=False), POS[last["to"]])
    if view.get("selected") in POS:
        paste(img, art.ring_sprite(PIECE_R + 8, art.SELECT, dashed=True), POS[view["selected"]])
    _paste_labels(img)
    return img


def _specimens() -> list[dict]:
    """Made-up views that between them show every colour the renderer can draw: both
    pieces, every highlight, both headers, all three result banners."""
    board = {lab: ("goat", "tiger")[i % 2] for i, lab in enumerate(POS)}
    last = {"role": "tigers", "from": "c2", "to": "c4", "over": "c3"}
    playing = {
        "board": board,
        "to_move": "goats",
        "in_hand": 7,
        "captured": 3,
        "captures_to_win": 5,
        "selected": "d3",
        "last": last,
        "move": 9,
        "result": None,
    }
    ends = [
        {**playing, "to_move": None, "result": {"winners": [w], "reason": "Specimen."}}
        for w in ("goats", "tigers")
    ]
    drawn = {**playing, "to_move": None, "result": {"winners": [], "reason": "Specimen."}}
    return [playing, {**playing, "board": {}, "last": None, "selected": None}, *ends, drawn]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    players = {"goats": "Specimen", "tigers": "Specimen"}
    board, empty, *ends = [draw(v, players) for v in _specimens()]
    # the finished games differ only in their header: sample just that (halves the time)
    headers = [im.crop((0, 0, WIDTH, HEADER_H)) for im in ends]
    return make_palette([board, empty, *headers], art.FLAT_COLOURS)


def warm() -> None:
    """Build the cached background, sprites and palette now (~0.4 s) rather than on
    the first render; optional, for a bot to call at start-up."""
    render(_specimens()[0])


def render(view: dict, players: dict[str, str] | None = None) -> bytes:
    return encode_png(draw(view, players), palette())
