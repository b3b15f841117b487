"""Picture of a Maharaja position, from the spectator view.

- **Header**: which nation acts and whose it is, the last log line.
- **Map** (Darbar's reconstruction): every land area as a labelled box at its place in
  India, tinted by territory, a hiland marked with a peak; borders as lines, the strait
  dashed, the Malwa–Gondwana barrier crossed out; the seas and the six off-map areas.
  Armies are chips in their nation's colour with its two letters and the count; a
  leader is a gold star with his initial; a factory a small house with the colonial
  nation's letters; an arms marker an "A" tab in the giving colonial nation's colour
  beside the armed nation's chip; a submitted area shows to whom, an ally of the British
  a ring.
- **Side panel**: the turn record (16 turns, this one lit), this turn's order of play
  (done, acting, to come), each player's score and nations with their Raj titles and
  arms, and the last battle's dice.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games import maharaja as game
from engine.games.maharaja import data
from renderer.common import (
    Names,
    draw_header,
    encode_png,
    fit,
    font,
    make_palette,
    outcome_line,
    outcome_title,
)

ID = "maharaja"
WIDTH, HEIGHT = 1400, 1200
FRAME, PANEL, EDGE = (40, 34, 30), (62, 52, 44), (104, 88, 72)
CREAM, MUTED, GOLD, INK = (246, 238, 220), (196, 182, 160), (234, 184, 64), (44, 32, 24)
SEA, SEA_INK = (150, 186, 200), (60, 96, 112)
LAND = {"north": (232, 218, 180), "south": (222, 206, 160), "himalaya": (226, 226, 226),
        "ceylon": (214, 222, 170)}
OFFMAP = (196, 188, 176)
LINK, BARRIER = (150, 120, 84), (190, 40, 40)
PLAYER = {"yellow": (240, 200, 40), "blue": (50, 110, 210), "red": (206, 48, 48),
          "green": (50, 150, 80), "purple": (140, 80, 180)}
MAP = (12, 84, 900, 1188)
SHORE = (200, 186, 150)
# A rough coast behind the area boxes, in picture pixels: the north (with the lands off
# the map) down the west coast to Kerala, up the east coast to Bengal; and Ceylon.
MAINLAND = [(12, 84), (12, 350), (40, 440), (50, 530), (90, 610), (110, 700), (140, 800),
            (200, 900), (260, 1010), (320, 1000), (390, 910), (420, 820), (530, 780),
            (620, 700), (720, 650), (790, 560), (870, 510), (900, 500), (900, 84)]
CEYLON = [(440, 915), (575, 925), (630, 1100), (470, 1110)]
BOX_W, BOX_H = 118, 62
COLOURS = {n: tuple(info["colour"]) for n, info in data.NATIONS.items()}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, SEA, SEA_INK, OFFMAP, LINK, BARRIER, SHORE,
        *LAND.values(), *PLAYER.values(), *COLOURS.values()]


def _xy(place: str) -> tuple[float, float]:
    info = data.AREAS.get(place) or data.OFFMAP.get(place) or data.SEAS[place]
    x0, y0, x1, y1 = MAP
    x, y = info["xy"]
    return (x0 + x * (x1 - x0), y0 + y * (y1 - y0))


def _place(place: str) -> str:
    return data.NAMES.get(place, place)


def layout() -> dict[str, tuple[int, int]]:
    return {p: (round(x), round(y)) for p in data.PLACES for x, y in [_xy(p)]}


def _name(players: Names, role: str) -> str:
    person = (players or {}).get(role)
    return f"{role.capitalize()} ({person})" if person else role.capitalize()


def _ink(rgb: tuple) -> tuple:
    return INK if sum(rgb) > 420 else CREAM


def header_title(view: dict, players: Names) -> str:
    """Who won; or the turn, the nation whose turn it is, and the player asked now."""
    result = view.get("result")
    if result:
        return outcome_title(result, [_name(players, w) for w in result.get("winners", [])])
    nation = view.get("nation")
    who = (view.get("active") or [""])[0]
    return f"Turn {view['turn']} ({view['year']}): " + (
        f"the {data.NATION_NAMES[nation]} — {_name(players, who)}" if nation
        else _name(players, who))


def _header(img: Image.Image, view: dict, players: Names) -> None:
    result, last = view.get("result"), (view.get("log") or [None])[-1]
    draw_header(img, header_title(view, players), outcome_line(result, last) if result else last,
                title_fill=GOLD if result else CREAM, log_fill=MUTED, log_y=50)


def _chip(d: ImageDraw.ImageDraw, x: float, y: float, nation: str, n: int) -> float:
    """An army chip: the nation's colour and letters, and the count. Returns its width."""
    text = f"{data.NATIONS[nation]['abbr']} {n}"
    w = font(17, bold=True).getlength(text) + 12
    colour = COLOURS[nation]
    d.rounded_rectangle((x, y, x + w, y + 24), 6, fill=colour, outline=INK, width=1)
    d.text((x + w / 2, y + 12), text, font=font(17, bold=True), fill=_ink(colour),
           anchor="mm")
    return w


