"""The Vijayanagara picture shows what a player needs to see.

Checks look at decoded pixels in the boxes ``layout()`` reports (and the panel's
regions), comparing renders of views that differ in one thing, rather than at exact
pixel values. The samples are real positions played through the engine.
"""

from __future__ import annotations

import copy
import io
import math

import pytest
from PIL import Image, ImageChops

import renderer
from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.samples import PLAYERS, most_crowded
from engine.games.vijayanagara.samples import views as vijayanagara_views
from renderer import common
from renderer.vijayanagara import art as art
from renderer.vijayanagara import board as vijayanagara
from renderer.vijayanagara import header as vheader
from renderer.vijayanagara import key as vkey
from renderer.vijayanagara import layout as vlayout
from renderer.vijayanagara import map as vmap

VIEWS = vijayanagara_views()
LAYOUT = renderer.layout("vijayanagara")
W, H = vlayout.WIDTH, vlayout.HEIGHT
HEADER = (0, 0, W, vlayout.HEADER_H)
MAP = vlayout.MAP_BOX


def png(view: dict, players: dict | None = None) -> bytes:
    return renderer.render("vijayanagara", view, players=players)


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def img(view: dict, players: dict | None = None) -> Image.Image:
    return decode(png(view, players))


def near(c: tuple[int, ...], target: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, target, strict=False))


def count_in(im: Image.Image, box, colour, tol: int = 24) -> int:
    """Pixels within ``tol`` of ``colour`` (every channel) inside ``box`` (x0, y0, x1, y1)."""
    crop = im.crop(tuple(round(v) for v in box))
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, tuple(colour[:3])))
    r, g, b = (ch.point(lambda v: 255 if v <= tol else 0) for ch in diff.split())
    return ImageChops.darker(ImageChops.darker(r, g), b).histogram()[255]


def differs(a: Image.Image, b: Image.Image, box) -> int:
    """How many pixels differ between ``a`` and ``b`` inside ``box``."""
    box = tuple(round(v) for v in box)
    r, g, bl = ImageChops.difference(a.crop(box), b.crop(box)).split()
    changed = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    return changed.width * changed.height - changed.histogram()[0]


def box(space: str, grow: float = 0) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = vlayout.box_of(space, grow)
    return (round(x0), round(y0), round(x1), round(y1))


def with_spaces(view: dict, **changes: dict) -> dict:
    """``view`` with some spaces' entries replaced (``name=`` keeps the rest)."""
    v = copy.deepcopy(view)
    for sp, info in changes.items():
        v["spaces"][sp] = {**v["spaces"][sp], **info}
    return v


def bare(view: dict) -> dict:
    """No pieces, markers or highlights anywhere on the map."""
    v = copy.deepcopy(view)
    for info in v["spaces"].values():
        info.update(pieces={}, control=None, tributary=None)
    v["touched"], v["last_touched"] = [], []
    return v


# --- the file ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["start", "crowded", "end"])
def test_samples_are_pngs_of_the_advertised_size_under_400_kb(name):
    data = png(VIEWS[name], PLAYERS)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= 400 * 1024
    im = Image.open(io.BytesIO(data))
    # a phone shows it 400 px wide; taller since issue 39, for names 12 px and counts 11 px
    # tall there (docs/vijayanagara.md says why it stays portrait)
    assert im.size == (W, H) and W == 800 and H <= 1.5 * W


@pytest.mark.slow
def test_same_view_gives_same_bytes_even_with_cold_caches():
    first = png(VIEWS["crowded"], PLAYERS)
    assert png(VIEWS["crowded"], PLAYERS) == first
    _clear_caches()
    assert png(copy.deepcopy(VIEWS["crowded"]), dict(PLAYERS)) == first


def test_render_does_not_change_the_view():
    view = copy.deepcopy(VIEWS["end"])
    png(view, PLAYERS)
    assert view == VIEWS["end"]


def test_registered_with_every_space_in_its_layout():
    assert "vijayanagara" in renderer.ids()
    assert set(LAYOUT) == set(geo.SPACES) and len(LAYOUT) == 15


