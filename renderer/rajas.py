"""Picture of a Rajas of the Ganges position, from the spectator view.

One image cannot hold the main board and four provinces legibly on a phone, so a picture
shows the main board and one province (the acting player's by default; ``/board`` can ask
for anyone's):

- **Header**: the round, whose turn, the last log line.
- **Race**: per player, fame walks right from the left end (2 steps a fame point) and
  money walks left from the right end (1 a coin); the markers meet when the race is won.
- **River**: the start, 19 spaces with their earnings and the final space; the bridge;
  boats in player colours.
- **Worker spaces**: the quarry and harbor with their costs, the market, the palace's
  chambers, exchanges, terraces and the 2-money space, each taken space showing its
  worker's colour.
- **Display**: the 12 stacks' top tiles by colour and back, with cost, roads and
  contents, and how many tiles are left under each.
- **Players**: fame, money, karma, workers, building levels and dice by colour and value.
- **Province**: the grid, the residence, tiles with roads, markets and buildings, and the
  edge yields (struck through once taken).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games import rajas as game
from engine.games.rajas import data, words
from renderer.common import (
    Names,
    draw_header,
    encode_png,
    fit,
    font,
    make_palette,
    outcome_line,
    outcome_title,
    safe,
    wrap,
)

ID = "rajas"
WIDTH, HEIGHT = 1400, 1050
FRAME, PANEL, EDGE = (38, 34, 40), (58, 52, 60), (96, 88, 100)
CREAM, MUTED, GOLD, INK = (246, 240, 226), (196, 186, 170), (230, 180, 60), (40, 32, 28)
WATER, LAND = (96, 150, 190), (214, 200, 160)
DIE = {"violet": (132, 74, 178), "blue": (46, 108, 200), "orange": (232, 128, 32),
       "green": (52, 150, 72), "village": (150, 120, 40)}  # village: Mango Village tiles
PLAYER = {"red": (206, 44, 44), "yellow": (244, 206, 40), "white": (250, 250, 250),
          "black": (20, 20, 20)}
SHORT = {"money": "$", "fame": "F", "karma": "K", "upgrade": "Up", "die_any": "D",
         "dice_any": "D", "worker": "W", "river": "R", "dice_violet_per_karma": "vK",
         "dice_blue_per_karma": "bK", "dice_orange_per_karma": "oK",
         "dice_green_per_karma": "gK", "money_1_per_market": "$/m", "market_assorted": "Ma",
         "market_one_kind": "M1", "palace_any": "Pal", "fame_1_per_upgrade": "F/u",
         "money_2_per_upgrade": "2$/u", "fame_2_per_karma": "2F/K",
         "dice_any_per_karma": "DK", "dice_violet_green_orange": "vgo",
         "dice_blue_green_orange": "bgo", "palace_dancer": "P2", "palace_yogi": "P3",
         "palace_raja": "P4", "advance": "R", "money_3_per_village": "3$/v"}
BUILDING = {"temple": "T", "palace": "P", "fort": "F", "mill": "M"}
GOOD = {"silk": "Si", "tea": "Te", "spices": "Sp"}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, WATER, LAND, *DIE.values(),
        *PLAYER.values()]
RACE = (20, 80, 890, 250)
RIVER_Y = 318
SPACES_Y = 400
DISPLAY = (20, 620, 890, 1040)
SIDE = (905, 80, 1390, 470)
PROVINCE = (905, 480, 1390, 1040)


def code_text(code: str) -> str:
    kind, n = data.earning(code)
    if kind.startswith("die_") and kind[4:] in DIE:
        return f"{kind[4]}D"
    short = SHORT.get(kind, kind[:3])
    return f"{n}{short}" if n > 1 or short in ("$", "F", "K") else short


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every river space (``river0`` … ``river19``)."""
    return {f"river{i}": _river_xy(i) for i in range(data.FINAL + 1)}


def _river_xy(i: int) -> tuple[int, int]:
    return (40 + i * 42, RIVER_Y)


def _name(players: Names, role: str) -> str:
    given = (players or {}).get(role)
    return f"{data.ROLE_NAMES.get(role, role)} ({given})" if given else \
        data.ROLE_NAMES.get(role, role)


