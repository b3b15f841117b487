"""Picture of a Taj Mahal position, from the spectator view (nothing of any hand).

The dark house frame holds a header (the visit, its province and whose turn, or the
result; the last log line), the board on the left and a panel on the right.

- **Board.** Each province is a pale disc behind its cities with its name and its visit
  number; the province being visited has a gold ring, those already visited are greyed.
  Roads join the cities. A fortress is a purple diamond and shows the bonus tile still
  on it (+4, +2, a card, or a commodity's initial). Palaces sit beside their city in
  the player's colour and shape (circle, square, triangle, diamond, hexagon), so that
  nothing depends on colour alone; a city may hold two.
- **Panel.** The court (influence tiles, the crown and the province tile with its
  commodities still to win), the face-up supply, and a row per player: score, cards in
  hand, the colour they play this visit, the symbols they have played (the leader in
  each marked), their influence tiles and commodities, and whether they withdrew.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games import taj_mahal as game
from engine.games.taj_mahal import data
from renderer.common import (
    Names,
    Smooth,
    draw_header,
    encode_png,
    fit,
    font,
    make_palette,
    outcome_line,
    outcome_title,
    paste,
    safe,
    smooth,
)

ID = "taj_mahal"
WIDTH, HEIGHT = 1400, 1050
HEADER_H = 72
BOARD_BOX = (10, HEADER_H + 8, 930, HEIGHT - 10)
PANEL_BOX = (942, HEADER_H + 8, WIDTH - 10, HEIGHT - 10)

FRAME, PANEL, EDGE = (46, 33, 25), (66, 50, 38), (104, 82, 62)
CREAM, MUTED, GOLD, INK = (248, 238, 214), (205, 184, 148), (232, 182, 70), (56, 37, 22)
LAND, PROVINCE, VISITED, ROAD = (226, 211, 172), (240, 229, 200), (206, 198, 182), (
    150, 116, 76)
CITY, FORT = (252, 248, 236), (118, 62, 140)
PLAYER = {"red": (204, 50, 40), "blue": (40, 96, 196), "green": (40, 150, 70),
          "yellow": (236, 190, 30), "black": (30, 30, 34)}
SHAPE = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond",
         "black": "hexagon"}
CARD = {"red": (204, 50, 40), "yellow": (236, 190, 30), "green": (40, 150, 70),
        "violet": (130, 70, 170), "white": (245, 245, 240), "special": (232, 182, 70)}
SYMBOL = {"vizier": "V", "general": "G", "monk": "M", "princess": "P", "grand_mogul": "GM",
          "elephant": "E"}
GOODS = {"rice": "Ri", "tea": "Te", "spices": "Sp", "jewels": "Je"}
BONUS = {"taj": "+4", "points2": "+2", "card": "C", **GOODS}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, LAND, PROVINCE, VISITED, ROAD, CITY,
        FORT, *PLAYER.values(), *CARD.values()]


def _xy(x: float, y: float) -> tuple[float, float]:
    x0, y0, x1, y1 = BOARD_BOX
    return (x0 + 40 + x * (x1 - x0 - 80), y0 + 40 + y * (y1 - y0 - 80))


BOARD = data.BOARD
CITY_XY = {c["id"]: _xy(*c["xy"]) for c in BOARD["cities"]}
PROVINCE_XY = {p["id"]: _xy(*p["xy"]) for p in BOARD["provinces"]}
PROVINCE_NAME = data.PROVINCE_NAMES
FORTRESS = set(data.FORTRESSES)
PROVINCE_R = 62


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every city, by id."""
    return {c: (round(x), round(y)) for c, (x, y) in CITY_XY.items()}


@lru_cache(maxsize=1)
def background() -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(BOARD_BOX, 14, fill=LAND)
    d.rounded_rectangle(PANEL_BOX, 14, fill=PANEL, outline=EDGE, width=2)
    with smooth(img, BOARD_BOX, scale=2) as s:
        for a, b in BOARD["roads"]:
            s.line([CITY_XY[a], CITY_XY[b]], (*ROAD, 255), 3)
    d.text((BOARD_BOX[2] - 16, BOARD_BOX[3] - 14), "map: reconstruction", font=font(14),
           fill=INK, anchor="rs")
    return img


def _province(img: Image.Image, pid: str, number: int, state: str) -> None:
    x, y = PROVINCE_XY[pid]
    fill = {"done": VISITED, "now": PROVINCE, "later": PROVINCE}[state]
    with smooth(img, (x - 80, y - 80, x + 80, y + 80), scale=2) as s:
        s.circle((x, y), PROVINCE_R, fill=(*fill, 235),
                 outline=(*(GOLD if state == "now" else EDGE), 255),
                 width=6 if state == "now" else 2)
    d = ImageDraw.Draw(img)
    d.text((x, y - PROVINCE_R - 2), PROVINCE_NAME[pid], font=font(18, bold=True), fill=INK,
           anchor="md")
    d.text((x, y), str(number), font=font(26, bold=True), fill=(*MUTED,), anchor="mm")


