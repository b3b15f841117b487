"""The Rajas of the Ganges picture's pieces (renderer/rajas/board.py): colours, the short codes
of earnings with their key, and the sprites every picture reuses — texts, tiles, dice
and tokens — each drawn once and pasted, with the texts they carry noted for the
legibility tests (``renderer.common.note``).

Pasting a cached sprite costs a few microseconds where drawing a text costs a tenth of a
millisecond: the picture is mostly pasted (issue 26: render time within 1.5 times the
PNG encode)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.rajas import data
from renderer.common import Drawn, Font, Smooth, font, marker, note, recording

RGB = tuple[int, int, int]
FRAME, PANEL, EDGE = (38, 34, 40), (58, 52, 60), (96, 88, 100)
CREAM, MUTED, GOLD, INK = (246, 240, 226), (196, 186, 170), (230, 180, 60), (40, 32, 28)
WATER, LAND, ROAD, EMPTY = (70, 122, 166), (214, 200, 160), (150, 110, 70), (72, 66, 74)
STREAM = (104, 160, 204)  # the river's course across its panel
DIE = {"violet": (132, 74, 178), "blue": (46, 108, 200), "orange": (232, 128, 32),
       "green": (52, 150, 72), "village": (150, 120, 40)}  # village: Mango Village tiles
PLAYER = {"red": (206, 44, 44), "yellow": (244, 206, 40), "white": (250, 250, 250),
          "black": (20, 20, 20)}
SLOT = {"brown": (176, 124, 80), "yellow": (236, 200, 70), "red": (226, 86, 70)}
FLAT = [FRAME, PANEL, EDGE, CREAM, MUTED, GOLD, INK, WATER, STREAM, LAND, ROAD, EMPTY,
        *DIE.values(), *PLAYER.values(), *SLOT.values()]

SMALL = 20  # the smallest text: 9 px on a phone at the picture's 880 px
BOLD = font(SMALL, bold=True)
PLAIN = font(SMALL)

# --- codes: an earning in a few characters, and the key that explains them ---------------

FAME, MONEY = "★", "$"
# Kinds written as a count and a symbol ("4$", "3★", "2D"); the count shows from 2 (and
# always for money, fame and karma).
COUNTED = {"money": MONEY, "fame": FAME, "karma": "K", "upgrade": "Up", "die_any": "D",
           "dice_any": "D", "worker": "W", "river": "R", "advance": "R"}
# Everything else, written whole.
WRITTEN = {"money_1_per_market": f"{MONEY}/m", "palace_any": "Ch", "palace_dancer": "Ch2",
           "palace_yogi": "Ch3", "palace_raja": "Ch4", "fame_1_per_upgrade": f"{FAME}/u",
           "money_2_per_upgrade": f"2{MONEY}/u", "fame_2_per_karma": f"2{FAME}/K",
           "dice_any_per_karma": "D/K", "fame_1_per_building": f"{FAME}/b",
           "money_1_per_building": f"{MONEY}/b", "fame_1_per_market_tile": f"{FAME}/mt",
           "fame_1_per_3_river": f"{FAME}/3R", "money_2_per_yield_tile": f"2{MONEY}/yt",
           "fame_2_per_bend": f"2{FAME}/bd", "fame_1_per_worker": f"{FAME}/W",
           "money_3_per_village": f"3{MONEY}/v"}
SLOT_CODE = {"brown": "[br]", "yellow": "[ye]", "red": "[re]"}
BUILDING = {"temple": "T", "palace": "P", "fort": "F", "mill": "M"}
GOOD = {"silk": "Si", "tea": "Te", "spices": "Sp"}
INITIAL = {c: c[0] for c in data.COLOURS}  # v b o g

# The key, in the order it is read: an entry shows when a code drawn uses its symbol.
KEY: dict[str, str] = {
    MONEY: f"{MONEY} money", FAME: f"{FAME} fame", "K": "K karma", "D": "D a die",
    "vD": "v b o g violet, blue, orange, green (vD a violet die)", "vgoD": "vgoD one of each",
    "Up": "Up an upgrade", "W": "W a worker", "R": "R a river space",
    "Ch": "Ch a palace chamber (Ch2: the 2)", "Mix": "Mix3 sell up to 3 different goods",
    "One": "One4 sell 1 good, up to 4 markets", "/m": "/m per market",
    "/u": "/u per upgrade", "/K": "/K per karma", "/b": "/b per building",
    "/mt": "/mt per market tile", "/3R": "/3R per 3 river spaces",
    "/yt": "/yt per yield tile", "/bd": "/bd per bend", "/W": "/W per worker",
    "/v": "/v per village", "slot": "[br] [ye] [re] brown, yellow, red yield tile spaces",
    "tiles": "Si Te Sp silk, tea, spice markets · T P F M temple, palace, fort, mill "
             "(T4: a temple scores 4 fame)",
    "village": "2= a village: pay a double",
    "spaces": "o>v an orange die for 2 violet",
}


def code_text(code: str) -> str:
    """An earning in short: ``money_4`` "4$", ``die_violet`` "vD", ``fame_2_per_karma``
    "2★/K", ``market_one_kind_4`` "One4", ``slot_brown`` "[br]"."""
    kind, n = data.earning(code)
    parts = kind.split("_")
    if parts[0] == "slot":
        return SLOT_CODE.get(parts[1], f"[{parts[1][:2]}]")
    if parts[0] == "die" and parts[1] in INITIAL:
        return f"{INITIAL[parts[1]]}D"
    if parts[0] == "dice" and parts[-1] == "karma" and parts[1] in INITIAL:
        return f"{INITIAL[parts[1]]}D/K"
    if parts[0] == "dice" and all(p in INITIAL for p in parts[1:]):
        return "".join(INITIAL[p] for p in parts[1:]) + "D"
    if kind == "market_assorted":
        return f"Mix{n}"
    if kind == "market_one_kind":
        return f"One{n}"
    if kind in COUNTED:
        sym = COUNTED[kind]
        return f"{n}{sym}" if n > 1 or sym in (MONEY, FAME, "K") else sym
    return WRITTEN.get(kind, kind[:4])


@lru_cache(maxsize=256)
def key_of(code: str) -> tuple[str, ...]:
    """The key entries a code's text needs (``vD/K``: "vD" and "/K")."""
    return tuple(_key_of(code))


