"""Picture of a Taj Mahal position, from the spectator view (nothing of any hand), made to
be read on a phone: 800 px wide, every word at least 18 px (9 px when shown 400 wide).

The picture is the map; what reads better as words (the cards in play, the contest for
the court, the supply, commodities, hands) is the post's status text
(``renderer/taj_mahal/words.py``, ``status``).

- **Header.** The visit, its province and whose turn it is (or the result), and the last
  log line.
- **Provinces.** A pale disc behind the cities, with a badge of its visit number beside
  its name; the province being visited has a gold ring, those already visited are grey.
- **Cities.** A ring with its number inside the province (``malwa3`` is Malwa's city 3;
  Agra's fortress is typed ``agra``); a fortress is purple and shows the bonus tile still
  on it (a letter the key explains). Palaces sit inside their city's ring, in the
  player's colour and shape (circle, square, triangle, diamond, hexagon), so nothing
  depends on colour alone; a city holds two side by side. This visit's crown palace
  wears a crown.
- **Keys.** The players (palace, name, score; the one to play outlined in gold) in the
  top right corner, the bonus tiles' letters in the bottom right one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import cast

from PIL import Image, ImageDraw

from engine.games.taj_mahal import GAME as game
from engine.games.taj_mahal import data
from engine.games.taj_mahal.shown import TajMahalView
from renderer.common import (
    Font,
    Names,
    Smooth,
    encode_png,
    fit,
    font,
    kept_palette,
    label,
    last_line,
    make_palette,
    marker,
    note,
    outcome_line,
    outcome_title,
    paste,
    recording,
    smooth,
    smooth_box,
)
from renderer.common.animation import Painted
from renderer.common.packed import packed_cache
from renderer.taj_mahal import hand as taj_mahal_hand
from renderer.taj_mahal import map as geo
from renderer.taj_mahal import roads
from renderer.taj_mahal.marks import KEY_H, bottom_key, ring_placed, room, since_words
from renderer.taj_mahal.marks import crown as crown_sprite
from renderer.taj_mahal.since import changes
from renderer.taj_mahal.style import (
    BONUS_KEY,
    BONUS_LETTER,
    CITY,
    CREAM,
    EDGE,
    FLAT,
    FORT,
    FRAME,
    GOLD,
    INK,
    LAND,
    MUTED,
    PANEL,
    PROVINCE,
    VISITED,
    palace_shape,
)

ID = "taj_mahal"
WIDTH = geo.WIDTH
HEADER_H = geo.HEADER_H
MAP_BOTTOM = geo.MAP_BOTTOM
MAP_BOX = geo.MAP_BOX
CITY_XY = geo.CITY_XY
PROVINCE_XY = geo.PROVINCE_XY
PROVINCE_NAME = data.PROVINCE_NAMES
# The bonus tiles' key in the map's empty bottom right corner; under the map, the
# players' key, two a row.
BONUS_BOX = geo.BONUS_BOX
KEY_ROW_H = 40
# Font sizes (px, bold): information at least 22 px (11 px when the picture is shown
# 400 px wide), names at least 24 (12 px there).
TITLE_F, LOG_F = (28, True), (22, False)
BADGE_F, DIGIT_F, BONUS_F = (22, True), (22, True), (22, True)
KEY_F, NAME_F, SCORE_F = (22, False), (24, False), (26, True)
CREDIT = "map: reconstruction"  # decorative: the one text exempt from the 9-px rule


def _players_box(n: int) -> tuple[int, int, int, int]:
    """The players' key under the map, two a row, for ``n`` players."""
    rows = max(1, math.ceil(n / 2))
    return (6, MAP_BOTTOM + 6, WIDTH - 6, MAP_BOTTOM + 6 + rows * KEY_ROW_H + 8)

