"""The key and the tracks around the Vijayanagara map: the pieces' key in the Arabian Sea
(each kind's icon, its name and how many are still Available), the two Influence tracks
in the Bay of Bengal (the marker's level, the units waiting on each slot), and the
markers' key in the strip under the map. What never changes is drawn once into the
background; a render adds the counts and the markers."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.shown import VijayanagaraView
from renderer.common import font, is_recording, marker, paste, smooth
from renderer.vijayanagara import art as art
from renderer.vijayanagara.layout import INFLUENCE_BOX, KEY_BOX, LEGEND_BOX, TITLE_XY
from renderer.vijayanagara.map import MIN_PX, note_glyph

PX = MIN_PX  # every text of the key and the tracks
ICON = 22

# The pieces' key: (icons, name, the Available count it shows, if any). An Amir or a Raja
# is Obedient or Rebelling (a red pennant): two rows show the two looks, so that every
# row's words fit the key's width at PX.
PIECE_KEY: list[tuple[tuple[str, ...], str, str | None]] = [
    (("troop",), "Troop", "troop"),
    (("governor",), "Governor", "governor"),
    (("qasbah",), "Qasbah", "qasbah"),
    (("invader",), "Mongol", "invader"),
    (("amir_o",), "Amir", "amir"),
    (("fort",), "Fort", "fort"),
    (("raja_o",), "Raja", "raja"),
    (("temple",), "Temple", "temple"),
    (("amir_o", "raja_o"), "Obedient", None),
    (("amir_r", "raja_r"), "Rebelling", None),
]
KEY_TOP = 46  # the first entry's centre, below the top of the pieces' key
KEY_STEP = 25
COUNT_X = LEGEND_BOX[2] - 12  # the Available counts' right edge

TOUCHED_WORDS = "this card's actions"  # the frame, on the plain picture
# The markers' key, under the map: three columns of two.
MARKER_KEY = [
    ("@control", "Control (D, B, V)"),
    ("@tributary", "Tributary to Delhi"),
    ("@coin", "Prosperity"),
    ("@touched", TOUCHED_WORDS),
    ("@road", "road: adjacent"),
    ("@peak", "Vindhya: no way"),
]


def _panel(img: Image.Image, box: tuple[int, int, int, int]) -> None:
    with smooth(img, box, scale=2) as s:
        s.rounded(box, 10, fill=art.rgba(art.SPACE_FILL, 235), outline=art.rgba(art.SEA_INK),
                  width=1.5)


def draw_background(img: Image.Image) -> None:
    """The key's icons and names, the empty Influence tracks and the title."""
    d = ImageDraw.Draw(img)
    f, b = font(PX), font(PX, bold=True)
    _panel(img, LEGEND_BOX)
    x0, y0, x1, _ = LEGEND_BOX
    art.text(d, (x0 + 10, y0 + 8), "Pieces", b, fill=art.INK)
    art.text(d, (x1 - 10, y0 + 8), "left", f, fill=art.MUTED_INK, anchor="ra")
    for i, (kinds, name, _) in enumerate(PIECE_KEY):
        cy = y0 + KEY_TOP + i * KEY_STEP
        for j, kind in enumerate(kinds):
            paste(img, art.piece_sprite(kind, ICON), (x0 + 8 + ICON / 2 + j * (ICON + 2), cy))
        art.text(d, (x0 + 14 + len(kinds) * (ICON + 2), cy), name, f, fill=art.INK,
                 anchor="lm")
    _draw_marker_key(img)
    _draw_tracks(img)
    _draw_title(img)