def _key_of(code: str) -> list[str]:
    kind, _ = data.earning(code)
    parts = kind.split("_")
    if parts[0] == "slot":
        return ["slot"]
    if parts[0] == "die" and parts[1] in INITIAL:
        return ["vD"]
    if parts[0] == "dice" and parts[-1] == "karma":
        return ["vD" if parts[1] in INITIAL else "D", "/K"]
    if parts[0] == "dice" and all(p in INITIAL for p in parts[1:]):
        return ["vD", "vgoD"]
    if kind in ("market_assorted", "market_one_kind"):
        return ["Mix" if kind == "market_assorted" else "One"]
    if parts[0] == "palace":
        return ["Ch"]
    if kind in COUNTED:
        return [COUNTED[kind]]
    head, _, tail = WRITTEN.get(kind, "").partition("/")
    return [k for k in (head.lstrip("0123456789"), f"/{tail}" if tail else "") if k in KEY]


def key_lines(entries: Iterable[str], width: float) -> list[str]:
    """The key's entries, in KEY's order, wrapped to ``width`` pixels at the small size."""
    wanted = set(entries)
    words = " · ".join(KEY[k] for k in KEY if k in wanted)
    out: list[str] = []
    line = "Key:"
    for word in words.split(" "):
        if PLAIN.getlength(f"{line} {word}") <= width:
            line = f"{line} {word}"
        else:
            out.append(line)
            line = word
    return [*out, line]


