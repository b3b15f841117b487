"""Maharaja's map as the phone picture draws it (800 px wide, shown 400 wide).

Each land and off-map area is a box at a place of its own here: a schematic of Darbar's
reconstructed map (``data.AREAS[...]["xy"]``), moved apart so that every name stands in
19-px type and every box has room for two nations' chips; a border is a line between
two boxes that crosses no other box (one bends round Ladakh), the Karnatak-Lanka strait
is dashed, and Malwa and Gondwana, which no army crosses between, have none. A coast
behind the boxes, the seas' names and a key to the symbols complete the background,
which is drawn once: its texts are noted again on every picture (``replay_notes``)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.maharaja import data
from renderer.common import RGB, Drawn, fit, font, label, marker, note, recording
from renderer.maharaja.style import (
    BADGES,
    CREAM,
    FRAME,
    GOLD,
    INK,
    LAND,
    LINK,
    OFFMAP,
    PLAYER,
    SEA,
    SEA_INK,
    SHORE,
    SYMBOL,
    chip_font,
    house,
    ink_on,
    key_font,
    name_font,
    peak,
)

W, H = 640, 1084
MAP = (6, 80, W - 6, H - 6)
Box = tuple[float, float, float, float]

# Box centres (land and off-map areas) and the seas' names, in picture pixels.
POS: dict[str, tuple[int, int]] = {
    "persia": (51, 122), "central-asia": (212, 122), "china": (349, 122),
    "tibet": (480, 122), "burma": (585, 122), "afghanistan": (109, 205),
    "gandhara": (270, 205), "kashmir": (420, 205), "ladakh": (454, 270),
    "baluchistan": (93, 289), "punjab": (236, 289), "lahore": (342, 289),
    "nepal": (490, 350), "assam": (576, 290), "sind": (62, 373), "rajputana": (179, 373),
    "delhi": (312, 373), "oudh": (410, 430), "bihar": (512, 413), "gujarat": (71, 459),
    "malwa": (192, 457), "agra": (302, 457), "jaunpur": (454, 496), "bengal": (574, 501),
    "khandesh": (162, 541), "bundelkhand": (314, 552), "magadha": (512, 565),
    "maharashtra": (112, 625), "berar": (274, 628), "gondwana": (410, 625),
    "orissa": (577, 666), "bijapur": (124, 713), "bidar": (245, 712), "andhra": (381, 708),
    "malabar": (106, 798), "vijayanagar": (255, 795), "golconda": (409, 792),
    "mysore": (245, 878), "karnatak": (384, 878), "kerala": (205, 961),
    "lanka": (381, 961), "simhala": (431, 1044), "arabian": (70, 872), "bay": (575, 712),
    "ocean": (200, 1022),
}
# Borders drawn bent, through these points, to pass round a box in the way.
VIA: dict[tuple[str, str], list[tuple[int, int]]] = {
    ("baluchistan", "persia"): [(22, 255), (22, 150)],
    ("nepal", "tibet"): [(517, 318), (517, 240)],  # between Ladakh and Assam
    ("china", "ladakh"): [(349, 240)], ("jaunpur", "nepal"): [(459, 394)]}
KEY = (490, 778, W - 8, 1010)  # the key to the symbols, in the Bay of Bengal


BOX_H = 52
MIN_W, OFFMAP_MIN_W = 90, 76  # a box with more chips than fit widens or deepens
SLOT = 26  # room left of a factory area's name for the factory
PEAK_SLOT = 22  # room right of a hiland's name for its peak
PAD = 6
NAME_DY, CHIP_DY, CHIP_H = 14, 25, 24  # the name's middle and the chips' top, in a box
ROW = CHIP_H + 2  # a further row of chips


def can_build(place: str) -> bool:
    return bool(data.AREAS.get(place, {}).get("factory"))


@lru_cache(maxsize=64)
def box_width(place: str) -> int:
    name = name_font().getlength(data.NAMES[place]) + 2 * PAD
    least = MIN_W if place in data.AREAS else OFFMAP_MIN_W
    return round(max(least, name + _left(place) + _right(place)))


def _left(place: str) -> int:
    return SLOT if can_build(place) else 0


def _right(place: str) -> int:
    return PEAK_SLOT if data.AREAS.get(place, {}).get("hiland") else 0


def box(place: str, width: float | None = None, rows: int = 1) -> Box:
    """An area's box: centred on its place, ``width`` wide (its own width by default),
    one row of chips deeper for each row past the first."""
    x, y = POS[place]
    w = width if width is not None else box_width(place)
    return (x - w / 2, y - BOX_H / 2, x + w / 2, y + BOX_H / 2 + (rows - 1) * ROW)


def fill(place: str) -> RGB:
    return LAND[data.AREAS[place]["territory"]] if place in data.AREAS else OFFMAP


def draw_box(d: ImageDraw.ImageDraw, place: str, b: Box) -> None:
    """An area's box with its name (a hiland's peak right of it)."""
    d.rounded_rectangle(b, 8, fill=fill(place), outline=INK, width=2)
    left, right = b[0] + _left(place), b[2] - _right(place)
    f = name_font()
    label(d, ((left + right) / 2, b[1] + NAME_DY), fit(data.NAMES[place], f, right - left - 8),
          f, fill=INK, anchor="mm")
    if _right(place):
        x, y = b[2] - PEAK_SLOT / 2 - 2, b[1] + NAME_DY + 7
        peak(d, x, y)
        marker(f"hiland: {data.NAMES[place]}", (x - 10, y - SYMBOL, x + 10, y))


def factory_xy(b: Box) -> tuple[float, float]:
    """Where a factory stands in its area's box: left of the name."""
    return (b[0] + 15, b[1] + NAME_DY)


