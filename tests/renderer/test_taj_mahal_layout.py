"""Where the Taj Mahal picture puts things (renderer/taj_mahal/map.py): palaces on their
cities and off the roads, names beside their own province and clear of everything else,
and, over many positions of random and computer play, every word legible at 400 px wide,
inside the picture, apart from every other word and off every piece."""

from __future__ import annotations

import io
import math
import random
from itertools import combinations

import pytest
from PIL import Image

from engine import games
from engine.games.taj_mahal import data
from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, recording
from renderer.taj_mahal import board as R
from renderer.taj_mahal import map as geo
from renderer.taj_mahal.style import PLAYER
from tools import arena

TM = games.get("taj_mahal")
# The ring's outline, drawn inside its radius; a road's half width, with a pixel to spare.
RING_EDGE = 2.0
ROAD_HALF = geo.ROAD_W / 2 + 1


def _palaces() -> list[tuple[str, float, float, float]]:
    """Every palace a city can hold, as (city, x, y, radius)."""
    out = []
    for cid, (x, y) in geo.CITY_XY.items():
        for n in (1, 2):
            out += [(cid, x + dx, y + dy, r) for dx, dy, r in geo.palace_spots(n)]
    return out


def test_every_palace_lies_within_its_citys_ring_and_off_every_road():
    """Reproduced: palaces were drawn beside their city, one on a Gujarat road, one
    outside Malwa's ring."""
    for cid, x, y, r in _palaces():
        cx, cy = geo.CITY_XY[cid]
        assert math.dist((x, y), (cx, cy)) + r <= geo.CITY_R - RING_EDGE, cid
        for a, b in geo.ROADS:
            assert geo.distance_to_segment((x, y), a, b) > r + ROAD_HALF, (cid, a, b)
        px, py = geo.PROVINCE_XY[data.PROVINCE_OF[cid]]
        assert math.dist((x, y), (px, py)) + r < geo.PROVINCE_R[data.PROVINCE_OF[cid]], cid


@pytest.mark.slow
def test_a_palace_is_drawn_inside_its_ring_only():
    """The pixels in a player's colour: all within the ring of a city holding their palace
    (or in the players' key under the map)."""
    view = TM.view(TM.setup(3, {"players": 5}), None)
    roles = list(view["players"])
    view["palaces"] = {c: [roles[i % 5], roles[(i + 2) % 5]] if i % 3 else [roles[i % 5]]
                       for i, c in enumerate(geo.CITY_XY)}
    view["court"] = {**view["court"], "crown_city": None}
    im = Image.open(io.BytesIO(R.render(view))).convert("RGB")
    for role in ("red", "blue", "green"):
        mine = [geo.CITY_XY[c] for c, who in view["palaces"].items() if role in who]
        colour = PLAYER[role]
        for x in range(0, im.width, 2):
            for y in range(R.HEADER_H, R.MAP_BOTTOM, 2):
                if im.getpixel((x, y)) == colour:
                    assert any(math.dist((x, y), c) < geo.CITY_R for c in mine), (role, x, y)


def test_rings_keep_apart_and_roads_clear_of_the_cities_they_do_not_join():
    for a, b in combinations(geo.CITY_XY, 2):
        assert math.dist(geo.CITY_XY[a], geo.CITY_XY[b]) > 2 * geo.CITY_R + 12, (a, b)
    for (a, b), (p, q) in zip(data.ROADS, geo.ROADS, strict=True):
        for cid, xy in geo.CITY_XY.items():
            if cid not in (a, b):
                assert geo.distance_to_segment(xy, p, q) > geo.CITY_R + ROAD_HALF + 4, (a, b, cid)


def test_names_lie_beside_their_own_province_clear_of_the_rest():
    inside = (R.MAP_BOX[0], R.MAP_BOX[1], R.MAP_BOX[2], R.MAP_BOX[3])
    for pid, box in geo.NAME_BOX.items():
        assert inside[0] <= box[0] and box[2] <= inside[2], pid
        assert inside[1] <= box[1] and box[3] <= inside[3], pid
        assert geo.overlap(box, R.BONUS_BOX) == 0, pid
        own = geo.into_disc(box, geo.PROVINCE_XY[pid], geo.PROVINCE_R[pid] + geo.NAME_GAP + 1)
        assert own > 0, f"{pid}'s name is not beside its disc"
        for q, (x, y) in geo.PROVINCE_XY.items():
            if q != pid:
                assert geo.into_disc(box, (x, y), geo.PROVINCE_R[q] + 4) == 0, (pid, q)
        for cid, xy in geo.CITY_XY.items():
            assert geo.into_disc(box, xy, geo.CITY_R + 2) == 0, (pid, cid)
    for a, b in combinations(geo.NAME_BOX.values(), 2):
        assert geo.overlap(a, b) == 0