def tile_label(tid: str) -> str:
    """A tile's contents in short: ``Si2 Te3`` markets, ``T P`` buildings, a village's bonus."""
    t = data.TILES[tid]
    parts = [f"{GOOD[m['good']]}{m['value']}" for m in t["markets"]] + [
        BUILDING[b] for b in t["buildings"]] + ([f"V {code_text(t['bonus'])}"]
                                                 if t.get("bonus") else [])
    return " ".join(parts)


def label_font(text: str, room: float) -> Font:
    """As large as the tile allows (its label is read on a phone), never under 20 px."""
    return next(f for k, f in ((k, font(k, bold=True)) for k in (24, 22, SMALL))
                if f.getlength(text) + 8 <= room or k == SMALL)


# --- sprites ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sprite:
    """An image drawn once, with the texts on it (boxes relative to its corner)."""

    image: Image.Image
    notes: tuple[Drawn, ...] = ()

    def put(self, base: Image.Image, xy: tuple[float, float]) -> None:
        x, y = round(xy[0]), round(xy[1])
        if self.image.mode == "RGBA":
            base.paste(self.image, (x, y), self.image)
        else:
            base.paste(self.image, (x, y))
        for d in self.notes:
            x0, y0, x1, y1 = d.box
            if d.marker:
                marker(d.text, (x + x0, y + y0, x + x1, y + y1))
            else:
                note(d.text, d.px, (x + x0, y + y0, x + x1, y + y1), info=d.info)


def sprite(draw: Callable[[], Image.Image]) -> Sprite:
    """Draw a sprite, noting the texts ``draw`` labels on it."""
    with recording() as drawn:
        image = draw()
    return Sprite(image, tuple(drawn))


@lru_cache(maxsize=4096)
def _mask(text: str, f: Font, anchor: str) -> tuple[Image.Image, tuple[int, int, int, int]]:
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)))
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
    return mask, (x0, y0, x1, y1)


def stamp(img: Image.Image, xy: tuple[float, float], text: str, f: Font, fill: RGB,
          anchor: str = "la", info: bool = True) -> tuple[int, int, int, int]:
    """``label`` for a text drawn again and again: its glyphs rendered once, then pasted
    in ``fill`` (the same pixels as ``ImageDraw.text``). Returns the text's box."""
    mask, (x0, y0, x1, y1) = _mask(text, f, anchor)
    x, y = round(xy[0]), round(xy[1])
    img.paste(fill, (x + x0, y + y0), mask)
    box = (x + x0, y + y0, x + x1, y + y1)
    note(text, getattr(f, "size", SMALL), box, info=info)
    return box


def write(img: Image.Image, xy: tuple[float, float], text: str, f: Font, fill: RGB) -> None:
    """A text drawn afresh (``ImageDraw.text``), as the header's are: they change with
    every move, and a picture's title is read back from what Pillow is asked to draw."""
    ImageDraw.Draw(img).text(xy, text, font=f, fill=fill)
    x0, y0, x1, y1 = f.getbbox(text)
    note(text, getattr(f, "size", SMALL), (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1))


@lru_cache(maxsize=16)
def token(role: str, r: int) -> Sprite:
    """A player's round marker (a worker, a piece in the province's title), smoothed."""
    s = Smooth((0, 0, 2 * r + 2, 2 * r + 2))
    s.circle((r + 1, r + 1), r, fill=(*PLAYER.get(role, GOLD), 255),
             outline=(*(CREAM if role == "black" else EDGE), 255), width=2)
    return Sprite(s.shrink())


def put_token(img: Image.Image, centre: tuple[float, float], role: str, r: int = 10) -> None:
    token(role, r).put(img, (centre[0] - r - 1, centre[1] - r - 1))


