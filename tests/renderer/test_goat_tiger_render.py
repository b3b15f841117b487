"""The Goat-Tiger picture shows what a player needs to see.

Checks look at decoded pixels around the points ``layout()`` reports, comparing
renders of views that differ in one thing, rather than at exact pixel values.
"""

from __future__ import annotations

import copy
import functools
import io
import math

import pytest
from PIL import Image

import renderer
from engine.games.goat_tiger import data as geo
from engine.games.goat_tiger.samples import PLAYERS
from engine.games.goat_tiger.samples import views as goat_tiger_views
from renderer import common
from renderer.goat_tiger import art as art
from renderer.goat_tiger import board as goat_tiger

VIEWS = goat_tiger_views()
LAYOUT = renderer.layout("goat_tiger")


def png(view: dict, players: dict[str, str] | None = None) -> bytes:
    return renderer.render("goat_tiger", view, players=players)


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(c: tuple[int, ...], target: tuple[int, ...], tol: int = 24) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, target, strict=False))


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    data = img.tobytes()  # RGB bytes: works on every Pillow (getdata is deprecated in 12)
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


def count(img: Image.Image, centre: tuple[int, int], radius: int, colour, tol: int = 24) -> int:
    """Pixels of ``colour`` in the square of half-side ``radius`` around ``centre``."""
    x, y = centre
    box = img.crop((x - radius, y - radius, x + radius + 1, y + radius + 1))
    return sum(1 for c in pixels(box) if near(c, colour, tol))


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels differ between ``a`` and ``b`` inside ``box``."""
    pa, pb = pixels(a.crop(box)), pixels(b.crop(box))
    return sum(1 for x, y in zip(pa, pb, strict=True) if x != y)


def around(label: str, r: int) -> tuple[int, int, int, int]:
    x, y = LAYOUT[label]
    return (x - r, y - r, x + r + 1, y + r + 1)


def piece_covers(box: tuple[float, float, float, float], point: str, kind: str) -> bool:
    """Whether a ``kind`` piece on ``point`` (its own pixels, not its soft shadow) would
    cover any part of ``box``."""
    return pixels_under(point, kind, tuple(round(v) for v in box)) > 0


@functools.lru_cache(maxsize=4096)
def pixels_under(point: str, kind: str, box: tuple[int, ...]) -> int:
    tile = art.piece_sprite(kind, goat_tiger.PIECE_R, shadow=False).getchannel("A")
    x, y = goat_tiger.POS[point]
    left, top = round(x - tile.width / 2), round(y - tile.height / 2)
    crop = tile.crop((box[0] - left, box[1] - top, box[2] - left, box[3] - top))
    return sum(1 for a in crop.tobytes() if a > 24)


# --- the file ---------------------------------------------------------------------------


def test_output_is_a_png_of_the_advertised_size():
    data = png(VIEWS["start"])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    assert img.size == (goat_tiger.WIDTH, goat_tiger.HEIGHT)
    assert 900 <= img.width <= 1000  # wide enough for phones, Discord shows ~550 px


@pytest.mark.parametrize("name", ["start", "mid", "crowded", "end", "selected"])
def test_file_is_small(name):
    assert len(png(VIEWS[name], PLAYERS)) < 300_000


@pytest.mark.slow
def test_same_view_gives_same_bytes_even_with_cold_caches():
    first = png(VIEWS["mid"], PLAYERS)
    assert png(VIEWS["mid"], PLAYERS) == first
    _clear_caches()
    assert png(copy.deepcopy(VIEWS["mid"]), PLAYERS) == first


def test_render_does_not_change_the_view():
    view = copy.deepcopy(VIEWS["end"])
    png(view, PLAYERS)
    assert view == VIEWS["end"]


def test_unknown_game_id_raises_key_error():
    with pytest.raises(KeyError, match="chess"):
        renderer.render("chess", VIEWS["start"])
    with pytest.raises(KeyError, match="goat_tiger"):  # names the games it does know
        renderer.layout("chess")


# --- the board ---------------------------------------------------------------------------


def test_layout_has_every_point_inside_the_image():
    assert set(LAYOUT) == set(geo.LABELS) and len(LAYOUT) == 23
    assert len(set(LAYOUT.values())) == 23
    for x, y in LAYOUT.values():
        assert 0 < x < goat_tiger.WIDTH and goat_tiger.HEADER_H < y < goat_tiger.HEIGHT


def test_lines_are_straight_rows_level_and_wings_vertical():
    for line in geo.LINES:
        pts = [LAYOUT[geo.LABELS[i]] for i in line]
        (x0, y0), (x1, y1) = pts[0], pts[-1]
        for x, y in pts:  # distance from the line through the two ends
            assert abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / math.dist(pts[0], pts[-1]) < 2
    rows = {r: {LAYOUT[p["label"]][1] for p in geo.POINTS if p["row"] == r} for r in range(5)}
    assert all(len(ys) == 1 for ys in rows.values())
    ys = [next(iter(rows[r])) for r in range(5)]
    assert len({b - a for a, b in zip(ys, ys[1:], strict=False)}) == 1  # equally spaced
    assert LAYOUT["b1"][0] == LAYOUT["c1"][0] == LAYOUT["d1"][0]
    assert LAYOUT["b6"][0] == LAYOUT["c6"][0] == LAYOUT["d6"][0]


def test_all_38_edges_are_carved_and_nothing_else():
    empty = {**VIEWS["start"], "board": {}}
    img = decode(png(empty))
    assert len(goat_tiger.EDGES) == 38

    def dark_at_midpoint(a: str, b: str) -> bool:
        (ax, ay), (bx, by) = LAYOUT[a], LAYOUT[b]
        mid = ((ax + bx) // 2, (ay + by) // 2)
        return count(img, mid, 2, art.GROOVE, tol=30) > 0

    assert all(dark_at_midpoint(a, b) for a, b in goat_tiger.EDGES)
    # points that are close but not joined: the wing is not linked to the base row,
    # and the rows are not linked to the apex except through the fan lines
    for a, b in [("d1", "e2"), ("d6", "e5"), ("a", "b1"), ("b2", "c1"), ("c3", "d2")]:
        assert not dark_at_midpoint(a, b), (a, b)


def _label_box(label: str) -> tuple[int, int, int, int]:
    """Where the label's visible pixels (text and halo) land in the picture."""
    return goat_tiger._label_sprites()[label][1]