def _path(a: str, b: str) -> list[tuple[int, int]]:
    lo, hi = sorted((a, b))
    return [POS[lo], *VIA.get((lo, hi), []), POS[hi]]


def _links(d: ImageDraw.ImageDraw) -> None:
    seen: set[frozenset] = set()
    straits = {frozenset(s) for s in data.MAP["straits"]}
    for a in data.LAND + list(data.OFFMAP):
        for b in data.NEIGHBOURS[a]:
            pair = frozenset((a, b))
            if b in data.SEAS or pair in seen:
                continue
            seen.add(pair)
            pts = _path(a, b)
            if pair in straits:
                (x0, y0), (x1, y1) = pts[0], pts[-1]
                for i in range(0, 12, 2):
                    t0, t1 = i / 12, (i + 1) / 12
                    d.line((x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1,
                            y0 + (y1 - y0) * t1), fill=LINK, width=4)
            else:
                d.line([c for p in pts for c in p], fill=LINK, width=4, joint="curve")


# A rough coast behind the boxes: the mainland (with the lands beyond it) and Ceylon.
MAINLAND = [(6, 80), (W - 6, 80), (W - 6, 560), (627, 640), (617, 700), (497, 706),
            (492, 740), (488, 800), (470, 860), (462, 914), (323, 920), (273, 990),
            (241, 1008), (193, 1006), (153, 962), (129, 900), (80, 836), (75, 750),
            (17, 662), (6, 560)]
CEYLON = [(321, 926), (450, 924), (505, 1006), (505, H - 6), (360, H - 6), (324, 996)]


def _seas(d: ImageDraw.ImageDraw) -> None:
    f = name_font()
    for sea in data.SEAS:
        label(d, sea_name_xy(sea), data.NAMES[sea], f, fill=SEA_INK, anchor="mm")


def sea_name_xy(sea: str) -> tuple[float, float]:
    """Where a sea's name is centred: at its place, kept off the map's edge."""
    (x, y), half = POS[sea], name_font().getlength(data.NAMES[sea]) / 2
    return (min(max(x, MAP[0] + 8 + half), MAP[2] - 8 - half), y)


def sea_name_box(sea: str) -> Box:
    """The box a sea's name takes."""
    (x, y), half = sea_name_xy(sea), name_font().getlength(data.NAMES[sea]) / 2
    return (x - half, y - 12, x + half, y + 12)


def sea_chips_top(sea: str) -> float:
    return POS[sea][1] + 14


# What the key calls each symbol: the badges, a factory, a hiland, the battle's frame.
KEY_WORDS = {"leader": "leader", "arms": "armed", "submitted": "submitted",
             "ally": "British ally", "factory": "factory", "hiland": "hiland",
             "battle": "battle"}
KEY_ROW = 23  # a line of the key


def symbol_box(x: float, y: float) -> Box:
    """The square a badge centred on (x, y) fills (``SYMBOL`` across)."""
    return (x - SYMBOL / 2, y - SYMBOL / 2, x + SYMBOL / 2, y + SYMBOL / 2)