@lru_cache(maxsize=128)
def die(colour: str, value: int, size: int) -> Sprite:
    """A die by colour and value (``?`` not yet rolled), with rounded corners."""
    def draw() -> Image.Image:
        s = Smooth((0, 0, size, size))
        s.rounded((0.5, 0.5, size - 0.5, size - 0.5), 6, fill=(*DIE[colour], 255),
                  outline=(*CREAM, 255), width=1)
        im = s.shrink()
        stamp(im, (size / 2, size / 2 + 1), str(value) if value else "?",
              font(22, bold=True), CREAM, "mm")
        return im
    return sprite(draw)


def _roads(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], roads: Iterable[str],
           width: int = 8) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ends = {"N": (cx, y0), "S": (cx, y1), "E": (x1, cy), "W": (x0, cy)}
    for side in roads:
        d.line((cx, cy, *ends[side]), fill=ROAD, width=width)
    d.ellipse((cx - width * 0.6, cy - width * 0.6, cx + width * 0.6, cy + width * 0.6),
              fill=ROAD)


@lru_cache(maxsize=256)
def tile(tid: str, roads: tuple[str, ...], size: int) -> Sprite:
    """A province tile as it lies, ``size`` px square: its colour, roads, cost (``2=``
    a village: a double) and contents."""
    def draw() -> Image.Image:
        t = data.TILES[tid]
        im = Image.new("RGB", (size, size), LAND)
        d = ImageDraw.Draw(im)
        d.rectangle((0, 0, size - 1, size - 1), outline=DIE[t["colour"]], width=5)
        _roads(d, (0, 0, size - 1, size - 1), roads)
        cost = str(t["cost"]) if t["cost"] else "2="
        f = font(24 if t["cost"] else 22, bold=True)
        w = max(30, f.getlength(cost) + 8)
        d.rounded_rectangle((4, 4, 4 + w, 34), 5, fill=DIE[t["colour"]])
        stamp(im, (4 + w / 2, 20), cost, f, CREAM, "mm")
        _name_plate(im, d, tid, size, margin=8, lift=0)
        return im
    return sprite(draw)


def _name_plate(im: Image.Image, d: ImageDraw.ImageDraw, tid: str, size: int, *,
                margin: int, lift: int) -> None:
    """The tile's name on a cream plate along its foot (``lift`` px higher on a ghost,
    inside its gold frame)."""
    text = tile_label(tid)
    f = label_font(text, size - 6)
    w = min(f.getlength(text) + 8, size - margin)
    c = size / 2
    d.rounded_rectangle((c - w / 2, size - 32 - lift, c + w / 2, size - 6 - lift), 5,
                        fill=CREAM)
    stamp(im, (c, size - 19 - lift), text, f, INK, "mm")


@lru_cache(maxsize=64)
def ghost(tid: str, size: int) -> Sprite:
    """The tile in hand on a cell it may go to: its colour and contents, no roads (the
    ways it may be turned are listed below the province)."""
    def draw() -> Image.Image:
        t = data.TILES[tid]
        im = Image.new("RGB", (size, size), EMPTY)
        d = ImageDraw.Draw(im)
        d.rectangle((0, 0, size - 1, size - 1), outline=GOLD, width=3)
        d.rectangle((3, 3, size - 4, size - 4), outline=DIE[t["colour"]], width=4)
        _name_plate(im, d, tid, size, margin=12, lift=2)
        return im
    return sprite(draw)


__all__ = ["BOLD", "BUILDING", "CREAM", "DIE", "EDGE", "FLAT", "FRAME", "GOLD", "INITIAL",
           "INK", "KEY", "LAND", "MUTED", "PANEL", "PLAIN", "PLAYER", "ROAD", "SLOT", "SMALL",
           "STREAM", "WATER", "Sprite", "code_text", "die", "ghost", "key_lines", "key_of",
           "label_font", "put_token", "sprite", "stamp", "tile", "tile_label", "token", "write"]