# A text drawn into a cached layer, noted again on every render: (text, px, box, info).
Noted = tuple[str, float, tuple[float, float, float, float], bool]


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every city, by id."""
    return {c: (round(x), round(y)) for c, (x, y) in CITY_XY.items()}


def _text(d: ImageDraw.ImageDraw, notes: list[Noted], xy: tuple[float, float], text: str,
          f: Font, *, info: bool = True, offset: tuple[float, float] = (0, 0),
          **kwargs: object) -> None:
    """Draw a text into a cached layer and keep its note for every render."""
    d.text(xy, text, font=f, **kwargs)  # type: ignore[arg-type]
    box = {k: v for k, v in kwargs.items() if k not in ("fill", "stroke_fill")}
    x0, y0, x1, y1 = d.textbbox(xy, text, font=f, **box)  # type: ignore[arg-type]
    ox, oy = offset
    notes.append((text, getattr(f, "size", 10), (ox + x0, oy + y0, ox + x1, oy + y1), info))


def _replay(notes: Sequence[Noted], offset: tuple[float, float] = (0, 0)) -> None:
    ox, oy = offset
    for text, px, (x0, y0, x1, y1), info in notes:
        note(text, px, (ox + x0, oy + y0, ox + x1, oy + y1), info=info)


# --- the board: the same for a whole visit ------------------------------------------------


# The layers a board is made of are needed only when a board is drawn (once a visit per
# game), so they are kept packed (3.2 + 2.5 + 3.4 MB as pixels, some 0.6 MB packed).
@packed_cache(hot=0, packed=4)
def background(height: int) -> tuple[Image.Image, tuple[Noted, ...]]:
    """The frame, the map's land and the bonus key: the same for every position."""
    img = Image.new("RGB", (WIDTH, height), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(MAP_BOX, 14, fill=LAND)
    notes: list[Noted] = []
    _bonus_key(img, notes)
    _text(d, notes, (MAP_BOX[0] + 12, MAP_BOX[3] - 8), CREDIT, font(14), fill=INK,
          anchor="ls", info=False)
    return img, tuple(notes)


def _bonus_key(img: Image.Image, notes: list[Noted]) -> None:
    """What the letters on the fortresses mean: a heading, then two a row."""
    x0, y0, x1, y1 = BONUS_BOX
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(BONUS_BOX, 10, fill=PANEL, outline=EDGE, width=2)
    f = font(*KEY_F)
    col_w = (x1 - x0 - 12) / 2
    row_h = (y1 - y0 - 8) / 4
    _text(d, notes, (x0 + 12, y0 + 4 + row_h / 2), "Bonus tiles", f, fill=MUTED,
          anchor="lm")
    for i, (kind, word) in enumerate(BONUS_KEY, 1):
        x = x0 + 8 + (i % 2) * col_w
        mid = y0 + 4 + (i // 2 + 0.5) * row_h
        _fortress_chip(img, (x + 16, mid), 16)
        _text(d, notes, (x + 16, mid + 1), BONUS_LETTER[kind], font(*BONUS_F), fill=CREAM,
              anchor="mm")
        _text(d, notes, (x + 37, mid), word, f, fill=CREAM, anchor="lm")


def _fortress_chip(img: Image.Image, centre: tuple[float, float], r: float) -> None:
    x, y = centre
    with smooth(img, (x - r - 2, y - r - 2, x + r + 2, y + r + 2), scale=4) as s:
        s.circle((x, y), r, fill=(*FORT, 255), outline=(*CREAM, 255), width=1.5)


@packed_cache(hot=0, packed=16)  # a board for each game a process serves at once (16)
def _board(order: tuple[str, ...], visit: int, over: bool, height: int
           ) -> tuple[Image.Image, tuple[Noted, ...]]:
    """The board without pieces: the same for a whole visit, so drawn once per visit."""
    img, base_notes = background.fresh(height)
    notes = list(base_notes)
    for i, pid in enumerate(order, 1):
        state = "now" if i == visit and not over else (
            "done" if i < visit or over else "later")
        _province(img, pid, state)
    roads, _ = _roads()
    img.paste(roads, MAP_BOX[:2], roads)
    d = ImageDraw.Draw(img)
    for cid, (x, y) in CITY_XY.items():
        paste(img, _ring(cid in geo.FORTRESS), (x, y))
        if cid in geo.DIGIT_XY:
            _text(d, notes, geo.DIGIT_XY[cid], geo.city_number(cid), font(*DIGIT_F),
                  fill=INK, anchor="mm")
    for i, pid in enumerate(order, 1):
        _province_name(img, notes, pid, i, "done" if i < visit or over else "")
    return img, tuple(notes)


@packed_cache(hot=0, packed=1)
def _roads() -> tuple[Image.Image, None]:
    """Every road, smoothed, on a clear layer the map's size: read once (roads.py)."""
    return roads.layer(), None


def _province(img: Image.Image, pid: str, state: str) -> None:
    layer, at = _province_layer(pid, state, img.size)
    img.paste(layer, at, layer)


@packed_cache(hot=0, packed=64)
def _province_layer(pid: str, state: str, size: tuple[int, int]
                    ) -> tuple[Image.Image, tuple[int, int]]:
    """A province's disc in its state as ``smooth`` lays it on a picture of ``size``, and
    where: drawn once (the board is redrawn for each game's visit; twelve were 30 ms)."""
    x, y = PROVINCE_XY[pid]
    r = geo.PROVINCE_R[pid]
    fill = VISITED if state == "done" else PROVINCE
    now = state == "now"
    box = smooth_box((x - r - 6, y - r - 6, x + r + 6, y + r + 6), size)
    assert box is not None  # provinces lie well inside the picture
    s = Smooth(box, scale=2)
    s.circle((x, y), r, fill=(*fill, 255), outline=(*(GOLD if now else EDGE), 255),
             width=6 if now else 2)
    return s.shrink(), box[:2]


def _province_name(img: Image.Image, notes: list[Noted], pid: str, number: int,
                   state: str) -> None:
    """The visit number in a badge, then the name, as one line in its place."""
    left, top, _, bottom = geo.NAME_BOX[pid]
    badge = geo.BADGE_R
    mid = (top + bottom) / 2
    with smooth(img, (left - 1, mid - badge - 1, left + 2 * badge + 1, mid + badge + 1),
                scale=4) as s:
        s.circle((left + badge, mid), badge, fill=(*(MUTED if state else GOLD), 255),
                 outline=(*INK, 255), width=1.5)
    d = ImageDraw.Draw(img)
    _text(d, notes, (left + badge, mid + 1), str(number), font(*BADGE_F), fill=INK,
          anchor="mm")
    # A halo of the land's colour keeps the name clear of a road it crosses.
    _text(d, notes, (left + 2 * badge + 6, mid), PROVINCE_NAME[pid], geo.name_font(),
          fill=INK, anchor="lm", stroke_width=3, stroke_fill=LAND)


@lru_cache(maxsize=2)
def _ring(fortress: bool) -> Image.Image:
    r = geo.CITY_R
    c = r + 3
    s = Smooth((0, 0, 2 * c, 2 * c), scale=4)
    if fortress:
        s.circle((c, c), r, fill=(*FORT, 255), outline=(*INK, 255), width=2)
    else:
        s.circle((c, c), r, fill=(*CITY, 255), outline=(*INK, 255), width=2)
    return s.shrink()


# --- pieces ------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def _city_sprite(fortress: bool, owners: tuple[str, ...], bonus: str | None
                 ) -> tuple[Image.Image, tuple[Noted, ...]]:
    """A city with its palaces (inside its ring) or, on a fortress, its bonus tile's
    letter; centred on the sprite."""
    sprite = _ring(fortress).copy()
    c = sprite.width / 2
    notes: list[Noted] = []
    if owners:
        s = Smooth((0, 0, sprite.width, sprite.height), scale=4)
        for who, (dx, dy, r) in zip(owners, geo.palace_spots(len(owners)), strict=False):
            palace_shape(s, (c + dx, c + dy), r, who)
        layer = s.shrink()
        sprite.alpha_composite(layer)
    elif bonus:
        d = ImageDraw.Draw(sprite)
        _text(d, notes, (c, c + 1), BONUS_LETTER.get(bonus, "?"), font(*BONUS_F),
              fill=CREAM, anchor="mm", offset=(-c, -c))
    return sprite, tuple(notes)


# The palaces of a position, by city (at most two each), its bonus tiles by city, and
# the city of this visit's crown palace: what the pieces on the map depend on.
Pieces = tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, str], ...], str | None]