def test_samples_are_what_they_claim():
    start, crowded, end = VIEWS["start"], VIEWS["crowded"], VIEWS["end"]
    assert start["move"] == 0 and start["card"]["kind"] == "event" and start["result"] is None
    assert most_crowded_view(crowded)[0] >= 16  # about twenty pieces in one space
    assert crowded["result"] is None and crowded["touched"]
    assert end["result"] and end["result"]["winners"]


def most_crowded_view(view: dict) -> tuple[int, str]:
    return most_crowded({"spaces": {s: i["pieces"] for s, i in view["spaces"].items()}})


# --- the map ------------------------------------------------------------------------------


def test_boxes_stay_in_the_map_and_apart_with_room_for_roads():
    for sp in geo.SPACES:
        x0, y0, x1, y1 = box(sp)
        assert MAP[0] < x0 and x1 < MAP[2] and MAP[1] < y0 and y1 < MAP[3], sp
    spaces = list(geo.SPACES)
    for i, a in enumerate(spaces):
        for b in spaces[i + 1 :]:
            (ax, ay), (bx, by) = LAYOUT[a], LAYOUT[b]
            apart_x = abs(ax - bx) >= vlayout.BOX_W + vlayout.GAP - 2
            apart_y = abs(ay - by) >= vlayout.BOX_H + vlayout.GAP - 2
            assert apart_x or apart_y, (a, b)


def test_spaces_keep_their_geographic_places():
    """The grid is schematic (the map fills an 800-px picture), but keeps map.json's
    order: north stays north, west stays west, for spaces clearly apart."""
    xy = vlayout.XY
    for a in geo.SPACES:
        for b in geo.SPACES:
            if xy[b][1] - xy[a][1] >= 0.08:
                assert LAYOUT[a][1] < LAYOUT[b][1], (a, "north of", b)
            if xy[b][0] - xy[a][0] >= 0.08:
                assert LAYOUT[a][0] < LAYOUT[b][0], (a, "west of", b)


def test_legend_and_influence_sit_in_the_sea_clear_of_every_space():
    for panel in (vlayout.LEGEND_BOX, vlayout.INFLUENCE_BOX):
        assert MAP[0] < panel[0] < panel[2] < MAP[2] and MAP[1] < panel[1] < panel[3] < MAP[3]
        for sp in geo.SPACES:
            x0, y0, x1, y1 = box(sp)
            assert panel[2] < x0 or x1 < panel[0] or panel[3] < y0 or y1 < panel[1], sp