def test_labels_sit_next_to_pieces_never_under_them_or_each_other():
    boxes = {lab: _label_box(lab) for lab in LAYOUT}
    for lab, box in boxes.items():
        assert box[0] >= 0 and box[2] <= goat_tiger.WIDTH and box[3] <= goat_tiger.HEIGHT
        for other in LAYOUT:  # whichever piece stands there, a tiger's ears included
            for kind in ("goat", "tiger"):
                assert not piece_covers(box, other, kind), (lab, other, kind)
        # and each label is nearest to its own point, so it reads as that point's name
        mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        assert min(LAYOUT, key=lambda p: math.dist(LAYOUT[p], mid)) == lab
    labels = list(boxes)
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            (a0, a1, a2, a3), (b0, b1, b2, b3) = boxes[a], boxes[b]
            assert a2 <= b0 or b2 <= a0 or a3 <= b1 or b3 <= a1, (a, b)


def test_labels_are_legible_text_size():
    # 9 px at least where a phone shows the picture 400 px wide
    assert goat_tiger.LABEL_SIZE * common.PHONE_WIDTH / goat_tiger.WIDTH >= common.PHONE_MIN_PX
    for lab in ("a", "b3", "e5"):
        assert goat_tiger._label_sprites()[lab][0].height >= 16  # not a 10 px bitmap font


# --- pieces -------------------------------------------------------------------------------


def test_goat_point_shows_goat_colour_and_empty_point_does_not():
    img = decode(png(VIEWS["mid"]))
    board = VIEWS["mid"]["board"]
    goat = next(p for p, k in board.items() if k == "goat")
    marked = set(VIEWS["mid"]["last"].values())  # the arrow's start and the ✕
    empty = next(p for p in LAYOUT if p not in board and p not in marked)
    assert count(img, LAYOUT[goat], 20, art.GOAT_FILL) > 150
    assert count(img, LAYOUT[empty], 20, art.GOAT_FILL) == 0
    assert count(img, LAYOUT[empty], 20, art.TIGER_FILL) == 0


def test_goats_and_tigers_differ_in_colour_and_shape():
    img = decode(png({**VIEWS["start"], "board": {"c3": "goat", "b3": "tiger"}}))
    goat, tiger = LAYOUT["c3"], LAYOUT["b3"]
    # colour: a light goat, an orange tiger (whose only light part is a small muzzle)
    assert count(img, goat, 20, art.GOAT_FILL) > 600
    assert count(img, goat, 20, art.TIGER_FILL) == 0
    assert count(img, tiger, 20, art.TIGER_FILL) > 600
    assert count(img, tiger, 20, art.GOAT_FILL) < count(img, tiger, 20, art.TIGER_FILL) / 4
    # shape: a tiger's ears stick out above its disc, a goat's outline is round
    r = goat_tiger.PIECE_R

    def dark_above(p: str) -> int:
        x, y = LAYOUT[p]
        ear = (x + r * 0.75, y - r * 0.95)  # just outside the disc, where a tiger's ear is
        return count(img, (round(ear[0]), round(ear[1])), 2, art.TIGER_INK, tol=40)

    assert dark_above("b3") > 0 and dark_above("c3") == 0