def _palace(img: Image.Image, centre: tuple[float, float], player: str, size: int = 18) -> None:
    x, y = centre
    r = size / 2
    colour = (*PLAYER.get(player, INK), 255)
    edge = (*CREAM, 255)
    with smooth(img, (x - r - 3, y - r - 3, x + r + 3, y + r + 3), scale=4) as s:
        shape = SHAPE.get(player, "circle")
        if shape == "circle":
            s.circle((x, y), r + 1.5, fill=edge)
            s.circle((x, y), r, fill=colour)
        elif shape == "square":
            s.rounded((x - r - 1.5, y - r - 1.5, x + r + 1.5, y + r + 1.5), 3, fill=edge)
            s.rounded((x - r, y - r, x + r, y + r), 2, fill=colour)
        else:
            n = {"triangle": 3, "diamond": 4, "hexagon": 6}[shape]
            start = -math.pi / 2 if n != 6 else 0
            for rad, fill in ((r + 2.5, edge), (r, colour)):
                s.polygon([(x + rad * math.cos(start + 2 * math.pi * i / n),
                            y + rad * math.sin(start + 2 * math.pi * i / n)) for i in range(n)],
                          fill)


@lru_cache(maxsize=2)
def _city_sprite(fortress: bool) -> Image.Image:
    s = Smooth((0, 0, 40, 40), scale=4)
    if fortress:
        s.polygon([(20, 1), (39, 20), (20, 39), (1, 20)], (*FORT, 255))
    else:
        s.circle((20, 20), 9, fill=(*CITY, 255), outline=(*INK, 255), width=2)
    return s.shrink()


