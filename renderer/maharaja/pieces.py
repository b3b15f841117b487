"""The pieces on the Maharaja picture: army chips, factories and the battle's frame.

An army chip carries its nation's two letters and its count, filled with the colour of
the player who controls the nation, and after them a badge for each of: the nation's
leader there (a star), arms given it by a colonial nation (crossed blades), its
submission (a white flag), its alliance with the British (linked rings). A factory is a
small house left of its area's name, in its colonial nation's player's colour with the
nation's initial. Chips stand in a row under the area's name; a box too narrow for its
chips widens, and one that would have to widen too far takes a second row. Where even
that finds no room clear of the neighbours (two small areas side by side, each with a
chip that carries badges), the badges go on a second line inside their chip, under its
letters: a chip as narrow as its letters, one row taller, in a box one row deeper.

Chips are drawn once per look (``chip_sprite``) and pasted; their texts are noted on
every picture for the legibility tests."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.maharaja import data
from engine.games.maharaja.shown import MaharajaView
from renderer.common import RGB, marker, note
from renderer.maharaja.map import (
    CHIP_DY,
    CHIP_H,
    KEY,
    MAP,
    PAD,
    ROW,
    Box,
    box,
    draw_box,
    factory_xy,
    fill,
    sea_chips_top,
    sea_name_box,
    sea_name_xy,
    symbol_box,
)
from renderer.maharaja.style import (
    BADGE_W,
    BADGES,
    CHIP_PX,
    CREAM,
    GOLD,
    INK,
    MARK,
    SEA,
    chip_font,
    house,
    ink_on,
    owner_colour,
)

GAP = 3  # between chips
TEXT_PAD = 5  # either side of a chip's text
FACTORY = 24  # a factory's house, square
MAX_WIDEN = 80  # a box widens this much at most before its chips take a second row
STACKED_H = CHIP_H + ROW  # a chip whose badges stand under its letters: two rows tall
Lost = Mapping[str, Mapping[str, int]]  # place -> nation -> armies lost there


@dataclass(frozen=True)
class Chip:
    """A nation's armies in one place, as drawn."""

    nation: str
    count: int
    colour: RGB
    badges: tuple[str, ...] = ()
    lost: bool = False  # armies lost since an earlier view: a pale chip, "Pa −2"
    stacked: bool = False  # its badges on a second line, under its letters

    @property
    def text(self) -> str:
        return f"{data.NATIONS[self.nation]['abbr']} {'−' if self.lost else ''}{self.count}"

    @property
    def width(self) -> int:
        return chip_width(self.text, len(self.badges), self.stacked)

    @property
    def height(self) -> int:
        return STACKED_H if self.stacked else CHIP_H

    def badge_xy(self, i: int) -> tuple[float, float]:
        """Where its ``i``-th badge is centred, from the chip's top-left corner."""
        return badge_xy(self.text, len(self.badges), self.stacked, i)


@lru_cache(maxsize=256)
def chip_width(text: str, badges: int, stacked: bool = False) -> int:
    w = round(chip_font().getlength(text)) + 2 * TEXT_PAD
    if stacked:
        return max(w, badges * BADGE_W + 6)
    return w + (badges * BADGE_W + 3 if badges else 0)


def badge_xy(text: str, badges: int, stacked: bool, i: int) -> tuple[float, float]:
    """Where a chip's ``i``-th badge is centred, from the chip's top-left corner: in a row
    right of its letters, or (``stacked``) centred under them."""
    if not stacked:
        return chip_width(text, 0) + BADGE_W * i + BADGE_W / 2, CHIP_H / 2
    left = (chip_width(text, badges, True) - badges * BADGE_W) / 2
    return left + BADGE_W * i + BADGE_W / 2, CHIP_H + (STACKED_H - CHIP_H - 3) / 2


def stacked(chip: Chip) -> Chip:
    """The chip with its badges under its letters (one without badges stays as it is)."""
    return replace(chip, stacked=True) if chip.badges else chip