def _links(d: ImageDraw.ImageDraw) -> None:
    seen = set()
    for a in data.LAND + list(data.OFFMAP):
        for b in data.NEIGHBOURS[a]:
            if b in data.SEAS or frozenset((a, b)) in seen:
                continue
            seen.add(frozenset((a, b)))
            (x0, y0), (x1, y1) = _xy(a), _xy(b)
            if [a, b] in data.MAP["straits"] or [b, a] in data.MAP["straits"]:
                for i in range(0, 10, 2):
                    t0, t1 = i / 10, (i + 1) / 10
                    d.line((x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1,
                            y0 + (y1 - y0) * t1), fill=LINK, width=4)
            else:
                d.line((x0, y0, x1, y1), fill=LINK, width=4)
    for a, b in data.MAP["no_crossing"]:
        (x0, y0), (x1, y1) = _xy(a), _xy(b)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        d.line((x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3, x0 + (x1 - x0) * 0.7,
                y0 + (y1 - y0) * 0.7), fill=LINK, width=2)
        d.line((mx - 12, my - 12, mx + 12, my + 12), fill=BARRIER, width=5)
        d.line((mx - 12, my + 12, mx + 12, my - 12), fill=BARRIER, width=5)


def _area(d: ImageDraw.ImageDraw, view: dict, place: str) -> None:
    x, y = _xy(place)
    land = place in data.AREAS
    fill = LAND[data.AREAS[place]["territory"]] if land else OFFMAP
    box = (x - BOX_W / 2, y - BOX_H / 2, x + BOX_W / 2, y + BOX_H / 2)
    active = view.get("battle") and view["battle"]["place"] == place
    d.rounded_rectangle(box, 8, fill=fill, outline=GOLD if active else INK,
                        width=4 if active else 2)
    title = _place(place)
    room = BOX_W - 10
    size = next((s for s in (17, 16, 15, 14) if font(s, bold=True).getlength(title) <= room),
                14)
    d.text((box[0] + 5 + room / 2, box[1] + 13), fit(title, font(size, bold=True), room),
           font=font(size, bold=True), fill=INK, anchor="mm")
    if land and data.AREAS[place]["hiland"]:  # a peak on the box's top edge, leaving the name room
        d.polygon([(box[2] - 30, box[1] + 3), (box[2] - 19, box[1] - 13),
                   (box[2] - 8, box[1] + 3)], fill=(120, 96, 70), outline=INK)
    fac = view["factories"].get(place)
    if fac:
        fx, fy = box[0] + 2, box[1] - 16
        d.polygon([(fx, fy + 10), (fx + 14, fy), (fx + 28, fy + 10)], fill=COLOURS[fac])
        d.rectangle((fx + 2, fy + 10, fx + 26, fy + 24), fill=COLOURS[fac], outline=INK)
        d.text((fx + 14, fy + 17), data.NATIONS[fac]["abbr"][0], font=font(13, bold=True),
               fill=_ink(COLOURS[fac]), anchor="mm")
    here = view["armies"].get(place, {})
    cx = box[0] + 4
    for nation, n in here.items():
        w = _chip(d, cx, box[1] + 29, nation, n)
        lead = [lid for lid, p in view["leaders"].items() if p == place
                and data.LEADERS[lid]["nation"] == nation]
        cx += w + 3
        for colonial, marker in view.get("arms", {}).items():
            if marker["nation"] == nation:  # an arms marker: the giver's colour, "A"
                colour = COLOURS[colonial]
                d.rounded_rectangle((cx, box[1] + 31, cx + 18, box[1] + 51), 4, fill=colour,
                                    outline=GOLD, width=2)
                d.text((cx + 9, box[1] + 41), "A", font=font(13, bold=True),
                       fill=_ink(colour), anchor="mm")
                cx += 21
        if lead:
            _star(d, cx + 11, box[1] + 41, data.LEADERS[lead[0]]["name"][0])
            cx += 24
        if nation in view["submitted"]:
            to = view["submitted"][nation]["to"]
            d.text((box[2] - 4, box[3] - 4), f"→{data.NATIONS[to]['abbr']}",
                   font=font(14, bold=True), fill=BARRIER, anchor="rs")
        if nation in view["allies"]:
            d.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), 10,
                                outline=COLOURS["british"], width=3)


