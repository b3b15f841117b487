"""Picture of an Aadu-Huli aata (Goat-Tiger) position, from the spectator view.

The image is a dark frame holding a header (whose turn, or the result, and the last
move) above a sandstone slab with the board carved into it, the way the game is cut
into temple stones at Hampi, and a key to the symbols below it. The two empty corners
beside the apex hold the goats still to place (left) and the goats captured (right).

Made for a phone, where a chat column shows the picture about 400 px wide: every text
is at least 23 px tall here (9 px there), the point names sit where no piece can cover
them, and what reads better as text (the move count) is in the post's status lines
(``renderer/goat_tiger/words.py``).

Everything that does not depend on the position (slab, carved lines, captions, the key,
point labels, piece sprites) is drawn once and cached, with the notes of its texts for
the legibility tests; a render pastes pieces and highlights onto a copy of that
background.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import cast

from PIL import Image, ImageChops, ImageDraw

from engine.games.goat_tiger import data as geo
from engine.games.goat_tiger.shown import GoatTigerView
from renderer.common import (
    Drawn,
    Names,
    Point,
    clean,
    encode_png,
    fit,
    font,
    kept_palette,
    label,
    make_palette,
    marker,
    note,
    outcome_title,
    paste,
    recording,
    smooth,
    text_sprite,
)
from renderer.common.animation import Painted
from renderer.common.prebuilt import prebuilt_image
from renderer.goat_tiger import art as art
from renderer.goat_tiger.geometry import (
    APEX_Y,
    CAPTURE_BOX,
    EDGES,
    HEADER_H,
    HEIGHT,
    KEY_TOP,
    KEY_Y,
    LABEL_POS,
    LABEL_SIDE,
    LABEL_SIZE,
    PIECE_R,
    POS,
    ROW_H,
    SLAB,
    SLOT_R,
    SUPPLY_BOX,
    TEXT_SIZE,
    WIDTH,
    slot_centres,
)
from renderer.goat_tiger.since import Changes, changes, of_last

ID = "goat_tiger"


# --- the static background ---------------------------------------------------------------


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
    cap = font(TEXT_SIZE, bold=True)
    label(d, SUPPLY_BOX[:2], "GOATS TO PLACE", cap, fill=art.MUTED_INK)
    label(d, (CAPTURE_BOX[2], CAPTURE_BOX[1]), "CAPTURED", cap, fill=art.MUTED_INK, anchor="ra")
    with smooth(img, CAPTURE_BOX, scale=3) as s:
        for c in slot_centres():
            s.circle((c[0] + 1, c[1] + 1.5), SLOT_R, outline=(*art.GROOVE_LIGHT, 255), width=3)
            s.circle(c, SLOT_R, outline=(*art.GROOVE, 200), width=3)


# The key's entries: each symbol's name and the width its icon takes. A picture marking
# what changed since a player's last move keys its arrows and rings as such.
KEY = (("Goat", 34), ("Tiger", 34), ("last move", 62), ("goat taken", 30), ("picked up", 38))
SINCE_KEY = (("Goat", 34), ("Tiger", 34), ("moved", 62), ("placed", 38), ("goat taken", 30))
MOVED = {False: "last move", True: "moved"}  # an arrow's name in the key
PLACED = {False: "last move", True: "placed"}  # an arrival ring's name in the key


def _draw_key_icon(img: Image.Image, name: str, c: Point) -> None:
    if name in ("Goat", "Tiger"):
        paste(img, art.piece_sprite(name.lower(), 16, shadow=False), c)
    elif name in MOVED.values():  # the arrow from where the piece came from
        tile, at = art.arrow_sprite((c[0] - 18, c[1]), (c[0] + 31, c[1]), 0)
        img.paste(tile, at, tile)
    elif name == "goat taken":
        paste(img, art.cross_sprite(13, 6), c)
    elif name in PLACED.values():
        paste(img, art.ring_sprite(15, art.LAST, dashed=False), c)
    else:
        paste(img, art.ring_sprite(15, art.SELECT, dashed=True), c)


def _draw_key(img: Image.Image, since: bool) -> None:
    """What every symbol means, in one line at the foot of the slab."""
    f, gap, space = font(TEXT_SIZE), 10, 36
    entries = SINCE_KEY if since else KEY
    total = sum(w + gap + f.getlength(name) for name, w in entries) + space * (len(entries) - 1)
    x = (WIDTH - total) / 2
    d = ImageDraw.Draw(img)
    d.line((SLAB[0] + 24, KEY_TOP, SLAB[2] - 24, KEY_TOP), fill=art.SLAB_EDGE, width=2)
    for name, w in entries:
        _draw_key_icon(img, name, (x + w / 2, KEY_Y))
        x += w + gap
        label(d, (x, KEY_Y), name, f, fill=art.INK, anchor="lm")
        x += f.getlength(name) + space


def _draw_carved() -> Image.Image:
    """The frame and the slab with its carved lines, no text: drawn on supersampled
    layers of 50 MB, so kept as data (carved.png, renderer/common/prebuilt.py)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
    _draw_slab(img)
    _draw_grooves(img)
    return img


