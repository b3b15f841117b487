"""The Maharaja picture on a phone, over many positions of random play (battles under
way, armies on the move, big stacks, leaders, arms, submissions, alliances): every
information text 11 px or more, every name 12 px, every marker (chip, badge, factory,
peak) 10 px across, when the picture is shown 400 px wide, none cut at the
edge or overlapping another; every area's name clear of every piece; boxes that widen
for their chips stay clear of each other, of the key and of the map's edge; the PNG
under 400 KB."""

from __future__ import annotations

import io
import random
from itertools import combinations

import pytest
from PIL import Image

from engine.games.maharaja import data
from engine.games.maharaja import rules as R
from renderer.common import (
    PHONE_INFO_FLOOR_PX,
    PHONE_MARKER_FLOOR_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    recording,
)
from renderer.maharaja import board as P
from renderer.maharaja import map as M
from renderer.maharaja import pieces as pieces
from renderer.maharaja.style import GOLD
from tests.engine.maharaja.play import random_step

NAMES = {r: "n" * 32 for r in data.ROLES}  # the longest display names


def positions(seed: int, options: dict, every: int) -> list[dict]:
    """Every ``every``-th position of a random game, and its last."""
    rng = random.Random(seed)
    state = R.setup(seed, options)
    out, step = [], 0
    while not state["result"]:
        state = random_step(state, rng)
        step += 1
        if step % every == 0:
            out.append(R.view(state, None))
    return [*out, R.view(state, None)]