def _pieces(view: TajMahalView) -> Pieces:
    palaces = view.get("palaces") or {}
    bonus = view.get("bonus") or {}
    crown = (view.get("court") or {}).get("crown_city")
    return (tuple(sorted((c, tuple(o[:2])) for c, o in palaces.items() if o and c in CITY_XY)),
            tuple(sorted((c, k) for c, k in bonus.items() if c in CITY_XY)),
            crown if crown in CITY_XY else None)


@packed_cache(hot=1, packed=20)  # hot while one game posts: 3.2 MB; packed, 170 KB
def _map(board: tuple[tuple[str, ...], int, bool, int], pieces: Pieces
         ) -> tuple[Image.Image, tuple[Noted, ...]]:
    """The board with its pieces: it changes only when a palace is placed or a visit
    ends, so the posts of a visit's card plays draw it once."""
    img, base_notes = _board.fresh(*board)
    notes = list(base_notes)
    palaces, bonus_of, crown = pieces
    owners_of = dict(palaces)
    bonus = dict(bonus_of)
    for cid in sorted(set(owners_of) | set(bonus)):
        owners = owners_of.get(cid, ())
        sprite, sprite_notes = _city_sprite(cid in geo.FORTRESS, owners, bonus.get(cid))
        x, y = CITY_XY[cid]
        paste(img, sprite, (x, y))
        notes += [(t, px, (x + x0, y + y0, x + x1, y + y1), info)
                  for t, px, (x0, y0, x1, y1), info in sprite_notes]
        if owners and cid in bonus:  # a crown palace on a fortress leaves its tile there
            _bonus_tag(img, notes, cid, bonus[cid])
    if crown:  # this visit's crown palace wears the crown until the visit ends
        x0, y0, x1, y1 = geo.CROWN_BOX[crown]
        paste(img, crown_sprite(), ((x0 + x1) / 2, (y0 + y1) / 2))
    return img, tuple(notes)