def chips(view: MaharajaView, place: str, lost: Mapping[str, int] | None = None) -> list[Chip]:
    """The chips of every nation with armies in ``place``, in the view's order, then a
    pale chip for each nation of ``lost`` (nation -> armies lost there since an earlier
    view)."""
    out = []
    for nation, n in view["armies"].get(place, {}).items():
        badges = []
        if any(p == place and data.LEADERS[lid]["nation"] == nation
               for lid, p in view["leaders"].items()):
            badges.append("leader")
        if any(m["nation"] == nation for m in view.get("arms", {}).values()):
            badges.append("arms")
        if nation in view.get("submitted", {}):
            badges.append("submitted")
        if nation in view.get("allies", []):
            badges.append("ally")
        out.append(Chip(nation, n, owner_colour(view, nation), tuple(badges)))
    return out + [Chip(nation, n, CREAM, lost=True) for nation, n in (lost or {}).items()]


@lru_cache(maxsize=512)
def chip_sprite(text: str, colour: RGB, badges: tuple[str, ...], bg: RGB,
                lost: bool = False, stacked: bool = False) -> tuple[Image.Image, Box]:
    """A chip on a tile of its background colour, and where its text lies in the tile (a
    lost chip: pale, framed in the colour of what changed; a stacked one: its badges on
    a second line)."""
    w, h = chip_width(text, len(badges), stacked), STACKED_H if stacked else CHIP_H
    tile = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(tile)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 6, fill=colour, outline=MARK if lost else INK,
                        width=3 if lost else 1)
    text_x = w / 2 if stacked else chip_width(text, 0) / 2
    if badges:  # a light inset holds the badges: at the chip's right end, or under its text
        inset = (2, CHIP_H - 1, w - 3, h - 3) if stacked else (2 * text_x - 1, 2, w - 3, h - 3)
        d.rounded_rectangle(inset, 4, fill=CREAM)
        for i, badge in enumerate(badges):
            BADGES[badge](d, *badge_xy(text, len(badges), stacked, i))
    f = chip_font()
    d.text((text_x, CHIP_H / 2), text, font=f, fill=ink_on(colour), anchor="mm")
    return tile, d.textbbox((text_x, CHIP_H / 2), text, font=f, anchor="mm")


@dataclass
class Placed:
    """An area's pieces as laid out: its box (widened or deepened for its chips), each
    chip with its top-left corner, and its factory (the colonial nation), if any."""

    place: str
    box: Box
    chips: list[tuple[Chip, float, float]] = field(default_factory=list)
    factory: str | None = None
    grown: bool = False
    cramped: bool = False  # grown, but no box found clear of its neighbours

    def piece_boxes(self) -> list[Box]:
        """Every piece's box: the chips and the factory."""
        out = [(x, y, x + c.width, y + c.height) for c, x, y in self.chips]
        if self.factory:
            out.append(factory_box(self.box))
        return out


def factory_box(b: Box) -> Box:
    """Where the factory of an area whose box is ``b`` is drawn (its house)."""
    fx, fy = factory_xy(b)
    x, y = round(fx - FACTORY / 2), round(fy - FACTORY / 2)
    return (x, y, x + FACTORY, y + FACTORY)


def _rows(widths: list[int], room: float) -> list[list[int]]:
    """The chips of ``widths`` in rows, as many in a row as ``room`` holds (at least one)."""
    rows: list[list[int]] = [[]]
    for i, w in enumerate(widths):
        used = sum(widths[j] + GAP for j in rows[-1])
        if rows[-1] and used + w > room:
            rows.append([])
        rows[-1].append(i)
    return rows