# --- highlights ---------------------------------------------------------------------------


def _without_last(view: dict) -> dict:
    return {**view, "last": None}


def test_last_move_destination_is_ringed():
    view = VIEWS["mid"]
    dst = view["last"]["to"]
    with_last, without = decode(png(view)), decode(png(_without_last(view)))
    assert differs(with_last, without, around(dst, goat_tiger.PIECE_R + 14)) > 200
    blue = art.LAST[:3]
    assert count(with_last, LAYOUT[dst], goat_tiger.PIECE_R + 12, blue) > 100
    assert count(without, LAYOUT[dst], goat_tiger.PIECE_R + 12, blue) == 0


def test_last_move_arrow_runs_from_the_start_point():
    board = {p: k for p, k in VIEWS["mid"]["board"].items() if p != "d4"} | {"d3": "tiger"}
    last = {"role": "tigers", "from": "d4", "to": "d3", "over": None}
    view = {**VIEWS["mid"], "board": board, "last": last}
    src, dst = view["last"]["from"], view["last"]["to"]
    img = decode(png(view))
    assert count(img, LAYOUT[src], 16, art.LAST[:3]) > 30  # the origin marker
    (sx, sy), (dx, dy) = LAYOUT[src], LAYOUT[dst]
    quarter = (round(sx + (dx - sx) / 4), round(sy + (dy - sy) / 4))  # on the shaft
    assert count(img, quarter, 4, art.LAST[:3]) > 5