def _cities(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    bonus = view.get("bonus") or {}
    palaces = view.get("palaces") or {}
    for cid, (x, y) in CITY_XY.items():
        paste(img, _city_sprite(cid in FORTRESS), (x, y))
        if cid in bonus:
            label = BONUS.get(bonus[cid], "?")
            d.text((x, y), label, font=font(15, bold=True), fill=CREAM, anchor="mm")
        for i, who in enumerate(palaces.get(cid, [])[:2]):
            _palace(img, (x + 18 + 20 * i, y - 14), who)
    crown = (view.get("court") or {}).get("crown_city")
    if crown in CITY_XY:  # this visit's crown palace wears the crown until the visit ends
        x, y = CITY_XY[crown]
        _crown(img, (x + 18, y - 34))


def _crown(img: Image.Image, centre: tuple[float, float]) -> None:
    x, y = centre
    with smooth(img, (x - 14, y - 12, x + 14, y + 12), scale=4) as s:
        s.polygon([(x - 11, y + 8), (x - 11, y - 6), (x - 5, y + 1), (x, y - 9), (x + 5, y + 1),
                   (x + 11, y - 6), (x + 11, y + 8)], (*GOLD, 255))


def _header(img: Image.Image, view: dict, players: Names) -> None:
    result = view.get("result")
    if result:
        title = outcome_title(result, [_name(players, w) for w in result.get("winners", [])])
    else:
        who = (view.get("active") or [""])[0]
        province = PROVINCE_NAME.get(view.get("province") or "", "")
        title = (f"Visit {view.get('visit')} of {data.VISITS}: {province}. "
                 f"{_name(players, who)} to play")
    last = (view.get("log") or [None])[-1]
    draw_header(img, title, outcome_line(result, last) if result else last,
                title_fill=GOLD if result else CREAM, log_fill=MUTED)


def _name(players: Names, role: str) -> str:
    given = (players or {}).get(role)
    return f"{role.capitalize()} ({given})" if given else role.capitalize()


def _panel(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = PANEL_BOX
    d.text((x0 + 14, y0 + 12), "COURT", font=font(16, bold=True), fill=MUTED)
    court = view.get("court") or {}
    x = x0 + 16
    for key in (*data.INFLUENCE, "crown", "province"):
        there = court.get(key, False)
        label = {"crown": "GM", "province": "E"}.get(key, SYMBOL.get(key, "?"))
        box = (x, y0 + 36, x + 58, y0 + 84)
        d.rounded_rectangle(box, 8, fill=GOLD if there else PANEL, outline=EDGE, width=2)
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=font(22, bold=True),
               fill=INK if there else MUTED, anchor="mm")
        x += 66
    d.text((x0 + 16, y0 + 100), "SUPPLY", font=font(16, bold=True), fill=MUTED)
    for i, cid in enumerate((view.get("supply") or [])[:9]):
        _card(img, (x0 + 16 + (i % 5) * 84, y0 + 124 + (i // 5) * 62), cid)
    y = y0 + 256
    d.text((x0 + 14, y), "PLAYERS", font=font(16, bold=True), fill=MUTED)
    table = view.get("players") or {}
    leaders = {}
    for sym in SYMBOL:
        counts = {r: p.get("symbols", {}).get(sym, 0) for r, p in table.items() if not p["out"]}
        top = max(counts.values(), default=0)
        if top and list(counts.values()).count(top) == 1:
            leaders[sym] = max(counts, key=counts.__getitem__)
    active = set(view.get("active") or [])
    # Rows as tall as the panel allows (five players fit; fewer get more room).
    row_h = min(150, (PANEL_BOX[3] - y - 34) // max(1, len(table)))
    for r, p in table.items():
        y += 30
        row = (x0 + 8, y - 4, x1 - 8, y + row_h - 14)
        d.rounded_rectangle(row, 8, fill=PANEL, outline=GOLD if r in active else EDGE,
                            width=3 if r in active else 1)
        _palace(img, (x0 + 26, y + 14), r, 22)
        d.text((x0 + 44, y + 14), fit(safe(_name(players, r)), font(19, bold=True), 230),
               font=font(19, bold=True), fill=CREAM, anchor="lm")
        d.text((x1 - 20, y + 14), str(p["score"]), font=font(28, bold=True), fill=GOLD,
               anchor="rm")
        status = "withdrew" if p["out"] else (p.get("colour") or "any colour")
        d.text((x0 + 20, y + 44), f"{p['hand']} cards · {status}", font=font(20), fill=CREAM,
               anchor="lm")
        tx: float = x0 + 20
        for sym, short in SYMBOL.items():
            n = p.get("symbols", {}).get(sym, 0)
            if not n:
                continue
            lead = leaders.get(sym) == r
            text = f"{short}{n}"
            w = font(19, bold=True).getlength(text) + 12
            d.rounded_rectangle((tx, y + 58, tx + w, y + 84), 6, fill=GOLD if lead else EDGE)
            d.text((tx + w / 2, y + 71), text, font=font(19, bold=True),
                   fill=INK if lead else CREAM, anchor="mm")
            tx += w + 6
        tiles = " ".join(f"{SYMBOL[s]}×{n}" for s, n in p.get("influence", {}).items() if n)
        held = p.get("goods", [])
        goods = " ".join(f"{GOODS.get(g, g)}×{held.count(g)}" for g in dict.fromkeys(held))
        won = f"tiles {','.join(map(str, p['tiles']))}" if p.get("tiles") else ""
        d.text((x0 + 20, y + 100), fit(" · ".join(x for x in (tiles, goods, won) if x) or "—",
                                       font(18), x1 - x0 - 40), font=font(18), fill=MUTED,
               anchor="lm")
        y += row_h - 30


def _card(img: Image.Image, at: tuple[float, float], cid: str) -> None:
    card = data.CARDS.get(cid) or {"colour": "white", "symbols": []}
    x, y = at
    d = ImageDraw.Draw(img)
    fill = CARD.get(card["colour"], CREAM)
    d.rounded_rectangle((x, y, x + 76, y + 54), 7, fill=fill, outline=CREAM, width=2)
    text = card_label(cid)
    ink = INK if card["colour"] in ("white", "yellow", "special") else CREAM
    d.text((x + 38, y + 27), text, font=font(21, bold=True), fill=ink, anchor="mm")


def card_label(cid: str) -> str:
    """A small card's symbols, in the order its typed name gives them, so every copy of a
    card looks the same (★ for a card with none)."""
    card = data.CARDS.get(cid) or {"symbols": []}
    symbols = sorted(card["symbols"], key=data.SYMBOLS.index)
    return " ".join(SYMBOL.get(s, "?") for s in symbols) or "★"


@lru_cache(maxsize=16)
def _board(order: tuple[str, ...], visit: int, over: bool) -> Image.Image:
    """The board without pieces: the same for a whole visit, so drawn once per visit."""
    img = background().copy()
    for i, pid in enumerate(order, 1):
        state = "now" if i == visit and not over else (
            "done" if i < visit or over else "later")
        _province(img, pid, i, state)
    with smooth(img, BOARD_BOX, scale=2) as s:
        for a, b in BOARD["roads"]:
            s.line([CITY_XY[a], CITY_XY[b]], (*ROAD, 255), 3)
    return img


def draw(view: dict, players: Names = None) -> Image.Image:
    order = tuple(view.get("order") or [p["id"] for p in BOARD["provinces"]])
    img = _board(order, view.get("visit") or 0, bool(view.get("result"))).copy()
    _cities(img, view)
    _header(img, view, players)
    _panel(img, view, players)
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    sample = game.view(game.setup(1, {"players": 5}), None)
    sample["palaces"] = {c: [r] for c, r in zip(list(CITY_XY)[:5], game.ROLES, strict=True)}
    return make_palette([draw(sample)], FLAT)


def warm() -> None:
    palette()
    hand_palette()


def render(view: dict, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


# --- a player's hand (their private replies only) ---------------------------------------

HAND_W, CARD_W, CARD_H, GAP, PER_ROW = 780, 140, 150, 10, 5
WORDS = {"vizier": "Vizier", "general": "General", "monk": "Monk", "princess": "Princess",
         "grand_mogul": "Mogul", "elephant": "Elephant"}
SPECIAL_WORDS = {"special-elephant": ("+1", "Elephant"), "special-mogul": ("+1", "Mogul"),
                 "special-2points": ("+2", "points"), "special-colour": ("free", "colour")}
COLOUR_ORDER = ("red", "yellow", "green", "violet", "white", "special")


def draw_hand(view: dict, players: Names = None) -> Image.Image:
    """The cards of the view's own hand, identical ones once with a count, each with its
    symbols in words and, under it, the name to type."""
    hand = view.get("hand") or []
    kinds: dict[str, int] = {}
    for cid in sorted(hand, key=lambda c: (COLOUR_ORDER.index(data.CARDS[c]["colour"]),
                                          data.KIND[c])):
        kinds[data.KIND[cid]] = kinds.get(data.KIND[cid], 0) + 1
    rows = max(1, math.ceil(len(kinds) / PER_ROW))
    top, row_h = 64, CARD_H + 54
    img = Image.new("RGB", (HAND_W, top + rows * row_h + 8), FRAME)
    d = ImageDraw.Draw(img)
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    d.text((16, 14), title, font=font(30, bold=True), fill=CREAM)
    if not kinds:
        d.text((16, top + 20), "No cards.", font=font(26), fill=MUTED)
    for i, (kind, count) in enumerate(kinds.items()):
        x = 16 + (i % PER_ROW) * (CARD_W + GAP + 2)
        y = top + (i // PER_ROW) * row_h
        _big_card(img, (x, y), kind, count)
    return img


def _big_card(img: Image.Image, at: tuple[int, int], kind: str, count: int) -> None:
    card = data.CARDS[kind]
    x, y = at
    d = ImageDraw.Draw(img)
    colour = card["colour"]
    special = colour == "special"
    # A special card is dark with a gold rim and gold words: unlike any coloured card.
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 12, fill=INK if special else
                        CARD[colour], outline=GOLD if special else CREAM,
                        width=6 if special else 3)
    ink = GOLD if special else INK if colour in ("white", "yellow") else CREAM
    # The symbols in the order the name to type gives them.
    lines = list(SPECIAL_WORDS.get(kind, ())) or [
        WORDS[s] for s in sorted(card["symbols"], key=data.SYMBOLS.index)]
    step = 44 if len(lines) > 1 else 0
    mid = y + CARD_H / 2 - step / 2
    for j, word in enumerate(lines):
        d.text((x + CARD_W / 2, mid + j * step), word, font=font(27, bold=True), fill=ink,
               anchor="mm")
    if count > 1:
        d.rounded_rectangle((x + CARD_W - 46, y + 6, x + CARD_W - 6, y + 38), 8, fill=INK)
        d.text((x + CARD_W - 26, y + 22), f"×{count}", font=font(20, bold=True), fill=CREAM,
               anchor="mm")
    # The name to type, on two lines: the colour, then the symbols.
    head, _, rest = kind.partition("-")
    size = next((n for n in (18, 17, 16, 15, 14) if font(n).getlength(rest) <= CARD_W + 8), 13)
    for j, part in enumerate((head + "-", rest)):
        d.text((x + CARD_W / 2, y + CARD_H + 6 + 22 * j), fit(part, font(size), CARD_W + 10),
               font=font(size), fill=MUTED if j == 0 else CREAM, anchor="mt")


@lru_cache(maxsize=1)
def hand_palette() -> Image.Image:
    sample = {"hand": list(data.CARD_IDS[::7])}
    return make_palette([draw_hand(sample)], FLAT)


def hand(view: dict, players: Names = None) -> bytes:
    return encode_png(draw_hand(view, players), hand_palette())


__all__ = ["ID", "draw", "draw_hand", "hand", "layout", "palette", "render", "warm"]