def _bonus_tag(img: Image.Image, notes: list[Noted], cid: str, kind: str) -> None:
    """A bonus tile still on a fortress that holds a (crown) palace: a chip beside it."""
    x0, y0, x1, y1 = geo.TAG_BOX[cid]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    _fortress_chip(img, (cx, cy), geo.TAG_R)
    _text(ImageDraw.Draw(img), notes, (cx, cy + 1), BONUS_LETTER.get(kind, "?"),
          font(*BONUS_F), fill=CREAM, anchor="mm")


# --- words around the map -------------------------------------------------------------------


def _name(players: Names, role: str) -> str:
    given = (players or {}).get(role)
    return f"{role.capitalize()} ({given})" if given else role.capitalize()


def _header(img: Image.Image, view: TajMahalView, players: Names) -> None:
    result = view.get("result")
    f = font(*TITLE_F)
    room = WIDTH - 36
    if result:
        title = fit(outcome_title(result, [_name(players, w) for w in
                                           result.get("winners", [])]), f, room)
    else:
        who = (view.get("active") or [""])[0]
        province = PROVINCE_NAME.get(view.get("province") or "", "")
        head, tail = f"Visit {view.get('visit')}/{data.VISITS} {province}: ", " to play"
        # A long name is cut, never the words around it.
        name = fit(_name(players, who), f, room - f.getlength(head + tail))
        title = head + name + tail
    last = last_line(view.get("log"))
    line = outcome_line(result, last) if result else last
    d = ImageDraw.Draw(img)
    label(d, (18, 10), title, f, fill=GOLD if result else CREAM)
    if line:
        line = line.replace("`", "")  # the log's inline code, shown plain
        label(d, (18, 50), fit(line, font(*LOG_F), room), font(*LOG_F), fill=MUTED)