def test_a_leap_arrow_hops_over_the_captured_point_clear_of_its_cross():
    view = VIEWS["mid"]
    src, dst, over = (view["last"][k] for k in ("from", "to", "over"))
    img = decode(png(view))
    assert count(img, LAYOUT[src], 16, art.LAST[:3]) > 30  # it starts where the tiger was
    # no blue where the ✕ is: the arrow bends round it, its head stays clear
    assert count(img, LAYOUT[over], round(art.CROSS_REACH / 1.5), art.LAST[:3], tol=40) == 0
    bend = goat_tiger._leap_bend(src, dst, over)
    path = art.arrow_path(goat_tiger.POS[src], goat_tiger.POS[dst], bend)
    x, y = path[len(path) // 4]
    assert count(img, (round(x), round(y)), 3, art.LAST[:3]) > 5  # the shaft runs the curve


def test_captured_goat_point_is_crossed_out():
    view = VIEWS["mid"]
    over = view["last"]["over"]
    img = decode(png(view))
    red = art.CAPTURE[:3]
    assert count(img, LAYOUT[over], 16, red) > 60
    assert count(decode(png(_without_last(view))), LAYOUT[over], 16, red) == 0


@pytest.mark.slow
def test_placement_rings_the_new_goat_without_an_arrow():
    view = VIEWS["crowded"]
    assert view["last"]["from"] is None
    dst = view["last"]["to"]
    img, bare = decode(png(view)), decode(png(_without_last(view)))
    assert count(img, LAYOUT[dst], goat_tiger.PIECE_R + 12, art.LAST[:3]) > 100
    changed = differs(img, bare, (0, goat_tiger.HEADER_H, goat_tiger.WIDTH, goat_tiger.HEIGHT))
    ring_area = differs(img, bare, around(dst, goat_tiger.PIECE_R + 14))
    assert changed == ring_area  # nothing else on the board changed


def test_selected_piece_is_ringed():
    view = VIEWS["selected"]
    sel = view["selected"]
    img, plain = decode(png(view)), decode(png({**view, "selected": None}))
    assert differs(img, plain, around(sel, goat_tiger.PIECE_R + 14)) > 100
    assert count(img, LAYOUT[sel], goat_tiger.PIECE_R + 12, art.SELECT[:3]) > 60


# --- header and panels ----------------------------------------------------------------------

W = goat_tiger.WIDTH
HEADER = (0, 0, W, goat_tiger.HEADER_H)


@pytest.mark.slow
def test_finished_game_shows_a_banner_instead_of_whose_turn():
    end = VIEWS["end"]
    unfinished = {**end, "result": None, "to_move": "goats", "active": ["goats"]}
    img, playing = decode(png(end, PLAYERS)), decode(png(unfinished, PLAYERS))
    assert differs(img, playing, HEADER) > 20_000
    assert count(img, (W // 2, 10), 8, art.BANNER) > 200  # the gold band
    assert count(playing, (W // 2, 10), 8, art.FRAME) > 200


def test_draw_has_its_own_banner():
    drawn = {**VIEWS["end"], "result": {"winners": [], "scores": {}, "reason": "Drawn."}}
    img = decode(png(drawn))
    assert count(img, (W // 2, 10), 8, art.BANNER_DRAW) > 200


@pytest.mark.slow
def test_header_names_the_player_to_move():
    view = VIEWS["mid"]
    named, anonymous = decode(png(view, PLAYERS)), decode(png(view))
    assert differs(named, anonymous, (0, 0, W, 70)) > 300
    other = decode(png(view, {"goats": "someone else entirely", "tigers": "x"}))
    assert differs(named, other, (0, 0, W, 70)) > 300


def test_long_or_odd_player_names_do_not_break_the_picture():
    names = {"goats": "A" * 300, "tigers": "tab\tand\nnewline 🐅"}
    for view in (VIEWS["mid"], VIEWS["end"]):
        img = decode(png(view, names))
        assert img.size == (goat_tiger.WIDTH, goat_tiger.HEIGHT)


def test_goats_left_to_place_and_captures_are_shown():
    view = VIEWS["mid"]
    img = decode(png(view))
    fewer = decode(png({**view, "in_hand": 9}))
    assert differs(img, fewer, goat_tiger.SUPPLY_BOX) > 50
    more = decode(png({**view, "captured": view["captured"] + 1}))
    slot = goat_tiger.slot_centres()[view["captured"]]  # the next empty slot fills
    slot_box = around_xy(slot, goat_tiger.SLOT_R)
    assert differs(img, more, slot_box) > 100
    assert count(more, (round(slot[0]), round(slot[1])), 10, art.CAPTURE[:3]) > 10


def around_xy(c: tuple[float, float], r: int) -> tuple[int, int, int, int]:
    x, y = round(c[0]), round(c[1])
    return (x - r, y - r, x + r + 1, y + r + 1)


@pytest.mark.slow
def test_the_last_move_is_in_the_header_and_the_move_count_in_the_status_text():
    view = VIEWS["mid"]
    img, later = decode(png(view)), decode(png({**view, "move": view["move"] + 1}))
    assert differs(img, later, (0, 0, W, goat_tiger.HEIGHT)) == 0
    other = {**view, "last": {**view["last"], "from": "b6", "to": "d6", "over": "c6"}}
    assert differs(img, decode(png(other)), (0, 70, W, goat_tiger.HEADER_H)) > 20
    assert "28 moves played" in renderer.status("goat_tiger", view, PLAYERS)


def test_a_key_names_every_symbol():
    with common.recording() as drawn:
        png(VIEWS["start"])
    said = {d.text for d in drawn}
    assert {"Goat", "Tiger", "last move", "goat taken", "picked up"} <= said


# --- robustness ---------------------------------------------------------------------------


def _clear_caches() -> None:
    for fn in (
        common.font,
        goat_tiger._keyless,
        goat_tiger._key,
        goat_tiger._leap_bend,
        goat_tiger.palette,
        goat_tiger._label_sprites,
        art.piece_sprite,
        art.ring_sprite,
        art.cross_sprite,
        art.captured_sprite,
        art.arrow_sprite,
    ):
        fn.cache_clear()


def test_a_minimal_view_renders():
    """Only the fields the renderer needs; missing extras must not crash it."""
    img = decode(png({"board": {"a": "tiger"}, "to_move": "tigers", "result": None}))
    assert img.size == (goat_tiger.WIDTH, goat_tiger.HEIGHT)


@pytest.mark.parametrize("since", [False, True], ids=["last move", "since"])
def test_the_board_kept_apart_from_its_key_is_the_backdrop_drawn_whole(since):
    """One empty board is kept for both pictures, and each pastes its key's rows on a copy:
    pixel for pixel the backdrop drawn in one go, with the same texts noted."""
    with common.recording() as drawn:
        whole = goat_tiger._draw_carved()
        goat_tiger._draw_panels(whole)
        goat_tiger._draw_key(whole, since)
    with common.recording() as replayed:
        img, notes = goat_tiger._backdrop(since)
        for n in notes:
            common.note(n.text, n.px, n.box, info=n.info)
    assert img.tobytes() == whole.tobytes()
    assert replayed == drawn