def _free(place: str, b: Box, boxes: dict[str, Box], gap: float = 4) -> bool:
    """Whether a grown box keeps inside the map, off the key, the seas' names and every
    other box."""
    if b[0] < MAP[0] + 2 or b[2] > MAP[2] - 2 or b[1] < MAP[1] + 2 or b[3] > MAP[3] - 2:
        return False
    return not any(_meet(b, other, gap) for p, other in boxes.items() if p != place) \
        and not any(_meet(b, other, gap) for other in [KEY, *map(sea_name_box, data.SEAS)])


def _meet(a: Box, b: Box, gap: float = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


@lru_cache(maxsize=1)
def _boxes() -> dict[str, Box]:
    return {p: box(p) for p in data.LAND + list(data.OFFMAP)}


Layout = tuple[Box, list[list[int]], list[Chip]]  # a box, its rows of chips, the chips


def _grown(place: str, here: list[Chip], boxes: dict[str, Box],
           stack_first: bool = False) -> tuple[Layout, bool]:
    """The box for chips ``here`` that its own box cannot hold in one row: wider (on
    either side or both) if that stays clear of its neighbours, else deeper (downwards or
    upwards) by a row of chips at a time; where none of those keeps clear, the same with
    the badges of each chip under its letters (a narrower chip, a row deeper), or that
    first (``stack_first``). ``boxes``: every area's box as drawn so far. And whether
    none of them kept clear (the first is taken)."""
    looks = [here] + ([[stacked(c) for c in here]] if any(c.badges for c in here) else [])
    if stack_first:
        looks.reverse()
    first: Layout | None = None
    for look in looks:
        tried = list(_layouts(place, look, boxes))
        first = first or tried[0]
        # one that keeps its margin, else the first that at least touches nothing
        for gap in (4, 2):
            found = next((t for t in tried if _free(place, t[0], boxes, gap)), None)
            if found:
                return found, False
    assert first is not None
    return first, True


def _layouts(place: str, here: list[Chip], boxes: dict[str, Box]) -> Iterable[Layout]:
    """Every box, in the order of preference, that holds chips ``here``: one row widened,
    else rows as wide as the widest chip needs; each at its own top or bottom edge,
    centred, either side kept, pushed off the map's edge, or just clear of a neighbour on
    the left or the right, and always covering the area's own box (drawn on the map
    below it)."""
    base = _boxes()[place]
    widths = [c.width for c in here]
    need = max(sum(widths) + GAP * (len(widths) - 1) + 2 * PAD, base[2] - base[0])
    options: list[tuple[float, list[list[int]]]] = []
    if need <= base[2] - base[0] + MAX_WIDEN:
        options.append((need, [list(range(len(widths)))]))
    width = max(base[2] - base[0], max(widths) + 2 * PAD)
    options.append((width, _rows(widths, width - 2 * PAD)))
    for w, rows in options:
        h = base[3] - base[1] + sum(_pitch([here[i] for i in r]) for r in rows) - ROW
        for y0 in (base[1], base[3] - h):
            beside = [o for o in boxes.values() if o[1] < y0 + h + 4 and y0 < o[3] + 4]
            for x0 in ((base[0] + base[2] - w) / 2, base[0], base[2] - w, MAP[0] + 4,
                       MAP[2] - 4 - w, *(o[2] + 4 for o in beside),
                       *(o[0] - 4 - w for o in beside)):
                if x0 <= base[0] and base[2] <= x0 + w:
                    yield (x0, y0, x0 + w, y0 + h), rows, here


def _pitch(row: list[Chip]) -> int:
    """From a row of chips to the next: a stacked chip's row is two rows deep."""
    return max((c.height for c in row), default=CHIP_H) + ROW - CHIP_H


def place_area(view: MaharajaView, place: str, boxes: dict[str, Box] | None = None,
               lost: Mapping[str, int] | None = None, stack_first: bool = False) -> Placed:
    """Where an area's chips and factory go, and the box they need. ``boxes``: every
    area's box as drawn so far (a box grown for its chips stays clear of them); by
    default each area's own. ``lost``: as for ``chips``; ``stack_first``: as for
    ``_grown``."""
    here = chips(view, place, lost)
    b = _boxes()[place]
    rows = [list(range(len(here)))]
    grown = sum(c.width for c in here) + GAP * max(0, len(here) - 1) > b[2] - b[0] - 2 * PAD
    cramped = False
    if grown:
        (b, rows, here), cramped = _grown(place, here, boxes if boxes is not None
                                          else _boxes(), stack_first)
    out = Placed(place, b, factory=view["factories"].get(place), grown=grown,
                 cramped=cramped)
    y = b[1] + CHIP_DY
    for row in rows:
        row_w = sum(here[i].width for i in row) + GAP * (len(row) - 1)
        x = (b[0] + b[2] - row_w) / 2
        for i in row:
            out.chips.append((here[i], x, y))
            x += here[i].width + GAP
        y += _pitch([here[i] for i in row])
    return out


def _sea_room(sea: str, top: float) -> tuple[float, float] | None:
    """The span left free, around a sea's name, for a row of its chips from ``top`` down:
    between the nearest boxes (or the key, or another sea's name) on either side and the
    map's edges; None if something lies right under the name."""
    x, _ = sea_name_xy(sea)
    lo, hi = float(MAP[0] + 6), float(MAP[2] - 4)
    names = [sea_name_box(s) for s in data.SEAS if s != sea]
    for b in [*_boxes().values(), KEY, *names]:
        if b[1] < top + CHIP_H + 2 and top < b[3] + 2:
            if b[2] + 4 <= x:
                lo = max(lo, b[2] + 4)
            elif b[0] - 4 >= x:
                hi = min(hi, b[0] - 4)
            else:
                return None
    return lo, hi


def place_sea(view: MaharajaView, sea: str,
              lost: Mapping[str, int] | None = None) -> list[tuple[Chip, float, float]]:
    """A sea's chips (its boats' armies): rows under its name, each centred under it as far
    as the room between the coast's boxes (and the key) allows; as many chips in a row as
    that room holds (at least one: a row with no room left overlaps rather than hides)."""
    here = chips(view, sea, lost)
    out: list[tuple[Chip, float, float]] = []
    y = sea_chips_top(sea)
    while len(out) < len(here):
        lo, hi = _sea_room(sea, y) or (MAP[0] + 6, MAP[2] - 4)
        row = [here[len(out)]]
        for c in here[len(out) + 1:]:
            if sum(r.width + GAP for r in row) + c.width > hi - lo:
                break
            row.append(c)
        row_w = sum(c.width for c in row) + GAP * (len(row) - 1)
        x = min(max(sea_name_xy(sea)[0] - row_w / 2, lo), hi - row_w)
        for c in row:
            out.append((c, x, y))
            x += c.width + GAP
        y += ROW
    return out


def _paste(img: Image.Image, chip: Chip, x: float, y: float, bg: RGB) -> None:
    tile, (tx0, ty0, tx1, ty1) = chip_sprite(chip.text, chip.colour, chip.badges, bg,
                                             chip.lost, chip.stacked)
    x, y = round(x), round(y)
    img.paste(tile, (x, y))
    note(chip.text, CHIP_PX, (x + tx0, y + ty0, x + tx1, y + ty1))
    what = f"{data.NATION_NAMES[chip.nation]}"
    marker(f"chip: {what}", (x, y, x + tile.width, y + tile.height))
    for i, badge in enumerate(chip.badges):
        bx, by = chip.badge_xy(i)
        marker(f"{badge}: {what}", symbol_box(x + bx, y + by))


@lru_cache(maxsize=64)
def factory_sprite(letter: str, colour: RGB, bg: RGB,
                   lost: bool = False) -> tuple[Image.Image, Box]:
    """A factory: a house in its player's colour with its nation's initial, on a tile of
    the box's colour (24 x 24, centred on the factory's place), and its letter's box (a
    factory lost since an earlier view: pale, outlined in the colour of what changed)."""
    tile = Image.new("RGB", (FACTORY, FACTORY), bg)
    d = ImageDraw.Draw(tile)
    house(d, 0, 0, colour, MARK if lost else INK, 2 if lost else 1)
    f = chip_font()
    d.text((12, 16), letter, font=f, fill=ink_on(colour), anchor="mm")
    return tile, d.textbbox((12, 16), letter, font=f, anchor="mm")


def factory(img: Image.Image, view: MaharajaView, colonial: str, place: str, b: Box,
            lost: bool = False) -> Box:
    """Draw ``colonial``'s factory in ``place``'s box ``b`` (``lost``: one that was there
    at an earlier view); its house's box."""
    letter = data.NATIONS[colonial]["abbr"][0]
    colour = CREAM if lost else owner_colour(view, colonial)
    tile, (tx0, ty0, tx1, ty1) = factory_sprite(letter, colour, fill(place), lost)
    x, y, *_ = fb = factory_box(b)
    img.paste(tile, (round(x), round(y)))
    note(letter, CHIP_PX, (x + tx0, y + ty0, x + tx1, y + ty1))
    marker(f"factory: {data.NAMES[place]}", fb)
    return fb


def _frame(img: Image.Image, b: Box) -> None:
    ImageDraw.Draw(img).rounded_rectangle((b[0] - 4, b[1] - 4, b[2] + 4, b[3] + 4), 11,
                                          outline=GOLD, width=4)


def layout_pieces(view: MaharajaView, lost: Lost | None = None,
                  razed: Collection[str] = ()) -> list[Placed]:
    """Every land and off-map area that holds a piece (or is being fought over, or lost
    armies or a factory since an earlier view: ``lost`` place -> nation -> armies, and
    ``razed``), laid out in map order, each grown box clear of those before it. Where an
    area finds no room so, the whole map is laid out again with every badged chip of a
    grown box stacked first (a box that widened for its badges may have taken the room
    its neighbour needs); the one with fewer crowded boxes is kept."""
    first = _lay_out(view, lost or {}, razed, stack_first=False)
    if not any(p.cramped for p in first):
        return first
    again = _lay_out(view, lost or {}, razed, stack_first=True)
    return min((first, again), key=lambda out: sum(p.cramped for p in out))


def _lay_out(view: MaharajaView, lost: Lost, razed: Collection[str],
             stack_first: bool) -> list[Placed]:
    battle = (view.get("battle") or {}).get("place")
    boxes = dict(_boxes())
    out = []
    for p in list(data.OFFMAP) + data.LAND:
        if view["armies"].get(p) or view["factories"].get(p) or p == battle or p in lost \
                or p in razed:
            out.append(place_area(view, p, boxes, lost.get(p), stack_first))
            boxes[p] = out[-1].box
    return out


def draw_pieces(img: Image.Image, placed: list[Placed], view: MaharajaView,
                lost: Lost | None = None) -> None:
    d = ImageDraw.Draw(img)
    battle = view.get("battle") or {}
    for p in placed:
        if p.grown:
            draw_box(d, p.place, p.box)
    for p in placed:
        if p.place == battle.get("place"):
            _frame(img, p.box)
        for c, x, y in p.chips:
            _paste(img, c, x, y, fill(p.place))
        if p.factory:
            factory(img, view, p.factory, p.place, p.box)
    for sea in data.SEAS:
        placed_sea = place_sea(view, sea, (lost or {}).get(sea))
        for c, x, y in placed_sea:
            _paste(img, c, x, y, SEA)
        if placed_sea and sea == battle.get("place"):
            x0, y0, x1, _ = sea_name_box(sea)
            _frame(img, (min([x0] + [x for _, x, _ in placed_sea]), y0,
                         max([x1] + [x + c.width for c, x, _ in placed_sea]),
                         max(y for *_, y in placed_sea) + CHIP_H))