def _meet(a, b, gap: float = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and inner[2] <= outer[2] and outer[1] <= inner[1] \
        and inner[3] <= outer[3]


def check(view: dict) -> None:
    with recording() as drawn:
        png = P.render(view, players=NAMES)
    assert len(png) <= 400_000
    info = [d for d in drawn if d.info]
    at = PHONE_WIDTH / P.WIDTH
    assert [d.text for d in info if d.px * at < PHONE_INFO_FLOOR_PX] == []
    names = set(data.NAMES.values())
    assert [d.text for d in info if d.text in names and d.px * at < PHONE_NAME_FLOOR_PX] == []
    markers = [d for d in drawn if d.marker]
    assert markers and [d.text for d in markers if d.px * at < PHONE_MARKER_FLOOR_PX] == []
    assert [d.text for d in info if not _inside(d.box, (0, 0, P.WIDTH, P.HEIGHT))] == []
    assert [(a.text, b.text) for a, b in combinations(info, 2)
            if _meet(a.box, (b.box[0] + 1, b.box[1] + 1, b.box[2] - 1, b.box[3] - 1))] == []

    placed = {p.place: p for p in pieces.layout_pieces(view)}
    boxes = {p: placed[p].box if p in placed else M.box(p)
             for p in data.LAND + list(data.OFFMAP)}
    chips = [(x, y, x + c.width, y + c.height) for p in placed.values() for c, x, y in p.chips]
    seas = [(x, y, x + c.width, y + M.CHIP_H) for s in data.SEAS
            for c, x, y in pieces.place_sea(view, s)]
    houses = [b for p in placed.values() for b in p.piece_boxes()[len(p.chips):]]
    for place, b in boxes.items():
        assert _inside(b, M.MAP) and not _meet(b, M.KEY), place
        name = M.name_box(place, b)
        assert not any(_meet(name, c) for c in chips + seas + houses), f"{place}'s name"
        if place in placed:  # a grown box covers its own and holds every piece
            assert _inside(M.box(place), b) and all(
                _inside(c, b) for c in placed[place].piece_boxes()), place
    for a, b in combinations(boxes, 2):
        if a in placed or b in placed:  # a box grown for its chips
            assert not _meet(boxes[a], boxes[b], 2), (a, b)
    for c in seas:
        assert _inside(c, M.MAP) and not _meet(c, M.KEY), "a sea's chip"
        assert not any(_meet(c, b) for b in boxes.values()), "a sea's chip"


@pytest.mark.slow
def test_positions_of_a_random_game_read_on_a_phone():
    for view in positions(1, {"players": 4}, every=60):
        check(view)


@pytest.mark.soak  # test_positions_of_a_random_game_read_on_a_phone samples every run
@pytest.mark.parametrize("seed,options", [(2, {"players": 3}), (3, {"players": 5}),
                                          (4, {"length": "short"}), (5, {"players": 4})])
def test_many_positions_of_random_games_read_on_a_phone(seed, options):
    for view in positions(seed, options, every=7):
        check(view)


def test_a_crowded_sea_and_a_crowded_area_stay_inside_the_picture():
    """The tester's "Po 3" was cut at the left edge: a sea's chips keep inside the map,
    and an area with two big armies and every badge widens or takes a second row."""
    view = R.view(R.setup(1, {}), None)
    view["armies"] = {"arabian": {"portuguese": 3, "british": 12, "dutch": 13},
                      "ocean": {"french": 3, "british": 14},
                      "malabar": {"mughals": 22, "marathas": 12},
                      "delhi": {"mughals": 12, "rajputs": 10}}
    view["leaders"] = {"akbar": "delhi", "sanga": "delhi", "shivaji": "malabar"}
    view["arms"] = {"dutch": {"nation": "rajputs", "active": True},
                    "french": {"nation": "marathas", "active": True}}
    view["submitted"] = {"rajputs": {"to": "mughals", "where": ["north"], "turn": 1}}
    view["allies"] = ["marathas"]
    view["battle"] = {"place": "delhi", "att": "mughals", "def": "rajputs"}
    view["factories"] = {"malabar": "portuguese"}
    check(view)
    delhi = pieces.place_area(view, "delhi")
    assert delhi.grown and len(delhi.chips) == 2


def test_crowded_seas_wrap_their_chips_clear_of_the_coast_and_a_sea_battle_frames_them():
    """Three fleets in the Bay of Bengal (one with two badges), three in the Arabian Sea
    (fighting there): each sea's chips wrap into rows that keep off Mysore, Kerala,
    Golconda and the key, and the battle's gold frame holds the sea's name and every
    chip, inside the map."""
    view = R.view(R.setup(1, {}), None)
    view["armies"] = {"arabian": {"portuguese": 3, "british": 12, "dutch": 13},
                      "bay": {"portuguese": 3, "french": 12, "marathas": 4},
                      "ocean": {"french": 3, "british": 14}}
    view["arms"] = {"french": {"nation": "marathas", "active": True}}
    view["allies"] = ["marathas"]
    view["battle"] = {"place": "arabian", "att": "portuguese", "def": "dutch"}
    check(view)
    assert len({y for *_, y in pieces.place_sea(view, "bay")}) == 2
    im = Image.open(io.BytesIO(P.render(view, players=NAMES))).convert("RGB")
    gold = [(x, y) for x in range(M.MAP[0], 200) for y in range(840, 960)
            if im.getpixel((x, y)) == GOLD]
    name = M.sea_name_xy("arabian")
    half = M.name_font().getlength(data.NAMES["arabian"]) / 2
    chips = pieces.place_sea(view, "arabian")
    assert min(x for x, _ in gold) < min(name[0] - half, *(x for _, x, _ in chips))
    assert max(y for _, y in gold) > max(y for *_, y in chips) + M.CHIP_H


def test_two_neighbours_too_narrow_for_their_badged_chips_both_stay_clear():
    """Punjab and Lahore each hold one army whose chip, with two badges, is wider than its
    box, between Baluchistan and Ladakh, which leave too little room for both to widen (a
    soak case): the boxes stay clear of each other and of every neighbour, every badge
    still shown at the phone floor."""
    view = R.view(R.setup(1, {}), None)
    view["armies"] = {"punjab": {"muslims": 1}, "lahore": {"sikhs": 1},
                      "ladakh": {"rajputs": 2}}
    view["leaders"] = {}
    view["submitted"] = {"muslims": {"to": "cholas", "where": ["south"], "turn": 14},
                         "sikhs": {"to": "cholas", "where": ["north"], "turn": 14}}
    view["allies"] = ["muslims", "sikhs"]
    check(view)
    with recording() as drawn:
        P.render(view, players=NAMES)
    badges = sorted(d.text for d in drawn if d.marker and ": " in d.text
                    and d.text.split(": ")[0] in ("submitted", "ally")
                    and not d.text.startswith("map key"))
    assert badges == ["ally: Muslims", "ally: Sikhs", "submitted: Muslims",
                      "submitted: Sikhs"]
    chips = {d.text.split(": ")[1]: d.box for d in drawn if d.text.startswith("chip: ")}
    assert all(_inside(d.box, chips[d.text.split(": ")[1]]) for d in drawn
               if d.marker and d.text.split(": ")[0] in ("submitted", "ally"))