def _star(d: ImageDraw.ImageDraw, x: float, y: float, letter: str) -> None:
    import math
    pts = []
    for i in range(10):
        r = 12 if i % 2 == 0 else 5.5
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    d.polygon(pts, fill=GOLD, outline=INK)
    d.text((x, y + 1), letter, font=font(11, bold=True), fill=INK, anchor="mm")


def _map(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(MAP, 10, fill=SEA)
    d.polygon(MAINLAND, fill=SHORE)
    d.polygon(CEYLON, fill=SHORE)
    for sea in data.SEAS:
        x, y = _xy(sea)
        d.text((x, y), _place(sea).upper(), font=font(17, bold=True), fill=SEA_INK,
               anchor="mm")
        cx = x - 60
        for nation, n in view["armies"].get(sea, {}).items():
            cx += _chip(d, cx, y + 14, nation, n) + 3
    _links(d)
    for place in list(data.OFFMAP) + data.LAND:
        _area(d, view, place)
    d.text((MAP[2] - 10, MAP[3] - 8), "map: Darbar's reconstruction", font=font(15),
           fill=SEA_INK, anchor="rs")


def _panel(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    x0, x1 = 912, 1390
    y = 84
    d.text((x0, y), "TURN RECORD", font=font(17, bold=True), fill=MUTED)
    y += 24
    cell = (x1 - x0) / 8
    for t in range(1, 17):
        cx = x0 + ((t - 1) % 8) * cell
        cy = y + ((t - 1) // 8) * 34
        now = t == view["turn"]
        d.rounded_rectangle((cx, cy, cx + cell - 4, cy + 30), 5,
                            fill=GOLD if now else PANEL, outline=EDGE)
        d.text((cx + (cell - 4) / 2, cy + 15), str(t), font=font(17, bold=True),
               fill=INK if now else (MUTED if t < view["turn"] else CREAM), anchor="mm")
    y += 74
    d.text((x0, y), f"ORDER OF PLAY, turn {view['turn']} ({view['year']})",
           font=font(17, bold=True), fill=MUTED)
    y += 26
    order = view["order"]
    col_w = (x1 - x0) / 2
    for i, nation in enumerate(order):
        cx = x0 + (i % 2) * col_w
        cy = y + (i // 2) * 28
        done = i < view["idx"] or view.get("result")
        now = nation == view.get("nation") and not view.get("result")
        colour = COLOURS[nation]
        d.rounded_rectangle((cx, cy, cx + 30, cy + 24), 5, fill=colour, outline=INK)
        d.text((cx + 15, cy + 12), data.NATIONS[nation]["abbr"], font=font(14, bold=True),
               fill=_ink(colour), anchor="mm")
        label = ("▶ " if now else "") + data.NATION_NAMES[nation]
        d.text((cx + 36, cy + 12), fit(label, font(17, bold=now), col_w - 40),
               font=font(17, bold=now), fill=GOLD if now else (MUTED if done else CREAM),
               anchor="lm")
    y += ((len(order) + 1) // 2) * 28 + 14
    d.text((x0, y), "PLAYERS", font=font(17, bold=True), fill=MUTED)
    d.text((x1, y), "VP", font=font(17, bold=True), fill=MUTED, anchor="ra")
    y += 24
    acting = (view.get("active") or [None])[0]
    for role in view["roles"]:
        nations = [n for n, c in view["control"].items() if c == role]
        rows = _wrap_nations(nations, view, x1 - x0 - 60)
        h = 30 + 22 * len(rows)
        d.rounded_rectangle((x0, y, x1, y + h), 8, fill=PANEL,
                            outline=GOLD if role == acting else EDGE,
                            width=3 if role == acting else 1)
        d.ellipse((x0 + 8, y + 7, x0 + 26, y + 25), fill=PLAYER[role], outline=CREAM)
        d.text((x0 + 34, y + 16), fit(_name(players, role), font(18, bold=True), 330),
               font=font(18, bold=True), fill=CREAM, anchor="lm")
        d.text((x1 - 10, y + 16), str(view["vp"][role]), font=font(22, bold=True),
               fill=GOLD, anchor="rm")
        for i, row in enumerate(rows):
            d.text((x0 + 34, y + 38 + 22 * i), row, font=font(16), fill=MUTED, anchor="lm")
        y += h + 6
    _dice(d, view, x0, x1, y + 6)


def _wrap_nations(nations: list[str], view: dict, width: float) -> list[str]:
    parts = []
    for n in nations:
        text = data.NATIONS[n]["abbr"] + " " + data.NATION_NAMES[n]
        title = view["titles"].get(n)
        if title:
            text += f" ({title})"
        armed = [c for c, m in view.get("arms", {}).items() if m["nation"] == n]
        if armed:
            text += f" (arms: {data.NATIONS[armed[0]]['abbr']})"
        parts.append(text)
    rows, line = [], ""
    for p in parts:
        trial = f"{line}, {p}" if line else p
        if font(16).getlength(trial) > width and line:
            rows.append(line)
            line = p
        else:
            line = trial
    if line:
        rows.append(line)
    return rows


def _dice(d: ImageDraw.ImageDraw, view: dict, x0: float, x1: float, y: float) -> None:
    dice = view.get("dice")
    if not dice or y > HEIGHT - 110:
        return
    d.text((x0, y), f"LAST BATTLE: {_place(dice['place'])}", font=font(17, bold=True),
           fill=MUTED)
    y += 26
    for side in ("att", "def"):
        nation = dice[side]
        d.text((x0, y + 14), data.NATIONS[nation]["abbr"], font=font(17, bold=True),
               fill=CREAM, anchor="lm")
        cx = x0 + 40
        for v in dice[f"{side}_dice"][:10]:
            d.rounded_rectangle((cx, y, cx + 28, y + 28), 5, fill=CREAM, outline=INK)
            d.text((cx + 14, y + 14), str(v), font=font(18, bold=True), fill=INK,
                   anchor="mm")
            cx += 33
        mod = dice[f"{side}_mod"]
        d.text((cx + 4, y + 14), (f"+{mod}, " if mod else "") + f"{dice[side + '_hits']} hit"
               + ("s" if dice[side + "_hits"] != 1 else ""), font=font(17), fill=CREAM,
               anchor="lm")
        y += 34


def draw(view: dict, players: Names = None) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    _header(img, view, players)
    _map(img, view)
    _panel(img, view, players)
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    state = game.setup(1, {"players": 5})
    return make_palette([draw(game.view(state, None))], FLAT)


def warm() -> None:
    palette()


def render(view: dict, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


__all__ = ["ID", "draw", "layout", "palette", "render", "warm"]