def test_a_road_joins_exactly_the_adjacent_spaces():
    adjacent = {frozenset((a, b)) for a in geo.SPACES for b in geo.ADJ[a]}
    assert {frozenset(e) for e in vlayout.EDGES} == adjacent
    im = img(bare(VIEWS["start"]))
    for edge, pts in vlayout.ROADS.items():
        # the road's middle is outside every box, and drawn
        x, y = pts[len(pts) // 2]
        assert not any(vlayout._inside((x, y), vlayout.box_of(s)) for s in geo.SPACES), (
            edge
        )
        assert count_in(im, (x - 2, y - 2, x + 3, y + 3), art.LINK, tol=20) > 0, edge


def _crosses(p1, p2, q1, q2) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return side(p1, p2, q1) * side(p1, p2, q2) < 0 and side(q1, q2, p1) * side(q1, q2, p2) < 0


def test_vindhya_range_separates_the_spaces_it_blocks_and_is_drawn():
    ridge = vlayout.RIDGE
    touches = geo.MAP["vindhya_range"]["touches"]
    blocked = [
        (a, b) for i, a in enumerate(touches) for b in touches[i + 1 :] if b not in geo.ADJ[a]
    ]
    assert {frozenset(p) for p in blocked} == {
        frozenset(("malwa", "gondwana")),
        frozenset(("madhyadesh", "jaunpur")),
    }
    for a, b in blocked:
        assert _crosses(ridge[0], ridge[1], LAYOUT[a], LAYOUT[b]), (a, b)
    assert math.dist(*ridge) > 60
    assert LAYOUT["malwa"][0] < ridge[0][0] < LAYOUT["gondwana"][0]  # between the two
    im = img(bare(VIEWS["start"]))
    mx, my = (ridge[0][0] + ridge[1][0]) / 2, (ridge[0][1] + ridge[1][1]) / 2
    assert count_in(im, (mx - 16, my - 16, mx + 16, my + 16), art.MOUNTAIN, tol=20) > 30


def test_prosperity_coins_on_provinces_only():
    im = img(bare(VIEWS["start"]))
    for sp in geo.SPACES:
        x0, y0, _, _ = box(sp)
        coin = count_in(im, (x0 - 10, y0 - 10, x0 + 16, y0 + 16), art.COIN, tol=16)
        if geo.PROSPERITY[sp]:
            assert coin > 60, sp
        else:
            assert coin == 0, sp


def test_control_and_tributary_markers():
    view = bare(VIEWS["start"])
    corner = (
        *(box("gujarat")[2] - 16, box("gujarat")[1] - 10),
        box("gujarat")[2] + 10,
        box("gujarat")[1] + 16,
    )
    ruled = img(with_spaces(view, gujarat={"control": "bahmani", "tributary": False}))
    tribute = img(with_spaces(view, gujarat={"control": None, "tributary": True}))
    free = img(with_spaces(view, gujarat={"control": None, "tributary": False}))
    assert count_in(ruled, corner, art.BAHMANI) > 150
    assert count_in(tribute, corner, art.BAHMANI) == 0
    assert count_in(tribute, corner, art.DELHI_LIGHT, tol=12) > 100
    assert count_in(free, corner, art.DELHI_LIGHT, tol=12) == 0
    assert count_in(free, corner, art.BAHMANI) == 0
    for f, colour in (("delhi", art.DELHI), ("vijayanagara", art.VIJAYANAGARA)):
        other = img(with_spaces(view, gujarat={"control": f, "tributary": False}))
        assert count_in(other, corner, colour, tol=12) > 100, f


# --- pieces --------------------------------------------------------------------------------


def test_the_crowded_space_shows_its_count_not_a_heap():
    view = VIEWS["crowded"]
    n, sp = most_crowded_view(view)
    kind, k = max(view["spaces"][sp]["pieces"].items(), key=lambda kv: kv[1])
    assert k >= 10
    shown = img(view)
    one_more = img(
        with_spaces(view, **{sp: {"pieces": {**view["spaces"][sp]["pieces"], kind: k + 1}}})
    )
    x0, y0, x1, y1 = box(sp)
    # the difference is the count's digits: inside the box, right of the icon, and nowhere else
    changed = differs(shown, one_more, (0, 0, W, H))
    assert changed > 20
    compact, rows = vmap.arrange(sp, view["spaces"][sp]["pieces"])
    icon, _, row_h = vmap.COMPACT if compact else vmap.REGULAR
    r = next(i for i, rw in enumerate(rows) if any(kd == kind for kd, _, _ in rw))
    dx = next(x for kd, _, x in rows[r] if kd == kind)
    cx = x0 + vmap.PAD + dx
    cy = y0 + vmap.chips_top(sp) + r * row_h
    digits = (cx + icon + 1, cy, cx + vmap.chip_width(kind, k, compact), cy + row_h)
    assert differs(shown, one_more, digits) == changed


def test_a_crowded_space_keeps_its_chips_at_the_one_legible_size():
    """Reproduced: Orissa (14 Troops, a Governor, two Amirs and a Fort) shrank its icons
    and counts. Every chip of a box is the same size, and the counts always 19 px."""
    orissa = VIEWS["crowded"]["spaces"]["orissa"]["pieces"]
    assert sum(orissa.values()) >= 18 and len(vmap.counted(orissa)) == 2
    compact, rows = vmap.arrange("orissa", orissa)
    assert not compact and sum(len(r) for r in rows) == 5
    with common.recording() as drawn:
        png(VIEWS["crowded"])
    x0, y0, x1, y1 = box("orissa")
    counts = [d for d in drawn if d.text.isdigit() and x0 < d.box[0] < x1 and y0 < d.box[1] < y1]
    assert sorted(d.text for d in counts) == sorted(str(v) for v in orissa.values())
    assert {d.px for d in counts} == {vmap.COUNT_PX}


def test_twenty_of_every_kind_stay_inside_their_box():
    view = bare(VIEWS["start"])
    full = {k: 20 for k in vijayanagara.KIND_ORDER if k != "invader"}
    packed = img(with_spaces(view, malwa={"pieces": full}))
    empty = img(view)
    x0, y0, x1, y1 = box("malwa")
    inside = differs(packed, empty, (x0, y0, x1, y1))
    assert inside > 9 * 150  # nine icons with two digits each
    assert differs(packed, empty, (0, 0, W, H)) == inside
    compact, rows = vmap.arrange("malwa", full)
    assert compact and sum(len(r) for r in rows) == 9  # all nine, none cut
    # and the north holds Delhi's pieces and the Mongols
    north = img(
        with_spaces(
            view, delhi={"pieces": {"troop": 25, "governor": 3, "qasbah": 1, "invader": 12}}
        )
    )
    dx0, dy0, dx1, dy1 = box("delhi")
    assert differs(north, empty, (0, 0, W, H)) == differs(north, empty, (dx0, dy0, dx1, dy1))
    assert count_in(north, (dx0, dy0, dx1, dy1), art.MONGOLS) > 60


@pytest.mark.parametrize(
    ("kind", "colour"),
    [
        ("troop", art.DELHI),
        ("amir_o", art.BAHMANI),
        ("raja_r", art.VIJAYANAGARA),
        ("temple", art.VIJAYANAGARA),
        ("fort", art.BAHMANI),
    ],
)
def test_pieces_wear_their_faction_colour(kind, colour):
    view = bare(VIEWS["start"])
    im = img(with_spaces(view, andhra={"pieces": {kind: 3}}))
    own = count_in(im, box("andhra"), colour, tol=12)
    assert own > 30  # one icon's fill
    others = [c for c in (art.DELHI, art.BAHMANI, art.VIJAYANAGARA, art.MONGOLS) if c != colour]
    for other in others:  # at most a few anti-aliased edge pixels come close to another
        assert count_in(im, box("andhra"), other, tol=12) < own / 4


def test_every_piece_kind_has_its_own_look_even_in_greyscale():
    """Colour-blind players (and anyone in monochrome) still tell every kind apart:
    Obedient and Rebelling, Amir and Raja, unit and Structure."""
    size = 44
    masks = {}
    for kind in art.PIECES:
        tile = art.piece_sprite(kind, size)
        flat = Image.new("RGB", tile.size, (255, 255, 255))
        flat.paste(tile, (0, 0), tile)
        masks[kind] = [v < 128 for v in flat.convert("L").tobytes()]
    kinds = list(masks)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            diff = sum(x != y for x, y in zip(masks[a], masks[b], strict=True))
            assert diff > 60, (a, b, diff)


def test_markers_carry_letters_not_just_colours():
    size = 40
    masks = {}
    for f in ("delhi", "bahmani", "vijayanagara", "mongols"):
        tile = art.marker_sprite(f, size).convert("RGB").convert("L")
        masks[f] = [v > 140 for v in tile.tobytes()]  # the light or dark letter, thresholded
    # each pair differs in more than colour: compare the letters' shapes via luminance
    assert len({tuple(m) for m in masks.values()}) == 4


# --- highlights -----------------------------------------------------------------------------


def _frame(im: Image.Image, sp: str) -> int:
    """Blue highlight pixels in the band just outside a space's box."""
    x0, y0, x1, y1 = box(sp)
    band = [
        (x0 - 6, y0 + 20, x0 - 1, y1 - 10),
        (x1 + 1, y0 + 20, x1 + 6, y1 - 10),
        (x0 + 30, y1 + 1, x1 - 30, y1 + 6),
    ]
    return sum(count_in(im, b, art.LAST[:3], tol=30) for b in band)


def test_spaces_touched_on_this_card_are_framed():
    view = VIEWS["crowded"]
    touched = set(view["touched"]) | set(view["card_touched"])
    im = img(view)
    for sp in touched:
        assert _frame(im, sp) > 150, sp
    for sp in set(geo.SPACES) - set(touched):
        assert _frame(im, sp) == 0, sp


def test_last_action_is_framed_when_nothing_is_under_way():
    view = {**VIEWS["crowded"], "touched": [], "card_touched": [],
            "last_touched": ["karnataka", "andhra"]}
    im = img(view)
    assert _frame(im, "karnataka") > 150 and _frame(im, "andhra") > 150
    assert _frame(im, "orissa") == 0
    # the action under way wins over the last one
    both = img({**view, "touched": ["gujarat"]})
    assert _frame(both, "gujarat") > 150 and _frame(both, "karnataka") == 0


# --- header, tracks and the end -------------------------------------------------------------


def test_header_names_the_faction_and_player_to_act():
    view = VIEWS["crowded"]
    who = view["active"][0]
    named, anonymous = img(view, PLAYERS), img(view)
    assert PLAYERS[who]
    assert differs(named, anonymous, (0, 0, W, 50)) > 300
    assert count_in(named, (20, 9, 54, 43), art.FACTION_COLOUR[who], tol=12) > 300
    other = {**view, "active": ["delhi"]}
    assert differs(img(other, PLAYERS), named, (0, 0, W, 50)) > 300


def said(view: dict, players: dict | None = None) -> list[str]:
    """The information texts a render of ``view`` notes, in drawing order."""
    with common.recording() as drawn:
        png(view, players)
    return [d.text for d in drawn if d.info]


def test_header_tells_what_the_last_move_did_with_its_dice():
    """Reproduced: the header showed only the last log line, so a battle's dice never
    appeared. It now says the last turn, each battle in one line with the dice as they
    ended (after any Charge)."""
    log = ["Card 21: Death at Thatta (order Delhi, Vijayanagara, Bahmani).",
           "Delhi: March.", "2 Troops move Delhi → Punjab.",
           "Vijayanagara: Limited Attack.",
           "Attack in Andhra: Vijayanagara (1 units) roll [6 1 5 3], Delhi (1 units) roll [4 2].",
           "Vijayanagara Charge: die 1 now 5.",
           "Vijayanagara [5 1 5 3] score 1 hit(s); Delhi [4 2] score 0 hit(s).",
           "Delhi lose one Troop in Andhra."]
    with common.recording() as drawn:
        png({**VIEWS["crowded"], "log": log})
    header = " ".join(d.text for d in drawn if d.box[3] <= vlayout.HEADER_H)
    assert "Vijayanagara: Limited Attack." in header
    assert "Attack in Andhra: Vijayanagara [5 1 5 3] 1 hit, Delhi [4 2] 0 hits after Charge." \
        in header
    assert "Delhi lose one Troop in Andhra." in header
    assert "Delhi: March" not in header  # an earlier turn


def test_the_last_move_in_brief():
    assert vheader.last_move(["a", "Delhi: March.", "b", "Delhi: Decree Campaign.", "c"]) == [
        "Delhi: March.", "b", "Delhi: Decree Campaign.", "c"]
    assert vheader.last_move(["Bahmani pass (+1 Resources).", "Card 3: X."]) == [
        "Bahmani pass (+1 Resources).", "Card 3: X."]
    assert vheader.last_move(["one", "two"]) == ["one", "two"]
    # a battle still waiting for a Cavalry choice shows its roll as logged
    roll = "Attack in Orissa: Delhi (3 units) roll [1 2 3 4], Bahmani (1 units) roll [5 6]."
    assert vheader.brief(["Delhi: Attack.", roll]) == ["Delhi: Attack.", roll]
    # two battles, each in one line
    lines = vheader.brief([
        roll, "Delhi [1 2 3 4] score 3 hit(s); Bahmani [5 6] score 0 hit(s).",
        "Attack in Gujarat: Delhi (1 units) roll [6 6 6 6], Bahmani (2 units) roll [1 1].",
        "Bahmani Screen the opposing die 2.",
        "Delhi [6 x 6 6] score 0 hit(s); Bahmani [1 1] score 2 hit(s)."])
    assert lines == ["Attack in Orissa: Delhi [1 2 3 4] 3 hits, Bahmani [5 6] 0 hits.",
                     "Attack in Gujarat: Delhi [6 x 6 6] 0 hits, Bahmani [1 1] 2 hits "
                     "after Charge."]


def test_the_last_move_reads_verbs_that_agree_with_the_faction():
    """Since issue 36 a log's verbs agree ("Delhi rolls", "Mongols roll"); a stored log's
    older lines ("Delhi roll", above) are read alike."""
    assert vheader.last_move(["Bahmani passes (+1 Resource).", "Card 3: X."]) == [
        "Bahmani passes (+1 Resource).", "Card 3: X."]
    assert vheader.last_move(["x", "Delhi carries out the shaded Event.", "y"]) == [
        "Delhi carries out the shaded Event.", "y"]
    roll = "Attack in Orissa: Mongols (3 units) roll [1 2 3 4], Delhi (1 unit) rolls [5 6]."
    assert vheader.brief([roll, "Mongols [1 2 3 4] score 1 hit; Delhi [5 6] scores 0 hits."]) \
        == ["Attack in Orissa: Mongols [1 2 3 4] 1 hit, Delhi [5 6] 0 hits."]


def test_finished_game_has_a_gold_banner_and_the_final_score():
    end = VIEWS["end"]
    playing = {**end, "result": None, "active": ["delhi"]}
    done, running = img(end, PLAYERS), img(playing, PLAYERS)
    assert differs(done, running, HEADER) > 20_000
    assert count_in(done, (W // 2 - 8, 2, W // 2 + 8, 18), art.BANNER) > 200
    assert count_in(running, (W // 2 - 8, 2, W // 2 + 8, 18), art.FRAME) > 200
    # the scores are drawn: changing one changes the header
    scores = {**end["result"]["scores"]}
    loser = next(f for f in scores if f not in end["result"]["winners"])
    scores[loser] -= 1
    changed = img({**end, "result": {**end["result"], "scores": scores}}, PLAYERS)
    assert differs(done, changed, HEADER) > 50
    no_reason = {**end, "result": {**end["result"], "scores": scores, "reason": ""}}
    line = next(t for t in said(no_reason, PLAYERS) if t.startswith("Final score"))
    assert f"{geo.SHORT[loser]} {scores[loser]} VP" in line


def test_the_pieces_key_counts_the_available_pieces():
    view = VIEWS["crowded"]
    im = img(view)
    key = vlayout.LEGEND_BOX
    for kind in ("troop", "amir", "raja", "invader"):
        fewer = {**view, "available": {**view["available"], kind: view["available"][kind] + 3}}
        assert differs(im, img(fewer), key) > 20, kind
    texts = said(view)
    assert "Pieces" in texts and "Rebelling" in texts and "Raja" in texts


def test_influence_marker_moves_along_its_track():
    view = {**VIEWS["start"], "influence": {"bahmani": 0, "vijayanagara": 3}}
    im = img(view)

    def cell(i: int, lvl: int, colour) -> int:
        return count_in(im, vkey.cell(i, lvl), colour, tol=12)

    assert cell(0, 0, art.BAHMANI) > 200 and cell(0, 3, art.BAHMANI) == 0
    assert cell(1, 3, art.VIJAYANAGARA) > 200 and cell(1, 0, art.VIJAYANAGARA) == 0
    # units waiting on a slot are counted
    slots = copy.deepcopy(view["influence_slots"])
    slots["vijayanagara"]["4"] = 1
    fewer = img({**view, "influence_slots": slots})
    assert differs(im, fewer, vkey.cell(1, 4)) > 10
    assert differs(im, fewer, vkey.cell(1, 2)) == 0


@pytest.mark.parametrize(
    "card",
    [
        {"id": "m1", "title": "Mongol Invasion (Bahmani)", "kind": "mongol", "faction": "bahmani"},
        {"id": "s1", "title": "Zenith of the Delhi Sultanate", "kind": "succession"},
        {"id": "t2", "title": "Timurid Empire: Timur Invades Delhi", "kind": "timurid"},
        {
            "id": "e5",
            "title": "By hand",
            "number": 5,
            "kind": "event",
            "order": [],
            "stay_eligible": False,
            "text": {"unshaded": "", "shaded": ""},
        },
        None,
    ],
)
def test_every_kind_of_card_renders(card):
    im = img({**VIEWS["start"], "card": card})
    assert im.size == (W, H)


def test_long_or_odd_player_names_do_not_break_the_picture():
    names = {"delhi": "A" * 300, "bahmani": "tab\tand\nnewline 🐘", "vijayanagara": None}
    for view in VIEWS.values():
        assert img(view, names).size == (W, H)


# --- robustness ---------------------------------------------------------------------------


def _clear_caches() -> None:
    for fn in (
        common.font,
        vijayanagara._background,
        vijayanagara.palette,
        vmap.chip_sprite,
        vmap._name_sprite,
        vmap.name_lines,
        vmap._arrange,
        art.piece_sprite,
        art.marker_sprite,
        art.tributary_sprite,
        art.coin_sprite,
        art.frame_sprite,
        art._word_tile,
        art._glyph,
        art._advance,
    ):
        fn.cache_clear()


@pytest.mark.slow
def test_a_minimal_view_renders():
    """Only a few fields; missing extras must not crash it."""
    view = {"spaces": {"delhi": {"pieces": {"troop": 2}}}, "active": ["delhi"], "result": None}
    assert img(view).size == (W, H)


# --- legible in a phone's chat column (issue 13) -------------------------------------------


def test_tributary_marker_and_troop_never_share_a_letter():
    assert art.PIECES["troop"][2] != art.TRIBUTARY_GLYPH
    letters = [letter for _, _, letter in art.PIECES.values() if letter]
    assert art.TRIBUTARY_GLYPH not in letters


@pytest.mark.parametrize("unit", ["amir", "raja"])
def test_a_rebelling_unit_flies_a_red_pennant_an_obedient_one_does_not(unit):
    def red(kind: str) -> int:
        tile = art.piece_sprite(kind, vmap.REGULAR[0]).convert("RGB")
        return count_in(tile, (0, 0, *tile.size), art.REBEL_FLAG, tol=30)

    assert red(f"{unit}_r") >= 12
    assert red(f"{unit}_o") == 0


@pytest.mark.parametrize("compact", [False, True])
def test_chips_keep_clear_of_each_other_and_inside_their_box(compact):
    """Reproduced: a count ran into the next icon. Each chip's tile holds its icon and its
    count; the tiles of a row lie apart and inside the box."""
    for n in (1, 9, 14, 20):
        tile, (x0, y0, x1, y1) = vmap.chip_sprite("troop", n, compact)
        icon = (vmap.COMPACT if compact else vmap.REGULAR)[0]
        assert x0 >= icon + 1 and x1 <= tile.width and y0 >= 0 and y1 <= tile.height, n
    pieces = {"troop": 14, "governor": 1, "amir_o": 11, "amir_r": 12, "fort": 1, "raja_o": 3}
    for sp in geo.SPACES:
        got, rows = vmap.arrange(sp, pieces)
        gap = (vmap.COMPACT if got else vmap.REGULAR)[1]
        for row in rows:
            ends = [x + vmap.chip_width(k, n, got) for k, n, x in row]
            assert all(e + gap <= x for e, (_, _, x) in zip(ends, row[1:], strict=False)), sp
            assert ends[-1] <= vlayout.BOX_W - 2 * vmap.PAD, sp



def _box_gap(p, box) -> float:
    x0, y0, x1, y1 = box
    dx = max(x0 - p[0], 0, p[0] - x1)
    dy = max(y0 - p[1], 0, p[1] - y1)
    return math.hypot(dx, dy)


def test_every_road_keeps_clear_of_the_spaces_it_does_not_reach():
    """Reproduced: Maharashtra–Gondwana curved right under Madhyadesh's box."""
    for (a, b), pts in vlayout.ROADS.items():
        for s in geo.SPACES:
            if s in (a, b):
                continue
            gap = min(_box_gap(p, vlayout.box_of(s)) for p in pts)
            assert gap >= vlayout.ROAD_CLEAR - 1, (a, b, s, gap)


def test_no_two_roads_run_side_by_side():
    """Reproduced: two roads left Maharashtra almost in parallel. Two roads may meet at
    the box they share, or cross, but never run alongside each other: where one comes
    within 8 px of the other, it does so for 24 px at most (a crossing at 40 degrees)."""
    roads = vlayout.ROADS
    edges = list(roads)
    for i, e in enumerate(edges):
        for f in edges[i + 1 :]:
            shared = set(e) & set(f)
            near_ends = [vlayout.box_of(s, vlayout.END_ZONE) for s in shared]
            alongside = [
                p for p in roads[e]
                if not any(vlayout._inside(p, b) for b in near_ends)
                and min(math.dist(p, q) for q in roads[f]) < 8
            ]
            stretch = math.dist(alongside[0], alongside[-1]) if alongside else 0
            assert stretch <= 24, (e, f, stretch)  # a crossing touches briefly


def test_a_box_shows_every_piece_at_the_one_size():
    """Reproduced (issue 26): a box with many kinds drew them smaller. Chips are one size
    (counts 19 px: 9.5 px when the picture is shown 400 px wide); only a box too full for
    that takes compact chips, whose icons are smaller and whose counts are not."""
    few = {"troop": 3, "amir_r": 2, "fort": 1}
    many = {"troop": 14, "governor": 1, "qasbah": 1, "amir_o": 1, "amir_r": 1, "fort": 1}
    assert not vmap.arrange("andhra", few)[0] and not vmap.arrange("andhra", many)[0]
    big, small = vmap.chip_sprite("troop", 3), vmap.chip_sprite("troop", 3, True)
    assert abs((big[1][3] - big[1][1]) - (small[1][3] - small[1][1])) <= 1  # the same count


def test_long_space_names_fit_their_box_without_being_crushed():
    """Reproduced: "Rajput Kingdoms" was squeezed hard between its badges. Every name is
    NAME_PX tall (12 px on a phone); a name too long for one line in bold takes the regular
    face, and one too long for that two lines; no line is squeezed by more than 5 %."""
    for sp in geo.SPACES:
        name, room = geo.NAMES[sp], vmap.name_room(sp)
        bold, lines = vmap.name_lines(name, room)
        assert " ".join(lines) == name
        for line in lines:
            assert common.font(vmap.NAME_PX, bold=bold).getlength(line) <= room * 1.05, line
        if len(lines) == 2:  # the first line lies between the corner badges
            assert common.font(vmap.NAME_PX, bold=bold).getlength(lines[0]) <= vmap.badge_room(sp)
    assert vmap.NAME_PX * common.PHONE_WIDTH / W >= common.PHONE_NAME_FLOOR_PX
    assert len(vmap.name_lines("Rajput Kingdoms", vmap.name_room("rajput"))[1]) == 2

def test_no_road_runs_along_the_vindhya_range():
    """Reproduced: Malwa–Jaunpur ran along the mountains, reading as if it crossed them."""
    (ax, ay), (bx, by) = vlayout.RIDGE
    length = math.dist((ax, ay), (bx, by))

    def to_ridge(p):
        t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length**2))
        return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))

    for edge, pts in vlayout.ROADS.items():
        assert min(to_ridge(p) for p in pts) >= 16, edge
    assert length >= 90  # and the range is drawn long enough to see what it blocks