_carved = prebuilt_image(__file__, "carved", _draw_carved)


@lru_cache(maxsize=1)
def _keyless() -> tuple[Image.Image, tuple[Drawn, ...]]:
    """The empty board but its key, and the notes of its texts: kept once for both kinds
    of picture, which differ only in their key (two whole backdrops held 7 MB)."""
    with recording() as drawn:
        img = _carved()
        _draw_panels(img)
    return img, tuple(drawn)


@lru_cache(maxsize=2)
def _key(since: bool) -> tuple[Image.Image, int, tuple[Drawn, ...]]:
    """The rows the key covers as drawn on the empty board, the first of them, and the
    notes of its texts; ``since``: the key of a picture that marks what changed since a
    player's move."""
    base, _ = _keyless()
    img = base.copy()
    with recording() as drawn:
        _draw_key(img, since)
    changed = ImageChops.difference(img, base).getbbox()
    assert changed is not None  # a key is drawn
    return img.crop((0, changed[1], WIDTH, changed[3])), changed[1], tuple(drawn)


def _backdrop(since: bool = False) -> tuple[Image.Image, tuple[Drawn, ...]]:
    """A new picture of the empty board with its key, and the notes of the texts drawn on
    it (replayed on every render)."""
    base, notes = _keyless()
    rows, top, key_notes = _key(since)
    img = base.copy()
    img.paste(rows, (0, top))
    return img, notes + key_notes


def background() -> Image.Image:
    """The empty board (a new picture)."""
    return _backdrop()[0]


@lru_cache(maxsize=1)
def _label_sprites() -> dict[str, tuple[Image.Image, tuple[int, int, int, int]]]:
    """Every point's label as a tile, and the box its text and halo cover in the picture."""
    f = font(LABEL_SIZE, bold=True)
    out = {}
    for lab, (x, y) in LABEL_POS.items():
        tile = text_sprite(lab, f, art.INK, art.SLAB_FILL, 4)
        left, top = round(x - tile.width / 2), round(y - tile.height / 2)
        x0, y0, x1, y1 = tile.getchannel("A").getbbox() or (0, 0, tile.width, tile.height)
        out[lab] = (tile, (left + x0, top + y0, left + x1, top + y1))
    return out


# --- header ------------------------------------------------------------------------------


def _name(players: Names, role: str) -> str:
    return clean(str((players or {}).get(role, "")))


PIECE_OF = {"goats": "goat", "tigers": "tiger"}  # role -> the piece drawn for it


def _title(role: str) -> str:
    return str(role).capitalize()


def _last_text(view: GoatTigerView) -> str:
    last = view.get("last")
    if not last:
        return "Goats place first"
    who, to, arr = _title(last.get("role", "")), last.get("to"), "→"
    if last.get("from") is None:
        return f"{who} placed on {to}"
    if last.get("over"):
        return f"{who} leapt {last['from']} {arr} {to}, took {last['over']}"
    return f"{who} moved {last['from']} {arr} {to}"


def _status(view: GoatTigerView, players: Names) -> tuple[str, str, str, str | None]:
    """(title, player name, second line, piece icon) for the header."""
    result = view.get("result")
    if result is None:
        role = view.get("to_move") or "goats"
        sub = f"Last: {_last_text(view)}" if view.get("last") else _last_text(view)
        return f"{_title(role)} to move", _name(players, role), sub, PIECE_OF.get(role)
    winners = list(result.get("winners") or [])
    reason = str(result.get("reason", ""))
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