def _players_key(img: Image.Image, view: TajMahalView, players: Names,
                 gained: Mapping[str, int]) -> None:
    table = view.get("players") or {}
    active = set(view.get("active") or [])
    over = bool(view.get("result"))
    rows = tuple((r, _name(players, r), int(p.get("score", 0)), r in active,
                  bool(p.get("out")) and not over, gained.get(r, 0))
                 for r, p in table.items())
    sprite, notes = _players_sprite(rows)
    box = _players_box(len(rows))
    img.paste(sprite, box[:2])
    _replay(notes, box[:2])
    for i, row in enumerate(rows):  # each player's palace, which keys those on the map
        x, y = box[0] + 6 + (i % 2) * (box[2] - box[0] - 12) / 2, box[1] + 4 + (i // 2) * KEY_ROW_H
        mid = y + KEY_ROW_H / 2 - 1
        marker(row[0].capitalize(), (x + 7, mid - 11, x + 29, mid + 11))


@lru_cache(maxsize=4)
def _players_sprite(rows: tuple[tuple[str, str, int, bool, bool, int], ...]
                    ) -> tuple[Image.Image, tuple[Noted, ...]]:
    """The players' key, two a row: palace, name and score (the one to play outlined in
    gold; one who withdrew from the visit muted, "out"; the points won since a player's
    last move, where the picture marks them, "+3")."""
    x0, y0, x1, y1 = _players_box(len(rows))
    w, h = int(x1 - x0), int(y1 - y0)
    img = Image.new("RGB", (w, h), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 10, fill=PANEL, outline=EDGE, width=2)
    notes: list[Noted] = []
    fs, fn = font(*SCORE_F), font(*NAME_F)
    col_w = (w - 12) / 2
    palaces = []
    for i, (role, name, score, now, out, gained) in enumerate(rows):
        x = 6 + (i % 2) * col_w
        y = 4 + (i // 2) * KEY_ROW_H
        if now:
            d.rounded_rectangle((x, y, x + col_w - 4, y + KEY_ROW_H - 2), 8, outline=GOLD,
                                width=2)
        mid = y + KEY_ROW_H / 2 - 1
        palaces.append((role, x + 18, mid))
        right = x + col_w - 14
        said = f"{score} (+{gained})" if gained else str(score)
        _text(d, notes, (right, mid), said, fs, fill=GOLD, anchor="rm")
        room = right - fs.getlength(said) - 12 - (x + 36)
        shown = fit(name + (" · out" if out else ""), fn, room)
        _text(d, notes, (x + 36, mid), shown, fn, fill=MUTED if out else CREAM, anchor="lm")
    for role, cx, cy in palaces:  # over the texts, as one smooth layer would be
        sprite, at = _key_palace(role, cx, cy)
        img.paste(sprite, at, sprite)
    return img, tuple(notes)


KEY_PALACE_R, KEY_PALACE_PAD = 11, 13  # the key's palaces, and the room round each


@lru_cache(maxsize=64)
def _key_palace(role: str, cx: float, cy: float) -> tuple[Image.Image, tuple[int, int]]:
    """A palace of the players' key at ``(cx, cy)``, and where its tile goes: the pixels
    one layer the key's size gave (Smooth averages each block alone), without that layer
    (3200 × 480 at 4×, ~25 ms a picture: a key is redrawn whenever a score changes)."""
    ix, iy = math.floor(cx) - KEY_PALACE_PAD, math.floor(cy) - KEY_PALACE_PAD
    size = 2 * KEY_PALACE_PAD
    s = Smooth((ix, iy, ix + size, iy + size), scale=4)
    palace_shape(s, (cx, cy), KEY_PALACE_R, role)
    return s.shrink(), (ix, iy)


def draw(view: TajMahalView, players: Names = None, before: TajMahalView | None = None
         ) -> Image.Image:
    """The position; with ``before`` (an earlier spectator view), every change since
    marked: palaces placed ringed, points won beside the scores, the rest in words under
    the key (``renderer/taj_mahal/since.py``)."""
    marks = changes(before, view) if before is not None else None
    order = tuple(view.get("order") or [p["id"] for p in data.BOARD["provinces"]])
    height = _players_box(len(view.get("players") or {}))[3] + 6 + KEY_H
    board = (order, view.get("visit") or 0, bool(view.get("result")), height)
    pieces = _pieces(view)
    said = since_words(marks.lines(), WIDTH) if marks is not None else None
    img, notes = _map.fresh(board, pieces, below=room(said), fill=FRAME)
    _replay(notes)
    _palace_markers(pieces)
    _header(img, view, players)
    _players_key(img, view, players, dict(marks.points) if marks else {})
    if marks is not None:
        ring_placed(img, marks.palaces)
    return bottom_key(img, said, img.height - room(said))


def _palace_markers(pieces: Pieces) -> None:
    """Note each palace on the map (named for its player, whom the players' key shows
    beside the same palace) and the crown, for the markers' floor."""
    palaces, _, crown = pieces
    for cid, owners in palaces:
        x, y = CITY_XY[cid]
        for who, (dx, dy, r) in zip(owners, geo.palace_spots(len(owners)), strict=False):
            marker(who.capitalize(), (x + dx - r, y + dy - r, x + dx + r, y + dy + r))
    if crown:
        marker("crown", geo.CROWN_BOX[crown])


def _choose_palette() -> Image.Image:
    sample = cast(TajMahalView, game.view(game.setup(1, {"players": 5}), None))
    sample["palaces"] = {c: [r] for c, r in zip(list(CITY_XY)[:5], game.ROLES, strict=True)}
    sample["palaces"][list(CITY_XY)[6]] = ["red", "blue"]
    with recording():  # the specimen's texts are no picture's
        specimen = draw(sample)
    return make_palette([specimen], FLAT)


palette = kept_palette(__file__, _choose_palette)  # palette.json


def warm() -> None:
    _roads()
    palette()
    taj_mahal_hand.hand_palette()


def painted(view: TajMahalView, players: Names = None) -> Painted:
    """What ``render`` encodes, before it is mapped to its palette (a replay's frame)."""
    return Painted(draw(view, players), palette())


def render(view: TajMahalView, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


def since(view: TajMahalView, players: Names, before: TajMahalView,
          focus: str | None = None) -> bytes:
    """The picture with every change since ``before`` marked."""
    return encode_png(draw(view, players, before), palette())


hand = taj_mahal_hand.hand
draw_hand = taj_mahal_hand.draw_hand

__all__ = ["ID", "draw", "draw_hand", "hand", "layout", "palette", "render", "warm"]