def _key(img: Image.Image) -> None:
    """What each symbol means, one a line, in the sea beside the map."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = KEY
    d.rounded_rectangle(KEY, 8, fill=CREAM, outline=INK, width=2)
    f, fb = key_font(), chip_font()
    x, y = x0 + 8, y0 + 8
    # a chip: the nation's letters and its armies, in the colour of its player
    sample = PLAYER["red"]
    d.rounded_rectangle((x, y, x + 48, y + CHIP_H - 1), 6, fill=sample, outline=INK)
    label(d, (x + 24, y + CHIP_H / 2), "Pa 3", fb, fill=ink_on(sample), anchor="mm")
    marker("map key: a chip", (x, y, x + 48, y + CHIP_H))
    label(d, (x + 54, y + CHIP_H / 2), "3 armies", f, fill=INK, anchor="lm")
    label(d, (x, y + 39), "colour: player", f, fill=INK, anchor="lm")
    y += 53
    for badge in BADGES:
        BADGES[badge](d, x + 9, y + 11)
        marker(f"map key: {badge}", symbol_box(x + 9, y + 11))
        label(d, (x + 25, y + 11), KEY_WORDS[badge], f, fill=INK, anchor="lm")
        y += KEY_ROW
    house(d, x - 3, y - 1, PLAYER["red"])
    label(d, (x + 9, y + 15), "B", fb, fill=ink_on(PLAYER["red"]), anchor="mm")
    marker("map key: factory", (x - 3, y - 1, x + 21, y + 23))
    label(d, (x + 25, y + 11), KEY_WORDS["factory"], f, fill=INK, anchor="lm")
    y += KEY_ROW + 2
    peak(d, x + 9, y + 19)
    marker("map key: hiland", (x - 1, y + 19 - SYMBOL, x + 19, y + 19))
    label(d, (x + 25, y + 11), KEY_WORDS["hiland"], f, fill=INK, anchor="lm")
    y += KEY_ROW
    d.rounded_rectangle((x - 1, y + 1, x + 19, y + 21), 4, outline=GOLD, width=4)
    marker("map key: battle", (x - 1, y + 1, x + 19, y + 21))
    label(d, (x + 25, y + 11), KEY_WORDS["battle"], f, fill=INK, anchor="lm")
    assert y + 24 <= y1, "the key fits its box"


@lru_cache(maxsize=1)
def _background() -> tuple[Image.Image, tuple[Drawn, ...], dict[str, tuple[Drawn, ...]]]:
    """The map without pieces, the texts it holds and those in each area's box."""
    img = Image.new("RGB", (W, H), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(MAP, 10, fill=SEA)
    d.polygon(MAINLAND, fill=SHORE)
    d.polygon(CEYLON, fill=SHORE)
    _links(d)
    names = {}
    for place in list(data.OFFMAP) + data.LAND:
        with recording() as drawn:
            draw_box(d, place, box(place))
        names[place] = tuple(drawn)
    with recording() as drawn:
        _seas(d)
        _key(img)
        label(d, (MAP[0] + 10, MAP[3] - 8), "map: Darbar's reconstruction", font(15),
              info=False, fill=SEA_INK, anchor="ls")
    return img, tuple(drawn), names


def _replay(t: Drawn) -> None:
    if t.marker:
        marker(t.text, t.box)
    else:
        note(t.text, t.px, t.box, info=t.info)


def background(redrawn: set[str]) -> Image.Image:
    """A fresh copy of the map without pieces. Its texts are noted for a recording test,
    but for the boxes in ``redrawn``, which the caller draws anew."""
    img, drawn, names = _background()
    for t in drawn:
        _replay(t)
    for place, texts in names.items():
        for t in texts if place not in redrawn else ():
            _replay(t)
    return img.copy()


def name_box(place: str, b: Box) -> Box:
    """Where an area's name is written in its box ``b`` (for the tests)."""
    left, right = b[0] + _left(place), b[2] - _right(place)
    text = fit(data.NAMES[place], name_font(), right - left - 8)
    x0, y0, x1, y1 = name_font().getbbox(text, anchor="mm")
    cx, cy = (left + right) / 2, b[1] + NAME_DY
    return (cx + x0, cy + y0, cx + x1, cy + y1)