def _draw_header(img: Image.Image, view: GoatTigerView, players: Names) -> None:
    """Whose turn it is (or a gold banner with the result) and what just happened."""
    over = view.get("result") is not None
    title, who, sub, icon = _status(view, players)
    d = ImageDraw.Draw(img)
    if over:
        band = art.BANNER if (view["result"] or {}).get("winners") else art.BANNER_DRAW
        d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=band)
    ink, sub_ink, name_ink = (
        (art.INK, art.INK, art.INK) if over else (art.CREAM, art.MUTED_CREAM, art.GOLD)
    )
    x: float = 24
    if icon:
        paste(img, art.piece_sprite(icon, 22, shadow=False), (x + 24, 44))
        x += 62
    big = font(34, bold=True)
    label(d, (x, 44), title, big, fill=ink, anchor="lm")
    if who:
        x += big.getlength(title)
        name = fit(f" — {who}", font(30), WIDTH - 24 - x)
        label(d, (x, 46), name, font(30), fill=name_ink, anchor="lm")
    small = font(TEXT_SIZE)
    label(d, (24, 94), fit(sub, small, WIDTH - 48), small, fill=sub_ink, anchor="lm")


# --- board furniture -----------------------------------------------------------------------


def _draw_supply(img: Image.Image, view: GoatTigerView) -> None:
    left = int(view.get("in_hand") or 0)
    x0, y0 = SUPPLY_BOX[:2]
    d = ImageDraw.Draw(img)
    if left <= 0:
        label(d, (x0, y0 + 80), "all placed", font(TEXT_SIZE), fill=art.MUTED_INK,
              anchor="lm")
        return
    paste(img, art.piece_sprite("goat", 22), (x0 + 24, y0 + 80))
    marker("goats to place", (x0 + 2, y0 + 58, x0 + 46, y0 + 102))
    label(d, (x0 + 58, y0 + 80), f"× {left}", font(40, bold=True), fill=art.INK,
          anchor="lm")


def _draw_captures(img: Image.Image, view: GoatTigerView, before: GoatTigerView | None
                   ) -> None:
    """The tally of goats taken; marking changes, how many of them were taken since."""
    n = max(0, int(view.get("captured") or 0))
    total = int(view.get("captures_to_win") or geo.CAPTURES_TO_WIN)
    new = n - int(before.get("captured") or 0) if before is not None else 0
    d = ImageDraw.Draw(img)
    label(d, (CAPTURE_BOX[2], CAPTURE_BOX[1] + 120),
          f"{n} / {total}" + (f" (+{new} since)" if new > 0 else ""),
          font(TEXT_SIZE, bold=True), fill=art.INK, anchor="rm")
    for c in slot_centres()[:n]:
        paste(img, art.captured_sprite(SLOT_R - 2), c)
        marker("goat taken", _around(c, SLOT_R - 2))


ARROW_TRIM = PIECE_R + 9  # an arrow stops short of the piece it points at
# The ✕ of a captured goat stays this far from every part of a leap's arrow.
CROSS_CLEAR = art.CROSS_REACH + 3


@lru_cache(maxsize=64)
def _leap_bend(src: str, dst: str, over: str) -> Point:
    """Where a Tiger's leap arrow is pulled to, so that it hops over the captured goat's
    point: a curve that bends away from that point's label, just deep enough to keep
    shaft and head clear of the ✕ (a short leap along row b needs the deepest)."""
    (ax, ay), (bx, by), o = POS[src], POS[dst], POS[over]
    n = math.dist((ax, ay), (bx, by)) or 1.0
    nx, ny = -(by - ay) / n, (bx - ax) / n  # a normal to the leap
    side = LABEL_SIDE[over]
    if nx * side[0] + ny * side[1] > 0:
        nx, ny = -nx, -ny
    mx, my = (ax + bx) / 2, (ay + by) / 2
    control = (mx, my)
    for depth in range(round(2 * CROSS_CLEAR), 400, 4):  # the board's deepest: 179
        control = (mx + nx * depth, my + ny * depth)
        if art.arrow_clearance(POS[src], POS[dst], ARROW_TRIM, control, o) >= CROSS_CLEAR:
            break
    return control