def test_crowns_and_bonus_chips_beside_a_ring_cover_nothing():
    for cid, box in geo.CROWN_BOX.items():
        assert geo.clear_of_the_map(box), cid
    for cid, box in geo.TAG_BOX.items():
        assert geo.clear_of_the_map(box, geo.CROWN_BOX[cid]), cid


def test_crowns_and_bonus_chips_keep_out_of_the_bonus_key():
    for box in (*geo.CROWN_BOX.values(), *geo.TAG_BOX.values()):
        assert geo.overlap(box, R.BONUS_BOX) == 0


def test_a_bonus_chip_left_from_an_earlier_visit_keeps_clear_of_any_later_crown():
    """A chip stays on a fortress whose crown palace was placed in an earlier visit; the
    crown of a later visit, in another province, may sit near it."""
    for cid, box in geo.TAG_BOX.items():
        for other, crown in geo.CROWN_BOX.items():
            if data.PROVINCE_OF[other] != data.PROVINCE_OF[cid]:
                assert geo.overlap(box, crown) == 0, (cid, other)


def test_city_numbers_lie_inside_their_province_off_rings_and_roads():
    for cid, (x, y) in geo.DIGIT_XY.items():
        pid = data.PROVINCE_OF[cid]
        assert math.dist((x, y), geo.PROVINCE_XY[pid]) < geo.PROVINCE_R[pid] - 20, cid
        for other, xy in geo.CITY_XY.items():
            assert math.dist((x, y), xy) >= geo.CITY_R + geo.DIGIT_R - 4, (cid, other)
        for a, b in geo.ROADS:
            assert geo.distance_to_segment((x, y), a, b) > geo.DIGIT_R, cid
    assert geo.city_number("malwa3") == "3" and geo.city_number("agra") == ""


# --- many positions -------------------------------------------------------------------------


def _positions(seed: int, players: int, every: int) -> list[dict]:
    """Every ``every``-th position of a game: random players in some seats, the computer
    in the others."""
    g = TM
    state = g.setup(seed, {"players": players})
    rnd = arena.random_player(g, random.Random(seed))
    # by seat, not hash(): a str hash differs from process to process
    seats = {r: rnd for i, r in enumerate(g.ROLES[: players]) if (i + seed) % 2 == 0}
    out = [g.view(state, None)]
    for i, (_role, _steps, after) in enumerate(arena.turns(g, state, seats,
                                                           arena.computer(g))):
        if i % every == 0:
            out.append(g.view(after, None))
        state = after
    out.append(g.view(state, None))
    return out


def _on_a_piece(box, view: dict) -> bool:
    """Whether a text's box covers a piece: a palace (its city's ring) or the crown."""
    if any(geo.into_disc(box, geo.CITY_XY[cid], geo.CITY_R) > 0
           for cid, owners in (view.get("palaces") or {}).items() if owners):
        return True
    crown = (view.get("court") or {}).get("crown_city")
    return bool(crown) and geo.overlap(box, geo.CROWN_BOX[crown]) > 0


def _inner(box):
    """A text's box less its side bearings: the ink, near enough."""
    x0, y0, x1, y1 = box
    return (x0 + 1, y0 + 1, x1 - 1, y1 - 1)


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
@pytest.mark.slow
def test_random_positions_read_on_a_phone(seed, players):
    names = {"red": "a very long display name indeed", "blue": "Meena", "green": None,
             "yellow": "Computer", "black": "ravi"}
    for view in _positions(seed, players, every=9):
        with recording() as drawn:
            png = R.render(view, names)
        im = Image.open(io.BytesIO(png))
        assert im.width == 800 and len(png) <= 400_000
        info = [d for d in drawn if d.info]
        assert {d.text for d in info} >= {data.PROVINCE_NAMES["agra"], "3"}
        small = [d.text for d in info if d.px * PHONE_WIDTH / im.width < PHONE_MIN_PX]
        assert small == []
        cut = [d.text for d in info if d.box[0] < 0 or d.box[1] < 0
               or d.box[2] > im.width or d.box[3] > im.height]
        assert cut == []
        clash = [(a.text, b.text) for a, b in combinations(info, 2)
                 if geo.overlap(_inner(a.box), _inner(b.box)) > 0]
        assert clash == [], view["move"]
        on = [d.text for d in info if _on_a_piece(_inner(d.box), view)]
        assert on == [], view["move"]