def _token(d: ImageDraw.ImageDraw, xy: tuple[float, float], role: str, r: int = 9) -> None:
    x, y = xy
    d.ellipse((x - r, y - r, x + r, y + r), fill=PLAYER.get(role, GOLD), outline=EDGE
              if role != "black" else CREAM, width=2)


def _die(d: ImageDraw.ImageDraw, x: float, y: float, colour: str, value: int,
         size: int = 30) -> None:
    d.rounded_rectangle((x, y, x + size, y + size), 6, fill=DIE[colour], outline=CREAM,
                        width=1)
    d.text((x + size / 2, y + size / 2), str(value) if value else "?",
           font=font(size * 2 // 3, bold=True), fill=CREAM, anchor="mm")


# --- the board ---------------------------------------------------------------------------


def _header(img: Image.Image, view: dict, players: Names) -> None:
    result = view.get("result")
    if result:
        title = outcome_title(result, [_name(players, w) for w in result.get("winners", [])])
    else:
        who = (view.get("active") or [""])[0]
        title = f"Round {view.get('round')}: {_name(players, who)} to play"
        if view.get("end"):
            title += " (last stage)"
    last = (view.get("log") or [None])[-1]
    draw_header(img, title, outcome_line(result, last) if result else last,
                title_fill=GOLD if result else CREAM, log_fill=MUTED, log_y=48)


def _race(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = RACE
    d.rounded_rectangle(RACE, 10, fill=PANEL, outline=EDGE)
    d.text((x0 + 12, y0 + 8), "RACE  fame → · ← money", font=font(15, bold=True), fill=MUTED)
    lx0, lx1 = x0 + 200, x1 - 20
    scale = (lx1 - lx0) / 120
    rows = list((view.get("players") or {}).items())
    step = (y1 - y0 - 36) / max(1, len(rows))
    for i, (r, p) in enumerate(rows):
        y = y0 + 40 + i * step + step / 2 - 6
        d.text((x0 + 12, y), fit(_name(players, r), font(20, bold=True), 180),
               font=font(20, bold=True), fill=CREAM, anchor="lm")
        d.line((lx0, y, lx1, y), fill=EDGE, width=4)
        fx = lx0 + min(120, 2 * p["fame"]) * scale
        mx = lx1 - min(120, p["money"]) * scale
        d.line((lx0, y, fx, y), fill=GOLD, width=4)
        d.line((mx, y, lx1, y), fill=(120, 190, 120), width=4)
        _token(d, (fx, y), r, 10)
        _token(d, (mx, y), r, 10)
        d.text((fx, y - 12), f"{p['fame']}", font=font(18, bold=True), fill=GOLD, anchor="md")
        d.text((mx, y + 12), f"{p['money']}", font=font(18, bold=True), fill=(150, 220, 150),
               anchor="mt")


def _river(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((20, RIVER_Y - 60, 890, RIVER_Y + 52), 10, fill=WATER)
    d.text((32, RIVER_Y - 56), "RIVER (the bridge after 8)", font=font(16, bold=True),
           fill=CREAM)
    spaces = ["start", *(view.get("river") or data.RIVER["spaces"])]
    for i, code in enumerate(spaces):
        x, y = _river_xy(i)
        final = i == data.FINAL
        r = 18 if not final else 20
        d.ellipse((x - r, y - r, x + r, y + r), fill=LAND, outline=CREAM, width=2)
        d.text((x, y), "S" if i == 0 else str(i), font=font(17, bold=True), fill=INK,
               anchor="mm")
        if i:
            label = code_text(code)
            f = next(f for k, f in ((k, font(k, bold=True)) for k in (16, 14, 12))
                     if f.getlength(label) <= 41 or k == 12)
            d.text((x, y + 22), label, font=f, fill=CREAM,
                   anchor="mt")
    bx = (_river_xy(data.RIVER["bridge_after"])[0] + _river_xy(
        data.RIVER["bridge_after"] + 1)[0]) / 2
    d.rectangle((bx - 3, RIVER_Y - 30, bx + 3, RIVER_Y + 30), fill=(140, 100, 60))
    at: dict[int, list[str]] = {}
    for r, p in (view.get("players") or {}).items():
        at.setdefault(p["boat"], []).append(r)
    for pos, roles in at.items():
        x, y = _river_xy(pos)
        for k, role in enumerate(roles):
            d.rectangle((x - 16 + 9 * k, y - 38, x - 3 + 9 * k, y - 22),
                        fill=PLAYER[role], outline=INK)


def _box(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], label: str,
         who: str | None, fill=PANEL) -> None:
    d.rounded_rectangle(box, 6, fill=fill, outline=EDGE, width=2)
    x0, y0, x1, y1 = box
    d.text(((x0 + x1) / 2, y0 + 14), label, font=font(18, bold=True),
           fill=CREAM if fill == PANEL else INK, anchor="mm")
    if who:
        _token(d, ((x0 + x1) / 2, y1 - 13), who, 10)


def _spaces(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    used = view.get("used") or {}
    lay = view.get("layout") or {}
    y = SPACES_Y
    d.rounded_rectangle((20, y - 8, 890, y + 212), 10, fill=(48, 44, 50))

    def row(x: float, yy: float, title: str, items: list[tuple[str, str | None]],
            w: int = 46) -> float:
        d.text((x, yy - 2), title, font=font(16, bold=True), fill=MUTED)
        for k, (label, who) in enumerate(items):
            _box(d, (x + k * (w + 4), yy + 18, x + k * (w + 4) + w, yy + 66), label, who)
        return x + len(items) * (w + 4) + 14

    def occ(kind: str, n: int) -> list[str | None]:
        taken = list(used.get(kind, []))
        return taken + [None] * (n - len(taken))

    x = row(30, y, "QUARRY $", list(zip(map(str, lay.get("quarry", [])),
                                        occ("quarry", len(lay.get("quarry", []))),
                                        strict=True)), 40)
    x = row(x, y, "HARBOR $", list(zip(map(str, lay.get("harbor", [])),
                                       occ("harbor", len(lay.get("harbor", []))),
                                       strict=True)), 40)
    market = []
    for good in ("assorted", *data.GOODS):
        n = lay.get("market", []).count(good)
        market += [(GOOD.get(good, "All"), w) for w in occ(f"market-{good}", n)]
    row(x, y, "MARKET", market, 40)
    y2 = y + 72
    chambers = [(f"{f}", (used.get(n) or [None])[0]) for n, f in data.CHAMBERS.items()]
    x = row(30, y2, "PALACE: die 1-6", chambers, 40)
    swaps = [(f"{ex['give'][0]}>{ex['take'][0]}", (used.get(f"swap-{ex['give']}") or [None])[0])
             for ex in data.BOARD["exchange"]]
    x = row(x, y2, "EXCHANGE", swaps, 44)
    terr = []
    for c in data.COLOURS:
        n = lay.get("terrace", []).count(c)
        terr += [(c[0], w) for w in occ(f"terrace-{c}", n)]
    x = row(x, y2, "TERRACE", terr, 30)
    x = row(x, y2, "2$", [("2$", w) for w in occ("two_money", lay.get("two_money", 1))],
            40)
    if "village-mango" in (view.get("display") or {}):  # the Mango Village module
        row(30, y2 + 72, "MANGO TREE", [("V", w) for w in occ("mango", lay.get("mango", 1))],
            40)
        tid = view["display"]["village-mango"]
        if tid:
            d.text((150, y2 + 104), "village tile (bought with a double):",
                   font=font(16, bold=True), fill=MUTED)
            _tile(img, (450, y2 + 70, 516, y2 + 136), tid)


def _tile(img: Image.Image, box: tuple[int, int, int, int], tid: str,
          roads: list[str] | None = None, cost: bool = True) -> None:
    d = ImageDraw.Draw(img)
    t = data.TILES[tid]
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.rectangle(box, fill=LAND, outline=DIE[t["colour"]], width=5)
    ends = {"N": (cx, y0), "S": (cx, y1), "E": (x1, cy), "W": (x0, cy)}
    for side in roads or t["roads"]:
        d.line((cx, cy, *ends[side]), fill=(150, 110, 70), width=8)
    d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=(150, 110, 70))
    if cost:
        d.rounded_rectangle((x0 + 5, y0 + 5, x0 + 40, y0 + 36), 5, fill=DIE[t["colour"]])
        d.text((x0 + 22, y0 + 21), str(t["cost"]) if t["cost"] else "2=",
               font=font(22 if t["cost"] else 16, bold=True), fill=CREAM, anchor="mm")
    text = tile_label(tid)
    f = label_font(text, x1 - x0 - 4)
    w = f.getlength(text) + 8
    d.rounded_rectangle((cx - w / 2, y1 - 32, cx + w / 2, y1 - 6), 5, fill=CREAM)
    d.text((cx, y1 - 19), text, font=f, fill=INK, anchor="mm")


def tile_label(tid: str) -> str:
    """A tile's contents in short: ``Si2 Te3`` markets, ``T P`` buildings, a village's bonus."""
    t = data.TILES[tid]
    parts = [f"{GOOD[m['good']]}{m['value']}" for m in t["markets"]] + [
        BUILDING[b] for b in t["buildings"]] + ([f"V {code_text(t['bonus'])}"]
                                                 if t.get("bonus") else [])
    return " ".join(parts)


def label_font(text: str, room: float):
    """As large as the tile allows (its label is read on a phone), down to 14 px."""
    return next(f for k, f in ((k, font(k, bold=True)) for k in (20, 18, 16, 14))
                if f.getlength(text) + 8 <= room or k == 14)


def _display(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(DISPLAY, 10, fill=PANEL, outline=EDGE)
    d.text((DISPLAY[0] + 12, DISPLAY[1] + 8), "TILES ON DISPLAY (cost in dice of its "
           "colour; Si/Te/Sp market value, T/P/F/M building)", font=font(14, bold=True),
           fill=MUTED)
    sizes = view.get("stack_sizes") or {}
    for ci, colour in enumerate(data.COLOURS):
        for bi, back in enumerate(data.BACKS):
            key = f"{colour}-{back}"
            x = DISPLAY[0] + 20 + ci * 215
            y = DISPLAY[1] + 34 + bi * 128
            tid = (view.get("display") or {}).get(key)
            if tid:
                _tile(img, (x, y, x + 110, y + 110), tid)
            else:
                d.rectangle((x, y, x + 110, y + 110), outline=EDGE, width=2)
            d.text((x + 118, y + 18), back, font=font(18, bold=True), fill=CREAM)
            d.text((x + 118, y + 44), f"{sizes.get(key, 0)} left", font=font(17), fill=MUTED)


def _players(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(SIDE, 10, fill=PANEL, outline=EDGE)
    rows = list((view.get("players") or {}).items())
    h = (SIDE[3] - SIDE[1] - 10) / max(1, len(rows))
    active = set(view.get("active") or [])
    for i, (r, p) in enumerate(rows):
        y = SIDE[1] + 6 + i * h
        if r in active:
            d.rounded_rectangle((SIDE[0] + 4, y, SIDE[2] - 4, y + h - 4), 8, outline=GOLD,
                                width=3)
        _token(d, (SIDE[0] + 20, y + 18), r, 10)
        d.text((SIDE[0] + 36, y + 18), fit(_name(players, r), font(18, bold=True), 220),
               font=font(18, bold=True), fill=CREAM, anchor="lm")
        d.text((SIDE[2] - 12, y + 18), words.margin_words(p["margin"]), font=font(17, bold=True),
               fill=GOLD, anchor="rm")
        ups = " ".join(f"{BUILDING[b]}{2 + n}" for b, n in p["upgrades"].items())
        d.text((SIDE[0] + 14, y + 42), f"karma {p['karma']} · workers {p['workers'] - p['placed']}"
               f"/{p['workers']} · {ups}", font=font(18), fill=CREAM, anchor="lm")
        size = int(min(40, h - 64))  # as large as the player's row allows
        for k, (c, v) in enumerate(p["dice"][:10]):
            _die(d, SIDE[0] + 14 + k * (size + 6), y + 58, c, v, size)


def _province(img: Image.Image, view: dict, role: str | None, players: Names) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(PROVINCE, 10, fill=PANEL, outline=EDGE)
    if role is None:
        return
    p = view["players"][role]
    d.text((PROVINCE[0] + 12, PROVINCE[1] + 8), fit(f"PROVINCE: {_name(players, role)}",
                                                    font(17, bold=True), 460),
           font=font(17, bold=True), fill=CREAM)
    lay = data.PROVINCE
    cell = 84
    gx, gy = PROVINCE[0] + 32, PROVINCE[1] + 64
    for r in range(lay["rows"]):
        for c in range(lay["cols"]):
            name = data.cell_name(r, c)
            box = (gx + c * cell, gy + r * cell, gx + (c + 1) * cell - 2, gy + (r + 1) * cell - 2)
            if name == lay["residence"]:
                d.rectangle(box, fill=GOLD)
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                for side in lay["residence_roads"]:
                    end = {"W": (box[0], cy), "E": (box[2], cy), "S": (cx, box[3])}[side]
                    d.line((cx, cy, *end), fill=(150, 110, 70), width=8)
                d.text((cx, cy - 18), "Raja", font=font(15, bold=True), fill=INK, anchor="mm")
            elif name in p["cells"]:
                _tile(img, box, p["cells"][name]["tile"], p["cells"][name]["roads"],
                      cost=False)
            else:
                d.rectangle(box, fill=(72, 66, 74), outline=EDGE)
                d.text((box[0] + 6, box[1] + 4), name, font=font(13), fill=MUTED)
    # The mover's own preview: where the tile in hand may go, and turned how.
    ways: dict[str, list[str]] = {}
    for tok in (view.get("actions") or {}).get("cell", []):
        where, _, roads = str(tok).partition("-")
        ways.setdefault(where, []).append(roads)
    for name, turns in ways.items():
        r, c = data.cell_position(name)
        box = (gx + c * cell, gy + r * cell, gx + (c + 1) * cell - 2, gy + (r + 1) * cell - 2)
        d.rectangle(box, outline=GOLD, width=4)
        d.text((box[0] + 6, box[3] - 6), fit(" ".join(turns), font(14, bold=True), cell - 10),
               font=font(14, bold=True), fill=GOLD, anchor="ls")
    key = ("Edge yields, once a road reaches them: $ money, F fame, K karma, D a die (v b o g: "
           "of that colour), Up an upgrade; struck through once taken.")
    f = font(15)
    for k, line in enumerate(wrap(key, f, PROVINCE[2] - PROVINCE[0] - 28)):
        d.text((PROVINCE[0] + 14, gy + lay["rows"] * cell + 40 + k * 21), line, font=f,
               fill=MUTED)
    taken = set(p.get("yields", []))
    for (name, side), edge in lay["edges"].items():
        r, c = data.cell_position(name)
        x = gx + c * cell + cell / 2
        y = gy + r * cell + cell / 2
        x += {"E": cell / 2 + 14, "W": -cell / 2 - 14}.get(side, 0)
        y += {"N": -cell / 2 - 12, "S": cell / 2 + 10}.get(side, 0)
        code = edge.get(p.get("side", "basic")) or ""
        tile = (p.get("slots") or {}).get(f"{name}{side}")
        if tile:  # a yield tile laid on a Navaratnas space
            code = tile.split("-", 1)[1]
        label = f"[{code[5]}]" if code.startswith("slot_") else code_text(code)
        done = f"{name}{side}" in taken
        d.text((x, y), label, font=font(17, bold=True), fill=MUTED if done else GOLD,
               anchor="mm")
        if done:
            w = font(17, bold=True).getlength(label) / 2
            d.line((x - w, y, x + w, y), fill=MUTED, width=2)


def draw(view: dict, players: Names = None, province_of: str | None = None
         ) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    _header(img, view, players)
    _race(img, view, players)
    _river(img, view)
    _spaces(img, view)
    _display(img, view)
    _players(img, view, players)
    role = province_of or (view.get("active") or [None])[0] or (
        (view.get("result") or {}).get("winners") or [None])[0]
    _province(img, view, role, players)
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    sample = game.view(game.setup(1, {"players": 4}), None)
    return make_palette([draw(sample)], FLAT)


def warm() -> None:
    palette()


def render(view: dict, players: Names = None,
           province_of: str | None = None) -> bytes:
    return encode_png(draw(view, players, province_of), palette())


__all__ = ["ID", "draw", "label_font", "layout", "palette", "render", "safe", "tile_label",
           "warm"]