def _draw_marker_key(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    f = font(PX)
    x0, y0, x1, y1 = KEY_BOX
    col = (x1 - x0) / 3
    for i, (kind, name) in enumerate(MARKER_KEY):
        cx = round(x0 + 22 + (i % 3) * col)
        cy = round(y0 + 20 + (i // 3) * 36)
        if kind == "@control":
            paste(img, art.marker_sprite("bahmani", 24), (cx, cy))
        elif kind == "@tributary":
            paste(img, art.tributary_sprite(24), (cx, cy))
        elif kind == "@coin":
            paste(img, art.coin_sprite(2, 24), (cx, cy))
        elif kind == "@road":
            with smooth(img, (cx - 14, cy - 6, cx + 14, cy + 6), scale=3) as s:
                s.line([(cx - 10, cy), (cx + 10, cy)], art.rgba(art.LINK), 5)
        elif kind == "@peak":
            with smooth(img, (cx - 14, cy - 12, cx + 14, cy + 12), scale=3) as s:
                art.peak(s, (cx - 5, cy + 1), 10)
                art.peak(s, (cx + 6, cy + 1), 12)
        elif kind == "@touched":
            with smooth(img, (cx - 14, cy - 12, cx + 14, cy + 12), scale=3) as s:
                s.rounded((cx - 11, cy - 9, cx + 11, cy + 9), 4, fill=art.rgba(art.SPACE_FILL),
                          outline=art.LAST, width=3.5)
        art.text(d, (cx + 20, cy), name, f, fill=art.CREAM, anchor="lm")


def relabel_touched(img: Image.Image, words: str) -> None:
    """Say ``words`` for the frame in the markers' key (the picture of what changed since
    an earlier position frames those changes, not this card's)."""
    i = [k for k, _ in MARKER_KEY].index("@touched")
    x0, y0, x1, _ = KEY_BOX
    col = (x1 - x0) / 3
    cx = round(x0 + 22 + (i % 3) * col)
    cy = round(y0 + 20 + (i // 3) * 36)
    d = ImageDraw.Draw(img)
    d.rectangle((cx + 18, cy - 16, round(cx - 22 + col), cy + 16), fill=art.FRAME)
    art.text(d, (cx + 20, cy), words, font(PX), fill=art.CREAM, anchor="lm")


def _draw_title(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    x, y = TITLE_XY
    art.text(d, (x, y), "VIJAYANAGARA", font(26, bold=True), info=False, fill=art.INK,
          anchor="ra")
    art.text(d, (x, y + 32), "The Deccan", font(PX), info=False, fill=art.MUTED_INK,
             anchor="ra")
    art.text(d, (x, y + 58), "1290–1398", font(PX), info=False, fill=art.MUTED_INK,
             anchor="ra")


# --- the Influence tracks ------------------------------------------------------------------

TRACKS = ("bahmani", "vijayanagara")
CELL_W, CELL_H, CELL_GAP = 32, 70, 2
UNIT = 20  # the icon of the units waiting on a slot


def _track_top(i: int) -> int:
    """The top of track ``i``'s caption row."""
    return INFLUENCE_BOX[1] + 36 + i * 102


def cell(i: int, lvl: int) -> tuple[int, int, int, int]:
    x0 = INFLUENCE_BOX[0] + 8 + lvl * (CELL_W + CELL_GAP)
    y0 = _track_top(i) + 24
    return (x0, y0, x0 + CELL_W, y0 + CELL_H)


def _draw_tracks(img: Image.Image) -> None:
    _panel(img, INFLUENCE_BOX)
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = INFLUENCE_BOX
    art.text(d, ((x0 + x1) / 2, y0 + 8), "Influence", font(PX, bold=True), fill=art.INK,
          anchor="ma")
    for i, f in enumerate(TRACKS):
        art.text(d, (x0 + 8, _track_top(i)), geo.SHORT[f], font(PX), fill=art.INK)
        for lvl in range(5):
            d.rounded_rectangle(cell(i, lvl), 5, fill=art.LAND, outline=art.SPACE_EDGE)
            # every level's number, noted by the render (the marker covers one)
            art.stamp(img, _level_xy(i, lvl), str(lvl), PX, fill=art.MUTED_INK, noted=False)


def _level_xy(i: int, lvl: int) -> tuple[float, float]:
    """The centre of a level's number (or of the marker on it) in its cell."""
    x0, y0, x1, _ = cell(i, lvl)
    return ((x0 + x1) / 2, y0 + 13)


def draw_tracks(img: Image.Image, view: VijayanagaraView) -> None:
    """Each track's level (its marker, the other levels by number) and the units waiting
    on its slots."""
    influence = view.get("influence") or {}
    slots = view.get("influence_slots") or {}
    for i, f in enumerate(TRACKS):
        level = max(0, min(4, _int(influence.get(f))))
        unit = "amir_o" if f == "bahmani" else "raja_o"
        caps = geo.SLOTS.get(f, {})
        waiting = {_int(k, -1): _int(v) for k, v in (slots.get(f) or {}).items()}
        for lvl in range(5):
            cx0, _, _, cy1 = cell(i, lvl)
            centre = _level_xy(i, lvl)
            if lvl == level:
                paste(img, art.marker_sprite(f, 28, glyph=PX), centre)
                note_glyph(art.LETTER[f], centre)
            elif is_recording():  # the number drawn in the background
                art.stamp_note(centre, str(lvl), PX)
            n = waiting.get(lvl, 0)
            cx = centre[0]
            if n:  # the unit's icon, the count under it
                paste(img, art.piece_sprite(unit, UNIT), (cx, cy1 - 40))
                marker(f"{n} {unit} waiting", (cx - UNIT / 2, cy1 - 50, cx + UNIT / 2, cy1 - 30))
                art.stamp(img, (cx, cy1 - 15), str(n), PX, fill=art.INK, bold=True,
                          anchor="mm")
            elif lvl in caps or lvl in waiting:
                ImageDraw.Draw(img).ellipse((cx - 7, cy1 - 47, cx + 7, cy1 - 33),
                                            outline=art.MUTED_INK, width=1)


def _int(v: object, default: int = 0) -> int:
    try:
        return int(v or 0)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return default


def draw_available(img: Image.Image, view: VijayanagaraView) -> None:
    """How many of each kind are still Available, in the pieces' key."""
    available = view.get("available") or {}
    y0 = LEGEND_BOX[1]
    for i, (_, _, kind) in enumerate(PIECE_KEY):
        if kind is not None:
            art.stamp(img, (COUNT_X, y0 + KEY_TOP + i * KEY_STEP),
                      str(_int(available.get(kind))), PX, fill=art.INK, bold=True, anchor="rm")