def _draw_moves(img: Image.Image, marks: Changes, since: bool) -> None:
    """An arrow from each move's start point to its destination (under the pieces):
    curved over the captured goat's point on a leap; a ✕ on each point whose goat was
    taken. The rings on the destinations go on after the pieces."""
    for move in marks.moves:
        if move.src in POS and move.dst in POS and move.src != move.dst:
            bend = _leap_bend(move.src, move.dst, move.over) if move.over in POS else None
            tile, at = art.arrow_sprite(POS[move.src], POS[move.dst], ARROW_TRIM, bend)
            img.paste(tile, at, tile)
            head = POS[move.dst]
            marker(MOVED[since], _around(head, art.HEAD_W))
    for over in marks.taken:
        if over in POS:
            paste(img, art.cross_sprite(art.CROSS_HALF, art.CROSS_WIDTH), POS[over])
            marker("goat taken", _around(POS[over], art.CROSS_HALF))


def _draw_rings(img: Image.Image, marks: Changes, since: bool) -> None:
    """A ring round each goat placed, and (the last move) round the piece that moved."""
    ringed = [*marks.placed, *([] if since else [m.dst for m in marks.moves])]
    for point in ringed:
        if point in POS:
            paste(img, art.ring_sprite(PIECE_R + 8, art.LAST, dashed=False), POS[point])
            marker(PLACED[since], _around(POS[point], PIECE_R + 8))


def _around(c: Point, r: float) -> tuple[float, float, float, float]:
    return (c[0] - r, c[1] - r, c[0] + r, c[1] + r)


def _draw_pieces(img: Image.Image, board: dict[str, str]) -> None:
    for lab, kind in board.items():
        if lab in POS and kind in PIECE_OF.values():
            paste(img, art.piece_sprite(kind, PIECE_R), POS[lab])
            marker(kind.capitalize(), _around(POS[lab], PIECE_R))


def _paste_labels(img: Image.Image) -> None:
    """Labels go on last so no ring or arrow can ever hide one."""
    for lab, (tile, box) in _label_sprites().items():
        paste(img, tile, LABEL_POS[lab])
        note(lab, LABEL_SIZE, box)


# --- rendering ---------------------------------------------------------------------------


def draw(view: GoatTigerView, players: Names = None, before: GoatTigerView | None = None
         ) -> Image.Image:
    """The position as an RGB image (``render`` encodes it), its last move marked, or
    every change since ``before`` (an earlier spectator view)."""
    since = before is not None
    marks = changes(before, view) if before is not None else of_last(view)
    img, notes = _backdrop(since)
    for n in notes:
        note(n.text, n.px, n.box, info=n.info)
    _draw_header(img, view, players)
    _draw_supply(img, view)
    _draw_captures(img, view, before)
    _draw_moves(img, marks, since)
    _draw_pieces(img, view.get("board") or {})
    _draw_rings(img, marks, since)
    selected = view.get("selected")
    # a piece picked up halfway is the mover's own business, not a change to mark
    if selected is not None and selected in POS and not since:
        paste(img, art.ring_sprite(PIECE_R + 8, art.SELECT, dashed=True), POS[selected])
    _paste_labels(img)
    return img


def _specimens() -> list[GoatTigerView]:
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
    # Made up, and partial: the keys the picture reads.
    return cast(list[GoatTigerView],
                [playing, {**playing, "board": {}, "last": None, "selected": None}, *ends, drawn])


def _choose_palette() -> Image.Image:
    players = {"goats": "Specimen", "tigers": "Specimen"}
    with recording():  # the specimens' texts are no part of the picture being drawn
        board, empty, *ends = [draw(v, players) for v in _specimens()]
    # the finished games differ only in their header: sample just that (halves the time)
    headers = [im.crop((0, 0, WIDTH, HEADER_H)) for im in ends]
    return make_palette([board, empty, *headers], art.FLAT_COLOURS)


palette = kept_palette(__file__, _choose_palette)  # palette.json


def warm() -> None:
    """Build the cached backdrop and sprites now rather than on the first render."""
    render(_specimens()[0])


def painted(view: GoatTigerView, players: Names = None) -> Painted:
    """What ``render`` encodes, before it is mapped to its palette (a replay's frame)."""
    return Painted(draw(view, players), palette())


def render(view: GoatTigerView, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


def since(view: GoatTigerView, players: Names, before: GoatTigerView,
          focus: str | None = None) -> bytes:
    """The picture with every change since ``before`` marked: moves as arrows, goats
    placed ringed, goats taken crossed out (``renderer/goat_tiger/since.py``)."""
    return encode_png(draw(view, players, before), palette())
